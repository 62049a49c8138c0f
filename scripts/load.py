"""`make load`: the site under load, on gunicorn and PostgreSQL (issue #7).

Builds, or reuses when it was built with the same parameters and migrations
(``--fresh`` rebuilds it), a scratch database ``tabularium_load`` on the
PostgreSQL server of ``LOAD_PG_URL``:

- the club "bench": 100,000 finished games of 1,000 players (the generated
  games of `make bench`) with its statistics rebuilt, so that its leaderboard
  is the one members see;
- the club "load", reset on every run: members, a few finished games for the
  game page, and one draft game for every save the run makes (a save finishes
  its game; a second save of the same version would be a conflict).

Then it runs gunicorn with 2 sync workers in the production settings of
`.env.example` (DJANGO_DEBUG=0; no https redirect on loopback), with
``REDIS_URL`` set to ``LOAD_REDIS_URL`` and no Celery worker, so that a save
pays a real broker round-trip and the refreshes it enqueues wait there. It
signs in through the login page, warms up, and drives the server with wrk on
loopback (scripts/load/phase.lua):

1. the floor, closed loop: ``GET /healthz``, a view with no work in it;
2. the game page, closed loop: a finished game's result page, and
3. saving a score sheet, closed loop, each save to a draft game of its own,
   taking turns in `ROUNDS` slices so that both see the machine alike;
4. saving at 50 requests/s for 20 s;
5. the leaderboard of the 100,000-game club at 100 requests/s for 20 s.

It prints one table with every target of issue #7 and PASS or MISS, the
query count of each page (Django's test client, in this process), and writes
the same as JSON to artifacts/load/. It empties the Redis database at the end.
The exit status is 0 even when a target is missed: this is a measurement.

Usage: ``python scripts/load.py [--fresh] [--seconds 20] [--max-seconds 10]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import http.client
import json
import math
import os
import re
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlencode, urlsplit

from bench_common import Copier, admin, cpu_times, database_url, generate, machine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PG_URL = os.environ.get("LOAD_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/12")
DATABASE = "tabularium_load"
PHASE_SCRIPT = ROOT / "scripts" / "load" / "phase.lua"
ARTIFACTS = ROOT / "artifacts" / "load"
# Bump when the database is built differently, so that an older one is rebuilt.
LAYOUT = 1

GAMES = 100_000
PLAYERS = 1_000
WORKERS = 2
PACED_SECONDS = 20
MAX_SECONDS = 10
# The game page and the saves, as fast as they go, run in this many slices of
# MAX_SECONDS / ROUNDS each, taking turns: a shared or throttled machine
# changes speed from minute to minute, and the ratio of the two must not
# depend on which one ran in the slow minute.
ROUNDS = 5
WARMUP_SECONDS = 3
FINISHED_GAMES = 5
# Draft games for the closed-loop saves: more than 2 cores can save in the
# time given. A thread that runs out stops, and its rate stays right.
SAVES_PER_SECOND_CAP = 500
WARMUP_SAVES = 300

# Issue #7's targets.
SAVE_RATE = 50
SAVE_P95_MS = 50.0
SAVE_TO_PAGE = 0.6
PAGE_RPS = 200.0
BOARD_RATE = 100
BOARD_P95_MS = 100.0
# A paced phase that sent fewer than this share of its schedule fell behind.
RATE_KEPT = 0.95

SHEET = "concordia-rulebook"
MEMBERS = ("load-ana", "load-bruno", "load-caio")
BOARD_SLUG = "bench"
BOARD_USER = "bench"
BOARD_PASSWORD = "bench-password-123"


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    # Unwind like Ctrl-C, so that gunicorn is stopped on the way out.
    raise SystemExit(128 + signum)


def _setup_django() -> None:
    os.environ.update(
        {
            "DATABASE_URL": database_url(PG_URL, DATABASE),
            "REDIS_URL": REDIS_URL,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "load-only-secret-key-" + "x" * 40,
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DJANGO_LOG_LEVEL": "WARNING",
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "concordia_site.settings")
    import django

    django.setup()


# The scratch database ---------------------------------------------------------


def _fingerprint(*, games: int, players: int) -> str:
    """Say what a database built now would hold: its parameters and migrations."""
    from django.db.migrations.loader import MigrationLoader

    loader = MigrationLoader(None, ignore_no_migrations=True)
    digest = hashlib.sha256()
    for key in sorted(loader.disk_migrations):
        module = sys.modules[loader.disk_migrations[key].__module__]
        digest.update(repr(key).encode())
        digest.update(Path(str(module.__file__)).read_bytes())
    return json.dumps(
        {
            "layout": LAYOUT,
            "games": games,
            "players": players,
            "migrations": digest.hexdigest()[:16],
        },
        sort_keys=True,
    )


def _stored_fingerprint() -> str | None:
    import psycopg

    with psycopg.connect(PG_URL, autocommit=True) as connection:
        row = connection.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database "
            "WHERE datname = %s",
            [DATABASE],
        ).fetchone()
    return None if row is None else row[0]


def _build(*, fingerprint: str, games: int, players: int) -> None:
    import psycopg
    from django.core.management import call_command
    from django.db import connection, connections
    from psycopg import sql

    from stats.services import stats_rebuild

    connections.close_all()
    admin(PG_URL, f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
    admin(PG_URL, f"CREATE DATABASE {DATABASE}")
    call_command("migrate", verbosity=0)
    club_id, _user_id = generate(games=games, players=players)
    started = time.perf_counter()
    stats_rebuild(club_id=club_id, game="concordia")
    print(f"  statistics rebuilt in {time.perf_counter() - started:.0f} s")
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
        cursor.execute("CHECKPOINT")
    # Written last: a build cut short has no fingerprint and is built again.
    with psycopg.connect(PG_URL, autocommit=True) as server:
        server.execute(
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                sql.Identifier(DATABASE), sql.Literal(fingerprint)
            )
        )


def _database(*, fresh: bool, games: int, players: int) -> dict[str, object]:
    """Build the scratch database unless one with the same fingerprint is there."""
    fingerprint = _fingerprint(games=games, players=players)
    if not fresh and _stored_fingerprint() == fingerprint:
        print(f"database {DATABASE}: reused ({games:,} games, {players:,} players)")
        return {"reused": True, "build_seconds": 0.0}
    print(f"database {DATABASE}: building ({games:,} games, {players:,} players)")
    started = time.perf_counter()
    _build(fingerprint=fingerprint, games=games, players=players)
    seconds = time.perf_counter() - started
    print(f"  built in {seconds:.0f} s")
    return {"reused": False, "build_seconds": round(seconds, 1)}


@dataclass(frozen=True, slots=True, kw_only=True)
class LoadClub:
    """The small club's games for this run."""

    user_id: int
    finished: list[int]
    drafts: list[int]

    @staticmethod
    def page(session_id: int) -> str:
        return f"/clubs/load/games/{session_id}/"

    @staticmethod
    def sheet(session_id: int) -> str:
        return f"/clubs/load/games/{session_id}/sheet/"


