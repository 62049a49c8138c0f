"""POST /api/v1/score-sheet/: the score-sheet contract over HTTP, for anybody."""

from __future__ import annotations

import json

import pytest

from tests.sheets import EXAMPLES

URL = "/api/v1/score-sheet/"
VALID = [
    "concordia-rulebook",
    "concordia-tie",
    "concordia-intermediate",
    "magnanimous-republic",
    "concordia-germania",
]


def _example(name: str) -> str:
    return (EXAMPLES / f"{name}.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", VALID)
def test_every_example_scores_as_the_command_does(api_client, db, name):
    response = api_client.post(URL, _example(name), content_type="application/json")
    expected = json.loads(
        (EXAMPLES / f"{name}.expected.json").read_text(encoding="utf-8")
    )
    assert response.status_code == 200
    assert response.json() == expected


def test_the_rulebook_game_is_won_by_its_winner_with_exact_totals(api_client, db):
    response = api_client.post(
        URL, _example("concordia-rulebook"), content_type="application/json"
    )
    body = response.json()
    expected = json.loads(
        (EXAMPLES / "concordia-rulebook.expected.json").read_text(encoding="utf-8")
    )
    assert body["winner"] == expected["winner"]
    assert [p["total"] for p in body["players"]] == [
        p["total"] for p in expected["players"]
    ]


def test_the_invalid_example_is_400_with_every_path(api_client, db):
    response = api_client.post(
        URL, _example("concordia-invalid"), content_type="application/json"
    )
    expected = json.loads(
        (EXAMPLES / "concordia-invalid.expected.json").read_text(encoding="utf-8")
    )
    assert response.status_code == 400
    paths = sorted(e["path"] for e in response.json()["errors"])
    assert paths == sorted(expected["errors_at"])


def test_malformed_json_is_400_with_the_errors_document(api_client, db):
    response = api_client.post(
        URL, '{"game": "concordia",', content_type="application/json"
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert len(errors) == 1
    assert errors[0]["path"] == ""
    assert errors[0]["message"].startswith("The score sheet is not valid JSON")


def test_a_deeply_nested_body_is_400_not_a_server_error(api_client, db):
    response = api_client.post(
        URL, "[" * 100_000 + "]" * 100_000, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == ""


def test_a_body_that_is_not_utf8_is_400(api_client, db):
    response = api_client.post(URL, b"\xff\xfe{", content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {
        "errors": [{"path": "", "message": "The score sheet is not UTF-8 text"}]
    }


def test_an_empty_body_is_400(api_client, db):
    response = api_client.post(URL, b"", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == ""


def test_an_unknown_field_is_reported_at_its_path(api_client, db):
    sheet = json.loads(_example("concordia-tie"))
    sheet["players"][1]["wood"] = 3
    response = api_client.post(URL, sheet, format="json")
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["players[1].wood"]


def test_the_calculator_stores_nothing(api_client, db, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = api_client.post(
            URL, _example("concordia-rulebook"), content_type="application/json"
        )
    assert response.status_code == 200


def test_a_signed_in_caller_gets_the_same_answer_without_csrf(client, alice):
    # Session authentication is off here: the calculator has nothing to
    # protect, and a logged-in browser must not need a CSRF token for it.
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    response = browser.post(
        URL, _example("concordia-tie"), content_type="application/json"
    )
    assert response.status_code == 200
    assert response.json()["winner"] == "Fabi"


def test_anonymous_callers_are_throttled(api_client, db, monkeypatch):
    from rest_framework.throttling import AnonRateThrottle

    monkeypatch.setitem(AnonRateThrottle.THROTTLE_RATES, "anon", "3/minute")
    body = _example("concordia-tie")
    codes = [
        api_client.post(URL, body, content_type="application/json").status_code
        for _ in range(4)
    ]
    assert codes == [200, 200, 200, 429]


def test_the_schemas_example_sheet_is_a_valid_game(api_client, db):
    schema = api_client.get("/api/v1/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/score-sheet/"]["post"]
    example = operation["requestBody"]["content"]["application/json"]["examples"]
    body = example["Concordia"]["value"]
    response = api_client.post(URL, json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.json()
    assert [(p["name"], p["total"]) for p in response.json()["players"]] == [
        ("Ana", 114),
        ("Bia", 44),
    ]


def test_an_expansion_board_is_refused_with_its_own_limits(api_client, db):
    response = api_client.post(
        URL, _example("concordia-corsica-invalid"), content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json() == json.loads(
        (EXAMPLES / "concordia-corsica-invalid.expected.json").read_text("utf-8")
    )


def test_the_schema_lists_every_map_of_the_data(api_client, db):
    schema = api_client.get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    text = schema.content.decode()
    for map_id in ("imperium", "britannia", "ionium_small", "balearica"):
        assert f'"{map_id}"' in text or f"- {map_id}" in text
