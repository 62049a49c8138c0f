"""Backup drill: back up with the README's commands, restore into an empty database, compare.

For PostgreSQL (``services``: a scratch database on the server of
``DATABASE_URL``) and for a SQLite file. The database gets the demo data and
more games through the services (two clubs, Magnanimous games, an edited, a
rescored and a deleted game) and a statistics rebuild. Then:

- ``manage.py db_fingerprint`` (each table's row count and a hash of its rows)
  and what members see (results, leaderboards, club and player pages, through
  the selectors) are taken from the original;
- the README's backup command copies it and its restore command loads the copy
  into a new, empty database;
- the copy has the same fingerprint and shows the same pages, before and after
  a statistics rebuild, so restoring needs no rebuild;
- a game saved next gets the same ids in both (the sequences came along).

The same history also goes through the club backup of the "Backup and export"
page (JSON, version 2): each club's file, restored into a new, empty database,
shows every game, result, leaderboard, player page and assistant log as the
original does, and each club's old BG Stats export imported into its restored
copy creates no game.

The commands below are run exactly as written, through the shell, with the
variables the README sets; `test_the_readme_documents_the_drilled_commands`
holds the README to them.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection
from psycopg import sql

from clubs.models import Player

ROOT = Path(__file__).resolve().parents[2]

# The README's "Backups" section, word for word.
PG_BACKUP = 'pg_dump --format=custom --no-owner --no-privileges --file="$BACKUP" "$DATABASE_URL"'
PG_CREATE_EMPTY = (
    'createdb --maintenance-db="$DATABASE_URL" --template=template0 "$RESTORE_DB"'
)
PG_RESTORE = (
    "pg_restore --no-owner --no-privileges --exit-on-error --single-transaction "
    '--dbname="$RESTORE_URL" "$BACKUP"'
)
SQLITE_BACKUP = 'python3 scripts/sqlite_backup.py "$DATABASE_FILE" "$BACKUP"'
SQLITE_RESTORE = 'python3 scripts/sqlite_backup.py "$BACKUP" "$DATABASE_FILE"'
FINGERPRINT = ".venv/bin/python manage.py db_fingerprint"


def _env(variables: dict[str, str]) -> dict[str, str]:
    """This process's environment without its services (tasks run eagerly), plus ``variables``."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL"}
    }
    return {**env, "PYTHONDONTWRITEBYTECODE": "1", **variables}


def _shell(command: str, variables: dict[str, str]) -> str:
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=ROOT,
        env=_env(variables),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"{command}\n{done.stderr[-3000:]}"
    return done.stdout


