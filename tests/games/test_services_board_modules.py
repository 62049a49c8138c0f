"""Board entry services for games with modules: salt, the forum, Venus in teams."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from django.contrib.auth.models import User

from clubs.models import Club
from games import services
from games.concordia import services as board_services
from games.models import (
    ConcordiaPosition,
    SeatHouse,
    SessionCity,
    SessionStatus,
    TableSession,
)
from scoring.ruleset import ruleset
from scoring.types import Good
from tests.games.board_helpers import (
    module_session_create,
    stored_game,
    tap_module_board,
    typed_extras,
)
from tests.module_boards import (
    BYZANTIUM_SALT_GOODS,
    SALSA_BREAKDOWNS,
    SALSA_CONCORDIA,
    SALSA_HAND_SHEET,
    SALSA_PRAEFECTUS,
    SALSA_SEATS,
    SALSA_TOTALS,
    VENUS_CONCORDIA,
    VENUS_HAND_SHEET,
    VENUS_POINTS,
    VENUS_PRAEFECTUS,
    VENUS_SEATS,
    VENUS_TEAMS,
    VENUS_TOTALS,
)
from tests.rulebook_board import IMPERIUM_GOODS

SALT = Good("salt")


def _salsa(club: Club, alice: User) -> TableSession:
    return module_session_create(
        club=club,
        alice=alice,
        map_name="byzantium",
        expansions=["salt", "forum"],
        seats=SALSA_SEATS,
    )


def _venus(club: Club, alice: User) -> TableSession:
    return module_session_create(
        club=club,
        alice=alice,
        map_name="imperium",
        expansions=["venus"],
        seats=VENUS_SEATS,
    )


def test_a_salt_game_is_dealt_one_salt_token_per_letter(club, alice):
    session = _salsa(club, alice)
    dealt = board_services.session_city_goods_draw(
        session=session, rng=random.Random(7)
    )
    rules = ruleset("byzantium", ("salt",))
    for letter, pool in rules.token_pools.items():
        cities = [city.name for city in rules.map.cities if city.letter is letter]
        assert Counter(dealt[city] for city in cities) == Counter(pool.nonzero())
        assert sum(dealt[city] is SALT for city in cities) == 1
    assert SessionCity.objects.filter(session=session, good="salt").count() == 3


def test_a_salt_token_is_refused_in_a_game_without_salt(club, alice):
    session = module_session_create(
        club=club, alice=alice, map_name="byzantium", expansions=[], seats=SALSA_SEATS
    )
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.session_city_goods_set(
            session=session, goods=BYZANTIUM_SALT_GOODS
        )
    assert "letters.A.salt" in {problem.path for problem in rejected.value.problems}
    assert not SessionCity.objects.filter(session=session).exists()


def test_the_salsa_board_is_stored_exactly_like_its_hand_count(club, alice):
    board = _salsa(club, alice)
    tap_module_board(board, BYZANTIUM_SALT_GOODS, SALSA_SEATS)
    assert SeatHouse.objects.filter(session=board).count() == 15 + 5 + 3
    result = board_services.board_sheet_record(
        session=board,
        extras=typed_extras(SALSA_SEATS),
        praefectus_magnus=SALSA_PRAEFECTUS,
        concordia_card=SALSA_CONCORDIA,
        expected_version=board.version,
    )
    assert {p.name: p.total for p in result.players} == SALSA_TOTALS
    for score in result.players:
        assert {
            line.category.value: line.points for line in score.lines
        } == SALSA_BREAKDOWNS[score.name]
    board.refresh_from_db()
    assert board.status == SessionStatus.FINISHED
    assert board.expansions == ["salt", "forum"]
    ana = ConcordiaPosition.objects.get(session=board, seat__seat_order=0)
    assert ana.houses["salt"] == 2
    assert ana.storehouse["salt"] == 1
    assert ana.rows == {"forum_points": 3}

    # The same table counted by hand in another game.
    hand = _salsa(club, alice)
    services.concordia_sheet_record(session=hand, sheet=SALSA_HAND_SHEET)
    assert stored_game(board) == stored_game(hand)


def test_the_venus_team_board_is_stored_exactly_like_its_hand_count(club, alice):
    board = _venus(club, alice)
    tap_module_board(board, IMPERIUM_GOODS, VENUS_SEATS)
    result = board_services.board_sheet_record(
        session=board,
        extras=typed_extras(VENUS_SEATS),
        praefectus_magnus=VENUS_PRAEFECTUS,
        concordia_card=VENUS_CONCORDIA,
    )
    assert {p.name: p.total for p in result.players} == VENUS_TOTALS
    assert {
        p.name: next(line.points for line in p.lines if line.category == "venus")
        for p in result.players
    } == VENUS_POINTS
    assert {team.team: team.total for team in result.teams} == VENUS_TEAMS
    assert result.winner_team == "A"
    positions = ConcordiaPosition.objects.filter(session=board).order_by(
        "seat__seat_order"
    )
    assert [p.module_counts for p in positions] == [
        {"venus_team_provinces": 2},
        {"venus_team_provinces": 1},
        {"venus_team_provinces": 2},
        {"venus_team_provinces": 1},
    ]
    assert [p.cards["venus"] for p in positions] == [3, 2, 1, 1]

    hand = _venus(club, alice)
    services.concordia_sheet_record(session=hand, sheet=VENUS_HAND_SHEET)
    assert stored_game(board) == stored_game(hand)


def test_a_venus_card_is_refused_in_a_game_without_venus(club, alice):
    session = module_session_create(
        club=club, alice=alice, map_name="imperium", expansions=[], seats=VENUS_SEATS
    )
    seat = session.seats.get(seat_order=0)
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.seat_card_set(seat=seat, card=31, owned=True)
    assert [problem.path for problem in rejected.value.problems] == [
        "players[0].cards[31]"
    ]
    # And the card Venus replaces is refused with Venus.
    venus = _venus(club, alice)
    with pytest.raises(board_services.BoardRejected):
        board_services.seat_card_set(
            seat=venus.seats.get(seat_order=0), card=2, owned=True
        )
