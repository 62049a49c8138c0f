"""What the table assistant asks of a state: pure functions, nothing changes.

Each answers for the player whose turn it is (unless told otherwise), with
the numbers of the rules digest: what a house costs now, what the display's
cards cost, what a Prefect would produce, what a Diplomat may copy, and so on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from play.concordia import messages as m
from play.concordia.board import Board
from play.concordia.cards import (
    CORNELIUS,
    card_price,
    cash_amount,
    house_price,
    tribune_money,
)
from play.concordia.cards import (
    colonist_cash as _colonist_cash,
)
from play.concordia.cards import mercator_income as _mercator_income
from play.concordia.data import CARDS, COLONIST_COST, Card, CardKind
from play.concordia.sheet import FinalSheet
from play.concordia.sheet import final_sheet as _final_sheet
from play.concordia.types import State
from scoring.board import province_bonus
from scoring.types import Good, GoodCounts, Problem


@dataclass(frozen=True, slots=True, kw_only=True)
class CardOption:
    """A card of the current hand; ``reason`` says why it cannot be played now."""

    card: str
    kind: CardKind
    playable: bool
    reason: Problem | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseCost:
    """A house in ``city`` now: its goods and ``coins`` = base × houses after building."""

    city: str
    good: Good
    goods: GoodCounts
    coins: int
    houses_after: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DisplayPrice:
    """A display position (1 = left): the card, its surcharge, its own cost, the total.

    ``goods`` holds the fixed goods of card and surcharge together; ``any_goods``
    the goods of the buyer's choice ('?'). ``affordable`` (the Senator's price)
    and ``consul_affordable`` (the Consul's: the card's own cost, no surcharge)
    are None in light tracking.
    """

    position: int
    card: str | None
    surcharge: tuple[str, ...]
    cost: tuple[Good, ...]
    goods: GoodCounts
    any_goods: int
    consul_goods: GoodCounts
    affordable: bool | None
    consul_affordable: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvinceOption:
    """A province a Prefect may choose: what every player receives there.

    ``receives`` lists each player (seating order) with the goods their houses
    produce, plus the bonus for the active player (``bonus`` goods, 2 with the
    Praefectus Magnus). ``good`` is None when the log does not say the cities' goods.
    """

    province: str
    good: Good | None
    bonus: int
    receives: tuple[tuple[str, GoodCounts], ...]
    active: GoodCounts
    # No marker of its own (Creta's Gavdos): the producer chooses the bonus
    # good (the Prefect's ``bonus``); ``good`` is then the most valuable.
    chosen: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PrefectOptions:
    provinces: tuple[ProvinceOption, ...]
    cash: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DiplomatOption:
    player: str
    card: str
    kind: CardKind


@dataclass(frozen=True, slots=True, kw_only=True)
class TribuneBonus:
    """What a Tribune gives now: the cards back (itself included), the sestertii,
    and whether a colonist may be bought (always True in light tracking)."""

    cards: int
    sestertii: int
    colonist: bool


def _current(state: State) -> int:
    if state.seat is None:
        raise ValueError("nobody plays now: the game is over")
    return state.seat


def diplomat_options(state: State) -> tuple[DiplomatOption, ...]:
    """Return the other players' top discards a Diplomat may copy (never a Diplomat)."""
    seat = _current(state)
    options = []
    count = len(state.players)
    for offset in range(1, count):
        player = state.players[(seat + offset) % count]
        if player.discard:
            card = CARDS[player.discard[-1]]
            # Never a Diplomat, nor a Magister (it repeats its own player's card).
            if card.kind not in (CardKind.DIPLOMAT, CardKind.MAGISTER):
                options.append(
                    DiplomatOption(player=player.name, card=card.id, kind=card.kind)
                )
    return tuple(options)


def magister_repeats(state: State) -> Card | None:
    """The card a Magister played now would repeat: the current player's top
    discard (Venus, expansions §2b); None when the discard pile is empty."""
    seat = _current(state)
    discard = state.players[seat].discard
    return CARDS[discard[-1]] if discard else None


def display_prices(state: State, player: str | None = None) -> tuple[DisplayPrice, ...]:
    """Return every display position with its card and what it costs (§6)."""
    seat = _current(state) if player is None else state.seat_of(player)
    if seat is None:
        raise ValueError(f"{player!r} does not play in this game")
    holding = state.players[seat].storehouse
    # Salsa's forum: Cornelius Scipio's holder pays every surcharge with any goods.
    any_surcharge = Board(state).holds(seat, CORNELIUS)
    prices = []
    for index, card_id in enumerate(state.display):
        position = index + 1
        surcharge = tuple(str(good) for good in state.log.surcharge[index])
        if card_id is None:
            prices.append(
                DisplayPrice(
                    position=position,
                    card=None,
                    surcharge=surcharge,
                    cost=(),
                    goods=GoodCounts(),
                    any_goods=0,
                    consul_goods=GoodCounts(),
                    affordable=None if not state.full else False,
                    consul_affordable=None if not state.full else False,
                )
            )
            continue
        card = CARDS[card_id]
        goods, any_goods = card_price(
            card,
            position,
            surcharge=True,
            surcharges=state.log.surcharge,
            any_surcharge=any_surcharge,
        )
        prices.append(
            DisplayPrice(
                position=position,
                card=card_id,
                surcharge=surcharge,
                cost=card.cost,
                goods=GoodCounts.from_mapping(goods),
                any_goods=any_goods,
                consul_goods=GoodCounts.from_mapping(Counter(card.cost)),
                affordable=(
                    _affords(holding, goods, any_goods) if state.full else None
                ),
                consul_affordable=(
                    _affords(holding, Counter(card.cost), 0) if state.full else None
                ),
            )
        )
    return tuple(prices)


