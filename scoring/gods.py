"""The lines of a final score (rules digest §3, §5, §11): one function per kind of rule.

Which god scores by which rule, with which cap and which goods, is the data's
(``gods.<God>.rule``, read by `scoring.ruleset`); the functions here only know
the kinds of rule in ``RULES``. A new god that scores like an existing one is
data; a god with a new kind of rule is one more function registered in
``RULES``. Every function is total over ints: a negative count scores as 0,
and each god's own cap per card applies. Caps that depend on the whole sheet
(the map's cities of a good, the decks in play) are applied by
`scoring.engine` before the call. Equal arguments give the same (cached,
immutable) `CategoryScore` object.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import lru_cache
from operator import mul
from types import MappingProxyType
from typing import Final

from scoring._data import final_card, specialist_god
from scoring.catalog import (
    CONCORDIA_CARD_POINTS,
    GOOD_PRICE,
    SPECIALIST_GOOD,
    SPECIALIST_VALUE,
)
from scoring.ruleset import GodRule
from scoring.types import (
    Category,
    CategoryScore,
    Good,
    GoodCounts,
    PlayerBoard,
    Specialist,
    SpecialistScore,
)

_NO_GOODS: Final = GoodCounts()
_SPECIALIST_PLACE: Final = {
    specialist: GoodCounts.index[good] for specialist, good in SPECIALIST_GOOD.items()
}
_SPECIALIST_ORDER: Final = {
    specialist: index for index, specialist in enumerate(Specialist)
}


@lru_cache(maxsize=4096)
def _line(category: Category, cards: int, counted: int, per_card: int) -> CategoryScore:
    return CategoryScore(
        category=category,
        cards=cards,
        counted=counted,
        per_card=per_card,
        points=cards * per_card,
    )


_PRICES: Final = tuple(GOOD_PRICE.get(good, 0) for good in Good)


def goods_value(storehouse: GoodCounts, prices: tuple[int, ...] = _PRICES) -> int:
    """Return what the storehouse goods are worth at the fixed prices (§2).

    ``prices`` is a price per good in `GoodCounts.vector` order (a ruleset's
    ``price_vector``); a negative count is worth nothing.
    """
    vector = storehouse.vector
    # map() and sum() run in C: this is on every player of every live preview.
    if min(vector) >= 0:
        return sum(map(mul, vector, prices))
    return sum(price * count for price, count in zip(prices, vector) if count > 0)


def wealth(
    rule: GodRule,
    cards: int,
    board: PlayerBoard,
    houses: GoodCounts,
    value: int,
    province_count: int,
) -> CategoryScore:
    """A tenth of the wealth, rounded down, per card (Vesta)."""
    # §3 Vesta, §11.5: cash plus goods at the fixed prices, no trading limit.
    sestertii = board.sestertii
    wealth = (sestertii if sestertii > 0 else 0) + (value if value > 0 else 0)
    per_card = wealth // 10
    cap = rule.max_per_card
    return _line(
        rule.category,
        cards if cards > 0 else 0,
        wealth,
        per_card if cap is None or per_card < cap else cap,
    )


def houses(
    rule: GodRule,
    cards: int,
    board: PlayerBoard,
    houses: GoodCounts,
    value: int,
    province_count: int,
) -> CategoryScore:
    """1 per house in cities of the goods the rule counts, at most the cap per card.

    (Jupiter: §3, §11.3, brick-city houses score nothing.)
    """
    # The engine caps the houses at the map's cities, so only the game's
    # goods are there: all of them, less those the rule skips.
    counts = houses.vector
    counted = sum(counts) if min(counts) >= 0 else sum(c for c in counts if c > 0)
    for place in rule.skips:
        count = counts[place]
        if count > 0:
            counted -= count
    per_card = counted * rule.points_per
    cap = rule.max_per_card
    return _line(
        rule.category,
        cards if cards > 0 else 0,
        counted,
        per_card if cap is None or per_card < cap else cap,
    )


def provinces(
    rule: GodRule,
    cards: int,
    board: PlayerBoard,
    houses: GoodCounts,
    value: int,
    province_count: int,
) -> CategoryScore:
    """1 per province with a house, at most the map's provinces (Saturnus: §3, §11.4)."""
    held = board.provinces
    counted = held if held > 0 else 0
    cap = province_count if province_count > 0 else 0
    return _line(
        rule.category,
        cards if cards > 0 else 0,
        counted,
        counted if counted < cap else cap,
    )


