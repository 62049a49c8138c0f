"""Seating, scoring and storing Magnanimous games; what the leaderboards read from them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from games import services
from games.magnanimous import services as magnanimous_services
from games.magnanimous.services import (
    SheetRejected,
    VersionConflict,
    magnanimous_sheet_evaluate,
    magnanimous_sheet_record,
)
from games.models import (
    Game,
    MagnanimousPosition,
    SeatResult,
    SessionStatus,
    TableSession,
)
from scoring.magnanimous import MagnanimousEnding
from stats import selectors as stats_selectors
from stats.selectors import LeaderboardFilters
from tests.games.magnanimous_helpers import (
    republic_example,
    seat_table,
    shared_victory,
    with_ending,
    with_player,
)

PLAYED_AT = dt.datetime(2026, 11, 8, 20, tzinfo=dt.UTC)


def _results(session: TableSession) -> dict[str, tuple[int, int, bool]]:
    return {
        r.seat.player.name: (r.total, r.rank, r.won)
        for r in SeatResult.objects.filter(session=session).select_related(
            "seat__player"
        )
    }


@pytest.fixture
def table(club, alice):
    return seat_table(club, alice, republic_example())


def test_a_new_game_gets_no_map_and_the_colours_in_seating_order(club, alice):
    session = magnanimous_services.magnanimous_session_create(
        club=club,
        created_by=alice,
        played_at=PLAYED_AT,
        seats=[
            services.SeatInput(new_name="Bia"),
            services.SeatInput(new_name="Davi", colour="red"),
            services.SeatInput(new_name="Lia"),
        ],
    )
    assert (session.game, session.map, session.ending) == ("magnanimous", "", "")
    assert [(s.player.name, s.colour) for s in session.seats.all()] == [
        ("Bia", "green"),
        ("Davi", "red"),
        ("Lia", "blue"),
    ]


@pytest.mark.parametrize("count", [1, 5])
def test_a_new_game_needs_two_to_four_players(club, alice, count):
    with pytest.raises(ValidationError) as raised:
        magnanimous_services.magnanimous_session_create(
            club=club,
            created_by=alice,
            played_at=PLAYED_AT,
            seats=[services.SeatInput(new_name=f"P{n}") for n in range(count)],
        )
    assert raised.value.messages == ["Magnanimous is played by 2 to 4 players."]
    assert not TableSession.objects.exists()


def test_a_new_game_has_no_black_pieces(club, alice):
    with pytest.raises(ValidationError):
        magnanimous_services.magnanimous_session_create(
            club=club,
            created_by=alice,
            played_at=PLAYED_AT,
            seats=[
                services.SeatInput(new_name="Bia", colour="black"),
                services.SeatInput(new_name="Davi"),
            ],
        )
    assert not TableSession.objects.exists()


def test_recording_the_example_stores_its_exact_results(table):
    result = magnanimous_sheet_record(
        session=table, sheet=republic_example(), expected_version=1
    )
    assert result.winners == ("Davi",)
    assert _results(table) == {
        "Bia": (35, 2, False),
        "Davi": (40, 1, True),
        "Lia": (16, 3, False),
    }
    breakdowns = {
        r.seat.player.name: r.breakdown
        for r in SeatResult.objects.filter(session=table).select_related("seat__player")
    }
    assert breakdowns["Bia"] == {
        "court": 9,
        "commerce": 5,
        "politics": 6,
        "military": 10,
        "economy": 5,
        "territory": 0,
    }
    assert breakdowns["Lia"] == {
        "court": 12,
        "commerce": 0,
        "politics": 9,
        "military": 4,
        "economy": 1,
        "territory": -10,
    }
    bia = MagnanimousPosition.objects.get(session=table, seat__player__name="Bia")
    assert (
        bia.nobility,
        bia.commerce_spaces,
        bia.commerce_tokens,
        bia.referendums,
        bia.troops,
        bia.reis,
        bia.occupied_provinces,
        bia.governor,
        bia.votes,
    ) == (14, 3, 7, 2, 5, 17, 1, True, None)
    table.refresh_from_db()
    assert (table.status, table.ending, table.version) == (
        SessionStatus.FINISHED,
        "republic",
        2,
    )


def test_equal_points_and_reis_share_the_victory_with_the_same_rank(club, alice):
    sheet = shared_victory()
    session = seat_table(club, alice, sheet)
    result = magnanimous_sheet_record(session=session, sheet=sheet)
    assert result.winners == ("Ana", "Bia")
    assert _results(session) == {
        "Ana": (25, 1, True),
        "Bia": (25, 1, True),
        "Caio": (10, 3, False),
    }


def test_when_rio_falls_nobody_wins_but_the_points_are_kept(table):
    sheet = with_ending(republic_example(), MagnanimousEnding.RIO_OCCUPIED)
    result = magnanimous_sheet_record(session=table, sheet=sheet)
    assert result.winners == ()
    assert _results(table) == {
        "Bia": (35, 2, False),
        "Davi": (40, 1, False),
        "Lia": (16, 3, False),
    }
    table.refresh_from_db()
    assert table.ending == "rio_occupied"


def test_the_noble_on_space_20_wins_a_nobility_ending_whatever_the_points(table):
    sheet = with_player(
        with_ending(republic_example(), MagnanimousEnding.NOBILITY), 2, nobility=20
    )
    magnanimous_sheet_record(session=table, sheet=sheet)
    # Lia's Court stays 12 (Duke from space 19): her 16 points still win.
    assert _results(table) == {
        "Bia": (35, 3, False),
        "Davi": (40, 2, False),
        "Lia": (16, 1, True),
    }


def test_two_nobles_on_20_are_decided_by_fixed_votes_then_who_got_there_first(table):
    sheet = with_ending(republic_example(), MagnanimousEnding.NOBILITY)
    sheet = with_player(sheet, 0, nobility=20, votes=5)
    sheet = with_player(sheet, 2, nobility=20, votes=5, reached_20_first=True)
    magnanimous_sheet_record(session=table, sheet=sheet)
    assert {name for name, (_t, _r, won) in _results(table).items() if won} == {"Lia"}
    lia = MagnanimousPosition.objects.get(session=table, seat__player__name="Lia")
    assert (lia.votes, lia.reached_20_first) == (5, True)


def test_a_sheet_the_rules_reject_writes_nothing(table):
    sheet = with_player(republic_example(), 0, nobility=21, governor=False)
    with pytest.raises(SheetRejected) as raised:
        magnanimous_sheet_record(session=table, sheet=sheet)
    assert [p.path for p in raised.value.problems] == [
        "players[0].nobility",
        "players",
    ]
    assert not SeatResult.objects.filter(session=table).exists()
    assert not MagnanimousPosition.objects.filter(session=table).exists()
    table.refresh_from_db()
    assert (table.status, table.version) == (SessionStatus.DRAFT, 1)


def test_a_stale_version_is_a_conflict_and_keeps_the_other_save(table):
    magnanimous_sheet_record(
        session=table, sheet=republic_example(), expected_version=1
    )
    rio = with_ending(republic_example(), MagnanimousEnding.RIO_OCCUPIED)
    with pytest.raises(VersionConflict) as raised:
        magnanimous_sheet_record(session=table, sheet=rio, expected_version=1)
    assert raised.value.current_version == 2
    table.refresh_from_db()
    assert table.ending == "republic"
    assert _results(table)["Davi"] == (40, 1, True)


def test_rescoring_can_hand_the_governor_to_another_seat(table):
    magnanimous_sheet_record(session=table, sheet=republic_example())
    moved = with_player(
        with_player(republic_example(), 0, governor=False), 1, governor=True
    )
    magnanimous_sheet_record(session=table, sheet=moved)
    # Bia loses the Governor's 5, Davi gains them.
    assert _results(table) == {
        "Bia": (30, 2, False),
        "Davi": (45, 1, True),
        "Lia": (16, 3, False),
    }
    governors = MagnanimousPosition.objects.filter(session=table, governor=True)
    assert [p.seat.player.name for p in governors] == ["Davi"]


def test_a_concordia_game_cannot_take_a_magnanimous_sheet(draft_session):
    with pytest.raises(ValidationError):
        magnanimous_sheet_record(session=draft_session, sheet=republic_example())
    assert not SeatResult.objects.filter(session=draft_session).exists()


def test_evaluate_scores_and_lists_problems_without_writing(table):
    sheet = with_player(republic_example(), 1, votes=3)
    evaluation = magnanimous_sheet_evaluate(sheet)
    assert [p.total for p in evaluation.result.players] == [35, 40, 16]
    assert [p.path for p in evaluation.problems] == ["players[1].votes"]
    assert not SeatResult.objects.exists()


def test_the_leaderboard_counts_the_win_in_the_magnanimous_board_only(
    club, table, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        magnanimous_sheet_record(session=table, sheet=republic_example())
    board = stats_selectors.leaderboard_get(
        club=club, game=Game.MAGNANIMOUS, filters=LeaderboardFilters(), order="name"
    )
    assert [(r.name, r.games, r.wins, r.best, r.rated_games) for r in board.rows] == [
        ("Bia", 1, 0, 35, 1),
        ("Davi", 1, 1, 40, 1),
        ("Lia", 1, 0, 16, 1),
    ]
    concordia = stats_selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order="name"
    )
    assert concordia.rows == []


def test_a_game_lost_to_rio_counts_as_played_but_rates_nobody(
    club, table, django_capture_on_commit_callbacks
):
    rio = with_ending(republic_example(), MagnanimousEnding.RIO_OCCUPIED)
    with django_capture_on_commit_callbacks(execute=True):
        magnanimous_sheet_record(session=table, sheet=rio)
    board = stats_selectors.leaderboard_get(
        club=club, game=Game.MAGNANIMOUS, filters=LeaderboardFilters(), order="name"
    )
    assert [(r.name, r.games, r.wins, r.rating, r.rated_games) for r in board.rows] == [
        ("Bia", 1, 0, None, 0),
        ("Davi", 1, 0, None, 0),
        ("Lia", 1, 0, None, 0),
    ]
