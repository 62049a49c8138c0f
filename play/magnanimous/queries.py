"""What the table assistant's pages ask the engine (``docs/magnanimous-log.md``).

Every query reads a `State` and returns frozen values; none decides a
player's choice (``magnanimous-assistant.md`` §5): they list the legal options
and show the consequences side by side, in the rulebook's order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from play.magnanimous import messages as m
from play.magnanimous.rules import (
    GOVERN_EFFECTS,
    NOBLES_ACTIONS,
    REPUBLIC_PHASE_STEPS,
    can_place,
    fixed_votes,
    tiebreak_candidates,
)
from play.magnanimous.table import GOODS, QUADRANTS, Table, thaw
from play.magnanimous.types import (
    CROWNS,
    NOBILITY_TOP,
    PARAGUAY,
    RIO,
    TITLE_MONEY,
    TITLE_RANK,
    Attack,
    Ending,
    Expects,
    Good,
    NoblesAction,
    Party,
    Phase,
    Quadrant,
    State,
    Status,
    Title,
    title_of,
)
from play.magnanimous.war import defence, defenders, occupy

# ---------------------------------------------------------------------------
# Whose turn, the round and its phase.


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn:
    """Who acts next and what the next event must be.

    ``expects`` is None once the game is over. ``minister`` is the first
    queued Minister prompt (``(player, space)``), answered before anything
    else; ``auction`` the players tied for the most votes in favour, who bid.
    ``forced_govern``: the player must take the Rio de Janeiro card now.
    """

    player: str | None
    expects: Expects | None
    governor: str
    order: tuple[str, ...]
    minister: tuple[str, int] | None
    auction: tuple[str, ...]
    forced_govern: bool


def turn(state: State) -> Turn:
    """Return whose turn it is (the Governor and the turn pointer, play §6.1, §9.1)."""
    names = [player.name for player in state.players]
    due = state.pending_ministers[0] if state.pending_ministers else None
    return Turn(
        player=None if state.seat is None else names[state.seat],
        expects=state.expects,
        governor=names[state.governor],
        order=tuple(names[seat] for seat in state.order),
        minister=None if due is None else (names[due.seat], due.space),
        auction=()
        if state.auction is None
        else tuple(names[seat] for seat in state.auction.seats),
        forced_govern=state.expects is Expects.GOVERN,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One line of a phase's checklist: a translatable English ``text`` and whether it is done."""

    text: str
    done: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Banner:
    """The round and phase banner: the phase's checklist and the Republic warning.

    ``emperor_skipped`` is true in round 1 and in any round whose Throne Room
    pile was empty; ``proclaimed`` when the Republic will be proclaimed at the
    end of this round (its ``warning`` is the translatable text).
    """

    round: int
    phase: Phase
    steps: tuple[Step, ...]
    emperor_skipped: bool
    proclaimed: bool
    warning: str | None


def banner(state: State) -> Banner:
    """Return the round, the phase and its checklist (play §4–§11)."""
    phase = state.phase
    steps: tuple[Step, ...]
    if phase is Phase.EMPEROR:
        steps = (
            Step(text=m.STEP_REVEAL, done=False),
            Step(text=m.STEP_EVENT, done=False),
            Step(text=m.STEP_REFERENDUM, done=state.referendum is None),
        )
    elif phase is Phase.PRODUCTION:
        steps = (
            Step(text=m.STEP_TAKE, done=False),
            Step(text=m.STEP_GOVERNOR, done=state.governed),
        )
        if state.revealed == 0:
            steps = (Step(text=m.STEP_EMPEROR_SKIPPED, done=True), *steps)
    elif phase is Phase.OFFENSIVES:
        steps = (
            Step(text=m.STEP_DIE_BACK, done=True),
            Step(text=m.STEP_ATTACKS, done=False),
            Step(text=m.STEP_FALL, done=False),
        )
    elif phase is Phase.NOBLES:
        steps = (
            Step(text=m.STEP_PLACE, done=False),
            Step(text=m.STEP_REPUBLIC, done=False),
        )
    else:
        finished = state.status is Status.FINISHED
        steps = (
            Step(text=m.STEP_REPUBLIC, done=True),
            Step(text=m.STEP_EVENTS_LEAVE, done=finished),
            Step(text=m.STEP_REFILL, done=finished),
            Step(text=m.STEP_IMPROVEMENTS, done=finished),
            Step(text=m.STEP_ENDINGS, done=finished),
        )
    proclaimed = republic(state).proclaimed
    return Banner(
        round=state.round,
        phase=phase,
        steps=steps,
        emperor_skipped=state.phase is not Phase.EMPEROR and state.revealed == 0,
        proclaimed=proclaimed,
        warning=m.PROCLAIMED_THIS_ROUND if proclaimed else None,
    )


