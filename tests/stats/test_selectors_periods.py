"""Any range of months counts exactly its games, read from yearly and monthly buckets."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.models import Club
from games.models import Game, SeatResult
from games.vocabulary import CATEGORIES
from stats import selectors, services
from stats.models import POINT_SLOTS
from stats.selectors import LeaderboardFilters
from tests.stats.conftest import record


@pytest.fixture
def two_years(club: Club) -> None:
    """One game on the 10th of every month from January 2024 to December 2025."""
    for index in range(24):
        year, month = 2024 + index // 12, 1 + index % 12
        winner, loser = ("Ana", "Bruno") if index % 3 else ("Bruno", "Ana")
        record(
            club,
            day=f"{year}-{month:02d}-10",
            seats=[(winner, 100 + index, 1), (loser, 50 + index, 2)],
        )
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)


def _expected(
    low: dt.date | None, high: dt.date | None
) -> dict[str, tuple[int, int, int]]:
    """Count each player's games, wins and points straight from the source rows."""
    counts: dict[str, tuple[int, int, int]] = {}
    for result in SeatResult.objects.select_related("session", "seat__player"):
        month = result.session.played_at.date().replace(day=1)
        if (low and month < low) or (high and month > high):
            continue
        games, wins, total = counts.get(result.seat.player.name, (0, 0, 0))
        counts[result.seat.player.name] = (
            games + 1,
            wins + result.won,
            total + result.total,
        )
    return counts


@pytest.mark.parametrize(
    ("low", "high"),
    [
        (None, None),
        (dt.date(2024, 1, 1), dt.date(2024, 12, 1)),
        (dt.date(2024, 3, 1), dt.date(2024, 3, 1)),
        (dt.date(2024, 2, 1), dt.date(2024, 11, 1)),
        (dt.date(2024, 11, 1), dt.date(2025, 2, 1)),
        (dt.date(2024, 1, 1), dt.date(2025, 6, 1)),
        (dt.date(2024, 7, 1), dt.date(2025, 12, 1)),
        (dt.date(2024, 1, 1), dt.date(2025, 12, 1)),
        (dt.date(2024, 5, 1), None),
        (dt.date(2025, 1, 1), None),
        (None, dt.date(2024, 8, 1)),
        (None, dt.date(2024, 12, 1)),
        (dt.date(2023, 5, 1), dt.date(2024, 2, 1)),
        (dt.date(2025, 12, 1), dt.date(2026, 3, 1)),
    ],
)
def test_a_range_of_months_counts_exactly_its_games(club, two_years, low, high):
    board = selectors.leaderboard_get(
        club=club,
        game=Game.CONCORDIA,
        filters=LeaderboardFilters(date_from=low, date_to=high),
        order="name",
    )
    found = {
        row.name: (row.games, row.wins, round(row.average * row.games))
        for row in board.rows
    }
    assert found == _expected(low, high)


def test_every_game_fits_the_point_columns():
    assert all(len(categories) <= POINT_SLOTS for categories in CATEGORIES.values())
