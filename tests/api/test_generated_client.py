"""A client generated from the published schema works against a live server.

openapi-python-client (what a club's developer would use) writes a Python
package from ``/api/v1/schema/``; every module of it must import (a schema
with, say, three media types under one body once broke the sign-in module),
and it signs in, scores a sheet, records a game, starts a table-assistant
game and reads the leaderboard, against the app served by `live_server`.
"""

from __future__ import annotations

import datetime as dt
import importlib
import json
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from clubs.models import Club
from games.models import TableSession
from tests.factories import PASSWORD

PACKAGE = "tabularium_client"
SCORING = Path(__file__).parent.parent / "scoring" / "data"
PLAY = Path(__file__).parent.parent / "play" / "data"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The client package, generated from the schema into a scratch folder."""
    folder = tmp_path_factory.mktemp("client")
    schema = folder / "schema.json"
    schema.write_bytes(_schema_json())
    config = folder / "config.yaml"
    config.write_text("post_hooks: []\n")  # no formatter run: nothing to install
    generator = Path(sys.executable).parent / "openapi-python-client"
    done = subprocess.run(
        [
            str(generator),
            "generate",
            "--path",
            str(schema),
            "--meta",
            "none",
            "--config",
            str(config),
            "--output-path",
            str(folder / PACKAGE),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stdout + done.stderr, done.stdout + done.stderr
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def _schema_json() -> bytes:
    """The schema /api/v1/schema/ serves, as JSON (no database needed)."""
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiJsonRenderer

    schema = SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-untyped-call]
    return bytes(OpenApiJsonRenderer().render(schema))


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_every_module_of_the_generated_client_imports(generated):
    names = [
        module.name
        for module in pkgutil.walk_packages(generated.__path__, f"{PACKAGE}.")
    ]
    for name in names:
        importlib.import_module(name)
    assert f"{PACKAGE}.api.auth.auth_token_create" in names
    assert f"{PACKAGE}.api.clubs.clubs_sessions_create" in names
    assert f"{PACKAGE}.api.clubs.clubs_table_games_events_create" in names


@pytest.mark.django_db(transaction=True)
def test_the_generated_client_signs_in_records_a_game_and_reads_the_leaderboard(
    generated, live_server, alice, club
):
    client_module = _module("client")
    models = _module("models")
    with client_module.Client(base_url=live_server.url) as anonymous:
        token = _module("api.auth.auth_token_create").sync(
            client=anonymous,
            body=models.TokenInputRequest(username="alice", password=PASSWORD),
        )
        sheet = json.loads((SCORING / "concordia-rulebook.json").read_text())
        scored = _module("api.score_sheet.score_sheet_score").sync(
            client=anonymous, body=models.ConcordiaSheetRequest.from_dict(sheet)
        )
    assert isinstance(token, models.AuthToken), token
    assert [(p["name"], p["total"]) for p in scored.to_dict()["players"]] == [
        ("Ana", 114),
        ("Bruno", 95),
        ("Caio", 76),
    ]
    with client_module.AuthenticatedClient(
        base_url=live_server.url, token=token.token, prefix="Token"
    ) as signed_in:
        _write_and_read(signed_in, models, sheet, club)


def _write_and_read(
    signed_in: Any, models: ModuleType, sheet: dict[str, Any], club: Club
) -> None:
    create = _module("api.clubs.clubs_sessions_create")
    body = models.SessionListInputRequest(
        sheet=models.ConcordiaSheetRequest.from_dict(sheet),
        played_at=dt.datetime(2026, 11, 20, 21, 30, tzinfo=dt.UTC),
        add_players=True,
    )
    first = create.sync_detailed(
        "lisboa", client=signed_in, body=body, idempotency_key="client-1"
    )
    again = create.sync_detailed(
        "lisboa", client=signed_in, body=body, idempotency_key="client-1"
    )
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.parsed.id == again.parsed.id
    assert [seat.result.total for seat in first.parsed.seats] == [114, 95, 76]
    assert TableSession.objects.filter(club=club).count() == 1

    log = json.loads((PLAY / "game-log-short.json").read_text())
    setup = {key: value for key, value in log.items() if key != "events"}
    table = _module("api.clubs.clubs_table_games_create").sync(
        "lisboa",
        client=signed_in,
        body=models.ClubsTableGamesCreateBody.from_dict(setup),
    )
    assert isinstance(table, models.TableGameOutput), table
    moved = _module("api.clubs.clubs_table_games_events_create").sync(
        "lisboa",
        table.id,
        client=signed_in,
        body=models.TableGameEventInputRequest.from_dict(
            {"expected_head": 0, "event": log["events"][0]}
        ),
    )
    assert moved.head == 1

    board = _module("api.clubs.clubs_leaderboard_retrieve").sync(
        "lisboa", client=signed_in
    )
    assert isinstance(board, models.LeaderboardOutput), board
    assert board.players == 3
    assert [(row["name"], row["games"]) for row in board.to_dict()["rows"]][:1] == [
        ("Ana", 1)
    ]
