"""POST /api/v1/clubs/{slug}/sessions/: a finished game from a score sheet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from clubs import services as clubs_services
from clubs.models import Club
from games.models import SessionStatus, TableSession
from scoring.ruleset import ruleset

DATA = Path(__file__).parent.parent / "scoring" / "data"
URL = "/api/v1/clubs/lisboa/sessions/"


def _sheet(name: str) -> dict[str, Any]:
    sheet: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text())
    return sheet


def _body(sheet: dict[str, Any], **extra: object) -> dict[str, object]:
    return {"sheet": sheet, "played_at": "2026-11-20T21:30:00Z", **extra}


def _post(client: APIClient, body: object, **headers: str) -> Any:
    return client.post(
        URL, json.dumps(body), content_type="application/json", headers=headers
    )


@pytest.fixture
def lisboa_players(club: Club) -> dict[str, int]:
    return {
        name: clubs_services.player_add(club=club, name=name).pk
        for name in ("Ana", "Bruno", "Caio")
    }


def test_a_member_records_the_rulebook_game_with_its_exact_scores(
    as_role, lisboa_players, bob
):
    response = _post(
        as_role("member"),
        _body(_sheet("concordia-rulebook"), place="Café", notes="Rematch soon"),
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    session = TableSession.objects.get(pk=body["id"])
    assert (session.status, session.created_by, session.place, session.notes) == (
        SessionStatus.FINISHED,
        bob,
        "Café",
        "Rematch soon",
    )
    assert (body["game"], body["map"], body["status"], body["played_at"]) == (
        "concordia",
        "imperium",
        "finished",
        "2026-11-20T21:30:00Z",
    )
    expected = json.loads((DATA / "concordia-rulebook.expected.json").read_text())
    base_categories = {str(c) for c in ruleset("imperium").categories}
    assert [
        (
            seat["player"]["id"],
            seat["player"]["name"],
            seat["result"]["total"],
            seat["result"]["rank"],
            seat["result"]["won"],
            seat["result"]["breakdown"],
        )
        for seat in body["seats"]
    ] == [
        (
            lisboa_players[player["name"]],
            player["name"],
            player["total"],
            player["rank"],
            player["rank"] == 1,
            {
                key: value
                for key, value in player.items()
                # The base game's categories: the document's result also
                # carries the modules' rows (forum: 0), which it does not play.
                if key in base_categories
            },
        )
        for player in expected["players"]
    ]
    assert [seat["concordia_position"]["sestertii"] for seat in body["seats"]] == [
        13,
        21,
        8,
    ]


def test_a_magnanimous_sheet_records_a_magnanimous_game(as_role, club):
    response = _post(
        as_role("member"), _body(_sheet("magnanimous-republic"), add_players=True)
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["game"], body["map"], body["ending"]) == (
        "magnanimous",
        "",
        "republic",
    )
    assert [
        (
            s["player"]["name"],
            s["colour"],
            s["result"]["total"],
            s["result"]["rank"],
            s["result"]["won"],
        )
        for s in body["seats"]
    ] == [
        ("Bia", "red", 35, 2, False),
        ("Davi", "green", 40, 1, True),
        ("Lia", "blue", 16, 3, False),
    ]
    assert body["seats"][2]["result"]["breakdown"]["territory"] == -10
    assert sorted(club.players.values_list("name", flat=True)) == ["Bia", "Davi", "Lia"]


def test_an_unknown_name_is_refused_with_the_clubs_names(as_role, club):
    for name in ("Bruno", "Ana"):
        clubs_services.player_add(club=club, name=name)
    response = _post(as_role("member"), _body(_sheet("concordia-rulebook")))
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "path": "sheet.players[2].name",
                "message": "The club has no player called “Caio”. Its players: "
                "Ana, Bruno. Send “add_players”: true to add the new names as "
                "guests.",
            }
        ]
    }
    assert not TableSession.objects.exists()
    assert club.players.count() == 2


def test_add_players_adds_only_the_unknown_names_as_guests(as_role, club):
    ana = clubs_services.player_add(club=club, name="Ana")
    response = _post(
        as_role("member"), _body(_sheet("concordia-rulebook"), add_players=True)
    )
    assert response.status_code == 201, response.json()
    seats = response.json()["seats"]
    assert seats[0]["player"] == {"id": ana.pk, "name": "Ana"}
    assert sorted(club.players.values_list("name", flat=True)) == [
        "Ana",
        "Bruno",
        "Caio",
    ]
    assert not club.players.filter(user__isnull=False).exists()


def test_a_name_spelled_otherwise_is_refused_even_with_add_players(as_role, club):
    clubs_services.player_add(club=club, name="ana")
    response = _post(
        as_role("member"), _body(_sheet("concordia-rulebook"), add_players=True)
    )
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "path": "sheet.players[0].name",
            "message": "The club writes this player's name “ana”: use that "
            "spelling, not “Ana”.",
        }
    ]
    assert club.players.count() == 1


def test_the_same_idempotency_key_returns_the_same_game(as_role, lisboa_players):
    client = as_role("member")
    first = _post(client, _body(_sheet("concordia-rulebook")), Idempotency_Key="k-1")
    again = _post(client, _body(_sheet("concordia-rulebook")), Idempotency_Key="k-1")
    other = _post(client, _body(_sheet("concordia-rulebook")), Idempotency_Key="k-2")
    assert (first.status_code, again.status_code, other.status_code) == (201, 200, 201)
    assert first.json() == again.json()
    assert other.json()["id"] != first.json()["id"]
    assert TableSession.objects.count() == 2


def test_a_key_is_one_per_club(as_role, lisboa_players, other_club, charlie):
    first = _post(
        as_role("member"), _body(_sheet("concordia-rulebook")), Idempotency_Key="k"
    )
    assert first.status_code == 201
    client = as_role("outsider")
    response = client.post(
        "/api/v1/clubs/porto/sessions/",
        json.dumps(_body(_sheet("concordia-rulebook"), add_players=True)),
        content_type="application/json",
        headers={"Idempotency-Key": "k"},
    )
    assert response.status_code == 201
    assert response.json()["id"] != first.json()["id"]


@pytest.mark.parametrize("key", ["", "a b", "x" * 61, "clé"])
def test_a_malformed_key_is_refused(as_role, lisboa_players, key):
    response = _post(
        as_role("member"), _body(_sheet("concordia-rulebook")), Idempotency_Key=key
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "Idempotency-Key"
    assert not TableSession.objects.exists()


def test_a_sheet_the_rules_refuse_is_refused_with_paths(as_role, lisboa_players):
    sheet = _sheet("concordia-rulebook")
    sheet["players"][1]["houses"]["cloth"] = 5
    response = _post(as_role("member"), _body(sheet))
    assert response.status_code == 400
    assert {e["path"] for e in response.json()["errors"]} >= {
        "sheet.players[1].houses.cloth"
    }
    assert not TableSession.objects.exists()


def test_an_intermediate_scoring_is_no_finished_game(as_role, lisboa_players):
    sheet = _sheet("concordia-intermediate")
    response = _post(as_role("member"), _body(sheet, add_players=True))
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "path": "sheet.kind",
            "message": "A game is recorded from its final sheet: an intermediate "
            "scoring is not the end of the game.",
        }
    ]
    assert not TableSession.objects.exists()


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"played_at": "2026-11-20T21:30:00Z"}, "sheet"),
        ({"sheet": 42, "played_at": "2026-11-20T21:30:00Z"}, "sheet"),
        ({"sheet": {"game": "chess"}, "played_at": "2026-11-20"}, "sheet.game"),
        ({"sheet": {"players": []}, "played_at": "2026-11-20"}, "sheet.game"),
        ({"sheet": {}}, "played_at"),
        ({"sheet": {}, "played_at": "yesterday"}, "played_at"),
        ({"sheet": {}, "played_at": "2001-01-01T00:00:00Z"}, "played_at"),
        ({"sheet": {}, "played_at": "2026-11-20", "notes": "n" * 2001}, "notes"),
        ({"sheet": {}, "played_at": "2026-11-20", "add_players": "yes"}, "add_players"),
        ({"sheet": {}, "played_at": "2026-11-20", "place": 42}, "place"),
    ],
)
def test_a_wrong_envelope_is_a_path_addressed_400(as_role, lisboa_players, body, path):
    response = _post(as_role("member"), body)
    assert response.status_code == 400
    assert path in {e["path"] for e in response.json()["errors"]}
    assert not TableSession.objects.exists()


@pytest.mark.parametrize("raw", [b"", b"[]", b"{", b'{"sheet": "\\u0000"}'])
def test_a_body_that_is_no_object_is_a_400(as_role, lisboa_players, raw):
    response = as_role("member").post(URL, raw, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"]


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 401), ("outsider", 404), ("member", 201), ("owner", 201)],
)
def test_who_may_record_a_game(as_role, lisboa_players, role, status):
    response = _post(as_role(role), _body(_sheet("concordia-rulebook")))
    assert response.status_code == status
    assert TableSession.objects.count() == (1 if status == 201 else 0)


def test_a_signed_in_browser_records_with_its_csrf_token(lisboa_players, bob):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(bob)
    refused = browser.post(
        URL, json.dumps(_body(_sheet("concordia-rulebook"))), "application/json"
    )
    assert refused.status_code == 403
    token = "A" * 32  # the CSRF cookie's secret, as the page's form carries it
    browser.cookies["csrftoken"] = token
    response = browser.post(
        URL,
        json.dumps(_body(_sheet("concordia-rulebook"))),
        "application/json",
        headers={"X-CSRFToken": token},
    )
    assert response.status_code == 201, response.content
