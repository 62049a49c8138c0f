"""No input gives a 500 (issue #21 item 4): each hostile request answers 4xx and changes nothing.

The cases the issue found against production, on whichever database the suite
runs (PostgreSQL refuses a NUL character in text and axes' user name column is
``varchar(255)``: `make test` runs these on both). The black-box test sends the
same requests to gunicorn (`tests/reliability/test_production_blackbox.py`).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from axes.models import AccessAttempt  # type: ignore[import-untyped]
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from clubs.models import Club, Player
from games.models import TableSession
from tests.security.hostile import (
    ANONYMOUS,
    LONG_NAME,
    NUL,
    SIGNED_IN,
    bgstats_with,
)


def _counts() -> tuple[int, ...]:
    return (
        User.objects.count(),
        Club.objects.count(),
        Player.objects.count(),
        TableSession.objects.count(),
    )


def _send(client: Client, method: str, path: str, body: Any, kind: str) -> Any:
    if method == "GET":
        return client.get(path)
    if kind == "json":
        return client.post(path, json.dumps(body), content_type="application/json")
    if kind == "raw":
        return client.post(path, body, content_type="application/json")
    return client.post(path, body)


@pytest.mark.axes
@pytest.mark.parametrize(("method", "path", "body", "kind"), ANONYMOUS)
def test_an_anonymous_hostile_request_answers_4xx(
    client, club, method, path, body, kind
):
    before = _counts()
    response = _send(client, method, path, body, kind)
    assert 400 <= response.status_code < 500, response.content[:300]
    if path.startswith("/api/"):
        assert response["Content-Type"] == "application/json"
        assert response.json()["errors"][0]["message"]
    assert _counts() == before


@pytest.mark.axes
@pytest.mark.parametrize("username", [LONG_NAME, "a" * 10_000, "ana" + NUL])
def test_a_sign_in_with_a_name_no_account_has_says_so_and_locks_by_that_name(
    client, alice, username
):
    page = client.get("/accounts/login/")
    assert page.status_code == 200
    response = client.post(
        "/accounts/login/", {"username": username, "password": "wrong"}
    )
    if NUL in username:
        assert response.status_code == 400
        assert AccessAttempt.objects.count() == 0
        return
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    [attempt] = AccessAttempt.objects.all()
    assert attempt.username == username[:255]
    assert "_auth_user_id" not in client.session


@pytest.mark.axes
def test_the_token_endpoint_records_a_long_name_cut_to_its_column(client, alice):
    response = client.post(
        "/api/v1/auth/token/",
        json.dumps({"username": LONG_NAME, "password": "wrong"}),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["message"]
    [attempt] = AccessAttempt.objects.all()
    assert attempt.username == LONG_NAME[:255]


@pytest.mark.parametrize(("method", "path", "body"), SIGNED_IN)
def test_a_members_hostile_request_answers_4xx(client, alice, club, method, path, body):
    client.force_login(alice)
    before = _counts()
    if method == "GET":
        response = client.get(path)
    elif body == "bgstats-nul":
        response = client.post(
            path, bgstats_with("Bruno\x00"), content_type="application/json"
        )
    elif isinstance(body, str):
        response = client.post(path, body, content_type="application/json")
    else:
        response = client.post(path, body)
    assert 400 <= response.status_code < 500, response.content[:300]
    if path.startswith("/api/"):
        assert response.json()["errors"][0]["message"]
    else:
        assert "NUL" in response.content.decode()
    assert _counts() == before


@pytest.mark.parametrize("name", ["Bruno\x00", "Bruno\udc80"])
def test_a_bgstats_file_naming_a_player_with_a_nul_is_refused_on_the_page(
    client, alice, club, name
):
    client.force_login(alice)
    before = _counts()
    response = client.post(
        "/clubs/lisboa/import/bgstats/",
        {
            "file": SimpleUploadedFile(
                "bgstats.json", bgstats_with(name), "application/json"
            )
        },
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "players[1].name" in html
    assert _counts() == before
