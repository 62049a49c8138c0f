"""What Concordia's assistant pages show, built from a `State` (no request, no database).

The turn screen (`turn_view`), a card's helper (`helper_view`: one entry per
card kind in `_KINDS`, with the template that shows it), the Architect's taps,
the intermediate scoring, the standing "if it ended now" and the sheet the
final score sheet opens with.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from assistant.concordia import adapter
from assistant.concordia.adapter import CITIZEN_FIELDS, FORUM_CARDS, CardKind, State
from games.concordia.map_words import province_label
from scoring import SheetInvalid, parse_concordia, score_sheet
from scoring.board import ROMAN
from scoring.types import Good, Problem, ScoreSheet, SheetKind

HELPERS: Final = "assistant/concordia/helpers"


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
    # Full tracking: the storehouse's free spaces and the colonists still in it.
    free_spaces: int | None = None
    colonists_storehouse: int | None = None
    is_praefectus: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DisplayView:
    position: int
    card: str | None
    # The goods it costs: fixed goods by name, then "?" for each of the buyer's choice.
    price: tuple[str, ...]
    # The place's surcharge (§6), and the card of the current hand a tap on
    # the display's card opens to buy it (a Senator first, else a Consul; "").
    surcharge: tuple[str, ...] = ()
    buy_with: str = ""


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


def goods(state: State) -> tuple[Good, ...]:
    """The goods of the game's ruleset (its map and modules), in the data's order."""
    return state.log.rules.goods


def _storehouse(state: State, player: adapter.PlayerState) -> dict[str, int]:
    return {good.value: player.storehouse[good] for good in goods(state)}


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
            storehouse=_storehouse(state, player) if full else None,
            colonists_board=player.colonists_board if full else None,
            houses=player.houses if full else (),
            is_current=seat == state.seat,
            free_spaces=player.free_spaces if full else None,
            colonists_storehouse=player.colonists_storehouse if full else None,
            is_praefectus=seat == state.pm_seat,
        )
        for seat, player in enumerate(state.players)
    ]
    current = players[state.seat] if state.seat is not None else None
    hand: dict[str, int] = {}
    if current is not None:
        for card in state.players[current.seat].hand:
            hand[card] = hand.get(card, 0) + 1
    return TurnView(
        status=str(state.status),
        turn_number=state.turn_number,
        current=current,
        hand=sorted(hand.items()),
        players=players,
        display=[
            DisplayView(
                position=p.position,
                card=p.card,
                price=_price_text(state, p),
                surcharge=p.surcharge,
                buy_with=_buyer(hand) if p.card is not None else "",
            )
            for p in (adapter.display_prices(state) if state.seat is not None else ())
        ],
        pile_count=state.pile_count,
        reveal_choices=reveal_choices(state),
        praefectus_magnus=state.praefectus_magnus,
        concordia_card=state.concordia_card,
        undoable=state.undoable,
        full=full,
        last_turns=state.status is adapter.Status.LAST_TURNS,
        over=state.over,
    )


def _buyer(hand: Mapping[str, int]) -> str:
    """The card of the hand that buys from the display: a Senator, else a Consul."""
    kinds = {card: adapter.card_kind(card) for card in hand}
    for kind in (CardKind.SENATOR, CardKind.CONSUL):
        for card, found in kinds.items():
            if found == kind:
                return card
    return ""


def reveal_choices(state: State) -> list[str]:
    """The cards that may refill the next empty place: the pile's lowest deck."""
    if None not in state.display or not state.pile:
        return []
    lowest = min(_deck_number(card) for card in state.pile)
    return sorted({card for card in state.pile if _deck_number(card) == lowest})


def _deck_number(card: str) -> int:
    deck = card_deck(card)
    return ROMAN.index(deck) if deck in ROMAN else 0


