"""A game's rules engine as the shell reaches it: `Rules`, made once for every game.

Each game's pure engine (Concordia's `play`, `play.magnanimous`) is a module
of the same few functions: it reads a log document (``load_log``), replays
one (``replay_document``), checks and applies one more event (``apply_event``),
prints a state (``state_document``) and the log it was replayed from
(``log_document``), and refuses with its ``LogInvalid``. Its states carry
their ``log``, their ``status`` and whose turn it is.

A game's ``adapter`` (the one module of its package that imports the engine)
wraps its engine in `Rules`; `GameAssistant`'s log methods answer from it.
The shell never imports an engine: the adapter hands its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Generic, Protocol, TypeVar, cast

from assistant.interface import ImportedLog, RulesRefused
from assistant.models import GameStatus
from scoring.types import Problem


class EngineState(Protocol):
    """What the shell reads of an engine's state: its log, its status, whose turn."""

    @property
    def log(self) -> Any: ...

    @property
    def status(self) -> str:
        """``playing`` (Concordia also ``last_turns``), ``finished`` or ``abandoned``."""
        ...

    @property
    def current_player(self) -> str | None: ...


class Engine(Protocol):
    """The functions of a game's engine module that `Rules` calls."""

    @property
    def LogInvalid(self) -> type[Exception]:
        """The engine's refusal: an exception carrying ``problems``."""
        ...

    def load_log(self, document: object) -> Any: ...

    def replay_document(self, document: object) -> Any: ...

    def log_document(self, log: Any) -> dict[str, Any]: ...

    def apply_event(
        self, log: Any, state: Any, event_document: object
    ) -> tuple[Any, Any]: ...

    def state_document(self, state: Any) -> dict[str, Any]: ...


class _Refusal(Protocol):
    problems: tuple[Problem, ...]


State = TypeVar("State", bound=EngineState)

_NOT_SETUP = frozenset({"format", "game", "players", "events"})


def _as_is(problem: Problem) -> Problem:
    return problem


class Rules(Generic[State]):
    """A game's engine, its refusals turned into `RulesRefused`.

    ``localised`` rewrites each problem the engine reports (Magnanimous names
    its game words in the reader's language); by default a problem is kept
    as the engine wrote it.
    """

    def __init__(
        self, engine: Engine, *, localised: Callable[[Problem], Problem] = _as_is
    ) -> None:
        self._engine = engine
        self._localised = localised

    @contextmanager
    def _refusals(self) -> Iterator[None]:
        try:
            yield
        except self._engine.LogInvalid as error:
            problems = cast("_Refusal", error).problems
            raise RulesRefused(self._localised(p) for p in problems) from error

    def setup_check(self, document: Mapping[str, object]) -> None:
        """Raise `RulesRefused` when the engine refuses the setup of ``document``."""
        with self._refusals():
            self._engine.load_log(dict(document))

    def replay(self, document: Mapping[str, object]) -> State:
        """Return the state after every event of ``document``; raises `RulesRefused`."""
        with self._refusals():
            return cast("State", self._engine.replay_document(dict(document)))

    def apply(self, state: State, event: Mapping[str, object]) -> State:
        """Return the state after ``event``, checked against ``state``; raises `RulesRefused`.

        Costs one event, not a replay: ``state`` carries the log it came from.
        """
        with self._refusals():
            _log, after = self._engine.apply_event(state.log, state, dict(event))
        return cast("State", after)

    def accepts(self, state: State, event: Mapping[str, object]) -> State | None:
        """The state after ``event`` if the rules accept it, else None (a trial)."""
        try:
            _log, after = self._engine.apply_event(state.log, state, dict(event))
        except self._engine.LogInvalid:
            return None
        return cast("State", after)

    def state_document(self, state: State) -> dict[str, object]:
        return dict(self._engine.state_document(state))

    def log_read(self, document: Mapping[str, object]) -> ImportedLog:
        """A whole log read for import: replayed to the end, then split into the
        game's columns (the players, the setup) and its events."""
        state = self.replay(document)
        header = self._engine.log_document(state.log)
        return ImportedLog(
            players=[dict(player) for player in header["players"]],
            setup={k: v for k, v in header.items() if k not in _NOT_SETUP},
            events=[dict(event) for event in header["events"]],
            status=self.status(state),
        )

    def status(self, state: State) -> GameStatus:
        """Where the game stands for the list: every other engine status is playing."""
        if state.status in (GameStatus.FINISHED, GameStatus.ABANDONED):
            return GameStatus(state.status)
        return GameStatus.PLAYING

    def current_player(self, state: State) -> str | None:
        return state.current_player
