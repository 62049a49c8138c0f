"""Invariants live in the database, not only in forms."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from clubs.models import Player
from games.models import ConcordiaPosition, Seat, TableSession


def _position(session: TableSession, seat: Seat, **values: object) -> ConcordiaPosition:
    return ConcordiaPosition.objects.create(session=session, seat=seat, **values)


def test_a_player_has_one_seat_per_game(draft_session):
    seat = draft_session.seats.get(seat_order=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(session=draft_session, player=seat.player, seat_order=4)


def test_seat_orders_are_unique_per_game(draft_session, club):
    newcomer = Player.objects.create(club=club, name="Dora")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(session=draft_session, player=newcomer, seat_order=0)


def test_a_game_seats_at_most_five(draft_session, club):
    newcomer = Player.objects.create(club=club, name="Dora")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(session=draft_session, player=newcomer, seat_order=5)


def test_player_names_are_unique_in_a_club_whatever_the_case(club):
    Player.objects.create(club=club, name="Ana")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, name="ANA")


def test_two_clubs_may_each_have_an_ana(club, other_club):
    Player.objects.create(club=club, name="Ana")
    Player.objects.create(club=other_club, name="Ana")


@pytest.mark.parametrize(
    "flag",
    ["concordia_card", "praefectus_magnus", "has_mason", "has_farmer", "has_weaver"],
)
def test_one_holder_per_game(draft_session, flag):
    first, second = draft_session.seats.order_by("seat_order")[:2]
    _position(draft_session, first, **{flag: True})
    with pytest.raises(IntegrityError), transaction.atomic():
        _position(draft_session, second, **{flag: True})


@pytest.mark.parametrize(
    "values",
    [
        {"colonists_on_board": 7},
        {"colonists_on_board": 1},
        {"houses_brick": 8, "houses_food": 8},
        {"storehouse_food": 9, "colonists_on_board": 2},
        {"cards_jupiter": 1},
        {"provinces": 13},
    ],
    ids=[
        "7-colonists",
        "1-colonist",
        "16-houses",
        "13-storehouse-spaces",
        "1-jupiter",
        "13-provinces",
    ],
)
def test_impossible_positions_are_refused_by_the_database(draft_session, values):
    seat = draft_session.seats.get(seat_order=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        _position(draft_session, seat, **values)


def test_a_concordia_game_has_a_map(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        TableSession.objects.create(club=club, game="concordia", map="")


def test_idempotency_keys_are_unique_per_club(club):
    TableSession.objects.create(club=club, map="imperium", idempotency_key="k1")
    TableSession.objects.create(club=club, map="imperium")
    TableSession.objects.create(club=club, map="imperium")
    with pytest.raises(IntegrityError), transaction.atomic():
        TableSession.objects.create(club=club, map="imperium", idempotency_key="k1")