def good_kinds(
    rule: GodRule,
    cards: int,
    board: PlayerBoard,
    houses: GoodCounts,
    value: int,
    province_count: int,
) -> CategoryScore:
    """Points per kind of good the player's cities produce (Mercurius: §3, §11.2).

    Distinct goods of the cities holding a house, not the number of houses and
    not the storehouse.
    """
    counts = houses.vector
    counted = (
        len(counts) - counts.count(0)
        if min(counts) >= 0
        else sum(1 for c in counts if c > 0)
    )
    for place in rule.skips:
        if counts[place] > 0:
            counted -= 1
    per_card = counted * rule.points_per
    cap = rule.max_per_card
    return _line(
        rule.category,
        cards if cards > 0 else 0,
        counted,
        per_card if cap is None or per_card < cap else cap,
    )


def colonists(
    rule: GodRule,
    cards: int,
    board: PlayerBoard,
    houses: GoodCounts,
    value: int,
    province_count: int,
) -> CategoryScore:
    """Points per colonist on the board (Mars: §3, §11.1).

    Colonists in cities, in the capital or on lines; not those still in the
    storehouse.
    """
    on_board = board.colonists_on_board
    counted = on_board if on_board > 0 else 0
    per_card = counted * rule.points_per
    cap = rule.max_per_card
    return _line(
        rule.category,
        cards if cards > 0 else 0,
        counted,
        per_card if cap is None or per_card < cap else cap,
    )


def province_pairs(
    rule: GodRule,
    cards: int,
    board: PlayerBoard,
    houses: GoodCounts,
    value: int,
    province_count: int,
) -> CategoryScore:
    """Points per province holding a pair of houses (Venus, expansions §2a).

    Individual play: the player's provinces with at least 2 own houses
    (``venus_provinces``), 2 each. Team play (the player has a ``team``):
    the provinces holding a house of each partner (``venus_team_provinces``),
    1 each. Never more provinces than the map has.
    """
    if board.team is None:
        held, points = board.venus_provinces, rule.points_per
    else:
        held = board.venus_team_provinces
        points = (
            rule.points_per if rule.team_points_per is None else rule.team_points_per
        )
    counted = held if held > 0 else 0
    if counted > province_count:
        counted = province_count if province_count > 0 else 0
    return _line(rule.category, cards if cards > 0 else 0, counted, counted * points)


#: A kind of rule: (the god's rule, its cards after the decks' cap, the
#: player's board, their houses capped at the map's cities, the storehouse's
#: value at the game's prices, the map's provinces) → the god's line.
Rule = Callable[[GodRule, int, PlayerBoard, GoodCounts, int, int], CategoryScore]
#: The kinds of scoring rule a god of the data can name (``gods.<God>.rule``).
RULES: Final[Mapping[str, Rule]] = MappingProxyType(
    {
        "wealth": wealth,
        "houses": houses,
        "provinces": provinces,
        "good_kinds": good_kinds,
        "colonists": colonists,
        "province_pairs": province_pairs,
    }
)


def god_line(
    rule: GodRule,
    cards: int,
    board: PlayerBoard,
    *,
    goods_value: int = 0,
    province_count: int = 0,
) -> CategoryScore:
    """Return one god's line: ``cards`` of it scored by its rule on ``board``."""
    return RULES[rule.rule](
        rule, cards, board, board.houses, goods_value, province_count
    )


