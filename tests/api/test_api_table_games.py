"""The table assistant under /api/v1/clubs/{slug}/table-games/, through the shell's services."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from assistant.models import AssistantEvent, AssistantGame

DATA = Path(__file__).parent.parent / "play" / "data"
URL = "/api/v1/clubs/lisboa/table-games/"


def _log() -> dict[str, Any]:
    log: dict[str, Any] = json.loads((DATA / "game-log-short.json").read_text())
    return log


def _setup() -> dict[str, Any]:
    return {key: value for key, value in _log().items() if key != "events"}


def _post(client: APIClient, url: str, body: object, **headers: str) -> Any:
    return client.post(
        url, json.dumps(body), content_type="application/json", headers=headers
    )


@pytest.fixture
def member(as_role):
    return as_role("member")


@pytest.fixture
def game_id(member: APIClient) -> int:
    response = _post(member, URL, _setup())
    assert response.status_code == 201, response.json()
    return int(response.json()["id"])


def _event(
    client: APIClient, game_id: int, event: object, head: object, **headers: str
) -> Any:
    return _post(
        client,
        f"{URL}{game_id}/events/",
        {"expected_head": head, "event": event},
        **headers,
    )


def test_a_game_created_from_its_setup_waits_for_its_first_move(member, bob):
    response = _post(member, URL, _setup())
    assert response.status_code == 201
    body = response.json()
    game = AssistantGame.objects.get(pk=body["id"])
    assert (game.created_by, game.head_seq) == (bob, 0)
    assert (body["game"], body["status"], body["head"], body["session"]) == (
        "concordia",
        "playing",
        0,
        None,
    )
    assert body["players"] == _setup()["players"]
    assert body["setup"]["cities"] == _setup()["cities"]
    listed = member.get(URL).json()
    assert [g["id"] for g in listed["results"]] == [body["id"]]


def test_create_with_one_key_makes_one_game(member):
    first = _post(member, URL, _setup(), Idempotency_Key="t-1")
    again = _post(member, URL, _setup(), Idempotency_Key="t-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json() == again.json()
    assert AssistantGame.objects.count() == 1


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"events": [{"type": "undo"}]}, "events"),
        ({"game": "chess"}, "game"),
        ({"players": [{"name": "Ana", "colour": "red"}]}, "players"),
        ({"display": ["I:Mason"]}, "display"),
    ],
)
def test_a_setup_the_rules_refuse_is_a_path_addressed_400(member, change, path):
    response = _post(member, URL, {**_setup(), **change})
    assert response.status_code == 400
    assert path in {e["path"] for e in response.json()["errors"]}
    assert not AssistantGame.objects.exists()


def test_the_short_log_played_through_the_api_reaches_its_documented_state(
    member, game_id
):
    for head, event in enumerate(_log()["events"]):
        response = _event(member, game_id, event, head)
        assert response.status_code == 201, (head, response.json())
        assert response.json()["head"] == head + 1
    state = member.get(f"{URL}{game_id}/state/").json()
    expected = json.loads((DATA / "game-log-short.state.json").read_text())
    assert state == {"head": 10, "state": expected}
    assert member.get(f"{URL}{game_id}/log/").json() == _log()


def test_a_move_on_a_stale_head_is_a_409_with_the_fresh_head(member, game_id):
    first, second = _log()["events"][:2]
    assert _event(member, game_id, first, 0).status_code == 201
    response = _event(member, game_id, second, 0)
    assert response.status_code == 409
    assert response.json()["head"] == 1
    assert AssistantEvent.objects.filter(game_id=game_id).count() == 1


def test_a_move_sent_twice_with_its_key_is_recorded_once(member, game_id):
    first = _log()["events"][0]
    sent = _event(member, game_id, first, 0, Idempotency_Key="tap-1")
    again = _event(member, game_id, first, 0, Idempotency_Key="tap-1")
    assert (sent.status_code, again.status_code) == (201, 200)
    assert sent.json()["head"] == again.json()["head"] == 1
    assert AssistantEvent.objects.filter(game_id=game_id).count() == 1


def test_a_move_the_rules_refuse_is_a_400_at_its_path(member, game_id):
    response = _event(
        member, game_id, {"type": "play", "player": "Ana", "card": "Consul"}, 0
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors
    assert all(e["path"].startswith("event") for e in errors)
    assert not AssistantEvent.objects.exists()


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"event": {"type": "undo"}}, "expected_head"),
        ({"event": {"type": "undo"}, "expected_head": 1.5}, "expected_head"),
        ({"event": {"type": "undo"}, "expected_head": "0"}, "expected_head"),
        ({"event": {"type": "undo"}, "expected_head": -1}, "expected_head"),
        ({"event": "undo", "expected_head": 0}, "event"),
        ({"expected_head": 0}, "event"),
    ],
)
def test_a_malformed_move_is_refused(member, game_id, body, path):
    response = _post(member, f"{URL}{game_id}/events/", body)
    assert response.status_code == 400
    assert path in {e["path"] for e in response.json()["errors"]}
    assert not AssistantEvent.objects.exists()


def test_an_imported_log_is_the_same_game(member):
    response = _post(member, f"{URL}import/", _log())
    assert response.status_code == 201, response.json()
    game_id = response.json()["id"]
    assert response.json()["head"] == 10
    assert member.get(f"{URL}{game_id}/log/").json() == _log()


@pytest.mark.parametrize(
    ("raw", "path"),
    [
        ("42", ""),
        ("null", ""),
        ('"log"', ""),
        ("[" * 100 + "]" * 100, "[0]" * 64),
        (
            '{"game": "concordia", "players": [{"name": "Ana\\u0000"}]}',
            "players[0].name",
        ),
    ],
)
def test_an_import_that_is_no_log_is_refused_with_its_path(member, raw, path):
    response = member.post(f"{URL}import/", raw, content_type="application/json")
    assert response.status_code == 400
    assert path in {e["path"] for e in response.json()["errors"]}
    assert not AssistantGame.objects.exists()


def test_an_import_the_rules_refuse_names_the_event(member):
    log = _log()
    log["events"][3]["card"] = "Consul"
    response = _post(member, f"{URL}import/", log)
    assert response.status_code == 400
    assert any(e["path"].startswith("events[3]") for e in response.json()["errors"])


@pytest.mark.parametrize(("role", "status"), [("anonymous", 401), ("outsider", 404)])
def test_strangers_reach_no_game(as_role, game_id, role, status):
    client = as_role(role)
    for url in ("", f"{game_id}/", f"{game_id}/state/", f"{game_id}/log/"):
        assert client.get(URL + url).status_code == status
    assert _event(client, game_id, {"type": "undo"}, 0).status_code == status
    assert _post(client, URL, _setup()).status_code == status
    assert _post(client, f"{URL}import/", _log()).status_code == status
    assert AssistantGame.objects.count() == 1


def test_a_magnanimous_game_starts_and_moves_through_the_same_addresses(member):
    worked = json.loads(
        (
            Path(__file__).parent.parent
            / "play"
            / "magnanimous"
            / "data"
            / "worked-round.json"
        ).read_text()
    )
    setup = {key: value for key, value in worked.items() if key != "events"}
    created = _post(member, URL, setup, Idempotency_Key="m-1")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert (body["game"], body["head"]) == ("magnanimous", 0)
    # The seats as the header gives them (baron, starting pieces), as the
    # game reads them back (its absent counts written as empty).
    assert [
        (p["name"], p["colour"], p["baron"], p["start"]["reis"], p["start"]["goods"])
        for p in body["players"]
    ] == [
        ("Ana", "red", "Invented baron A", 5, {"red:cotton": 1}),
        ("Bia", "green", "Invented baron B", 6, {"green:sugar": 1}),
    ]
    assert _post(member, URL, setup, Idempotency_Key="m-1").json() == body
    for head, event in enumerate(worked["events"][:3]):
        moved = _event(member, body["id"], event, head)
        assert moved.status_code == 201, (head, moved.json())
    log = member.get(f"{URL}{body['id']}/log/").json()
    assert (log["format"], log["game"], log["events"]) == (
        "magnanimous-log/1",
        "magnanimous",
        worked["events"][:3],
    )
    state = member.get(f"{URL}{body['id']}/state/").json()
    assert state["head"] == 3
    assert AssistantGame.objects.filter(game="magnanimous").count() == 1
