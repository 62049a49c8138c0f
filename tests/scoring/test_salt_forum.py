"""Salsa's salt and forum on the score sheet (score-sheet format, "Concordia with its
expansions"; rules: /work/shared concordia-expansions.md §1a, §1b).

Salt: a sixth good; Vesta values it at 7 (it may be swapped for any good, so
for cloth), Jupiter counts salt-city houses, Saturnus counts their provinces as
usual, Mercurius does not count salt as a type of good, and Minerva counts each
salt-city house for the player's most valuable specialist. In each letter group
one city token gives way to that letter's salt token (A a food, B a tool, C a
wine, D a brick). The forum adds its own row, ``forum_points``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

import pytest

from scoring.engine import score_sheet
from scoring.ruleset import ruleset
from scoring.shape import SheetInvalid
from scoring.sheet_io import (
    ConcordiaResultDocument,
    parse_concordia,
    score_document,
)
from scoring.types import (
    CardCounts,
    Category,
    GoodCounts,
    MapName,
    ScoreSheet,
    Specialist,
)
from scoring.validation import validate_sheet
from tests.scoring.builders import board, ender, example, table

SALT = ("salt",)


def concordia_result(name: str) -> ConcordiaResultDocument:
    return cast(ConcordiaResultDocument, score_document(example(name)))


def salted(sheet: ScoreSheet, expansions: tuple[str, ...] = SALT) -> ScoreSheet:
    return replace(sheet, expansions=expansions)


def lines_of(sheet: ScoreSheet, seat: int = 0) -> dict[str, int]:
    score = score_sheet(sheet).players[seat]
    return {line.category.value: line.points for line in score.lines}


def test_salt_is_a_good_of_the_salt_module_only():
    assert "salt" not in ruleset("imperium").goods
    salt = ruleset("imperium", SALT)
    assert [good.value for good in salt.goods] == [
        "brick",
        "food",
        "tool",
        "wine",
        "cloth",
        "salt",
    ]
    # Never bought or sold for sestertii: no price, and a wildcard.
    assert [good.value for good in salt.traded] == [
        "brick",
        "food",
        "tool",
        "wine",
        "cloth",
    ]
    assert [good.value for good in salt.wildcards] == ["salt"]


@pytest.mark.parametrize(
    ("map_name", "cities"),
    [
        # Imperium: letters A-D, 30 cities; one token per letter gives way to salt.
        (
            "imperium",
            {"brick": 7, "food": 6, "tool": 5, "wine": 4, "cloth": 4, "salt": 4},
        ),
        # Italia: letters A-C (25 cities: brick 7, food 6, tool 5, wine 4,
        # cloth 3), so no brick gives way and there are 3 salt cities.
        (
            "italia",
            {"brick": 7, "food": 5, "tool": 4, "wine": 3, "cloth": 3, "salt": 3},
        ),
    ],
)
def test_one_city_token_per_letter_gives_way_to_salt(map_name, cities):
    base = ruleset(map_name).cities_per_good
    salt = ruleset(map_name, SALT).cities_per_good
    assert salt.nonzero() == cities
    assert salt.total == base.total


def test_starting_goods_are_one_salt_instead_of_the_second_food():
    assert ruleset("imperium").starting_goods.nonzero() == {
        "brick": 1,
        "food": 2,
        "tool": 1,
        "wine": 1,
        "cloth": 1,
    }
    assert ruleset("imperium", SALT).starting_goods.nonzero() == {
        "brick": 1,
        "food": 1,
        "tool": 1,
        "wine": 1,
        "cloth": 1,
        "salt": 1,
    }


def test_vesta_values_salt_at_seven():
    # 13 sestertii + 1 salt (7) = 20: 2 per Vesta card.
    sheet = salted(table(board("Ana", sestertii=13, storehouse=GoodCounts(salt=1))))
    assert lines_of(sheet)["vesta"] == 2
    assert score_sheet(sheet).players[0].goods_value == 7


def test_jupiter_counts_salt_city_houses():
    houses = GoodCounts(brick=1, food=1, salt=2)
    sheet = salted(table(board("Ana", houses=houses, provinces=2)))
    # 2 Jupiter cards x (1 food + 2 salt) = 6; the brick city counts nothing.
    assert lines_of(sheet)["jupiter"] == 6


def test_mercurius_does_not_count_salt_as_a_type_of_good():
    houses = GoodCounts(food=1, salt=2)
    sheet = salted(table(board("Ana", houses=houses, provinces=2)))
    # 1 Mercurius card x 2 VP x 1 type (food).
    assert lines_of(sheet)["mercurius"] == 2


def test_saturnus_counts_the_provinces_of_salt_cities_as_usual():
    sheet = salted(table(board("Ana", houses=GoodCounts(salt=2), provinces=2)))
    assert lines_of(sheet)["saturnus"] == 4


@pytest.mark.parametrize(
    ("specialists", "minerva", "salt_on"),
    [
        # Weaver 5 beats Farmer 3: 3 x 1 food + 5 x (1 cloth + 2 salt) = 18.
        (("farmer", "weaver"), 18, "weaver"),
        # Vintner 4 beats Mason 3: 3 x 0 brick + 4 x (0 wine + 2 salt) = 8.
        (("mason", "vintner"), 8, "vintner"),
        # One specialist takes every salt city: 3 x (1 food + 2 salt) = 9.
        (("farmer",), 9, "farmer"),
        # No specialist: salt cities score nothing on Minerva.
        ((), 0, None),
    ],
)
def test_minerva_counts_salt_houses_for_the_most_valuable_specialist(
    specialists, minerva, salt_on
):
    houses = GoodCounts(food=1, cloth=1, salt=2)
    player = board(
        "Ana",
        houses=houses,
        provinces=3,
        specialists=tuple(Specialist(s) for s in specialists),
    )
    score = score_sheet(salted(table(player))).players[0]
    assert score.points(Category("minerva")) == minerva
    on_salt = [p.specialist.value for p in score.specialists if p.wildcard_houses]
    assert on_salt == ([salt_on] if salt_on else [])


def test_without_salt_a_salt_house_is_no_field():
    document = example("concordia-salsa")
    assert isinstance(document, dict)
    document["expansions"] = ["forum"]
    with pytest.raises(SheetInvalid) as error:
        parse_concordia(document)
    paths = [problem.path for problem in error.value.problems]
    assert "players[0].houses.salt" in paths
    assert "players[0].storehouse.salt" in paths


def test_without_the_forum_forum_points_are_an_unknown_field():
    document = example("concordia-salsa")
    assert isinstance(document, dict)
    document["expansions"] = ["salt"]
    with pytest.raises(SheetInvalid) as error:
        parse_concordia(document)
    assert [(p.path, p.message) for p in error.value.problems] == [
        ("players[0].forum_points", "Unknown field “forum_points”"),
        ("players[1].forum_points", "Unknown field “forum_points”"),
    ]


def test_salt_cities_are_bounded_by_the_map():
    player = board("Ana", houses=GoodCounts(salt=5, food=7), provinces=4)
    problems = [(p.path, p.message) for p in validate_sheet(salted(table(player)))]
    assert ("players[0].houses.salt", "Imperium has only 4 salt cities; 5 given") in (
        problems
    )
    # A food token gave way to salt: 6 food cities with salt, 7 without.
    assert ("players[0].houses.food", "Imperium has only 6 food cities; 7 given") in (
        problems
    )
    italia = replace(salted(table(player)), map=MapName("italia"))
    assert ("players[0].houses.salt", "Italia has only 3 salt cities; 5 given") in [
        (p.path, p.message) for p in validate_sheet(italia)
    ]


def test_salt_takes_a_storehouse_space():
    # 12 spaces: 4 colonists still stored + 9 goods is one too many.
    player = board("Ana", storehouse=GoodCounts(salt=5, cloth=4), colonists_on_board=2)
    sheet = salted(table(player, ender("Bruno")))
    assert [(p.path, p.message) for p in validate_sheet(sheet)] == [
        (
            "players[0].storehouse",
            "The storehouse has 12 spaces, but 9 goods and the 4 colonists still in it need 13",
        )
    ]


def test_forum_points_are_their_own_row_and_may_be_negative():
    result = concordia_result("concordia-salsa")
    bruno = result["players"][1]
    assert bruno["forum"] == -2
    assert bruno["total"] == 82
    # Every line is in the total, the forum's included.
    lines = ("vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva")
    assert sum(int(bruno[key]) for key in (*lines, "concordia", "forum")) == 82


def test_a_base_result_carries_the_forum_line_at_zero():
    result = concordia_result("concordia-rulebook")
    assert [player["forum"] for player in result["players"]] == [0, 0, 0]


def test_the_salsa_example_scores_by_hand():
    # Ana: Vesta 13 + brick 3 + 2 tools 10 + 2 salt 14 = 40 -> 4;
    # Jupiter 2 x (4 food + 3 tool + 2 cloth + 3 salt) = 24;
    # Minerva farmer 3 x 4 + weaver 5 x (2 cloth + 3 salt) = 37.
    result = concordia_result("concordia-salsa")
    ana = result["players"][0]
    assert (ana["vesta"], ana["jupiter"], ana["minerva"], ana["total"]) == (
        4,
        24,
        37,
        146,
    )
    assert result["winner"] == "Ana"


def test_cards_of_a_salt_game_are_the_base_games():
    assert ruleset("imperium", ("salt", "forum")).starting_hand == CardCounts(
        vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1
    )


def test_with_the_forum_a_storehouse_may_hold_16():
    # Claudia Agrippina's holder has 16 spaces (concordia-expansions.md §1b);
    # the sheet does not say who holds her, so a forum game's sheet accepts
    # 16: 12 goods and the 4 colonists still stored.
    player = board("Ana", storehouse=GoodCounts(salt=5, cloth=7), colonists_on_board=2)
    sheet = salted(table(player, ender("Bruno")), ("salt", "forum"))
    assert validate_sheet(sheet) == ()
    # 13 goods are one too many.
    player = board("Ana", storehouse=GoodCounts(salt=6, cloth=7), colonists_on_board=2)
    sheet = salted(table(player, ender("Bruno")), ("salt", "forum"))
    assert [(p.path, p.message) for p in validate_sheet(sheet)] == [
        (
            "players[0].storehouse",
            "The storehouse has 16 spaces, but 13 goods and the 4 colonists still in it need 17",
        )
    ]
