"""Board entry with the expansion modules: salt cities, the forum's row, Venus' provinces."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.board import (
    CARD_NOT_IN_PLAY,
    CARD_UNKNOWN,
    SeatBoard,
    TableBoard,
    board_sheet,
    card_problem,
    score_board,
    seat_counts,
    validate_board,
    validate_city_goods,
)
from scoring.engine import score_sheet
from scoring.maps import MAPS
from scoring.ruleset import ruleset
from scoring.types import Category, Good, MapName
from tests.module_boards import (
    BYZANTIUM_SALT_GOODS,
    SALSA_BREAKDOWNS,
    SALSA_CONCORDIA,
    SALSA_HAND_SHEET,
    SALSA_PRAEFECTUS,
    SALSA_SEATS,
    VENUS_CONCORDIA,
    VENUS_HAND_SHEET,
    VENUS_PRAEFECTUS,
    VENUS_SEATS,
    TappedSeat,
)
from tests.rulebook_board import IMPERIUM_GOODS

BYZANTIUM = MAPS[MapName("byzantium")]


def _table(
    map_name: str,
    expansions: tuple[str, ...],
    goods: dict[str, Good],
    seats: Sequence[TappedSeat],
    praefectus: int,
    concordia: int,
) -> TableBoard:
    return TableBoard(
        map=MapName(map_name),
        city_goods=goods,
        expansions=expansions,
        praefectus_magnus=seats[praefectus].name,
        players=tuple(
            SeatBoard(
                name=seat.name,
                houses=seat.houses,
                cards=seat.cards,
                sestertii=seat.sestertii,
                storehouse=seat.storehouse,
                colonists_on_board=seat.colonists_on_board,
                concordia_card=order == concordia,
                team=seat.team or None,
                forum_points=seat.forum_points,
            )
            for order, seat in enumerate(seats)
        ),
    )


def _salsa() -> TableBoard:
    return _table(
        "byzantium",
        ("salt", "forum"),
        BYZANTIUM_SALT_GOODS,
        SALSA_SEATS,
        SALSA_PRAEFECTUS,
        SALSA_CONCORDIA,
    )


def _venus_teams() -> TableBoard:
    return _table(
        "imperium",
        ("venus",),
        IMPERIUM_GOODS,
        VENUS_SEATS,
        VENUS_PRAEFECTUS,
        VENUS_CONCORDIA,
    )


# --- salt and the forum -----------------------------------------------------------


def test_a_salt_deal_on_byzantium_shows_each_letters_salt_token():
    pools = ruleset("byzantium", ("salt",)).token_pools
    assert validate_city_goods(BYZANTIUM, BYZANTIUM_SALT_GOODS, pools) == ()
    # Without the module the map's own mix has no salt token.
    problems = validate_city_goods(BYZANTIUM, BYZANTIUM_SALT_GOODS)
    assert {problem.path for problem in problems} == {
        "letters.A.salt",
        "letters.B.salt",
        "letters.C.salt",
    }


def test_the_salsa_board_counts_to_its_hand_counted_sheet():
    table = _salsa()
    assert validate_board(table) == ()
    assert board_sheet(table) == SALSA_HAND_SHEET
    counts = seat_counts(table)
    # Houses in salt cities count as salt houses; a province counts once.
    assert counts[0].houses[Good("salt")] == 2
    assert counts[0].house_count == 15
    assert counts[0].provinces == 8
    assert counts[1].houses[Good("salt")] == 1


def test_the_salsa_board_scores_every_god_as_the_hand_count_does():
    result = score_board(_salsa())
    assert result == score_sheet(SALSA_HAND_SHEET)
    for score in result.players:
        assert {
            line.category.value: line.points for line in score.lines
        } == SALSA_BREAKDOWNS[score.name]


def test_without_the_forum_its_points_are_not_on_the_sheet():
    table = _table(
        "byzantium",
        ("salt",),
        BYZANTIUM_SALT_GOODS,
        SALSA_SEATS,
        SALSA_PRAEFECTUS,
        SALSA_CONCORDIA,
    )
    sheet = board_sheet(table)
    assert [board.forum_points for board in sheet.players] == [0, 0, 0]
    assert Category("forum") not in [
        line.category for line in score_board(table).players[0].lines
    ]


# --- Venus ----------------------------------------------------------------------


def test_the_venus_team_board_counts_the_provinces_each_team_shares():
    table = _venus_teams()
    assert validate_board(table) == ()
    counts = seat_counts(table)
    # Team A (Ana, Caio) shares Gallia and Aegyptus; team B (Bruno, Dora) Asia.
    assert [count.venus_team_provinces for count in counts] == [2, 1, 2, 1]
    assert [count.venus_provinces for count in counts] == [0, 0, 0, 0]
    # The Magister and the double-role cards are Venus cards.
    assert [count.cards[Category("venus").value] for count in counts] == [3, 2, 1, 1]
    assert board_sheet(table) == VENUS_HAND_SHEET


def test_the_venus_team_board_scores_as_the_hand_count_does():
    result = score_board(_venus_teams())
    assert result == score_sheet(VENUS_HAND_SHEET)
    assert [score.points(Category("venus")) for score in result.players] == [
        6,
        2,
        2,
        1,
    ]
    assert [(team.team, team.total, team.rank) for team in result.teams] == [
        ("A", 70, 1),
        ("B", 53, 2),
    ]
    assert result.winner_team == "A"


def test_alone_venus_counts_the_provinces_holding_two_of_the_players_houses():
    # Ana: Britannia twice, Gallia twice, Dacia once; Bruno one house a province.
    seats = (
        TappedSeat(
            name="Ana",
            houses=frozenset(
                {"Londinium", "Isca Dumnoniorum", "Lutetia", "Massilia", "Napoca"}
            ),
            cards=frozenset({31}),
            sestertii=0,
            storehouse=VENUS_SEATS[0].storehouse,
            colonists_on_board=2,
        ),
        TappedSeat(
            name="Bruno",
            houses=frozenset({"Carthago", "Byzantium"}),
            cards=frozenset(),
            sestertii=0,
            storehouse=VENUS_SEATS[1].storehouse,
            colonists_on_board=2,
        ),
    )
    table = _table("imperium", ("venus",), IMPERIUM_GOODS, seats, 1, 0)
    counts = seat_counts(table)
    assert [count.venus_provinces for count in counts] == [2, 0]
    assert [board.venus_provinces for board in board_sheet(table).players] == [2, 0]
    # 2 Venus cards (the Magister, the Prefect/Architect) x 2 points x 2 provinces.
    assert score_board(table).players[0].points(Category("venus")) == 8


def test_without_venus_no_province_of_two_houses_is_counted():
    seats = (VENUS_SEATS[0], VENUS_SEATS[1])
    table = _table(
        "imperium",
        (),
        IMPERIUM_GOODS,
        [
            TappedSeat(
                name=seat.name,
                houses=seat.houses,
                cards=frozenset(),
                sestertii=0,
                storehouse=seat.storehouse,
                colonists_on_board=2,
            )
            for seat in seats
        ],
        1,
        0,
    )
    assert [count.venus_provinces for count in seat_counts(table)] == [0, 0]
    assert Category("venus").value not in seat_counts(table)[0].cards.nonzero()


def test_a_venus_card_is_for_sale_only_with_venus():
    venus = ruleset("imperium", ("venus",))
    assert card_problem(31, player_count=4, holder=None, path="c", rules=venus) is None
    # The base game has no card 31; Venus' Prefect/Architect replaces the
    # Prefect of deck I (card 2).
    unknown = card_problem(31, player_count=4, holder=None, path="c")
    replaced = card_problem(2, player_count=4, holder=None, path="c", rules=venus)
    # Deck IV stays in the box with three players, Venus' card of it too.
    late = card_problem(34, player_count=3, holder=None, path="c", rules=venus)
    assert [
        problem.template if problem else None for problem in (unknown, replaced, late)
    ] == [CARD_UNKNOWN, CARD_UNKNOWN, CARD_NOT_IN_PLAY]
