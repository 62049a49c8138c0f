"""Switching language without JavaScript, and the choice remembered (issue #16).

The footer's form POSTs to ``set_language``: the cookie is set, a signed-in
user's choice is stored, and the browser goes back to ``next`` (never off the
site: tests/security/test_open_redirect.py). Signing in brings the stored
language back on any device; the browser's Accept-Language is the default.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from clubs import selectors
from clubs.models import UserPreference
from tests.conftest import PASSWORD

COOKIE = settings.LANGUAGE_COOKIE_NAME


def test_the_browser_language_is_the_default(db):
    response = Client().get(
        reverse("login"), headers={"Accept-Language": "uk,en;q=0.5"}
    )
    assert '<html lang="uk">' in response.content.decode()


def test_switching_without_javascript_sets_the_cookie_and_goes_back(db):
    client = Client()
    response = client.post(
        reverse("set_language"), {"language": "fr", "next": "/accounts/login/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/"
    assert response.cookies[COOKIE].value == "fr"
    page = client.get("/accounts/login/", headers={"Accept-Language": "uk"})
    assert '<html lang="fr">' in page.content.decode()
    assert UserPreference.objects.count() == 0


def test_the_footer_switcher_is_a_form_with_a_button_and_names_each_language_in_itself(
    db,
):
    html = Client().get(reverse("login")).content.decode()
    assert f'action="{reverse("set_language")}" method="post"' in html
    assert '<button type="submit">' in html
    for name in (
        "English",
        "Português Brasileiro",
        "español",
        "français",
        "Українська",
    ):
        assert name in html


def test_switching_signed_in_stores_the_choice(club, alice):
    client = Client()
    client.force_login(alice)
    next_url = reverse("games:club-detail", kwargs={"club_slug": club.slug})
    response = client.post(
        reverse("set_language"), {"language": "pt-br", "next": next_url}
    )
    assert response.status_code == 302
    assert response["Location"] == next_url
    assert response.cookies[COOKIE].value == "pt-br"
    assert selectors.language_preference_get(alice) == "pt-br"
    assert '<html lang="pt-br">' in client.get(next_url).content.decode()

    # A language the site does not offer changes nothing.
    client.post(reverse("set_language"), {"language": "de", "next": next_url})
    assert selectors.language_preference_get(alice) == "pt-br"


def test_signing_in_brings_the_stored_language_back(club, alice):
    UserPreference.objects.create(user=alice, language="uk")
    fresh = Client()  # another phone: no cookie, an English browser
    response = fresh.post(
        reverse("login"),
        {"username": "alice", "password": PASSWORD},
        headers={"Accept-Language": "en"},
    )
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "uk"
    page = fresh.get(
        response["Location"], follow=True, headers={"Accept-Language": "en"}
    )
    assert '<html lang="uk">' in page.content.decode()


def test_signing_in_without_a_stored_language_keeps_the_cookie_as_it_is(club, alice):
    client = Client()
    client.cookies[COOKIE] = "es"
    response = client.post(
        reverse("login"), {"username": "alice", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert COOKIE not in response.cookies
    assert (
        '<html lang="es">'
        in client.get(response["Location"], follow=True).content.decode()
    )


@pytest.mark.parametrize("method", ["get", "post"])
def test_an_anonymous_switch_stores_nothing(db, method):
    getattr(Client(), method)(reverse("set_language"), {"language": "es", "next": "/"})
    assert UserPreference.objects.count() == 0
