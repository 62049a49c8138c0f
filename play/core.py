"""The core every game's rules of play share: a game computed from its log.

A game of any kind — Concordia (`play.concordia`), Magnanimous
(`play.magnanimous`) — is an append-only JSON log: a header, its setup, then
events. What does not depend on the game is here, so that a second game (or a
third) reads, refuses, undoes and abandons exactly as Concordia does:

- `decode(text)`: the JSON text of a log (bytes must be UTF-8, a byte-order
  mark is allowed), refusing ``NaN``/``Infinity``, broken JSON with its line
  and column, and nesting too deep to read: `LogInvalid` at the path ``""``.
- `read_header(reader, top, format=…, game=…)`: the ``format`` and ``game``
  fields every log starts with, each refused with the one the reader knows.
- `Undo` and `Abandon`, the two events every game has, and `undo` /
  `abandon`: a state that keeps the one before its latest undoable event
  (``before``) returns to it. Abandoning is such an event too: an ``undo``
  right after it brings the game back (issue #25: nothing lost by one tap);
  nothing else may follow it. A game's own
  ``step`` handles them first (`handles_history`), then its own events.
- The errors (`play.errors`): `LogInvalid` with each problem's JSON path, an
  English template marked for translation and its parameters; `invalid`,
  `invalid_count`, `errors_document`.

How a game uses it: its ``log`` module calls `decode`, then `read_header` on a
`scoring.shape.ShapeReader`, and reads ``"undo"`` and ``"abandon"`` events as
`Undo` / `Abandon`; its state is a frozen dataclass with ``before``, ``log``
and a status (`GameStatus`: ``abandoned`` and ``finished`` are what the core
asks); its ``step`` starts with ``if handles_history(event): return
history_step(state, event, path, abandoned=…)``. Concordia does exactly this
(`play.concordia.replay.step`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol, Self, TypeVar

from play.errors import LogInvalid, errors_document, invalid, invalid_count
from scoring.i18n import gettext_noop
from scoring.shape import ShapeReader
from scoring.types import Problem

__all__ = [
    "Abandon",
    "LogInvalid",
    "Undo",
    "abandon",
    "decode",
    "errors_document",
    "handles_history",
    "history_step",
    "invalid",
    "invalid_count",
    "read_header",
    "undo",
]

# Reading the document (the same words for every game's log).
NOT_UTF8: Final = gettext_noop("The game log is not UTF-8 text")
NOT_JSON: Final = gettext_noop(
    "The game log is not valid JSON: %(error)s at line %(line)d, column %(column)d"
)
UNREADABLE_JSON: Final = gettext_noop("The game log is not valid JSON: %(error)s")
NESTED_TOO_DEEPLY: Final = gettext_noop("The game log is nested too deeply to read")
UNREADABLE_FILE: Final = gettext_noop("Cannot read the game log %(file)s: %(error)s")
NOTHING_TO_UNDO: Final = gettext_noop("There is nothing to undo")
GAME_ABANDONED: Final = gettext_noop("The game was abandoned: only an undo can follow")


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number in JSON")


def decode(text: str | bytes) -> object:
    """Decode a game log's JSON text; raise `LogInvalid` saying where it breaks."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise LogInvalid([Problem(path="", template=NOT_UTF8)]) from None
    text = text.removeprefix("\ufeff")
    try:
        document: object = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        problem = Problem(
            path="",
            template=NOT_JSON,
            params={"error": error.msg, "line": error.lineno, "column": error.colno},
        )
    except RecursionError:
        problem = Problem(path="", template=NESTED_TOO_DEEPLY)
    except ValueError as error:
        problem = Problem(
            path="", template=UNREADABLE_JSON, params={"error": str(error)}
        )
    else:
        return document
    raise LogInvalid([problem])


def read_header(
    reader: ShapeReader,
    top: Mapping[str, object],
    *,
    format: str,
    game: str,
    wrong_format: str,
    wrong_game: str,
) -> None:
    """Check the ``format`` and ``game`` every log starts with.

    A wrong value is reported with the game's own message (``wrong_format``,
    ``wrong_game``: templates with ``%(given)s``); a missing one is reported
    by the reader's field check.
    """
    given_format = reader.text(top, "format", "", default=format)
    if given_format != format and isinstance(top.get("format"), str):
        reader.report("format", wrong_format, given=given_format)
    given_game = reader.text(top, "game", "", default=game)
    if given_game != game and isinstance(top.get("game"), str):
        reader.report("game", wrong_game, given=given_game)


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo:
    """Withdraw the latest undoable event (``index``: its place in the log)."""

    index: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Abandon:
    """The table stops the game; only an `Undo` (which withdraws it) can follow."""

    index: int


class GameState(Protocol):
    """What the core asks of a game's state (a frozen dataclass)."""

    @property
    def before(self) -> Self | None: ...
    @property
    def log(self) -> object: ...


S = TypeVar("S", bound=GameState)


def handles_history(event: object) -> bool:
    """Whether ``event`` is the core's (`Undo`, `Abandon`) rather than the game's."""
    return isinstance(event, Undo | Abandon)


def undo(state: S, path: str) -> S:
    """Return the state before the latest undoable event, with the current log."""
    before = state.before
    if before is None:
        raise invalid(path, NOTHING_TO_UNDO)
    if before.log is state.log:
        return before
    return dataclasses.replace(before, log=state.log)  # type: ignore[type-var]


def abandon(state: S, **changes: Any) -> S:
    """Return ``state`` abandoned, with the game's own ``changes`` (its
    abandoned status, no player to move); ``state`` is its ``before``, so
    that an undo withdraws the abandon like any other event."""
    return dataclasses.replace(state, before=state, **changes)  # type: ignore[type-var]


def history_step(
    state: S,
    event: Undo | Abandon,
    path: str,
    *,
    abandoned: bool,
    finished: bool,
    abandon_changes: Mapping[str, Any],
    game_over: str,
) -> S:
    """Apply an `Undo` or `Abandon` to ``state``.

    An abandoned game takes only an undo, which withdraws the abandon; a
    finished one may still be undone (the last move was a mistake) but not
    abandoned (``game_over``: the game's message for that).
    """
    if isinstance(event, Undo):
        return undo(state, path)
    if abandoned:
        raise invalid(path, GAME_ABANDONED)
    if finished:
        raise invalid(path, game_over)
    return abandon(state, **abandon_changes)