def _load_club(*, drafts: int) -> LoadClub:
    """Reset the club "load": members, finished games and ``drafts`` draft games.

    The finished games go through the services, as a phone saves them; the
    drafts are written with COPY, as `services.session_create` would leave
    them (a game and its seats), since thousands are needed.
    """
    from django.contrib.auth.models import User

    from clubs import services as clubs_services
    from clubs.models import Club, Player
    from games import services
    from games.models import Seat, SessionStatus, TableSession
    from stats.services import stats_rebuild
    from tests.sheets import example_sheet

    user = User.objects.get(username=BOARD_USER)
    club = Club.objects.filter(slug="load").first()
    if club is None:
        club = clubs_services.club_create(name="Load", slug="load", owner=user)
    for name in MEMBERS:
        member = User.objects.filter(username=name).first()
        if member is None:
            member = User.objects.create_user(name)
        clubs_services.membership_add(club=club, user=member)
    TableSession.objects.filter(club=club).delete()

    sheet = example_sheet(SHEET)
    played_at = dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC)
    finished = []
    for _ in range(FINISHED_GAMES):
        session = services.session_create(
            club=club,
            created_by=user,
            map_name=sheet.map.value,
            played_at=played_at,
            seats=[services.SeatInput(new_name=b.name) for b in sheet.players],
        )
        services.concordia_sheet_record(session=session, sheet=sheet)
        finished.append(session.pk)
    stats_rebuild(club_id=club.pk, game="concordia")

    players = [
        Player.objects.get(club=club, name=board.name).pk for board in sheet.players
    ]
    sessions = Copier(
        TableSession,
        TableSession(club=club, created_by=user, status=SessionStatus.DRAFT),
        ["map", "played_at"],
    )
    draft_ids = sessions.copy([(sheet.map.value, played_at)] * drafts)
    Copier(Seat, Seat(), ["session_id", "player_id", "seat_order"]).copy(
        [
            (session_id, player, order)
            for session_id in draft_ids
            for order, player in enumerate(players)
        ]
    )
    return LoadClub(user_id=user.pk, finished=finished, drafts=draft_ids)


