"""The rules the replay applies, one event at a time (``docs/magnanimous-log.md``).

`step` checks one event against a `Table` and applies it in place, or raises
`LogInvalid` with the path of what broke a rule. Section numbers (play §N) are
those of the rules digest; A1–A34 are its ambiguities, read as the log's
``rulings`` say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NoReturn

from play.errors import LogInvalid, invalid, invalid_count
from play.magnanimous import messages as m
from play.magnanimous.table import (
    GOODS,
    HAND_SIZE,
    IMPERIAL_LIMIT,
    QUADRANTS,
    SLOT_GOOD,
    Table,
)
from play.magnanimous.types import (
    CROWNS,
    IMPERIAL,
    NOBILITY_TOP,
    PARAGUAY,
    PORT,
    RIO,
    SHIPS_PER_PLAYER,
    TITLE_MONEY,
    TITLE_RANK,
    Abandon,
    Adjust,
    Auction,
    CardKind,
    Effect,
    Ending,
    EndRound,
    Event,
    Expects,
    Govern,
    Improvement,
    Joiner,
    Keep,
    Minister,
    Mode,
    NoblesAction,
    NoblesFields,
    Offensive,
    OpenReferendum,
    Party,
    PendingAuction,
    PendingMinister,
    Phase,
    Place,
    ProductionOptions,
    Quadrant,
    Reveal,
    ShipMove,
    Status,
    Take,
    Tiebreak,
    Track,
    TrainMove,
    Undo,
    Vote,
    title_of,
)
from play.magnanimous.war import (
    attack_power,
    defence,
    defenders,
    finish,
    liberate,
    occupy,
)
from scoring.shape import child

GOVERN_EFFECTS: Final = ("train", "troops", "ship", "party", "track", "liberate")
REPUBLIC_PHASE_STEPS: Final = 3
GOODS_LIMIT: Final = 4
DEPUTIES_LIMIT: Final = 4
COMMERCE_SPACE_LIMIT: Final = 5
# play §9.2: the Nobles actions inside each quadrant (the blue pairing is [inferred]).
NOBLES_ACTIONS: Final = {
    **dict.fromkeys(
        (Quadrant.COTTON, Quadrant.SUGAR, Quadrant.LEATHER, Quadrant.COFFEE),
        (NoblesAction.TRAIN, NoblesAction.SELL),
    ),
    Quadrant.RECRUIT: (NoblesAction.TROOPS, NoblesAction.ATTACK),
    Quadrant.IMPROVEMENT: (NoblesAction.DISCARD,),
    Quadrant.DEPUTY: (NoblesAction.THRONE,),
    Quadrant.SHIP: (NoblesAction.EXPORT, NoblesAction.SAIL),
}


def fail(path: str, template: str, **params: str | int) -> NoReturn:
    raise invalid(path, template, **params)


def path_of(event: Event) -> str:
    return f"events[{event.index}]"


_SLOT_BASE: Final = {quadrant: index * 2 for index, quadrant in enumerate(QUADRANTS)}
_QUADRANT_GOOD: Final = {quadrant: quadrant.good for quadrant in QUADRANTS}


def slot(quadrant: Quadrant, space: int) -> int:
    return _SLOT_BASE[quadrant] + space


# ---------------------------------------------------------------------------
# Entry point.


def step(table: Table, event: Event) -> None:
    """Check ``event`` against ``table`` and apply it; raise `LogInvalid` if it breaks a rule.

    ``undo`` is the replay's business (it needs the state before); here it
    only fails when nothing can be undone.
    """
    path = f"events[{event.index}]"
    cls = type(event)
    if table.status is not Status.PLAYING or cls is Undo:
        if table.status is Status.ABANDONED:
            fail(path, m.GAME_ABANDONED)
        if cls is Undo:
            fail(path, m.NOTHING_TO_UNDO)
        fail(path, m.GAME_OVER)
    table.last = event.index
    if cls is Abandon:
        table.status = Status.ABANDONED
        table.seat = None
        table.expects = None
        return
    if table.pending:
        due = table.pending[0]
        if not isinstance(event, Minister):
            fail(
                child(path, "type"),
                m.MINISTER_FIRST,
                player=table.name(due.seat),
                space=due.space,
            )
        _minister(table, event, path)
        return
    if isinstance(event, Minister):
        fail(
            child(path, "type"),
            m.MINISTER_NOT_DUE,
            player=table.name(event.seat),
            space=event.space,
        )
    if isinstance(event, Effect):
        _effect(table, event, path)
        return
    if isinstance(event, Adjust):
        _adjust(table, event)
        return
    expects = table.expects
    if expects is None or cls not in _ALLOWED[expects]:
        _wrong_event(table, event, path)
    if cls in _TURN_EVENTS and event.seat != table.seat:  # type: ignore[union-attr]
        assert table.seat is not None
        fail(
            path,
            m.NOT_YOUR_TURN,
            current=table.name(table.seat),
            given=table.name(event.seat),  # type: ignore[union-attr]
        )
    _HANDLERS[cls](table, event, path)


def _wrong_event(table: Table, event: Event, path: str) -> NoReturn:
    expects = table.expects
    kind = _KIND[type(event)]
    if expects is Expects.GOVERN:
        assert table.seat is not None
        fail(child(path, "type"), m.MUST_GOVERN, player=table.name(table.seat))
    if expects is Expects.AUCTION:
        fail(child(path, "type"), m.AUCTION_FIRST)
    if expects is Expects.VOTE:
        assert table.referendum is not None
        fail(child(path, "type"), m.VOTE_FIRST, card=table.referendum.card)
    allowed: tuple[str, ...] = (expects.value,) if expects is not None else ()
    if expects is Expects.TAKE:
        allowed = ("take", "govern")
    fail(
        child(path, "type"),
        m.EXPECTED_EVENT,
        expected=" / ".join(allowed),
        given=kind,
    )


# ---------------------------------------------------------------------------
# Tracks, with their limits and crowns.


def move_nobility(table: Table, seat: int, steps: int, index: int) -> None:
    """Move a Nobility marker within 0–20, queueing a Minister per crown reached (play §7)."""
    old = table.nobility[seat]
    new = min(max(old + steps, 0), NOBILITY_TOP)
    table.nobility[seat] = new
    for crown in CROWNS:
        if old < crown <= new:
            table.pending.append(PendingMinister(seat=seat, space=crown))
    if new == NOBILITY_TOP and old < NOBILITY_TOP:
        table.reached_20[seat] = index
    elif new < NOBILITY_TOP:
        table.reached_20[seat] = None


def move_republic(table: Table, steps: int, index: int) -> None:
    table.republic = max(table.republic + steps, 0)
    if table.republic >= NOBILITY_TOP:
        if table.republic_20_at is None:
            table.republic_20_at = index
    else:
        table.republic_20_at = None


def pay(table: Table, seat: int, cost: int, path: str, to: int | None = None) -> None:
    if table.reis[seat] < cost:
        raise invalid_count(
            path,
            m.SHORT_OF_REIS,
            "cost",
            player=table.name(seat),
            has=table.reis[seat],
            cost=cost,
        )
    table.reis[seat] -= cost
    if to is not None:
        table.reis[to] += cost


# ---------------------------------------------------------------------------
# The turn machine (play §4–§11).


def can_take(table: Table, seat: int) -> bool:
    """Whether ``seat`` has a legal Production take: a free unoccupied province that a die
    in the Action area may go on (full), or just a free province (light; A11, A12)."""
    free = [
        province
        for province in table.board_provinces(seat)
        if province not in table.province_die and province not in table.occupied
    ]
    if not free:
        return False
    if not table.log.full:
        return True
    goods = {province.partition(":")[2] for province in free}
    dice = table.dice
    for index, good in enumerate(SLOT_GOOD):
        if dice[index] is not None and (good is None or good in goods):
            return True
    return False


def can_place(table: Table, seat: int) -> bool:
    """Whether ``seat`` has a die on an unoccupied province and (full) a free space for it."""
    if table.log.full and None not in table.dice:
        return False
    return any(
        province in table.province_die and province not in table.occupied
        for province in table.board_provinces(seat)
    )


def start_round(table: Table) -> None:
    if table.round > 1 and table.throne_pile > 0:
        table.phase = Phase.EMPEROR
        table.seat = table.governor
        table.expects = Expects.REVEAL
    else:
        start_production(table)


def start_production(table: Table) -> None:
    table.phase = Phase.PRODUCTION
    table.governed = False
    advance_production(table, table.governor)


def advance_production(table: Table, first: int) -> None:
    """Give the turn to the first player from ``first`` clockwise who can take a die."""
    for step_ in range(table.count):
        seat = (first + step_) % table.count
        if can_take(table, seat):
            table.seat = seat
            table.expects = Expects.TAKE
            return
    if not table.governed:
        # play §6.1: the player to the Governor's left must take the card now.
        table.seat = table.next_seat(table.governor)
        table.expects = Expects.GOVERN
        return
    table.phase = Phase.OFFENSIVES
    # play §8.1: the purple die comes back with +1, 6 becoming 1.
    table.die = table.die % 6 + 1
    table.die_on_card = False
    table.seat = table.governor
    table.expects = Expects.OFFENSIVE


def start_nobles(table: Table, index: int) -> None:
    table.phase = Phase.NOBLES
    advance_nobles(table, table.governor, index)


def advance_nobles(table: Table, first: int, index: int) -> None:
    for step_ in range(table.count):
        seat = (first + step_) % table.count
        if can_place(table, seat):
            table.seat = seat
            table.expects = Expects.PLACE
            return
    # play §10: the Republic phase, then the end of the round waits for the table.
    move_republic(table, REPUBLIC_PHASE_STEPS, index)
    table.phase = Phase.END_OF_ROUND
    table.seat = table.governor
    table.expects = Expects.END_ROUND


def continue_emperor(table: Table) -> None:
    table.referendum = None
    table.auction = None
    if table.throne_pile > 0:
        table.seat = table.governor
        table.expects = Expects.REVEAL
    else:
        start_production(table)


# ---------------------------------------------------------------------------
# Emperor phase (play §5).


def _reveal(table: Table, event: Reveal, path: str) -> None:
    table.throne_pile -= 1
    table.revealed += 1
    if event.kind is CardKind.EVENT:
        move_republic(table, event.republic, event.index)
        table.events_in_play.append(event.card)
        continue_emperor(table)
        return
    assert event.party is not None
    table.referendum = OpenReferendum(
        card=event.card,
        party=event.party,
        republic=event.republic,
        nobility=event.nobility,
        min_title=event.min_title,
    )
    table.expects = Expects.VOTE


def _vote(table: Table, event: Vote, path: str) -> None:
    referendum = table.referendum
    assert referendum is not None
    here = child(path, "votes")
    full = table.log.full
    seen: set[int] = set()
    totals_for = [0] * table.count
    total_for = total_against = 0
    for ballot in event.ballots:
        seat = ballot.seat
        name = table.name(seat)
        where = child(here, name)
        if seat in seen:
            fail(where, m.PLAYER_TWICE, player=name)
        seen.add(seat)
        cast = ballot.for_.total + ballot.against.total
        if (
            referendum.min_title is not None
            and cast
            and TITLE_RANK[title_of(table.nobility[seat])]
            < TITLE_RANK[referendum.min_title]
        ):
            fail(where, m.BELOW_TITLE, player=name, title=referendum.min_title.value)
        for side, parts, party in (
            ("for", ballot.for_, referendum.party),
            ("against", ballot.against, referendum.party.other),
        ):
            if parts.ministers:
                held = table.ministers[seat].get(party)
                if held is None:
                    fail(
                        child(child(where, side), "ministers"),
                        m.NO_MINISTER,
                        player=name,
                        party=party.value,
                    )
                if parts.ministers != held:
                    fail(
                        child(child(where, side), "ministers"),
                        m.MINISTER_VOTES,
                        player=name,
                        party=party.value,
                        votes=held,
                        given=parts.ministers,
                    )
            if full and parts.deputies > table.deputies[seat][party]:
                fail(
                    child(child(where, side), "deputies"),
                    m.DEPUTIES_SHORT,
                    player=name,
                    party=party.value,
                    has=table.deputies[seat][party],
                    given=parts.deputies,
                )
        cards = ballot.for_.cards + ballot.against.cards
        if cards > table.hand[seat]:
            raise invalid_count(
                where,
                m.HAND_SHORT,
                "has",
                player=name,
                has=table.hand[seat],
                given=cards,
            )
        table.hand[seat] -= cards
        table.discard_pile += cards
        if full:
            table.deputies[seat][referendum.party] -= ballot.for_.deputies
            table.deputies[seat][referendum.party.other] -= ballot.against.deputies
        totals_for[seat] = ballot.for_.total
        total_for += ballot.for_.total
        total_against += ballot.against.total
    # play §5.4 step 4 and A9: never approved without a vote in favour.
    approved = total_for > 0 and (
        total_for > total_against
        or (total_for == total_against and table.log.rulings.referendum_tie_approved)
    )
    if not approved:
        table.discard_pile += 1
        continue_emperor(table)
        return
    top = max(totals_for)
    tied = tuple(seat for seat in table.order() if totals_for[seat] == top)
    if len(tied) == 1:
        _award(table, tied[0], event.index)
        return
    table.auction = PendingAuction(seats=tied)
    table.seat = tied[0]
    table.expects = Expects.AUCTION


def _award(table: Table, seat: int, index: int) -> None:
    referendum = table.referendum
    assert referendum is not None
    move_nobility(table, seat, 1 + referendum.nobility, index)
    move_republic(table, referendum.republic, index)
    table.referendums[seat] += 1
    continue_emperor(table)


def _auction(table: Table, event: Auction, path: str) -> None:
    auction = table.auction
    assert auction is not None
    if event.winner not in auction.seats:
        fail(
            child(path, "winner"),
            m.AUCTION_WINNER,
            players=", ".join(table.name(seat) for seat in auction.seats),
        )
    if table.log.full:
        pay(table, event.winner, event.paid, child(path, "paid"))
    _award(table, event.winner, event.index)


def _minister(table: Table, event: Minister, path: str) -> None:
    due = table.pending[0]
    if event.seat != due.seat:
        fail(
            child(path, "player"),
            m.MINISTER_FIRST,
            player=table.name(due.seat),
            space=due.space,
        )
    if event.space != due.space:
        fail(
            child(path, "space"),
            m.MINISTER_FIRST,
            player=table.name(due.seat),
            space=due.space,
        )
    held = table.ministers[event.seat]
    if event.keep is Keep.OLD and event.party not in held:
        fail(
            child(path, "keep"),
            m.KEEP_OLD_WITHOUT,
            player=table.name(event.seat),
            party=event.party.value,
        )
    table.pending.pop(0)
    if event.keep is Keep.NONE:
        return
    if event.keep is Keep.NEW:
        if event.party in held:
            table.ministers_discard += 1
        held[event.party] = event.votes
    else:
        table.ministers_discard += 1
    # play §7: the crown is refilled; an empty pile is the discarded ministers reshuffled.
    if table.ministers_pile == 0:
        table.ministers_pile = table.ministers_discard
        table.ministers_discard = 0
    if table.ministers_pile:
        table.ministers_pile -= 1


# ---------------------------------------------------------------------------
# Production phase (play §6).


def _check_own_free(
    table: Table, seat: int, province: str, path: str, *, die_free: bool
) -> None:
    if table.owner(province) != seat or not table.is_board_province(province):
        fail(path, m.NOT_YOUR_PROVINCE, province=province, player=table.name(seat))
    if province in table.occupied:
        fail(path, m.PROVINCE_OCCUPIED, province=province)
    if die_free and province in table.province_die:
        fail(path, m.PROVINCE_HAS_DIE, province=province)


def _take(table: Table, event: Take, path: str) -> None:
    seat = event.seat
    province = event.province
    _check_own_free(table, seat, province, child(path, "province"), die_free=True)
    full = table.log.full
    if not full:
        table.province_die[province] = 0
        advance_production(table, table.next_seat(seat))
        return
    assert event.quadrant is not None
    assert event.space is not None
    quadrant = event.quadrant
    index = slot(quadrant, event.space)
    value = table.dice[index]
    if value is None:
        fail(
            child(path, "space"),
            m.NO_DIE_THERE,
            quadrant=quadrant.value,
            space=event.space,
        )
    good = _QUADRANT_GOOD[quadrant]
    if good is not None:
        expected = f"{table.colour(seat).value}:{good.value}"
        if province != expected:
            fail(
                child(path, "quadrant"),
                m.GOODS_QUADRANT,
                good=good.value,
                expected=expected,
                given=province,
            )
    table.dice[index] = None
    table.province_die[province] = value
    mode = event.mode
    if event.joiners and mode not in (Mode.PRECISE, Mode.SOLD):
        fail(child(path, "joiners"), m.JOINERS_ONLY)
    if mode is Mode.ACT:
        pay(table, seat, value, child(path, "reis"))
        produce(table, seat, quadrant, province, event.options, path)
    elif mode is Mode.PRECISE:
        produce(table, seat, quadrant, province, event.options, path)
    for position, joiner in _joiners_in_order(table, seat, event.joiners, mode):
        del position
        where = joiner.path
        joined = _joiner_province(table, joiner, quadrant, where)
        pay(
            table,
            joiner.seat,
            value,
            child(where, "reis"),
            to=seat if mode is Mode.SOLD else None,
        )
        produce(table, joiner.seat, quadrant, joined, joiner.options, where)
    advance_production(table, table.next_seat(seat))


def _joiners_in_order(
    table: Table,
    seat: int,
    joiners: tuple[Joiner, ...] | tuple[object, ...],
    mode: Mode,
) -> list[tuple[int, Joiner]]:
    """Check that joiners are distinct others in seat order from the actor's left."""
    result: list[tuple[int, Joiner]] = []
    last = 0
    for position, joiner in enumerate(joiners):
        assert isinstance(joiner, Joiner)
        where = child(joiner.path, "player")
        if joiner.seat == seat:
            fail(where, m.JOINER_SELF, player=table.name(seat))
        distance = (joiner.seat - seat) % table.count
        if distance <= last:
            fail(where, m.JOINER_ORDER)
        if (
            mode is Mode.SOLD
            and position > 0
            and table.log.rulings.sold_first_buyer_only
        ):
            fail(where, m.ONE_BUYER)
        last = distance
        result.append((position, joiner))
    return result


