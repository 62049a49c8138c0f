"""Four clients save the same game at the same version, 100 rounds (rules in `race`).

On SQLite: interleaved in this process, and with real threads on a SQLite file
in a process of its own. On PostgreSQL (``services``): real threads, each with
its own connection, so ``select_for_update`` is what serialises them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from clubs import services as clubs_services
from clubs.models import Club, Role
from games.models import TableSession
from tests.markup import by_id
from tests.reliability.race import (
    CONFLICT,
    VERSION,
    race_in_threads,
    race_interleaved,
)
from tests.sheets import sheet_post_data

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 100


def _clients(club: Club, alice: User, bob: User) -> list[Client]:
    people = [alice, bob]
    for name in ("dora", "erin"):
        user = User.objects.create_user(name)
        clubs_services.membership_add(club=club, user=user, role=Role.MEMBER)
        people.append(user)
    clients = []
    for user in people:
        client = Client()
        client.force_login(user)
        clients.append(client)
    return clients


def test_four_clients_saving_in_turn_at_one_version_lose_no_update(
    club, alice, bob, draft_session, rulebook_sheet
):
    clients = _clients(club, alice, bob)

    def rotating(round_number: int) -> list[int]:
        first = round_number % 4
        return [(first + step) % 4 for step in range(4)]

    problems = race_interleaved(
        clients, draft_session, rulebook_sheet, ROUNDS, rotating
    )
    assert problems == []
    assert TableSession.objects.get(pk=draft_session.pk).version == 1 + ROUNDS


def test_threads_on_a_sqlite_file_lose_no_update_and_resent_forms_make_one_game(
    tmp_path,
):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL"}
    }
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-m", "tests.reliability.sqlite_race", str(ROUNDS)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout) == []


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_four_threads_on_postgresql_lose_no_update(
    club, alice, bob, draft_session, rulebook_sheet
):
    if connection.vendor != "postgresql":
        pytest.skip(reason="needs PostgreSQL; run by make test-services")
    clients = _clients(club, alice, bob)
    problems = race_in_threads(clients, draft_session, rulebook_sheet, ROUNDS)
    assert problems == []
    assert TableSession.objects.get(pk=draft_session.pk).version == 1 + ROUNDS


def test_a_conflict_sent_by_htmx_gets_the_form_fragment_with_the_fresh_state(
    client, alice, finished_session, rulebook_sheet
):
    client.force_login(alice)
    url = f"/clubs/lisboa/games/{finished_session.pk}/sheet/"
    stale = sheet_post_data(
        rulebook_sheet,
        list(finished_session.seats.order_by("seat_order")),
        version=finished_session.version - 1,
    )
    response = client.post(url, stale, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<form id="sheet-form"')
    assert CONFLICT in html
    assert VERSION.findall(html) == [str(finished_session.version)]
    assert by_id(html, "saved-meanwhile").text.endswith("Ana 114, Bruno 95, Caio 76")
