"""The only module of the assistant that imports the rules-of-play engine `play`.

Like `games.adapters` for `scoring`: if a name of the engine changes, this is
the one place to adapt. It also turns the engine's answers into the small
shapes the pages show, and holds what the setup needs from `scoring` (the
token pool, deck I).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import play
from play import LogInvalid, State
from scoring import SheetInvalid, parse_concordia, score_sheet
from scoring.board import ROMAN, province_bonus
from scoring.catalog import SALE_CARDS, SPECIALIST_GOOD
from scoring.maps import MAPS, MapSpec
from scoring.types import (
    Category,
    Good,
    MapName,
    Problem,
    ScoreSheet,
    SheetKind,
    Specialist,
)

if TYPE_CHECKING:
    from assistant.models import AssistantGame

__all__ = ["LogInvalid", "Problem", "State"]

FORMAT = "game-log/1"
DISPLAY_SIZE = 7
# §2 setup: money 5, 6, 7, 8, 9 in seating order.
STARTING_SESTERTII = (5, 6, 7, 8, 9)


def spec(map_name: str) -> MapSpec:
    return MAPS[MapName(map_name)]


def log_document(
    game: AssistantGame, events: Sequence[Mapping[str, object]]
) -> dict[str, object]:
    """Return the game-log document (format game-log/1) of ``game`` with ``events``."""
    document: dict[str, object] = {
        "format": FORMAT,
        "game": "concordia",
        "map": game.map,
        "tracking": game.tracking,
        "intermediate_scoring": game.intermediate_scoring,
        "players": [{"name": p["name"], "colour": p["colour"]} for p in game.players],
    }
    if game.cities:
        document["cities"] = dict(game.cities)
    document["display"] = list(game.display)
    document["events"] = [dict(event) for event in events]
    return document


def check_setup(document: Mapping[str, object]) -> None:
    """Raise `LogInvalid` when the engine refuses the setup of ``document``."""
    play.load_log(dict(document))


def replay(document: Mapping[str, object]) -> State:
    """Return the state after every event of ``document``; raises `LogInvalid`."""
    return play.replay_document(dict(document))


def apply(state: State, event: Mapping[str, object]) -> State:
    """Return the state after ``event``, checked against ``state``; raises `LogInvalid`.

    Costs one event, not a replay: ``state`` carries the log it came from.
    """
    _log, after = play.apply_event(state.log, state, dict(event))
    return after


def state_document(state: State) -> dict[str, object]:
    return dict(play.state_document(state))


def errors_document(error: LogInvalid) -> dict[str, object]:
    return dict(play.errors_document(error))


# The setup the app can do for the table.


def draw_cities(map_name: str, rng: random.Random) -> dict[str, str]:
    """Deal the city tokens as the rules do: each letter's tokens among its cities (§8)."""
    board = spec(map_name)
    from scoring.maps import TOKEN_POOL

    cities: dict[str, str] = {}
    for letter in board.letters:
        tokens = [good.value for good in Good for _n in range(TOKEN_POOL[letter][good])]
        rng.shuffle(tokens)
        names = [city.name for city in board.cities if city.letter is letter]
        cities.update(zip(names, tokens, strict=False))
    return cities


def deck_cards(deck: int) -> list[str]:
    """Return the card ids of one sale deck, as the game log names them."""
    return [
        f"{ROMAN[card.deck]}:{card.name}" for card in SALE_CARDS if card.deck == deck
    ]


def display_surcharges() -> list[tuple[str, ...]]:
    """Return each display place's surcharge, left to right: goods, "?" for any (§6)."""
    from scoring.catalog import DISPLAY_SURCHARGE

    return [tuple(str(good) for good in place) for place in DISPLAY_SURCHARGE]


def deal_display(player_count: int, rng: random.Random) -> list[str]:
    """Deal the display: 7 cards of deck I, left to right (§4b)."""
    return rng.sample(deck_cards(1), DISPLAY_SIZE)


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvinceSetup:
    name: str
    bonus: str | None
    cities: list[tuple[str, str | None]]


def provinces(map_name: str, cities: Mapping[str, str]) -> list[ProvinceSetup]:
    """Return each province with its cities' goods and its bonus marker's good (§8)."""
    goods = {name: Good(good) for name, good in cities.items()}
    return [
        ProvinceSetup(
            name=province.name,
            bonus=(
                bonus.value
                if (bonus := province_bonus(province, goods)) is not None
                else None
            ),
            cities=[(city.name, cities.get(city.name)) for city in province.cities],
        )
        for province in spec(map_name).provinces
    ]


