"""One function per card's effect (rules digest §2, §4; ``docs/game-log.md``).

Each takes the `Board` being changed, the seat playing, the `Action` the log
gives, the JSON path of the event and the card whose action is carried out
(the copied card for a Diplomat). With light tracking only what light tracks
changes: the cards, the display, the bonus markers, the Praefectus Magnus and
the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Final

from play.concordia import messages as m
from play.concordia.board import GOODS, Board, Purse, with_intermediate
from play.concordia.data import (
    CARDS,
    COLONIST_CASH_BASE,
    COLONIST_COST,
    CONSUL_CARDS,
    HOUSE_COIN_BASE,
    HOUSE_GOODS,
    MARKER_COINS,
    MERCATOR_INCOME_BOUGHT,
    MERCATOR_INCOME_STARTING,
    MERCATOR_KINDS,
    SENATOR_CARDS,
    SPECIALIST_KINDS,
    TRIBUNE_FREE_CARDS,
    Card,
    CardKind,
    forum_goods,
    forum_number,
)
from play.concordia.log import action_problems
from play.concordia.sheet import purse_total
from play.concordia.types import Action
from play.errors import LogInvalid, invalid, invalid_count
from scoring.board import province_bonus
from scoring.catalog import (
    ANY_GOOD,
    DISPLAY_SURCHARGE,
    GOOD_PRICE,
    MAX_HOUSES,
    SurchargeGood,
)
from scoring.engine import intermediate_bonus
from scoring.maps import MAPS, Province
from scoring.shape import child
from scoring.types import Good, GoodCounts, MapName, Problem

Effect = Callable[[Board, int, Action, str, Card], None]

# Salsa's forum cards whose effect changes a card's action (concordia-expansions.md
# §1b; the patricians are held, Mamilius is in effect for the turn it is used).
AULUS: Final = "Aulus Arcadius"
GAIUS: Final = "Gaius Marcellus"
DONATUS: Final = "Donatus Pompeius"
TITUS: Final = "Titus Valerius"
SERVIUS: Final = "Servius Marcellus"
FAUSTUS: Final = "Faustus Marcellus"
CLAUDIUS: Final = "Claudius Pompeius"
CORNELIUS: Final = "Cornelius Scipio"
MAMILIUS: Final = "Mamilius"
LUCIUS: Final = "Lucius Flavius"
SEXTUS: Final = "Sextus Pompeius"


def _colonist_cost(count: int) -> dict[Good, int]:
    return dict(Counter(dict.fromkeys(COLONIST_COST, count)))


def tribune(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Take every played card back (the Tribune counts), +1 per card beyond the 3rd.

    Full tracking: optionally one colonist into the capital for 1 food + 1 tool.
    With intermediate scoring, the player's first Tribune scores them afterwards.
    """
    purse = board.purse(seat)
    returned = len(purse.discard)
    purse.hand.extend(purse.discard)
    purse.discard.clear()
    if board.full:
        purse.earn(tribune_money(returned))
        if action.exchange:
            # Salsa's forum: Titus Valerius exchanges 1 good on a Tribune.
            here = child(path, "exchange")
            if not board.holds(seat, TITUS):
                raise invalid(here, m.FORUM_NOT_HELD, player=purse.name, card=TITUS)
            exchange(
                board, seat, action.exchange, here, most=forum_number(TITUS, "exchange")
            )
        if action.colonist is not None:
            here = child(path, "colonist")
            if purse.colonists_storehouse == 0:
                raise invalid(here, m.NO_COLONIST_LEFT, player=purse.name)
            purse.spend(_colonist_cost(1), here)
            purse.colonists_storehouse -= 1
            purse.colonists_board += 1
    _intermediate_scoring(board, seat, action, path)


def tribune_money(returned: int) -> int:
    """§2: the sestertii of a Tribune that takes ``returned`` cards back (itself included)."""
    return max(0, returned - TRIBUNE_FREE_CARDS)


def _intermediate_scoring(board: Board, seat: int, action: Action, path: str) -> None:
    current = board.intermediate
    if current is None or current.totals[seat] is not None:
        return
    purse = board.purse(seat)
    if board.full:
        total = purse_total(board, seat)
    elif action.intermediate_points is None:
        raise invalid(path, m.INTERMEDIATE_POINTS_MISSING, player=purse.name)
    else:
        total = action.intermediate_points
    current = with_intermediate(current, seat, total)
    totals = current.totals
    if all(t is not None for t in totals):
        # §2 intermediate scoring, paid once every player has scored.
        bonus = intermediate_bonus([t or 0 for t in totals])
        if board.full:
            for other, amount in enumerate(bonus):
                board.purse(other).earn(amount)
        current = type(current)(totals=totals, bonus=bonus)
    board.intermediate = current


