"""factory_boy factories for the models tests build (STYLE §4.7).

The standing cast in `tests/conftest.py` is made with them; a test that needs
a variation builds it here instead of through a helper of its own. Values that
an assertion depends on should still be written out in the test.
"""

from __future__ import annotations

import datetime as dt
from typing import cast

from django.contrib.auth.models import User
from factory.declarations import SelfAttribute, Sequence, SubFactory
from factory.django import DjangoModelFactory, Password
from factory.helpers import post_generation

from clubs.models import Club, Membership, Player, Role
from games.models import Seat, SessionStatus, TableSession

PASSWORD = "correct-horse-battery"


class UserFactory(DjangoModelFactory[User]):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = Sequence(lambda n: f"user{n}")
    password = Password(PASSWORD)


class ClubFactory(DjangoModelFactory[Club]):
    """A club; ``owner=user`` also makes that user its owner."""

    class Meta:
        model = Club
        skip_postgeneration_save = True

    name = Sequence(lambda n: f"Club {n}")
    slug = Sequence(lambda n: f"club-{n}")

    @post_generation
    def owner(obj, create, extracted, **kwargs):
        club = cast(Club, obj)
        if create and extracted is not None:
            Membership.objects.create(club=club, user=extracted, role=Role.OWNER)


class MembershipFactory(DjangoModelFactory[Membership]):
    class Meta:
        model = Membership

    club = SubFactory(ClubFactory)
    user = SubFactory(UserFactory)
    role = Role.MEMBER


class PlayerFactory(DjangoModelFactory[Player]):
    class Meta:
        model = Player

    club = SubFactory(ClubFactory)
    name = Sequence(lambda n: f"Player {n}")


class TableSessionFactory(DjangoModelFactory[TableSession]):
    """A draft Concordia game on Imperium (seat it with `SeatFactory`)."""

    class Meta:
        model = TableSession

    club = SubFactory(ClubFactory)
    map = "imperium"
    played_at = dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC)
    status = SessionStatus.DRAFT


class SeatFactory(DjangoModelFactory[Seat]):
    class Meta:
        model = Seat

    session = SubFactory(TableSessionFactory)
    player = SubFactory(PlayerFactory, club=SelfAttribute("..session.club"))
    seat_order = Sequence(lambda n: n % 5)
