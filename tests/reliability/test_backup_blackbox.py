"""A club's backup and its BG Stats files, checked from outside the production-like site.

The site runs as production runs it: gunicorn with 2 sync workers (and its
default 30-second worker timeout), ``DJANGO_DEBUG=0``, PostgreSQL (a scratch
database on the server of the suite's ``DATABASE_URL``) and Redis (a private
``redis-server``). ``python -m tests.reliability.drill blackbox-seed`` gives
Lisboa the rulebook's game, the plays of a phone's BG Stats file and the table
assistant's games (one in play, one finished and scored), and two empty clubs.
Then, over HTTP only:

- Lisboa's backup, downloaded from its page, restored into the empty club
  through the page, holds every game, log and result the original holds (the
  backup of the copy equals the original's, ids aside), and the copy's
  assistant games have join codes and follow links of their own;
- Lisboa's old BG Stats export, and the phone's file, imported into the copy
  create no game;
- a game written through the API twice with one Idempotency-Key, the two
  requests sent at once (so that each worker may take one), exists once, and
  so does a table-assistant game and its move;
- a BG Stats file at the documented size cap (20 MB, 10,000 plays of
  Concordia) imports through the page inside the worker timeout (gunicorn
  kills a worker that takes longer: the answer would be no answer). The time
  it took is printed (``-s``) for ``docs/portability.md``.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import psycopg
import pytest
from psycopg import sql

from tests.reliability.pg_cluster import free_port
from tests.reliability.redis_server import RedisServer

ROOT = Path(__file__).resolve().parents[2]
PHONE = ROOT / "tests" / "portability" / "data" / "bgstats-phone.json"
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
MAX_BYTES = 20 * 1024 * 1024


def _postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if urlsplit(url).scheme in {"postgres", "postgresql"} else ""


pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(not _postgres_url(), reason="needs a PostgreSQL DATABASE_URL"),
]


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    headers: Mapping[str, str]

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    def json(self) -> Any:
        return json.loads(self.body)


class Visitor:
    """One client with its own cookies (kept by hand: production's are ``Secure``)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(
        self,
        method: str,
        path: str,
        *,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: float = 60,
    ) -> Answer:
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            content = response.read()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return Answer(
                response.status,
                content,
                {k.lower(): v for k, v in response.getheaders()},
            )
        finally:
            connection.close()

    def csrf(self, page: str) -> str:
        found = CSRF_FIELD.search(self.request("GET", page).text)
        assert found, page
        return found.group(1)

    def sign_in(self, username: str, password: str) -> None:
        token = self.csrf("/accounts/login/")
        answer = self.request(
            "POST",
            "/accounts/login/",
            body=urlencode(
                {
                    "username": username,
                    "password": password,
                    "csrfmiddlewaretoken": token,
                }
            ).encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert answer.status == 302, answer.text[:500]

    def upload(
        self, page: str, action: str, fields: Mapping[str, str], file: bytes
    ) -> Answer:
        """Send a page's form with a file, as a browser does (multipart)."""
        boundary = uuid.uuid4().hex
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
            f"{value}\r\n".encode()
            for name, value in {
                **fields,
                "csrfmiddlewaretoken": self.csrf(page),
            }.items()
        ]
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            'filename="export.json"\r\nContent-Type: application/json\r\n\r\n'.encode()
            + file
            + f"\r\n--{boundary}--\r\n".encode()
        )
        return self.request(
            "POST",
            action,
            body=b"".join(parts),
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
            timeout=120,
        )