def exchange(
    board: Board, seat: int, goods: Mapping[Good, int], path: str, *, most: int
) -> None:
    """Salsa's forum (Titus Valerius, Augustus): give up to ``most`` goods
    (negative counts) for as many salt, or without salt for other goods
    (positive counts; "without salt", concordia-expansions.md §1b)."""
    purse = board.purse(seat)
    given = {good: -count for good, count in goods.items() if count < 0}
    taken = {good: count for good, count in goods.items() if count > 0}
    count = sum(given.values())
    if not 0 < count <= most or count != sum(taken.values()):
        raise invalid_count(path, m.FORUM_EXCHANGE, "most", most=most)
    wildcards = board.state.log.rules.wildcards
    for good in taken:
        if (wildcards and good not in wildcards) or good in given:
            raise invalid(
                child(path, good.value), m.FORUM_EXCHANGE_FOR, good=good.value
            )
    for good, number in given.items():
        if purse.goods[good] < number:
            known = m.SHORT_OF_GOODS.get(good)
            named = {} if known else {"good": good.value}
            raise invalid_count(
                child(path, good.value),
                known or m.SHORT_OF_GOODS_ANY,
                "needed",
                player=purse.name,
                needed=number,
                has=purse.goods[good],
                **named,
            )
        purse.goods[good] -= number
    purse.store(taken, path)


def house_price(
    board: Board, city: str, seat: int | None = None
) -> tuple[Good, dict[Good, int], int]:
    """Return a house's city good, goods and coins, given the houses already there (§2).

    For ``seat``, with its forum cards: Aulus Arcadius takes 1 sestertius off,
    Mamilius (used this turn) the brick.
    """
    cities = board.state.log.cities or {}
    good = cities[city]
    goods = dict(Counter(HOUSE_GOODS[good]))
    coins = HOUSE_COIN_BASE[good] * (board.houses_in(city) + 1)
    if seat is not None and board.holds(seat, AULUS):
        coins = max(0, coins - forum_number(AULUS, "house_discount"))
    if seat is not None and board.in_effect(MAMILIUS):
        goods.pop(Good("brick"), None)
    return good, goods, coins