def _settle() -> None:
    """Checkpoint before measuring.

    Resetting the club deletes the last run's games and writes thousands of
    new ones: left alone, the checkpoint those writes call for would flush
    them in the middle of the measurement and bill the saves for the set-up.
    (No VACUUM or ANALYZE here: analysed right after the reset, the positions
    table looks empty, and the plans made from that stay wrong all run long.)
    """
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("CHECKPOINT")


def _sheet_form(*, draft: int, token: str) -> dict[str, Any]:
    """Return the form the score entry page posts for the rulebook game.

    Every draft seats the same players in the same order at version 1, so one
    form fits them all: only the path changes from save to save.
    """
    from games.models import Seat
    from tests.sheets import example_sheet, sheet_post_data

    seats = list(Seat.objects.filter(session_id=draft).order_by("seat_order"))
    data = sheet_post_data(example_sheet(SHEET), seats, version=1)
    data["csrfmiddlewaretoken"] = token
    return data


# The server ------------------------------------------------------------------


def _environment() -> dict[str, str]:
    """Return gunicorn's environment: `.env.example` with production values."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL"))
    }
    for line in (ROOT / ".env.example").read_text().splitlines():
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            env[key] = value
    env.update(
        {
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            # Plain http on loopback: a proxy would terminate TLS in front.
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": database_url(PG_URL, DATABASE),
            "REDIS_URL": REDIS_URL,
        }
    )
    return env


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(slots=True)
class Response:
    status: int
    body: str


class Server:
    """gunicorn in a process group of its own, stopped on the way out whatever happens."""

    def __init__(self, *, workers: int, log: Path) -> None:
        self.workers = workers
        self.log = log
        self.port = _free_port()
        self.cookies: dict[str, str] = {}

    def __enter__(self) -> Server:
        gunicorn = Path(sys.executable).parent / "gunicorn"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [
                    str(gunicorn),
                    "concordia_site.wsgi",
                    "--workers",
                    str(self.workers),
                    "--bind",
                    f"127.0.0.1:{self.port}",
                ],
                cwd=ROOT,
                env=_environment(),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            self._wait_until_up()
        except BaseException:
            self.__exit__()
            raise
        return self

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited; see {self.log}")
            try:
                if self.request("GET", "/healthz").status == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not answer in 60 s; see {self.log}")
            time.sleep(0.2)

    def __exit__(self, *exc: object) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def worker_pids(self) -> list[int]:
        pids = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                pids.append(int(stat.parent.name))
        return pids

    def request(
        self, method: str, path: str, data: dict[str, str] | None = None
    ) -> Response:
        """Send one request with the cookies so far; keep the ones it sets."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": self.cookie_header()} if self.cookies else {}
        body = None
        if data is not None:
            body = urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            for header in answer.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return Response(status=answer.status, body=answer.read().decode())
        finally:
            connection.close()

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())


