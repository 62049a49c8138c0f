"""Scoring a whole table: lines, ranking by the Praefectus Magnus, intermediate bonuses."""

from __future__ import annotations

import pytest

from scoring.engine import intermediate_bonus, rank_order, score_sheet
from scoring.sheet_io import parse_concordia
from scoring.types import (
    CardCounts,
    Category,
    GoodCounts,
    MapName,
    ScoreSheet,
    SheetKind,
    Specialist,
)
from tests.scoring.builders import board, example, table


def test_the_rulebook_example_scores_and_ranks_every_player():
    result = score_sheet(parse_concordia(example("concordia-rulebook")))
    assert [(p.name, p.total, p.rank) for p in result.players] == [
        ("Ana", 114, 1),
        ("Bruno", 95, 2),
        ("Caio", 76, 3),
    ]
    assert result.winner == "Ana"
    assert result.kind is SheetKind.FINAL


def test_lines_come_in_category_order_with_what_they_counted():
    result = score_sheet(parse_concordia(example("concordia-rulebook")))
    ana = result.players[0]
    assert [line.category for line in ana.lines] == list(Category)
    assert ana.points(Category.MARS) == 30
    assert (ana.lines[1].cards, ana.lines[1].counted, ana.lines[1].per_card) == (
        2,
        9,
        9,
    )
    assert ana.goods_value == 25
    assert [part.specialist for part in ana.specialists] == [Specialist.FARMER]
    assert ana.bonus_sestertii is None
    assert ana.seat == 0


@pytest.mark.parametrize(
    ("totals", "pm_seat", "order"),
    [
        ((30, 20, 10), 2, (0, 1, 2)),
        ((20, 20, 20), 1, (1, 0, 2)),
        # After seat 2 the PM would go to seat 1, then seat 0, then seat 3.
        ((20, 15, 15, 15), 2, (0, 2, 1, 3)),
        ((10, 20, 10, 20), 2, (1, 3, 2, 0)),
        # Wrapping around: after seat 0 comes the last seat.
        ((10, 20, 10, 20), 0, (3, 1, 0, 2)),
        ((5, 9, 9, 9, 9), 0, (4, 3, 2, 1, 0)),
    ],
)
def test_equal_totals_follow_the_praefectus_magnus_to_the_right(totals, pm_seat, order):
    assert rank_order(totals, pm_seat) == order


@pytest.mark.parametrize("pm_seat", [None, 7, -1])
def test_without_a_holder_equal_totals_keep_the_seating_order(pm_seat):
    assert rank_order((10, 20, 10, 20), pm_seat) == (1, 3, 0, 2)


def test_the_tie_example_goes_to_the_player_who_would_receive_the_pm_next():
    result = score_sheet(parse_concordia(example("concordia-tie")))
    assert [(p.name, p.total, p.rank) for p in result.players] == [
        ("Dora", 25, 3),
        ("Eli", 35, 2),
        ("Fabi", 35, 1),
    ]
    assert result.winner == "Fabi"


def test_an_unknown_pm_name_is_no_pm():
    sheet = table(board("Ana"), board("Bruno"), praefectus_magnus="Zeca")
    assert [p.rank for p in score_sheet(sheet).players] == [1, 2]


@pytest.mark.parametrize(
    ("totals", "bonus"),
    [
        ((21, 28, 10, 23), (0, 2, 0, 1)),
        ((30, 30, 25), (2, 2, 0)),
        ((30, 25, 25), (2, 1, 1)),
        ((10, 10), (2, 2)),
        ((40,), (2,)),
        ((), ()),
    ],
)
def test_intermediate_bonus_pays_2_to_the_best_and_1_to_a_lone_second(totals, bonus):
    assert intermediate_bonus(totals) == bonus


def test_the_intermediate_example_pays_bonuses_and_no_concordia():
    result = score_sheet(parse_concordia(example("concordia-intermediate")))
    assert [(p.name, p.rank, p.bonus_sestertii) for p in result.players] == [
        ("Ana", 3, 0),
        ("Bruno", 1, 2),
        ("Caio", 4, 0),
        ("Dora", 2, 1),
    ]
    assert result.kind is SheetKind.INTERMEDIATE


def test_intermediate_scoring_never_pays_the_concordia_card():
    sheet = table(
        board("Ana", concordia_card=True), board("Bruno"), kind=SheetKind.INTERMEDIATE
    )
    assert score_sheet(sheet).players[0].points(Category.CONCORDIA) == 0


def test_intermediate_ties_without_a_pm_follow_seating_order():
    sheet = table(
        board("Ana"),
        board("Bruno"),
        praefectus_magnus=None,
        kind=SheetKind.INTERMEDIATE,
    )
    result = score_sheet(sheet)
    assert [(p.rank, p.bonus_sestertii) for p in result.players] == [(1, 2), (2, 2)]
    assert result.winner == "Ana"


def test_houses_beyond_the_maps_cities_are_capped():
    sheet = table(
        board("Ana", houses=GoodCounts(cloth=9), specialists=(Specialist.WEAVER,)),
        board("Bruno"),
        map=MapName.ITALIA,
    )
    ana = score_sheet(sheet).players[0]
    assert ana.points(Category.JUPITER) == 2 * 3
    assert ana.points(Category.MINERVA) == 5 * 3


def test_cards_beyond_the_decks_in_play_are_capped():
    cards = CardCounts(vesta=9, jupiter=99, saturnus=2, mercurius=1, mars=1)
    sheet = table(board("Ana", cards=cards, sestertii=10), board("Bruno"))
    ana = score_sheet(sheet).players[0]
    assert ana.lines[0].cards == 1
    assert ana.lines[1].cards == 5


def test_a_storehouse_counts_at_most_12_of_a_good():
    sheet = table(
        board("Ana", sestertii=0, storehouse=GoodCounts(cloth=1000)), board("B")
    )
    assert score_sheet(sheet).players[0].goods_value == 12 * 7


def test_nonsense_numbers_score_without_raising():
    nonsense = board(
        "",
        sestertii=-(10**30),
        storehouse=GoodCounts(brick=-4, cloth=10**12),
        colonists_on_board=-3,
        houses=GoodCounts(food=-8, wine=10**9),
        provinces=-2,
        cards=CardCounts(vesta=-1, jupiter=0, saturnus=10**6, mercurius=-9, mars=7),
        specialists=(Specialist.MASON, Specialist.MASON),
        concordia_card=True,
    )
    result = score_sheet(ScoreSheet(map=MapName.IMPERIUM, players=(nonsense,) * 7))
    assert len(result.players) == 7
    assert all(line.points >= 0 for p in result.players for line in p.lines)
    assert sorted(p.rank for p in result.players) == list(range(1, 8))


def test_an_empty_table_scores_to_nobody():
    result = score_sheet(ScoreSheet(map=MapName.IMPERIUM, players=()))
    assert (result.players, result.winner) == ((), "")
