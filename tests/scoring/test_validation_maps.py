"""The score sheet's rules on every map (concordia-expansions-deltas.md, "Validation
rules a tracker can enforce"): a valid and an invalid sheet for each board.

The numbers are the map data's (concordia-maps.json), written out here: the
Saturnus maximum is the map's provinces, the houses of a good are bounded by
the map's own token mix, 15 houses need the fewest provinces that hold 15
cities, and the Concordia card is reachable with the 15th house on every map.
"""

from __future__ import annotations

import pytest

from scoring import score_sheet
from scoring.types import (
    CardCounts,
    Category,
    GoodCounts,
    MapName,
    ScoreSheet,
    Specialist,
)
from scoring.validation import validate_sheet
from tests.scoring.builders import board, ender, table

# map, provinces, cities of each good (brick, food, tool, wine, cloth), the
# fewest provinces that hold 15 houses, the most cities in one province.
MAPS = [
    ("imperium", 12, (8, 7, 6, 5, 4), 5, 3),
    ("italia", 11, (7, 6, 5, 4, 3), 6, 3),
    ("britannia", 10, (6, 5, 5, 4, 3), 6, 3),
    ("germania", 12, (8, 7, 6, 5, 4), 5, 3),
    ("byzantium", 10, (7, 6, 6, 5, 4), 5, 4),
    ("hispania", 9, (6, 5, 5, 4, 3), 5, 3),
    ("gallia", 10, (7, 6, 5, 4, 3), 5, 3),
    ("corsica", 8, (5, 5, 4, 3, 3), 6, 3),
    ("aegyptus", 10, (6, 5, 4, 4, 3), 7, 3),
    ("creta", 9, (5, 5, 4, 3, 3), 6, 3),
    ("ionium", 12, (8, 7, 6, 5, 4), 5, 3),
    ("ionium_small", 9, (6, 5, 4, 4, 3), 6, 3),
    ("hellas", 10, (7, 6, 5, 4, 3), 5, 3),
    ("cyprus", 12, (8, 7, 6, 5, 4), 5, 3),
    ("balearica", 9, (6, 5, 4, 4, 3), 6, 3),
]
GOODS = ("brick", "food", "tool", "wine", "cloth")


def _fifteen(cities: tuple[int, ...]) -> GoodCounts:
    """15 houses spread over the goods, never more than the map's cities of one."""
    left, counts = 15, {}
    for good, most in zip(reversed(GOODS), reversed(cities), strict=True):
        counts[good] = min(most, left)
        left -= counts[good]
    assert left == 0
    return GoodCounts(**counts)


def _problems(sheet: ScoreSheet) -> list[tuple[str, str]]:
    return [(p.path, p.message) for p in validate_sheet(sheet)]


@pytest.mark.parametrize(("name", "provinces", "cities", "fewest", "most"), MAPS)
def test_a_full_game_on_each_map_is_valid_and_saturnus_counts_its_provinces(
    name, provinces, cities, fewest, most
):
    houses = _fifteen(cities)
    sheet = table(
        ender("Ana", houses=houses, provinces=provinces),
        board("Bia", houses=houses, provinces=fewest, concordia_card=False),
        board("Caio"),
        map=MapName(name),
    )
    assert validate_sheet(sheet) == ()
    result = score_sheet(sheet)
    saturnus = {
        player.name: player.points(Category("saturnus")) for player in result.players
    }
    # Two Saturnus cards in the starting hand: 2 x provinces.
    assert saturnus == {"Ana": 2 * provinces, "Bia": 2 * fewest, "Caio": 2}


@pytest.mark.parametrize(("name", "provinces", "cities", "fewest", "most"), MAPS)
def test_saturnus_past_the_maps_provinces_is_refused(
    name, provinces, cities, fewest, most
):
    title = {"ionium_small": "Ionium (small)"}.get(name, name.capitalize())
    sheet = table(
        ender("Ana", houses=_fifteen(cities), provinces=provinces + 1),
        board("Bia"),
        map=MapName(name),
    )
    assert _problems(sheet) == [
        (
            "players[0].provinces",
            f"{title} has only {provinces} provinces; {provinces + 1} given",
        )
    ]


@pytest.mark.parametrize(("name", "provinces", "cities", "fewest", "most"), MAPS)
def test_houses_of_each_good_are_bounded_by_the_maps_token_mix(
    name, provinces, cities, fewest, most
):
    title = {"ionium_small": "Ionium (small)"}.get(name, name.capitalize())
    for good, count in zip(GOODS, cities, strict=True):
        at_most = table(
            board("Ana", houses=GoodCounts(**{good: count}), provinces=provinces),
            ender("Bia"),
            map=MapName(name),
        )
        assert not [p for p in validate_sheet(at_most) if "houses" in p.path]
        over = table(
            board("Ana", houses=GoodCounts(**{good: count + 1}), provinces=provinces),
            ender("Bia"),
            map=MapName(name),
        )
        assert (
            "players[0].houses." + good,
            f"{title} has only {count} {good} cities; {count + 1} given",
        ) in _problems(over)


@pytest.mark.parametrize(("name", "provinces", "cities", "fewest", "most"), MAPS)
def test_fifteen_houses_need_the_fewest_provinces_that_hold_them(
    name, provinces, cities, fewest, most
):
    title = {"ionium_small": "Ionium (small)"}.get(name, name.capitalize())
    sheet = table(
        ender("Ana", houses=_fifteen(cities), provinces=fewest - 1),
        board("Bia"),
        map=MapName(name),
    )
    assert _problems(sheet) == [
        (
            "players[0].provinces",
            f"A province of {title} has at most {most} cities, so 15 houses stand "
            f"in at least {fewest} provinces; {fewest - 1} given",
        )
    ]


@pytest.mark.parametrize(("name", "provinces", "cities", "fewest", "most"), MAPS)
def test_the_concordia_card_is_reachable_only_by_the_15th_house_or_the_last_card(
    name, provinces, cities, fewest, most
):
    fourteen = _fifteen(cities)
    fourteen = GoodCounts(
        **{good: fourteen[good] for good in GOODS if good != "cloth"},
        cloth=fourteen["cloth"] - 1,
    )
    sheet = table(
        ender("Ana", houses=fourteen, provinces=fewest),
        board("Bia"),
        map=MapName(name),
    )
    assert _problems(sheet) == [
        (
            "players[0].concordia_card",
            "The Concordia card goes to whoever builds their last house or buys the "
            "last card for sale, but Ana has built 14 of 15 houses and the players "
            "have bought 0 of the 15 cards for sale",
        )
    ]
    # Every sale card of decks I-II bought (2 players: 15 cards, the five
    # specialists among them): the game ends all the same with 14 houses.
    bought = table(
        ender(
            "Ana",
            houses=fourteen,
            provinces=fewest,
            cards=CardCounts(vesta=1, jupiter=5, saturnus=5, mercurius=3, mars=3),
            specialists=tuple(
                Specialist(s) for s in ("mason", "farmer", "smith", "vintner", "weaver")
            ),
        ),
        board("Bia"),
        map=MapName(name),
    )
    assert validate_sheet(bought) == ()