def _joiner_province(
    table: Table, joiner: Joiner, quadrant: Quadrant, path: str
) -> str:
    good = quadrant.good
    seat = joiner.seat
    if good is not None:
        expected = f"{table.colour(seat).value}:{good.value}"
        if joiner.province is not None and joiner.province != expected:
            fail(
                child(path, "province"),
                m.GOODS_QUADRANT,
                good=good.value,
                expected=expected,
                given=joiner.province,
            )
        province = expected
    elif joiner.province is None:
        fail(child(path, "province"), m.OPTION_MISSING, field="province")
    else:
        province = joiner.province
    # A19: a joiner places no die; the province must be theirs and unoccupied.
    _check_own_free(table, seat, province, child(path, "province"), die_free=False)
    return province


def produce(
    table: Table,
    seat: int,
    quadrant: Quadrant,
    province: str,
    options: ProductionOptions,
    path: str,
) -> None:
    """Carry out a Production action for ``seat`` on ``province`` (play §6.2), with its room checks."""
    good = _QUADRANT_GOOD[quadrant]
    name = table.name(seat)
    if good is not None:
        if table.transit[province]:
            fail(child(path, "province"), m.IN_TRANSIT, province=province)
        limit = GOODS_LIMIT + (table.improvement.get(province) is Improvement.WAREHOUSE)
        has = table.goods[province]
        if has >= limit:
            fail(
                child(path, "province"),
                m.GOODS_FULL,
                province=province,
                has=has,
                limit=limit,
            )
        table.goods[province] = has + 1
        # A18: the Machinery's extra token, when it fits.
        if (
            table.improvement.get(province) is Improvement.MACHINERY
            and has + 2 <= limit
        ):
            table.goods[province] = has + 2
        return
    if quadrant is Quadrant.RECRUIT:
        target = options.troop_to or province
        if target == IMPERIAL:
            if table.imperial >= IMPERIAL_LIMIT:
                fail(child(path, "troop_to"), m.IMPERIAL_FULL, has=table.imperial)
            table.imperial += 1
            return
        if target != province:
            if not table.log.rulings.recruit_any_province:
                fail(child(path, "troop_to"), m.TROOP_PROVINCE, province=province)
            _check_own_free(
                table, seat, target, child(path, "troop_to"), die_free=False
            )
        add_troops(table, target, 1, child(path, "troop_to"))
        return
    if quadrant is Quadrant.IMPROVEMENT:
        tile = options.improvement
        if tile is None:
            fail(child(path, "improvement"), m.OPTION_MISSING, field="improvement")
        if tile not in table.display:
            fail(child(path, "improvement"), m.NOT_DISPLAYED, improvement=tile.value)
        if province in table.improvement:
            fail(child(path, "improvement"), m.HAS_IMPROVEMENT, province=province)
        table.display.remove(tile)
        table.improvement[province] = tile
        return
    if quadrant is Quadrant.DEPUTY:
        party = options.party
        if party is None:
            fail(child(path, "party"), m.OPTION_MISSING, field="party")
        add_deputy(table, seat, party, child(path, "party"))
        return
    ship_to = options.ship_to or PORT
    if table.ships_port[seat] + table.ships_rio[seat] >= SHIPS_PER_PLAYER:
        fail(child(path, "ship_to"), m.SHIPS_FULL, player=name)
    if ship_to == RIO:
        if table.governor != seat:
            fail(child(path, "ship_to"), m.RIO_SHIP_GOVERNOR)
        table.ships_rio[seat] += 1
    else:
        table.ships_port[seat] += 1


