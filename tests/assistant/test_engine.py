"""The shell's one wrapper of a game's engine (`assistant.engine.Rules`), on an engine of its own.

Every game's adapter makes its ``rules`` of its engine module; these tests
give `Rules` a small engine that knows no game, so what the shell itself
does is seen apart from Concordia's and Magnanimous' rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from assistant.engine import Rules
from assistant.interface import ImportedLog, RulesRefused
from assistant.models import GameStatus
from scoring.types import Problem

BAD_CARD = Problem(
    path="events[2].card", template="No such card: %(card)s.", params={"card": "x"}
)


class Invalid(Exception):
    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)


@dataclass(frozen=True)
class Played:
    log: tuple[dict[str, Any], ...]
    status: str = "playing"
    current_player: str | None = "Ana"


class Engine:
    """An engine module's functions: a log is its events; an event ``bad`` is
    refused, ``end`` finishes the game."""

    LogInvalid = Invalid

    def load_log(self, document: object) -> tuple[dict[str, Any], ...]:
        assert isinstance(document, dict)
        if "players" not in document:
            raise Invalid([Problem(path="players", template="Missing.")])
        return tuple(document["events"])

    def replay_document(self, document: object) -> Played:
        log = self.load_log(document)
        for event in log:
            self._check(event)
        last = log[-1]["type"] if log else ""
        return Played(log=log, status={"end": "finished"}.get(last, "playing"))

    def log_document(self, log: tuple[dict[str, Any], ...]) -> dict[str, Any]:
        return {
            "format": "test-log/1",
            "game": "test",
            "tracking": "light",
            "players": [{"name": "Ana", "colour": "red"}],
            "events": list(log),
        }

    def apply_event(
        self, log: tuple[dict[str, Any], ...], state: Played, event_document: object
    ) -> tuple[tuple[dict[str, Any], ...], Played]:
        assert isinstance(event_document, dict)
        self._check(event_document)
        longer = (*log, event_document)
        return longer, replace(state, log=longer)

    def state_document(self, state: Played) -> dict[str, Any]:
        return {"events": len(state.log), "status": state.status}

    def _check(self, event: dict[str, Any]) -> None:
        if event["type"] == "bad":
            raise Invalid([BAD_CARD])


RULES = Rules[Played](Engine())
DOCUMENT = {"players": [{"name": "Ana"}], "events": [{"type": "play"}]}


@pytest.mark.parametrize(
    ("engine_status", "status"),
    [
        ("playing", GameStatus.PLAYING),
        # Concordia's last round is still a game being played.
        ("last_turns", GameStatus.PLAYING),
        ("finished", GameStatus.FINISHED),
        ("abandoned", GameStatus.ABANDONED),
    ],
)
def test_an_engine_status_is_the_list_s_status(engine_status, status):
    assert RULES.status(Played(log=(), status=engine_status)) is status


def test_a_refusal_of_the_engine_is_the_shell_s_with_the_same_problems():
    with pytest.raises(RulesRefused) as refused:
        RULES.replay({**DOCUMENT, "events": [{"type": "play"}, {"type": "bad"}]})
    assert refused.value.problems == (BAD_CARD,)
    assert str(refused.value) == "events[2].card: No such card: x."
    assert isinstance(refused.value.__cause__, Invalid)


def test_a_game_s_localised_rewrites_each_problem_it_refuses_with():
    def named(problem: Problem) -> Problem:
        return replace(problem, params={"card": "the Senator"})

    rules = Rules[Played](Engine(), localised=named)
    with pytest.raises(RulesRefused) as refused:
        rules.apply(rules.replay(DOCUMENT), {"type": "bad"})
    assert [p.message for p in refused.value.problems] == ["No such card: the Senator."]


def test_setup_check_refuses_what_the_engine_cannot_load():
    RULES.setup_check(DOCUMENT)
    with pytest.raises(RulesRefused) as refused:
        RULES.setup_check({"events": []})
    assert [p.path for p in refused.value.problems] == ["players"]


def test_apply_costs_one_event_and_accepts_is_a_trial():
    state = RULES.replay(DOCUMENT)
    after = RULES.apply(state, {"type": "play"})
    assert RULES.state_document(after) == {"events": 2, "status": "playing"}
    assert RULES.accepts(state, {"type": "bad"}) is None
    accepted = RULES.accepts(state, {"type": "play"})
    assert accepted is not None
    assert len(accepted.log) == 2
    assert RULES.current_player(state) == "Ana"


def test_log_read_splits_the_header_into_players_setup_and_events():
    document = {**DOCUMENT, "events": [{"type": "play"}, {"type": "end"}]}
    assert RULES.log_read(document) == ImportedLog(
        players=[{"name": "Ana", "colour": "red"}],
        setup={"tracking": "light"},
        events=[{"type": "play"}, {"type": "end"}],
        status=GameStatus.FINISHED,
    )
