"""A club's backup and its BG Stats files, checked from outside the production-like site.

The site runs as production runs it (`tests/reliability/production_site.py`:
gunicorn with 2 sync workers, ``DJANGO_DEBUG=0``, PostgreSQL and Redis).
``python -m tests.reliability.drill blackbox-seed`` gives
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

import json
import random
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.reliability.production_site import Answer, Site, Visitor, postgres_url

ROOT = Path(__file__).resolve().parents[2]
PHONE = ROOT / "tests" / "portability" / "data" / "bgstats-phone.json"
MAX_BYTES = 20 * 1024 * 1024

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(not postgres_url(), reason="needs a PostgreSQL DATABASE_URL"),
]


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
