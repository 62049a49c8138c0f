"""Turns, the end of the game, undo, intermediate scoring and the final sheet."""

from __future__ import annotations

from typing import Any

import pytest

import play
from scoring.sheet_io import score_document
from tests.play.builders import adjust, cash, log, p, player, run


def _tribunes(**fields: Any) -> tuple[dict[str, Any], ...]:
    return tuple(p(name, "Tribune", **fields) for name in ("Ana", "Bia", "Caio"))


def test_turns_go_clockwise_from_the_start_player():
    state = run(cash("Ana"))
    assert (state.turn_number, state.current_player) == (2, "Bia")
    state = run(cash("Ana"), cash("Bia"), p("Caio", "Mercator", trade={}))
    assert (state.turn_number, state.current_player) == (4, "Ana")


def test_the_setup_as_the_log_implies_it():
    state = run(players=5)
    assert [pl.sestertii for pl in state.players] == [5, 6, 7, 8, 9]
    assert state.praefectus_magnus == "Edu"
    assert state.pile_count == 30 - 7
    assert state.players[0].free_spaces == 2


def test_intermediate_scoring_in_full_tracking_scores_and_pays_the_bonus():
    # At setup each player has Vesta (5..7 + goods worth 29) // 10 = 3 and Mars
    # 2 colonists × 2 = 4: 7 points each; all tie, so each gets 2 sestertii.
    state = run(*_tribunes(), intermediate=True)
    document = play.state_document(state)
    assert document["intermediate"] == [
        {"name": "Ana", "total": 7, "bonus_sestertii": 2},
        {"name": "Bia", "total": 7, "bonus_sestertii": 2},
        {"name": "Caio", "total": 7, "bonus_sestertii": 2},
    ]
    assert [pl.sestertii for pl in state.players] == [7, 8, 9]


def test_intermediate_scoring_waits_for_every_player():
    state = run(*_tribunes()[:2], intermediate=True)
    assert play.state_document(state)["intermediate"] == [
        {"name": "Ana", "total": 7},
        {"name": "Bia", "total": 7},
    ]
    assert [pl.sestertii for pl in state.players] == [5, 6, 7]


def test_intermediate_scoring_in_light_tracking_reads_the_points():
    # 30, 30, 25: 2 to each of the two highest, nothing to the third.
    events = [
        p(name, "Tribune", intermediate_points=points)
        for name, points in (("Ana", 30), ("Bia", 30), ("Caio", 25))
    ]
    state = run(*events, intermediate=True, tracking="light")
    assert play.state_document(state)["intermediate"] == [
        {"name": "Ana", "total": 30, "bonus_sestertii": 2},
        {"name": "Bia", "total": 30, "bonus_sestertii": 2},
        {"name": "Caio", "total": 25, "bonus_sestertii": 0},
    ]
    with pytest.raises(play.LogInvalid) as refused:
        run(p("Ana", "Tribune"), intermediate=True, tracking="light")
    assert refused.value.problems[0].path == "events[0]"


def test_without_intermediate_scoring_the_state_has_no_intermediate():
    assert "intermediate" not in play.state_document(run(*_tribunes()))


def test_the_concordia_card_gives_every_other_player_one_more_turn():
    events = [cash("Ana"), p("Bia", "Architect", fifteenth_house=True)]
    state = run(*events, tracking="light")
    assert state.status is play.Status.LAST_TURNS
    assert state.concordia_card == "Bia"
    state = run(*events, cash("Caio"), tracking="light")
    assert (state.status, state.current_player) == (play.Status.LAST_TURNS, "Ana")
    state = run(*events, cash("Caio"), p("Ana", "Mercator"), tracking="light")
    assert state.status is play.Status.FINISHED
    assert state.current_player is None
    document = play.state_document(state)
    assert document["turn"] is None
    assert document["missing"] == [
        f"players[{seat}].{name}"
        for seat in range(3)
        for name in (
            "sestertii",
            "storehouse",
            "colonists_on_board",
            "houses",
            "provinces",
        )
    ]
    assert "result" not in document
    assert document["sheet"]["players"][1]["concordia_card"] is True


