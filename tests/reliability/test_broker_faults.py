"""Broker faults on real services (#7, Reliability).

- Redis crashed or hung while a game is saved: the save still answers within
  2.5 s, and the statistics catch up when Redis is back, through beat's
  minutely sweep and a real worker.
- A worker killed mid-task: the task is delivered again (acks late and a
  short visibility timeout) and its result equals a full recompute.

Each test runs its own redis-server (`RedisServer`), so that it can crash and
freeze it without disturbing the machine's Redis, and real worker processes
pointed at this test's PostgreSQL database (``transaction=True``: the test
commits for real). Run by `make test-services`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection
from django.urls import reverse

from clubs.models import Club, Player
from games import services as game_services
from games.models import Game, SeatResult, SessionStatus, TableSession
from scoring.types import ScoreSheet
from stats import selectors, services
from stats.models import (
    GameBucket,
    HeadToHead,
    PlayerBucket,
    PlayerRating,
    RatingHistory,
    StatsChange,
    StatsState,
)
from stats.selectors import LeaderboardFilters
from stats.tasks import stats_refresh_pending_task
from tests.celery_broker import broker
from tests.reliability.redis_server import RedisServer
from tests.sheets import sheet_post_data
from tests.stats.conftest import ANA_IN_G4, HISTORY, noon, record

ROOT = Path(__file__).resolve().parents[2]
SAVE_SECONDS = 2.5
WAIT_SECONDS = 20.0
# The workers' CELERY_VISIBILITY_TIMEOUT, instead of a minute: how long a task
# that a dead worker took stays invisible before it goes back to the queue.
VISIBILITY_SECONDS = 3
# Celery's default queue: the private Redis serves this test alone.
QUEUE = "celery"
RULEBOOK_ROWS = [("Ana", 1, 1, 114), ("Bruno", 1, 0, 95), ("Caio", 1, 0, 76)]

_UP = bool(os.environ.get("REDIS_URL")) and connection.vendor == "postgresql"
pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not _UP, reason="needs REDIS_URL and PostgreSQL"),
    pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server"),
]


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A private Redis, which the app's producer uses (with a cold pool) for this test."""
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        with broker(server.url):
            yield server
    finally:
        server.close()


