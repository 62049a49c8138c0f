"""The Celery tasks, called directly: ids in, the service's effect out."""

from __future__ import annotations

from celery.schedules import crontab
from django.conf import settings

from concordia_site.celery import app as celery_app
from games.models import Game
from stats import selectors, services
from stats.dispatch import stats_change_record
from stats.models import PlayerRating, StatsChange, StatsState
from stats.tasks import stats_rebuild_all_task, stats_rebuild_task, stats_refresh_task
from tests.stats.conftest import magnanimous_rio_occupied, record


def test_refresh_task_applies_the_pending_changes(club, history):
    for game in history:
        stats_change_record(session=game)
    stats_refresh_task(club.pk, Game.CONCORDIA)
    assert not StatsChange.objects.exists()
    assert PlayerRating.objects.filter(club=club).count() == 4
    assert StatsState.objects.get(club=club, game=Game.CONCORDIA).generation == 1


def test_refresh_task_run_twice_changes_nothing_the_second_time(club, history):
    stats_change_record(session=history[0])
    stats_refresh_task(club.pk, Game.CONCORDIA)
    stats_refresh_task(club.pk, Game.CONCORDIA)
    assert StatsState.objects.get(club=club, game=Game.CONCORDIA).generation == 1


def test_refresh_task_for_a_deleted_club_does_nothing(db):
    stats_refresh_task(12345, Game.CONCORDIA)
    assert not StatsState.objects.exists()


def test_rebuild_task_recomputes_one_club_and_game(club, history):
    stats_rebuild_task(club.pk, Game.CONCORDIA)
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=selectors.LeaderboardFilters()
    )
    assert board.players == 4


def test_nightly_rebuild_covers_every_club_and_game(club, other_club, history):
    magnanimous_rio_occupied(
        club, day="2026-04-01", seats=[("Ana", 20, 1), ("Bruno", 12, 2)]
    )
    record(other_club, day="2026-04-02", seats=[("Zeca", 90, 1), ("Rui", 80, 2)])
    assert selectors.stats_rebuild_targets() == sorted(
        [(club.pk, "concordia"), (club.pk, "magnanimous"), (other_club.pk, "concordia")]
    )
    # Tasks run eagerly without REDIS_URL, so the fan-out runs every rebuild here.
    stats_rebuild_all_task()
    assert {
        (state.club_id, state.game, state.generation)
        for state in StatsState.objects.all()
    } == {
        (club.pk, "concordia", 1),
        (club.pk, "magnanimous", 1),
        (other_club.pk, "concordia", 1),
    }


def test_nightly_rebuild_clears_a_club_whose_games_were_all_deleted(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    for game in history:
        game.delete()
    stats_rebuild_all_task()
    assert not PlayerRating.objects.exists()


def test_beat_runs_the_full_rebuild_every_night():
    entry = settings.CELERY_BEAT_SCHEDULE["stats-rebuild-nightly"]
    assert entry["task"] == stats_rebuild_all_task.name
    assert entry["task"] in celery_app.tasks
    assert entry["schedule"] == crontab(hour=3, minute=30)
