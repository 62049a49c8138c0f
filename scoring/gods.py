"""One function per line of the final score (rules digest §3, §5, §11).

Every function is total over ints: a negative count scores as 0, and each god's
own cap per card applies. Caps that depend on the whole sheet (the map's cities
of a good, the decks in play) are applied by `scoring.engine` before the call.
Equal arguments give the same (cached, immutable) `CategoryScore` object.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from scoring.catalog import (
    CONCORDIA_CARD_POINTS,
    GOOD_PRICE,
    JUPITER_MAX_PER_CARD,
    MARS_MAX_PER_CARD,
    MERCURIUS_MAX_PER_CARD,
    SPECIALIST_GOOD,
    SPECIALIST_VALUE,
)
from scoring.types import (
    Category,
    CategoryScore,
    Good,
    GoodCounts,
    Specialist,
    SpecialistScore,
)

_BRICK = GOOD_PRICE[Good.BRICK]
_FOOD = GOOD_PRICE[Good.FOOD]
_TOOL = GOOD_PRICE[Good.TOOL]
_WINE = GOOD_PRICE[Good.WINE]
_CLOTH = GOOD_PRICE[Good.CLOTH]
_SPECIALIST_GOOD_FIELD = {
    specialist: good.value for specialist, good in SPECIALIST_GOOD.items()
}
_SPECIALIST_ORDER = {specialist: index for index, specialist in enumerate(Specialist)}
# Looking a member up on an Enum class is slow; these run for every player.
_VESTA = Category.VESTA
_JUPITER = Category.JUPITER
_SATURNUS = Category.SATURNUS
_MERCURIUS = Category.MERCURIUS
_MARS = Category.MARS
_MINERVA = Category.MINERVA

# §3: Mercurius and Mars pay 2 per good kind / per colonist.
MERCURIUS_POINTS_PER_GOOD = 2
MARS_POINTS_PER_COLONIST = 2


@lru_cache(maxsize=4096)
def _line(category: Category, cards: int, counted: int, per_card: int) -> CategoryScore:
    return CategoryScore(
        category=category,
        cards=cards,
        counted=counted,
        per_card=per_card,
        points=cards * per_card,
    )


def goods_value(storehouse: GoodCounts) -> int:
    """Return what the storehouse goods are worth at the fixed prices (§2)."""
    brick, food, tool, wine, cloth = (
        storehouse.brick,
        storehouse.food,
        storehouse.tool,
        storehouse.wine,
        storehouse.cloth,
    )
    # Conditional expressions instead of max(): this runs for every player of
    # every live preview, and max() costs ten times as much.
    return (
        (brick * _BRICK if brick > 0 else 0)
        + (food * _FOOD if food > 0 else 0)
        + (tool * _TOOL if tool > 0 else 0)
        + (wine * _WINE if wine > 0 else 0)
        + (cloth * _CLOTH if cloth > 0 else 0)
    )


def vesta(*, cards: int, sestertii: int, goods_value: int) -> CategoryScore:
    """Return the Vesta line: a tenth of the wealth, rounded down, per card.

    ``goods_value`` is the storehouse at the fixed prices, see `goods_value()`.
    """
    # §3 Vesta, §11.5: cash plus goods at the fixed prices, no trading limit.
    wealth = (sestertii if sestertii > 0 else 0) + (
        goods_value if goods_value > 0 else 0
    )
    return _line(_VESTA, cards if cards > 0 else 0, wealth, wealth // 10)


def jupiter(*, cards: int, houses: GoodCounts) -> CategoryScore:
    """Return the Jupiter line: 1 per house outside brick cities, at most 15 per card."""
    food, tool, wine, cloth = houses.food, houses.tool, houses.wine, houses.cloth
    # §3 Jupiter, §11.3: brick-city houses score nothing here.
    counted = (
        (food if food > 0 else 0)
        + (tool if tool > 0 else 0)
        + (wine if wine > 0 else 0)
        + (cloth if cloth > 0 else 0)
    )
    return _line(
        _JUPITER,
        cards if cards > 0 else 0,
        counted,
        counted if counted < JUPITER_MAX_PER_CARD else JUPITER_MAX_PER_CARD,
    )


def saturnus(*, cards: int, provinces: int, province_count: int) -> CategoryScore:
    """Return the Saturnus line: 1 per province with a house, at most the map's provinces."""
    # §3 Saturnus, §11.4: provinces, not cities; the maximum is the map's
    # province count.
    counted = provinces if provinces > 0 else 0
    return _line(
        _SATURNUS,
        cards if cards > 0 else 0,
        counted,
        counted if counted < province_count else max(province_count, 0),
    )


