"""The contract's worked first round of a 2-player game (``docs/magnanimous-log.md``)."""

from __future__ import annotations

import json
from pathlib import Path

from play import magnanimous as mg

DATA = Path(__file__).parent / "data"


def _load(name: str) -> object:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def test_the_worked_round_reaches_its_stated_state() -> None:
    state = mg.replay_document(_load("worked-round.json"))
    assert mg.state_document(state) == _load("worked-round.state.json")


def test_event_by_event_gives_the_same_state_as_the_replay() -> None:
    document = _load("worked-round.json")
    assert isinstance(document, dict)
    log = mg.load_log({**document, "events": []})
    state = mg.replay(log)
    for event in document["events"]:
        log, state = mg.apply_event(log, state, event)
    assert mg.state_document(state) == _load("worked-round.state.json")


def test_undo_after_every_event_of_the_worked_round_gives_the_state_before() -> None:
    document = _load("worked-round.json")
    assert isinstance(document, dict)
    events = document["events"]
    for cut in range(len(events)):
        before = mg.replay_document({**document, "events": events[:cut]})
        after_undo = mg.replay_document(
            {**document, "events": [*events[: cut + 1], {"type": "undo"}]}
        )
        assert mg.state_document(after_undo) == mg.state_document(before), cut


def test_the_state_document_of_the_round_in_numbers() -> None:
    state = mg.replay_document(_load("worked-round.json"))
    # Réis: Ana 5 − 0 (Precise) − 1 − 1 − 1 + 2 = 4; Bia 6 − 1 (joining) − 1 − 1 − 1 − 1 + 2 = 3.
    assert [p.reis for p in state.players] == [4, 3]
    # 15 dice in the Action area plus Bia's blocked one = 16.
    assert sum(v is not None for v in state.dice) == 15
    assert state.players[1].province("green:leather").die == 1
    # Hands 5 + 5, deck 43, discard 1, Throne Room 2: the 56 cards.
    assert state.deck + state.discard_pile + state.throne_pile + 10 == 56
