"""`manage.py replay_log` on Magnanimous logs: chosen by the log's ``format``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

DATA = Path(__file__).resolve().parents[1] / "play" / "magnanimous" / "data"
LOG = DATA / "worked-round.json"


def _run(
    *args: str, stdin: str | None = None, monkeypatch: pytest.MonkeyPatch | None = None
) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    if stdin is not None and monkeypatch is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        call_command("replay_log", *args, stdout=out)
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    document = json.loads(out.getvalue())
    assert isinstance(document, dict)
    return code, document


def test_the_worked_round_prints_its_state():
    code, document = _run(str(LOG))
    expected = json.loads((DATA / "worked-round.state.json").read_text("utf-8"))
    assert code == 0
    assert document == expected


def test_an_illegal_event_exits_2_with_its_path(monkeypatch):
    log = json.loads(LOG.read_text("utf-8"))
    log["events"] = [{"type": "govern", "player": "Ana", "effect": {"liberate": None}}]
    code, document = _run("-", stdin=json.dumps(log), monkeypatch=monkeypatch)
    assert code == 2
    assert document == {
        "errors": [
            {
                "path": "events[0].player",
                "message": "Ana already holds the Rio de Janeiro card",
            }
        ]
    }


def test_a_malformed_magnanimous_log_reports_every_problem(monkeypatch):
    log = {
        "format": "magnanimous-log/1",
        "game": "concordia",
        "tracking": "half",
        "players": [],
        "events": 3,
    }
    code, document = _run("-", stdin=json.dumps(log), monkeypatch=monkeypatch)
    assert code == 2
    assert [e["path"] for e in document["errors"]] == [
        "tracking",
        "game",
        "players",
        "events",
    ]


def test_a_finished_game_prints_its_sheet_and_result(monkeypatch):
    log = json.loads(LOG.read_text("utf-8"))
    log["events"] = [
        {"type": "adjust", "republic": 19},
        {"type": "effect", "source": "event:test", "changes": {"occupy": ["rio"]}},
    ]
    code, document = _run("-", stdin=json.dumps(log), monkeypatch=monkeypatch)
    assert code == 0
    assert document["ending"] == {"kind": "rio_occupied", "round": 1}
    assert document["result"]["winners"] == []
