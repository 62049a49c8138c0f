"""The one-query read of a game and its seats (`selectors.session_seats_get_visible`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User

from games import selectors, services
from games.models import Seat, TableSession


def _read(
    user: User,
    session: TableSession,
    *,
    related: Sequence[str] = (),
    present: Sequence[str] = (),
) -> tuple[TableSession, list[Seat]]:
    found = selectors.session_seats_get_visible(
        user=user,
        club_slug="lisboa",
        session_id=session.pk,
        related=related,
        present=present,
    )
    assert found is not None
    return found


def test_seats_come_in_seating_order_with_what_was_asked(
    alice, finished_session, django_assert_num_queries
):
    with django_assert_num_queries(1):
        session, seats = _read(
            alice, finished_session, related=["concordia_position", "result"]
        )
        assert [seat.player.name for seat in seats] == ["Ana", "Bruno", "Caio"]
        assert [seat.seat_order for seat in seats] == [0, 1, 2]
        assert seats[0].concordia_position.sestertii == 13
        assert seats[0].result.total == 114
        assert all(seat.session is session for seat in seats)
        assert session.club.slug == "lisboa"


def test_present_relations_say_whether_a_seat_has_one_without_reading_it(
    alice, club, finished_session, django_assert_num_queries
):
    draft_session = services.session_create(
        club=club,
        created_by=alice,
        map_name="italia",
        played_at=finished_session.played_at,
        seats=[services.SeatInput(new_name=name) for name in ("Ana", "Dora")],
    )
    with django_assert_num_queries(2):
        _, finished = _read(alice, finished_session, present=["concordia_position"])
        _, draft = _read(alice, draft_session, present=["concordia_position"])
        assert all(seat.concordia_position.pk for seat in finished)
        assert not any(hasattr(seat, "concordia_position") for seat in draft)
    position = finished[0].concordia_position
    assert {"sestertii", "praefectus_magnus"} <= position.get_deferred_fields()


def test_an_outsider_reads_nothing(charlie, finished_session):
    found = selectors.session_seats_get_visible(
        user=charlie,
        club_slug="lisboa",
        session_id=finished_session.pk,
        related=["concordia_position"],
    )
    assert found is None
