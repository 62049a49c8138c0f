"""Issue #7 for the admin site: a change list costs the same for 1 row as for 20.

Django's admin follows only the non-null foreign keys of ``list_display`` by
itself, and ``__str__`` of a seat or a game reaches its player or club: without
``list_select_related`` a change list runs a query per row.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from clubs import services as clubs_services
from clubs.models import Club, Player, Role
from tests.reliability.test_query_counts import _assert_same, _count, concordia_game

CHANGE_LISTS = [
    "clubs_club",
    "clubs_membership",
    "clubs_player",
    "games_tablesession",
    "games_seat",
    "games_concordiaposition",
    "games_seatresult",
    "clubs_invite",
]


def _grow(club: Club, alice: User, *, games: int, first_day: int) -> None:
    """``games`` more finished games, each with a member and an invite of its own."""
    for index in range(first_day, first_day + games):
        user = User.objects.create_user(f"admin-count-{index}")
        clubs_services.membership_add(club=club, user=user, role=Role.MEMBER)
        Player.objects.filter(club=club, name="Ana").update(user=alice)
        concordia_game(club, alice, 2, day=index)
        clubs_services.invite_create(
            club=club, created_by=alice, expires_in=dt.timedelta(days=7), max_uses=None
        )
        Club.objects.create(name=f"Club {index}", slug=f"club-{index}")


@pytest.mark.django_db
@pytest.mark.parametrize("change_list", CHANGE_LISTS)
def test_an_admin_change_list_costs_the_same_for_1_and_20_rows(
    change_list, club, alice
):
    root = User.objects.create_superuser("root", "root@example.org", "unused")
    client = Client()
    client.force_login(root)
    url = reverse(f"admin:{change_list}_changelist")

    _grow(club, alice, games=1, first_day=0)
    one = _count(client, url)
    _grow(club, alice, games=19, first_day=1)
    _assert_same(one, _count(client, url), change_list)
