from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.clubs.conftest import HTMX

# Django's own message, with its typographic apostrophe.
MISMATCH = "The two password fields didn\u2019t match."

GOOD = {
    "username": "erin",
    "email": "erin@example.org",
    "password1": "a-long-pass-phrase",
    "password2": "a-long-pass-phrase",
}


def _url() -> str:
    return reverse("signup")


def _signed_in_as(client: Client) -> int | None:
    raw = client.session.get("_auth_user_id")
    return int(raw) if raw else None


def test_sign_up_page_is_a_full_page(client, db):
    response = client.get(_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert 'id="signup-form"' in html
    assert 'name="email"' in html


def test_sign_up_page_for_htmx_is_the_form_only(client, db):
    response = client.get(_url(), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<form id="signup-form"')


def test_signing_up_without_javascript_signs_in_and_goes_home(client, db):
    response = client.post(_url(), GOOD)
    user = User.objects.get(username="erin")
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")
    assert _signed_in_as(client) == user.pk
    assert user.email == "erin@example.org"
    assert user.check_password("a-long-pass-phrase")


def test_signing_up_with_htmx_signs_in_and_redirects_the_client(client, db):
    response = client.post(_url(), GOOD, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("games:home")
    assert _signed_in_as(client) == User.objects.get(username="erin").pk


def test_signing_up_goes_back_to_the_invite_it_came_from(client, db):
    response = client.post(_url(), GOOD | {"next": "/join/abc/"})
    assert response["Location"] == "/join/abc/"


def test_signing_up_ignores_a_next_address_on_another_site(client, db):
    response = client.post(_url(), GOOD | {"next": "https://evil.example/"})
    assert response["Location"] == reverse("games:home")


def test_mismatched_passwords_are_shown_next_to_the_field(client, db):
    response = client.post(_url(), GOOD | {"password2": "something-else-entirely"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert MISMATCH in html
    assert 'value="erin"' in html
    assert not User.objects.exists()
    assert _signed_in_as(client) is None


def test_mismatched_passwords_with_htmx_re_render_the_form(client, db):
    response = client.post(
        _url(), GOOD | {"password2": "something-else-entirely"}, headers=HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="signup-form"' in html
    assert MISMATCH in html
    assert not User.objects.exists()


def test_an_e_mail_already_in_use_is_refused(client, dora):
    response = client.post(_url(), GOOD | {"email": "DORA@example.org"})
    assert response.status_code == 200
    assert "An account with this e-mail already exists." in response.content.decode()
    assert not User.objects.filter(username="erin").exists()


def test_a_taken_user_name_is_refused_whatever_the_case(client, alice):
    response = client.post(_url(), GOOD | {"username": "Alice"})
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.count() == 1


def test_a_signed_in_user_is_sent_home(client, alice):
    client.force_login(alice)
    response = client.get(_url())
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")
