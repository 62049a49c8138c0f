"""Beat's minutely sweep: every club×game with pending changes is refreshed, nothing else.

Tasks run eagerly here (no REDIS_URL), so the sweep's fan-out runs each refresh
in-process. The changes are recorded inside the test's transaction, whose
on-commit refreshes never run: they stay pending, as after a broker outage.
"""

from __future__ import annotations

from celery.schedules import crontab
from django.conf import settings

from clubs.models import Club
from concordia_site.celery import app as celery_app
from games.models import Game
from stats import selectors, services
from stats.dispatch import stats_change_record
from stats.models import StatsChange, StatsState
from stats.selectors import LeaderboardFilters
from stats.tasks import stats_refresh_pending_task
from tests.stats.conftest import magnanimous_rio_occupied, record


def _rows(
    club: Club, game: str = Game.CONCORDIA
) -> list[tuple[str, int, int, int | None]]:
    board = selectors.leaderboard_get(
        club=club, game=game, filters=LeaderboardFilters(), order="-best"
    )
    return [(r.name, r.games, r.wins, r.best) for r in board.rows]


def test_the_sweep_refreshes_every_club_and_game_with_pending_changes(
    club, other_club, history
):
    for game in history:
        stats_change_record(session=game)
    rio = magnanimous_rio_occupied(
        club, day="2026-04-01", seats=[("Ana", 20, 1), ("Bruno", 12, 2)]
    )
    stats_change_record(session=rio)
    porto = record(
        other_club, day="2026-04-02", seats=[("Zeca", 90, 1), ("Rui", 80, 2)]
    )
    stats_change_record(session=porto)
    assert selectors.stats_pending_targets() == sorted(
        [(club.pk, "concordia"), (club.pk, "magnanimous"), (other_club.pk, "concordia")]
    )

    stats_refresh_pending_task()

    assert _rows(club) == [
        ("Ana", 4, 3, 120),
        ("Bruno", 5, 2, 110),
        ("Dora", 2, 0, 98),
        ("Caio", 3, 1, 95),
    ]
    assert _rows(club, Game.MAGNANIMOUS) == [("Ana", 1, 0, 20), ("Bruno", 1, 0, 12)]
    assert _rows(other_club) == [("Zeca", 1, 1, 90), ("Rui", 1, 0, 80)]
    assert not StatsChange.objects.exists()
    assert selectors.stats_pending_targets() == []
    assert {
        (state.club_id, state.game, state.generation)
        for state in StatsState.objects.all()
    } == {
        (club.pk, "concordia", 1),
        (club.pk, "magnanimous", 1),
        (other_club.pk, "concordia", 1),
    }


def test_the_sweep_leaves_an_up_to_date_club_alone(club, other_club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    porto = record(
        other_club, day="2026-04-02", seats=[("Zeca", 90, 1), ("Rui", 80, 2)]
    )
    stats_change_record(session=porto)

    stats_refresh_pending_task()

    assert {
        (state.club_id, state.game, state.generation)
        for state in StatsState.objects.all()
    } == {(club.pk, "concordia", 1), (other_club.pk, "concordia", 1)}


def test_the_sweep_costs_one_query_when_nothing_is_pending(
    club, history, django_assert_num_queries
):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    with django_assert_num_queries(1):
        stats_refresh_pending_task()
    assert StatsState.objects.get(club=club, game=Game.CONCORDIA).generation == 1


def test_beat_runs_the_sweep_every_minute_and_drops_a_stale_one():
    entry = settings.CELERY_BEAT_SCHEDULE["stats-refresh-pending"]
    assert entry["task"] == stats_refresh_pending_task.name
    assert entry["task"] in celery_app.tasks
    assert entry["schedule"] == crontab()
    assert entry["options"] == {"expires": 50}