def add_troops(table: Table, province: str, count: int, path: str) -> None:
    limit = table.log.rulings.troop_limit
    has = table.troops[province]
    if has + count > limit:
        fail(path, m.TROOPS_FULL, province=province, has=has, limit=limit)
    table.troops[province] = has + count


def add_deputy(table: Table, seat: int, party: Party, path: str) -> None:
    if table.deputies[seat][party] >= DEPUTIES_LIMIT:
        fail(path, m.DEPUTIES_FULL, player=table.name(seat), party=party.value)
    table.deputies[seat][party] += 1


def _govern(table: Table, event: Govern, path: str) -> None:
    seat = event.seat
    if table.governor == seat:
        fail(child(path, "player"), m.ALREADY_GOVERNOR, player=table.name(seat))
    if table.governed:
        fail(child(path, "player"), m.ALREADY_GOVERNED)
    value = table.die
    expected = GOVERN_EFFECTS[value - 1]
    here = child(path, "effect")
    if event.chosen is not None and event.chosen != expected:
        fail(here, m.WRONG_RIO_EFFECT, value=value, expected=expected)
    full = table.log.full
    if event.chosen is None and (full or expected in ("track", "liberate")):
        fail(child(here, expected), m.WRONG_RIO_EFFECT, value=value, expected=expected)
    title = title_of(table.nobility[seat])
    # play §6.5: the card, the purple die on it, the title money, the effect.
    table.governor = seat
    table.governed = True
    table.die_on_card = True
    if full:
        table.reis[seat] += TITLE_MONEY[title]
    where = child(here, expected)
    # An effect given as null did nothing (no train to move, no room left).
    if expected == "train" and full and event.train is not None:
        move_train(table, seat, event.train, where, entering_from=None)
    elif expected == "troops":
        given = sum(event.troops.values())
        if given > 2:
            fail(where, m.RIO_TROOPS_TWO, given=given)
        for target, count in event.troops.items():
            spot = child(where, target)
            if target == IMPERIAL:
                if table.imperial + count > IMPERIAL_LIMIT:
                    fail(spot, m.IMPERIAL_FULL, has=table.imperial)
                table.imperial += count
            elif full:
                if table.owner(target) is None or not table.is_board_province(target):
                    fail(spot, m.NOT_HERE, given=target)
                if target in table.occupied:
                    fail(spot, m.PROVINCE_OCCUPIED, province=target)
                add_troops(table, target, count, spot)
    elif expected == "ship" and full and event.ship is not None:
        _rio_ship(table, seat, event.ship, where)
    elif expected == "party" and full and event.party is not None:
        add_deputy(table, seat, event.party, where)
    elif expected == "track":
        if event.track is Track.REPUBLIC:
            move_republic(table, 1, event.index)
        else:
            move_nobility(table, seat, 1, event.index)
    elif expected == "liberate" and event.liberate is not None:
        if event.liberate not in table.occupied:
            fail(where, m.NOT_OCCUPIED, province=event.liberate)
        liberate(table, event.liberate)
    # A13: the turn passes on clockwise from the new Governor.
    advance_production(table, table.next_seat(seat))


