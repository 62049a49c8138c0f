"""The errors of the Magnanimous log contract: each at its JSON path, never a traceback.

One test per example of the contract's "Errors" section (with the wording of
the project's messages), then the shape problems, all reported at once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from play import magnanimous as mg
from play.errors import LogInvalid
from scoring.shape import ErrorDocument
from tests.play.magnanimous.builders import Session, setup

WORKED = json.loads(
    (Path(__file__).parent / "data" / "worked-round.json").read_text(encoding="utf-8")
)


def _errors(document: dict[str, Any]) -> list[ErrorDocument]:
    with pytest.raises(LogInvalid) as refusal:
        mg.replay_document(document)
    return mg.errors_document(refusal.value)["errors"]


def _worked(*events: dict[str, Any], upto: int) -> dict[str, Any]:
    return {**WORKED, "events": [*WORKED["events"][:upto], *events]}


def test_the_holder_of_the_card_cannot_govern() -> None:
    errors = _errors(
        _worked(
            {"type": "govern", "player": "Ana", "effect": {"liberate": None}}, upto=0
        )
    )
    assert errors == [
        {
            "path": "events[0].player",
            "message": "Ana already holds the Rio de Janeiro card",
        }
    ]


def test_a_goods_die_on_another_province() -> None:
    event = {
        "type": "take",
        "player": "Bia",
        "province": "green:sugar",
        "quadrant": "leather",
        "space": 0,
    }
    assert _errors(_worked(event, upto=1)) == [
        {
            "path": "events[1].quadrant",
            "message": "A leather die goes on the leather province (green:leather), not green:sugar",
        }
    ]


def test_not_your_turn() -> None:
    event = {
        "type": "take",
        "player": "Ana",
        "province": "red:coffee",
        "quadrant": "coffee",
        "space": 0,
    }
    assert _errors(_worked(event, upto=1)) == [
        {"path": "events[1]", "message": "It is Bia's turn, not Ana's"}
    ]


def test_the_left_player_must_take_the_card() -> None:
    session = Session(setup(2, "light"))
    for _ in range(8):
        session.take_idle()
    assert session.refused(
        {"type": "take", "player": "Bia", "province": "green:coffee"}
    ) == [
        {
            "path": "events[8].type",
            "message": "Bia must take the Rio de Janeiro card now",
        }
    ]


def test_precise_is_trusted_without_a_board() -> None:
    # The contract's `events[6].mode` error needs the printed numbers of a
    # board file; with `board: null` the table's Precise call is trusted.
    session = Session(setup(2))
    session.add(
        {
            "type": "take",
            "player": "Ana",
            "province": "red:coffee",
            "quadrant": "coffee",
            "space": 0,
            "mode": "precise",
        }
    )
    assert session.player("Ana").reis == 10


def test_joiners_in_seat_order() -> None:
    event = {
        "type": "take",
        "player": "Ana",
        "province": "red:cotton",
        "quadrant": "cotton",
        "space": 0,
        "mode": "precise",
        "joiners": [{"player": "Ana"}],
    }
    assert _errors(_worked(event, upto=0)) == [
        {
            "path": "events[0].joiners[0].player",
            "message": "Ana acts already; the others join",
        }
    ]


def test_short_of_reis() -> None:
    document = json.loads(json.dumps(WORKED))
    document["players"][1]["start"]["reis"] = 0
    assert _errors({**document, "events": document["events"][:2]}) == [
        {
            "path": "events[0].joiners[0].reis",
            "message": "Bia has 0 réis; this action costs 1 real",
        }
    ]


def test_paraguay_stops_after_a_fall_and_results_match_the_war_powers() -> None:
    event = {
        "type": "offensive",
        "attacks": [
            {"source": "paraguay", "target": "green:leather", "result": "fell"},
            {"source": "paraguay", "target": "red:leather", "result": "held"},
        ],
    }
    assert _errors(_worked(event, upto=9)) == [
        {
            "path": "events[9].attacks[1]",
            "message": "Paraguay already took a province: its offensive is over",
        }
    ]
    held = {
        "type": "offensive",
        "attacks": [
            {"source": "paraguay", "target": "green:leather", "result": "held"}
        ],
    }
    assert _errors(_worked(held, upto=9)) == [
        {
            "path": "events[9].attacks[0].result",
            "message": "power 1 against 0: the province falls",
        }
    ]


def test_a_province_occupied_this_round_does_not_attack() -> None:
    event = {
        "type": "offensive",
        "attacks": [
            {"source": "paraguay", "target": "green:leather", "result": "fell"},
            {"source": "green:leather", "target": "green:sugar", "result": "held"},
        ],
    }
    assert _errors(_worked(event, upto=9)) == [
        {
            "path": "events[9].attacks[1].source",
            "message": "green:leather was occupied this round and does not attack yet",
        }
    ]


def test_a_space_holding_a_die() -> None:
    event = {
        "type": "place",
        "player": "Bia",
        "from": "green:sugar",
        "quadrant": "cotton",
        "space": 1,
        "action": "none",
    }
    both = {**event, "quadrant": "sugar", "space": 0}
    assert _errors(_worked(both, upto=10)) == [
        {"path": "events[10].space", "message": "That space already holds a die"}
    ]


def test_a_blocked_die() -> None:
    event = {
        "type": "place",
        "player": "Bia",
        "from": "green:leather",
        "quadrant": "deputy",
        "space": 0,
        "action": "none",
    }
    assert _errors(_worked(event, upto=10)) == [
        {
            "path": "events[10].from",
            "message": "green:leather is occupied: its die is blocked",
        }
    ]


def test_the_minister_is_chosen_first() -> None:
    event = {
        "type": "place",
        "player": "Bia",
        "from": "green:cotton",
        "quadrant": "cotton",
        "space": 0,
        "action": "sell",
    }
    assert _errors(_worked(event, upto=12)) == [
        {
            "path": "events[12].type",
            "message": "Ana first chooses the Minister on space 1",
        }
    ]


def test_nothing_after_the_end_but_undo() -> None:
    session = Session(setup(2, "light"))
    session.add({"type": "adjust", "occupied": []})
    session.add({"type": "effect", "source": "event:x", "changes": {"occupy": ["rio"]}})
    assert session.state.ending is mg.Ending.RIO_OCCUPIED
    assert session.refused(
        {"type": "take", "player": "Ana", "province": "red:cotton"}
    ) == [{"path": "events[2]", "message": "The game has ended; only undo is accepted"}]
    session.add({"type": "undo"})
    assert session.state.status is mg.Status.PLAYING


def test_nothing_to_undo_and_only_an_undo_after_abandon() -> None:
    session = Session(setup(2, "light"))
    assert session.refused({"type": "undo"}) == [
        {"path": "events[0]", "message": "There is nothing to undo"}
    ]
    before = mg.state_document(session.state)
    session.add({"type": "abandon"})
    assert mg.state_document(session.state)["status"] == "abandoned"
    assert session.refused({"type": "abandon"})[0]["message"] == (
        "The game was abandoned: only an undo can follow"
    )
    # Issue #25: the abandon is withdrawn like any other event.
    session.add({"type": "undo"})
    assert mg.state_document(session.state) == before


def test_setup_colour_and_rulings() -> None:
    document = setup(3, "light", rulings={"troop_limit": 6, "referendum_tie": "maybe"})
    document["players"][2]["colour"] = "yellow"
    assert _errors(document) == [
        {"path": "rulings.troop_limit", "message": "4 or 5"},
        {
            "path": "rulings.referendum_tie",
            "message": "Unknown value “maybe”; expected one of: approved, rejected",
        },
        {"path": "players[2].colour", "message": "Player 3 plays blue"},
    ]


def test_every_shape_problem_is_reported_at_once() -> None:
    document = {
        "format": "magnanimous-log/1",
        "game": "magnanimous",
        "tracking": "full",
        "board": "brazil-1",
        "players": [
            {"name": "Ana", "baron": "B", "start": {"reis": -1}},
            {"name": "Ana", "baron": "B", "start": {"goods": {"red:cotton": 1}}},
        ],
        "improvements": ["railway", "tram"],
        "events": [
            {
                "type": "take",
                "player": "Zé",
                "province": "green:tea",
                "quadrant": "cotton",
                "space": 2,
            },
            {"type": "fly"},
            {
                "type": "place",
                "player": "Ana",
                "from": "red:cotton",
                "action": "export",
                "quadrant": "ship",
                "space": 0,
                "tokens": 9,
            },
            "nothing",
        ],
    }
    assert [(e["path"], e["message"]) for e in _errors(document)] == [
        (
            "board",
            "No board-data file called “brazil-1” is known: leave “board” null and the map is trusted as declared",
        ),
        ("players[0].start.reis", "Expected 0 or more, not -1"),
        ("players[1].name", "Two players are called “Ana”"),
        (
            "players[1].start.goods.red:cotton",
            "red:cotton is not one of Ana's provinces",
        ),
        (
            "improvements[1]",
            "Unknown value “tram”; expected one of: railway, machinery, warehouse, fortification",
        ),
        ("events[0].player", "“Zé” does not play in this game"),
        (
            "events[0].province",
            "Unknown province “green:tea”: a colour and a good or port (“red:cotton”, “green:port”), “rio” or “paraguay”",
        ),
        ("events[0].space", "Expected a number from 0 to 1, not 2"),
        (
            "events[1].type",
            "Unknown value “fly”; expected one of: reveal, vote, auction, minister, effect, take, govern, offensive, place, end_round, tiebreak, adjust, undo, abandon",
        ),
        ("events[2].commerce_space", "This export needs “commerce_space”"),
        ("events[2].tokens", "Expected a number from 1 to 5, not 9"),
        ("events[3]", 'Expected an object {…}, not "nothing"'),
    ]
