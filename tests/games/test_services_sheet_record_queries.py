"""Recording a sheet writes each table in one statement, however many seats (issue #7)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Club
from games import services
from games.models import ConcordiaPosition, SeatResult, SessionStatus, TableSession
from tests.scoring.builders import board, ender, table

NAMES = ("Ana", "Bruno", "Caio", "Dora", "Edu")


def _game(club: Club, alice: User, seats: int) -> TableSession:
    return services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, seats, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=name) for name in NAMES[:seats]],
    )


def _record(session: TableSession, *, sestertii: int) -> int:
    """Record a sheet for the game's players; return the queries it took."""
    names = [seat.player.name for seat in session.seats.order_by("seat_order")]
    first, *others = names
    sheet = table(
        ender(first, sestertii=sestertii),
        *(board(name, sestertii=sestertii) for name in others),
    )
    with CaptureQueriesContext(connection) as captured:
        services.concordia_sheet_record(session=session, sheet=sheet)
    return len(captured.captured_queries)


@pytest.mark.django_db
def test_recording_costs_the_same_queries_for_2_and_5_seats(club, alice):
    two, five = _game(club, alice, 2), _game(club, alice, 5)

    assert _record(two, sestertii=10) == _record(five, sestertii=10)
    # Rescoring overwrites the stored rows instead of inserting them.
    assert _record(two, sestertii=30) == _record(five, sestertii=30)

    stored = ConcordiaPosition.objects.filter(session=five)
    assert sorted(stored.values_list("sestertii", flat=True)) == [30] * 5
    assert SeatResult.objects.filter(session=five).count() == 5


@pytest.mark.django_db
def test_recording_updates_the_callers_game_in_memory(draft_session, rulebook_sheet):
    services.concordia_sheet_record(session=draft_session, sheet=rulebook_sheet)

    assert draft_session.status == SessionStatus.FINISHED
    assert draft_session.version == 2
    stored = TableSession.objects.get(pk=draft_session.pk)
    assert (stored.status, stored.version, stored.updated_at) == (
        draft_session.status,
        draft_session.version,
        draft_session.updated_at,
    )
