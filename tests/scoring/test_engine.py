"""Scoring a whole table: lines, ranking by the Praefectus Magnus, intermediate bonuses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import intermediate_bonus, rank_order, score_sheet, ties_broken
from scoring.ruleset import ruleset
from scoring.sheet_io import parse_concordia
from scoring.types import (
    CardCounts,
    Category,
    GoodCounts,
    MapName,
    ScoreSheet,
    SheetKind,
    Specialist,
    Tie,
    TieBreak,
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
    assert [line.category for line in ana.lines] == list(ruleset("imperium").categories)
    assert ana.points(Category("mars")) == 30
    assert (ana.lines[1].cards, ana.lines[1].counted, ana.lines[1].per_card) == (
        2,
        9,
        9,
    )
    assert ana.goods_value == 25
    assert [part.specialist for part in ana.specialists] == [Specialist("farmer")]
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


def test_the_tie_example_says_the_pm_would_have_reached_the_winner_first():
    result = score_sheet(parse_concordia(example("concordia-tie")))
    # Dora (seat 0) holds it; to her right sits Fabi (seat 2), then Eli.
    assert result.praefectus_magnus == 0
    assert result.ties == (
        Tie(total=35, seats=(2, 1), reason=TieBreak.NEXT_FOR_PRAEFECTUS_MAGNUS),
    )
    assert result.winner_decided


@pytest.mark.parametrize(
    ("totals", "pm_seat", "ties"),
    [
        ((30, 20, 10), 2, ()),
        ((20, 20, 20), 1, ((20, (1, 0, 2), TieBreak.HOLDS_PRAEFECTUS_MAGNUS),)),
        ((20, 15, 15, 15), 2, ((15, (2, 1, 3), TieBreak.HOLDS_PRAEFECTUS_MAGNUS),)),
        # From seat 2 it would pass to seat 1, then 0, then 3.
        (
            (10, 20, 10, 20),
            2,
            (
                (20, (1, 3), TieBreak.NEXT_FOR_PRAEFECTUS_MAGNUS),
                (10, (2, 0), TieBreak.HOLDS_PRAEFECTUS_MAGNUS),
            ),
        ),
        (
            (10, 20, 10, 20),
            None,
            (
                (20, (1, 3), TieBreak.SEATING_ORDER),
                (10, (0, 2), TieBreak.SEATING_ORDER),
            ),
        ),
        (
            (10, 20, 10, 20),
            7,
            (
                (20, (1, 3), TieBreak.SEATING_ORDER),
                (10, (0, 2), TieBreak.SEATING_ORDER),
            ),
        ),
    ],
)
def test_every_tie_is_reported_with_the_rule_that_broke_it(totals, pm_seat, ties):
    order = rank_order(totals, pm_seat)
    assert ties_broken(totals, pm_seat, order) == tuple(
        Tie(total=total, seats=seats, reason=reason) for total, seats, reason in ties
    )


def test_the_holder_wins_a_tie_and_the_winner_is_decided():
    sheet = ScoreSheet(
        map=MapName("imperium"),
        players=(board("Ana"), board("Bruno")),
        praefectus_magnus="Bruno",
    )
    result = score_sheet(sheet)
    assert result.winner == "Bruno"
    assert result.praefectus_magnus == 1
    assert result.ties == (
        Tie(
            total=result.players[0].total,
            seats=(1, 0),
            reason=TieBreak.HOLDS_PRAEFECTUS_MAGNUS,
        ),
    )
    assert result.winner_decided


def test_a_tie_at_the_top_without_a_holder_names_no_winner():
    # Two untouched boards: nothing entered yet, so nobody has won.
    sheet = ScoreSheet(map=MapName("imperium"), players=(board("Ana"), board("Bruno")))
    result = score_sheet(sheet)
    assert result.players[0].total == result.players[1].total
    assert result.praefectus_magnus is None
    assert result.ties[0].reason is TieBreak.SEATING_ORDER
    assert not result.winner_decided


def test_a_single_best_total_is_decided_even_without_a_holder():
    sheet = ScoreSheet(
        map=MapName("imperium"),
        players=(board("Ana", provinces=3), board("Bruno"), board("Caio")),
    )
    result = score_sheet(sheet)
    assert result.winner == "Ana"
    # Bruno and Caio still tie for second, in seating order.
    assert result.ties[0].seats == (1, 2)
    assert result.winner_decided


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
    assert score_sheet(sheet).players[0].points(Category("concordia")) == 0


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
        board("Ana", houses=GoodCounts(cloth=9), specialists=(Specialist("weaver"),)),
        board("Bruno"),
        map=MapName("italia"),
    )
    ana = score_sheet(sheet).players[0]
    assert ana.points(Category("jupiter")) == 2 * 3
    assert ana.points(Category("minerva")) == 5 * 3


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
        specialists=(Specialist("mason"), Specialist("mason")),
        concordia_card=True,
    )
    result = score_sheet(ScoreSheet(map=MapName("imperium"), players=(nonsense,) * 7))
    assert len(result.players) == 7
    assert all(line.points >= 0 for p in result.players for line in p.lines)
    assert sorted(p.rank for p in result.players) == list(range(1, 8))


def test_an_empty_table_scores_to_nobody():
    result = score_sheet(ScoreSheet(map=MapName("imperium"), players=()))
    assert (result.players, result.winner) == ((), "")


@given(
    totals=st.lists(st.integers(min_value=0, max_value=6), min_size=2, max_size=5),
    holder=st.one_of(st.none(), st.integers(min_value=-1, max_value=5)),
)
def test_ties_cover_exactly_the_equal_totals_in_rank_order(totals, holder):
    order = rank_order(totals, holder)
    ties = ties_broken(totals, holder, order)
    equal = {t for t in totals if totals.count(t) > 1}
    assert [tie.total for tie in ties] == sorted(equal, reverse=True)
    for tie in ties:
        assert sorted(tie.seats) == [s for s, t in enumerate(totals) if t == tie.total]
        # The seats come in the places the ranking gave them.
        assert list(tie.seats) == [s for s in order if totals[s] == tie.total]
        at_table = holder is not None and 0 <= holder < len(totals)
        if not at_table:
            assert tie.reason is TieBreak.SEATING_ORDER
        elif tie.seats[0] == holder:
            assert tie.reason is TieBreak.HOLDS_PRAEFECTUS_MAGNUS
        else:
            assert holder not in tie.seats
            assert tie.reason is TieBreak.NEXT_FOR_PRAEFECTUS_MAGNUS
