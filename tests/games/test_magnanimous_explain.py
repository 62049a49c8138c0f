"""The "why" sentences of a Magnanimous score; no database needed."""

from __future__ import annotations

import pytest

from games.magnanimous.explain import (
    category_why,
    ending_reason,
    outcome,
    seat_reasons,
    tie_reason,
)
from scoring.magnanimous import (
    MagnanimousBoard,
    MagnanimousEnding,
    MagnanimousSheet,
    score_magnanimous,
)


def _commerce_lines(*spaces_and_tokens: tuple[int, int]) -> list[str]:
    sheet = MagnanimousSheet(
        ending=MagnanimousEnding.REPUBLIC,
        players=tuple(
            MagnanimousBoard(
                name=f"P{seat}",
                commerce_spaces=spaces,
                commerce_tokens=tokens,
                governor=seat == 0,
            )
            for seat, (spaces, tokens) in enumerate(spaces_and_tokens)
        ),
    )
    result = score_magnanimous(sheet)
    return [
        category_why("commerce", board=board, score=score, sheet=sheet)
        for board, score in zip(sheet.players, result.players, strict=True)
    ]


@pytest.mark.parametrize(
    ("spaces_and_tokens", "lines"),
    [
        (
            ((3, 5), (3, 5), (2, 9)),
            [
                "Commerce: most spaces, shared (3, 5 tokens) = 10",
                "Commerce: most spaces, shared (3, 5 tokens) = 10",
                "Commerce: 2 spaces, 9 tokens: not among the two most = 0",
            ],
        ),
        (
            ((5, 5), (3, 5), (3, 5), (0, 0)),
            [
                "Commerce: most spaces (5, 5 tokens) = 10",
                "Commerce: second most spaces, shared (3, 5 tokens) = 5",
                "Commerce: second most spaces, shared (3, 5 tokens) = 5",
                "Commerce: no space on the Commerce track = 0",
            ],
        ),
        (
            ((2, 2), (1, 1)),
            [
                "Commerce: most spaces (2, 2 tokens) = 10",
                "Commerce: 1 space, 1 token: with two players only the most is paid = 0",
            ],
        ),
    ],
)
def test_commerce_says_which_place_paid(spaces_and_tokens, lines):
    assert _commerce_lines(*spaces_and_tokens) == lines


def test_every_category_of_a_baron_with_nothing():
    sheet = MagnanimousSheet(
        ending=MagnanimousEnding.REPUBLIC,
        players=(
            MagnanimousBoard(name="A", reis=1, referendums=1, troops=1, governor=True),
            MagnanimousBoard(name="B"),
        ),
    )
    result = score_magnanimous(sheet)
    (_a, a_lines), (_b, b_lines) = seat_reasons(sheet, result)
    assert a_lines == [
        "Court: Baron (nobility 0) = 0",
        "Commerce: no space on the Commerce track = 0",
        "Politics: 1 referendum card × 3 = 3",
        "Military: 1 troop × 2 = 2",
        "Economy: 1 real ÷ 3 = 0",
        "Territory: governor of Rio +5 = 5",
    ]
    assert b_lines[-1] == "Territory: no occupied province = 0"
    assert outcome(result) == "Winner: A"


def test_a_tie_on_points_says_the_reis_decided():
    sheet = MagnanimousSheet(
        ending=MagnanimousEnding.REPUBLIC,
        players=(
            MagnanimousBoard(name="A", reis=6, troops=1, governor=True),
            MagnanimousBoard(name="B", reis=9, troops=3),
        ),
    )
    result = score_magnanimous(sheet)
    assert ending_reason(sheet, result) == (
        "The Republic was proclaimed. A and B have 9 points each; "
        "B wins with more réis (9)."
    )
    assert tie_reason(sheet, result) == "reis"


def test_equal_votes_on_20_say_who_got_there_first():
    sheet = MagnanimousSheet(
        ending=MagnanimousEnding.NOBILITY,
        players=(
            MagnanimousBoard(name="A", nobility=20, votes=5, governor=True),
            MagnanimousBoard(name="B", nobility=20, votes=5, reached_20_first=True),
            MagnanimousBoard(name="C", nobility=20, votes=2),
        ),
    )
    result = score_magnanimous(sheet)
    assert ending_reason(sheet, result) == (
        "A and B reached space 20 in the same round with as many fixed votes; "
        "B got there first and wins."
    )
    assert tie_reason(sheet, result) == "reached_first"


def test_a_single_noble_on_20_wins_whatever_the_points():
    sheet = MagnanimousSheet(
        ending=MagnanimousEnding.NOBILITY,
        players=(
            MagnanimousBoard(name="A", reis=60, governor=True),
            MagnanimousBoard(name="B", nobility=20),
        ),
    )
    result = score_magnanimous(sheet)
    assert outcome(result) == "Winner: B"
    assert ending_reason(sheet, result) == (
        "B reached space 20 of the Nobility track, which ends the game and wins it "
        "whatever the points."
    )
    assert tie_reason(sheet, result) == ""
