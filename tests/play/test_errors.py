"""Every error of the contract's list (docs/game-log.md, Errors), path and message."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import play
from tests.play.builders import EXAMPLE, adjust, cash, log, p, refusal, run


def _problems(document: object) -> list[tuple[str, str]]:
    with pytest.raises(play.LogInvalid) as refused:
        play.replay_document(document)
    return [(e.path, e.message) for e in refused.value.problems]


@pytest.mark.parametrize(
    ("events", "path", "message"),
    [
        pytest.param(
            [p("Ana", "II:Consul", buy=["I:Mason"])],
            "events[0].card",
            "Ana has no II:Consul in their hand",
            id="card not in the hand",
        ),
        pytest.param(
            [cash("Bia")],
            "events[0].player",
            "It is Ana's turn, not Bia's",
            id="play out of turn",
        ),
        pytest.param(
            [p("Ana", "Architect", build=["Roma"])],
            "events[0].build[0]",
            "Nobody builds a house in the capital, Roma",
            id="house in Roma",
        ),
        pytest.param(
            [p("Ana", "Architect", build=["Napoca", "Napoca"])],
            "events[0].build[1]",
            "Ana already has a house in Napoca",
            id="house where the player has one",
        ),
        pytest.param(
            [adjust("Ana", sestertii=0), p("Ana", "Architect", build=["Napoca"])],
            "events[1].build[0]",
            "Ana needs 1 sestertius and has 0",
            id="money short",
        ),
        pytest.param(
            [p("Ana", "Architect", build=["Napoca", "Londinium", "Isca Dumnoniorum"])],
            "events[0].build[2]",
            "Ana needs 1 food and has 0",
            id="goods short",
        ),
        pytest.param(
            [adjust("Ana", sestertii=20), p("Ana", "Mercator", trade={"brick": 3})],
            "events[1].trade",
            # A purchase has no "drop": the Mercator's screen has no such field.
            "Ana's storehouse has 12 spaces: 13 would be needed; buy fewer goods",
            id="storehouse over 12",
        ),
        pytest.param(
            [
                p("Ana", "Prefect", province="Hellas"),
                p("Bia", "Prefect", province="Hellas"),
            ],
            "events[1].province",
            "The bonus marker of Hellas shows its coins: it produces again after a Prefect takes the cash",
            id="Prefect on a province showing coins",
        ),
        pytest.param(
            [
                p("Ana", "Mercator", trade={}),
                p("Bia", "Diplomat", copy="Ana", trade={}),
                p("Caio", "Diplomat", copy="Bia", trade={}),
            ],
            "events[2].copy",
            "Bia's top card is a Diplomat, and a Diplomat never copies a Diplomat",
            id="Diplomat copying a Diplomat",
        ),
        pytest.param(
            [
                p(
                    "Ana",
                    "Senator",
                    buy=["I:Mason", "I:Architect", "I:Colonist"],
                    pay={},
                )
            ],
            "events[0].buy",
            "The Senator buys up to 2 cards; 3 named",
            id="third card for the Senator",
        ),
        pytest.param(
            [
                p("Ana", "Senator", buy=["I:Mason"], pay={}),
                {"type": "reveal", "cards": ["II:Vintner"]},
            ],
            "events[1].cards[0]",
            "The draw pile still holds deck I: “II:Vintner” cannot come up yet",
            id="revealed card not in the pile's current deck",
        ),
        pytest.param(
            [
                p("Ana", "Senator", buy=["I:Mason"], pay={}),
                {"type": "reveal", "cards": ["I:Architect"]},
            ],
            "events[1].cards[0]",
            "“I:Architect” is not in the draw pile",
            id="revealed card not in the pile",
        ),
        pytest.param(
            [{"type": "undo"}],
            "events[0]",
            "There is nothing to undo",
            id="undo with nothing to withdraw",
        ),
    ],
)
def test_a_broken_rule_is_reported_at_its_event(events, path, message):
    assert refusal(*events) == (path, message)


def _ended_game(*more: dict[str, Any]) -> dict[str, Any]:
    return log(
        p("Ana", "Architect", fifteenth_house=True),
        cash("Bia"),
        cash("Caio"),
        *more,
        tracking="light",
    )


def test_any_event_but_undo_after_the_end_is_refused():
    assert _problems(_ended_game(cash("Ana"))) == [
        ("events[3]", "The game is over: only an undo can follow its last turn")
    ]
    assert _problems(_ended_game({"type": "reveal", "cards": []})) == [
        ("events[3]", "The game is over: only an undo can follow its last turn")
    ]
    state = play.replay_document(_ended_game({"type": "undo"}, cash("Caio")))
    assert state.status is play.Status.FINISHED


def test_only_an_undo_follows_an_abandoned_game():
    for event in (cash("Bia"), {"type": "abandon"}):
        document = log(cash("Ana"), {"type": "abandon"}, event)
        assert _problems(document) == [
            ("events[2]", "The game was abandoned: only an undo can follow")
        ]


def test_an_undo_withdraws_the_abandon_and_the_game_goes_on():
    """Issue #25: nothing lost by one tap; the abandon is an event like any other."""
    before = play.replay_document(log(cash("Ana")))
    abandoned = play.replay_document(log(cash("Ana"), {"type": "abandon"}))
    assert abandoned.status is play.Status.ABANDONED
    assert abandoned.current_player is None
    assert abandoned.undoable
    back = play.replay_document(log(cash("Ana"), {"type": "abandon"}, {"type": "undo"}))
    assert back.status is play.Status.PLAYING
    assert back.current_player == "Bia"
    assert play.state_document(back) == play.state_document(before)
    # The game goes on, and the first undo after it withdraws Bia's move.
    on = play.replay_document(
        log(cash("Ana"), {"type": "abandon"}, {"type": "undo"}, cash("Bia"))
    )
    assert on.current_player == "Caio"


