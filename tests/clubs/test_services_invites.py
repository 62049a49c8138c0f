from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.contrib.auth.models import User

from clubs import services
from clubs.models import Invite, InviteState, Membership, Role

START = dt.datetime(2026, 11, 20, 12, tzinfo=dt.UTC)


@pytest.fixture
def erin(db: None) -> User:
    return User.objects.create_user("erin", password="x")


def test_creating_an_invite_sets_its_expiry_from_now(club, alice):
    with time_machine.travel(START, tick=False):
        invite = services.invite_create(
            club=club, created_by=alice, expires_in=dt.timedelta(days=7), max_uses=3
        )
    invite.refresh_from_db()
    assert invite.created_at == START
    assert invite.expires_at == dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC)
    assert (invite.max_uses, invite.use_count, invite.created_by) == (3, 0, alice)


def test_accepting_an_invite_makes_a_member_and_counts_the_use(invite, erin):
    membership = services.invite_accept(invite=invite, user=erin)
    assert (membership.club, membership.user, membership.role) == (
        invite.club,
        erin,
        Role.MEMBER,
    )
    invite.refresh_from_db()
    assert invite.use_count == 1


def test_accepting_twice_is_idempotent(invite, erin):
    first = services.invite_accept(invite=invite, user=erin)
    second = services.invite_accept(invite=invite, user=erin)
    assert first.pk == second.pk
    assert Membership.objects.filter(club=invite.club, user=erin).count() == 1
    invite.refresh_from_db()
    assert invite.use_count == 1


def test_a_member_opening_an_invite_keeps_their_role(invite, alice):
    membership = services.invite_accept(invite=invite, user=alice)
    assert membership.role == Role.OWNER
    invite.refresh_from_db()
    assert invite.use_count == 0


def test_an_invite_works_until_the_last_second_before_it_expires(club, alice, erin):
    with time_machine.travel(START, tick=False):
        invite = services.invite_create(
            club=club, created_by=alice, expires_in=dt.timedelta(days=1), max_uses=None
        )
    with time_machine.travel(START + dt.timedelta(hours=23, minutes=59), tick=False):
        services.invite_accept(invite=invite, user=erin)
    assert Membership.objects.filter(club=club, user=erin).exists()


def test_an_expired_invite_lets_nobody_in(club, alice, erin):
    with time_machine.travel(START, tick=False):
        invite = services.invite_create(
            club=club, created_by=alice, expires_in=dt.timedelta(days=1), max_uses=None
        )
    with (
        time_machine.travel(START + dt.timedelta(days=1), tick=False),
        pytest.raises(services.InviteUnusable) as refused,
    ):
        services.invite_accept(invite=invite, user=erin)
    assert refused.value.state == InviteState.EXPIRED
    assert refused.value.messages == [
        "This invite link has expired. Ask an admin of the club for a new one."
    ]
    assert not Membership.objects.filter(club=club, user=erin).exists()


def test_a_member_opening_an_expired_invite_is_still_a_member(club, alice, bob):
    with time_machine.travel(START, tick=False):
        invite = services.invite_create(
            club=club, created_by=alice, expires_in=dt.timedelta(days=1), max_uses=None
        )
    with time_machine.travel(START + dt.timedelta(days=30), tick=False):
        membership = services.invite_accept(invite=invite, user=bob)
    assert membership.user == bob


def test_a_revoked_invite_lets_nobody_in(invite, erin):
    services.invite_revoke(invite=invite)
    with pytest.raises(services.InviteUnusable) as refused:
        services.invite_accept(invite=invite, user=erin)
    assert refused.value.state == InviteState.REVOKED
    assert not Membership.objects.filter(user=erin).exists()


def test_revoking_twice_keeps_the_first_time(invite):
    with time_machine.travel(START + dt.timedelta(hours=1), tick=False):
        services.invite_revoke(invite=invite)
    with time_machine.travel(START + dt.timedelta(hours=2), tick=False):
        services.invite_revoke(invite=invite)
    invite.refresh_from_db()
    assert invite.revoked_at == START + dt.timedelta(hours=1)


def test_an_invite_lets_in_at_most_max_uses_people(club, alice, erin):
    invite = services.invite_create(
        club=club, created_by=alice, expires_in=dt.timedelta(days=1), max_uses=1
    )
    services.invite_accept(invite=invite, user=erin)
    frank = User.objects.create_user("frank", password="x")
    with pytest.raises(services.InviteUnusable) as refused:
        services.invite_accept(invite=invite, user=frank)
    assert refused.value.state == InviteState.USED_UP
    assert Invite.objects.get(pk=invite.pk).use_count == 1
    assert not Membership.objects.filter(user=frank).exists()
