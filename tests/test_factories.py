"""The factories build consistent rows: a seat's player is of its game's club."""

from __future__ import annotations

import pytest

from clubs.models import Membership, Role
from tests.factories import (
    PASSWORD,
    ClubFactory,
    SeatFactory,
    TableSessionFactory,
    UserFactory,
)


@pytest.mark.django_db
def test_a_club_built_with_an_owner_has_that_owner():
    user = UserFactory.create(username="ines")
    club = ClubFactory.create(owner=user)

    membership = Membership.objects.get(club=club)
    assert (membership.user, membership.role) == (user, Role.OWNER)
    assert user.check_password(PASSWORD)


@pytest.mark.django_db
def test_seats_of_one_game_seat_players_of_its_club():
    session = TableSessionFactory.create()
    seats = [SeatFactory.create(session=session, seat_order=i) for i in range(3)]

    assert {seat.player.club_id for seat in seats} == {session.club_id}
    assert [seat.seat_order for seat in session.seats.all()] == [0, 1, 2]