def _price_text(
    state: State, price: adapter.DisplayPrice, *, consul: bool = False
) -> tuple[str, ...]:
    counts = price.consul_goods if consul else price.goods
    fixed = [good.value for good in goods(state) for _n in range(counts[good])]
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
    what it does (for a Diplomat with ``copy``, the copied card's kind), and
    ``template`` the helper template of that kind.
    """

    card: str
    kind: str
    template: str
    copy: str
    copied: str
    playable: bool
    # Venus: the role chosen on a double-role card (its play names it), the
    # two roles while none is chosen, and the card a Magister repeats.
    role: str = ""
    roles: tuple[str, ...] = ()
    repeated: str = ""
    # The Magister repeating a Diplomat: not in the assistant yet.
    repeats_diplomat: bool = False
    reason: Problem | None
    full: bool
    tribune: adapter.TribuneBonus | None = None
    ask_intermediate_points: bool = False
    mercator_income: int | None = None
    prefect: adapter.PrefectOptions | None = None
    # False when markers lie coin side up but the log does not know their
    # goods (light tracking): the group counts the coins on the table.
    prefect_cash_known: bool = True
    # The goods a Prefect may choose where a province has no marker (Gavdos).
    prefect_goods: tuple[str, ...] = ()
    diplomat: tuple[adapter.DiplomatOption, ...] = ()
    colonist_cash: int | None = None
    colonists_in_storehouse: int = 0
    buy: tuple[BuyChoice, ...] = ()
    buy_two: bool = False
    houses: tuple[adapter.HouseCost, ...] = ()
    specialist_houses: int | None = None
    specialist_good: str = ""
    storehouse: dict[str, int] | None = None
    # The Mercator's goods: those with a price (never salt), with the count held.
    trade_goods: dict[str, int] | None = None
    sestertii: int | None = None
    free_spaces: int | None = None
    # Salsa's forum: the current player's cards that concern this card (the
    # patricians held, the citizens to use with it, Mamilius in effect), and
    # the choices they add (Titus Valerius' exchange on a Tribune, Claudius
    # Pompeius' sale of the bonus good on a Prefect).
    forum_cards: tuple[ForumCardView, ...] = ()
    forum_exchange: tuple[str, ...] = ()
    forum_salt: bool = False
    sell_bonus: bool = False

    @property
    def produces(self) -> bool:
        """Whether the move brings goods (then some may not fit, full tracking)."""
        return self.kind == CardKind.PREFECT or self.specialist_good != ""


# What each kind of card adds to its helper: (the template, the extras). A
# new kind of card is a new row here and a template, never an ``if``.
_Extras = Callable[[State, str], dict[str, object]]


def _tribune(state: State, card: str) -> dict[str, object]:
    seat = state.seat
    assert seat is not None
    intermediate = state.intermediate
    return {
        "tribune": adapter.tribune_bonus(state),
        "ask_intermediate_points": (
            not state.full
            and state.log.intermediate_scoring
            and intermediate is not None
            and intermediate.totals[seat] is None
        ),
    }


def _mercator(state: State, card: str) -> dict[str, object]:
    seat = state.seat
    assert seat is not None
    held = state.players[seat].storehouse
    return {
        "mercator_income": adapter.mercator_income(card),
        # Salsa: salt is never bought or sold (it pays for a good sold short).
        "trade_goods": {good.value: held[good] for good in state.log.rules.traded},
    }


def _prefect(state: State, card: str) -> dict[str, object]:
    return {
        "prefect": adapter.prefect_options(state),
        "prefect_cash_known": state.log.cities is not None or not state.coin_side,
        # A bonus marker shows a good, never the wildcard (salt).
        "prefect_goods": tuple(
            good.value
            for good in state.log.rules.goods
            if good not in state.log.rules.wildcards
        ),
    }


def _colonist(state: State, card: str) -> dict[str, object]:
    seat = state.seat
    assert seat is not None
    return {
        # Light tracking does not follow the colonists: no number it cannot know.
        "colonist_cash": adapter.colonist_cash(state) if state.full else None,
        "colonists_in_storehouse": state.players[seat].colonists_storehouse,
    }


def _buying(*, consul: bool) -> _Extras:
    def extras(state: State, card: str) -> dict[str, object]:
        return {
            "buy": tuple(
                BuyChoice(
                    position=price.position,
                    card=price.card,
                    price=_price_text(state, price, consul=consul),
                    # The Consul pays the card's own cost only: its own price.
                    affordable=(
                        price.consul_affordable if consul else price.affordable
                    ),
                )
                for price in adapter.display_prices(state)
                if price.card is not None
            ),
            "buy_two": not consul,
        }

    return extras


def _architect(state: State, card: str) -> dict[str, object]:
    seat = state.seat
    assert seat is not None
    if not state.full:
        return {}
    built = state.players[seat].houses
    return {
        "houses": tuple(
            adapter.house_cost(state, city.name)
            for city in state.map.cities
            if city.name not in built
        )
    }


def _specialist(state: State, card: str) -> dict[str, object]:
    seat = state.seat
    assert seat is not None
    good = adapter.SPECIALIST_KINDS[CardKind(card.rpartition(":")[2])]
    cities = state.log.cities or {}
    houses = state.players[seat].houses
    return {
        "specialist_good": good.value,
        "specialist_houses": (
            sum(1 for city in houses if cities.get(city) is good)
            if state.full
            else None
        ),
    }


def _nothing(state: State, card: str) -> dict[str, object]:
    return {}


_KINDS: Final[Mapping[CardKind, tuple[str, _Extras]]] = {
    CardKind.TRIBUNE: ("tribune", _tribune),
    CardKind.ARCHITECT: ("architect", _architect),
    CardKind.PREFECT: ("prefect", _prefect),
    CardKind.MERCATOR: ("mercator", _mercator),
    CardKind.SENATOR: ("buy", _buying(consul=False)),
    CardKind.CONSUL: ("buy", _buying(consul=True)),
    CardKind.DIPLOMAT: ("diplomat", _nothing),
    CardKind.COLONIST: ("colonist", _colonist),
    **dict.fromkeys(adapter.SPECIALIST_KINDS, ("specialist", _specialist)),
    CardKind.MAGISTER: ("magister", _nothing),
}


def _template(kind: CardKind) -> str:
    return f"{HELPERS}/{_KINDS[kind][0]}.html"


def helper_view(
    state: State, *, card: str, copy: str = "", copied: str = "", role: str = ""
) -> HelperView | None:
    """Return the helper of ``card`` for the current player; None if they cannot hold it."""
    if state.seat is None:
        return None
    options = {option.card: option for option in adapter.legal_cards(state)}
    option = options.get(card)
    if option is None:
        return None
    player = state.players[state.seat]
    base = HelperView(
        card=card,
        kind=option.kind.value,
        template=_template(option.kind),
        copy="",
        copied="",
        playable=option.playable,
        reason=option.reason,
        full=state.full,
        storehouse=_storehouse(state, player) if state.full else None,
        sestertii=player.sestertii if state.full else None,
        free_spaces=player.free_spaces if state.full else None,
    )
    kind, acting = option.kind, card
    if kind is CardKind.PREFECT and _holds(state, "Sextus Pompeius"):
        # Salsa's forum: Sextus Pompeius' holder may play the Prefect as a Diplomat.
        if role not in (CardKind.PREFECT, CardKind.DIPLOMAT):
            return replace(
                base,
                template=f"{HELPERS}/roles.html",
                roles=(CardKind.PREFECT.value, CardKind.DIPLOMAT.value),
            )
        if role == CardKind.DIPLOMAT:
            kind = CardKind.DIPLOMAT
            base = replace(base, role=role, kind=kind.value, template=_template(kind))
    if kind is CardKind.DIPLOMAT:
        choices = (*adapter.diplomat_options(state), *_display_copies(state))
        chosen = next(
            (c for c in choices if c.player == copy and c.card == copied), None
        )
        if chosen is None:
            return replace(base, diplomat=choices)
        base = replace(
            base,
            kind=chosen.kind.value,
            template=_template(chosen.kind),
            copy=chosen.player,
            copied=chosen.card,
        )
        kind, acting = chosen.kind, chosen.card
    elif kind is CardKind.MAGISTER:
        # Venus: the Magister carries out the card under it (§2b).
        repeated = adapter.magister_repeats(state)
        if repeated is None or not option.playable:
            return base
        base = replace(base, repeated=repeated.id)
        if repeated.kind is CardKind.DIPLOMAT:
            return replace(base, repeats_diplomat=True)
        kind, acting = repeated.kind, repeated.id
        base = replace(base, kind=kind.value, template=_template(kind))
    roles = adapter.card(acting).playable_roles
    if len(roles) > 1:
        # A double-role card (Venus): the table picks the role first.
        if role not in roles:
            return replace(
                base,
                template=f"{HELPERS}/roles.html",
                roles=tuple(r.value for r in roles),
            )
        kind = CardKind(role)
        base = replace(base, kind=kind.value, template=_template(kind), role=role)
    view = replace(base, **_KINDS[kind][1](state, acting))  # type: ignore[arg-type]
    return _with_forum(view, state, kind)


def _holds(state: State, card: str) -> bool:
    """Salsa's forum: whether the current player holds ``card``."""
    forum, seat = state.forum, state.seat
    return forum is not None and seat is not None and card in forum.held[seat]


def _display_copies(state: State) -> tuple[adapter.DiplomatOption, ...]:
    """Salsa's forum: the display cards Lucius Flavius' holder may copy with a
    Diplomat (named by no player: ``copy`` stays empty, ``copied`` is the card)."""
    if not _holds(state, "Lucius Flavius"):
        return ()
    copyable = (
        adapter.card(card_id) for card_id in state.display if card_id is not None
    )
    return tuple(
        adapter.DiplomatOption(player="", card=card.id, kind=card.kind)
        for card in copyable
        if card.kind not in (CardKind.DIPLOMAT, CardKind.MAGISTER)
        and len(card.playable_roles) == 1
    )


def _with_forum(view: HelperView, state: State, kind: CardKind) -> HelperView:
    """Salsa's forum on a card's helper: the current player's forum cards that
    concern ``kind`` (their ``when``), and the choices they add."""
    forum, seat = state.forum, state.seat
    if forum is None or seat is None:
        return view
    held = forum.held[seat]
    in_effect = forum.turn_used if forum.turn == state.turn_number else ()
    names = [
        name
        for name in (*held, *in_effect)
        if _forum_kind(FORUM_CARDS[name].when) == kind.value
    ]
    full = state.full
    rules = state.log.rules
    return replace(
        view,
        forum_cards=tuple(_forum_card(name, full) for name in dict.fromkeys(names)),
        forum_exchange=(
            tuple(good.value for good in rules.traded)
            if full and kind is CardKind.TRIBUNE and "Titus Valerius" in held
            else ()
        ),
        forum_salt=bool(rules.wildcards),
        sell_bonus=full and kind is CardKind.PREFECT and "Claudius Pompeius" in held,
    )


def _forum_kind(when: str) -> str:
    """The card kind a forum card's ``when`` names ("Prefect (goods)": prefect);
    "" for "own turn" or "once, when gained"."""
    word = when.split(" ")[0].strip(",")
    return word if word in CardKind.__members__.values() else ""


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
    state: State, houses: Sequence[adapter.HouseCost], built: Sequence[str]
) -> ArchitectPlan:
    """Group the cities a house may go to by province, with the taps so far and their total."""
    costs = {house.city: house for house in houses}
    order = [city for city in dict.fromkeys(built) if city in costs]
    needed: dict[str, int] = {}
    coins = 0
    for city in order:
        for good, count in costs[city].goods.items():
            if count:
                needed[good.value] = needed.get(good.value, 0) + count
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
                    name=province_label(province.name),
                    cities=cities,
                    tapped=sum(1 for city in cities if city.order),
                )
            )
    player = state.players[state.seat] if state.seat is not None else None
    sestertii_left = player.sestertii - coins if player is not None else None
    short = (
        tuple(
            good.value
            for good in state.log.rules.goods
            if needed.get(good.value, 0) > player.storehouse[good]
        )
        if player is not None
        else ()
    )
    return ArchitectPlan(
        provinces=tuple(provinces),
        built=tuple(order),
        goods=needed,
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
_UNTRACKED_DEFAULTS: Final[Mapping[str, object]] = {
    "sestertii": 0,
    "storehouse": {},
    "colonists_on_board": 2,
    "houses": {},
    "provinces": 0,
}


def final_sheet_document(state: State) -> tuple[dict[str, object], tuple[str, ...]]:
    """Return the final score-sheet document of ``state`` and the paths it lacks."""
    sheet = adapter.final_sheet(state)
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
        pass
    # A light game ended by a 15th house: its houses were not tracked, so the
    # holder of the Concordia card shows none, which no final sheet accepts.
    # Read the rest as an intermediate sheet (no card), then give the card
    # back: the page opens with all that was tracked and asks for the houses.
    holder = next((i for i, p in enumerate(players) if p.get("concordia_card")), None)
    if holder is None:
        return None
    players[holder]["concordia_card"] = False
    try:
        sheet = parse_concordia({**document, "kind": SheetKind.INTERMEDIATE.value})
    except SheetInvalid:
        return None
    boards = list(sheet.players)
    boards[holder] = replace(boards[holder], concordia_card=True)
    return replace(sheet, kind=SheetKind.FINAL, players=tuple(boards))


@dataclass(frozen=True, slots=True, kw_only=True)
class ForumCardView:
    name: str
    patrician: bool
    # "H", "M" or "U" (concordia-expansions.md): how sure the effect is.
    confidence: str
    # Whether the app carries the effect out (full tracking); else the table
    # sets what it changed with a correction.
    applied: bool
    # The effect is on colonists' moves, which the app does not track:
    # nothing to correct either.
    board_only: bool = False
    # The game tracks money and goods (else only the cards: nothing to correct).
    full: bool = True
    # What the citizen's event may say it did (``CITIZEN_FIELDS``): its form asks.
    asks: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ForumPlayerView:
    seat: int
    name: str
    colour: str
    cards: tuple[ForumCardView, ...]
    # The player whose turn it is: their citizens can be used now.
    current: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ForumView:
    tableau: tuple[ForumCardView | None, ...]
    players: tuple[ForumPlayerView, ...]
    # The cards that may refill the tableau: neither laid, held nor used.
    stack: tuple[str, ...]
    used: tuple[str, ...]
    # Without salt, Spurius asks which good.
    goods: tuple[str, ...]
    salt: bool
    full: bool
    # What the current player's citizens may name: the cities without their
    # house (Marcus: the salt ones, with salt), the provinces whose marker
    # shows its good (Tiberius).
    cities: tuple[str, ...] = ()
    marcus_cities: tuple[str, ...] = ()
    provinces: tuple[str, ...] = ()


def _forum_card(name: str, full: bool) -> ForumCardView:
    card = FORUM_CARDS[name]
    return ForumCardView(
        name=name,
        patrician=card.patrician,
        confidence=card.confidence,
        applied=bool(card.applied) and full,
        board_only=card.applied == "board_only",
        full=full,
        asks=card.applied if full and card.applied in CITIZEN_FIELDS else "",
    )


def forum_view(state: State) -> ForumView | None:
    """Salsa's forum as its page shows it; None in a game without the forum."""
    forum = state.forum
    if forum is None:
        return None
    full = state.full
    out = {c for c in forum.tableau if c} | set(forum.used)
    out |= {c for held in forum.held for c in held}
    return ForumView(
        tableau=tuple(_forum_card(c, full) if c else None for c in forum.tableau),
        players=tuple(
            ForumPlayerView(
                seat=seat,
                name=player.name,
                colour=player.colour,
                cards=tuple(_forum_card(c, full) for c in forum.held[seat]),
                current=seat == state.seat,
            )
            for seat, player in enumerate(state.players)
        ),
        stack=tuple(c for c in FORUM_CARDS if c not in out),
        used=forum.used,
        goods=tuple(good.value for good in state.log.rules.traded),
        salt=bool(state.log.rules.wildcards),
        full=full,
        **_citizen_choices(state),
    )


def _citizen_choices(state: State) -> dict[str, tuple[str, ...]]:
    """What the current player's citizens may name (full tracking)."""
    if state.seat is None or not state.full:
        return {}
    houses = state.players[state.seat].houses
    goods = state.log.cities or {}
    wildcards = {good.value for good in state.log.rules.wildcards}
    cities = tuple(city for city in goods if city not in houses)
    return {
        "cities": cities,
        "marcus_cities": tuple(
            c for c in cities if not wildcards or goods[c].value in wildcards
        ),
        "provinces": tuple(
            p.province for p in adapter.prefect_options(state).provinces if p.good
        ),
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class ForumDealView:
    seat: int
    name: str
    colour: str
    dealt: tuple[ForumCardView, ...]
    kept: str


def forum_setup_view(
    setup: Mapping[str, object], players: Sequence[Mapping[str, object]]
) -> tuple[tuple[ForumDealView, ...], tuple[ForumCardView, ...]] | None:
    """Salsa's forum at setup: each player's dealt patricians and the one kept,
    and the tableau; None without the forum."""
    forum = setup.get("forum")
    if not isinstance(forum, dict):
        return None
    full = setup.get("tracking") == adapter.Tracking.FULL.value
    dealt = forum.get("dealt") or {}
    kept = forum.get("patricians") or {}
    deals = tuple(
        ForumDealView(
            seat=seat,
            name=str(player["name"]),
            colour=str(player["colour"]),
            dealt=tuple(
                _forum_card(str(c), full) for c in dealt.get(player["name"], ())
            ),
            kept=str(kept.get(player["name"], "")),
        )
        for seat, player in enumerate(players)
    )
    tableau = tuple(_forum_card(str(c), full) for c in forum.get("tableau") or ())
    return deals, tableau


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


def standing(state: State) -> Standing | None:
    """Return how the game stands: full tracking, the points per god if it ended now
    (through `scoring`); light, each player's cards by god. None if not scorable."""
    document, _missing = final_sheet_document(state)
    colours = {p.name: p.colour for p in state.players}
    players = document.get("players")
    if not isinstance(players, list):
        return None
    rules = state.log.rules
    if not state.full:
        gods = tuple(god.value for god in rules.gods)
        return Standing(
            points=False,
            headings=(*gods, rules.specialist_category.value),
            rows=tuple(
                StandingRow(
                    name=p["name"],
                    colour=colours[p["name"]],
                    values=(
                        *(int(p["cards"][god]) for god in gods),
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
        headings=tuple(category.value for category in rules.categories),
        rows=tuple(
            StandingRow(
                name=score.name,
                colour=colours[score.name],
                values=tuple(score.points(category) for category in rules.categories),
                total=score.total,
            )
            for score in result.players
        ),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class PayChoice:
    """The goods of the player's choice a Senator's purchase still needs (full tracking).

    ``options`` lists each way to pay them with goods the player holds after
    the fixed goods: tuples of good names, e.g. ``("wine",)`` or ``("brick", "food")``.
    ``cards`` are the cards bought.
    """

    cards: tuple[str, ...]
    count: int
    options: tuple[tuple[str, ...], ...]


def pay_choice(state: State, cards: Sequence[str]) -> PayChoice | None:
    """Return what is left to choose for buying ``cards``; None when nothing is."""
    if not state.full or state.seat is None or not cards:
        return None
    prices = {p.card: p for p in adapter.display_prices(state) if p.card is not None}
    chosen = [prices[card] for card in cards if card in prices]
    count = sum(price.any_goods for price in chosen)
    if count == 0:
        return None
    kinds = goods(state)
    left = dict(state.players[state.seat].storehouse.items())
    for price in chosen:
        for good in kinds:
            left[good] = left.get(good, 0) - price.goods[good]
    options = tuple(
        tuple(good.value for good in combination)
        for combination in itertools.combinations_with_replacement(kinds, count)
        if all(combination.count(good) <= left.get(good, 0) for good in kinds)
    )
    return PayChoice(cards=tuple(cards), count=count, options=options)


@dataclass(frozen=True, slots=True, kw_only=True)
class DropChoice:
    """Goods that do not fit one player's storehouse, when the table must say which.

    ``options`` lists each way to drop ``count`` of the goods arriving for
    ``player`` (seat ``seat``): tuples of good names, cheapest first.
    """

    player: str
    seat: int
    count: int
    options: tuple[tuple[str, ...], ...]


def arrivals(state: State, event: Mapping[str, object]) -> dict[int, dict[str, int]]:
    """The goods a producing play brings each seat (full tracking): a Prefect's
    province, a specialist's houses (a Diplomat's copy included); {} otherwise."""
    if not state.full or state.seat is None or event.get("type") != "play":
        return {}
    card = str(event.get("card", ""))
    if adapter.card_kind(card) == CardKind.DIPLOMAT:
        copied = str(event.get("copy", ""))
        seat = state.seat_of(copied)
        if seat is None or not state.players[seat].discard:
            return {}
        card = state.players[seat].discard[-1]
    kind = adapter.card_kind(card)
    if kind == CardKind.PREFECT:
        name = event.get("province")
        for option in adapter.prefect_options(state).provinces:
            if option.province == name:
                return {
                    seat: {g.value: n for g, n in goods.items() if n}
                    for seat, (_name, goods) in enumerate(option.receives)
                    if goods.total
                }
        return {}
    good = adapter.SPECIALIST_KINDS.get(CardKind(kind)) if kind else None
    if good is None:
        return {}
    cities = state.log.cities or {}
    count = sum(
        1 for city in state.players[state.seat].houses if cities.get(city) is good
    )
    return {state.seat: {good.value: count}} if count else {}


def drop_choices(
    state: State, event: Mapping[str, object]
) -> tuple[dict[str, dict[str, int]], DropChoice | None]:
    """What does not fit: the drops only one way can fill, and the first
    player's question when several ways can (None: nothing to ask)."""
    forced: dict[str, dict[str, int]] = {}
    kinds = [good.value for good in goods(state)]
    named = event.get("drop")
    for seat, arriving in sorted(arrivals(state, event).items()):
        player = state.players[seat]
        if isinstance(named, Mapping) and player.name in named:
            continue
        excess = sum(arriving.values()) - player.free_spaces
        if excess <= 0:
            continue
        options = tuple(
            combination
            for combination in itertools.combinations_with_replacement(
                [g for g in kinds if arriving.get(g)], excess
            )
            if all(combination.count(g) <= arriving.get(g, 0) for g in kinds)
        )
        if len(options) == 1:
            only = options[0]
            forced[player.name] = {g: only.count(g) for g in dict.fromkeys(only)}
        elif options:
            return forced, DropChoice(
                player=player.name, seat=seat, count=excess, options=options
            )
    return forced, None
