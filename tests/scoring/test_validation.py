"""One test per rule of the score-sheet format, with its exact path and message."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.sheet_io import parse_concordia
from scoring.types import (
    CardCounts,
    GoodCounts,
    MapName,
    ScoreSheet,
    SheetKind,
    Specialist,
)
from scoring.validation import validate_sheet
from tests.scoring.builders import board, board_with, ender, example, table


def problems_of(sheet: ScoreSheet) -> list[tuple[str, str]]:
    return [(problem.path, problem.message) for problem in validate_sheet(sheet)]


@pytest.mark.parametrize(
    "name", ["concordia-rulebook", "concordia-tie", "concordia-intermediate"]
)
def test_the_examples_are_valid(name):
    assert validate_sheet(parse_concordia(example(name))) == ()


@pytest.mark.parametrize("count", [1, 6])
def test_two_to_five_players(count):
    boards = tuple(board(f"P{seat}") for seat in range(count))
    assert problems_of(table(*boards)) == [
        ("players", f"Concordia is played by 2 to 5 players; this sheet has {count}")
    ]


def test_every_player_needs_a_name():
    assert problems_of(table(ender("Ana"), board(" "), praefectus_magnus="Ana")) == [
        ("players[1].name", "Every player needs a name")
    ]


def test_names_are_unique():
    assert problems_of(table(board("Ana"), ender("Bia"), board("Ana"))) == [
        (
            "players[2].name",
            "Two players are called “Ana”; give each player a different name",
        )
    ]


def test_sestertii_cannot_be_negative():
    assert problems_of(table(ender("Ana"), board("Bia", sestertii=-1))) == [
        ("players[1].sestertii", "Sestertii cannot be negative; -1 given")
    ]


def test_sestertii_are_bounded_by_what_a_game_can_hold():
    assert problems_of(table(ender("Ana"), board("Bia", sestertii=10_000))) == []
    assert problems_of(table(ender("Ana"), board("Bia", sestertii=10**30))) == [
        (
            "players[1].sestertii",
            "A player holds at most 10000 sestertii; "
            "1000000000000000000000000000000 given",
        )
    ]


def test_storehouse_goods_cannot_be_negative():
    sheet = table(board("Ana", storehouse=GoodCounts(wine=-2)), ender("Bia"))
    assert problems_of(sheet) == [
        (
            "players[0].storehouse.wine",
            "A storehouse cannot hold a negative number of goods; -2 given",
        )
    ]


def test_goods_and_stored_colonists_fit_in_12_spaces():
    fits = ender("Ana", colonists_on_board=3, storehouse=GoodCounts(food=9))
    overflows = board(
        "Bia", colonists_on_board=3, storehouse=GoodCounts(food=5, tool=5)
    )
    assert problems_of(table(fits, overflows)) == [
        (
            "players[1].storehouse",
            "The storehouse has 12 spaces, but 10 goods and the 3 colonists still in it need 13",
        )
    ]


@pytest.mark.parametrize("colonists", [1, 7])
def test_two_to_six_colonists_on_the_board(colonists):
    sheet = table(board("Ana", colonists_on_board=colonists), ender("Bia"))
    assert problems_of(sheet) == [
        (
            "players[0].colonists_on_board",
            f"A player has 2 to 6 colonists on the board (two start there, and there are six in all); {colonists} given",
        )
    ]


def test_houses_cannot_be_negative():
    sheet = table(
        board("Ana", houses=GoodCounts(food=1, tool=-1), provinces=1), ender("Bia")
    )
    assert problems_of(sheet) == [
        ("players[0].houses.tool", "The number of houses cannot be negative; -1 given")
    ]


@pytest.mark.parametrize(
    ("map_name", "houses", "message"),
    [
        (
            MapName("imperium"),
            GoodCounts(cloth=5),
            "Imperium has only 4 cloth cities; 5 given",
        ),
        (
            MapName("italia"),
            GoodCounts(cloth=4),
            "Italia has only 3 cloth cities; 4 given",
        ),
        (
            MapName("italia"),
            GoodCounts(brick=8),
            "Italia has only 7 brick cities; 8 given",
        ),
    ],
)
def test_houses_of_a_good_are_at_most_the_maps_cities_of_it(map_name, houses, message):
    good = next(good for good, count in houses.items() if count)
    sheet = table(board("Ana", houses=houses, provinces=3), ender("Bia"), map=map_name)
    assert problems_of(sheet) == [(f"players[0].houses.{good.value}", message)]


def test_a_player_has_15_houses():
    houses = GoodCounts(brick=8, food=7, tool=1)
    sheet = table(board("Ana", houses=houses, provinces=12), ender("Bia"))
    assert problems_of(sheet) == [
        ("players[0].houses", "A player has only 15 houses; 16 given")
    ]


@pytest.mark.parametrize(
    ("houses", "provinces", "message"),
    [
        (
            GoodCounts(food=2),
            -1,
            "The number of provinces cannot be negative; -1 given",
        ),
        (GoodCounts(brick=7, food=6), 12, None),
        (GoodCounts(brick=7, food=6), 13, "Imperium has only 12 provinces; 13 given"),
        (
            GoodCounts(food=2),
            0,
            "Every house stands in a province, so a player with houses has at least 1; 0 given",
        ),
        (
            GoodCounts(food=2),
            3,
            "Each province counted needs one of the player's houses, and there are only 2; 3 given",
        ),
        (
            GoodCounts(),
            1,
            "Each province counted needs one of the player's houses, and there are only 0; 1 given",
        ),
        (GoodCounts(), 0, None),
    ],
)
def test_provinces_hold_the_players_houses(houses, provinces, message):
    sheet = table(board("Ana", houses=houses, provinces=provinces), ender("Bia"))
    expected = [("players[0].provinces", message)] if message else []
    assert problems_of(sheet) == expected


@pytest.mark.parametrize(
    ("map_name", "houses", "provinces", "fewest"),
    [
        # 15 houses cannot stand in 1 province: Imperium's biggest have 3 cities.
        (
            MapName("imperium"),
            GoodCounts(brick=3, food=3, tool=3, wine=3, cloth=3),
            1,
            5,
        ),
        (
            MapName("imperium"),
            GoodCounts(brick=3, food=3, tool=3, wine=3, cloth=3),
            4,
            5,
        ),
        # Italia has only three provinces of 3 cities: 9 + 2 + 2 + 2 = 15 in 6.
        (MapName("italia"), GoodCounts(brick=3, food=3, tool=3, wine=3, cloth=3), 5, 6),
        (MapName("italia"), GoodCounts(brick=5, food=5), 3, 4),
        (MapName("imperium"), GoodCounts(food=4), 1, 2),
        (MapName("imperium"), GoodCounts(food=7), 2, 3),
    ],
)
def test_provinces_are_at_least_the_fewest_that_hold_the_houses(
    map_name, houses, provinces, fewest
):
    sheet = table(
        board("Ana", houses=houses, provinces=provinces),
        ender("Bia"),
        map=map_name,
    )
    title = map_name.value.capitalize()
    assert problems_of(sheet) == [
        (
            "players[0].provinces",
            f"A province of {title} has at most 3 cities, so {houses.total} houses "
            f"stand in at least {fewest} provinces; {provinces} given",
        )
    ]
    enough = table(
        board("Ana", houses=houses, provinces=fewest), ender("Bia"), map=map_name
    )
    assert validate_sheet(enough) == ()


@pytest.mark.parametrize(("players", "sale"), [(2, 15), (3, 21), (4, 26), (5, 30)])
def test_the_concordia_card_needs_15_houses_or_every_sale_card_bought(players, sale):
    # §2, §4b: decks I...N hold 15, 21, 26 or 30 cards; Ana takes the card with
    # 1 house while the other players hold only their starting hands.
    boards = (board("Ana"), *(board(f"P{seat}") for seat in range(1, players)))
    assert problems_of(table(*boards)) == [
        (
            "players[0].concordia_card",
            "The Concordia card goes to whoever builds their last house or buys the "
            f"last card for sale, but Ana has built 1 of 15 houses and the players "
            f"have bought 0 of the {sale} cards for sale",
        )
    ]


def test_a_rulebook_table_with_one_sale_card_left_is_no_end():
    rulebook = parse_concordia(example("concordia-rulebook"))
    ana, bruno, caio = rulebook.players
    caio = board_with(caio, specialists=(Specialist("mason"),))
    sheet = replace(rulebook, players=(ana, bruno, caio))
    assert problems_of(sheet) == [
        (
            "players[0].concordia_card",
            "The Concordia card goes to whoever builds their last house or buys the "
            "last card for sale, but Ana has built 12 of 15 houses and the players "
            "have bought 20 of the 21 cards for sale",
        )
    ]


def test_the_15th_house_ends_the_game_with_sale_cards_left():
    assert validate_sheet(table(ender("Ana"), board("Bia"), board("Caio"))) == ()


def test_every_sale_card_bought_ends_the_game_with_few_houses():
    # 2 players: decks I-II hold 15 cards, Jupiter 3, Saturnus 3, Mercurius 2,
    # Mars 2 and the five specialists, all bought here.
    ana = board(
        "Ana",
        cards=CardCounts(vesta=1, jupiter=4, saturnus=4, mercurius=2, mars=2),
        specialists=(Specialist("mason"), Specialist("farmer")),
        concordia_card=True,
    )
    bia = board(
        "Bia",
        cards=CardCounts(vesta=1, jupiter=3, saturnus=3, mercurius=2, mars=2),
        specialists=(Specialist("smith"), Specialist("vintner"), Specialist("weaver")),
    )
    assert validate_sheet(table(ana, bia)) == ()
    # A card short of the starting hand buys nothing: it leaves one card unbought.
    short = board_with(bia, cards=bia.cards.replace(vesta=0))
    assert [path for path, _ in problems_of(table(ana, short))] == [
        "players[1].cards.vesta"
    ]
    fewer = board_with(bia, cards=bia.cards.replace(mars=1))
    assert [path for path, _ in problems_of(table(ana, fewer))] == [
        "players[0].concordia_card"
    ]


def test_an_intermediate_sheet_has_no_game_end_to_check():
    sheet = table(board("Ana"), board("Bia"), kind=SheetKind.INTERMEDIATE)
    assert validate_sheet(sheet) == ()


def test_cards_include_the_starting_hand():
    cards = CardCounts(vesta=0, jupiter=2, saturnus=1, mercurius=1, mars=1)
    sheet = table(board("Ana", cards=cards), ender("Bia"))
    assert problems_of(sheet) == [
        (
            "players[0].cards.vesta",
            "Count the starting hand too: no one holds fewer than 1 of the Vesta cards; 0 given",
        ),
        (
            "players[0].cards.saturnus",
            "Count the starting hand too: no one holds fewer than 2 of the Saturnus cards; 1 given",
        ),
    ]


def test_a_player_holds_at_most_the_sale_cards_of_the_decks_in_play():
    # 3 players: decks I-III, with 5 Jupiter cards for sale (§4b).
    cards = CardCounts(vesta=1, jupiter=8, saturnus=2, mercurius=1, mars=1)
    sheet = table(board("Ana", cards=cards), ender("Bia"), board("Caio"))
    assert problems_of(sheet) == [
        (
            "players[0].cards.jupiter",
            "With 3 players no one can hold more than 7 of the Jupiter cards; 8 given",
        )
    ]


def test_the_table_holds_at_most_the_cards_in_play():
    # 2 players: 7 Jupiter cards in the game (§7); 5 + 3 is one too many, and
    # it is the second player's count that goes over.
    many = CardCounts(vesta=1, jupiter=5, saturnus=2, mercurius=1, mars=1)
    some = CardCounts(vesta=1, jupiter=3, saturnus=2, mercurius=1, mars=1)
    sheet = table(ender("Ana", cards=many), board("Bia", cards=some))
    assert problems_of(sheet) == [
        (
            "players[1].cards.jupiter",
            "With 2 players only 7 Jupiter cards are in the game, but the players up to this one hold 8",
        )
    ]


def test_one_player_over_the_decks_is_not_blamed_on_the_table_too():
    cards = CardCounts(vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1)
    greedy = CardCounts(vesta=1, jupiter=6, saturnus=2, mercurius=1, mars=1)
    sheet = table(ender("Ana", cards=cards), board("Bia", cards=greedy))
    assert [path for path, _ in problems_of(sheet)] == ["players[1].cards.jupiter"]


def test_the_table_total_is_reported_once_per_god():
    cards = CardCounts(vesta=1, jupiter=5, saturnus=2, mercurius=1, mars=1)
    sheet = table(
        ender("Ana", cards=cards), board("Bia", cards=cards), board("Caio", cards=cards)
    )
    assert [path for path, _ in problems_of(sheet)] == ["players[2].cards.jupiter"]


def test_each_specialist_exists_once():
    sheet = table(
        ender("Ana", specialists=(Specialist("farmer"),)),
        board(
            "Bia",
            specialists=(
                Specialist("smith"),
                Specialist("farmer"),
                Specialist("smith"),
            ),
        ),
    )
    assert problems_of(sheet) == [
        (
            "players[1].specialists[1]",
            "There is only one Farmer in the game, and Ana has it already",
        ),
        (
            "players[1].specialists[2]",
            "There is only one Smith in the game, and Bia has it already",
        ),
    ]


def test_a_final_sheet_needs_the_player_who_took_the_concordia_card():
    sheet = ScoreSheet(
        map=MapName("imperium"),
        players=(board("Ana"), board("Bia")),
        praefectus_magnus="Ana",
    )
    assert problems_of(sheet) == [
        (
            "players",
            "In a final sheet exactly one player has the Concordia card: the one who ended the game",
        )
    ]


def test_only_one_player_has_the_concordia_card():
    sheet = table(
        ender("Ana"),
        board("Bia", concordia_card=True),
        board("Caio", concordia_card=True),
    )
    assert problems_of(sheet) == [
        (
            "players[1].concordia_card",
            "Only one player can have the Concordia card, and Ana has it already",
        ),
        (
            "players[2].concordia_card",
            "Only one player can have the Concordia card, and Ana has it already",
        ),
    ]


def test_nobody_has_the_concordia_card_at_an_intermediate_scoring():
    sheet = table(
        board("Ana"), board("Bia", concordia_card=True), kind=SheetKind.INTERMEDIATE
    )
    assert problems_of(sheet) == [
        (
            "players[1].concordia_card",
            "Nobody has the Concordia card at an intermediate scoring: the game is not over",
        )
    ]


@pytest.mark.parametrize("holder", [None, "", "  "])
def test_a_final_sheet_names_the_praefectus_magnus(holder):
    sheet = table(board("Ana"), ender("Bia"), praefectus_magnus=holder)
    assert problems_of(sheet) == [
        (
            "praefectus_magnus",
            "Say who holds the Praefectus Magnus at the end of the game: it breaks ties",
        )
    ]


@pytest.mark.parametrize("kind", list(SheetKind))
def test_the_praefectus_magnus_is_one_of_the_players(kind):
    ended = kind is SheetKind.FINAL
    sheet = table(
        board("Ana"),
        ender("Bia", concordia_card=ended),
        praefectus_magnus="Zeca",
        kind=kind,
    )
    assert problems_of(sheet) == [
        (
            "praefectus_magnus",
            "The Praefectus Magnus must be held by one of the players, and “Zeca” is not one of them",
        )
    ]


def test_an_intermediate_sheet_may_leave_out_the_praefectus_magnus():
    sheet = table(
        board("Ana"), board("Bia"), praefectus_magnus=None, kind=SheetKind.INTERMEDIATE
    )
    assert validate_sheet(sheet) == ()


def test_every_problem_is_reported_in_document_order():
    sheet = table(
        board("Ana", sestertii=-1, colonists_on_board=9),
        board("Ana", houses=GoodCounts(cloth=5), provinces=2),
        ender("Caio"),
        praefectus_magnus="Zeca",
    )
    assert [path for path, _ in problems_of(sheet)] == [
        "praefectus_magnus",
        "players[0].sestertii",
        "players[0].colonists_on_board",
        "players[1].name",
        "players[1].houses.cloth",
    ]


def test_problems_keep_their_template_and_parameters_for_translation():
    sheet = table(board("Ana", sestertii=-3), ender("Bia"))
    (problem,) = validate_sheet(sheet)
    assert problem.template == "Sestertii cannot be negative; %(given)d given"
    assert dict(problem.params) == {"given": -3}


def test_out_of_range_colonists_do_not_also_overfill_the_storehouse():
    sheet = table(
        ender("Ana", colonists_on_board=0, storehouse=GoodCounts(food=8)), board("B")
    )
    assert [path for path, _ in problems_of(sheet)] == ["players[0].colonists_on_board"]


def test_card_limits_need_a_valid_player_count():
    cards = CardCounts(vesta=1, jupiter=30, saturnus=2, mercurius=1, mars=1)
    sheet = table(*(board(f"P{seat}", cards=cards) for seat in range(6)))
    assert [path for path, _ in problems_of(sheet)] == ["players"]


def test_a_valid_board_stays_valid_with_replaced_fields():
    sheet = table(board("Ana"), ender("Bia"))
    assert validate_sheet(replace(sheet, map=MapName("italia"))) == ()