@dataclass(frozen=True)
class Site:
    port: int
    database_url: str
    seed: dict[str, Any]

    def api(
        self,
        method: str,
        path: str,
        document: object = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        headers = {"Authorization": f"Token {self.seed['token']}", **(headers or {})}
        body = None
        if document is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(document).encode()
        return Visitor(self.port).request(method, path, body=body, headers=headers)

    def query(self, statement: str, params: tuple[object, ...] = ()) -> list[Any]:
        with psycopg.connect(self.database_url) as connection:
            return connection.execute(statement, params).fetchall()


def _environment(database_url: str, redis_url: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("DJANGO_") and key not in {"DATABASE_URL", "REDIS_URL"}
    }
    env.update(
        {
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "backup-blackbox-" + "k" * 50,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "PYTHONDONTWRITEBYTECODE": "1",
        }
    )
    return env


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    server = urlsplit(_postgres_url())
    name = f"{server.path.lstrip('/') or 'tabularium'}_backup_blackbox_{os.getpid()}"
    admin = server._replace(path="/postgres").geturl()
    database_url = server._replace(path=f"/{name}").geturl()
    directory = tmp_path_factory.mktemp("site")
    redis = RedisServer(directory / "redis")
    gunicorn: subprocess.Popen[bytes] | None = None

    def drop() -> None:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(name)
                )
            )

    drop()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        redis.start()
        env = _environment(database_url, redis.url)
        seeded = subprocess.run(
            [sys.executable, "-m", "tests.reliability.drill", "blackbox-seed"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert seeded.returncode == 0, seeded.stderr[-3000:]
        port = free_port()
        log = directory / "gunicorn.log"
        with log.open("wb") as errors:
            gunicorn = subprocess.Popen(
                [
                    sys.executable, "-m", "gunicorn", "concordia_site.wsgi",
                    "--workers", "2", "--bind", f"127.0.0.1:{port}",
                ],
                cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=errors, stderr=errors,
            )  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            assert gunicorn.poll() is None, log.read_text()[-3000:]
            try:
                if Visitor(port).request("GET", "/healthz").status == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.1)
        yield Site(
            port=port, database_url=database_url, seed=json.loads(seeded.stdout)[0]
        )
    finally:
        if gunicorn is not None:
            gunicorn.terminate()
            gunicorn.wait(timeout=15)
        redis.close()
        drop()


def _comparable(backup: dict[str, Any]) -> dict[str, Any]:
    """A backup without what a restore renews: ids, and the key of a linked game."""
    names = {player["id"]: player["name"] for player in backup["players"]}
    sessions = []
    for session in backup["sessions"]:
        session = {k: v for k, v in session.items() if k != "id"}
        if session["idempotency_key"].startswith("assistant-"):
            session["idempotency_key"] = ""
        session["seats"] = [
            {**seat, "player": names[seat["player"]]} for seat in session["seats"]
        ]
        sessions.append(session)
    return {
        "players": sorted(
            (p["name"], p["username"], p["created_at"]) for p in backup["players"]
        ),
        "sessions": sessions,
        "assistant": [
            (game["created_at"], game["session"] is not None, game["log"])
            for game in backup["assistant_games"]
        ],
    }


def test_a_club_backup_restores_every_game_log_and_result_and_keeps_its_bgstats_ids(
    site,
):
    owner = Visitor(site.port)
    owner.sign_in("alice", site.seed["password"])
    download = owner.request("GET", "/clubs/lisboa/backup/download/")
    assert download.status == 200
    backup = download.json()
    assert backup["version"] == 2
    assert len(backup["sessions"]) == 4
    assert [len(g["log"]["events"]) for g in backup["assistant_games"]] == [3, 201]
    old_export = site.api("GET", "/api/v1/clubs/lisboa/bgstats/").json()
    assert len(old_export["plays"]) == 4

    restored = owner.upload(
        "/clubs/lisboa-again/backup/",
        "/clubs/lisboa-again/backup/restore/",
        {},
        download.body,
    )
    assert restored.status == 302, restored.text[-2000:]
    assert restored.headers["location"] == "/clubs/lisboa-again/"

    copy = site.api("GET", "/api/v1/clubs/lisboa-again/backup/").json()
    assert _comparable(copy) == _comparable(backup)
    codes = site.query(
        "SELECT g.join_code, g.follow_token, c.slug FROM assistant_assistantgame g "
        "JOIN games_club c ON c.id = g.club_id ORDER BY g.created_at, g.id"
    )
    old = [(code, token) for code, token, slug in codes if slug == "lisboa"]
    new = [(code, token) for code, token, slug in codes if slug == "lisboa-again"]
    assert len(old) == len(new) == 2
    assert not {value for pair in old for value in pair} & {
        value for pair in new for value in pair
    }

    again = site.api("POST", "/api/v1/clubs/lisboa-again/bgstats/import/", old_export)
    assert again.status == 201, again.text
    assert (again.json()["sessions_created"], again.json()["sessions_skipped"]) == (
        0,
        4,
    )
    phone = json.loads(PHONE.read_text("utf-8"))
    again = site.api(
        "POST",
        "/api/v1/clubs/lisboa-again/bgstats/import/",
        {**phone, "import_valid_plays": True},
    )
    assert again.status == 201, again.text
    assert (again.json()["sessions_created"], again.json()["sessions_skipped"]) == (
        0,
        2,
    )
    assert (
        len(site.api("GET", "/api/v1/clubs/lisboa-again/backup/").json()["sessions"])
        == 4
    )


def _pretty(document: object) -> bytes:
    # BG Stats on a phone writes `"key" : value`, two spaces deep.
    return json.dumps(
        document, indent=2, separators=(",", " : "), ensure_ascii=False
    ).encode()


def _file_at_the_cap() -> bytes:
    """A BG Stats file of 20 MB: 10,000 plays of Concordia among other games' plays."""
    rng = random.Random(21)
    names = ["Ana", "Bruno", "Caio", "Dora", "Eli", "Fabi", "Gil", "Hugo", "Iris", "Júlia",
             "Kátia", "Lia", "Mauro", "Nina", "Otávio", "Paula", "Quim", "Rita", "Sara", "Tomás"]  # fmt: skip
    players = [
        {"id": index, "uuid": str(uuid.UUID(int=rng.getrandbits(128))), "name": name,
         "isAnonymous": False, "bggUsername": "", "modificationDate": "2024-01-01 10:00:00"}
        for index, name in enumerate(names, start=1)
    ]  # fmt: skip

    def play(game: int, index: int) -> dict[str, Any]:
        seated = rng.sample(players, rng.randint(2, 5))
        scores = [rng.randint(60, 180) for _ in seated]
        return {
            "uuid": str(uuid.UUID(int=rng.getrandbits(128))),
            "gameRefId": game, "ignored": False, "manualWinner": False,
            "playDate": f"{2014 + index % 12}-{1 + index % 12:02d}-{1 + index % 28:02d} 20:00:00",
            "entryDate": "2024-01-01 10:00:00", "modificationDate": "2024-01-01 10:00:00",
            "durationMin": 120, "rounds": 0, "locationRefId": 1, "usesTeams": False,
            "board": rng.choice(["Imperium", "Italia", ""]), "comments": "",
            "expansionPlays": [], "playImages": "[]", "rating": 0, "scoringSetting": 0,
            "playerScores": [
                {"score": str(score), "winner": score == max(scores), "newPlayer": False,
                 "startPlayer": order == 0, "playerRefId": player["id"], "rank": 0,
                 "seatOrder": order + 1, "role": "", "team": ""}
                for order, (player, score) in enumerate(zip(seated, scores, strict=True))
            ],
        }  # fmt: skip

    document: dict[str, Any] = {
        "userInfo": {"meRefId": 1},
        "games": [
            {"id": 1, "name": "Concordia", "bggId": 124361, "bggYear": 2013},
            {"id": 2, "name": "Carcassonne", "bggId": 822, "bggYear": 2000},
        ],
        "players": players,
        "locations": [{"id": 1, "uuid": "l1", "name": "Café"}],
        "plays": [play(1, index) for index in range(10_000)],
    }
    # Plays of another game fill the file up to the cap.
    sample = [play(2, index) for index in range(100)]
    each = (len(_pretty({"plays": sample})) - len(_pretty({"plays": []}))) / 100
    size = len(_pretty(document))
    document["plays"] += [play(2, i) for i in range(int((MAX_BYTES - size) / each))]
    raw = _pretty(document)
    while len(raw) > MAX_BYTES:
        del document["plays"][-(int((len(raw) - MAX_BYTES) / each) + 1) :]
        raw = _pretty(document)
    assert MAX_BYTES - 10 * each < len(raw) <= MAX_BYTES
    return raw


def test_a_bgstats_file_at_the_size_cap_imports_inside_the_worker_timeout(site):
    raw = _file_at_the_cap()
    owner = Visitor(site.port)
    owner.sign_in("alice", site.seed["password"])
    started = time.monotonic()
    answer = owner.upload(
        "/clubs/big/backup/",
        "/clubs/big/import/bgstats/",
        {"import_valid": "on"},
        raw,
    )
    took = time.monotonic() - started
    print(
        f"\n20 MB BG Stats file ({len(raw):,} bytes, 10,000 plays of Concordia): {took:.1f} s"
    )
    assert answer.status == 302, answer.text[-2000:]
    assert answer.headers["location"].startswith("/clubs/big/backup/?imported=")
    [(games,)] = site.query(
        "SELECT count(*) FROM games_tablesession s JOIN games_club c ON c.id = s.club_id "
        "WHERE c.slug = 'big'"
    )
    assert games == 10_000


def _twice_at_once(site: Site, path: str, document: object, key: str) -> list[Answer]:
    """Send the same write twice at the same moment, on two connections."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2) as pool:
        sent = [
            pool.submit(site.api, "POST", path, document, {"Idempotency-Key": key})
            for _copy in range(2)
        ]
        return [future.result() for future in sent]


def test_a_game_written_through_the_api_twice_with_one_key_exists_once(site):
    sheet = json.loads(
        (ROOT / "tests" / "scoring" / "data" / "concordia-rulebook.json").read_text()
    )
    body = {"sheet": sheet, "played_at": "2026-11-20T21:30:00Z", "add_players": True}
    path = "/api/v1/clubs/writes/sessions/"
    answers = _twice_at_once(site, path, body, "blackbox-game")
    answers.append(site.api("POST", path, body, {"Idempotency-Key": "blackbox-game"}))
    assert sorted(a.status for a in answers) == [200, 200, 201], [
        a.text[:300] for a in answers
    ]
    assert len({a.json()["id"] for a in answers}) == 1
    assert [a.json()["seats"][0]["result"]["total"] for a in answers] == [114] * 3
    assert site.query(
        "SELECT count(*) FROM games_tablesession s JOIN games_club c "
        "ON c.id = s.club_id WHERE c.slug = 'writes'"
    ) == [(1,)]

    log = json.loads(
        (ROOT / "tests" / "play" / "data" / "game-log-short.json").read_text()
    )
    setup = {key: value for key, value in log.items() if key != "events"}
    tables = _twice_at_once(
        site, "/api/v1/clubs/writes/table-games/", setup, "blackbox-table"
    )
    assert {a.status for a in tables} <= {200, 201}, [a.text[:300] for a in tables]
    assert len({a.json()["id"] for a in tables}) == 1
    game = tables[0].json()["id"]
    move = {"expected_head": 0, "event": log["events"][0]}
    moves = _twice_at_once(
        site, f"/api/v1/clubs/writes/table-games/{game}/events/", move, "tap-1"
    )
    assert sorted(a.status for a in moves) == [200, 201], [a.text for a in moves]
    assert [a.json()["head"] for a in moves] == [1, 1]
    assert site.query(
        "SELECT count(*) FROM assistant_assistantevent WHERE game_id = %s", (game,)
    ) == [(1,)]