def test_the_replay_stops_at_the_first_illegal_event():
    document = log(cash("Bia"), p("Ana", "Architect", build=["Roma"]))
    assert _problems(document) == [("events[0].player", "It is Ana's turn, not Bia's")]


def test_a_malformed_log_reports_every_shape_problem():
    document = copy.deepcopy(EXAMPLE)
    document["format"] = "game-log/2"
    document["tracking"] = "heavy"
    document["players"][2]["colour"] = "red"
    document["players"].append({"name": "Ana", "colour": "pink"})
    document["display"] = [*document["display"][:6], "II:Consul"]
    del document["cities"]["Napoca"]
    document["events"][0]["build"] = ["Atlantis"]
    document["events"][1] = {"type": "play", "player": "Zoe", "card": "Senator"}
    document["events"][2]["province"] = 7
    document["events"][3]["speed"] = 3
    document["events"][4] = {"type": "jump"}
    document["events"][5] = "undo"
    assert _problems(document) == [
        ("format", "This reads game logs of format “game-log/1”, not “game-log/2”"),
        ("tracking", "Unknown value “heavy”; expected one of: light, full"),
        ("players[2].colour", "Two players play red"),
        ("players[3].name", "Two players are called “Ana”"),
        (
            "players[3].colour",
            "Unknown colour “pink”; expected one of: red, green, blue, yellow, black",
        ),
        ('cities["Napoca"]', "Choose the good of Napoca"),
        (
            "display[6]",
            "The display is dealt from deck I, and “II:Consul” is not a deck I card",
        ),
        ("events[0].build[0]", "Imperium has no city called “Atlantis”"),
        ("events[1].player", "“Zoe” does not play in this game"),
        ("events[1].buy", "The Senator needs “buy” with full tracking"),
        ("events[1].pay", "The Senator needs “pay” with full tracking"),
        ("events[2].province", "Expected text in quotes, not 7"),
        ("events[3].speed", "Unknown field “speed”"),
        (
            "events[4].type",
            "Unknown event “jump”; expected one of: play, reveal, undo, adjust, abandon, forum, citizen",
        ),
        ("events[5]", 'Expected an object {…}, not "undo"'),
    ]


def test_the_city_deal_must_match_the_token_pool():
    document = log()
    document["cities"] = {**document["cities"], "Napoca": "cloth"}
    assert _problems(document) == [
        ("cities", "Only 1 of the A tokens show cloth, but 2 A cities are set to cloth")
    ]


def test_errors_document_has_the_contracts_shape():
    with pytest.raises(play.LogInvalid) as refused:
        play.replay_document(log(cash("Bia")))
    assert play.errors_document(refused.value) == {
        "errors": [
            {"path": "events[0].player", "message": "It is Ana's turn, not Bia's"}
        ]
    }
    problem = refused.value.problems[0]
    assert problem.template == "It is %(current)s's turn, not %(given)s's"
    assert dict(problem.params) == {"current": "Ana", "given": "Bia"}


def test_full_tracking_needs_the_cities():
    document = log()
    del document["cities"]
    assert _problems(document) == [
        ("cities", "With full tracking, say which good each city produces (“cities”)")
    ]
    document["tracking"] = "light"
    assert run(tracking="light").turn_number == 1