def _rio_ship(table: Table, seat: int, move: ShipMove, path: str) -> None:
    name = table.name(seat)
    if move is ShipMove.HIRE:
        if table.ships_port[seat] + table.ships_rio[seat] >= SHIPS_PER_PLAYER:
            fail(path, m.NO_SHIP_LEFT, player=name)
        table.ships_rio[seat] += 1
    elif move is ShipMove.TO_RIO:
        if not table.ships_port[seat]:
            fail(path, m.NO_SHIP_IN_PORT, player=name)
        table.ships_port[seat] -= 1
        table.ships_rio[seat] += 1
    else:
        if not table.ships_rio[seat]:
            fail(path, m.NO_SHIP_THERE, player=name)
        table.ships_rio[seat] -= 1
        table.ships_port[seat] += 1


def move_train(
    table: Table, seat: int, move: TrainMove, path: str, *, entering_from: str | None
) -> None:
    """Bring the train in (its goods in transit) if needed, then move it (play §9.2, §6.6 effect 1)."""
    name = table.name(seat)
    train = table.train[seat]
    if train is None:
        start = move.start or entering_from
        if start is None:
            fail(child(path, "start"), m.TRAIN_NOT_IN_PLAY, player=name)
        if entering_from is not None and start != entering_from:
            fail(child(path, "start"), m.START_IS_DIE, province=entering_from)
        _check_own_free(table, seat, start, child(path, "start"), die_free=False)
        if not table.goods[start]:
            fail(child(path, "start"), m.NO_GOODS, province=start)
        table.transit[start] = table.goods[start]
        table.goods[start] = 0
        train = (start, start)
    at, carrying = train
    # play §6.2 Railway (A17): the train leaving its owner's province with a Railway moves twice.
    steps = 1 + (
        table.owner(at) == seat and table.improvement.get(at) is Improvement.RAILWAY
    )
    if not 1 <= len(move.path) <= steps:
        fail(child(path, "path"), m.PATH_LENGTH, maximum=steps, given=len(move.path))
    for i, province in enumerate(move.path):
        where = f"{child(path, 'path')}[{i}]"
        if province == PARAGUAY:
            fail(where, m.PATH_PARAGUAY)
        if province in table.occupied:
            fail(where, m.PATH_OCCUPIED, province=province)
        at = province
    if at != RIO and not at.endswith(":" + PORT):
        for other, other_train in enumerate(table.train):
            if other != seat and other_train is not None and other_train[0] == at:
                fail(
                    f"{child(path, 'path')}[{len(move.path) - 1}]",
                    m.PATH_TRAIN_THERE,
                    player=table.name(other),
                    province=at,
                )
    del name
    table.train[seat] = (at, carrying)


