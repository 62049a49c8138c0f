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
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from clubs.models import Club, Player
from games.models import TableSession

LONG_NAME = "a" * 256
NUL = "\x00"


def _counts() -> tuple[int, ...]:
    return (
        User.objects.count(),
        Club.objects.count(),
        Player.objects.count(),
        TableSession.objects.count(),
    )


ANONYMOUS = [
    # (method, path, body, content type)
    ("POST", "/api/v1/auth/token/", {"username": LONG_NAME, "password": "x"}, "json"),
    ("POST", "/api/v1/auth/token/", {"username": "ana" + NUL, "password": "x"}, "json"),
    ("POST", "/api/v1/auth/token/", {"username": "ana", "password": "x" + NUL}, "json"),
    ("POST", "/api/v1/score-sheet/", '{"game": "\\udc80"}', "raw"),
    ("POST", "/api/v1/score-sheet/", '{"game": "concordia\\u0000"}', "raw"),
    ("GET", "/clubs/lisboa/assistant/follow/ab%00cd/", None, ""),
    ("GET", "/clubs/lisboa/assistant/follow/ab%00cd/head/?seq=1", None, ""),
    ("GET", "/accounts/login/?next=/%00", None, ""),
    ("GET", "/join/ab%00cd/", None, ""),
    ("GET", "/api/v1/score-sheet/?x=%00", None, ""),
]


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
