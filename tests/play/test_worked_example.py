"""The contract's worked example (docs/game-log.md): its state, exactly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import play
from scoring.sheet_io import score_document

DATA = Path(__file__).parent / "data"


def _load(name: str) -> object:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def test_the_worked_example_replays_to_its_expected_state():
    state = play.replay_document(_load("game-log-short.json"))
    assert play.state_document(state) == _load("game-log-short.state.json")


def test_the_worked_example_prints_keys_in_the_contracts_order():
    state = play.replay_document(_load("game-log-short.json"))
    expected = json.dumps(_load("game-log-short.state.json"))
    assert json.dumps(play.state_document(state)) == expected


def test_the_worked_example_log_writes_back_as_it_was_read():
    document = _load("game-log-short.json")
    assert play.log_document(play.load_log(document)) == document


def test_the_undone_tribune_left_no_trace():
    document = _load("game-log-short.json")
    assert isinstance(document, dict)
    without = {**document, "events": document["events"][:7] + document["events"][9:]}
    assert play.replay_document(without) == play.replay_document(document)


def test_play_never_imports_django():
    code = (
        "import sys, json, play, play.core, play.concordia.queries, play.concordia.document;"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('django', 'rest_framework', 'games'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert json.loads(out.stdout) == []


def test_the_benchmarks_five_player_game_replays_to_its_end():
    # make bench replays this log (201 events, 4 of them undos).
    state = play.replay_document(_load("game-log-5p-full.json"))
    document = play.state_document(state)
    assert document["status"] == "finished"
    assert document["concordia_card"] == "Bia"
    assert "missing" not in document
    assert document["result"] == score_document(document["sheet"])
    # Recorded when the log was made: a change here is a change of the rules.
    assert [p["total"] for p in document["result"]["players"]] == [37, 55, 30, 53, 48]
    assert document["result"]["winner"] == "Bia"
