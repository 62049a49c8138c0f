"""The clubs cast adds dora, an admin of Lisboa, to alice (owner), bob (member) and charlie (outsider)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs import services
from clubs.models import Club, Invite, Membership, Role


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The default hasher is slow on purpose; these tests create and sign in
    # many accounts and test the pages, not the hash.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def dora(club: Club) -> User:
    user = User.objects.create_user("dora", email="dora@example.org", password="x")
    services.membership_add(club=club, user=user, role=Role.ADMIN)
    return user


@pytest.fixture
def alice_membership(club: Club, alice: User) -> Membership:
    return Membership.objects.get(club=club, user=alice)


@pytest.fixture
def bob_membership(club: Club, bob: User) -> Membership:
    return Membership.objects.get(club=club, user=bob)


@pytest.fixture
def dora_membership(club: Club, dora: User) -> Membership:
    return Membership.objects.get(club=club, user=dora)


@pytest.fixture
def invite(club: Club, alice: User) -> Invite:
    return services.invite_create(
        club=club, created_by=alice, expires_in=dt.timedelta(days=7), max_uses=None
    )


def signed_in(client: Client, user: User) -> Client:
    client.force_login(user)
    return client


HTMX = {"HX-Request": "true"}