# ---------------------------------------------------------------------------
# Paraguay's offensives (play §8).


def _offensive(table: Table, event: Offensive, path: str) -> None:
    full = table.log.full
    rulings = table.log.rulings
    order = table.order()
    rank = {seat: position for position, seat in enumerate(order)}
    done: set[str] = set()
    source: str | None = None
    fell = False
    tried: set[str] = set()
    ranks: list[int] = []
    previous_pass: set[int] | None = None
    current_pass: list[int] = []
    for i, attack in enumerate(event.attacks):
        where = f"{child(path, 'attacks')}[{i}]"
        if table.status is Status.FINISHED:
            fail(where, m.RIO_FELL_OVER)
        if attack.source != source:
            if source is not None:
                done.add(source)
            if attack.source in done:
                fail(child(where, "source"), m.SOURCE_DONE, source=attack.source)
            if attack.source == PARAGUAY:
                if done or (source is not None):
                    fail(child(where, "source"), m.OFFENSIVE_SOURCE_FIRST)
            else:
                since = table.occupied.get(attack.source)
                if since is None:
                    fail(
                        child(where, "source"),
                        m.SOURCE_NOT_OCCUPIED,
                        source=attack.source,
                    )
                if since >= table.round:
                    fail(child(where, "source"), m.SOURCE_NEW, source=attack.source)
            source = attack.source
            fell = False
            tried = set()
            ranks = []
            previous_pass = None
            current_pass = []
        if fell:
            fail(
                where,
                m.OFFENSIVE_OVER,
                source="Paraguay" if source == PARAGUAY else str(source),
            )
        target = attack.target
        if target == PARAGUAY:
            fail(child(where, "target"), m.TARGET_NOT_ATTACKABLE)
        if not table.in_game(target):
            fail(child(where, "target"), m.NOT_HERE, given=target)
        if target in table.occupied:
            fail(child(where, "target"), m.TARGET_OCCUPIED, province=target)
        if target in tried:
            fail(child(where, "target"), m.TARGET_TWICE, source=source, province=target)
        tried.add(target)
        owner = table.owner(target)
        # play §8.3: the first player's provinces first, clockwise, uncontrolled (and Rio) last.
        position = table.count if owner is None or target == RIO else rank[owner]
        if ranks and ranks[-1] == table.count and position < table.count:
            fail(child(where, "target"), m.ORDER_UNCONTROLLED_LAST)
        if position < table.count:
            if not rulings.offensive_round_robin and ranks and position < ranks[-1]:
                fail(child(where, "target"), m.ORDER_GROUPED)
            if rulings.offensive_round_robin and full:
                if current_pass and position <= current_pass[-1]:
                    previous_pass = set(current_pass)
                    current_pass = []
                if previous_pass is not None and position not in previous_pass:
                    fail(child(where, "target"), m.ORDER_ROUND_ROBIN)
                current_pass.append(position)
        ranks.append(position)
        power = table.die
        known = full or owner is None or target == RIO
        if known:
            guard = defence(table, target)
            falls = power > guard
            if attack.fell != falls:
                fail(
                    child(where, "result"),
                    m.RESULT_FALLS if falls else m.RESULT_HOLDS,
                    power=power,
                    defence=guard,
                )
        if not attack.fell:
            if attack.lost:
                fail(child(where, "lost"), m.LOST_ONLY_FALL)
            continue
        fell = True
        if full or owner is None or target == RIO:
            lost = defenders(table, target)
            if attack.lost is not None and attack.lost != lost:
                fail(
                    child(where, "lost"),
                    m.LOST_MISMATCH,
                    province=target,
                    expected=lost,
                    given=attack.lost,
                )
        else:
            lost = attack.lost or 0
            if lost >= power:
                fail(child(where, "lost"), m.LOST_TOO_MANY, power=power, given=lost)
        occupy(table, target)
        # play §8.2 step 1: the die falls by the tokens or ships destroyed, never below 1.
        table.die = max(table.die - lost, 1)
    if table.status is Status.FINISHED:
        return
    start_nobles(table, event.index)


# ---------------------------------------------------------------------------
# Nobles phase (play §9).