def mercurius(*, cards: int, houses: GoodCounts) -> CategoryScore:
    """Return the Mercurius line: 2 per kind of good the player's cities produce."""
    # §3 Mercurius, §11.2: distinct goods of the cities holding a house, not the
    # number of houses and not the storehouse; at most 10 per card.
    counted = (
        (houses.brick > 0)
        + (houses.food > 0)
        + (houses.tool > 0)
        + (houses.wine > 0)
        + (houses.cloth > 0)
    )
    per_card = counted * MERCURIUS_POINTS_PER_GOOD
    return _line(
        _MERCURIUS,
        cards if cards > 0 else 0,
        counted,
        per_card if per_card < MERCURIUS_MAX_PER_CARD else MERCURIUS_MAX_PER_CARD,
    )


def mars(*, cards: int, colonists_on_board: int) -> CategoryScore:
    """Return the Mars line: 2 per colonist on the board, at most 12 per card."""
    # §3 Mars, §11.1: colonists in cities, in the capital or on lines; not those
    # still in the storehouse.
    counted = colonists_on_board if colonists_on_board > 0 else 0
    per_card = counted * MARS_POINTS_PER_COLONIST
    return _line(
        _MARS,
        cards if cards > 0 else 0,
        counted,
        per_card if per_card < MARS_MAX_PER_CARD else MARS_MAX_PER_CARD,
    )


@lru_cache(maxsize=1024)
def _specialist(specialist: Specialist, houses: int) -> SpecialistScore:
    houses = max(houses, 0)
    value = SPECIALIST_VALUE[specialist]
    return SpecialistScore(
        specialist=specialist,
        good=SPECIALIST_GOOD[specialist],
        houses=houses,
        per_house=value,
        points=value * houses,
    )


def minerva(
    *, specialists: Collection[Specialist], houses: GoodCounts
) -> tuple[SpecialistScore, ...]:
    """Return one score per specialist, in `Specialist` order whatever the input order."""
    if not specialists:
        return ()
    if len(specialists) == 1:
        (specialist,) = specialists
        return (
            _specialist(
                specialist, getattr(houses, _SPECIALIST_GOOD_FIELD[specialist])
            ),
        )
    specialists = sorted(specialists, key=_SPECIALIST_ORDER.__getitem__)
    # §5, §11.6: the specialist's value per own house in a city of its good;
    # two identical specialists would score twice.
    return tuple(
        [
            _specialist(specialist, getattr(houses, _SPECIALIST_GOOD_FIELD[specialist]))
            for specialist in specialists
        ]
    )


@lru_cache(maxsize=1024)
def _minerva_line(cards: int, counted: int, points: int) -> CategoryScore:
    return CategoryScore(
        category=_MINERVA, cards=cards, counted=counted, per_card=0, points=points
    )


def minerva_line(parts: tuple[SpecialistScore, ...]) -> CategoryScore:
    """Return the Minerva line summing ``parts``.

    ``cards`` is the number of specialists and ``counted`` the houses they count.
    The specialists have different values, so ``per_card`` is 0: read the parts.
    """
    if not parts:
        return _NO_MINERVA
    counted = points = 0
    for part in parts:
        counted += part.houses
        points += part.points
    return _minerva_line(len(parts), counted, points)


_NO_MINERVA = _minerva_line(0, 0, 0)
_CONCORDIA_HELD = _line(Category.CONCORDIA, 1, 1, CONCORDIA_CARD_POINTS)
_CONCORDIA_NOT_HELD = _line(Category.CONCORDIA, 0, 0, CONCORDIA_CARD_POINTS)


def concordia(*, holds_card: bool) -> CategoryScore:
    """Return the Concordia card line: 7 points for the player who ended the game."""
    # §2, §11.8: only the player who bought the last display card or built the
    # 15th house holds it.
    return _CONCORDIA_HELD if holds_card else _CONCORDIA_NOT_HELD