# ---------------------------------------------------------------------------
# The dice.


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeOption:
    """A die the current player may take in the Production phase (full tracking).

    ``provinces`` are the player's free unoccupied provinces it may go on;
    ``cost`` is its value in réis (0 for a Precise action, which needs the
    board's printed number and is the player's call without a board).
    """

    quadrant: Quadrant
    space: int
    value: int
    provinces: tuple[str, ...]
    cost: int
    affordable: bool


def take_options(state: State) -> tuple[TakeOption, ...]:
    """Return the dice the current player may take now, in Action-area order (play §6)."""
    if state.expects is not Expects.TAKE or state.seat is None:
        return ()
    player = state.players[state.seat]
    free = [
        province.name
        for province in player.provinces
        if province.die is None and not province.occupied
    ]
    options: list[TakeOption] = []
    for index, value in enumerate(state.dice):
        if value is None or not state.full:
            continue
        quadrant = QUADRANTS[index // 2]
        good = quadrant.good
        provinces = tuple(
            name for name in free if good is None or name.endswith(":" + good.value)
        )
        if provinces:
            options.append(
                TakeOption(
                    quadrant=quadrant,
                    space=index % 2,
                    value=value,
                    provinces=provinces,
                    cost=value,
                    affordable=player.reis >= value,
                )
            )
    return tuple(options)


def free_provinces(state: State, player: str) -> tuple[str, ...]:
    """Return ``player``'s unoccupied provinces without a die (light and full)."""
    for candidate in state.players:
        if candidate.name == player:
            return tuple(
                province.name
                for province in candidate.provinces
                if province.die is None and not province.occupied
            )
    return ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceOption:
    """A die the current player may move back in the Nobles phase.

    ``value`` is the die on the province (0 when unknown, light tracking),
    ``new_value`` its value once placed (+1, 6 → 1; 0 when unknown);
    ``spaces`` the free Action-area spaces with the Nobles actions each offers
    (full tracking; empty with light).
    """

    province: str
    value: int
    new_value: int
    spaces: tuple[tuple[Quadrant, int, tuple[NoblesAction, ...]], ...]


def place_options(state: State) -> tuple[PlaceOption, ...]:
    """Return the current player's placeable dice in the Nobles phase (play §9.1)."""
    if state.expects is not Expects.PLACE or state.seat is None:
        return ()
    spaces = tuple(
        (
            QUADRANTS[index // 2],
            index % 2,
            (*NOBLES_ACTIONS[QUADRANTS[index // 2]], NoblesAction.NONE),
        )
        for index, value in enumerate(state.dice)
        if value is None and state.full
    )
    return tuple(
        PlaceOption(
            province=province.name,
            value=province.die,
            new_value=province.die % 6 + 1 if province.die else 0,
            spaces=spaces,
        )
        for province in state.players[state.seat].provinces
        if province.die is not None and not province.occupied
    )


def can_place_now(state: State, player: str) -> bool:
    """Whether ``player`` still has a die to place this Nobles phase."""
    table = thaw(state)
    for seat, candidate in enumerate(state.players):
        if candidate.name == player:
            return can_place(table, seat)
    return False


# ---------------------------------------------------------------------------
# The purple die and the Rio de Janeiro card.


@dataclass(frozen=True, slots=True, kw_only=True)
class PurpleDie:
    """The purple die (Paraguay's war power) and what taking it would give.

    ``on`` is ``"paraguay"`` or ``"rio_card"``; ``offensive_value`` the power
    at the next offensives (+1 when it comes back, 6 → 1); ``rio_effect`` the
    Rio de Janeiro card's effect for the value it shows now (``train``,
    ``troops``, ``ship``, ``party``, ``track``, ``liberate``);
    ``title_money`` what each player would receive as Governor now.
    """

    value: int
    on: str
    offensive_value: int
    rio_effect: str
    title_money: Mapping[str, int]


def purple_die(state: State) -> PurpleDie:
    """Return the purple die's value and place, and the Rio effect for that value (play §6.5–§8.1)."""
    value = state.paraguay_die
    return PurpleDie(
        value=value,
        on="rio_card" if state.die_on_card else PARAGUAY,
        offensive_value=value if state.phase is Phase.OFFENSIVES else value % 6 + 1,
        rio_effect=GOVERN_EFFECTS[value - 1],
        title_money={
            player.name: TITLE_MONEY[player.title] for player in state.players
        },
    )


# ---------------------------------------------------------------------------
# The tracks.


@dataclass(frozen=True, slots=True, kw_only=True)
class NobilityRow:
    """A player on the Nobility track: title, the next crown and its distance, ministers."""

    name: str
    nobility: int
    title: Title
    next_crown: int | None
    ministers: Mapping[Party, int]
    referendums: int
    reached_20: int | None


def nobility(state: State) -> tuple[NobilityRow, ...]:
    """Return the Nobility track in seating order (play §2.2, §7)."""
    return tuple(
        NobilityRow(
            name=player.name,
            nobility=player.nobility,
            title=player.title,
            next_crown=next((c for c in CROWNS if c > player.nobility), None),
            ministers=player.ministers,
            referendums=player.referendums,
            reached_20=player.reached_20,
        )
        for player in state.players
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class RepublicTrack:
    """The Republic marker: ``commerce_open`` is the highest open Commerce space;
    ``proclaimed`` whether the Republic will be proclaimed at the end of this
    round (the marker is on 20, or the coming Republic phase's +3 takes it there)."""

    position: int
    commerce_open: int
    proclaimed: bool


def republic(state: State) -> RepublicTrack:
    """Return the Republic track and the proclamation warning (play §10)."""
    position = state.republic
    coming = (
        REPUBLIC_PHASE_STEPS
        if state.phase
        in (Phase.EMPEROR, Phase.PRODUCTION, Phase.OFFENSIVES, Phase.NOBLES)
        else 0
    )
    return RepublicTrack(
        position=position,
        commerce_open=position,
        proclaimed=position + coming >= NOBILITY_TOP,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class CommerceOption:
    """An open Commerce space: its good and réis, who holds it, and whether ``player`` may export there.

    ``room`` is how many more tokens fit (5 per space); ``owner`` and
    ``tokens`` are known with full tracking only.
    """

    space: int
    good: Good
    reis: int
    owner: str | None
    tokens: int
    room: int
    open_to_player: bool


def commerce_spaces(
    state: State, player: str | None = None
) -> tuple[CommerceOption, ...]:
    """Return every open Commerce space (number ≤ the Republic marker), lowest first (play §9.2)."""
    held = {space.space: space for space in state.commerce}
    result: list[CommerceOption] = []
    for number in range(state.republic + 1):
        space = held.get(number)
        owner = None if space is None else state.players[space.owner].name
        tokens = 0 if space is None else space.tokens
        result.append(
            CommerceOption(
                space=number,
                good=GOODS[number % 4],
                reis=number,
                owner=owner,
                tokens=tokens,
                room=5 - tokens,
                open_to_player=(owner is None or owner == player) and tokens < 5,
            )
        )
    return tuple(result)


# ---------------------------------------------------------------------------
# The war map and the offensives.


@dataclass(frozen=True, slots=True, kw_only=True)
class OccupiedProvince:
    province: str
    owner: str | None
    since_round: int
    attacks_this_round: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class WarMap:
    """The war map reduced: occupied provinces (with their owner, None for Rio and the
    uncontrolled), the Imperial area's tokens (Rio's and the uncontrolled provinces'
    defence), the uncontrolled colours."""

    occupied: tuple[OccupiedProvince, ...]
    imperial_area: int
    uncontrolled: tuple[str, ...]
    rio_occupied: bool


def war_map(state: State) -> WarMap:
    """Return which provinces are occupied and the Imperial area (play §8)."""
    owners = {player.colour.value: player.name for player in state.players}
    return WarMap(
        occupied=tuple(
            OccupiedProvince(
                province=province,
                owner=owners.get(province.partition(":")[0]),
                since_round=since,
                attacks_this_round=since < state.round,
            )
            for province, since in state.occupied.items()
        ),
        imperial_area=state.imperial,
        uncontrolled=tuple(colour.value for colour in state.log.uncontrolled),
        rio_occupied=RIO in state.occupied,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class PlannedAttack:
    """One attack of the offensives, in the rulebook's order.

    ``power`` is the purple die at that moment; ``defence`` the imperial war
    power (None when light tracking does not know the troops: the table says
    "held" or "fell, n tokens"); ``falls`` the outcome (None: ask the table);
    ``lost`` the tokens or ships destroyed if it falls.
    """

    source: str
    target: str
    power: int
    defence: int | None
    falls: bool | None
    lost: int | None


def plan_offensive(
    state: State,
    neighbours: Mapping[str, Sequence[str]],
    sources: Sequence[str] = (),
    answers: Sequence[Attack] = (),
) -> tuple[PlannedAttack, ...]:
    """List the Paraguayan offensives in the rulebook's order, each with its outcome (play §8.3).

    Without a board file the map is the table's: ``neighbours`` maps each
    source (``paraguay`` and the provinces occupied in an earlier round) to
    the provinces it touches. Their order within one player's provinces is
    that player's choice, and among Rio and the uncontrolled provinces the
    Governor's; ``sources`` is the first player's order of the occupied
    sources (Paraguay always attacks first). The engine sorts the rest:
    the first player's provinces first, clockwise, uncontrolled last, round
    robin or grouped as the table's A25 ruling says; each source stops at
    its first success; the die falls after each player's province falls.

    With light tracking, a player's province's outcome is unknown: the plan
    stops there with ``falls=None``; pass the table's answers so far in
    ``answers`` (as the `offensive` event lists them) to go on.
    """
    table = thaw(state)
    if table.phase is not Phase.OFFENSIVES:
        return ()
    order = table.order()
    rank = {seat: position for position, seat in enumerate(order)}
    eligible = [p for p, since in table.occupied.items() if since < table.round]
    chain = [PARAGUAY, *[s for s in sources if s in eligible]]
    chain += [s for s in sorted(eligible) if s not in chain]
    planned: list[PlannedAttack] = []
    given = list(answers)
    for source in chain:
        if source != PARAGUAY and source not in table.occupied:
            continue
        targets = [
            t
            for t in neighbours.get(source, ())
            if t not in table.occupied and t != PARAGUAY
        ]
        for target in _attack_order(table, targets, rank):
            if target in table.occupied:
                continue
            owner = table.owner(target)
            known = table.log.full or owner is None or target == RIO
            power = table.die
            guard = defence(table, target) if known else None
            falls: bool | None = None if guard is None else power > guard
            lost: int | None = defenders(table, target) if known else None
            if falls is None and given:
                answer = given.pop(0)
                falls, lost = answer.fell, answer.lost or 0
            planned.append(
                PlannedAttack(
                    source=source,
                    target=target,
                    power=power,
                    defence=guard,
                    falls=falls,
                    lost=None if falls is None else (lost if falls else 0),
                )
            )
            if falls is None:
                return tuple(planned)
            if falls:
                occupy(table, target)
                table.die = max(table.die - (lost or 0), 1)
                break
        if table.status is Status.FINISHED:
            break
    return tuple(planned)


def _attack_order(
    table: Table, targets: list[str], rank: Mapping[int, int]
) -> list[str]:
    count = table.count
    groups: dict[int, list[str]] = {}
    for target in targets:
        owner = table.owner(target)
        key = count if owner is None or target == RIO else rank[owner]
        groups.setdefault(key, []).append(target)
    result: list[str] = []
    players = [groups[key] for key in sorted(groups) if key < count]
    if table.log.rulings.offensive_round_robin:
        while any(players):
            for group in players:
                if group:
                    result.append(group.pop(0))
    else:
        for group in players:
            result.extend(group)
    result.extend(groups.get(count, []))
    return result


# ---------------------------------------------------------------------------
# Referendums.


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteRow:
    """One player's row of the vote sheet: what each of the three steps may hold.

    ``may_vote`` is false below the referendum's minimum title (A6);
    ``ministers_for``/``ministers_against`` the votes of the minister who may
    vote that way (a block, A8), None without one; ``deputies_for`` /
    ``deputies_against`` the deputies of the matching party (full tracking;
    None with light); ``cards`` the hand size, the most referendum cards the
    player could discard.
    """

    name: str
    may_vote: bool
    ministers_for: int | None
    ministers_against: int | None
    deputies_for: int | None
    deputies_against: int | None
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteSheet:
    card: str
    party: Party
    republic: int
    nobility: int
    min_title: Title | None
    rows: tuple[VoteRow, ...]
    tie_approves: bool


def vote_sheet(state: State) -> VoteSheet | None:
    """Return the vote sheet of the referendum waiting for its vote, rows from the first player (play §5.4)."""
    referendum = state.referendum
    if referendum is None:
        return None
    party = referendum.party
    rows = []
    for seat in state.order:
        player = state.players[seat]
        may_vote = referendum.min_title is None or (
            TITLE_RANK[player.title] >= TITLE_RANK[referendum.min_title]
        )
        rows.append(
            VoteRow(
                name=player.name,
                may_vote=may_vote,
                ministers_for=player.ministers.get(party),
                ministers_against=player.ministers.get(party.other),
                deputies_for=player.deputies.get(party) if state.full else None,
                deputies_against=player.deputies.get(party.other)
                if state.full
                else None,
                cards=player.hand,
            )
        )
    return VoteSheet(
        card=referendum.card,
        party=party,
        republic=referendum.republic,
        nobility=referendum.nobility,
        min_title=referendum.min_title,
        rows=tuple(rows),
        tie_approves=state.log.rulings.referendum_tie_approved,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteOutcome:
    """The tally: approved or not (A9), and the top contributor or the players who bid."""

    total_for: int
    total_against: int
    approved: bool
    winner: str | None
    auction: tuple[str, ...]


def vote_outcome(
    state: State, votes_for: Mapping[str, int], votes_against: Mapping[str, int]
) -> VoteOutcome:
    """Return the result of totals per player (all four parts added) (play §5.4 steps 4–5)."""
    total_for = sum(votes_for.values())
    total_against = sum(votes_against.values())
    approved = total_for > 0 and (
        total_for > total_against
        or (total_for == total_against and state.log.rulings.referendum_tie_approved)
    )
    winner = None
    auction: tuple[str, ...] = ()
    if approved:
        names = [state.players[seat].name for seat in state.order]
        top = max(votes_for.get(name, 0) for name in names)
        tied = tuple(name for name in names if votes_for.get(name, 0) == top)
        if len(tied) == 1:
            winner = tied[0]
        else:
            auction = tied
    return VoteOutcome(
        total_for=total_for,
        total_against=total_against,
        approved=approved,
        winner=winner,
        auction=auction,
    )


# ---------------------------------------------------------------------------
# The endings.


@dataclass(frozen=True, slots=True, kw_only=True)
class EndingCheck:
    """What the end of this round decides, checked in the rulebook's order (play §11).

    ``kind`` is None when the game goes on; ``tiebreak`` lists the nobles who
    vote when two or more reached 20, with the fixed votes the log knows
    (both ministers and, with full tracking, every deputy; Baron and card votes
    are the table's to add).
    """

    kind: Ending | None
    winners: tuple[str, ...]
    tiebreak: Mapping[str, int]


def endings(state: State) -> EndingCheck:
    """Return the ending the end of the round would bring now (Republic first, A1)."""
    names = [player.name for player in state.players]
    if state.status is Status.FINISHED:
        return EndingCheck(
            kind=state.ending,
            winners=tuple(names[seat] for seat in state.winners),
            tiebreak={names[s]: v for s, v in state.tiebreak_votes.items()},
        )
    table = thaw(state)
    candidates = tiebreak_candidates(table)
    if state.republic >= NOBILITY_TOP and (
        state.log.rulings.republic_first or not candidates
    ):
        return EndingCheck(kind=Ending.REPUBLIC, winners=(), tiebreak={})
    if not candidates:
        return EndingCheck(kind=None, winners=(), tiebreak={})
    if len(candidates) == 1:
        return EndingCheck(
            kind=Ending.NOBILITY, winners=(names[candidates[0]],), tiebreak={}
        )
    return EndingCheck(
        kind=Ending.NOBILITY,
        winners=(),
        tiebreak={
            names[seat]: fixed_votes(table, seat)
            if state.full
            else sum(state.players[seat].ministers.values())
            for seat in candidates
        },
    )


def title_money(nobility_position: int) -> int:
    """Return the réis a new Governor receives at this Nobility position (play §6.5)."""
    return TITLE_MONEY[title_of(nobility_position)]


GOVERN_EFFECT_NAMES: Final = GOVERN_EFFECTS
