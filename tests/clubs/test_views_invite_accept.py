from __future__ import annotations

import datetime as dt

import time_machine
from django.contrib.auth.models import User
from django.urls import reverse

from clubs import services
from clubs.models import Invite, Membership, Role
from tests.clubs.conftest import HTMX, signed_in
from tests.markup import elements

START = dt.datetime(2026, 11, 20, 12, tzinfo=dt.UTC)


def _erin() -> User:
    return User.objects.create_user("erin", password="x")


def test_a_stranger_is_sent_to_sign_in_first(client, invite):
    url = invite.get_absolute_url()
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"


def test_opening_the_link_shows_the_invitation_and_joins_nobody(client, invite):
    erin = _erin()
    response = signed_in(client, erin).get(invite.get_absolute_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert "Lisboa" in elements(html, "h1")[0].text
    assert 'id="invite-join"' in html
    assert not Membership.objects.filter(user=erin).exists()


def test_joining_without_javascript_goes_to_the_club(client, invite):
    erin = _erin()
    response = signed_in(client, erin).post(invite.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"] == "/clubs/lisboa/"
    assert Membership.objects.get(user=erin).role == Role.MEMBER
    assert "Welcome to Lisboa!" in client.get("/clubs/lisboa/").content.decode()


def test_joining_with_htmx_redirects_the_client(client, invite):
    erin = _erin()
    response = signed_in(client, erin).post(invite.get_absolute_url(), headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/clubs/lisboa/"
    assert Membership.objects.filter(user=erin).exists()


def test_joining_twice_changes_nothing(client, invite):
    erin = _erin()
    signed_in(client, erin)
    first = client.post(invite.get_absolute_url())
    second = client.post(invite.get_absolute_url())
    assert (first.status_code, second.status_code) == (302, 302)
    assert second["Location"] == "/clubs/lisboa/"
    assert Membership.objects.filter(user=erin).count() == 1
    invite.refresh_from_db()
    assert invite.use_count == 1


def test_a_member_opening_the_link_is_told_so(client, bob, invite):
    html = signed_in(client, bob).get(invite.get_absolute_url()).content.decode()
    assert "You are already a member of Lisboa." in html
    assert 'id="invite-join"' not in html


def test_an_expired_link_says_so(client, club, alice):
    with time_machine.travel(START, tick=False):
        invite = services.invite_create(
            club=club, created_by=alice, expires_in=dt.timedelta(days=1), max_uses=None
        )
    erin = _erin()
    signed_in(client, erin)
    with time_machine.travel(START + dt.timedelta(days=1, seconds=1), tick=False):
        shown = client.get(invite.get_absolute_url())
        posted = client.post(invite.get_absolute_url())
    for response in (shown, posted):
        assert response.status_code == 410
        assert "This invite link has expired." in response.content.decode()
    assert not Membership.objects.filter(user=erin).exists()


def test_a_revoked_link_says_so(client, invite):
    services.invite_revoke(invite=invite)
    erin = _erin()
    response = signed_in(client, erin).post(invite.get_absolute_url())
    assert response.status_code == 410
    assert "This invite link was withdrawn." in response.content.decode()
    assert not Membership.objects.filter(user=erin).exists()


def test_a_used_up_link_says_so(client, club, alice):
    invite = services.invite_create(
        club=club, created_by=alice, expires_in=dt.timedelta(days=1), max_uses=1
    )
    Invite.objects.filter(pk=invite.pk).update(use_count=1)
    response = signed_in(client, _erin()).get(invite.get_absolute_url())
    assert response.status_code == 410
    assert "has been used as many times as it allows" in response.content.decode()


def test_an_unknown_link_is_404_with_a_clear_page(client, invite):
    response = signed_in(client, _erin()).get("/join/not-a-real-token/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "This invite link does not exist. Check that it was copied whole." in html
    assert "Lisboa" not in html


def test_a_newcomer_signs_up_from_the_link_and_joins(client, invite):
    url = invite.get_absolute_url()
    login_page = client.get(client.get(url)["Location"]).content.decode()
    assert f'href="{reverse("signup")}?next={url}"' in login_page
    response = client.post(
        reverse("signup"),
        {
            "username": "erin",
            "email": "erin@example.org",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
            "next": url,
        },
    )
    assert response["Location"] == url
    assert client.post(url)["Location"] == "/clubs/lisboa/"
    assert Membership.objects.get(user__username="erin").club == invite.club