def _drill(database_url: str, *steps: str, **variables: str) -> list[Any]:
    """Run ``steps`` of `tests.reliability.drill` on a database; return what each said."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.reliability.drill", *steps],
        cwd=ROOT,
        env=_env({"DATABASE_URL": database_url, **variables}),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    said: list[Any] = json.loads(done.stdout)
    return said


def _fingerprint(database_url: str) -> list[str]:
    return _shell(FINGERPRINT, {"DATABASE_URL": database_url}).splitlines()


def _counts(fingerprint: list[str]) -> dict[str, int]:
    return {line.split()[0]: int(line.split()[1]) for line in fingerprint}


def _drill_and_compare(
    original_url: str,
    restored_url: str,
    back_up: Callable[[], None],
    restore: Callable[[], None],
) -> None:
    [seeded, seen] = _drill(original_url, "backup-seed", "user-view")
    assert seeded == {"games": 10}
    fingerprint = _fingerprint(original_url)

    back_up()
    restore()

    assert _fingerprint(restored_url) == fingerprint
    counts = _counts(fingerprint)
    assert counts["games_tablesession"] == 10
    assert counts["games_seatresult"] == 29
    assert counts["stats_playerrating"] == 16
    assert counts["stats_statschange"] == 0
    # The table assistant's two games with their 3 + 201 events, and the uuids
    # of the two plays imported from BG Stats.
    assert counts["assistant_assistantgame"] == 2
    assert counts["assistant_assistantevent"] == 204
    assert counts["portability_bgstatsplay"] == 2
    [restored, rebuilt, restored_and_rebuilt] = _drill(
        restored_url, "user-view", "stats-rebuild", "user-view"
    )
    assert restored == seen
    assert rebuilt == {"rebuilt": 3}
    assert restored_and_rebuilt == seen
    # What members see is the seeded history, not an empty page.
    assert _leaders(seen) == LEADERS
    # Ana's 120 is her BG Stats game, "Me" in the phone's file.
    assert seen["demo"]["concordia"]["players"]["Ana"]["best"] == 120
    assert [game["head"] for game in seen["demo"]["assistant"]] == [3, 201]

    assert _drill(restored_url, "new-game") == _drill(original_url, "new-game")


LEADERS = {
    "demo concordia": ["Bruno", "Ana", "Bia", "Duda", "Eli", "Edu", "Dora", "Caio"],
    "demo magnanimous": ["Davi", "Bia", "Ana", "Caio", "Lia"],
    "porto concordia": ["Ana", "Bruno", "Caio"],
    "porto magnanimous": [],
}


def _leaders(view: dict[str, Any]) -> dict[str, list[str]]:
    return {
        f"{club} {game}": [row["name"] for row in pages[game]["leaderboard"][0]["rows"]]
        for club, pages in view.items()
        for game in ("concordia", "magnanimous")
    }


def test_sqlite_online_backup_restores_the_same_data_and_pages(tmp_path):
    live = tmp_path / "live" / "db.sqlite3"
    restored = tmp_path / "restored" / "db.sqlite3"
    live.parent.mkdir()
    restored.parent.mkdir()
    backup = tmp_path / "tabularium-backup.sqlite3"

    def back_up() -> None:
        # While the app is running: another connection is in the middle of a
        # write. The copy is taken anyway, without it.
        writer = sqlite3.connect(live, isolation_level=None)
        try:
            writer.execute("BEGIN IMMEDIATE")
            writer.execute("UPDATE games_club SET name = 'half-written'")
            _shell(SQLITE_BACKUP, {"DATABASE_FILE": str(live), "BACKUP": str(backup)})
        finally:
            writer.execute("ROLLBACK")
            writer.close()

    def restore() -> None:
        _shell(SQLITE_RESTORE, {"BACKUP": str(backup), "DATABASE_FILE": str(restored)})

    _drill_and_compare(f"sqlite:///{live}", f"sqlite:///{restored}", back_up, restore)


_MODEL_TEXT = re.compile(r"^(\w+):\d+:")
_IDS = {"id", "player_id", "opponent_id"}


def _without_ids(value: Any) -> Any:
    """Return a user view without the ids a restore renews (rows' keys)."""
    if isinstance(value, dict):
        return {k: _without_ids(v) for k, v in value.items() if k not in _IDS}
    if isinstance(value, list):
        return [_without_ids(item) for item in value]
    if isinstance(value, str):
        return _MODEL_TEXT.sub(r"\1:#:", value)
    return value


def test_json_club_backups_restore_every_game_log_and_result(tmp_path):
    live = tmp_path / "live" / "db.sqlite3"
    restored = tmp_path / "restored" / "db.sqlite3"
    live.parent.mkdir()
    restored.parent.mkdir()
    [seeded, seen, saved] = _drill(
        f"sqlite:///{live}", "backup-seed", "user-view", "club-backups"
    )
    assert seeded == {"games": 10}
    assert {slug: club["backup"]["version"] for slug, club in saved.items()} == {
        "demo": 2,
        "porto": 2,
    }
    backups = tmp_path / "backups.json"
    backups.write_text(json.dumps(saved), encoding="utf-8")

    [outcomes, restored_view, reimported] = _drill(
        f"sqlite:///{restored}",
        "club-restore",
        "user-view",
        "bgstats-reimport",
        DRILL_INPUT=str(backups),
    )

    assert outcomes == {"demo": [10, 8], "porto": [5, 2]}
    assert _without_ids(restored_view) == _without_ids(seen)
    assert _leaders(restored_view) == LEADERS
    # Every play of the old exports is known: the uuids came along.
    assert reimported == {"demo": [0, 6], "porto": [0, 1]}


def _fingerprint_here() -> dict[str, tuple[str, str]]:
    out = io.StringIO()
    call_command("db_fingerprint", stdout=out)
    return {
        table: (rows, digest)
        for table, rows, digest in (
            line.split() for line in out.getvalue().splitlines()
        )
    }


def test_the_fingerprint_covers_every_table_and_moves_with_any_row(finished_session):
    first = _fingerprint_here()
    assert set(first) == set(connection.introspection.table_names())
    assert first["games_tablesession"][0] == "1"
    assert first["games_seatresult"][0] == "3"

    Player.objects.filter(name="Caio").update(name="Caius")

    second = _fingerprint_here()
    changed = {table for table in first if first[table] != second[table]}
    assert changed == {"games_player"}
    assert second["games_player"][0] == first["games_player"][0] == "3"


def test_sqlite_backup_refuses_a_missing_database_instead_of_copying_an_empty_one(
    tmp_path,
):
    missing = tmp_path / "db.sqlite3"
    backup = tmp_path / "backup.sqlite3"
    done = subprocess.run(
        ["bash", "-c", SQLITE_BACKUP],
        cwd=ROOT,
        env=_env({"DATABASE_FILE": str(missing), "BACKUP": str(backup)}),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == f"{missing}: no such database file; nothing copied\n"
    assert not missing.exists()
    assert not backup.exists()


def _postgres_server() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if urlsplit(url).scheme in {"postgres", "postgresql"} else ""


@pytest.fixture
def scratch_databases() -> Iterator[tuple[str, str]]:
    """Two database names on the server of DATABASE_URL; both dropped afterwards."""
    server = _postgres_server()
    stem = f"tabularium_drill_{uuid.uuid4().hex[:10]}"
    names = (stem, f"{stem}_restored")
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE template0").format(
                sql.Identifier(names[0])
            )
        )
    try:
        yield names
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            for name in names:
                admin.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                        sql.Identifier(name)
                    )
                )