def decks_in_play(player_count: int) -> list[str]:
    return [ROMAN[deck] for deck in range(1, min(player_count, 5) + 1)]


STOREHOUSE_AT_START = {"food": 2, "brick": 1, "tool": 1, "wine": 1, "cloth": 1}


# What the pages show, built from a `State`.


def card_deck(card: str) -> str:
    return card.rpartition(":")[0]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView:
    seat: int
    name: str
    colour: str
    hand_count: int
    top_discard: str | None
    discard: tuple[str, ...]
    cards: tuple[str, ...]
    sestertii: int | None
    storehouse: dict[str, int] | None
    colonists_board: int | None
    houses: tuple[str, ...]
    is_current: bool
    is_praefectus: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DisplayView:
    position: int
    card: str | None
    # The goods it costs: fixed goods by name, then "?" for each of the buyer's choice.
    price: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnView:
    status: str
    turn_number: int
    current: PlayerView | None
    hand: list[tuple[str, int]]
    players: list[PlayerView]
    display: list[DisplayView]
    pile_count: int
    reveal_choices: list[str]
    praefectus_magnus: str
    concordia_card: str | None
    undoable: bool
    full: bool
    last_turns: bool
    over: bool


def turn_view(state: State) -> TurnView:
    """Return what the turn screen shows of ``state``."""
    full = state.full
    players = [
        PlayerView(
            seat=seat,
            name=player.name,
            colour=player.colour,
            hand_count=len(player.hand),
            top_discard=player.discard[-1] if player.discard else None,
            discard=player.discard,
            cards=player.cards,
            sestertii=player.sestertii if full else None,
            storehouse=(
                {good.value: player.storehouse[good] for good in Good} if full else None
            ),
            colonists_board=player.colonists_board if full else None,
            houses=player.houses if full else (),
            is_current=seat == state.seat,
            is_praefectus=seat == state.pm_seat,
        )
        for seat, player in enumerate(state.players)
    ]
    current = players[state.seat] if state.seat is not None else None
    hand: dict[str, int] = {}
    if current is not None:
        for card in state.players[current.seat].hand:
            hand[card] = hand.get(card, 0) + 1
    reveal_choices = _reveal_choices(state)
    return TurnView(
        status=str(state.status),
        turn_number=state.turn_number,
        current=current,
        hand=sorted(hand.items()),
        players=players,
        display=[
            DisplayView(position=p.position, card=p.card, price=_price_text(p))
            for p in (play.display_prices(state) if state.seat is not None else ())
        ],
        pile_count=state.pile_count,
        reveal_choices=reveal_choices,
        praefectus_magnus=state.praefectus_magnus,
        concordia_card=state.concordia_card,
        undoable=state.undoable,
        full=full,
        last_turns=str(state.status) == "last_turns",
        over=state.over,
    )


def _reveal_choices(state: State) -> list[str]:
    """The cards that may refill the next empty place: the pile's lowest deck."""
    if None not in state.display or not state.pile:
        return []
    lowest = min(_deck_number(card) for card in state.pile)
    return sorted({card for card in state.pile if _deck_number(card) == lowest})


def forced_refill(
    state: State, event: Mapping[str, object], field: str = "reveal"
) -> list[str]:
    """Return the cards that must refill the display after ``event``, in order.

    While only one card can come next (deck I has one card left after the
    deal, say), nobody needs to tap it: these go into the event's ``field``
    (``reveal`` of a purchase, ``cards`` of a reveal event). Empty when the
    event leaves no empty place, a choice, or is refused (the write says why).
    """
    named = [str(card) for card in event.get(field) or ()]  # type: ignore[attr-defined]
    forced: list[str] = []
    while True:
        trial = dict(event)
        if named or forced:
            trial[field] = [*named, *forced]
        try:
            after = apply(state, trial)
        except LogInvalid:
            return []
        choices = _reveal_choices(after)
        if len(choices) != 1:
            return forced
        forced.append(choices[0])


def _deck_number(card: str) -> int:
    deck = card_deck(card)
    return ROMAN.index(deck) if deck in ROMAN else 0


def _price_text(price: play.DisplayPrice, *, consul: bool = False) -> tuple[str, ...]:
    goods = price.consul_goods if consul else price.goods
    fixed = [good.value for good in Good for _n in range(goods[good])]
    return (*fixed, *(["?"] * (0 if consul else price.any_goods)))


