from __future__ import annotations

from django.contrib.auth.models import User

from clubs import services
from clubs.models import Membership, Role


def test_founding_a_club_makes_its_creator_the_owner(charlie):
    club = services.club_found(name="Clube do Porto", owner=charlie)
    assert club.slug == "clube-do-porto"
    assert Membership.objects.get(club=club).user == charlie
    assert Membership.objects.get(club=club).role == Role.OWNER


def test_a_taken_short_name_gets_a_number(club, charlie):
    assert services.club_found(name="Lisboa", owner=charlie).slug == "lisboa-2"
    assert services.club_found(name="lisboa!", owner=charlie).slug == "lisboa-3"


def test_the_short_name_new_is_kept_for_the_create_page(charlie):
    assert services.club_found(name="New", owner=charlie).slug == "new-2"


def test_a_name_without_latin_letters_still_gets_a_short_name(db):
    owner = User.objects.create_user("olena", password="x")
    first = services.club_found(name="Київ", owner=owner)
    second = services.club_found(name="Харків", owner=owner)
    assert (first.name, first.slug, second.slug) == ("Київ", "club", "club-2")


def test_creating_an_account(db):
    user = services.account_create(
        username="erin", email="Erin@Example.ORG", password="a-long-pass-phrase"
    )
    user.refresh_from_db()
    assert user.email == "Erin@example.org"
    assert user.check_password("a-long-pass-phrase")
