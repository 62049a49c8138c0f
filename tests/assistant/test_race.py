"""Phones tapping at the same moment on one game: one move per turn, never two.

In-process on any database (a stale head, `test_services`), with real threads
on PostgreSQL, where the row lock of `services.event_append` makes the later
writers wait and then answer with the fresh state, and with threads on a
SQLite file, where IMMEDIATE transactions do the same.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client

from tests.assistant.race import CLIENTS, race_in_threads

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 20


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_four_threads_on_postgresql_record_one_move_per_turn(club, alice, bob):
    if connection.vendor != "postgresql":
        pytest.skip(reason="needs PostgreSQL; run by make test-services")
    clients = []
    for index in range(CLIENTS):
        client = Client()
        client.force_login(alice if index % 2 else bob)
        clients.append(client)
    problems = race_in_threads(club=club, owner=alice, clients=clients, rounds=ROUNDS)
    assert problems == []


def test_four_threads_on_a_sqlite_file_record_one_move_per_turn(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL"}
    }
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-m", "tests.assistant.sqlite_race", str(ROUNDS)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout) == []
