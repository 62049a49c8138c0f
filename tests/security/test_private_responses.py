"""``Cache-Control: private, no-store`` on every answer to a signed-in request (issue #21 item 8).

A club's pages, its backup and its results CSV must not stay in a shared
proxy, nor in the browser of a club's shared phone once its owner signed out;
signed in by the session or by an API token alike. Anonymous pages keep the
caching they had.
"""

from __future__ import annotations

import pytest
from django.http.response import HttpResponseBase
from rest_framework.authtoken.models import Token


def _directives(response: HttpResponseBase) -> set[str]:
    return {
        part.strip() for part in response.get("Cache-Control", "").split(",") if part
    }


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/clubs/lisboa/",
        "/clubs/lisboa/backup/",
        "/clubs/lisboa/backup/download/",
        "/clubs/lisboa/export/results.csv",
        "/clubs/lisboa/export/bgstats.json",
        "/clubs/lisboa/stats/concordia/",
        "/clubs/lisboa/assistant/",
        "/api/v1/clubs/lisboa/backup/",
        "/api/v1/clubs/lisboa/results.csv",
        "/no-such-page/",
    ],
)
def test_a_signed_in_answer_is_private_and_not_stored(
    client, alice, finished_session, path
):
    client.force_login(alice)
    response = client.get(path)
    assert response.status_code in {200, 302, 404}, path
    assert {"private", "no-store"} <= _directives(response), path


def test_an_api_answer_to_a_token_is_private_and_not_stored(client, alice, club):
    token = Token.objects.create(user=alice)
    response = client.get(
        "/api/v1/clubs/lisboa/backup/", headers={"Authorization": f"Token {token.key}"}
    )
    assert response.status_code == 200
    assert {"private", "no-store"} <= _directives(response)


@pytest.mark.django_db
def test_an_anonymous_page_is_left_as_it_was(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert "no-store" not in _directives(response)
    assert "private" not in _directives(response)