NO_SERVER = not _postgres_server()
NO_CLIENT_TOOLS = not all(map(shutil.which, ("pg_dump", "pg_restore", "createdb")))


@pytest.mark.services
@pytest.mark.skipif(NO_SERVER, reason="needs a PostgreSQL DATABASE_URL")
@pytest.mark.skipif(NO_CLIENT_TOOLS, reason="needs pg_dump, pg_restore, createdb")
def test_postgresql_dump_restores_the_same_data_and_pages(tmp_path, scratch_databases):
    original, restored = scratch_databases
    server = urlsplit(_postgres_server())
    original_url = urlunsplit(server._replace(path=f"/{original}"))
    restored_url = urlunsplit(server._replace(path=f"/{restored}"))
    backup = str(tmp_path / "tabularium-backup.dump")

    def back_up() -> None:
        _shell(PG_BACKUP, {"DATABASE_URL": original_url, "BACKUP": backup})

    def restore() -> None:
        variables = {
            "DATABASE_URL": original_url,
            "BACKUP": backup,
            "RESTORE_DB": restored,
            "RESTORE_URL": restored_url,
        }
        _shell(PG_CREATE_EMPTY, variables)
        _shell(PG_RESTORE, variables)

    _drill_and_compare(original_url, restored_url, back_up, restore)


def test_the_readme_documents_the_drilled_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for command in (
        PG_BACKUP,
        PG_CREATE_EMPTY,
        PG_RESTORE,
        SQLITE_BACKUP,
        SQLITE_RESTORE,
        FINGERPRINT,
    ):
        assert command in readme
