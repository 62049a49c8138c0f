"""Each line of the final score, hand-worked from the rulebook (rules digest §3, §5, §11)."""

from __future__ import annotations

import pytest

from scoring import gods
from scoring.gods import god_line
from scoring.ruleset import base
from scoring.types import (
    Category,
    CategoryScore,
    GoodCounts,
    PlayerBoard,
    Specialist,
)

# Each god of the base game scores by the rule the data names for it.
RULES = {rule.god.value: rule for rule in base("imperium").god_rules}

# The rulebook's worked example (digest §3): Vesta 3, Jupiter 2 x 9, Saturnus
# 4 x 7, Mercurius 2 x 8, Mars 3 x 10, Farmer 12, Concordia 7 = 114.
RULEBOOK_STOREHOUSE = GoodCounts(brick=1, tool=3, cloth=1)
RULEBOOK_HOUSES = GoodCounts(brick=3, food=4, tool=3, cloth=2)


def vesta(*, cards: int, sestertii: int, goods_value: int) -> CategoryScore:
    return god_line(
        RULES["vesta"],
        cards,
        PlayerBoard(name="Ana", sestertii=sestertii),
        goods_value=goods_value,
    )


def jupiter(*, cards: int, houses: GoodCounts) -> CategoryScore:
    return god_line(RULES["jupiter"], cards, PlayerBoard(name="Ana", houses=houses))


def saturnus(*, cards: int, provinces: int, province_count: int) -> CategoryScore:
    return god_line(
        RULES["saturnus"],
        cards,
        PlayerBoard(name="Ana", provinces=provinces),
        province_count=province_count,
    )


def mercurius(*, cards: int, houses: GoodCounts) -> CategoryScore:
    return god_line(RULES["mercurius"], cards, PlayerBoard(name="Ana", houses=houses))


def mars(*, cards: int, colonists_on_board: int) -> CategoryScore:
    return god_line(
        RULES["mars"],
        cards,
        PlayerBoard(name="Ana", colonists_on_board=colonists_on_board),
    )


def test_goods_are_worth_their_fixed_prices():
    assert gods.goods_value(GoodCounts(brick=1, food=1, tool=1, wine=1, cloth=1)) == 25
    assert gods.goods_value(RULEBOOK_STOREHOUSE) == 3 + 15 + 7
    assert gods.goods_value(GoodCounts(cloth=-2)) == 0


@pytest.mark.parametrize(
    ("cards", "sestertii", "storehouse", "per_card", "points"),
    [
        (1, 13, RULEBOOK_STOREHOUSE, 3, 3),
        (1, 9, GoodCounts(), 0, 0),
        (1, 10, GoodCounts(), 1, 1),
        (1, 3, GoodCounts(cloth=1), 1, 1),
        (2, 25, GoodCounts(), 2, 4),
        (1, -5, GoodCounts(brick=4), 1, 1),
        (0, 99, GoodCounts(), 9, 0),
    ],
)
def test_vesta_pays_a_tenth_of_cash_and_goods_rounded_down(
    cards, sestertii, storehouse, per_card, points
):
    line = vesta(
        cards=cards, sestertii=sestertii, goods_value=gods.goods_value(storehouse)
    )
    assert line.category is Category("vesta")
    assert (line.per_card, line.points) == (per_card, points)


@pytest.mark.parametrize(
    ("cards", "houses", "counted", "per_card", "points"),
    [
        (2, RULEBOOK_HOUSES, 9, 9, 18),
        (3, GoodCounts(brick=8), 0, 0, 0),
        (1, GoodCounts(food=7, tool=6, wine=2, cloth=1), 16, 15, 15),
        (1, GoodCounts(food=-3, tool=2), 2, 2, 2),
    ],
)
def test_jupiter_counts_houses_outside_brick_cities_up_to_15(
    cards, houses, counted, per_card, points
):
    line = jupiter(cards=cards, houses=houses)
    assert (line.counted, line.per_card, line.points) == (counted, per_card, points)


@pytest.mark.parametrize(
    ("cards", "provinces", "province_count", "per_card", "points"),
    [
        (4, 7, 12, 7, 28),
        (2, 12, 12, 12, 24),
        (2, 12, 11, 11, 22),
        (2, -1, 12, 0, 0),
    ],
)
def test_saturnus_counts_provinces_up_to_the_maps_count(
    cards, provinces, province_count, per_card, points
):
    line = saturnus(cards=cards, provinces=provinces, province_count=province_count)
    assert (line.per_card, line.points) == (per_card, points)


