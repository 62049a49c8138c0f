"""Magnanimous: each category, the endings, tie-breaks and the contract's documents."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.magnanimous import (
    MagnanimousBoard,
    MagnanimousEnding,
    MagnanimousSheet,
    commerce,
    court,
    economy,
    magnanimous_result_document,
    military,
    parse_magnanimous,
    politics,
    score_magnanimous,
    territory,
    validate_magnanimous,
)
from scoring.sheet_io import SheetInvalid, score_document
from tests.scoring.builders import example


def noble(name: str, **fields: int | bool | None) -> MagnanimousBoard:
    return MagnanimousBoard(name=name, **fields)  # type: ignore[arg-type]


def game(
    *boards: MagnanimousBoard, ending: MagnanimousEnding = MagnanimousEnding.REPUBLIC
) -> MagnanimousSheet:
    """Return a sheet of ``boards``; the first is the Governor unless one is marked."""
    if not any(board.governor for board in boards):
        boards = (replace(boards[0], governor=True), *boards[1:])
    return MagnanimousSheet(ending=ending, players=boards)


def test_the_republic_example_comes_out_exactly():
    assert score_document(example("magnanimous-republic")) == example(
        "magnanimous-republic.expected"
    )


@pytest.mark.parametrize(
    ("nobility", "points"),
    [(0, 0), (1, 3), (6, 3), (7, 6), (12, 6), (13, 9), (18, 9), (19, 12), (20, 12)],
)
def test_court_pays_the_title_of_the_nobility_track(nobility, points):
    assert court(nobility) == points


@pytest.mark.parametrize(
    ("spaces_and_tokens", "awards"),
    [
        # Bia and Davi tie on 3 spaces; Davi placed more tokens (the example).
        (((3, 7), (3, 9), (1, 4)), (5, 10, 0)),
        (((4, 4), (2, 2), (1, 1), (0, 0)), (10, 5, 0, 0)),
        # Full tie for first: both take 10, the 5 is skipped.
        (((3, 5), (3, 5), (2, 9)), (10, 10, 0)),
        # Full tie for second: both take 5.
        (((5, 5), (3, 5), (3, 5)), (10, 5, 5)),
        # Nobody on the track scores nothing.
        (((0, 0), (0, 0), (1, 1)), (0, 0, 10)),
        (((0, 0), (0, 0), (0, 0)), (0, 0, 0)),
        # With two players only the first is paid.
        (((2, 2), (1, 1)), (10, 0)),
        (((2, 2), (2, 2)), (10, 10)),
    ],
)
def test_commerce_pays_10_and_5_by_spaces_then_tokens(spaces_and_tokens, awards):
    boards = tuple(
        noble(f"P{seat}", commerce_spaces=spaces, commerce_tokens=tokens)
        for seat, (spaces, tokens) in enumerate(spaces_and_tokens)
    )
    assert commerce(boards) == awards


@pytest.mark.parametrize(
    ("function", "value", "points"),
    [
        (politics, 3, 9),
        (military, 7, 14),
        (economy, 17, 5),
        (economy, 2, 0),
        (economy, 3, 1),
    ],
)
def test_politics_military_and_economy(function, value, points):
    assert function(value) == points


@pytest.mark.parametrize(
    ("occupied", "governor", "points"),
    [(0, False, 0), (1, True, 0), (2, False, -10), (0, True, 5)],
)
def test_territory_loses_5_per_occupied_province_and_the_governor_gains_5(
    occupied, governor, points
):
    assert territory(occupied, governor=governor) == points


def test_a_republic_tie_on_points_goes_to_more_reis():
    # A: economy 2 + military 2 + Governor 5 = 9; B: economy 3 + military 6 = 9.
    sheet = game(noble("A", reis=6, troops=1), noble("B", reis=9, troops=3))
    result = score_magnanimous(sheet)
    assert [p.total for p in result.players] == [9, 9]
    assert [p.rank for p in result.players] == [2, 1]
    assert result.winners == ("B",)


def test_equal_points_and_reis_share_the_victory():
    sheet = game(
        noble("A", reis=9, troops=4),
        noble("B", reis=9, troops=4),
        noble("C", reis=3, governor=True),
    )
    result = score_magnanimous(sheet)
    assert [p.total for p in result.players] == [11, 11, 6]
    assert result.winners == ("A", "B")
    assert [p.rank for p in result.players] == [1, 1, 3]


def test_ties_below_the_winner_are_ordered_by_seat():
    sheet = game(noble("A", reis=30), noble("B", reis=3), noble("C", reis=3))
    result = score_magnanimous(sheet)
    assert [p.rank for p in result.players] == [1, 2, 3]


def test_the_noble_on_20_wins_the_nobility_ending_whatever_the_points():
    sheet = game(
        noble("A", reis=90, troops=10),
        noble("B", nobility=20),
        ending=MagnanimousEnding.NOBILITY,
    )
    result = score_magnanimous(sheet)
    assert result.winners == ("B",)
    assert [(p.name, p.total, p.rank) for p in result.players] == [
        ("A", 55, 2),
        ("B", 12, 1),
    ]


def test_several_nobles_on_20_are_decided_by_votes():
    sheet = game(
        noble("A", nobility=20, votes=4),
        noble("B", nobility=20, votes=6),
        noble("C", nobility=19),
        ending=MagnanimousEnding.NOBILITY,
    )
    assert validate_magnanimous(sheet) == ()
    result = score_magnanimous(sheet)
    assert result.winners == ("B",)
    assert [p.rank for p in result.players] == [2, 1, 3]


def test_equal_votes_are_decided_by_who_reached_20_first():
    sheet = game(
        noble("A", nobility=20, votes=5),
        noble("B", nobility=20, votes=5, reached_20_first=True),
        ending=MagnanimousEnding.NOBILITY,
    )
    assert validate_magnanimous(sheet) == ()
    assert score_magnanimous(sheet).winners == ("B",)


def test_nobody_wins_when_rio_is_occupied():
    sheet = game(noble("A", reis=30), noble("B"), ending=MagnanimousEnding.RIO_OCCUPIED)
    result = score_magnanimous(sheet)
    assert result.winners == ()
    assert [(p.total, p.rank) for p in result.players] == [(15, 1), (0, 2)]


def test_the_rio_occupied_document_has_an_empty_winners_list():
    document = {
        "game": "magnanimous",
        "ending": "rio_occupied",
        "players": [{**_player("A"), "governor": True}, _player("B")],
    }
    result = magnanimous_result_document(score_magnanimous(parse_magnanimous(document)))
    assert result["winners"] == []
    assert [player["rank"] for player in result["players"]] == [1, 2]


def _player(name: str) -> dict[str, object]:
    return {
        "name": name,
        "nobility": 3,
        "commerce_spaces": 0,
        "commerce_tokens": 0,
        "referendums": 0,
        "troops": 0,
        "reis": 0,
        "occupied_provinces": 0,
        "governor": False,
    }


def paths(sheet: MagnanimousSheet) -> list[str]:
    return [problem.path for problem in validate_magnanimous(sheet)]


def test_the_example_is_valid():
    sheet = parse_magnanimous(example("magnanimous-republic"))
    assert validate_magnanimous(sheet) == ()
    assert sheet.players[0] == MagnanimousBoard(
        name="Bia",
        nobility=14,
        commerce_spaces=3,
        commerce_tokens=7,
        referendums=2,
        troops=5,
        reis=17,
        occupied_provinces=1,
        governor=True,
    )


@pytest.mark.parametrize("count", [1, 5])
def test_two_to_four_players(count):
    sheet = game(*(noble(f"P{seat}") for seat in range(count)))
    assert [(p.path, p.message) for p in validate_magnanimous(sheet)] == [
        ("players", f"Magnanimous is played by 2 to 4 players; this sheet has {count}")
    ]


def test_names_are_non_empty_and_unique():
    assert paths(game(noble("A"), noble(""), noble("A"))) == [
        "players[1].name",
        "players[2].name",
    ]


@pytest.mark.parametrize("nobility", [-1, 21])
def test_nobility_runs_from_0_to_20(nobility):
    sheet = game(noble("A", nobility=nobility), noble("B"))
    assert [(p.path, p.message) for p in validate_magnanimous(sheet)] == [
        (
            "players[0].nobility",
            f"The Nobility track runs from 0 to 20; {nobility} given",
        )
    ]


@pytest.mark.parametrize(
    "field", ["commerce_spaces", "referendums", "troops", "reis", "occupied_provinces"]
)
def test_counts_cannot_be_negative(field):
    sheet = game(noble("A"), noble("B", **{field: -2}))
    assert [(p.path, p.message) for p in validate_magnanimous(sheet)] == [
        (f"players[1].{field}", "This cannot be negative; -2 given")
    ]


def test_every_commerce_space_counted_holds_a_token():
    sheet = game(noble("A", commerce_spaces=3, commerce_tokens=2), noble("B"))
    assert paths(sheet) == ["players[0].commerce_tokens"]


def test_exactly_one_governor():
    none = MagnanimousSheet(
        ending=MagnanimousEnding.REPUBLIC, players=(noble("A"), noble("B"))
    )
    two = game(noble("A", governor=True), noble("B", governor=True))
    assert paths(none) == ["players"]
    assert paths(two) == ["players[1].governor"]


def test_votes_and_reached_20_first_only_count_in_a_nobility_ending():
    sheet = game(noble("A", votes=3), noble("B", nobility=20, reached_20_first=True))
    assert [(p.path, p.message) for p in validate_magnanimous(sheet)] == [
        (
            "players[0].votes",
            "This only counts when the game ends on the Nobility track",
        ),
        (
            "players[1].reached_20_first",
            "This only counts when the game ends on the Nobility track",
        ),
    ]


def test_a_nobility_ending_needs_a_noble_on_20():
    sheet = game(noble("A", nobility=19), noble("B"), ending=MagnanimousEnding.NOBILITY)
    assert paths(sheet) == ["ending"]


def test_several_nobles_on_20_need_their_votes():
    sheet = game(
        noble("A", nobility=20, votes=2),
        noble("B", nobility=20),
        ending=MagnanimousEnding.NOBILITY,
    )
    assert paths(sheet) == ["players[1].votes"]


def test_a_tie_on_votes_needs_who_reached_20_first():
    sheet = game(
        noble("A", nobility=20, votes=2),
        noble("B", nobility=20, votes=2),
        ending=MagnanimousEnding.NOBILITY,
    )
    assert paths(sheet) == ["players"]


def test_only_a_noble_on_20_reached_it_first_and_only_one():
    sheet = game(
        noble("A", nobility=20, reached_20_first=True),
        noble("B", nobility=12, reached_20_first=True),
        ending=MagnanimousEnding.NOBILITY,
    )
    assert paths(sheet) == ["players[1].reached_20_first"]
    both = game(
        noble("A", nobility=20, votes=1, reached_20_first=True),
        noble("B", nobility=20, votes=1, reached_20_first=True),
        ending=MagnanimousEnding.NOBILITY,
    )
    assert paths(both) == ["players[1].reached_20_first"]


def test_parse_reports_shape_problems_with_paths():
    document = example("magnanimous-republic")
    assert isinstance(document, dict)
    players = document["players"]
    assert isinstance(players, list)
    players[0]["reis"] = "17"
    players[1]["colour"] = "green"
    del players[2]["governor"]
    document["ending"] = "coup"
    with pytest.raises(SheetInvalid) as raised:
        parse_magnanimous(document)
    assert [p.path for p in raised.value.problems] == [
        "ending",
        "players[0].reis",
        "players[1].colour",
        "players[2].governor",
    ]


def test_the_republic_example_ranks_and_names_the_winner():
    result = score_magnanimous(parse_magnanimous(example("magnanimous-republic")))
    assert [(p.name, p.total, p.rank) for p in result.players] == [
        ("Bia", 35, 2),
        ("Davi", 40, 1),
        ("Lia", 16, 3),
    ]
    assert result.winners == ("Davi",)