@dataclass(frozen=True, slots=True, kw_only=True)
class BuyChoice:
    position: int
    card: str
    price: tuple[str, ...]
    affordable: bool | None


@dataclass(frozen=True, slots=True, kw_only=True)
class HelperView:
    """What one card does here and now, for the player whose turn it is.

    ``card`` is the card played (a Diplomat stays the Diplomat); ``kind`` is
    what it does (for a Diplomat with ``copy``, the copied card's kind).
    """

    card: str
    kind: str
    copy: str
    copied: str
    playable: bool
    reason: Problem | None
    full: bool
    tribune: play.TribuneBonus | None = None
    ask_intermediate_points: bool = False
    mercator_income: int | None = None
    prefect: play.PrefectOptions | None = None
    # False when markers lie coin side up but the log does not know their
    # goods (light tracking): the group counts the coins on the table.
    prefect_cash_known: bool = True
    diplomat: tuple[play.DiplomatOption, ...] = ()
    colonist_cash: int | None = None
    colonists_in_storehouse: int = 0
    buy: tuple[BuyChoice, ...] = ()
    buy_two: bool = False
    houses: tuple[play.HouseCost, ...] = ()
    specialist_houses: int | None = None
    specialist_good: str = ""
    storehouse: dict[str, int] | None = None
    sestertii: int | None = None
    free_spaces: int | None = None

    @property
    def produces(self) -> bool:
        """Whether the move brings goods (then some may not fit, full tracking)."""
        return self.kind == "Prefect" or self.specialist_good != ""


def helper_view(
    state: State, *, card: str, copy: str = "", copied: str = ""
) -> HelperView | None:
    """Return the helper of ``card`` for the current player; None if they cannot hold it."""
    if state.seat is None:
        return None
    options = {option.card: option for option in play.legal_cards(state)}
    option = options.get(card)
    if option is None:
        return None
    player = state.players[state.seat]
    kind = option.kind
    base = {
        "card": card,
        "copy": "",
        "copied": "",
        "playable": option.playable,
        "reason": option.reason,
        "full": state.full,
        "storehouse": (
            {good.value: player.storehouse[good] for good in Good}
            if state.full
            else None
        ),
        "sestertii": player.sestertii if state.full else None,
        "free_spaces": player.free_spaces if state.full else None,
    }
    if kind is play.CardKind.DIPLOMAT:
        choices = play.diplomat_options(state)
        chosen = next(
            (c for c in choices if c.player == copy and c.card == copied), None
        )
        if chosen is None:
            return HelperView(kind=kind.value, diplomat=choices, **base)  # type: ignore[arg-type]
        base |= {"copy": chosen.player, "copied": chosen.card}
        return _helper_for(state, chosen.kind, chosen.card, base)
    return _helper_for(state, kind, card, base)


def _helper_for(
    state: State, kind: play.CardKind, card: str, base: dict[str, object]
) -> HelperView:
    K = play.CardKind
    seat = state.seat
    assert seat is not None
    player = state.players[seat]
    extra: dict[str, object] = {}
    if kind is K.TRIBUNE:
        extra["tribune"] = play.tribune_bonus(state)
        intermediate = state.intermediate
        extra["ask_intermediate_points"] = (
            not state.full
            and state.log.intermediate_scoring
            and intermediate is not None
            and intermediate.totals[seat] is None
        )
    elif kind is K.MERCATOR:
        extra["mercator_income"] = play.mercator_income(card)
    elif kind is K.PREFECT:
        extra["prefect"] = play.prefect_options(state)
        extra["prefect_cash_known"] = (
            state.log.cities is not None or not state.coin_side
        )
    elif kind is K.COLONIST:
        # Light tracking does not follow the colonists: no number it cannot know.
        extra["colonist_cash"] = play.colonist_cash(state) if state.full else None
        extra["colonists_in_storehouse"] = player.colonists_storehouse
    elif kind in (K.SENATOR, K.CONSUL):
        consul = kind is K.CONSUL
        extra["buy"] = tuple(
            BuyChoice(
                position=price.position,
                card=price.card,
                price=_price_text(price, consul=consul),
                affordable=price.affordable,
            )
            for price in play.display_prices(state)
            if price.card is not None
        )
        extra["buy_two"] = not consul
    elif kind is K.ARCHITECT and state.full:
        extra["houses"] = tuple(
            play.house_cost(state, city.name)
            for city in state.map.cities
            if city.name not in player.houses
        )
    elif kind.value.lower() in {s.value for s in Specialist}:
        good = SPECIALIST_GOOD[Specialist(kind.value.lower())]
        extra["specialist_good"] = good.value
        cities = state.log.cities or {}
        extra["specialist_houses"] = (
            sum(1 for city in player.houses if cities.get(city) is good)
            if state.full
            else None
        )
    return HelperView(kind=kind.value, **base, **extra)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True, kw_only=True)
