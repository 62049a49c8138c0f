"""The ways into the account and club pages from the pages people already use."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from clubs import services as clubs_services
from tests.clubs.conftest import signed_in
from tests.markup import has_id


def test_sign_in_page_offers_sign_up_and_password_reset(client, db):
    html = client.get(reverse("login")).content.decode()
    assert f'href="{reverse("signup")}"' in html
    assert f'href="{reverse("password_reset")}"' in html


def test_sign_in_page_keeps_where_the_visitor_was_going_for_sign_up(client, db):
    html = client.get(reverse("login") + "?next=/join/abc/").content.decode()
    assert f'href="{reverse("signup")}?next=/join/abc/"' in html


def test_someone_without_a_club_is_offered_to_create_one(client, charlie):
    html = signed_in(client, charlie).get(reverse("games:home")).content.decode()
    assert has_id(html, "no-club")
    assert f'href="{reverse("clubs:club-create")}"' in html


def test_a_member_of_several_clubs_can_create_another(client, club, other_club, alice):
    clubs_services.membership_add(club=other_club, user=alice)
    html = signed_in(client, alice).get(reverse("games:home")).content.decode()
    assert f'href="{reverse("clubs:club-create")}"' in html


def _menu(html: str) -> str:
    return html.split('<nav class="club-nav"', 1)[1].split("</nav>", 1)[0]


def _url(name: str) -> str:
    return reverse(name, kwargs={"club_slug": "lisboa"})


def test_club_page_links_an_owner_to_members_players_and_invites(client, club, alice):
    html = signed_in(client, alice).get(club.get_absolute_url()).content.decode()
    for name in ("clubs:membership-list", "clubs:player-list", "clubs:invite-list"):
        assert f'href="{_url(name)}"' in _menu(html)


@pytest.mark.parametrize(
    "name",
    ["games:club-detail", "clubs:membership-list", "clubs:player-list"],
)
def test_a_member_is_not_shown_the_invite_links_they_may_not_open(
    client, club, bob, name
):
    client = signed_in(client, bob)
    menu = _menu(client.get(_url(name)).content.decode())
    assert f'href="{_url("clubs:player-list")}"' in menu
    assert f'href="{_url("clubs:invite-list")}"' not in menu
    assert client.get(_url("clubs:invite-list")).status_code == 403


@pytest.mark.parametrize(
    ("user", "name", "label"),
    [
        ("bob", "games:club-detail", "Games"),
        ("bob", "clubs:membership-list", "Members"),
        ("bob", "clubs:player-list", "Players"),
        ("alice", "games:club-detail", "Games"),
        ("alice", "clubs:invite-list", "Invite links"),
    ],
)
def test_the_club_menu_marks_the_current_page(client, club, user, name, label):
    signed_in(client, User.objects.get(username=user))
    menu = _menu(client.get(_url(name)).content.decode())
    assert menu.count('aria-current="page"') == 1
    assert f'<a class="button" href="{_url(name)}" aria-current="page">{label}</a>' in (
        menu
    )
