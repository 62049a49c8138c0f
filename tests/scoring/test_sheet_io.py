"""The score-sheet JSON contract: examples in, exact documents out, every error with its path."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import score_sheet
from scoring.sheet_io import (
    SheetInvalid,
    errors_document,
    load_document,
    parse_concordia,
    result_document,
    score_document,
)
from scoring.types import (
    CardCounts,
    GoodCounts,
    MapName,
    PlayerBoard,
    ScoreSheet,
    SheetKind,
    Specialist,
)
from tests.scoring.builders import DATA, EXAMPLES, example


def problems(document: object) -> list[tuple[str, str]]:
    with pytest.raises(SheetInvalid) as raised:
        score_document(document)
    return [(problem.path, problem.message) for problem in raised.value.problems]


def paths(document: object) -> list[str]:
    return [path for path, _ in problems(document)]


def rulebook() -> dict[str, object]:
    document = example("concordia-rulebook")
    assert isinstance(document, dict)
    return document


def first_player(document: dict[str, object]) -> dict[str, object]:
    players = document["players"]
    assert isinstance(players, list)
    player = players[0]
    assert isinstance(player, dict)
    return player


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_comes_out_exactly_as_expected(name):
    text = (DATA / f"{name}.json").read_text(encoding="utf-8")
    expected_text = (DATA / f"{name}.expected.json").read_text(encoding="utf-8")
    document = score_document(load_document(text))
    # Compared as text too, so the key order of the contract is checked.
    assert document == json.loads(expected_text)
    assert json.dumps(document) == json.dumps(json.loads(expected_text))


@pytest.mark.parametrize(
    "name", ["concordia-rulebook", "concordia-tie", "concordia-intermediate"]
)
def test_parse_score_and_result_document_compose_to_the_expected_result(name):
    document = result_document(score_sheet(parse_concordia(example(name))))
    assert document == example(f"{name}.expected")


def test_the_invalid_example_reports_exactly_its_listed_paths():
    expected = example("concordia-invalid.expected")
    assert isinstance(expected, dict)
    assert paths(example("concordia-invalid")) == expected["errors_at"]


def test_parse_concordia_reads_every_field():
    sheet = parse_concordia(example("concordia-rulebook"))
    assert sheet.map is MapName("imperium")
    assert sheet.kind is SheetKind.FINAL
    assert sheet.praefectus_magnus == "Caio"
    assert sheet.players[0] == PlayerBoard(
        name="Ana",
        sestertii=13,
        storehouse=GoodCounts(brick=1, tool=3, cloth=1),
        colonists_on_board=5,
        houses=GoodCounts(brick=3, food=4, tool=3, cloth=2),
        provinces=7,
        cards=CardCounts(vesta=1, jupiter=2, saturnus=4, mercurius=2, mars=3),
        specialists=(Specialist("farmer"),),
        concordia_card=True,
    )


def test_kind_specialists_and_concordia_card_are_optional():
    document = rulebook()
    del document["kind"]
    assert parse_concordia(document).kind is SheetKind.FINAL
    # Every rulebook player holds a specialist: all the sale cards are bought.
    intermediate = example("concordia-intermediate")
    assert isinstance(intermediate, dict)
    player = first_player(intermediate)
    del player["specialists"]
    del player["concordia_card"]
    sheet_without = parse_concordia(intermediate)
    assert sheet_without.players[0].specialists == ()
    assert sheet_without.players[0].concordia_card is False


def test_an_intermediate_sheet_may_give_a_null_praefectus_magnus():
    document = example("concordia-intermediate")
    assert isinstance(document, dict)
    document["praefectus_magnus"] = None
    assert isinstance(parse_concordia(document), ScoreSheet)


def test_the_errors_document_lists_path_and_message():
    with pytest.raises(SheetInvalid) as raised:
        score_document(example("concordia-invalid"))
    document = errors_document(raised.value.problems)
    assert document["errors"][1] == {
        "path": "players[0].houses.cloth",
        "message": "Imperium has only 4 cloth cities; 5 given",
    }
    assert len(document["errors"]) == 7
    assert document["errors"][6] == {
        "path": "players[0].concordia_card",
        "message": "The Concordia card goes to whoever builds their last house or buys the last card for sale, but Ana has built 7 of 15 houses and the players have bought 0 of the 21 cards for sale",
    }


def test_malformed_json_says_where_it_breaks():
    with pytest.raises(SheetInvalid) as raised:
        load_document('{"game": "concordia",\n "map": }')
    (problem,) = raised.value.problems
    assert problem.path == ""
    assert problem.message == (
        "The score sheet is not valid JSON: Expecting value at line 2, column 9"
    )


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe{}", "The score sheet is not UTF-8 text"),
        (
            '{"a": NaN}',
            "The score sheet is not valid JSON: NaN is not a number in JSON",
        ),
        ("[" * 100_000, "The score sheet is nested too deeply to read"),
    ],
)
def test_unreadable_input_is_one_problem_at_the_document(raw, message):
    with pytest.raises(SheetInvalid) as raised:
        load_document(raw)
    assert [(p.path, p.message) for p in raised.value.problems] == [("", message)]


def test_a_number_too_long_to_read_is_a_problem_not_a_crash():
    with pytest.raises(SheetInvalid) as raised:
        load_document('{"sestertii": ' + "9" * 5000 + "}")
    assert raised.value.problems[0].path == ""


def test_utf8_bytes_with_a_byte_order_mark_are_read():
    raw = "\ufeff" + (DATA / "concordia-tie.json").read_text(encoding="utf-8")
    assert load_document(raw.encode("utf-8")) == example("concordia-tie")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("13", 'Expected a whole number, not "13"'),
        (13.0, "Expected a whole number, not 13.0"),
        (True, "Expected a whole number, not true"),
        (None, "Expected a whole number, not null"),
        ([13], "Expected a whole number, not a list"),
    ],
)
def test_a_count_must_be_a_whole_number(value, message):
    document = rulebook()
    first_player(document)["sestertii"] = value
    assert problems(document) == [("players[0].sestertii", message)]


def test_bool_and_float_are_refused_inside_goods_and_cards():
    document = rulebook()
    player = first_player(document)
    player["houses"] = {"food": False, "brick": 3}
    player["cards"] = {
        "vesta": 1,
        "jupiter": 2.0,
        "saturnus": 4,
        "mercurius": 2,
        "mars": 3,
    }
    assert paths(document) == ["players[0].houses.food", "players[0].cards.jupiter"]


def test_wrong_container_types():
    document = rulebook()
    first_player(document)["storehouse"] = [1, 0, 3]
    first_player(document)["specialists"] = "farmer"
    first_player(document)["concordia_card"] = 1
    assert problems(document) == [
        ("players[0].storehouse", "Expected an object {…}, not a list"),
        ("players[0].specialists", 'Expected a list […], not "farmer"'),
        ("players[0].concordia_card", "Expected true or false, not 1"),
    ]


def test_a_document_that_is_not_an_object():
    assert problems([1, 2]) == [("", "Expected an object {…}, not a list")]


def test_unknown_fields_anywhere_are_errors():
    document = rulebook()
    document["version"] = 1
    first_player(document)["colour"] = "red"
    assert problems(document) == [
        ("version", "Unknown field “version”"),
        ("players[0].colour", "Unknown field “colour”"),
    ]


def test_unknown_goods_gods_specialists_maps_and_kinds():
    document = rulebook()
    document["map"] = "roma"
    document["kind"] = "halftime"
    player = first_player(document)
    player["storehouse"] = {"salt": 1}
    player["cards"] = {
        "vesta": 1,
        "jupiter": 2,
        "saturnus": 4,
        "mercurius": 2,
        "mars": 3,
        "venus": 1,
    }
    player["specialists"] = ["farmer", "baker"]
    assert problems(document) == [
        ("kind", "Unknown value “halftime”; expected one of: final, intermediate"),
        (
            "map",
            "Unknown value “roma”; expected one of: imperium, italia, britannia,"
            " germania, byzantium, hispania, gallia, corsica, aegyptus, creta,"
            " ionium, ionium_small, hellas, cyprus, balearica",
        ),
        (
            "players[0].storehouse.salt",
            "Unknown value “salt”; expected one of: brick, food, tool, wine, cloth",
        ),
        (
            "players[0].cards.venus",
            "Unknown value “venus”; expected one of: vesta, jupiter, saturnus, mercurius, mars",
        ),
        (
            "players[0].specialists[1]",
            "Unknown value “baker”; expected one of: mason, farmer, smith, vintner, weaver",
        ),
    ]


def test_minerva_cards_point_to_the_specialists():
    document = rulebook()
    cards = first_player(document)["cards"]
    assert isinstance(cards, dict)
    cards["minerva"] = 1
    assert problems(document) == [
        (
            "players[0].cards.minerva",
            "Minerva cards are not counted here: list them under “specialists”",
        )
    ]


def test_missing_required_fields():
    document = rulebook()
    del document["map"]
    player = first_player(document)
    del player["sestertii"]
    cards = player["cards"]
    assert isinstance(cards, dict)
    del cards["mars"]
    assert problems(document) == [
        ("map", "The field “map” is missing"),
        ("players[0].sestertii", "The field “sestertii” is missing"),
        ("players[0].cards.mars", "The field “mars” is missing"),
    ]


def test_shape_problems_come_alone_before_the_rules_are_checked():
    document = rulebook()
    player = first_player(document)
    player["sestertii"] = "lots"
    player["colonists_on_board"] = 9
    assert paths(document) == ["players[0].sestertii"]


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        (
            "chess",
            [
                (
                    "game",
                    "Unknown value “chess”; expected one of: concordia, magnanimous",
                )
            ],
        ),
        (3, [("game", "Expected text in quotes, not 3")]),
    ],
)
def test_the_game_field_picks_the_scorer(game, expected):
    document = rulebook()
    document["game"] = game
    assert problems(document) == expected


def test_a_missing_game_is_an_error():
    document = rulebook()
    del document["game"]
    assert problems(document) == [("game", "The field “game” is missing")]


def test_parse_concordia_refuses_another_games_sheet():
    with pytest.raises(SheetInvalid) as raised:
        parse_concordia(example("magnanimous-republic"))
    assert (
        "game",
        "Expected a score sheet of Concordia, not of “magnanimous”",
    ) in [(problem.path, problem.message) for problem in raised.value.problems]


def test_score_document_scores_magnanimous_too():
    document = score_document(example("magnanimous-republic"))
    assert document["game"] == "magnanimous"


def test_bonus_sestertii_appear_only_for_intermediate_sheets():
    final = score_document(example("concordia-rulebook"))
    intermediate = score_document(example("concordia-intermediate"))
    assert final["game"] == intermediate["game"] == "concordia"
    assert all("bonus_sestertii" not in player for player in final["players"])
    assert all("bonus_sestertii" in player for player in intermediate["players"])


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
    max_leaves=20,
)


def assert_scored_or_refused_with_problems(document: object) -> None:
    try:
        score_document(document)
    except SheetInvalid as invalid:
        refused = invalid.problems
    else:
        return
    assert refused
    assert all(problem.message for problem in refused)


@given(JSON)
def test_any_json_value_is_scored_or_refused_with_problems(document):
    assert_scored_or_refused_with_problems(document)


@given(
    name=st.sampled_from(EXAMPLES),
    seat=st.integers(0, 2),
    field=st.sampled_from(
        [
            "name",
            "sestertii",
            "storehouse",
            "colonists_on_board",
            "houses",
            "provinces",
            "cards",
            "specialists",
            "concordia_card",
            "nobility",
            "reis",
            "governor",
        ]
    ),
    value=JSON,
)
def test_a_damaged_example_is_scored_or_refused_with_problems(name, seat, field, value):
    document = copy.deepcopy(example(name))
    assert isinstance(document, dict)
    player = document["players"][seat]
    player[field] = value
    assert_scored_or_refused_with_problems(document)
