"""`make bench` and `make load` on a tiny input (issue #21 item 8), in a fraction of a second.

Not a measurement: each script's inputs go once through the code they
measure, so that a rule added later that breaks a sample sheet, a recorded log
or the load's moves fails here, in `make test`, instead of in the first
`make bench` someone runs afterwards. The scripts' own steps that need
PostgreSQL, wrk or gunicorn (`make load`) are not run here.
"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from clubs import services as clubs_services
from games import services
from games.models import SessionStatus, TableSession

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import bench  # noqa: E402
import bench_assistant  # noqa: E402
import load  # noqa: E402


def test_bench_smoke_scores_its_sheet_and_replays_its_logs():
    done = subprocess.run(
        [sys.executable, "scripts/bench.py", "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "smoke: the sample sheet scores, the 201-event log" in done.stdout


@pytest.mark.django_db
def test_the_bench_preview_form_is_a_valid_sheet(client, alice, club):
    sheet: Any = bench._five_player_sheet()
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=b.name) for b in sheet.players],
    )
    seats = list(session.seats.order_by("seat_order"))
    from tests.sheets import sheet_post_data

    client.force_login(alice)
    response = client.post(
        reverse(
            "games:session-sheet-preview",
            kwargs={"club_slug": club.slug, "session_id": session.pk},
        ),
        sheet_post_data(sheet, seats),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert b"score-preview" in response.content
    assert b'class="problems"' not in response.content


@pytest.mark.django_db
def test_bench_assistant_records_its_log_and_a_move(alice, club, capsys):
    assert bench_assistant.run(user=alice, club=club, requests=1, moves=1) in {0, 1}
    printed = capsys.readouterr().out
    assert "assistant turn screen" in printed
    assert "over 1 moves on a log of 161-163 events" in printed


@pytest.mark.django_db
def test_the_load_runs_saves_and_taps_are_legal(client, alice, db):
    club = clubs_services.club_create(name="Load", slug="load", owner=alice)
    from tests.sheets import example_sheet

    sheet = example_sheet(load.SHEET)
    draft = services.session_create(
        club=club,
        created_by=alice,
        map_name=sheet.map.value,
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=b.name) for b in sheet.players],
    )
    client.force_login(alice)
    form = load._sheet_form(draft=draft.pk, token="")
    del form["csrfmiddlewaretoken"]
    saved = client.post(load.LoadClub.sheet(draft.pk), form)
    assert saved.status_code == 302, saved.content[-2000:]
    assert TableSession.objects.get(pk=draft.pk).status == SessionStatus.FINISHED

    tables = load._assistant_tables(user_id=alice.pk, moves=3, polled=1)
    moves = tables.games[0][:3]
    for move in moves:
        answer = client.post(move.path, move.form, headers={"HX-Request": "true"})
        assert answer.status_code == 200
        assert load.ALERT not in answer.content.decode(), move
    assert tables.recorded() == load.ASSISTANT_START + len(moves)
