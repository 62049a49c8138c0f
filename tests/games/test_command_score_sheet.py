"""`manage.py score_sheet FILE|-`: the score-sheet contract on the command line."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.sheets import EXAMPLES

# Every example the format gives (the shared examples, copied here) and the
# public example of each board and module docs/score-sheet.md names: the
# rulebook's game, a tie, an intermediate scoring, Salsa (salt and the forum),
# Venus alone and in teams, Magnanimous and an expansion board (Saturnus counts
# Germania's 12 provinces).
VALID = [
    "concordia-rulebook",
    "concordia-tie",
    "concordia-intermediate",
    "concordia-salsa",
    "concordia-venus",
    "concordia-venus-teams",
    "magnanimous-republic",
    "concordia-germania",
]
INVALID = ["concordia-invalid", "concordia-corsica-invalid"]


def test_every_example_of_the_data_folder_is_run_through_the_command():
    examples = {
        path.name.removesuffix(".json")
        for path in EXAMPLES.glob("*.json")
        if not path.name.endswith(".expected.json")
    }
    assert examples == set(VALID) | set(INVALID)


def _run(
    *args: str, stdin: str | None = None, monkeypatch: pytest.MonkeyPatch | None = None
) -> tuple[int, object]:
    out = io.StringIO()
    if stdin is not None and monkeypatch is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        call_command("score_sheet", *args, stdout=out)
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    return code, json.loads(out.getvalue())


@pytest.mark.parametrize("name", VALID)
def test_every_example_comes_out_as_expected(name):
    code, document = _run(str(EXAMPLES / f"{name}.json"))
    expected = json.loads(
        (EXAMPLES / f"{name}.expected.json").read_text(encoding="utf-8")
    )
    assert code == 0
    assert document == expected


def test_the_invalid_example_exits_2_with_every_path():
    code, document = _run(str(EXAMPLES / "concordia-invalid.json"))
    expected = json.loads(
        (EXAMPLES / "concordia-invalid.expected.json").read_text(encoding="utf-8")
    )
    assert code == 2
    assert isinstance(document, dict)
    assert sorted(e["path"] for e in document["errors"]) == sorted(
        expected["errors_at"]
    )
    assert all(e["message"] for e in document["errors"])


def test_an_expansion_board_is_checked_against_its_own_provinces_and_tokens():
    # Corsica: 8 provinces, 3 cloth cities (A, B, D tokens), 15 houses in no
    # fewer than 6 provinces.
    code, document = _run(str(EXAMPLES / "concordia-corsica-invalid.json"))
    expected = json.loads(
        (EXAMPLES / "concordia-corsica-invalid.expected.json").read_text(
            encoding="utf-8"
        )
    )
    assert code == 2
    assert document == expected


def test_reads_standard_input(monkeypatch):
    text = (EXAMPLES / "concordia-tie.json").read_text(encoding="utf-8")
    code, document = _run("-", stdin=text, monkeypatch=monkeypatch)
    assert code == 0
    assert isinstance(document, dict)
    assert document["winner"] == "Fabi"


def test_malformed_json_exits_2_with_an_error_document(monkeypatch):
    code, document = _run("-", stdin='{"game": "concordia",', monkeypatch=monkeypatch)
    assert code == 2
    assert isinstance(document, dict)
    assert len(document["errors"]) == 1


def test_a_missing_file_exits_2_without_a_traceback(tmp_path: Path) -> None:
    code, document = _run(str(tmp_path / "nope.json"))
    assert code == 2
    assert isinstance(document, dict)
    assert document["errors"][0]["path"] == ""


def test_an_unknown_field_is_an_error(monkeypatch):
    sheet = json.loads((EXAMPLES / "concordia-tie.json").read_text(encoding="utf-8"))
    sheet["players"][1]["wood"] = 3
    code, document = _run("-", stdin=json.dumps(sheet), monkeypatch=monkeypatch)
    assert code == 2
    assert isinstance(document, dict)
    assert [e["path"] for e in document["errors"]] == ["players[1].wood"]