class Workers:
    """Real worker processes on the private Redis and this test's database."""

    def __init__(self, redis_url: str, logs: Path) -> None:
        url = urlsplit(os.environ["DATABASE_URL"])
        test_database = urlunsplit(
            url._replace(path="/" + connection.settings_dict["NAME"])
        )
        self.env = {
            **os.environ,
            "REDIS_URL": redis_url,
            "DATABASE_URL": test_database,
            "DJANGO_CONN_MAX_AGE": "0",
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_SECONDS),
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        self.logs = logs
        self._started: list[tuple[subprocess.Popen[str], IO[str]]] = []

    def start(self, name: str, *, stall_marker: Path | None = None) -> Worker:
        """Start a worker; with ``stall_marker``, one whose refresh stalls (`fault_worker`)."""
        program = (
            ["-m", "celery", "-A", "concordia_site"]
            if stall_marker is None
            else ["-m", "tests.reliability.fault_worker", str(stall_marker)]
        )
        log_path = self.logs / f"{name}.log"
        log = log_path.open("w", encoding="utf-8")
        process = subprocess.Popen(
            [
                sys.executable, *program, "worker",
                "--queues", QUEUE,
                "--hostname", f"{name}@%h",
                # The pool production runs: its main process acknowledges a
                # task as a child starts it, unless acks_late (with the solo
                # pool the ack would wait for the task's end either way).
                "--pool", "prefork", "--concurrency", "1",
                "--without-gossip", "--without-mingle", "--without-heartbeat",
                "--loglevel", "INFO",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            text=True,
            # A group of its own, so that `kill` takes the pool's child too.
            start_new_session=True,
        )  # fmt: skip
        self._started.append((process, log))
        return Worker(process=process, log_path=log_path)

    def close(self) -> None:
        # No warm shutdown: it takes seconds, and the queue dies with the
        # private Redis anyway. Between tasks a worker holds no database
        # connection (DJANGO_CONN_MAX_AGE=0).
        for process, log in self._started:
            _kill_group(process)
            log.close()


def _kill_group(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


class Worker:
    def __init__(self, *, process: subprocess.Popen[str], log_path: Path) -> None:
        self.process = process
        self.log_path = log_path

    def kill(self) -> None:
        """Kill the worker and its pool at once, as an OOM kill or a lost host would."""
        _kill_group(self.process)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8")


@pytest.fixture
def workers(redis_server: RedisServer, tmp_path: Path) -> Iterator[Workers]:
    started = Workers(redis_server.url, tmp_path)
    try:
        yield started
    finally:
        started.close()


def _wait_until(condition: Callable[[], bool], worker: Worker, what: str) -> None:
    """Poll ``condition``, bounded: a real worker answers in its own time."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if worker.process.poll() is not None:
            pytest.fail(f"the worker stopped before {what}:\n{worker.log()}")
        if time.monotonic() > deadline:
            pytest.fail(
                f"no {what} within {WAIT_SECONDS} s; worker log:\n{worker.log()}"
            )
        time.sleep(0.2)


def _rows(club: Club) -> list[tuple[str, int, int, int | None]]:
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order="-best"
    )
    return [(r.name, r.games, r.wins, r.best) for r in board.rows]


def _draft(club: Club, sheet: ScoreSheet, *, day: str) -> TableSession:
    return game_services.session_create(
        club=club,
        created_by=None,
        map_name="imperium",
        played_at=noon(day),
        seats=[game_services.SeatInput(new_name=b.name) for b in sheet.players],
    )


@pytest.mark.parametrize("pool", ["cold", "warm"])
@pytest.mark.parametrize("outage", ["crashed", "hung"])
def test_a_game_saved_during_a_redis_outage_is_counted_once_redis_is_back(
    outage,
    pool,
    client,
    alice,
    club,
    other_club,
    draft_session,
    rulebook_sheet,
    redis_server,
    workers,
    caplog,
):
    if pool == "warm":
        # Another club's game saved before the outage: the producer pool now
        # holds a connection to Redis, as in a site that has been up a while.
        porto = _draft(other_club, rulebook_sheet, day="2026-10-31")
        game_services.concordia_sheet_record(session=porto, sheet=rulebook_sheet)
        assert redis_server.queue_length(QUEUE) == 1
    if outage == "crashed":
        redis_server.crash()
    else:
        redis_server.hang()

    client.force_login(alice)
    seats = list(draft_session.seats.order_by("seat_order"))
    url = reverse(
        "games:session-sheet",
        kwargs={"club_slug": "lisboa", "session_id": draft_session.pk},
    )
    started = time.perf_counter()
    response = client.post(url, sheet_post_data(rulebook_sheet, seats, version=1))
    elapsed = time.perf_counter() - started

    assert response.status_code == 302
    assert response["Location"] == draft_session.get_absolute_url()
    assert elapsed < SAVE_SECONDS
    draft_session.refresh_from_db()
    assert draft_session.status == SessionStatus.FINISHED
    assert sorted(
        SeatResult.objects.filter(session=draft_session).values_list("total", flat=True)
    ) == [76, 95, 114]
    assert StatsChange.objects.filter(club=club).count() == 1
    assert "not enqueued" in caplog.text

    if outage == "crashed":
        redis_server.start()
        # Redis came back empty (no persistence): the warm case's task died
        # with it, and only the sweep can still count either game.
        assert redis_server.queue_length(QUEUE) == 0
    else:
        # The publish that timed out may still reach Redis as it wakes (it sat
        # in a socket buffer): a second refresh would find nothing to do.
        redis_server.wake()
    worker = workers.start("worker")
    # What beat does every minute, through the broker.
    stats_refresh_pending_task.delay()

    _wait_until(
        lambda: not StatsChange.objects.exists() and _rows(club) == RULEBOOK_ROWS,
        worker,
        "catch-up",
    )
    if pool == "warm":
        assert _rows(other_club) == RULEBOOK_ROWS
    status = selectors.stats_status_get(club=club, game=Game.CONCORDIA)
    assert status.pending_since is None
    assert status.refreshed_at is not None


_AGGREGATES = (
    (PlayerBucket, services.PLAYER_BUCKET_FIELDS),
    (GameBucket, services.GAME_BUCKET_FIELDS),
    (HeadToHead, services.HEAD_TO_HEAD_FIELDS),
    (RatingHistory, services.HISTORY_FIELDS),
    (PlayerRating, services.RATING_FIELDS),
)


def _statistics(club: Club) -> dict[str, object]:
    """Every aggregate row of the club's Concordia, and what its pages show."""
    snapshot: dict[str, object] = {
        model.__name__: sorted(
            model._default_manager.filter(club=club).values_list(*fields)
        )
        for model, fields in _AGGREGATES
    }
    snapshot["leaderboard"] = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters()
    )
    snapshot["summary"] = selectors.club_summary_get(club=club, game=Game.CONCORDIA)
    snapshot["profiles"] = [
        selectors.player_profile_get(club=club, game=Game.CONCORDIA, player=player)
        for player in Player.objects.filter(club=club).order_by("name")
    ]
    return snapshot


def test_a_worker_killed_mid_refresh_leaves_the_task_to_the_next_worker(
    club, rulebook_sheet, redis_server, workers, tmp_path
):
    # Five games counted by last night's rebuild, then one played between the
    # third and the fourth is saved: its refresh replays the later ratings.
    for index, (day, map_name, seats) in enumerate(HISTORY):
        points = {"Ana": ANA_IN_G4} if index == 3 else None
        record(club, day=day, seats=seats, map_name=map_name, points=points)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    marker = tmp_path / "stalled-task-id"
    stalling = workers.start("stalling", stall_marker=marker)

    late_entry = _draft(club, rulebook_sheet, day="2026-02-10")
    game_services.concordia_sheet_record(session=late_entry, sheet=rulebook_sheet)
    _wait_until(marker.exists, stalling, "stalled refresh")
    task_id = marker.read_text(encoding="utf-8")
    stalling.kill()

    # The refresh died with its transaction: the change is still pending.
    assert StatsChange.objects.count() == 1
    assert StatsState.objects.get(club=club, game=Game.CONCORDIA).generation == 1
    # Let the visibility timeout run out (counted from the delivery, just
    # before the marker), so the next worker restores the task as it starts.
    time.sleep(max(0.0, marker.stat().st_mtime + VISIBILITY_SECONDS - time.time()))
    fresh = workers.start("fresh")
    _wait_until(
        lambda: f"stats_refresh_task[{task_id}] succeeded" in fresh.log(),
        fresh,
        "redelivery of the killed worker's task",
    )

    assert f"stats.tasks.stats_refresh_task[{task_id}] received" in fresh.log()
    assert not StatsChange.objects.exists()
    assert StatsState.objects.get(club=club, game=Game.CONCORDIA).generation == 2
    assert _rows(club) == [
        ("Ana", 5, 4, 120),
        ("Bruno", 6, 2, 110),
        ("Dora", 2, 0, 98),
        ("Caio", 4, 1, 95),
    ]
    refreshed = _statistics(club)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    assert _statistics(club) == refreshed
