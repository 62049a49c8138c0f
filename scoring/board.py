"""A final position recorded as it lies on the board, and what it counts for the score sheet.

Instead of counting "houses in cloth cities" or "provinces" by hand, the players
say which good each city produced in this game (the city tokens are dealt at
random, §8), in which cities each player has a house, and which sale cards each
player bought (§4b). Everything the score sheet needs follows from that:

- houses per good: the good of each city holding one of the player's houses;
- provinces: the provinces of those cities (§3 Saturnus);
- cards per god: the starting hand (§4a) plus the gods of the bought cards;
- specialists: the bought Minerva cards (§5).

With the expansion modules (the table's ``expansions``) the game's ruleset
sizes all of it: salt cities are dealt and counted like any good's, the Venus
cards and the Magister are cards of their god, Venus' provinces follow from
the houses (two of a player's, or one of each partner's in team play), and
the forum's points are typed as the money is.

Pure functions over frozen values, like the rest of `scoring`: dealing tokens at
random is the web app's business, this module only checks a deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from types import MappingProxyType
from typing import Final

from scoring.catalog import (
    GOOD_PRICE,
    MAX_HOUSES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SALE_CARDS,
    SaleCard,
)
from scoring.engine import score_sheet
from scoring.i18n import Plural, gettext_noop, ngettext
from scoring.maps import MapSpec, Province, TokenLetter
from scoring.ruleset import Ruleset, base, module_fields, ruleset
from scoring.types import (
    CardCounts,
    God,
    Good,
    GoodCounts,
    MapName,
    PlayerBoard,
    Problem,
    ScoreSheet,
    SheetKind,
    SheetResult,
    Specialist,
)
from scoring.validation import validate_sheet

CITY_UNKNOWN: Final = gettext_noop("%(map)s has no city called “%(city)s”")
CITY_IS_CAPITAL: Final = gettext_noop(
    "%(city)s is the capital: it has no city token and nobody builds there"
)
CITY_GOOD_MISSING: Final = gettext_noop("Choose the good of %(city)s")
# One message per good, so that each language can inflect it.
LETTER_OVER_POOL: Final[dict[Good, Plural]] = {
    Good("brick"): ngettext(
        "Only %(tokens)d of the %(letter)s tokens show brick, but %(given)d %(letter)s city is set to brick",
        "Only %(tokens)d of the %(letter)s tokens show brick, but %(given)d %(letter)s cities are set to brick",
    ),
    Good("food"): ngettext(
        "Only %(tokens)d of the %(letter)s tokens show food, but %(given)d %(letter)s city is set to food",
        "Only %(tokens)d of the %(letter)s tokens show food, but %(given)d %(letter)s cities are set to food",
    ),
    Good("tool"): ngettext(
        "Only %(tokens)d of the %(letter)s tokens show tool, but %(given)d %(letter)s city is set to tool",
        "Only %(tokens)d of the %(letter)s tokens show tool, but %(given)d %(letter)s cities are set to tool",
    ),
    Good("wine"): ngettext(
        "Only %(tokens)d of the %(letter)s tokens show wine, but %(given)d %(letter)s city is set to wine",
        "Only %(tokens)d of the %(letter)s tokens show wine, but %(given)d %(letter)s cities are set to wine",
    ),
    Good("cloth"): ngettext(
        "Only %(tokens)d of the %(letter)s tokens show cloth, but %(given)d %(letter)s city is set to cloth",
        "Only %(tokens)d of the %(letter)s tokens show cloth, but %(given)d %(letter)s cities are set to cloth",
    ),
    Good("salt"): ngettext(
        "Only %(tokens)d of the %(letter)s tokens show salt, but %(given)d %(letter)s city is set to salt",
        "Only %(tokens)d of the %(letter)s tokens show salt, but %(given)d %(letter)s cities are set to salt",
    ),
}
HOUSE_IN_CAPITAL: Final = gettext_noop("Nobody builds a house in the capital, %(city)s")
HOUSES_OVER_STOCK: Final = gettext_noop(
    "A player has only %(maximum)d houses; %(given)d are marked"
)
CARD_UNKNOWN: Final = gettext_noop("There is no sale card number %(card)d")
CARD_NOT_IN_PLAY: Final = gettext_noop(
    "This %(name)s comes from deck %(deck)s, which stays in the box with %(players)d players"
)
CARD_TAKEN: Final = gettext_noop(
    "Each card exists once, and %(holder)s has bought this %(name)s already"
)

ROMAN: Final = ("", "I", "II", "III", "IV", "V")
# The score sheet's counts a module adds that the board derives (Venus'), with
# their module: derived only when it is played.
_MODULE_OF_FIELD: Final = module_fields()
# §8 setup: a province's bonus marker shows its most valuable good, and `Good`
# lists the goods cheapest first. A good without a price (salt) is never on a
# bonus marker: the marker shows the most valuable other good.
_GOOD_RANK: Final = {
    good: rank if good in GOOD_PRICE else -1 for rank, good in enumerate(Good)
}


@dataclass(frozen=True, slots=True, kw_only=True)
class DerivedCounts:
    """What one player's tapped position counts for the score sheet.

    ``unplaced`` is the number of houses in cities whose good is not set yet:
    they count for their province but for no good.
    """

    houses: GoodCounts
    provinces: int
    cards: CardCounts
    specialists: tuple[Specialist, ...]
    house_count: int
    unplaced: int = 0
    # Venus (expansions §2a): the provinces holding at least 2 of the
    # player's houses; in team play those holding a house of each partner.
    # 0 when Venus is not played, and for the count the other play uses.
    venus_provinces: int = 0
    venus_team_provinces: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatBoard:
    """One player's end of game as it lies on the table.

    ``houses`` holds city names (full spelling), ``cards`` the ids (1 to 30) of the
    sale cards the player bought; the starting hand is implicit.
    """

    name: str
    houses: frozenset[str] = frozenset()
    cards: frozenset[int] = frozenset()
    sestertii: int = 0
    storehouse: GoodCounts = field(default_factory=GoodCounts)
    colonists_on_board: int = 2
    concordia_card: bool = False
    # Venus' team play: the player's team (partners win or lose together).
    team: str | None = None
    # With the forum: the points it won or lost, typed like the money.
    forum_points: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class TableBoard:
    """A whole table recorded on the board: players in seating order.

    ``expansions``: the modules played (the score sheet's), none for the base game.
    """

    map: MapName
    city_goods: Mapping[str, Good]
    players: tuple[SeatBoard, ...]
    praefectus_magnus: str | None = None
    expansions: tuple[str, ...] = ()

    @property
    def rules(self) -> Ruleset:
        return ruleset(self.map, self.expansions)


def token_pool(spec: MapSpec) -> Mapping[TokenLetter, GoodCounts]:
    """Return the city tokens of each letter the map uses (§8; Italia has no D),
    in the map's own mix (Byzantium and Hispania have one more per letter)."""
    return spec.token_pool


def sale_cards_in_play(player_count: int) -> tuple[SaleCard, ...]:
    """Return the sale cards of decks I…N for N players, N clamped to 2 to 5 (§4b)."""
    decks = min(max(player_count, MIN_PLAYERS), MAX_PLAYERS)
    return tuple(card for card in SALE_CARDS if card.deck <= decks)


def province_bonus(province: Province, city_goods: Mapping[str, Good]) -> Good | None:
    """Return the good on the province's bonus marker: its most valuable city good.

    None while any of its cities has no good yet (§8 setup).
    """
    goods = [city_goods.get(city.name) for city in province.cities]
    if any(good is None for good in goods):
        return None
    if province.chosen_bonus:
        # No marker of its own (Gavdos): the producer picks one of the five;
        # the most valuable unless a Prefect's ``bonus`` says otherwise.
        return max(Good, key=_GOOD_RANK.__getitem__)
    best = max((good for good in goods if good is not None), key=_GOOD_RANK.__getitem__)
    # Salt is never on a marker: a province of salt cities only has none.
    return best if best in GOOD_PRICE else None


def validate_city_goods(
    spec: MapSpec,
    city_goods: Mapping[str, Good],
    pools: Mapping[TokenLetter, GoodCounts] | None = None,
) -> tuple[Problem, ...]:
    """Return what is wrong with a deal of city tokens; ``()`` when it could be real.

    Every city needs a good, and each letter's cities together show exactly that
    letter's tokens (§8). Paths: ``city_goods["<city>"]`` for a city,
    ``letters.<letter>.<good>`` for a letter whose tokens of a good are overused.
    ``pools``: the game's tokens per letter (its ruleset's ``token_pools``,
    salt's swapped in); the base game's by default.
    """
    problems: list[Problem] = []
    for name in city_goods:
        if spec.is_start(name):
            problems.append(_city_problem(name, CITY_IS_CAPITAL, {"city": name}))
        elif spec.city(name) is None:
            problems.append(
                _city_problem(name, CITY_UNKNOWN, {"map": spec.title, "city": name})
            )
    for letter, pool in (pools or token_pool(spec)).items():
        cities = [city for city in spec.cities if city.letter is letter]
        for city in cities:
            if city.name not in city_goods:
                problems.append(
                    _city_problem(city.name, CITY_GOOD_MISSING, {"city": city.name})
                )
        used = Counter(city_goods[c.name] for c in cities if c.name in city_goods)
        for good in Good:
            if used[good] > pool[good]:
                problems.append(
                    Problem(
                        path=f"letters.{letter.value}.{good.value}",
                        template=LETTER_OVER_POOL[good].singular,
                        plural=LETTER_OVER_POOL[good].plural,
                        count="given",
                        params={
                            "tokens": pool[good],
                            "letter": letter.value,
                            "given": used[good],
                        },
                    )
                )
    return tuple(problems)


def derive_counts(
    *,
    spec: MapSpec,
    city_goods: Mapping[str, Good],
    houses: Collection[str],
    cards: Collection[int],
    rules: Ruleset | None = None,
) -> DerivedCounts:
    """Return the score-sheet counts of one player's houses and bought cards.

    ``rules``: the game's (its starting hand and cards for sale; Venus'
    provinces of two houses when it is played); the base game's by default.
    Never raises: unknown cities, the capital and unknown card ids count for
    nothing (`validate_board` reports them).
    """
    rules = rules or base(spec.name)
    per_good: Counter[Good] = Counter()
    provinces: Counter[str] = Counter()
    house_count = unplaced = 0
    for name in houses:
        city = spec.city(name)
        if city is None:
            continue
        house_count += 1
        # §3 Saturnus: a province counts once, however many houses stand in it.
        provinces[city.province] += 1
        good = city_goods.get(name)
        if good is None:
            unplaced += 1
        else:
            per_good[good] += 1
    gods: Counter[God] = Counter()
    specialists: list[Specialist] = []
    by_id = _cards_by_id(rules)
    for card_id in cards:
        card = by_id.get(card_id)
        if card is None:
            continue
        if card.god is not None:
            gods[card.god] += 1
        elif card.specialist is not None:
            specialists.append(card.specialist)
    return DerivedCounts(
        houses=GoodCounts.from_mapping({good: per_good[good] for good in Good}),
        provinces=len(provinces),
        # §4: every card counts, the starting hand (§4a) as well as those bought.
        cards=CardCounts.from_mapping(
            {god: rules.starting_hand[god] + gods[god] for god in rules.gods}
        ),
        specialists=tuple(s for s in Specialist if s in specialists),
        house_count=house_count,
        unplaced=unplaced,
        venus_provinces=(
            sum(1 for count in provinces.values() if count >= 2)
            if _derives(rules, "venus_provinces")
            else 0
        ),
    )


def seat_counts(table: TableBoard) -> tuple[DerivedCounts, ...]:
    """Return the derived counts of every player, in seating order.

    In team play (every player has a ``team``) Venus counts the provinces
    holding a house of each partner (expansions §2c) instead of the player's
    own provinces of two houses.
    """
    rules = table.rules
    counts = tuple(
        derive_counts(
            spec=rules.map,
            city_goods=table.city_goods,
            houses=seat.houses,
            cards=seat.cards,
            rules=rules,
        )
        for seat in table.players
    )
    if not _team_play(table) or not _derives(rules, "venus_team_provinces"):
        return counts
    provinces = [_provinces(rules.map, seat.houses) for seat in table.players]
    teams: dict[str, list[int]] = {}
    for index, seat in enumerate(table.players):
        teams.setdefault(seat.team or "", []).append(index)
    return tuple(
        replace(
            count,
            venus_provinces=0,
            venus_team_provinces=len(
                frozenset.intersection(
                    *(provinces[other] for other in teams[seat.team or ""])
                )
            ),
        )
        for seat, count in zip(table.players, counts, strict=True)
    )


def _team_play(table: TableBoard) -> bool:
    return any(seat.team for seat in table.players)


def _derives(rules: Ruleset, name: str) -> bool:
    """Whether the game plays the module whose score-sheet count ``name`` is."""
    return _MODULE_OF_FIELD.get(name) in rules.expansions


def _provinces(spec: MapSpec, houses: Collection[str]) -> frozenset[str]:
    return frozenset(
        city.province for name in houses if (city := spec.city(name)) is not None
    )


@cache
def _cards_by_id(rules: Ruleset) -> Mapping[int, SaleCard]:
    """The game's cards for sale (a module's included) by their number."""
    return MappingProxyType({card.id: card for card in rules.sale_cards})


def board_sheet(table: TableBoard, *, kind: SheetKind = SheetKind.FINAL) -> ScoreSheet:
    """Return the score sheet a table board counts to: the quick sheet of the same position."""
    rows = table.rules.module_fields
    players = tuple(
        PlayerBoard(
            name=seat.name,
            sestertii=seat.sestertii,
            storehouse=seat.storehouse,
            colonists_on_board=seat.colonists_on_board,
            houses=counts.houses,
            provinces=counts.provinces,
            cards=counts.cards,
            specialists=counts.specialists,
            concordia_card=seat.concordia_card,
            venus_provinces=counts.venus_provinces,
            team=seat.team or None,
            venus_team_provinces=counts.venus_team_provinces,
            **{name: getattr(seat, name) for name in rows},
        )
        for seat, counts in zip(table.players, seat_counts(table), strict=True)
    )
    return ScoreSheet(
        map=table.map,
        players=players,
        praefectus_magnus=table.praefectus_magnus,
        kind=kind,
        expansions=table.expansions,
    )


def score_board(table: TableBoard) -> SheetResult:
    """Score a table board exactly as its derived score sheet; never raises."""
    return score_sheet(board_sheet(table))


def validate_board(table: TableBoard) -> tuple[Problem, ...]:
    """Return every problem of a table board; ``()`` when it can be scored and stored.

    First what only the board can get wrong (the city deal, a house in the
    capital or an unknown city, more than 15 houses, a card out of play or
    bought twice); when the board itself is sound, the problems of its derived
    score sheet (money, storehouse, colonists, Praefectus Magnus, Concordia card).
    Paths: ``players[<seat>].houses["<city>"]``, ``players[<seat>].houses``,
    ``players[<seat>].cards[<card id>]``, plus those of `validate_city_goods`.
    """
    rules = table.rules
    spec = rules.map
    problems = list(validate_city_goods(spec, table.city_goods, rules.token_pools))
    player_count = len(table.players)
    holders: dict[int, str] = {}
    for seat_index, seat in enumerate(table.players):
        prefix = f"players[{seat_index}]"
        problems.extend(house_problems(spec, seat.houses, prefix=prefix))
        for card_id in sorted(seat.cards):
            holder = holders.setdefault(card_id, seat.name)
            problem = card_problem(
                card_id,
                player_count=player_count,
                holder=None if holder == seat.name else holder,
                path=f"{prefix}.cards[{card_id}]",
                rules=rules,
            )
            if problem is not None:
                problems.append(problem)
    if problems:
        return tuple(problems)
    return validate_sheet(board_sheet(table))


def house_problems(
    spec: MapSpec, houses: Collection[str], *, prefix: str
) -> list[Problem]:
    """Return what is wrong with one player's houses (``prefix`` is ``players[<seat>]``)."""
    problems = []
    for name in sorted(houses):
        if spec.is_start(name):
            problems.append(
                Problem(
                    path=f'{prefix}.houses["{name}"]',
                    template=HOUSE_IN_CAPITAL,
                    params={"city": name},
                )
            )
        elif spec.city(name) is None:
            problems.append(
                Problem(
                    path=f'{prefix}.houses["{name}"]',
                    template=CITY_UNKNOWN,
                    params={"map": spec.title, "city": name},
                )
            )
    # §2: fifteen houses per player; one per city is what a set of names gives.
    if len(houses) > MAX_HOUSES:
        problems.append(
            Problem(
                path=f"{prefix}.houses",
                template=HOUSES_OVER_STOCK,
                params={"maximum": MAX_HOUSES, "given": len(houses)},
            )
        )
    return problems


def card_problem(
    card_id: int,
    *,
    player_count: int,
    holder: str | None,
    path: str,
    rules: Ruleset | None = None,
) -> Problem | None:
    """Return why a player cannot hold sale card ``card_id``, or None.

    ``holder`` is the other player who already bought it, if any; ``rules``
    the game's (a module's cards are for sale only when it is played), the
    base game's by default.
    """
    card = _cards_by_id(rules or base(next(iter(MapName)))).get(card_id)
    if card is None:
        return Problem(path=path, template=CARD_UNKNOWN, params={"card": card_id})
    in_play = (
        rules.sale_cards_in_play(player_count)
        if rules is not None
        else sale_cards_in_play(player_count)
    )
    # §4b: decks numbered above the player count stay in the box.
    if card not in in_play:
        return Problem(
            path=path,
            template=CARD_NOT_IN_PLAY,
            params={
                "name": card.name,
                "deck": ROMAN[card.deck],
                "players": player_count,
            },
        )
    # §4b: each sale card exists once.
    if holder is not None:
        return Problem(
            path=path, template=CARD_TAKEN, params={"holder": holder, "name": card.name}
        )
    return None


def _city_problem(city: str, template: str, params: dict[str, str | int]) -> Problem:
    return Problem(path=f'city_goods["{city}"]', template=template, params=params)
