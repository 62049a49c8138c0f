"""Fixed votes only where they apply (score-sheet format, `votes`): a tie on space 20."""

from __future__ import annotations

import pytest

from scoring.magnanimous import (
    MagnanimousBoard,
    MagnanimousEnding,
    MagnanimousSheet,
    validate_magnanimous,
)

ONLY_TIED = (
    "Fixed votes only count for a player on space 20 when two or more players are there"
)


def _nobility(*boards: MagnanimousBoard) -> MagnanimousSheet:
    return MagnanimousSheet(ending=MagnanimousEnding.NOBILITY, players=boards)


@pytest.mark.parametrize(
    "boards",
    [
        # The only noble on 20: nothing to break.
        (
            MagnanimousBoard(name="A", nobility=20, votes=4, governor=True),
            MagnanimousBoard(name="B", nobility=12),
        ),
        # Two on 20, but votes also given for a player below.
        (
            MagnanimousBoard(name="B", nobility=12, votes=4, governor=True),
            MagnanimousBoard(name="A", nobility=20, votes=2),
            MagnanimousBoard(name="C", nobility=20, votes=3),
        ),
    ],
)
def test_votes_that_cannot_decide_anything_are_refused(boards):
    problems = validate_magnanimous(_nobility(*boards))
    assert [(p.path, p.message) for p in problems] == [("players[0].votes", ONLY_TIED)]


def test_votes_of_the_nobles_tied_on_20_are_taken():
    sheet = _nobility(
        MagnanimousBoard(name="A", nobility=20, votes=2, governor=True),
        MagnanimousBoard(name="B", nobility=20, votes=3),
    )
    assert validate_magnanimous(sheet) == ()


def test_negative_votes_of_a_tied_noble_are_refused():
    sheet = _nobility(
        MagnanimousBoard(name="A", nobility=20, votes=-1, governor=True),
        MagnanimousBoard(name="B", nobility=20, votes=3),
    )
    assert [(p.path, p.message) for p in validate_magnanimous(sheet)] == [
        ("players[0].votes", "This cannot be negative; -1 given")
    ]