@pytest.mark.parametrize(
    ("cards", "houses", "counted", "per_card", "points"),
    [
        (2, RULEBOOK_HOUSES, 4, 8, 16),
        (1, GoodCounts(), 0, 0, 0),
        (1, GoodCounts(brick=5), 1, 2, 2),
        (3, GoodCounts(brick=1, food=1, tool=1, wine=1, cloth=1), 5, 10, 30),
    ],
)
def test_mercurius_pays_2_per_kind_of_good_the_cities_produce(
    cards, houses, counted, per_card, points
):
    line = mercurius(cards=cards, houses=houses)
    assert (line.counted, line.per_card, line.points) == (counted, per_card, points)


@pytest.mark.parametrize(
    ("cards", "colonists", "per_card", "points"),
    [
        (3, 5, 10, 30),
        (1, 2, 4, 4),
        (2, 6, 12, 24),
        (1, 9, 12, 12),
    ],
)
def test_mars_pays_2_per_colonist_on_the_board_up_to_12(
    cards, colonists, per_card, points
):
    line = mars(cards=cards, colonists_on_board=colonists)
    assert (line.counted, line.per_card, line.points) == (colonists, per_card, points)


@pytest.mark.parametrize(
    ("specialist", "houses", "points"),
    [
        (Specialist("farmer"), RULEBOOK_HOUSES, 12),
        (Specialist("mason"), GoodCounts(brick=4), 12),
        (Specialist("smith"), GoodCounts(tool=2), 6),
        (Specialist("vintner"), GoodCounts(wine=3), 12),
        (Specialist("weaver"), GoodCounts(cloth=1, wine=5), 5),
        (Specialist("weaver"), GoodCounts(wine=5), 0),
    ],
)
def test_a_specialist_pays_its_value_per_house_in_cities_of_its_good(
    specialist, houses, points
):
    (part,) = gods.minerva(specialists=(specialist,), houses=houses)
    assert part.specialist is specialist
    assert part.points == points
    assert part.points == part.per_house * part.houses


def test_specialists_come_back_in_a_fixed_order():
    houses = GoodCounts(tool=2, wine=3)
    parts = gods.minerva(
        specialists=(Specialist("vintner"), Specialist("smith")), houses=houses
    )
    assert [part.specialist for part in parts] == [
        Specialist("smith"),
        Specialist("vintner"),
    ]
    assert [part.points for part in parts] == [6, 12]


def test_the_minerva_line_sums_the_specialists():
    houses = GoodCounts(tool=2, wine=3)
    parts = gods.minerva(
        specialists=(Specialist("vintner"), Specialist("smith")), houses=houses
    )
    line = gods.minerva_line(parts)
    assert (line.category, line.cards, line.counted, line.points) == (
        Category("minerva"),
        2,
        5,
        18,
    )


def test_no_specialist_scores_no_minerva():
    assert gods.minerva(specialists=(), houses=RULEBOOK_HOUSES) == ()
    assert gods.minerva_line(()).points == 0


@pytest.mark.parametrize(("holds_card", "points"), [(True, 7), (False, 0)])
def test_the_concordia_card_is_worth_7(holds_card, points):
    line = gods.concordia(holds_card=holds_card)
    assert (line.category, line.points, line.per_card) == (
        Category("concordia"),
        points,
        7,
    )


def test_the_rulebooks_player_scores_114():
    parts = gods.minerva(specialists=(Specialist("farmer"),), houses=RULEBOOK_HOUSES)
    lines = [
        vesta(cards=1, sestertii=13, goods_value=gods.goods_value(RULEBOOK_STOREHOUSE)),
        jupiter(cards=2, houses=RULEBOOK_HOUSES),
        saturnus(cards=4, provinces=7, province_count=12),
        mercurius(cards=2, houses=RULEBOOK_HOUSES),
        mars(cards=3, colonists_on_board=5),
        gods.minerva_line(parts),
        gods.concordia(holds_card=True),
    ]
    assert [line.points for line in lines] == [3, 18, 28, 16, 30, 12, 7]
    assert sum(line.points for line in lines) == 114


def test_negative_cards_score_nothing():
    assert jupiter(cards=-2, houses=RULEBOOK_HOUSES).points == 0