def architect(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Build houses in order; the 15th house takes the Concordia card.

    Colonist moves are not recorded. Light tracking: ``fifteenth_house`` says so.
    """
    if not board.full:
        if action.fifteenth_house:
            board.take_concordia(seat)
        return
    for index, city in enumerate(action.build):
        build_house(board, seat, city, f"{child(path, 'build')}[{index}]")


def build_house(
    board: Board,
    seat: int,
    city: str,
    path: str,
    *,
    goods: Mapping[Good, int] | None = None,
    coins: int | None = None,
) -> None:
    """Build ``seat``'s house in ``city`` for ``goods`` and ``coins`` (its
    price now where not given); the 15th house takes the Concordia card (§2)."""
    purse = board.purse(seat)
    if board.state.map.is_start(city):
        raise invalid(path, m.HOUSE_IN_CAPITAL, city=city)
    if city in purse.houses:
        raise invalid(path, m.HOUSE_TWICE, player=purse.name, city=city)
    if len(purse.houses) >= MAX_HOUSES:
        raise invalid(
            path,
            m.HOUSES_OVER_STOCK,
            maximum=MAX_HOUSES,
            given=len(purse.houses) + 1,
        )
    _good, price_goods, price_coins = house_price(board, city, seat)
    purse.spend(price_goods if goods is None else goods, path)
    purse.pay(price_coins if coins is None else coins, path)
    purse.houses.append(city)
    if len(purse.houses) == MAX_HOUSES:
        board.take_concordia(seat)


def _receive(
    board: Board,
    arrivals: Mapping[int, Mapping[Good, int]],
    drop: Mapping[int, GoodCounts],
    path: str,
) -> None:
    """Store what arrives for every player; what does not fit is in ``drop`` (§2).

    Nothing may be dropped while a space stays empty that it could have used.
    """
    for seat in sorted(set(arrivals) | set(drop)):
        purse = board.purse(seat)
        arriving = arrivals.get(seat, {})
        dropped = drop.get(seat)
        if dropped is None or not dropped.total:
            purse.store(arriving, path)
            continue
        here = child(child(path, "drop"), purse.name)
        kept: dict[Good, int] = {}
        for good in GOODS:
            received = arriving.get(good, 0)
            if dropped[good] > received:
                known = m.DROP_TOO_MUCH.get(good)
                named = {} if known else {"good": good.value}
                raise invalid_count(
                    child(here, good.value),
                    known or m.DROP_TOO_MUCH_ANY,
                    "received",
                    player=purse.name,
                    received=received,
                    given=dropped[good],
                    **named,
                )
            if received - dropped[good]:
                kept[good] = received - dropped[good]
        free = purse.free_spaces
        if sum(kept.values()) < free:
            raise invalid(here, m.DROP_WITH_SPACE, player=purse.name, free=free)
        purse.store(kept, here)


def prefect(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Produce in one province whose marker shows its good, or take the cash (§2, §8)."""
    cities = board.state.log.cities
    spec = board.state.map
    if action.cash:
        if board.full:
            if action.amount is not None:
                amount = action.amount
            else:
                amount = cash_amount(board.coin_side, board)
            board.purse(seat).earn(amount)
        board.coin_side = frozenset()
        return
    name = action.province or ""
    if name in board.coin_side:
        raise invalid(child(path, "province"), m.MARKER_SHOWS_COINS, province=name)
    province = provinces_by_name(spec.name)[name]
    if board.full and cities is not None:
        arrivals: dict[int, Counter[Good]] = {}
        for city in province.cities:
            for other in range(board.seats):
                if city.name in board.houses_of(other):
                    arrivals.setdefault(other, Counter())[cities[city.name]] += 1
        bonus = province_bonus(province, cities)
        if bonus is not None and action.bonus is not None:
            bonus = action.bonus
        sold = _forum_bonus(board, seat, action, path, bonus)
        if bonus is not None and not sold:
            # §8: the Praefectus Magnus doubles the bonus good, never the houses' goods.
            arrivals.setdefault(seat, Counter())[bonus] += bonus_count(board, seat)
        _receive(board, arrivals, action.drop, path)
    board.coin_side = board.coin_side | {name}
    if seat == board.pm_seat:
        # §8: used, it passes to the right, to the previous player in seating order.
        board.pm_seat = (seat - 1) % board.seats


def bonus_count(board: Board, seat: int) -> int:
    """§8: the bonus goods a Prefect takes: 2 for the Praefectus Magnus, else 1."""
    return 2 if seat == board.pm_seat else 1


def _forum_bonus(
    board: Board, seat: int, action: Action, path: str, bonus: Good | None
) -> bool:
    """Salsa's forum on a Prefect's bonus good: Donatus Pompeius takes the coins
    on its marker's back too; Claudius Pompeius may sell it at once for its
    fixed price (``sell_bonus``). Return whether it was sold."""
    purse = board.purse(seat)
    if bonus is not None and board.holds(seat, DONATUS):
        purse.earn(MARKER_COINS[bonus])
    if not action.sell_bonus:
        return False
    here = child(path, "sell_bonus")
    if not board.holds(seat, CLAUDIUS):
        raise invalid(here, m.FORUM_NOT_HELD, player=purse.name, card=CLAUDIUS)
    if bonus is None:
        raise invalid(here, m.FORUM_NO_BONUS)
    purse.earn(GOOD_PRICE[bonus] * bonus_count(board, seat))
    return True


@cache
def provinces_by_name(map_name: MapName) -> Mapping[str, Province]:
    return MappingProxyType({p.name: p for p in MAPS[map_name].provinces})


def cash_amount(coin_side: frozenset[str], board: Board) -> int:
    """§8: 1 sestertius per coin on the markers turned to their coin side."""
    cities = board.state.log.cities
    if cities is None:
        return 0
    total = 0
    for province in board.state.map.provinces:
        if province.name in coin_side:
            good = province_bonus(province, cities)
            if good is not None:
                total += MARKER_COINS[good]
    return total


def mercator_income(card: Card) -> int:
    """§2: a starting Mercator gives 3 sestertii, a bought one 5."""
    return MERCATOR_INCOME_BOUGHT if card.bought else MERCATOR_INCOME_STARTING