@lru_cache(maxsize=1024)
def _specialist(
    specialist: Specialist, houses: int, wildcard_houses: int = 0
) -> SpecialistScore:
    houses = max(houses, 0)
    wildcard_houses = max(wildcard_houses, 0)
    value = SPECIALIST_VALUE[specialist]
    return SpecialistScore(
        specialist=specialist,
        good=SPECIALIST_GOOD[specialist],
        houses=houses + wildcard_houses,
        per_house=value,
        points=value * (houses + wildcard_houses),
        wildcard_houses=wildcard_houses,
    )


def minerva(
    *,
    specialists: Collection[Specialist],
    houses: GoodCounts,
    wildcards: tuple[int, ...] = (),
) -> tuple[SpecialistScore, ...]:
    """Return one score per specialist, in `Specialist` order whatever the input order.

    ``wildcards`` are the places (in `GoodCounts.vector`) of the game's
    wildcard goods (salt): a house in such a city counts for one specialist
    type of the player's choice. Each specialist exists once, so the best
    choice puts all of them on the player's most valuable specialist (Weaver
    5, Vintner 4, the others 3; the first in `Specialist` order among equals).
    """
    if not specialists:
        return ()
    extra = 0
    if wildcards:
        vector = houses.vector
        extra = sum(vector[place] for place in wildcards if vector[place] > 0)
    if len(specialists) == 1:
        (specialist,) = specialists
        return (
            _specialist(
                specialist, houses.vector[_SPECIALIST_PLACE[specialist]], extra
            ),
        )
    ordered = sorted(specialists, key=_SPECIALIST_ORDER.__getitem__)
    best = max(ordered, key=SPECIALIST_VALUE.__getitem__) if extra else None
    # §5, §11.6: the specialist's value per own house in a city of its good;
    # two identical specialists would score twice.
    return tuple(
        [
            _specialist(
                specialist,
                houses.vector[_SPECIALIST_PLACE[specialist]],
                extra if specialist is best else 0,
            )
            for specialist in ordered
        ]
    )


@lru_cache(maxsize=1024)
def _minerva_line(
    category: Category, cards: int, counted: int, points: int
) -> CategoryScore:
    return CategoryScore(
        category=category, cards=cards, counted=counted, per_card=0, points=points
    )


def minerva_line(
    parts: tuple[SpecialistScore, ...], category: Category | None = None
) -> CategoryScore:
    """Return the specialists' line (Minerva's) summing ``parts``.

    ``cards`` is the number of specialists and ``counted`` the houses they count.
    The specialists have different values, so ``per_card`` is 0: read the parts.
    """
    category = category or _SPECIALIST_CATEGORY
    counted = points = 0
    for part in parts:
        counted += part.houses
        points += part.points
    return _minerva_line(category, len(parts), counted, points)


# The lines after the gods: the specialists' god, then the final card.
_SPECIALIST_CATEGORY: Final = Category(specialist_god().lower())
_FINAL_CATEGORY: Final = Category(final_card())
_CONCORDIA_HELD: Final = _line(_FINAL_CATEGORY, 1, 1, CONCORDIA_CARD_POINTS)
_CONCORDIA_NOT_HELD: Final = _line(_FINAL_CATEGORY, 0, 0, CONCORDIA_CARD_POINTS)


def concordia(*, holds_card: bool) -> CategoryScore:
    """Return the Concordia card line: 7 points for the player who ended the game."""
    # §2, §11.8: only the player who bought the last display card or built the
    # 15th house holds it.
    return _CONCORDIA_HELD if holds_card else _CONCORDIA_NOT_HELD


def module_line(category: Category, points: int) -> CategoryScore:
    """A module's own row (the forum's points): the points the sheet gives, as they are.

    They may be negative (the forum's expert start costs the auction bid).
    """
    return _line(category, 1 if points else 0, points, points)
