"""Venus on the score sheet: the seventh god, its decks, team play (expansions §2).

Numbers quote ``concordia-expansions.md`` §2a-§2c and the score-sheet format's
"Concordia with its expansions".
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import pytest

from scoring.engine import score_sheet
from scoring.ruleset import base, ruleset
from scoring.sheet_io import SheetInvalid, parse_concordia, score_document
from scoring.types import (
    CardCounts,
    Category,
    God,
    GoodCounts,
    MapName,
    PlayerBoard,
    ScoreSheet,
)
from scoring.validation import validate_sheet
from tests.scoring.builders import board, board_with, ender, example, table

VENUS = God("venus")
IMPERIUM = MapName("imperium")
CARDS = CardCounts(vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1, venus=1)


def doc(name: str) -> dict[str, Any]:
    """An example document, as a dict to change."""
    document = example(name)
    assert isinstance(document, dict)
    return document


def scored(document: object) -> dict[str, Any]:
    """The result document of a Concordia sheet, as a dict to read."""
    return cast(dict[str, Any], score_document(document))


def venus_board(name: str, **changes: object) -> PlayerBoard:
    return board_with(board(name, cards=CARDS), **changes)


def venus_table(*boards: PlayerBoard, **kwargs: Any) -> ScoreSheet:
    return _with_venus(table(*boards, **kwargs))


def _with_venus(sheet: ScoreSheet) -> ScoreSheet:
    return replace(sheet, expansions=("venus",))


def problems(document: object) -> list[tuple[str, str]]:
    with pytest.raises(SheetInvalid) as raised:
        score_document(document)
    return [(p.path, p.message) for p in raised.value.problems]


# --- the ruleset ------------------------------------------------------------


def test_venus_is_a_god_only_with_its_module():
    assert VENUS not in base("imperium").gods
    rules = ruleset("imperium", ["venus"])
    assert rules.gods[-1] is VENUS
    # The gods, then Minerva, then the Concordia card.
    assert [c.value for c in rules.categories] == [
        "vesta", "jupiter", "saturnus", "mercurius", "mars", "venus",
        "minerva", "concordia",
    ]  # fmt: skip


def test_the_magister_is_in_every_starting_hand():
    # §2b: 8 starting cards = the 7 base cards + the Magister (god Venus).
    rules = ruleset("imperium", ["venus"])
    assert rules.starting_hand[VENUS] == 1
    assert rules.starting_hand.total == base("imperium").starting_hand.total + 1


def test_the_double_role_cards_replace_their_decks_cards_and_the_mason_moves():
    rules = ruleset("imperium", ["venus"])
    decks = {
        deck: [card.name for card in rules.sale_cards if card.deck == deck]
        for deck in range(1, 6)
    }
    # §2b: deck sizes I 7, II 8, III 6, IV 5, V 4; the double-role cards
    # replace deck I's Prefect, II's and IV's Architect, III's Mercator, and
    # the Mason moves from deck I to deck II.
    assert decks == {
        1: ["Architect", "Mercator", "Colonist", "Diplomat", "Farmer", "Smith",
            "Prefect/Architect"],
        2: ["Mason", "Prefect", "Mercator", "Colonist", "Consul", "Vintner", "Weaver",
            "Architect/Mercator"],
        3: ["Architect", "Prefect", "Colonist", "Consul", "Diplomat",
            "Prefect/Mercator"],
        4: ["Prefect", "Colonist", "Consul", "Diplomat", "Architect/Mercator"],
        5: ["Prefect", "Mercator", "Consul", "Diplomat"],
    }  # fmt: skip
    doubles = [card for card in rules.sale_cards if card.roles]
    assert [(c.deck, c.roles, c.god, [g.value for g in c.cost]) for c in doubles] == [
        (1, ("Prefect", "Architect"), VENUS, ["wine"]),
        (2, ("Architect", "Mercator"), VENUS, ["tool"]),
        (3, ("Prefect", "Mercator"), VENUS, ["wine"]),
        (4, ("Architect", "Mercator"), VENUS, ["tool"]),
    ]
    # The base game keeps its 30 cards, the Mason in deck I.
    assert len(base("imperium").sale_cards) == 30
    assert [c.deck for c in base("imperium").sale_cards if c.name == "Mason"] == [1]


def test_the_venus_cards_in_play_follow_the_decks():
    # §2b Pantheon: players + min(players, 4) Venus cards with every deck dealt.
    rules = ruleset("imperium", ["venus"])
    assert rules.cards_in_play(2)[VENUS] == 2 + 2
    assert rules.cards_in_play(5)[VENUS] == 5 + 4
    assert rules.max_cards_per_player(3)[VENUS] == 1 + 3


def test_team_play_allows_six_players_and_a_sixth_colour():
    rules = ruleset("imperium", ["venus"])
    assert (rules.min_players, rules.max_players, rules.individual_max) == (2, 6, 5)
    assert rules.team_table_sizes == (4, 6)
    assert rules.team_size == 2
    assert rules.colours[-1] == "white"


# --- individual play ----------------------------------------------------------


def test_venus_scores_two_per_province_with_two_houses_per_card():
    # §2a individual: 2 VP per province holding at least 2 own houses, per card.
    ana = venus_board(
        "Ana",
        houses=GoodCounts(food=3, tool=2),
        provinces=3,
        venus_provinces=2,
        cards=CARDS.replace(venus=3),
    )
    result = score_sheet(venus_table(ana, venus_board("Bia")))
    line = next(
        line for line in result.players[0].lines if line.category is Category("venus")
    )
    assert (line.cards, line.counted, line.per_card, line.points) == (3, 2, 4, 12)


def test_the_examples_score_exactly():
    result = scored(doc("concordia-venus"))
    assert [(p["name"], p["venus"], p["total"]) for p in result["players"]] == [
        ("Ana", 16, 140),
        ("Bia", 2, 16),
        ("Caio", 8, 59),
    ]
    assert "teams" not in result


@pytest.mark.parametrize(
    ("venus_provinces", "message"),
    [
        (-1, "The number of provinces with two houses cannot be negative; -1 given"),
        (
            4,
            "Only a province holding the player's houses can hold two of them,"
            " and there are 3; 4 given",
        ),
        (
            3,
            "Each of these provinces holds a second house, and 5 houses in 3"
            " provinces leave only 2; 3 given",
        ),
    ],
)
def test_venus_provinces_are_checked(venus_provinces, message):
    ana = venus_board(
        "Ana",
        houses=GoodCounts(food=3, tool=2),
        provinces=3,
        venus_provinces=venus_provinces,
    )
    found = validate_sheet(venus_table(ana, ender("Bia", cards=CARDS)))
    assert [(p.path, p.message) for p in found] == [
        ("players[0].venus_provinces", message)
    ]


def test_every_player_holds_the_magister():
    document = doc("concordia-venus")
    document["players"][1]["cards"]["venus"] = 0
    assert problems(document) == [
        (
            "players[1].cards.venus",
            "Count the starting hand too: no one holds fewer than 1 of the Venus"
            " cards (the Magister); 0 given",
        )
    ]


def test_a_venus_field_without_the_module_is_refused():
    document = doc("concordia-venus")
    del document["expansions"]
    found = problems(document)
    assert (
        "players[0].venus_provinces",
        "“venus_provinces” belongs to the module “venus”: add it to “expansions”,"
        " or leave the field out",
    ) in found
    assert (
        "players[0].cards.venus",
        "Unknown value “venus”; expected one of: vesta, jupiter, saturnus,"
        " mercurius, mars",
    ) in found


def test_six_players_play_only_in_teams():
    boards = [
        venus_board(name) for name in ("Ana", "Bia", "Caio", "Duda", "Eli", "Fabi")
    ]
    found = validate_sheet(venus_table(*boards))
    assert (
        "players",
        "Without teams Concordia is played by 2 to 5 players; 6 play only in teams",
    ) in [(p.path, p.message) for p in found]


def test_without_venus_the_result_carries_venus_zero():
    result = scored(doc("concordia-rulebook"))
    assert [p["venus"] for p in result["players"]] == [0] * 3


# --- team play ---------------------------------------------------------------


def test_team_venus_counts_one_per_shared_province_and_teams_sum():
    result = scored(doc("concordia-venus-teams"))
    # §2a team: 1 VP per province where both partners have a house, per card.
    assert [
        (p["name"], p["venus"], p["total"], p["rank"]) for p in result["players"]
    ] == [
        ("Ana", 6, 79, 1),
        ("Bia", 2, 72, 2),
        ("Caio", 6, 36, 4),
        ("Duda", 2, 60, 3),
    ]
    # The team total is the sum of its partners'; the best player's team loses.
    assert result["teams"] == [
        {"team": "Red", "players": ["Ana", "Caio"], "total": 115, "rank": 2},
        {"team": "Blue", "players": ["Bia", "Duda"], "total": 132, "rank": 1},
    ]
    assert result["winner"] == "Ana"
    assert result["winner_team"] == "Blue"


def _team_boards() -> list[PlayerBoard]:
    names = ("Ana", "Bia", "Caio", "Duda")
    teams = ("Red", "Blue", "Red", "Blue")
    return [
        venus_board(name, team=team, sestertii=10)
        for name, team in zip(names, teams, strict=True)
    ]


@pytest.mark.parametrize(
    ("holder", "winner"),
    [("Ana", "Red"), ("Bia", "Blue"), ("Caio", "Red"), ("Duda", "Blue")],
)
def test_equal_team_totals_go_to_the_praefectus_magnus_holders_team(holder, winner):
    boards = _team_boards()
    sheet = _with_venus(table(*boards, praefectus_magnus=holder))
    result = score_sheet(sheet)
    # Ana ends the game (the Concordia card, 7): give Bia's team the same total.
    assert len({t.total for t in result.teams}) == 2
    boards[1] = board_with(boards[1], sestertii=boards[1].sestertii + 70)
    sheet = _with_venus(table(*boards, praefectus_magnus=holder))
    result = score_sheet(sheet)
    assert result.teams[0].total == result.teams[1].total
    assert result.winner_team == winner


def test_team_checks():
    document = doc("concordia-venus-teams")
    players = document["players"]
    players[3]["team"] = "Red"
    players[1]["venus_team_provinces"] = 1
    players[0]["venus_provinces"] = 1
    found = problems(document)
    assert ("players[3].team", "A team has exactly 2 players, and “Red” has 3") in found
    assert (
        "players[1].team",
        "A team has exactly 2 players, and “Blue” has 1",
    ) in found
    assert (
        "players[0].venus_provinces",
        "In team play Venus counts the provinces shared with the partner, not those"
        " with two houses: leave this at 0",
    ) in found


def test_partners_count_the_same_shared_provinces_within_their_own():
    document = doc("concordia-venus-teams")
    document["players"][3]["venus_team_provinces"] = 1
    assert problems(document) == [
        (
            "players[3].venus_team_provinces",
            "Partners count the same shared provinces, and Bia counted 2; 1 given",
        )
    ]
    document = doc("concordia-venus-teams")
    for seat in (0, 2):
        document["players"][seat]["venus_team_provinces"] = 4
    assert problems(document) == [
        (
            f"players[{seat}].venus_team_provinces",
            "A shared province holds a house of each partner, and Caio has houses"
            " in only 3 provinces; 4 given",
        )
        for seat in (0, 2)
    ]


def test_all_players_or_none_carry_a_team_and_team_tables_are_4_or_6():
    document = doc("concordia-venus-teams")
    del document["players"][2]["team"]
    found = problems(document)
    assert (
        "players[2].team",
        "In team play every player belongs to a team; this player has none",
    ) in found
    document = doc("concordia-venus-teams")
    document["players"] = document["players"][:3]
    document["players"][2]["team"] = "Green"
    found = problems(document)
    assert ("players", "Team play is for 4 / 6 players; this sheet has 3") in found


def test_a_team_without_venus_is_refused():
    sheet = table(board_with(board("Ana"), team="Red"), ender("Bia", team="Red"))
    found = [(p.path, p.message) for p in validate_sheet(sheet)]
    assert (
        "players[0].team",
        "Teams are played only with Venus: add it to the modules played, or leave the team out",
    ) in found


def test_the_parsed_team_sheet_keeps_its_teams():
    sheet = parse_concordia(example("concordia-venus-teams"))
    assert [b.team for b in sheet.players] == ["Red", "Blue", "Red", "Blue"]
    assert [b.venus_team_provinces for b in sheet.players] == [3, 2, 3, 2]


# --- the public examples (docs/score-sheet.md) -------------------------------


def test_the_documented_venus_examples_score_as_documented():
    text = (Path(__file__).parents[2] / "docs" / "score-sheet.md").read_text(
        encoding="utf-8"
    )
    section = text.split("## Concordia with Venus", 1)[1].split("## Magnanimous")[0]
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)\n```", section, re.S)]
    assert len(blocks) == 4
    for sheet, result in (blocks[0:2], blocks[2:4]):
        assert scored(sheet) == result
    assert blocks[0] == example("concordia-venus")
    assert blocks[2] == example("concordia-venus-teams")
