"""Invariants live in the database, not only in forms: the structure there, the
rule numbers in the ruleset (issue #22)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from clubs.models import Player
from games import adapters
from games.models import ConcordiaPosition, Seat, TableSession
from scoring import validate_sheet
from scoring.types import MapName, PlayerBoard, ScoreSheet, SheetKind


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


def test_the_table_size_is_the_rulesets_not_the_databases(draft_session, club):
    # Issue #22: Venus' team play seats six, so the database keeps no limit;
    # the base game's ruleset refuses a sixth player (2 to 5).
    newcomer = Player.objects.create(club=club, name="Dora")
    Seat.objects.create(session=draft_session, player=newcomer, seat_order=5)
    players = tuple(PlayerBoard(name=name) for name in "ABCDEF")
    problems = validate_sheet(ScoreSheet(map=MapName("imperium"), players=players))
    assert (
        "players",
        "Concordia is played by 2 to 5 players; this sheet has 6",
    ) in [(problem.path, problem.message) for problem in problems]


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
    ("values", "path", "message"),
    [
        (
            {"colonists_on_board": 7},
            "players[0].colonists_on_board",
            "A player has 2 to 6 colonists on the board (two start there, and there "
            "are six in all); 7 given",
        ),
        (
            {"colonists_on_board": 1},
            "players[0].colonists_on_board",
            "A player has 2 to 6 colonists on the board (two start there, and there "
            "are six in all); 1 given",
        ),
        (
            {"houses": {"brick": 8, "food": 7, "tool": 1}, "provinces": 6},
            "players[0].houses",
            "A player has only 15 houses; 16 given",
        ),
        (
            {"storehouse": {"food": 9}, "colonists_on_board": 2},
            "players[0].storehouse",
            "The storehouse has 12 spaces, but 9 goods and the 4 colonists still in "
            "it need 13",
        ),
        (
            {
                "cards": {
                    "vesta": 1,
                    "jupiter": 1,
                    "saturnus": 2,
                    "mercurius": 1,
                    "mars": 1,
                }
            },
            "players[0].cards.jupiter",
            "Count the starting hand too: no one holds fewer than 2 of the Jupiter "
            "cards; 1 given",
        ),
        (
            {"provinces": 13},
            "players[0].provinces",
            "Imperium has only 12 provinces; 13 given",
        ),
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
def test_rule_numbers_are_the_rulesets_not_the_databases(
    draft_session, values, path, message
):
    # Issue #22: the database keeps the structure (one holder per card, seat,
    # colour); every rule number is the ruleset's, map by map, so the row is
    # stored and the rules refuse it where a sheet is checked.
    seat = draft_session.seats.get(seat_order=0)
    cards = {"vesta": 1, "jupiter": 2, "saturnus": 2, "mercurius": 1, "mars": 1}
    position = _position(draft_session, seat, **{"cards": cards, **values})
    position.refresh_from_db()
    board = adapters.board_from_position(name="Ana", position=position)
    problems = validate_sheet(
        ScoreSheet(
            map=MapName("imperium"),
            players=(board, PlayerBoard(name="Bia")),
            kind=SheetKind.INTERMEDIATE,
        )
    )
    assert (path, message) in [(problem.path, problem.message) for problem in problems]


def test_a_concordia_game_has_a_map(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        TableSession.objects.create(club=club, game="concordia", map="")


def test_idempotency_keys_are_unique_per_club(club):
    TableSession.objects.create(club=club, map="imperium", idempotency_key="k1")
    TableSession.objects.create(club=club, map="imperium")
    TableSession.objects.create(club=club, map="imperium")
    with pytest.raises(IntegrityError), transaction.atomic():
        TableSession.objects.create(club=club, map="imperium", idempotency_key="k1")
