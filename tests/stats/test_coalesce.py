"""A burst of saves queues one statistics refresh per club×game (`stats.coalesce`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from concordia_site.celery import app as celery_app
from games.models import Game, TableSession
from stats import coalesce, selectors
from stats.dispatch import stats_change_record
from stats.models import StatsChange
from stats.tasks import stats_refresh_task
from tests.celery_broker import DEAD_BROKER, broker
from tests.stats.conftest import record


@pytest.fixture
def memory_broker() -> Iterator[None]:
    """A broker in this process: tasks are published, and no worker takes them."""
    with broker("memory://"):
        with celery_app.connection_for_write() as connection:
            channel: Any = connection.default_channel
            channel.queue_purge("celery")
        yield


def queued() -> list[list[Any]]:
    """Take the arguments of every task waiting in the queue, oldest first."""
    bodies = []
    with celery_app.connection_for_read() as connection:
        channel: Any = connection.default_channel
        while (message := channel.basic_get("celery", no_ack=True)) is not None:
            bodies.append(message.decode()[0])
    return bodies


def change(session: TableSession, capture: Callable[..., Any]) -> None:
    with capture(execute=True):
        stats_change_record(session=session)


def test_a_burst_of_saves_queues_one_refresh(
    club, memory_broker, django_capture_on_commit_callbacks
):
    for day in ("2026-05-01", "2026-05-02", "2026-05-03"):
        game = record(club, day=day, seats=[("Ana", 90, 1), ("Bruno", 80, 2)])
        change(game, django_capture_on_commit_callbacks)

    assert StatsChange.objects.count() == 3
    assert queued() == [[club.pk, Game.CONCORDIA]]


def test_the_queued_refresh_applies_every_change_of_the_burst(
    club, memory_broker, django_capture_on_commit_callbacks
):
    for day, winner in (("2026-05-01", "Ana"), ("2026-05-02", "Bruno")):
        loser = "Bruno" if winner == "Ana" else "Ana"
        game = record(club, day=day, seats=[(winner, 90, 1), (loser, 80, 2)])
        change(game, django_capture_on_commit_callbacks)
    [(club_id, game_name)] = queued()

    stats_refresh_task(club_id, game_name)

    assert not StatsChange.objects.exists()
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=selectors.LeaderboardFilters()
    )
    assert sorted((row.name, row.games, row.wins) for row in board.rows) == [
        ("Ana", 2, 1),
        ("Bruno", 2, 1),
    ]


def test_a_save_after_the_refresh_started_queues_the_next_one(
    club, memory_broker, django_capture_on_commit_callbacks
):
    first = record(club, day="2026-05-01", seats=[("Ana", 90, 1), ("Bruno", 80, 2)])
    change(first, django_capture_on_commit_callbacks)
    assert len(queued()) == 1
    # A worker takes the task: it gives the mark up before it reads the changes.
    stats_refresh_task(club.pk, Game.CONCORDIA)

    second = record(club, day="2026-05-02", seats=[("Ana", 70, 2), ("Bruno", 85, 1)])
    change(second, django_capture_on_commit_callbacks)

    assert queued() == [[club.pk, Game.CONCORDIA]]
    assert StatsChange.objects.count() == 1


def test_each_club_and_game_has_its_own_mark(
    club, other_club, memory_broker, django_capture_on_commit_callbacks
):
    ours = record(club, day="2026-05-01", seats=[("Ana", 90, 1), ("Bruno", 80, 2)])
    theirs = record(
        other_club, day="2026-05-01", seats=[("Zeca", 90, 1), ("Rui", 80, 2)]
    )
    rio = record(
        club,
        day="2026-05-01",
        game=Game.MAGNANIMOUS,
        ending="rio_occupied",
        seats=[("Ana", 20, 1), ("Bruno", 12, 2)],
    )
    for game in (ours, theirs, rio, ours):
        change(game, django_capture_on_commit_callbacks)

    assert queued() == [
        [club.pk, Game.CONCORDIA],
        [other_club.pk, Game.CONCORDIA],
        [club.pk, Game.MAGNANIMOUS],
    ]


def test_a_publish_that_fails_gives_the_mark_up(
    club, django_capture_on_commit_callbacks, caplog
):
    with broker(DEAD_BROKER):
        game = record(club, day="2026-05-01", seats=[("Ana", 90, 1), ("Bruno", 80, 2)])
        change(game, django_capture_on_commit_callbacks)

    assert "not enqueued" in caplog.text
    # The next save tries the broker again instead of trusting a lost task.
    assert coalesce.refresh_claim(club.pk, Game.CONCORDIA)


@pytest.fixture
def unreachable_marks(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Redis is down: nothing listens where the marks are kept."""
    settings.CACHES = {
        **settings.CACHES,
        "unreachable": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": DEAD_BROKER,
        },
    }
    monkeypatch.setattr(coalesce, "CACHE", "unreachable")


def test_an_unreachable_mark_store_leaves_the_change_pending(
    club,
    unreachable_marks,
    memory_broker,
    django_capture_on_commit_callbacks,
    caplog,
):
    game = record(club, day="2026-05-01", seats=[("Ana", 90, 1), ("Bruno", 80, 2)])
    change(game, django_capture_on_commit_callbacks)

    assert "not enqueued" in caplog.text
    assert queued() == []
    assert StatsChange.objects.count() == 1
    status = selectors.stats_status_get(club=club, game=Game.CONCORDIA)
    assert status.pending_since is not None


def test_a_refresh_that_cannot_clear_its_mark_still_applies_the_changes(
    club, unreachable_marks, caplog
):
    game = record(club, day="2026-05-01", seats=[("Ana", 90, 1), ("Bruno", 80, 2)])
    stats_change_record(session=game)
    assert StatsChange.objects.count() == 1

    stats_refresh_task(club.pk, Game.CONCORDIA)

    assert "not cleared" in caplog.text
    assert not StatsChange.objects.exists()
    status = selectors.stats_status_get(club=club, game=Game.CONCORDIA)
    assert status.refreshed_at is not None
    assert status.pending_since is None


def test_the_mark_expires_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    # A refresh lost with its task holds the next saves' refresh back this long
    # at most (beat's minute sweep covers the meantime).
    assert coalesce.refresh_claim(1, Game.CONCORDIA)
    assert not coalesce.refresh_claim(1, Game.CONCORDIA)
    later = time.time() + coalesce.QUEUED_SECONDS + 1
    monkeypatch.setattr("django.core.cache.backends.locmem.time.time", lambda: later)
    assert coalesce.refresh_claim(1, Game.CONCORDIA)
