"""``next`` (and the Referer set_language falls back on) never sends anyone off the site."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD

OFFSITE = [
    "https://evil.example/",
    "http://evil.example",
    "//evil.example/",
    "///evil.example/",
    "/\\evil.example/",
    "\\\\evil.example/",
    "https:evil.example",
    "https://testserver@evil.example/",
    " https://evil.example/",
    "\thttps://evil.example/",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
]
SAFE = "/clubs/lisboa/"


def _stays_here(location: str) -> bool:
    return (
        location.startswith("/")
        and not location.startswith(("//", "/\\"))
        and "evil.example" not in location
        and "javascript" not in location
    )


@pytest.mark.parametrize("target", OFFSITE)
def test_signing_in_ignores_an_offsite_next(client, alice, target):
    response = client.post(
        reverse("login"), {"username": "alice", "password": PASSWORD, "next": target}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")


@pytest.mark.parametrize("target", OFFSITE)
def test_a_signed_in_visit_to_the_login_page_ignores_an_offsite_next(
    client, alice, target
):
    client.force_login(alice)
    response = client.get(reverse("login"), {"next": target})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")


@pytest.mark.parametrize("target", OFFSITE)
def test_signing_out_ignores_an_offsite_next(client, alice, target):
    client.force_login(alice)
    response = client.post(reverse("logout"), {"next": target})
    assert response.status_code == 302
    assert response["Location"] == reverse("login")


@pytest.mark.parametrize("target", OFFSITE)
def test_changing_the_language_ignores_an_offsite_next_and_referer(db, target):
    response = Client().post(
        reverse("set_language"),
        {"language": "pt-br", "next": target},
        headers={"Referer": target},
    )
    assert response.status_code == 302
    assert _stays_here(response["Location"])


@pytest.mark.parametrize("target", OFFSITE)
def test_signing_up_ignores_an_offsite_next(client, db, target):
    response = client.post(
        reverse("signup"),
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
            "next": target,
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")


@pytest.mark.parametrize("target", OFFSITE)
def test_the_login_page_does_not_offer_an_offsite_next(client, db, target):
    html = client.get(reverse("login"), {"next": target}).content.decode()
    assert 'name="next" value=""' in html


def test_a_next_on_the_site_is_followed(client, alice):
    response = client.post(
        reverse("login"), {"username": "alice", "password": PASSWORD, "next": SAFE}
    )
    assert response["Location"] == SAFE
    client.force_login(alice)
    response = client.post(reverse("logout"), {"next": SAFE})
    assert response["Location"] == SAFE
    response = client.post(reverse("set_language"), {"language": "pt-br", "next": SAFE})
    assert response["Location"] == SAFE
