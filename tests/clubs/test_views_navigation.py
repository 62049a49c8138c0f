"""The ways into the account and club pages from the pages people already use."""

from __future__ import annotations

from django.urls import reverse

from clubs import services as clubs_services
from tests.clubs.conftest import signed_in


def test_sign_in_page_offers_sign_up_and_password_reset(client, db):
    html = client.get(reverse("login")).content.decode()
    assert f'href="{reverse("signup")}"' in html
    assert f'href="{reverse("password_reset")}"' in html


def test_sign_in_page_keeps_where_the_visitor_was_going_for_sign_up(client, db):
    html = client.get(reverse("login") + "?next=/join/abc/").content.decode()
    assert f'href="{reverse("signup")}?next=/join/abc/"' in html


def test_someone_without_a_club_is_offered_to_create_one(client, charlie):
    html = signed_in(client, charlie).get(reverse("games:home")).content.decode()
    assert "You are not a member of any club yet." in html
    assert f'href="{reverse("clubs:club-create")}"' in html


def test_a_member_of_several_clubs_can_create_another(client, club, other_club, alice):
    clubs_services.membership_add(club=other_club, user=alice)
    html = signed_in(client, alice).get(reverse("games:home")).content.decode()
    assert f'href="{reverse("clubs:club-create")}"' in html


def test_club_page_links_to_members_players_and_invites(client, club, bob):
    html = signed_in(client, bob).get(club.get_absolute_url()).content.decode()
    for name in ("clubs:membership-list", "clubs:player-list", "clubs:invite-list"):
        assert f'href="{reverse(name, kwargs={"club_slug": "lisboa"})}"' in html