def _form_token(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    if found is None:
        raise RuntimeError("no CSRF token in the page")
    return found.group(1)


def _sign_in(server: Server, *, sheet_page: str) -> str:
    """Sign in through the login page; return the CSRF token of a score sheet page."""
    page = server.request("GET", "/accounts/login/")
    signed_in = server.request(
        "POST",
        "/accounts/login/",
        {
            "username": BOARD_USER,
            "password": BOARD_PASSWORD,
            "csrfmiddlewaretoken": _form_token(page.body),
        },
    )
    if signed_in.status != 302 or "sessionid" not in server.cookies:
        raise RuntimeError(f"signing in failed: {signed_in.status}")
    sheet = server.request("GET", sheet_page)
    if sheet.status != 200:
        raise RuntimeError(f"the score sheet page answered {sheet.status}")
    return _form_token(sheet.body)


# Measuring -------------------------------------------------------------------


def _process_cpu(pids: Sequence[int]) -> float:
    """Return the CPU seconds (user + system) the processes have used so far."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class CpuSample:
    machine: tuple[int, int, int]
    app: float
    db: float
    client: float

    @classmethod
    def now(cls, *, app: Sequence[int], db: Sequence[int]) -> CpuSample:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return cls(
            machine=cpu_times(),
            app=_process_cpu(app),
            db=_process_cpu(db),
            client=children.ru_utime + children.ru_stime,
        )


@dataclass(slots=True)
class Phase:
    """One wrk run: what was asked and what came back."""

    name: str
    rate: int  # requests/s asked for; 0 for a closed loop
    connections: int
    seconds: float
    requests: int
    good: int
    errors: int
    statuses: dict[str, int]
    exhausted: bool
    rps: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    # From sending to the answer; the paced percentiles above count from the
    # scheduled start, the closed-loop ones are these.
    service_p95_ms: float
    cpu: dict[str, float] = field(default_factory=dict)

    @property
    def kept_rate(self) -> bool:
        return self.rate == 0 or self.rps >= RATE_KEPT * self.rate

    @classmethod
    def combined(cls, name: str, parts: Sequence[Phase]) -> Phase:
        """Put together a closed loop run in slices.

        Counts and time add up and the rate is their quotient; wrk gives each
        slice's percentiles only, so the combined ones are the highest slice's
        (an upper bound).
        """
        requests = sum(p.requests for p in parts)
        seconds = sum(p.seconds for p in parts)
        statuses: dict[str, int] = {}
        for part in parts:
            for status, count in part.statuses.items():
                statuses[status] = statuses.get(status, 0) + count
        cpu = {
            key: round(
                sum(
                    p.cpu[key] * (p.requests if key.endswith("_request") else p.seconds)
                    for p in parts
                )
                / max(1, requests if key.endswith("_request") else seconds),
                2,
            )
            for key in parts[0].cpu
        }
        return cls(
            name=name,
            rate=0,
            connections=parts[0].connections,
            seconds=round(seconds, 2),
            requests=requests,
            good=sum(p.good for p in parts),
            errors=sum(p.errors for p in parts),
            statuses=statuses,
            exhausted=any(p.exhausted for p in parts),
            rps=requests / seconds if seconds else 0.0,
            p50_ms=max(p.p50_ms for p in parts),
            p95_ms=max(p.p95_ms for p in parts),
            p99_ms=max(p.p99_ms for p in parts),
            max_ms=max(p.max_ms for p in parts),
            service_p95_ms=max(p.service_p95_ms for p in parts),
            cpu=cpu,
        )


class Wrk:
    """Run phases; split each one's CPU into server, database, wrk and the rest."""

    def __init__(self, *, server: Server, workers: int, db_pids: list[int]) -> None:
        self.server = server
        self.workers = workers
        self.app_pids = server.worker_pids()
        self.db_pids = db_pids
        self.binary = shutil.which("wrk") or "wrk"

    def run(
        self,
        name: str,
        *,
        seconds: float,
        rate: int = 0,
        path: str = "/healthz",
        expect: int = 200,
        requests: Path | None = None,
        once: bool = False,
    ) -> Phase:
        # Closed loop: one thread, two connections a worker so that each
        # worker always has the next request waiting. Paced: one connection a
        # worker and a thread each (see phase.lua).
        threads = 1 if rate == 0 else self.workers
        connections = 2 * self.workers if rate == 0 else self.workers
        command = [
            self.binary,
            f"-t{threads}",
            f"-c{connections}",
            f"-d{seconds}s",
            "--timeout",
            "10s",
            "-H",
            f"Cookie: {self.server.cookie_header()}",
            "-s",
            str(PHASE_SCRIPT),
            self.server.url + path,
            "--",
            str(rate),
            str(threads),
            str(expect),
        ]
        if requests is not None:
            command += [str(requests), "once" if once else "cycle"]
        before = CpuSample.now(app=self.app_pids, db=self.db_pids)
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        after = CpuSample.now(app=self.app_pids, db=self.db_pids)
        line = next(
            (x for x in done.stdout.splitlines() if x.startswith("LOAD-RESULT ")), None
        )
        if line is None:
            raise RuntimeError(f"wrk said:\n{done.stdout}\n{done.stderr}")
        result = json.loads(line.removeprefix("LOAD-RESULT "))
        answered = result["good"] + result["bad"]
        socket_errors = sum(result["errors"].values())
        latency = result.get("scheduled_ms") or result["service_ms"]
        window = result["seconds"] or seconds
        return Phase(
            name=name,
            rate=rate,
            connections=connections,
            seconds=round(window, 2),
            requests=answered,
            good=result["good"],
            errors=result["bad"] + socket_errors,
            statuses=result["statuses"],
            exhausted=result["exhausted"],
            rps=answered / window,
            p50_ms=latency["p50"],
            p95_ms=latency["p95"],
            p99_ms=latency["p99"],
            max_ms=latency["max"],
            service_p95_ms=result["service_ms"]["p95"],
            cpu=_cpu_split(before, after, answered),
        )


def _cpu_split(before: CpuSample, after: CpuSample, requests: int) -> dict[str, float]:
    """Per request: the server's and the database's CPU; shares of the machine."""
    hz = os.sysconf("SC_CLK_TCK")
    total = (after.machine[0] - before.machine[0]) / hz
    idle = (after.machine[1] - before.machine[1]) / hz
    steal = (after.machine[2] - before.machine[2]) / hz
    app = after.app - before.app
    db = after.db - before.db
    client = after.client - before.client
    others = max(0.0, total - idle - steal - app - db - client)
    per = 1000 / requests if requests else 0.0
    share = 100 / total if total else 0.0
    return {
        "app_ms_per_request": round(app * per, 2),
        "db_ms_per_request": round(db * per, 2),
        "wrk_percent": round(client * share, 1),
        "others_percent": round(others * share, 1),
        "steal_percent": round(steal * share, 1),
    }


def _requests_file(directory: Path, name: str, lines: Sequence[str]) -> Path:
    path = directory / f"{name}.txt"
    path.write_text("".join(line + "\n" for line in lines))
    return path


def _db_pids() -> list[int]:
    """Return the PostgreSQL backends serving the load database, if on this machine."""
    from django.db import connection

    if urlsplit(PG_URL).hostname not in {"127.0.0.1", "localhost", "::1"}:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s "
            "AND pid <> pg_backend_pid()",
            [DATABASE],
        )
        return [row[0] for row in cursor.fetchall()]


