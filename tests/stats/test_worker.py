"""A real Celery worker over Redis refreshes the leaderboard a moment after a game is saved.

Run by `make test-services`, which sets REDIS_URL and a PostgreSQL
DATABASE_URL. The worker is a separate process pointed at this test's own
database, so the test commits for real (``transaction=True``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection
from django.urls import reverse

from clubs.models import Club
from concordia_site.celery import app as celery_app
from games import services as game_services
from games.models import Game
from stats import selectors
from stats.selectors import Leaderboard, LeaderboardFilters

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 20.0

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("REDIS_URL") or connection.vendor != "postgresql",
        reason="needs REDIS_URL and a PostgreSQL DATABASE_URL (make test-services)",
    ),
]


def _route_stats_tasks_to(queue: str | None) -> None:
    # A queue of its own keeps any other worker on the same Redis database
    # from taking this test's tasks (and running them on another database).
    celery_app.conf.task_routes = {"stats.tasks.*": {"queue": queue}} if queue else None
    # The router and its route table are built once from task_routes, at the
    # first publish (an earlier test may have published): rebuild both. The
    # stubs miss the router's setter.
    celery_app.amqp.flush_routes()
    celery_app.amqp.router = celery_app.amqp.Router()  # type: ignore[misc]


@pytest.fixture
def worker(transactional_db):
    queue = f"stats-test-{uuid.uuid4().hex[:12]}"
    url = urlsplit(os.environ["DATABASE_URL"])
    test_database = urlunsplit(
        url._replace(path="/" + connection.settings_dict["NAME"])
    )
    env = {
        **os.environ,
        "DATABASE_URL": test_database,
        "DJANGO_CONN_MAX_AGE": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "concordia_site",
            "worker",
            "--queues",
            queue,
            "--pool",
            "solo",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel",
            "INFO",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    _route_stats_tasks_to(queue)
    yield process
    _route_stats_tasks_to(None)
    process.terminate()
    try:
        process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()


def _leaderboard(club: Club) -> Leaderboard:
    return selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order="-best"
    )


def test_a_saved_game_reaches_both_members_leaderboards_through_a_real_worker(
    worker, client, alice, bob, club, draft_session, rulebook_sheet
):
    assert _leaderboard(club).rows == []
    game_services.concordia_sheet_record(session=draft_session, sheet=rulebook_sheet)

    # A real worker answers in its own time: poll, bounded, instead of sleeping
    # a fixed amount.
    deadline = time.monotonic() + WAIT_SECONDS
    while not _leaderboard(club).rows:
        if worker.poll() is not None:
            pytest.fail("the worker stopped:\n" + worker.communicate()[0])
        if time.monotonic() > deadline:
            worker.terminate()
            pytest.fail(
                "no refresh within 20 s; worker log:\n" + worker.communicate()[0]
            )
        time.sleep(0.2)

    assert [(r.name, r.games, r.wins, r.best) for r in _leaderboard(club).rows] == [
        ("Ana", 1, 1, 114),
        ("Bruno", 1, 0, 95),
        ("Caio", 1, 0, 76),
    ]
    url = reverse(
        "stats:leaderboard", kwargs={"club_slug": "lisboa", "game": "concordia"}
    )
    pages = []
    for user in (alice, bob):
        client.force_login(user)
        pages.append(
            client.get(url, {"order": "-best"}, headers={"HX-Request": "true"})
        )
    for page in pages:
        html = page.content.decode()
        assert page.status_code == 200
        assert (
            html.index(">Ana</a>") < html.index(">Bruno</a>") < html.index(">Caio</a>")
        )
    status = selectors.stats_status_get(club=club, game=Game.CONCORDIA)
    assert (status.generation, status.pending_since) == (1, None)
