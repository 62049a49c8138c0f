"""PostgreSQL restarted under traffic: no 500, and every request after it is back is served.

The site runs as in production (gunicorn, 2 sync workers, DJANGO_DEBUG=0,
persistent connections: DJANGO_CONN_MAX_AGE=600) against a private PostgreSQL
cluster (`pg_cluster`), never the machine's. Two signed-in members open the
game page and send a live preview of its sheet in a loop. The cluster is
restarted (``pg_ctl restart -m fast``: every connection the workers hold is
cut) once while the traffic pauses, so that both workers' connections die
idle, as on a quiet evening; once while it runs; and then it is stopped for a
moment and started again.

- Before: every answer is 200 with the game's result.
- Once the cluster accepts connections again: the next 50 requests and more,
  answered by both workers, are all 200 with the right content. The connection
  health check (``conn_health_checks``) replaces a dead connection before the
  first query of a request.
- Whatever is sent while it goes down or is down gets the page or a "try
  again" page with status 503 (`concordia_site.errors`), never a 500.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from games.models import Seat
from tests.markup import elements
from tests.reliability import pg_cluster
from tests.reliability.traffic import (
    REQUEST_ID_HEADER,
    Answer,
    Member,
    Reply,
    Traffic,
)
from tests.sheets import example_sheet, sheet_post_data

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 2
AFTER = 50
# The 503 page's "try again" notice, by its id: its message is translated.
TRY_AGAIN = 'id="unavailable"'

NO_SERVER_BINARIES = not pg_cluster.binaries_present()

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(NO_SERVER_BINARIES, reason="needs PostgreSQL 15 in PG_BIN"),
]


@dataclass(frozen=True)
class Site:
    cluster: pg_cluster.PrivateCluster
    port: int
    game: str
    password: str
    access_log: Path
    error_log: Path

    def workers_of(self, answers: list[Answer]) -> set[str]:
        """Return the process ids of the gunicorn workers that answered ``answers``."""
        numbers = {str(answer.number) for answer in answers}
        workers = set()
        for line in self.access_log.read_text().splitlines():
            number, pid = line.split()[:2]
            if number in numbers:
                workers.add(pid)
        return workers


def _production_env(database_url: str) -> dict[str, str]:
    """The README's production settings, for plain http on the loopback and no Redis."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("DJANGO_") and key not in {"DATABASE_URL", "REDIS_URL"}
    }
    env.update(
        {
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "restart-test-" + "k" * 50,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DJANGO_CONN_MAX_AGE": "600",
            "DATABASE_URL": database_url,
            "PYTHONDONTWRITEBYTECODE": "1",
        }
    )
    return env


def _wait_until_serving(
    port: int, gunicorn: subprocess.Popen[bytes], error_log: Path
) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert gunicorn.poll() is None, error_log.read_text()[-3000:]
        try:
            status = Member(port).request("GET", "/accounts/login/").status
        except OSError:
            status = 0
        if status == 200:
            return
        time.sleep(0.1)
    raise AssertionError(f"no sign-in page within 30 s:\n{error_log.read_text()}")


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    with pg_cluster.PrivateCluster() as cluster:
        env = _production_env(cluster.url())
        seeded = subprocess.run(
            [sys.executable, "-m", "tests.reliability.drill", "restart-seed"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert seeded.returncode == 0, seeded.stderr[-3000:]
        [seed] = json.loads(seeded.stdout)
        port = pg_cluster.free_port()
        access_log = tmp_path / "access.log"
        error_log = tmp_path / "gunicorn.log"
        with error_log.open("wb") as errors:
            gunicorn = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "concordia_site.wsgi",
                    "--workers",
                    str(WORKERS),
                    "--bind",
                    f"127.0.0.1:{port}",
                    "--access-logfile",
                    str(access_log),
                    "--access-logformat",
                    f"%({{{REQUEST_ID_HEADER.lower()}}}i)s %(p)s %(s)s %(r)s",
                ],
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=errors,
                stderr=errors,
            )
        try:
            _wait_until_serving(port, gunicorn, error_log)
            yield Site(
                cluster=cluster,
                port=port,
                game=f"/clubs/{seed['club']}/games/{seed['session']}/",
                password=seed["password"],
                access_log=access_log,
                error_log=error_log,
            )
        finally:
            gunicorn.terminate()
            try:
                gunicorn.wait(timeout=15)
            except subprocess.TimeoutExpired:
                gunicorn.kill()
                gunicorn.wait()


