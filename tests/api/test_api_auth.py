"""Signing in to the API (token, session), throttling, and guessed ids.

Which role gets what status from each endpoint is the one access table's
(`tests/security/test_access.py`).
"""

from __future__ import annotations

import json

import pytest

from stats import services as stats_services


def test_anonymous_callers_are_told_to_send_a_token(api_client, db):
    response = api_client.get("/api/v1/clubs/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


@pytest.mark.parametrize("role", ["outsider", "member", "admin", "owner"])
def test_the_club_list_shows_only_ones_own_clubs(as_role, club, role):
    body = as_role(role).get("/api/v1/clubs/").json()
    slugs = [c["slug"] for c in body["results"]]
    assert slugs == (["porto"] if role == "outsider" else ["lisboa"])


def test_an_outsider_cannot_reach_a_game_through_their_own_club(
    as_role, finished_session
):
    client = as_role("outsider")
    seat = finished_session.seats.first()
    for path in (
        f"/api/v1/clubs/porto/sessions/{finished_session.pk}/",
        f"/api/v1/clubs/porto/players/{seat.player_id}/",
        f"/api/v1/clubs/porto/players/{seat.player_id}/statistics/",
    ):
        assert client.get(path).status_code == 404, path


def test_a_member_cannot_reach_another_clubs_game_by_guessing_its_id(
    as_role, other_club, charlie, rulebook_sheet
):
    import datetime as dt

    from games import services

    theirs = services.session_create(
        club=other_club,
        created_by=charlie,
        map_name="imperium",
        played_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=n) for n in ("Xana", "Yuri")],
    )
    player = theirs.seats.get(seat_order=0).player_id
    client = as_role("member")
    assert client.get(f"/api/v1/clubs/lisboa/sessions/{theirs.pk}/").status_code == 404
    assert client.get(f"/api/v1/clubs/lisboa/players/{player}/").status_code == 404
    assert client.get(f"/api/v1/clubs/porto/sessions/{theirs.pk}/").status_code == 404


def test_a_token_is_exchanged_for_a_user_name_and_password(api_client, alice):
    from tests.factories import PASSWORD

    response = api_client.post(
        "/api/v1/auth/token/",
        {"username": "alice", "password": PASSWORD},
        format="json",
    )
    assert response.status_code == 200
    token = response.json()["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api_client.get("/api/v1/clubs/").status_code == 200


def test_a_wrong_password_gets_no_token_and_a_path_addressed_error(api_client, alice):
    response = api_client.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "wrong"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "path": "",
                "message": "Unable to log in with provided credentials.",
            }
        ]
    }


def test_the_token_exchange_takes_json_only(api_client, alice):
    from rest_framework.authtoken.models import Token

    from tests.factories import PASSWORD

    body = json.dumps({"username": "alice", "password": PASSWORD})
    response = api_client.post("/api/v1/auth/token/", body, content_type="text/plain")
    assert response.status_code == 415
    assert response["Content-Type"] == "application/json"
    # A form: the NUL check of every form (concordia_site.middleware) has read
    # it before the view, which then finds no JSON credentials in it.
    form = api_client.post(
        "/api/v1/auth/token/", {"username": "alice", "password": PASSWORD}
    )
    assert form.status_code == 400
    assert not Token.objects.exists()


def test_a_browser_with_a_session_cookie_gets_a_token_without_csrf(alice, bob):
    from django.test import Client

    from tests.factories import PASSWORD

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(bob)
    response = browser.post(
        "/api/v1/auth/token/",
        {"username": "alice", "password": PASSWORD},
        content_type="application/json",
    )
    assert response.status_code == 200


@pytest.mark.parametrize(
    "raw",
    [
        '{"username": "' + "a" * 256 + '", "password": "x"}',
        "[" * 100_000 + "]" * 100_000,
        "[]",
        '{"username": "al\\u0000ice", "password": "x"}',
        "{",
    ],
)
def test_a_token_request_that_cannot_sign_in_is_a_400(api_client, alice, raw):
    response = api_client.post(
        "/api/v1/auth/token/", raw, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"]


def test_session_authentication_works_for_a_signed_in_browser(client, alice, club):
    client.force_login(alice)
    response = client.get("/api/v1/clubs/lisboa/")
    assert response.status_code == 200
    assert response.json()["role"] == "owner"


def test_signed_in_users_are_throttled(as_role, club, monkeypatch):
    from rest_framework.throttling import UserRateThrottle

    monkeypatch.setitem(UserRateThrottle.THROTTLE_RATES, "user", "2/minute")
    client = as_role("member")
    codes = [client.get("/api/v1/clubs/").status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_statistics_endpoints_reject_an_unknown_game(as_role, finished_session):
    stats_services.stats_rebuild(club_id=finished_session.club_id, game="concordia")
    response = as_role("member").get("/api/v1/clubs/lisboa/statistics/?game=chess")
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["game"]