def _place(table: Table, event: Place, path: str) -> None:
    seat = event.seat
    source = event.source
    name = table.name(seat)
    where_from = child(path, "from")
    if table.owner(source) != seat or not table.is_board_province(source):
        fail(where_from, m.NOT_YOUR_PROVINCE, province=source, player=name)
    if source in table.occupied:
        fail(where_from, m.DIE_BLOCKED, province=source)
    if source not in table.province_die:
        fail(where_from, m.NO_DIE_ON, province=source, player=name)
    full = table.log.full
    mode = event.mode
    value = 0
    if full:
        assert event.quadrant is not None
        assert event.space is not None
        index = slot(event.quadrant, event.space)
        if table.dice[index] is not None:
            fail(child(path, "space"), m.SPACE_TAKEN)
        # play §9.1: the die goes back with +1, 6 becoming 1.
        value = table.province_die[source] % 6 + 1
        table.dice[index] = value
        offered = NOBLES_ACTIONS[event.quadrant]
        if event.action is not NoblesAction.NONE and event.action not in offered:
            fail(
                child(path, "action"),
                m.WRONG_ACTION,
                quadrant=event.quadrant.value,
                actions=", ".join(action.value for action in offered),
                given=event.action.value,
            )
    del table.province_die[source]
    if event.again is not None and mode is not Mode.PRECISE:
        fail(child(path, "again"), m.AGAIN_ONLY_PRECISE)
    if event.joiners and mode not in (Mode.PRECISE, Mode.SOLD):
        fail(child(path, "joiners"), m.JOINERS_ONLY)
    if mode in (Mode.ACT, Mode.PRECISE):
        nobles_action(
            table, seat, event.action, event.fields, path, source, value, event.index
        )
        if event.again is not None:
            nobles_action(
                table,
                seat,
                event.action,
                event.again,
                child(path, "again"),
                source,
                value,
                event.index,
            )
    last = 0
    pays = mode is Mode.SOLD or table.log.rulings.precise_nobles_joiners_pay
    for position, joiner in enumerate(event.joiners):
        where = child(joiner.path, "player")
        if joiner.seat == seat:
            fail(where, m.JOINER_SELF, player=name)
        distance = (joiner.seat - seat) % table.count
        if distance <= last:
            fail(where, m.JOINER_ORDER)
        if (
            mode is Mode.SOLD
            and position > 0
            and table.log.rulings.sold_first_buyer_only
        ):
            fail(where, m.ONE_BUYER)
        last = distance
        offered = (
            NOBLES_ACTIONS[event.quadrant]
            if event.quadrant is not None
            else tuple(NoblesAction)
        )
        if joiner.action is not event.action and joiner.action not in offered:
            fail(child(joiner.path, "action"), m.NOT_HERE, given=joiner.action.value)
        if full and pays:
            pay(
                table,
                joiner.seat,
                value,
                child(joiner.path, "reis"),
                to=seat if mode is Mode.SOLD else None,
            )
        nobles_action(
            table,
            joiner.seat,
            joiner.action,
            joiner.fields,
            joiner.path,
            None,
            value,
            event.index,
        )
    advance_nobles(table, table.next_seat(seat), event.index)


def nobles_action(
    table: Table,
    seat: int,
    action: NoblesAction,
    fields: NoblesFields,
    path: str,
    source: str | None,
    value: int,
    index: int,
) -> None:
    """Carry out one Nobles action; ``source`` is the die's province (None for a joiner)."""
    full = table.log.full
    name = table.name(seat)
    if action is NoblesAction.TRAIN:
        if full:
            move_train(
                table,
                seat,
                TrainMove(start=fields.start, path=fields.path),
                path,
                entering_from=source,
            )
    elif action is NoblesAction.SELL:
        if full:
            _sell(table, seat, fields, path, source, value)
    elif action is NoblesAction.TROOPS:
        _troops(table, seat, fields, path)
    elif action is NoblesAction.ATTACK:
        _attack(table, seat, fields, path, index)
    elif action is NoblesAction.DISCARD:
        if table.hand[seat] < 1:
            raise invalid_count(
                path, m.HAND_SHORT, "has", player=name, has=table.hand[seat], given=1
            )
        table.hand[seat] -= 1
        table.discard_pile += 1
        move_nobility(table, seat, 1, index)
    elif action is NoblesAction.THRONE:
        if fields.cards > table.hand[seat]:
            raise invalid_count(
                child(path, "cards"),
                m.HAND_SHORT,
                "has",
                player=name,
                has=table.hand[seat],
                given=fields.cards,
            )
        table.hand[seat] -= fields.cards
        table.throne_pile += fields.cards
    elif action is NoblesAction.EXPORT:
        _export(table, seat, fields, path, index)
    elif action is NoblesAction.SAIL and full:
        if not table.ships_port[seat]:
            fail(path, m.NO_SHIP_IN_PORT, player=name)
        table.ships_port[seat] -= 1
        table.ships_rio[seat] += 1


def _sell(
    table: Table,
    seat: int,
    fields: NoblesFields,
    path: str,
    source: str | None,
    value: int,
) -> None:
    province = fields.province or source
    where = child(path, "province")
    if province is None:
        fail(where, m.OPTION_MISSING, field="province")
    if source is not None and province != source:
        fail(where, m.SELL_FROM_DIE, province=source)
    _check_own_free(table, seat, province, where, die_free=False)
    if fields.in_transit:
        if not table.transit[province]:
            fail(where, m.NOTHING_TO_SELL, province=province)
        table.transit[province] -= 1
        _drop_empty_train(table, seat)
    else:
        if not table.goods[province]:
            fail(where, m.NOTHING_TO_SELL, province=province)
        table.goods[province] -= 1
    table.reis[seat] += value


def _drop_empty_train(table: Table, seat: int) -> None:
    """play §9.2: a train whose goods are all sold or exported leaves the board."""
    train = table.train[seat]
    if train is not None and not table.transit[train[1]]:
        table.train[seat] = None


def _troops(table: Table, seat: int, fields: NoblesFields, path: str) -> None:
    full = table.log.full
    if fields.imperial is not None:
        where = child(path, "imperial")
        if table.governor != seat:
            fail(where, m.GOVERNOR_ONLY)
        province = fields.province
        if fields.imperial == "out":
            if table.imperial < 2:
                fail(where, m.IMPERIAL_KEEPS_ONE, has=table.imperial)
            if full:
                assert province is not None
                _check_own_free(
                    table, seat, province, child(path, "province"), die_free=False
                )
                add_troops(table, province, 1, child(path, "province"))
            table.imperial -= 1
        else:
            # A28: back to the area, within its limit of 5.
            if table.imperial >= IMPERIAL_LIMIT:
                fail(where, m.IMPERIAL_FULL, has=table.imperial)
            if full:
                assert province is not None
                _check_own_free(
                    table, seat, province, child(path, "province"), die_free=False
                )
                if not table.troops[province]:
                    fail(
                        child(path, "province"),
                        m.TROOPS_SHORT,
                        province=province,
                        has=0,
                        given=1,
                    )
                table.troops[province] -= 1
            table.imperial += 1
        return
    if not full or fields.move_from is None or fields.move_to is None:
        return
    where = child(path, "move")
    if fields.move_from == fields.move_to:
        fail(where, m.MOVE_SAME)
    _check_own_free(table, seat, fields.move_from, child(where, "from"), die_free=False)
    _check_own_free(table, seat, fields.move_to, child(where, "to"), die_free=False)
    has = table.troops[fields.move_from]
    if fields.move_count > has:
        fail(
            child(where, "count"),
            m.TROOPS_SHORT,
            province=fields.move_from,
            has=has,
            given=fields.move_count,
        )
    table.troops[fields.move_from] = has - fields.move_count
    add_troops(table, fields.move_to, fields.move_count, child(where, "to"))