class ArchitectCity:
    """A city the player may build in: its cost now, and its place in the taps (0: not tapped)."""

    city: str
    good: str
    goods: dict[str, int]
    coins: int
    order: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ArchitectProvince:
    name: str
    cities: tuple[ArchitectCity, ...]
    tapped: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ArchitectPlan:
    """The cities built so far in tap order (the building order) and what they cost together.

    A house's price depends on the houses already in its city only (§2: one
    house per player and city), so each city's cost stands however the taps go.
    """

    provinces: tuple[ArchitectProvince, ...]
    built: tuple[str, ...]
    goods: dict[str, int]
    coins: int
    # The player's money and goods after these houses (full tracking).
    sestertii_left: int | None
    short: tuple[str, ...]


def architect_plan(
    state: State, houses: Sequence[play.HouseCost], built: Sequence[str]
) -> ArchitectPlan:
    """Group the cities a house may go to by province, with the taps so far and their total."""
    costs = {house.city: house for house in houses}
    order = [city for city in dict.fromkeys(built) if city in costs]
    goods: dict[str, int] = {}
    coins = 0
    for city in order:
        for good, count in costs[city].goods.items():
            if count:
                goods[good.value] = goods.get(good.value, 0) + count
        coins += costs[city].coins
    provinces = []
    for province in state.map.provinces:
        cities = tuple(
            ArchitectCity(
                city=city.name,
                good=costs[city.name].good.value,
                goods={
                    good.value: count
                    for good, count in costs[city.name].goods.items()
                    if count
                },
                coins=costs[city.name].coins,
                order=order.index(city.name) + 1 if city.name in order else 0,
            )
            for city in province.cities
            if city.name in costs
        )
        if cities:
            provinces.append(
                ArchitectProvince(
                    name=province.name,
                    cities=cities,
                    tapped=sum(1 for city in cities if city.order),
                )
            )
    player = state.players[state.seat] if state.seat is not None else None
    sestertii_left = player.sestertii - coins if player is not None else None
    short = (
        tuple(
            good.value
            for good in Good
            if goods.get(good.value, 0) > player.storehouse[good]
        )
        if player is not None
        else ()
    )
    return ArchitectPlan(
        provinces=tuple(provinces),
        built=tuple(order),
        goods=goods,
        coins=coins,
        sestertii_left=sestertii_left,
        short=short,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class IntermediateRow:
    name: str
    colour: str
    # None until the player's first Tribune.
    total: int | None
    # The sestertii paid once everyone has scored (§2: 2 to the first, 1 to the second).
    bonus: int | None
    just_scored: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class IntermediateView:
    rows: tuple[IntermediateRow, ...]
    complete: bool
    # The latest move scored someone (or paid the bonus): the turn screen says so.
    news: bool
    just_completed: bool

    @property
    def paid(self) -> tuple[IntermediateRow, ...]:
        """The players the bonus paid, in seating order."""
        return tuple(row for row in self.rows if row.bonus)


def intermediate_view(state: State) -> IntermediateView | None:
    """Return the intermediate scoring as it stands (None when the game plays without)."""
    current = state.intermediate
    if current is None:
        return None
    before = state.before.intermediate if state.before is not None else None
    earlier = before.totals if before is not None else (None,) * len(current.totals)
    rows = tuple(
        IntermediateRow(
            name=player.name,
            colour=player.colour,
            total=current.totals[seat],
            bonus=current.bonus[seat] if current.bonus is not None else None,
            just_scored=current.totals[seat] is not None and earlier[seat] is None,
        )
        for seat, player in enumerate(state.players)
    )
    just_completed = current.bonus is not None and (
        before is None or before.bonus is None
    )
    return IntermediateView(
        rows=rows,
        complete=current.bonus is not None,
        news=any(row.just_scored for row in rows) or just_completed,
        just_completed=just_completed,
    )


# The end: the final sheet, and the standing "if it ended now".

# What a light log cannot know, as the sheet page's empty form shows it: the
# group types the real values in.
_UNTRACKED_DEFAULTS: dict[str, object] = {
    "sestertii": 0,
    "storehouse": {},
    "colonists_on_board": 2,
    "houses": {},
    "provinces": 0,
}


def final_sheet_document(state: State) -> tuple[dict[str, object], tuple[str, ...]]:
    """Return the final score-sheet document of ``state`` and the paths it lacks."""
    sheet = play.final_sheet(state)
    return dict(sheet.document), tuple(sheet.missing)


def prefilled_sheet(state: State) -> ScoreSheet | None:
    """Return the score sheet the final sheet page opens with: all that was tracked.

    What light tracking does not know is left at the form's own defaults. None
    when the document does not make a sheet the scoring accepts as it is.
    """
    document, _missing = final_sheet_document(state)
    players = document.get("players")
    if not isinstance(players, list):
        return None
    for player in players:
        for field, value in _UNTRACKED_DEFAULTS.items():
            player.setdefault(field, value)
    try:
        return parse_concordia(document)
    except SheetInvalid:
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow:
    name: str
    colour: str
    # Light: cards per god (and specialists); full: points per god and the total.
    values: tuple[int, ...]
    total: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    points: bool
    headings: tuple[str, ...]
    rows: tuple[StandingRow, ...]


_GODS = ("vesta", "jupiter", "saturnus", "mercurius", "mars")


def standing(state: State) -> Standing | None:
    """Return how the game stands: full tracking, the points per god if it ended now
    (through `scoring`); light, each player's cards by god. None if not scorable."""
    document, _missing = final_sheet_document(state)
    colours = {p.name: p.colour for p in state.players}
    players = document.get("players")
    if not isinstance(players, list):
        return None
    if not state.full:
        return Standing(
            points=False,
            headings=(*_GODS, "minerva"),
            rows=tuple(
                StandingRow(
                    name=p["name"],
                    colour=colours[p["name"]],
                    values=(
                        *(int(p["cards"][god]) for god in _GODS),
                        len(p["specialists"]),
                    ),
                    total=None,
                )
                for p in players
            ),
        )
    try:
        sheet = parse_concordia(document)
    except SheetInvalid:
        # Mid-game nobody holds the Concordia card, which a final sheet
        # requires: score it as an intermediate sheet (§3), whose gods count
        # exactly as the final ones and whose Concordia line is 0.
        document["kind"] = SheetKind.INTERMEDIATE.value
        for player in players:
            player["concordia_card"] = False
        try:
            sheet = parse_concordia(document)
        except SheetInvalid:
            return None
    result = score_sheet(sheet)
    return Standing(
        points=True,
        headings=tuple(category.value for category in Category),
        rows=tuple(
            StandingRow(
                name=score.name,
                colour=colours[score.name],
                values=tuple(score.points(category) for category in Category),
                total=score.total,
            )
            for score in result.players
        ),
    )


def city_problems(map_name: str, goods: Mapping[str, str]) -> tuple[Problem, ...]:
    """Return what is wrong with a deal of city tokens, as the board entry checks it."""
    from scoring.board import validate_city_goods

    return validate_city_goods(
        spec(map_name), {city: Good(good) for city, good in goods.items()}
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class PayChoice:
    """The goods of the player's choice a Senator's purchase still needs (full tracking).

    ``options`` lists each way to pay them with goods the player holds after
    the fixed goods: tuples of good names, e.g. ``("wine",)`` or ``("brick", "food")``.
    """

    count: int
    options: tuple[tuple[str, ...], ...]


def pay_choice(state: State, cards: Sequence[str]) -> PayChoice | None:
    """Return what is left to choose for buying ``cards``; None when nothing is."""
    if not state.full or state.seat is None or not cards:
        return None
    prices = {p.card: p for p in play.display_prices(state) if p.card is not None}
    chosen = [prices[card] for card in cards if card in prices]
    count = sum(price.any_goods for price in chosen)
    if count == 0:
        return None
    left = dict(state.players[state.seat].storehouse.items())
    for price in chosen:
        for good in Good:
            left[good] = left.get(good, 0) - price.goods[good]
    options = tuple(
        tuple(good.value for good in combination)
        for combination in itertools.combinations_with_replacement(Good, count)
        if all(combination.count(good) <= left.get(good, 0) for good in Good)
    )
    return PayChoice(count=count, options=options)