def _affords(holding: GoodCounts, goods: Mapping[Good, int], any_goods: int) -> bool:
    if any(holding[good] < count for good, count in goods.items()):
        return False
    return holding.total - sum(goods.values()) >= any_goods


def legal_cards(state: State) -> tuple[CardOption, ...]:
    """Return each card of the current hand (once per id), playable or with the reason why not."""
    if state.seat is None:
        return ()
    seat = state.seat
    player = state.players[seat]
    options = []
    for card_id in dict.fromkeys(player.hand):
        card = CARDS[card_id]
        reason = _why_not(state, seat, card)
        options.append(
            CardOption(
                card=card_id, kind=card.kind, playable=reason is None, reason=reason
            )
        )
    return tuple(options)


def _why_not(state: State, seat: int, card: Card) -> Problem | None:
    """Why ``card`` cannot be played now; None: it can.

    Every card of the base game can: a Senator or Consul may buy nothing (on
    a last turn with an empty display, or with too few goods), a Diplomat with
    nothing to copy has no effect (docs/game-log.md). A module whose card
    has a condition adds it here: Venus' Magister repeats the player's own
    top discard (§2b), so it needs one, never a Senator nor a Magister.
    """
    if card.kind is CardKind.MAGISTER:
        repeated = magister_repeats(state)
        if repeated is None:
            return Problem(path="", template=m.NOTHING_TO_REPEAT)
        if repeated.kind in (CardKind.SENATOR, CardKind.MAGISTER):
            return Problem(
                path="", template=m.MAGISTER_REPEATS, params={"card": repeated.kind}
            )
    return None


def house_cost(state: State, city: str) -> HouseCost:
    """Return what a house in ``city`` costs now, given the houses already there (§2).

    Raises ValueError for the capital, a city the map lacks, or a log without goods.
    """
    log = state.log
    if log.cities is None or city not in log.cities:
        raise ValueError(f"no good known for {city!r}")
    board = Board(state)
    # The current player's forum cards (Aulus Arcadius, Mamilius) count.
    good, goods, coins = house_price(board, city, state.seat)
    return HouseCost(
        city=city,
        good=good,
        goods=GoodCounts.from_mapping(goods),
        coins=coins,
        houses_after=board.houses_in(city) + 1,
    )


def prefect_options(state: State) -> PrefectOptions:
    """Return the provinces a Prefect may choose, what each gives whom, and the cash amount."""
    seat = _current(state)
    board = Board(state)
    cities = state.log.cities
    options = []
    for province in state.map.provinces:
        if province.name in state.coin_side:
            continue
        good = province_bonus(province, cities) if cities is not None else None
        bonus = 2 if seat == state.pm_seat else 1
        receives = []
        active = GoodCounts()
        for other, player in enumerate(state.players):
            counts: Counter[Good] = Counter()
            if cities is not None:
                for city in province.cities:
                    if city.name in player.houses:
                        counts[cities[city.name]] += 1
            if other == seat and good is not None:
                counts[good] += bonus
            goods = GoodCounts.from_mapping(counts)
            receives.append((player.name, goods))
            if other == seat:
                active = goods
        options.append(
            ProvinceOption(
                province=province.name,
                good=good,
                bonus=bonus,
                receives=tuple(receives),
                active=active,
                chosen=province.chosen_bonus,
            )
        )
    return PrefectOptions(
        provinces=tuple(options), cash=cash_amount(state.coin_side, board)
    )


def colonist_cash(state: State) -> int:
    """Return the Colonist's cash option now: 5 + 1 per own colonist on the board."""
    return _colonist_cash(Board(state).purse(_current(state)))


def tribune_bonus(state: State) -> TribuneBonus:
    """Return what a Tribune played now gives the current player."""
    player = state.players[_current(state)]
    returned = len(player.discard) + 1
    colonist = True
    if state.full:
        colonist = player.colonists_storehouse > 0 and all(
            player.storehouse[good] >= 1 for good in COLONIST_COST
        )
    return TribuneBonus(
        cards=returned, sestertii=tribune_money(returned), colonist=colonist
    )


def mercator_income(card: str | Card) -> int:
    """Return a Mercator's income: 3 for the starting card, 5 for a bought one."""
    return _mercator_income(CARDS[card] if isinstance(card, str) else card)


def final_sheet(state: State) -> FinalSheet:
    """Return the final score-sheet document of ``state`` and what it lacks."""
    return _final_sheet(state)
