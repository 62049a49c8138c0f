"""`manage.py replay_log FILE|-`: the game-log contract on the command line."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

DATA = Path(__file__).resolve().parents[1] / "play" / "data"
LOG = DATA / "game-log-short.json"


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


def _log() -> dict[str, Any]:
    document = json.loads(LOG.read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


def test_the_worked_example_prints_its_expected_state():
    code, document = _run(str(LOG))
    expected = json.loads((DATA / "game-log-short.state.json").read_text("utf-8"))
    assert code == 0
    assert document == expected


def test_reads_standard_input(monkeypatch):
    code, document = _run("-", stdin=LOG.read_text("utf-8"), monkeypatch=monkeypatch)
    assert code == 0
    assert document["turn"] == {"number": 9, "player": "Caio"}


def test_malformed_json_exits_2_with_where_it_breaks(monkeypatch):
    code, document = _run(
        "-", stdin='{"format": "game-log/1",', monkeypatch=monkeypatch
    )
    assert code == 2
    assert [e["path"] for e in document["errors"]] == [""]
    assert "line 1" in document["errors"][0]["message"]


def test_a_missing_file_exits_2_without_a_traceback(tmp_path: Path) -> None:
    code, document = _run(str(tmp_path / "nope.json"))
    assert code == 2
    assert document["errors"][0]["path"] == ""
    assert "nope.json" in document["errors"][0]["message"]


def test_wrong_types_and_unknown_fields_are_all_reported(monkeypatch):
    log = _log()
    log["intermediate_scoring"] = "no"
    log["players"][1]["age"] = 30
    log["events"][0]["build"] = "Aquileia"
    code, document = _run("-", stdin=json.dumps(log), monkeypatch=monkeypatch)
    assert code == 2
    assert [e["path"] for e in document["errors"]] == [
        "intermediate_scoring",
        "players[1].age",
        "events[0].build",
    ]


def test_the_first_illegal_event_exits_2_with_its_path(monkeypatch):
    log = _log()
    log["events"][4]["card"] = "Consul"
    log["events"][6]["player"] = "Caio"
    code, document = _run("-", stdin=json.dumps(log), monkeypatch=monkeypatch)
    assert code == 2
    assert document == {
        "errors": [
            {
                "path": "events[4].card",
                "message": "Unknown card “Consul”: a starting card (Tribune, Architect, Prefect, Mercator, Senator, Diplomat) or deck and name, such as “II:Consul”",
            }
        ]
    }
    log["events"][4]["card"] = "Mercator"
    code, document = _run("-", stdin=json.dumps(log), monkeypatch=monkeypatch)
    assert code == 2
    assert document == {
        "errors": [
            {"path": "events[6].player", "message": "It is Ana's turn, not Caio's"}
        ]
    }


def test_bytes_that_are_not_utf8_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "log.json"
    path.write_bytes(b'{"format": "\xff"}')
    code, document = _run(str(path))
    assert code == 2
    assert document["errors"] == [
        {"path": "", "message": "The game log is not UTF-8 text"}
    ]


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 5)])
def test_a_random_games_final_sheet_scores_the_same_through_score_sheet(
    tmp_path: Path, seed: int, players: int
) -> None:
    import random

    import play
    from tests.play.random_games import play_to_the_end

    game = play_to_the_end(random.Random(seed), players=players, tracking="full")
    log_file = tmp_path / "log.json"
    log_file.write_text(json.dumps(play.log_document(game.log)), encoding="utf-8")
    code, state = _run(str(log_file))
    assert code == 0
    assert state["status"] == "finished"
    sheet_file = tmp_path / "sheet.json"
    sheet_file.write_text(json.dumps(state["sheet"]), encoding="utf-8")
    out = io.StringIO()
    call_command("score_sheet", str(sheet_file), stdout=out)
    assert json.loads(out.getvalue()) == state["result"]


@pytest.mark.parametrize(
    ("map_name", "modules"),
    [
        ("byzantium", ("salt", "forum")),
        ("hellas", ("venus",)),
        ("germania", ("salt", "forum", "venus")),
        ("cyprus", ("forum", "venus")),
    ],
)
def test_a_module_games_log_replays_and_its_sheet_scores_through_score_sheet(
    tmp_path: Path, map_name: str, modules: tuple[str, ...]
) -> None:
    # Issue #23 item 6: the setup names the map and the modules; the forum's
    # and Venus' cards and events replay; the final sheet carries both.
    import random

    import play
    from tests.play.random_games import play_to_the_end
    from tests.play.table_result import table_result

    game = play_to_the_end(
        random.Random(23),
        players=4,
        tracking="full",
        map_name=map_name,
        expansions=modules,
    )
    log = play.log_document(game.log)
    assert (log["map"], log["expansions"]) == (map_name, list(modules))
    log_file = tmp_path / "log.json"
    log_file.write_text(json.dumps(log), encoding="utf-8")
    code, state = _run(str(log_file))
    assert code == 0
    assert state["status"] == "finished"
    assert ("forum" in state) is ("forum" in modules)
    assert state["sheet"]["map"] == map_name
    assert state["sheet"]["expansions"] == list(modules)
    for player in state["players"]:
        assert ("salt" in player["storehouse"]) is ("salt" in modules)
        assert ("Magister" in player["hand"] + player["discard"]) is (
            "venus" in modules
        )
    sheet_file = tmp_path / "sheet.json"
    sheet_file.write_text(json.dumps(state["sheet"]), encoding="utf-8")
    out = io.StringIO()
    call_command("score_sheet", str(sheet_file), stdout=out)
    assert json.loads(out.getvalue()) == state["result"] == table_result(game.state)


def test_the_recorded_game_with_every_module_replays_to_its_sheet():
    code, state = _run(str(DATA / "game-log-5p-salsa-venus.json"))
    assert code == 0
    assert state["status"] == "finished"
    assert state["sheet"]["expansions"] == ["salt", "forum", "venus"]
    assert [p["total"] for p in state["result"]["players"]] == [91, 56, 50, 47, 85]
    assert state["result"]["winner"] == "Ana"


def test_a_modules_errors_come_with_their_paths(monkeypatch):
    log = json.loads((DATA / "game-log-5p-salsa-venus.json").read_text("utf-8"))
    log["expansions"] = ["salt", "forum", "venus", "patricians"]
    code, document = _run("-", stdin=json.dumps(log), monkeypatch=monkeypatch)
    assert code == 2
    assert document["errors"] == [
        {
            "path": "expansions[3]",
            "message": "This app does not know the expansion module “patricians” yet",
        }
    ]
    log["expansions"] = ["salt", "venus"]
    code, document = _run("-", stdin=json.dumps(log), monkeypatch=monkeypatch)
    assert code == 2
    # Without the forum, the Prefects that Sextus Pompeius' holder played as
    # a Diplomat (a forum card's effect) are refused too, each by its field.
    assert document["errors"] == [
        {
            "path": "forum",
            "message": "This game is played without the forum: add “forum” to its expansions",
        },
        {"path": "events[18].role", "message": "“Prefect” has no role “Diplomat”"},
        {"path": "events[18].copy", "message": "The Prefect has no “copy”"},
        {"path": "events[113].role", "message": "“Prefect” has no role “Diplomat”"},
        {"path": "events[113].copy", "message": "The Prefect has no “copy”"},
        {"path": "events[113].place", "message": "The Prefect has no “place”"},
        {
            "path": "events[113]",
            "message": "The Prefect takes either “province” or “cash”",
        },
    ]
