"""Ratings treat a team game (Venus) as a team game: OpenSkill rates the teams,
partners win or lose together (expansions §2c)."""

from __future__ import annotations

import datetime as dt

from openskill.models import PlackettLuce

from games import services as games_services
from games.models import Game
from stats import selectors, services
from stats.aggregate import Rating, SeatRow, initial_rating, rate_game, team_ranks
from stats.models import PlayerRating
from stats.selectors import LeaderboardFilters
from tests.sheets import example_sheet


def _seat(team: str, total: int, won: bool) -> SeatRow:
    return SeatRow(player_id=0, total=total, rank=0, won=won, points={}, team=team)


def test_team_ranks_follow_the_winner_then_the_team_totals():
    seats = [
        _seat("A", 79, False),
        _seat("B", 72, True),
        _seat("A", 36, False),
        _seat("B", 60, True),
    ]
    assert team_ranks(seats) == [2, 1, 2, 1]
    # Three teams: the winner first, then by total; equal totals share a place.
    seats = [
        _seat("A", 50, False),
        _seat("B", 60, True),
        _seat("C", 40, False),
        _seat("A", 50, False),
        _seat("B", 40, True),
        _seat("C", 60, False),
    ]
    assert team_ranks(seats) == [2, 1, 2, 2, 1, 2]


def test_partners_move_together_as_openskill_rates_teams():
    before = [initial_rating()] * 4
    after = rate_game(before, [2, 1, 2, 1], ["A", "B", "A", "B"])
    model = PlackettLuce()
    a1, b1, a2, b2 = (model.rating(mu=r.mu, sigma=r.sigma) for r in before)
    expected = model.rate([[a1, a2], [b1, b2]], ranks=[2.0, 1.0])
    assert [(r.mu, r.sigma) for r in after] == [
        (expected[0][0].mu, expected[0][0].sigma),
        (expected[1][0].mu, expected[1][0].sigma),
        (expected[0][1].mu, expected[0][1].sigma),
        (expected[1][1].mu, expected[1][1].sigma),
    ]
    assert after[1].mu > before[1].mu > after[0].mu
    assert after[0] == after[2]
    assert all(r.rated_games == 1 for r in after)


def test_without_teams_every_player_is_rated_alone():
    before = [initial_rating(), Rating(mu=30.0, sigma=5.0, rated_games=3)]
    after = rate_game(before, [1, 2])
    model = PlackettLuce()
    expected = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before], ranks=[1.0, 2.0]
    )
    assert [(r.mu, r.sigma) for r in after] == [
        (team[0].mu, team[0].sigma) for team in expected
    ]
    assert [r.rated_games for r in after] == [1, 4]


def test_a_recorded_team_game_rates_the_winning_team_up(club, alice):
    sheet = example_sheet("concordia-venus-teams")
    session = games_services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[
            games_services.SeatInput(new_name=b.name, team=b.team or "")
            for b in sheet.players
        ],
        expansions=["venus"],
    )
    games_services.concordia_sheet_record(session=session, sheet=sheet)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    ratings = {
        r.player.name: r.mu
        for r in PlayerRating.objects.filter(club=club).select_related("player")
    }
    # Ana had the best score, but her team (with Caio) lost to Bia and Duda's.
    assert ratings["Bia"] == ratings["Duda"] > initial_rating().mu
    assert ratings["Ana"] == ratings["Caio"] < initial_rating().mu


def test_the_venus_column_shows_once_the_club_scored_venus(club, alice):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order="name"
    )
    assert "venus" not in board.categories
    sheet = example_sheet("concordia-venus")
    session = games_services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[games_services.SeatInput(new_name=b.name) for b in sheet.players],
        expansions=["venus"],
    )
    games_services.concordia_sheet_record(session=session, sheet=sheet)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order="name"
    )
    # The stored slots keep their order: Venus after the Concordia card.
    assert board.categories[-2:] == ("concordia", "venus")
    averages = {row.name: row.averages[-1] for row in board.rows}
    assert averages == {"Ana": 16.0, "Bia": 2.0, "Caio": 8.0}