def _query_counts(
    *, user_id: int, game_page: str, draft: str, form: dict[str, Any]
) -> dict[str, int]:
    """Count each page's queries with Django's test client, as the server runs them.

    Each page is asked once before it is counted, as a member's second visit
    (the session read through the cache, the leaderboard cached).
    """
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(User.objects.get(pk=user_id))
    board = f"/clubs/{BOARD_SLUG}/stats/concordia/"

    def count(method: str, path: str, data: Any = None, *, warm: bool = True) -> int:
        if warm:
            client.get(path)
        with CaptureQueriesContext(connection) as captured:
            response = client.get(path) if method == "GET" else client.post(path, data)
        if response.status_code not in {200, 302}:
            raise RuntimeError(f"{path} answered {response.status_code}")
        return len(captured.captured_queries)

    return {
        "floor": count("GET", "/healthz"),
        "game_page": count("GET", game_page),
        "save": count("POST", draft, form, warm=False),
        "leaderboard": count("GET", board),
        # Another order than the one asked before: the board is computed.
        "leaderboard_computed": count("GET", board + "?order=-wins", warm=False),
    }


def _saved_games() -> int:
    """Return how many of the load club's draft games a save has finished."""
    from games.models import SessionStatus, TableSession

    return (
        TableSession.objects.filter(
            club__slug="load", status=SessionStatus.FINISHED
        ).count()
        - FINISHED_GAMES
    )