def _preview_form() -> Mapping[str, object]:
    sheet = example_sheet("concordia-rulebook")
    seats = [Seat(seat_order=order) for order in range(len(sheet.players))]
    return sheet_post_data(sheet, seats)


def _right(answer: Answer) -> bool:
    """A 200 that shows the rulebook game's result: Ana wins with 114."""
    if answer.status != 200:
        return False
    winner = elements(answer.body, id="winner")
    if len(winner) != 1 or "Ana" not in winner[0].text:
        return False
    if answer.kind == "live preview":
        # The sheet's scoreboard: a column per player.
        return answer.body.lstrip().startswith('<section id="score-preview"') and (
            '<td class="num">114</td>' in answer.body
        )
    # The result page: a card per player, the winner's first.
    return "<html" in answer.body and 'data-total="114"' in answer.body


def _try_again(answer: Answer) -> bool:
    return answer.status == 503 and TRY_AGAIN in answer.body


def _summary(answers: list[Answer]) -> list[tuple[int, str, int]]:
    return [(a.number, a.kind, a.status) for a in answers]


def test_restarting_postgresql_under_traffic_gives_no_500_and_every_request_after_is_served(
    site,
):
    members = []
    for username in ("alice", "bob"):
        member = Member(site.port)
        member.sign_in(username, site.password)
        members.append(member)
    form = _preview_form()

    def game_page(member: Member, headers: Mapping[str, str]) -> Reply:
        return member.open_page(site.game, headers=headers)

    def live_preview(member: Member, headers: Mapping[str, str]) -> Reply:
        return member.htmx_post(site.game + "sheet/preview/", form, headers=headers)

    traffic = Traffic(
        members, [("game page", game_page), ("live preview", live_preview)]
    )
    began = time.monotonic()
    traffic.start()
    try:
        traffic.wait_for(20, since=began, timeout=30)

        # Both workers hold a connection, idle, when the server goes away.
        traffic.pause()
        idle_restart_began = time.monotonic()
        site.cluster.restart()
        traffic.resume()
        resumed = time.monotonic()
        traffic.wait_for(AFTER, since=resumed, timeout=30)

        restart_began = time.monotonic()
        site.cluster.restart()
        restarted = time.monotonic()
        traffic.wait_for(AFTER, since=restarted, timeout=30)

        outage_began = time.monotonic()
        site.cluster.stop_server()
        stopped = time.monotonic()
        traffic.wait_for(6, since=stopped, timeout=30)
        starting = time.monotonic()
        site.cluster.start_server()
        back = time.monotonic()
        traffic.wait_for(AFTER, since=back, timeout=30)
    finally:
        answers = traffic.stop()
    log = site.error_log.read_text()[-3000:]

    def between(start: float, end: float) -> list[Answer]:
        """The answers to requests sent at ``start`` or later, received before ``end``."""
        return [a for a in answers if a.sent_at >= start and a.answered_at < end]

    before = between(began, idle_restart_began)
    after_idle_restart = between(resumed, restart_began)
    after_restart = between(restarted, outage_began)
    down = between(stopped, starting)
    after_outage = between(back, float("inf"))

    # Every answer, including those to requests in flight while the cluster
    # went down or came back: the page, or "try again"; never a 500 and never
    # a dropped connection.
    wrong = [a for a in answers if not (_right(a) or _try_again(a))]
    assert _summary(wrong) == [], log
    assert len(before) >= 20
    assert _summary([a for a in before if not _right(a)]) == []
    assert len(site.workers_of(before)) == WORKERS
    # The connections died while idle; each worker's health check replaced
    # its own before the first query.
    for after in (after_idle_restart, after_restart):
        assert len(after) >= AFTER
        assert _summary([a for a in after if not _right(a)]) == [], log
        assert len(site.workers_of(after[:AFTER])) == WORKERS
    # While the server was down there was no database to read at all.
    assert len(down) >= 6
    assert {a.status for a in down} == {503}
    assert len(after_outage) >= AFTER
    assert _summary([a for a in after_outage if not _right(a)]) == [], log
    assert len(site.workers_of(after_outage[:AFTER])) == WORKERS
