from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
import time_machine
from django.core.exceptions import ValidationError

from clubs.models import Player
from games import services
from games.models import (
    ConcordiaPosition,
    Game,
    SeatResult,
    SessionStatus,
    TableSession,
)
from games.tasks import session_purge_deleted_task
from tests.sheets import swapped_hands


def test_session_create_seats_players_in_order_and_creates_guests(club, alice):
    existing = Player.objects.create(club=club, name="Bruno")
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="italia",
        played_at=dt.datetime(2026, 11, 1, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(new_name="Ana", colour="red"),
            services.SeatInput(player=existing),
        ],
    )
    assert [(s.seat_order, s.player.name, s.colour) for s in session.seats.all()] == [
        (0, "Ana", "red"),
        (1, "Bruno", ""),
    ]
    assert session.status == SessionStatus.DRAFT
    assert Player.objects.filter(club=club).count() == 2


def test_session_create_with_the_same_idempotency_key_creates_one_game(club, alice):
    kwargs = {
        "club": club,
        "created_by": alice,
        "map_name": "imperium",
        "played_at": dt.datetime(2026, 11, 1, tzinfo=dt.UTC),
        "seats": [
            services.SeatInput(new_name="Ana"),
            services.SeatInput(new_name="Bia"),
        ],
        "idempotency_key": "phone-1-submission-7",
    }
    first = services.session_create(**kwargs)
    second = services.session_create(**kwargs)
    assert first.pk == second.pk
    assert TableSession.objects.count() == 1
    # Sent again after the game was deleted: a new game, not the deleted one.
    services.session_delete(session=first)
    third = services.session_create(**kwargs)
    assert third.pk != first.pk
    assert list(TableSession.objects.all()) == [third]
    assert TableSession.all_objects.get(pk=first.pk).idempotency_key == ""


def test_session_create_refuses_a_player_of_another_club(club, other_club, alice):
    stranger = Player.objects.create(club=other_club, name="Zeca")
    with pytest.raises(ValidationError):
        services.session_create(
            club=club,
            created_by=alice,
            map_name="imperium",
            played_at=dt.datetime(2026, 11, 1, tzinfo=dt.UTC),
            seats=[
                services.SeatInput(player=stranger),
                services.SeatInput(new_name="Ana"),
            ],
        )
    assert not TableSession.objects.exists()


def test_recording_scores_and_stores_every_seat(draft_session, rulebook_sheet):
    result = services.concordia_sheet_record(
        session=draft_session, sheet=rulebook_sheet
    )
    assert [p.total for p in result.players] == [114, 95, 76]
    stored = SeatResult.objects.get(session=draft_session, seat__player__name="Bruno")
    assert stored.breakdown == {
        "vesta": 3,
        "jupiter": 28,
        "saturnus": 18,
        "mercurius": 20,
        "mars": 8,
        "minerva": 18,
        "concordia": 0,
    }
    assert (stored.total, stored.rank, stored.won) == (95, 2, False)
    draft_session.refresh_from_db()
    assert draft_session.version == 2


def test_recording_an_invalid_sheet_writes_nothing(draft_session, rulebook_sheet):
    ana = dataclasses.replace(rulebook_sheet.players[0], colonists_on_board=7)
    bad = dataclasses.replace(
        rulebook_sheet, players=(ana, *rulebook_sheet.players[1:])
    )
    with pytest.raises(services.SheetRejected) as raised:
        services.concordia_sheet_record(session=draft_session, sheet=bad)
    assert [p.path for p in raised.value.problems] == ["players[0].colonists_on_board"]
    assert not ConcordiaPosition.objects.exists()
    assert not SeatResult.objects.exists()


def test_recording_a_stale_version_is_a_conflict(finished_session, rulebook_sheet):
    with pytest.raises(services.VersionConflict) as raised:
        services.concordia_sheet_record(
            session=finished_session, sheet=rulebook_sheet, expected_version=1
        )
    assert raised.value.current_version == 2