def _redis_in_use() -> bool:
    import redis

    return bool(redis.Redis.from_url(REDIS_URL).dbsize())


@contextmanager
def _redis() -> Iterator[dict[str, object]]:
    """Empty the load's Redis database afterwards; report what no worker took."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    outcome: dict[str, object] = {"url": REDIS_URL}
    try:
        yield outcome
    finally:
        outcome["queued_tasks"] = client.llen("celery")
        client.flushdb()


# The report --------------------------------------------------------------------


def _targets(phases: dict[str, Phase]) -> list[dict[str, object]]:
    save_max, page, save = phases["save_max"], phases["game_page"], phases["save_paced"]
    board = phases["leaderboard_paced"]
    ratio = save_max.rps / page.rps if page.rps else 0.0
    return [
        {
            "target": f"save: p95 ≤ {SAVE_P95_MS:.0f} ms at {SAVE_RATE}/s, no errors",
            "measured": f"p95 {save.p95_ms:.1f} ms, {save.errors} errors, "
            f"{save.rps:.1f}/s",
            "pass": save.p95_ms <= SAVE_P95_MS
            and save.errors == 0
            and save.kept_rate
            and not save.exhausted,
        },
        {
            "target": f"save throughput ≥ {SAVE_TO_PAGE}× the game page's",
            "measured": f"{save_max.rps:.0f}/s = {ratio:.2f}× {page.rps:.0f}/s",
            "pass": ratio >= SAVE_TO_PAGE and save_max.errors == 0 == page.errors,
        },
        {
            "target": f"game page ≥ {PAGE_RPS:.0f} requests/s",
            "measured": f"{page.rps:.0f}/s",
            "pass": page.rps >= PAGE_RPS and page.errors == 0,
        },
        {
            "target": f"leaderboard, {GAMES:,} games: p95 ≤ {BOARD_P95_MS:.0f} ms "
            f"at {BOARD_RATE}/s",
            "measured": f"p95 {board.p95_ms:.1f} ms, {board.errors} errors, "
            f"{board.rps:.1f}/s",
            "pass": board.p95_ms <= BOARD_P95_MS
            and board.errors == 0
            and board.kept_rate,
        },
    ]


def _print_report(report: dict[str, Any]) -> None:
    print()
    print(f"Machine: {report['machine']}")
    print(
        f"Server: gunicorn {report['server']['gunicorn']}, "
        f"{report['server']['workers']} sync workers; load: {report['server']['wrk']} "
        f"on loopback; load average before the run {report['load_average']}"
    )
    print()
    print(
        f"{'phase':<34}{'req/s':>8}{'p50':>8}{'p95':>8}{'p99':>8}{'errors':>8}"
        f"{'app ms':>8}{'db ms':>7}{'others':>8}{'steal':>7}"
    )
    for phase in report["phases"].values():
        cpu = phase["cpu"]
        print(
            f"{phase['label']:<34}{phase['rps']:>8.1f}{phase['p50_ms']:>8.1f}"
            f"{phase['p95_ms']:>8.1f}{phase['p99_ms']:>8.1f}{phase['errors']:>8}"
            f"{cpu['app_ms_per_request']:>8.2f}{cpu['db_ms_per_request']:>7.2f}"
            f"{cpu['others_percent']:>7.0f}%{cpu['steal_percent']:>6.0f}%"
        )
    print(
        "  latencies in ms: paced phases from the scheduled start (queueing "
        "included), closed loops from sending;\n"
        "  app ms / db ms: CPU per request of the gunicorn workers and of their "
        "PostgreSQL backends;\n"
        "  others: CPU share the rest of the machine used meanwhile (other "
        "processes, PostgreSQL's own)"
    )
    for phase in report["phases"].values():
        if phase["statuses"] or phase["exhausted"]:
            print(
                f"  {phase['label']}: unexpected statuses {phase['statuses']}"
                + (", ran out of draft games" if phase["exhausted"] else "")
            )
    print()
    for target in report["targets"]:
        verdict = "PASS" if target["pass"] else "MISS"
        print(f"{verdict}  {target['target']:<54} {target['measured']}")
    queries = report["queries"]
    print()
    print(
        "Queries per request (Django's test client): "
        + ", ".join(f"{name.replace('_', ' ')} {n}" for name, n in queries.items())
    )
    saves = report["saves"]
    unread = saves["finished"] - saves["answered"]
    consistent = 0 <= unread <= saves["in_flight_at_most"]
    print(
        f"Saves: {saves['answered']} answered 302 and {saves['finished']} games are "
        f"finished in the database ({unread} answers unread when a phase ended)"
        + (
            ""
            if consistent
            else f"  MISMATCH: 0 to {saves['in_flight_at_most']} expected"
        )
    )
    redis = report["redis"]
    print(
        f"Redis {redis['url']} emptied: it held {redis['queued_tasks']} statistics "
        "refreshes that no worker took (none runs during the load)."
    )
    print(f"Written to {report['written_to']} ({report['seconds']:.0f} s in all)")


LABELS = {
    "floor": "floor GET /healthz, closed loop",
    "game_page": f"game page, closed loop ×{ROUNDS}",
    "save_max": f"save, closed loop ×{ROUNDS}",
    "save_paced": f"save at {SAVE_RATE}/s",
    "leaderboard_paced": f"leaderboard at {BOARD_RATE}/s",
}


def _versions() -> dict[str, str]:
    from django.db import connection

    wrk = subprocess.run(["wrk", "-v"], capture_output=True, text=True, check=False)
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        postgres = cursor.fetchone()[0]
    gunicorn = subprocess.run(
        [str(Path(sys.executable).parent / "gunicorn"), "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    return {
        "wrk": " ".join(wrk.stdout.split()[:2]),
        "postgres": postgres,
        "gunicorn": gunicorn.stdout.split()[-1].rstrip(")"),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fresh", action="store_true", help="rebuild the database")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--workers", type=int, default=WORKERS)
    parser.add_argument("--seconds", type=int, default=PACED_SECONDS)
    parser.add_argument("--max-seconds", type=int, default=MAX_SECONDS)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        print("== wrk is missing (apt-get install wrk): the load run is NOT run")
        return 0
    if _redis_in_use():
        # Emptying it afterwards would take someone else's data with ours.
        print(
            f"== {REDIS_URL} is not empty, so something else uses it: the load run "
            "is NOT run (choose another database with LOAD_REDIS_URL)"
        )
        return 0
    signal.signal(signal.SIGTERM, _on_sigterm)
    started = time.perf_counter()
    load_average = Path("/proc/loadavg").read_text().split()[0]
    _setup_django()
    database = _database(fresh=args.fresh, games=args.games, players=args.players)
    versions = _versions()

    slice_seconds = max(1, args.max_seconds // ROUNDS)
    max_saves = SAVES_PER_SECOND_CAP * args.max_seconds
    paced_saves = math.ceil(SAVE_RATE * args.seconds * 1.1) + args.workers
    load_club = _load_club(drafts=WARMUP_SAVES + max_saves + paced_saves + 1)
    _settle()
    counted_draft, *drafts = load_club.drafts
    warmup_drafts = drafts[:WARMUP_SAVES]
    max_drafts = drafts[WARMUP_SAVES : WARMUP_SAVES + max_saves]
    paced_drafts = drafts[WARMUP_SAVES + max_saves :]

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    phases: dict[str, Phase] = {}
    with (
        _redis() as redis_outcome,
        tempfile.TemporaryDirectory(prefix="tabularium-load-") as temporary,
        Server(workers=args.workers, log=ARTIFACTS / "gunicorn.log") as server,
    ):
        directory = Path(temporary)
        token = _sign_in(server, sheet_page=LoadClub.sheet(counted_draft))
        form = _sheet_form(draft=counted_draft, token=token)
        body = urlencode(form, doseq=True)

        def saves(name: str, ids: list[int]) -> Path:
            lines = [f"POST\t{LoadClub.sheet(pk)}\t{body}" for pk in ids]
            return _requests_file(directory, name, lines)

        pages = _requests_file(
            directory,
            "pages",
            [f"GET\t{LoadClub.page(pk)}\t" for pk in load_club.finished],
        )
        board = f"/clubs/{BOARD_SLUG}/stats/concordia/"
        print(f"gunicorn on {server.url}, signed in; warming up")
        wrk = Wrk(server=server, workers=args.workers, db_pids=[])
        for path, requests in (("/healthz", None), ("/healthz", pages), (board, None)):
            wrk.run("warm-up", seconds=WARMUP_SECONDS, path=path, requests=requests)
        warm_saves = wrk.run(
            "warm-up",
            seconds=WARMUP_SECONDS,
            expect=302,
            requests=saves("warmup", warmup_drafts),
            once=True,
        )
        # The workers hold their database connections now (CONN_MAX_AGE).
        wrk = Wrk(server=server, workers=args.workers, db_pids=_db_pids())
        print("measuring")
        phases["floor"] = wrk.run("floor", seconds=args.max_seconds)
        turns: dict[str, list[Phase]] = {"game_page": [], "save_max": []}
        share = len(max_drafts) // ROUNDS
        for turn in range(ROUNDS):
            turns["game_page"].append(
                wrk.run("game_page", seconds=slice_seconds, requests=pages)
            )
            turns["save_max"].append(
                wrk.run(
                    "save_max",
                    seconds=slice_seconds,
                    expect=302,
                    requests=saves(
                        f"max{turn}", max_drafts[turn * share : (turn + 1) * share]
                    ),
                    once=True,
                )
            )
        for name, parts in turns.items():
            phases[name] = Phase.combined(name, parts)
        phases["save_paced"] = wrk.run(
            "save_paced",
            seconds=args.seconds,
            rate=SAVE_RATE,
            expect=302,
            requests=saves("paced", paced_drafts),
            once=True,
        )
        phases["leaderboard_paced"] = wrk.run(
            "leaderboard_paced", seconds=args.seconds, rate=BOARD_RATE, path=board
        )
        queries = _query_counts(
            user_id=load_club.user_id,
            game_page=LoadClub.page(load_club.finished[0]),
            draft=LoadClub.sheet(counted_draft),
            form=form,
        )
    save_phases = (warm_saves, *turns["save_max"], phases["save_paced"])
    # The saves that answered 302, and the one the query count made. wrk
    # stops at the end of a phase without reading the answers still on the
    # way: those saves are done, but not counted.
    answered = sum(p.good for p in save_phases) + 1
    in_flight = sum(p.connections for p in save_phases)
    report: dict[str, Any] = {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "machine": f"{machine()}, PostgreSQL {versions['postgres']}",
        "load_average": load_average,
        "server": {
            "gunicorn": versions["gunicorn"],
            "workers": args.workers,
            "wrk": versions["wrk"],
        },
        "database": {
            "name": DATABASE,
            "games": args.games,
            "players": args.players,
            **database,
        },
        "phases": {
            name: {"label": LABELS[name], **asdict(phase)}
            for name, phase in phases.items()
        },
        "targets": _targets(phases),
        "queries": queries,
        "saves": {
            "answered": answered,
            "finished": _saved_games(),
            "in_flight_at_most": in_flight,
        },
        "redis": redis_outcome,
        "written_to": str(ARTIFACTS / f"load-{stamp}.json"),
        "seconds": round(time.perf_counter() - started, 1),
    }
    Path(report["written_to"]).write_text(json.dumps(report, indent=2) + "\n")
    _print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