def _attack(
    table: Table, seat: int, fields: NoblesFields, path: str, index: int
) -> None:
    full = table.log.full
    target = fields.target
    assert target is not None
    if target not in table.occupied:
        fail(child(path, "target"), m.NOT_OCCUPIED, province=target)
    origin = fields.attack_from
    count = fields.count
    where = child(path, "attack_from")
    if origin == IMPERIAL:
        if table.governor != seat:
            fail(where, m.GOVERNOR_ONLY)
        if count > table.imperial - 1:
            fail(child(path, "count"), m.IMPERIAL_KEEPS_ONE, has=table.imperial)
    elif full:
        assert origin is not None
        _check_own_free(table, seat, origin, where, die_free=False)
        has = table.troops[origin]
        if count > has:
            fail(
                child(path, "count"),
                m.TROOPS_SHORT,
                province=origin,
                has=has,
                given=count,
            )
    power = attack_power(table, origin, count)
    liberated = power > table.die
    if fields.liberated != liberated:
        fail(
            child(path, "result"),
            m.ATTACK_LIBERATES if liberated else m.ATTACK_FAILS,
            power=power,
            die=table.die,
        )
    if liberated or table.log.rulings.failed_attack_loses:
        if origin == IMPERIAL:
            table.imperial -= count
        elif full and origin is not None:
            table.troops[origin] -= count
    if liberated:
        # play §9.2 action 5: Nobility + the tokens spent (not the morale); the province is freed.
        move_nobility(table, seat, count, index)
        liberate(table, target)


def _export(
    table: Table, seat: int, fields: NoblesFields, path: str, index: int
) -> None:
    full = table.log.full
    name = table.name(seat)
    space = fields.commerce_space
    if space is not None and space > table.republic:
        fail(
            child(path, "commerce_space"),
            m.COMMERCE_BEYOND,
            space=space,
            republic=table.republic,
        )
    if full:
        assert space is not None
        train = table.train[seat]
        via_rio = fields.via == RIO
        place = RIO if via_rio else f"{table.colour(seat).value}:{PORT}"
        if via_rio and table.governor != seat:
            fail(child(path, "via"), m.RIO_EXPORT_GOVERNOR)
        if train is None or train[0] != place:
            fail(path, m.NO_TRAIN_AT_PORT, player=name, place=place)
        ships = table.ships_rio if via_rio else table.ships_port
        if not ships[seat]:
            fail(path, m.NO_SHIP_DOCKED, player=name, place=place)
        carrying = train[1]
        has = table.transit[carrying]
        if fields.tokens > has:
            fail(
                child(path, "tokens"),
                m.TRANSIT_SHORT,
                player=name,
                has=has,
                given=fields.tokens,
            )
        good = GOODS[space % 4]
        carried = carrying.partition(":")[2]
        if good.value != carried:
            fail(
                child(path, "commerce_space"),
                m.COMMERCE_GOOD,
                space=space,
                expected=good.value,
                given=carried,
            )
        owner, tokens = table.commerce.get(space, (seat, 0))
        if owner != seat:
            fail(
                child(path, "commerce_space"),
                m.COMMERCE_TAKEN,
                space=space,
                owner=table.name(owner),
                good=good.value,
            )
        if tokens + fields.tokens > COMMERCE_SPACE_LIMIT:
            fail(child(path, "tokens"), m.COMMERCE_FULL, space=space, has=tokens)
        ships[seat] -= 1
        table.transit[carrying] = has - fields.tokens
        _drop_empty_train(table, seat)
        table.commerce[space] = (seat, tokens + fields.tokens)
        table.reis[seat] += space
    # play §9.2 action 8: réis once, Nobility + 1 per token placed.
    move_nobility(table, seat, fields.tokens, index)


# ---------------------------------------------------------------------------
# End of round (play §11) and the tie-break.


def _end_round(table: Table, event: EndRound, path: str) -> None:
    expected = min(4, table.tile_pile)
    if table.log.full and len(event.improvements) != expected:
        fail(
            child(path, "improvements"),
            m.IMPROVEMENTS_COUNT,
            expected=expected,
            given=len(event.improvements),
        )
    table.events_in_play.clear()
    table.morale.clear()
    for seat in table.order():
        need = HAND_SIZE - table.hand[seat]
        if need <= 0:
            continue
        if table.deck < need:
            table.deck += table.discard_pile
            table.discard_pile = 0
        drawn = min(need, table.deck)
        table.deck -= drawn
        table.hand[seat] += drawn
    table.display = list(event.improvements)
    table.tile_pile -= expected
    at_top = [seat for seat in table.order() if table.nobility[seat] >= NOBILITY_TOP]
    if table.republic >= NOBILITY_TOP:
        republic_at = table.republic_20_at
        earlier = [
            seat
            for seat in at_top
            if republic_at is not None
            and (reached := table.reached_20[seat]) is not None
            and reached < republic_at
        ]
        # A1: with republic_first false, a noble who reached 20 earlier in the round wins.
        if table.log.rulings.republic_first or not earlier:
            finish(table, Ending.REPUBLIC)
            return
        at_top = earlier
    if len(at_top) == 1:
        finish(table, Ending.NOBILITY, (at_top[0],))
        return
    if at_top:
        table.seat = at_top[0]
        table.expects = Expects.TIEBREAK
        return
    table.round += 1
    table.revealed = 0
    start_round(table)


def tiebreak_candidates(table: Table) -> list[int]:
    at_top = [seat for seat in table.order() if table.nobility[seat] >= NOBILITY_TOP]
    if table.republic >= NOBILITY_TOP and table.republic_20_at is not None:
        at_top = [
            seat
            for seat in at_top
            if (reached := table.reached_20[seat]) is not None
            and reached < table.republic_20_at
        ]
    return at_top


def fixed_votes(table: Table, seat: int) -> int:
    """What the log knows of a player's fixed votes: both ministers and every deputy (full)."""
    return sum(table.ministers[seat].values()) + sum(table.deputies[seat].values())


def _tiebreak(table: Table, event: Tiebreak, path: str) -> None:
    candidates = tiebreak_candidates(table)
    here = child(path, "votes")
    for seat in event.votes:
        if seat not in candidates:
            fail(child(here, table.name(seat)), m.TIEBREAK_NOT_DUE)
    for seat in candidates:
        if seat not in event.votes:
            fail(
                child(here, table.name(seat)),
                m.TIEBREAK_MISSING,
                player=table.name(seat),
            )
    totals = {
        seat: event.votes[seat] + (fixed_votes(table, seat) if table.log.full else 0)
        for seat in candidates
    }
    table.tiebreak_votes = totals
    best = max(totals.values())
    leaders = [seat for seat in candidates if totals[seat] == best]
    # A33: equal votes: who reached 20 first (then the earlier seat from the first player).
    leaders.sort(key=lambda seat: (table.reached_20[seat] or 0, candidates.index(seat)))
    finish(table, Ending.NOBILITY, (leaders[0],))