def test_the_fifteenth_house_in_full_tracking_takes_the_concordia_card():
    # Ana builds 15 houses over three Architect turns, paid by adjustments.
    rich = adjust(
        "Ana",
        sestertii=200,
        storehouse={"brick": 6, "food": 6, "tool": 0, "wine": 0, "cloth": 0},
        colonists={"board": 6, "storehouse": 0},
    )
    brick_cities = ["Isca Dumnoniorum", "Napoca", "Burdigala", "Brigantium", "Memphis"]
    more_brick = ["Sinope", "Antiochia", "Aquileia"]
    food_cities = ["Londinium", "Sirmium", "Lutetia", "Valentia", "Petra"]
    others = ["Leptis Magna", "Dyrrhachium"]
    filler = (cash("Bia"), cash("Caio"))
    food_only = adjust(
        "Ana",
        sestertii=200,
        storehouse={"brick": 0, "food": 12, "tool": 0, "wine": 0, "cloth": 0},
        colonists={"board": 6, "storehouse": 0},
    )
    events = (
        food_only,
        p("Ana", "Architect", build=brick_cities + more_brick),  # 8 food
        *filler,
        p("Ana", "Tribune"),
        *filler,
        rich,
        p("Ana", "Architect", build=food_cities[:3]),
        p("Bia", "Architect", build=[]),
        p("Caio", "Architect", build=[]),
        p("Ana", "Tribune"),
        p("Bia", "Mercator", trade={}),
        p("Caio", "Mercator", trade={}),
        rich,
        p("Ana", "Architect", build=food_cities[3:] + others),
    )
    before = run(*events[:-1])
    assert len(player(before, "Ana").houses) == 11
    state = run(*events)
    assert len(player(state, "Ana").houses) == 15
    assert state.concordia_card == "Ana"
    assert state.status is play.Status.LAST_TURNS
    finished = run(*events, p("Bia", "Tribune"), p("Caio", "Tribune"))
    assert finished.status is play.Status.FINISHED
    document = play.state_document(finished)
    assert document["result"] == score_document(document["sheet"])
    assert document["adjusted"] == ["Ana"]
    assert document["sheet"]["players"][0]["houses"]["brick"] == 8


def test_undo_returns_exactly_the_state_before():
    events = [cash("Ana"), p("Bia", "Architect", build=["Napoca"])]
    before = run(*events[:1])
    assert run(*events, {"type": "undo"}) == before
    assert play.state_document(run(*events, {"type": "undo"})) == play.state_document(
        before
    )
    # Two undos withdraw two events; a third has nothing left.
    assert run(*events, {"type": "undo"}, {"type": "undo"}) == play.initial_state(
        play.load_log(log())
    )


def test_undo_withdraws_a_reveal_and_an_adjustment_too():
    events = [p("Ana", "Senator", buy=["I:Mason"], pay={})]
    before = run(*events)
    assert (
        run(*events, {"type": "reveal", "cards": ["I:Diplomat"]}, {"type": "undo"})
        == before
    )
    assert run(*events, adjust("Ana", sestertii=40), {"type": "undo"}) == before


def test_apply_event_adds_one_event_and_refuses_an_illegal_one():
    game = play.load_log(log(cash("Ana")))
    state = play.replay(game)
    game2, state2 = play.apply_event(game, state, p("Bia", "Mercator", trade={}))
    assert state2 == play.replay(game2)
    assert state2.log is game2
    assert len(game2.events) == 2
    assert play.log_document(game2)["events"][-1] == p("Bia", "Mercator", trade={})
    with pytest.raises(play.LogInvalid) as refused:
        play.apply_event(game2, state2, cash("Ana"))
    assert refused.value.problems[0].path == "events[2].player"
    with pytest.raises(play.LogInvalid) as refused:
        play.apply_event(game2, state2, {"type": "play", "player": "Caio"})
    assert refused.value.problems[0].path == "events[2].card"
    _game3, state3 = play.apply_event(game2, state2, {"type": "undo"})
    assert state3 == state
    assert state3.undoable


def test_the_final_sheet_of_a_full_game_is_what_lies_on_the_table():
    state = run(
        p("Ana", "Architect", build=["Napoca"]),
        p("Bia", "Architect", fifteenth_house=True),
        tracking="light",
    )
    sheet = play.final_sheet(state)
    assert sheet.document["players"][0] == {
        "name": "Ana",
        "cards": {"vesta": 1, "jupiter": 2, "saturnus": 2, "mercurius": 1, "mars": 1},
        "specialists": [],
        "concordia_card": False,
    }
    assert sheet.document["praefectus_magnus"] == "Caio"