def mercator(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Take the income, then trade at most 2 kinds of goods: sales first (§2)."""
    if not board.full:
        return
    purse = board.purse(seat)
    purse.earn(mercator_income(card))
    here = child(path, "trade")
    trade = action.trade
    kinds = (
        forum_number(SERVIUS, "trade_kinds")
        if board.holds(seat, SERVIUS)
        else MERCATOR_KINDS
    )
    if len(trade) > kinds:
        raise invalid(here, m.TRADE_KINDS, maximum=kinds, given=len(trade))
    traded = board.state.log.rules.traded
    for good in trade:
        if good not in traded:
            # Salsa: salt is never bought or sold; swapped for a good, that
            # good may be sold (the wildcard pays what the storehouse lacks).
            raise invalid(child(here, good.value), m.NOT_TRADED, good=good.value)
    sold = {good: -count for good, count in trade.items() if count < 0}
    bought = {good: count for good, count in trade.items() if count > 0}
    # Salsa's forum: Gaius Marcellus' 1 sestertius more per good sold.
    bonus = forum_number(GAIUS, "sale_bonus") if board.holds(seat, GAIUS) else 0
    for good, count in sold.items():
        purse.spend({good: count}, child(here, good.value))
        purse.earn((GOOD_PRICE[good] + bonus) * count)
    purse.pay(sum(GOOD_PRICE[good] * count for good, count in bought.items()), here)
    # Goods bought must fit: no "drop" for a purchase (docs/game-log.md).
    purse.store(bought, here, full=m.STOREHOUSE_FULL_PURCHASE)
    gains = forum_goods(FAUSTUS, "gains") if board.holds(seat, FAUSTUS) else {}
    if gains and purse.free_spaces >= sum(gains.values()):
        # Faustus Marcellus' free brick, after the trade, when a space is
        # free (our reading: what does not fit is not taken, §2 Storehouse).
        purse.store(gains, path)


def card_price(
    card: Card,
    position: int,
    *,
    surcharge: bool,
    surcharges: tuple[tuple[SurchargeGood, ...], ...] = DISPLAY_SURCHARGE,
    any_surcharge: bool = False,
) -> tuple[dict[Good, int], int]:
    """Return a display card's fixed goods and its number of goods of the buyer's choice.

    The Senator adds the surcharge of the card's position (§6) on the game's
    side of the display (``surcharges``: Venus' wine side, expansions §2d);
    the Consul does not. ``any_surcharge`` (Salsa's forum: Cornelius Scipio's
    holder): every surcharge good is of the buyer's choice.
    """
    goods: Counter[Good] = Counter(card.cost)
    choice = 0
    if surcharge:
        for good in surcharges[position - 1]:
            if good == ANY_GOOD or any_surcharge:
                choice += 1
            else:
                goods[Good(good)] += 1
    return dict(goods), choice


def _purchase(
    board: Board, seat: int, action: Action, path: str, *, senator: bool
) -> None:
    here = child(path, "buy")
    count = len(action.buy)
    # "pode comprar até duas cartas" / "hasta dos" / "jusqu'à 2" / "до 2": the
    # Senator buys 0, 1 or 2 cards, the Consul 0 or 1 (docs/game-log.md).
    if senator and count > SENATOR_CARDS:
        raise invalid(here, m.BUY_COUNT_SENATOR, given=count)
    if not senator and count > CONSUL_CARDS:
        raise invalid(here, m.BUY_COUNT_CONSUL, given=count)
    if not count:
        # Buying nothing touches neither the display nor the storehouse.
        if board.full and action.pay.total:
            raise invalid(
                child(path, "pay"), m.PAY_MISMATCH, needed=0, given=action.pay.total
            )
        board.reveal(action.reveal, child(path, "reveal"))
        return
    positions = board.buy(action.buy, here)
    purse = board.purse(seat)
    if board.full:
        # §6: both cards are priced at the positions they held when the turn began.
        needed: Counter[Good] = Counter()
        choice = 0
        for card_id, position in zip(action.buy, positions, strict=True):
            goods, any_goods = card_price(
                CARDS[card_id],
                position,
                surcharge=senator,
                surcharges=board.state.log.surcharge,
            )
            needed.update(goods)
            choice += any_goods
        paid = action.pay
        named = _named_surcharges(board, seat, positions)
        if paid.total == choice + sum(named.values()):
            # Salsa's forum: Cornelius Scipio pays the named surcharges
            # (cloth, wine) with any goods, all of them in ``pay``.
            needed.subtract(named)
        elif paid.total != choice:
            raise invalid(
                child(path, "pay"), m.PAY_MISMATCH, needed=choice, given=paid.total
            )
        for good, amount in paid.items():
            needed[good] += amount
        purse.spend({g: n for g, n in needed.items() if n}, here)
    purse.hand.extend(action.buy)
    board.reveal(action.reveal, child(path, "reveal"))
    if not board.pile and not any(board.display):
        # §2: buying the last card of the display ends the game.
        board.take_concordia(seat)


def _named_surcharges(board: Board, seat: int, positions: list[int]) -> Counter[Good]:
    """The surcharge goods a Senator's purchase names (cloth, wine), which
    Cornelius Scipio's holder may pay with any goods; none without him."""
    named: Counter[Good] = Counter()
    if not board.holds(seat, CORNELIUS):
        return named
    surcharges = board.state.log.surcharge
    for position in positions:
        named.update(
            Good(good) for good in surcharges[position - 1] if good != ANY_GOOD
        )
    return named


def senator(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Buy up to 2 display cards: each its own cost plus its position's surcharge (§6)."""
    _purchase(board, seat, action, path, senator=True)


def consul(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Buy at most 1 display card for its own cost only (§4b)."""
    _purchase(board, seat, action, path, senator=False)


def colonist(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Place colonists for 1 food + 1 tool each, or take 5 + 1 per colonist on the board."""
    if not board.full:
        return
    purse = board.purse(seat)
    if action.cash:
        purse.earn(colonist_cash(purse))
        return
    here = child(path, "place")
    count = len(action.place)
    if count > purse.colonists_storehouse:
        raise invalid(
            here,
            m.COLONISTS_OVER,
            player=purse.name,
            left=purse.colonists_storehouse,
            given=count,
        )
    purse.spend(_colonist_cost(count), here)
    purse.colonists_storehouse -= count
    purse.colonists_board += count


def colonist_cash(purse: Purse) -> int:
    """§1, §4b: the Colonist's cash option is 5 + 1 per own colonist on the board."""
    return COLONIST_CASH_BASE + purse.colonists_board


def specialist(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Mason, Farmer, Smith, Vintner, Weaver: each own house in a city of the good yields 1."""
    if not board.full:
        return
    good = SPECIALIST_KINDS[card.kind]
    cities = board.state.log.cities or {}
    count = sum(1 for city in board.houses_of(seat) if cities.get(city) is good)
    _receive(board, {seat: {good: count}} if count else {}, action.drop, path)


def diplomat(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Carry out the top card of another player's discard pile, never a Diplomat.

    With no such card anywhere, the Diplomat has no ``copy`` and no effect
    (docs/game-log.md: the rulebooks are silent; the table records the card).
    """
    if card.kind is CardKind.PREFECT and not board.holds(seat, SEXTUS):
        # Salsa's forum: only Sextus Pompeius' holder plays a Prefect as a Diplomat.
        raise invalid(
            child(path, "role"),
            m.FORUM_NOT_HELD,
            player=board.purse(seat).name,
            card=SEXTUS,
        )
    target = action.copy
    here = child(path, "copy")
    if "copy_card" in action.given:
        _copy_display(board, seat, action, path)
        return
    if "copy" not in action.given:
        copyable = copyable_seats(board, seat)
        if copyable:
            raise invalid(
                here,
                m.DIPLOMAT_COPY_MISSING,
                player=board.state.players[copyable[0]].name,
            )
        problems = [
            Problem(
                path=child(path, name),
                template=m.DIPLOMAT_NOTHING_COPIED,
                params={"field": name},
            )
            for name in sorted(action.given)
        ]
        if problems:
            raise LogInvalid(problems)
        return
    if target is None or target == seat:
        raise invalid(here, m.DIPLOMAT_SELF)
    other = board.state.players[target]
    if not other.discard:
        raise invalid(here, m.DIPLOMAT_EMPTY, player=other.name)
    copied = CARDS[other.discard[-1]]
    if copied.kind is CardKind.DIPLOMAT:
        raise invalid(here, m.DIPLOMAT_COPIES_DIPLOMAT, player=other.name)
    if copied.kind is CardKind.MAGISTER:
        # The Magister repeats its own player's previous card: nothing a
        # Diplomat could carry out (our reading; the sources say nothing).
        raise invalid(here, m.DIPLOMAT_COPIES_MAGISTER, player=other.name)
    _carry_out(board, seat, action, path, copied, {"copy"})


def _copy_display(board: Board, seat: int, action: Action, path: str) -> None:
    """Salsa's forum: Lucius Flavius' holder copies a display card's action
    (``copy_card``) instead of another player's top discard, never a Diplomat."""
    here = child(path, "copy_card")
    purse = board.purse(seat)
    if not board.holds(seat, LUCIUS):
        raise invalid(here, m.FORUM_NOT_HELD, player=purse.name, card=LUCIUS)
    if "copy" in action.given:
        raise invalid(here, m.FORUM_COPY_ONE)
    card_id = action.copy_card or ""
    if card_id not in board.display:
        raise invalid(here, m.NOT_ON_DISPLAY, card=card_id)
    copied = CARDS[card_id]
    if copied.kind in (CardKind.DIPLOMAT, CardKind.MAGISTER):
        raise invalid(here, m.FORUM_COPY_KIND, card=card_id)
    _carry_out(board, seat, action, path, copied, {"copy_card"})


def magister(board: Board, seat: int, action: Action, path: str, card: Card) -> None:
    """Venus (expansions §2b): repeat the card played before the Magister,
    the one under it on the player's own discard pile; never a Senator, nor
    another Magister."""
    purse = board.purse(seat)
    # The Magister is on top of the discard pile now: the card before is under it.
    if len(purse.discard) < 2:
        raise invalid(path, m.MAGISTER_EMPTY, player=purse.name)
    copied = CARDS[purse.discard[-2]]
    if copied.kind in (CardKind.SENATOR, CardKind.MAGISTER):
        raise invalid(path, m.MAGISTER_REPEATS, card=copied.kind.value)
    _carry_out(board, seat, action, path, copied, set())


def _carry_out(
    board: Board,
    seat: int,
    action: Action,
    path: str,
    copied: Card,
    own: set[str],
) -> None:
    """Carry out ``copied`` for a Diplomat or a Magister: the role a
    double-role card's copy names, with the fields of that role (``own``:
    the copying card's own fields, left out of the check)."""
    roles = copied.playable_roles
    if len(roles) > 1:
        if action.role is None:
            raise invalid(
                child(path, "role"),
                m.ROLE_MISSING,
                card=copied.id,
                choices=", ".join(roles),
            )
        if action.role not in roles:
            raise invalid(
                child(path, "role"),
                m.ROLE_NOT_ON_CARD,
                card=copied.id,
                given=action.role.value,
            )
        kind = action.role
    elif action.role is not None and copied.kind is not CardKind.DIPLOMAT:
        # (A Magister repeating a Diplomat: the role is the Diplomat's copy's.)
        raise invalid(
            child(path, "role"),
            m.ROLE_NOT_ON_CARD,
            card=copied.id,
            given=action.role.value,
        )
    else:
        kind = roles[0]
    problems = action_problems(kind, action.given - own, board.state.tracking, path)
    if problems:
        raise LogInvalid(problems)
    EFFECTS[kind](board, seat, action, path, copied)


def copyable_seats(board: Board, seat: int) -> list[int]:
    """The other seats (in playing order from ``seat``) whose top discard a Diplomat may copy."""
    count = board.seats
    seats = []
    for offset in range(1, count):
        other = (seat + offset) % count
        discard = board.state.players[other].discard
        # Never a Diplomat, nor a Magister (it repeats its own player's card).
        if discard and CARDS[discard[-1]].kind not in (
            CardKind.DIPLOMAT,
            CardKind.MAGISTER,
        ):
            seats.append(other)
    return seats


EFFECTS: Final[Mapping[CardKind, Effect]] = {
    CardKind.TRIBUNE: tribune,
    CardKind.ARCHITECT: architect,
    CardKind.PREFECT: prefect,
    CardKind.MERCATOR: mercator,
    CardKind.SENATOR: senator,
    CardKind.CONSUL: consul,
    CardKind.DIPLOMAT: diplomat,
    CardKind.COLONIST: colonist,
    CardKind.MASON: specialist,
    CardKind.FARMER: specialist,
    CardKind.SMITH: specialist,
    CardKind.VINTNER: specialist,
    CardKind.WEAVER: specialist,
    CardKind.MAGISTER: magister,
}
