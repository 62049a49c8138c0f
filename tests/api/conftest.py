"""The API cast: alice (owner), dora (admin) and bob (member) of Lisboa; charlie
(owner of Porto) is the outsider; anonymous callers have no credentials."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from clubs import services as clubs_services
from clubs.models import Club, Role

ROLES = ["anonymous", "outsider", "member", "admin", "owner"]


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def dora(club: Club) -> User:
    user = User.objects.create_user("dora", password="x")
    clubs_services.membership_add(club=club, user=user, role=Role.ADMIN)
    return user


@pytest.fixture
def as_role(api_client, club, other_club, alice, bob, charlie, dora):
    """Return a client signed in (by token) as the person playing ``role``."""
    from rest_framework.authtoken.models import Token

    people = {"outsider": charlie, "member": bob, "admin": dora, "owner": alice}

    def client_for(role):
        if role == "anonymous":
            api_client.credentials()
        else:
            token, _created = Token.objects.get_or_create(user=people[role])
            api_client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return api_client

    return client_for