# ---------------------------------------------------------------------------
# Effects and adjustments: never refused for their values.


def _effect(table: Table, event: Effect, path: str) -> None:
    changes = event.changes
    full = table.log.full
    for seat, steps in changes.nobility.items():
        move_nobility(table, seat, steps, event.index)
    if changes.republic:
        move_republic(table, changes.republic, event.index)
    table.die = min(max(table.die + changes.paraguay_die, 1), 6)
    table.imperial = min(max(table.imperial + changes.imperial, 0), IMPERIAL_LIMIT)
    for province in changes.liberate:
        liberate(table, province)
    table.morale.extend(changes.morale)
    for seat, steps in changes.hand.items():
        table.hand[seat] = max(table.hand[seat] + steps, 0)
    if full:
        here = child(path, "changes")
        for seat, steps in changes.reis.items():
            table.reis[seat] = max(table.reis[seat] + steps, 0)
        for province, steps in changes.goods.items():
            if not table.is_board_province(province):
                fail(child(child(here, "goods"), province), m.NOT_HERE, given=province)
            limit = GOODS_LIMIT + (
                table.improvement.get(province) is Improvement.WAREHOUSE
            )
            table.goods[province] = min(max(table.goods[province] + steps, 0), limit)
        for province, steps in changes.troops.items():
            if province == IMPERIAL:
                table.imperial = min(max(table.imperial + steps, 0), IMPERIAL_LIMIT)
                continue
            if not table.is_board_province(province):
                fail(child(child(here, "troops"), province), m.NOT_HERE, given=province)
            limit = table.log.rulings.troop_limit
            table.troops[province] = min(max(table.troops[province] + steps, 0), limit)
        for seat, parties in changes.deputies.items():
            for party, steps in parties.items():
                table.deputies[seat][party] = min(
                    max(table.deputies[seat][party] + steps, 0), DEPUTIES_LIMIT
                )
        for seat, steps in changes.ships.items():
            room = SHIPS_PER_PLAYER - table.ships_rio[seat]
            table.ships_port[seat] = min(max(table.ships_port[seat] + steps, 0), room)
    for province in changes.occupy:
        if province not in table.occupied and table.status is Status.PLAYING:
            occupy(table, province)


def _adjust(table: Table, event: Adjust) -> None:
    table.adjusted = True
    if event.republic is not None:
        move_republic(table, event.republic - table.republic, event.index)
    if event.paraguay_die is not None:
        table.die = event.paraguay_die
    if event.imperial is not None:
        table.imperial = event.imperial
    if event.occupied is not None:
        table.occupied = {
            province: table.occupied.get(province, table.round)
            for province in event.occupied
        }
    if event.commerce is not None:
        table.commerce = {
            space: (owner, tokens) for space, owner, tokens in event.commerce
        }
    for quadrant, pair in event.dice.items():
        base = QUADRANTS.index(quadrant) * 2
        table.dice[base], table.dice[base + 1] = pair
    for change in event.players:
        seat = change.seat
        if change.nobility is not None:
            table.nobility[seat] = change.nobility
            if change.nobility < NOBILITY_TOP:
                table.reached_20[seat] = None
            elif table.reached_20[seat] is None:
                table.reached_20[seat] = event.index
        if change.hand is not None:
            table.hand[seat] = change.hand
        if change.reis is not None:
            table.reis[seat] = change.reis
        for party, count in change.deputies.items():
            table.deputies[seat][party] = count
        if change.ships_port is not None:
            table.ships_port[seat] = change.ships_port
        if change.ships_rio is not None:
            table.ships_rio[seat] = change.ships_rio
        if change.train_given:
            if change.train_at is None or change.train_carrying is None:
                table.train[seat] = None
            else:
                table.train[seat] = (change.train_at, change.train_carrying)
        for province, values in change.provinces.items():
            if table.owner(province) != seat or not table.is_board_province(province):
                fail(
                    child(
                        child(
                            child(child(path_of(event), "players"), table.name(seat)),
                            "provinces",
                        ),
                        province,
                    ),
                    m.NOT_YOUR_PROVINCE,
                    province=province,
                    player=table.name(seat),
                )
            if values.goods is not None:
                table.goods[province] = values.goods
            if values.in_transit is not None:
                table.transit[province] = values.in_transit
            if values.troops is not None:
                table.troops[province] = values.troops
            if values.improvement is not None:
                table.improvement[province] = values.improvement
            elif values.no_improvement:
                table.improvement.pop(province, None)
    # The table may have changed what the turn depends on.
    if table.phase is Phase.PRODUCTION and table.expects in (
        Expects.TAKE,
        Expects.GOVERN,
    ):
        advance_production(
            table, table.seat if table.seat is not None else table.governor
        )
    elif table.phase is Phase.NOBLES and table.expects is Expects.PLACE:
        advance_nobles(
            table, table.seat if table.seat is not None else table.governor, event.index
        )


_KIND: Final[dict[type, str]] = {
    Reveal: "reveal",
    Vote: "vote",
    Auction: "auction",
    Minister: "minister",
    Effect: "effect",
    Take: "take",
    Govern: "govern",
    Offensive: "offensive",
    Place: "place",
    EndRound: "end_round",
    Tiebreak: "tiebreak",
    Adjust: "adjust",
    Undo: "undo",
    Abandon: "abandon",
}
_ALLOWED: Final[dict[Expects, tuple[type, ...]]] = {
    Expects.REVEAL: (Reveal,),
    Expects.VOTE: (Vote,),
    Expects.AUCTION: (Auction,),
    Expects.TAKE: (Take, Govern),
    Expects.GOVERN: (Govern,),
    Expects.OFFENSIVE: (Offensive,),
    Expects.PLACE: (Place,),
    Expects.END_ROUND: (EndRound,),
    Expects.TIEBREAK: (Tiebreak,),
}
_TURN_EVENTS: Final = frozenset({Take, Govern, Place})
_HANDLERS: Final[dict[type, Callable[[Table, Any, str], None]]] = {
    Reveal: _reveal,
    Vote: _vote,
    Auction: _auction,
    Take: _take,
    Govern: _govern,
    Offensive: _offensive,
    Place: _place,
    EndRound: _end_round,
    Tiebreak: _tiebreak,
}

__all__ = ["LogInvalid", "fixed_votes", "step", "tiebreak_candidates"]