def test_specialists_and_the_concordia_card_can_change_hands_on_edit(
    finished_session, rulebook_sheet
):
    services.concordia_sheet_record(
        session=finished_session, sheet=swapped_hands(rulebook_sheet)
    )
    caio_position = ConcordiaPosition.objects.get(seat__player__name="Caio")
    assert caio_position.has_farmer
    assert caio_position.concordia_card
    assert ConcordiaPosition.objects.get(seat__player__name="Ana").praefectus_magnus


def test_the_sheet_must_name_the_seated_players(draft_session, rulebook_sheet):
    renamed = dataclasses.replace(
        rulebook_sheet,
        players=(
            dataclasses.replace(rulebook_sheet.players[0], name="Zeca"),
            *rulebook_sheet.players[1:],
        ),
    )
    with pytest.raises(ValidationError):
        services.concordia_sheet_record(session=draft_session, sheet=renamed)


def test_deleting_a_game_hides_it_and_purging_removes_its_seats_and_results(
    finished_session,
):
    with time_machine.travel(dt.datetime(2026, 11, 2, 12, tzinfo=dt.UTC)):
        services.session_delete(session=finished_session)
    assert not TableSession.objects.exists()
    assert not finished_session.club.sessions.exists()
    # Kept, restorable, until the purge 24 hours later.
    assert SeatResult.objects.count() == 3
    with time_machine.travel(dt.datetime(2026, 11, 3, 11, 59, tzinfo=dt.UTC)):
        assert services.session_purge_deleted() == 0
    with time_machine.travel(dt.datetime(2026, 11, 3, 12, 0, tzinfo=dt.UTC)):
        assert services.session_purge_deleted() == 1
    assert not TableSession.all_objects.exists()
    assert not SeatResult.objects.exists()
    assert Player.objects.count() == 3


def test_a_deleted_game_is_restored_within_a_day_and_not_after(finished_session):
    with time_machine.travel(dt.datetime(2026, 11, 2, 12, tzinfo=dt.UTC)):
        services.session_delete(session=finished_session)
    with time_machine.travel(dt.datetime(2026, 11, 3, 11, 59, tzinfo=dt.UTC)):
        services.session_restore(session=finished_session)
    assert list(TableSession.objects.all()) == [finished_session]
    with time_machine.travel(dt.datetime(2026, 11, 4, 12, tzinfo=dt.UTC)):
        services.session_delete(session=finished_session)
    with (
        time_machine.travel(dt.datetime(2026, 11, 5, 12, 0, tzinfo=dt.UTC)),
        pytest.raises(ValidationError, match="too long ago"),
    ):
        services.session_restore(session=finished_session)
    assert not TableSession.objects.exists()


def test_restoring_a_game_that_is_not_deleted_is_refused(finished_session):
    with pytest.raises(ValidationError, match="not deleted"):
        services.session_restore(session=finished_session)


def test_a_concordia_sheet_cannot_be_recorded_on_a_magnanimous_game(
    club, alice, rulebook_sheet
):
    session = services.session_create(
        club=club,
        created_by=alice,
        game=Game.MAGNANIMOUS,
        map_name="",
        played_at=dt.datetime(2026, 11, 1, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=b.name) for b in rulebook_sheet.players],
    )
    with pytest.raises(ValidationError, match="not a game of Concordia"):
        services.concordia_sheet_record(session=session, sheet=rulebook_sheet)
    assert not SeatResult.objects.exists()


def test_the_purge_task_removes_games_deleted_over_a_day_ago(finished_session):
    with time_machine.travel(dt.datetime(2026, 11, 2, 12, tzinfo=dt.UTC)):
        services.session_delete(session=finished_session)
    with time_machine.travel(dt.datetime(2026, 11, 3, 13, tzinfo=dt.UTC)):
        assert session_purge_deleted_task() == 1
    assert not TableSession.all_objects.exists()
