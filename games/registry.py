"""The games Tabularium knows, and what the shared code asks of each.

One `GameSpec` per game, registered by the game's own room at start-up
(`games.apps.GamesConfig.ready` imports ``games.concordia.game`` and
``games.magnanimous.game``, the way Django fills its registries). The shared
code reads it and never asks which game it is:

- the dispatch to the room's views at a game's shared addresses
  (`games.dispatch`, ``pages`` by entry mode);
- the vocabulary's categories, in their storage order (the statistics'
  slots) and table sizes (`games.vocabulary`);
- the new-game form: whether a map is chosen, the colours the pieces come
  in, the most players (`games.forms`);
- the scoreboard's rows and headline (`games.scoreboard`);
- the statistics' filters (`stats.forms`: a map filter only where a game
  has maps).

A new game is a room of its own (``games/<game>/``) with a ``game.py`` that
registers its `GameSpec`, and its name in `ROOMS`: never an ``if game ==`` in
the shared code.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.utils.functional import Promise
from django_stubs_ext import StrPromise

from clubs.models import Club
from concordia_site.http import AuthedHtmxRequest
from games.models import Seat, TableSession
from games.services import SeatInput

# The rooms whose ``game`` module registers a game (imported at start-up).
ROOMS: Final = ("games.concordia.game", "games.magnanimous.game")

GameView = Callable[[AuthedHtmxRequest, TableSession, list[Seat]], HttpResponse]
"""A game room's view of a shared address: the request, the game (with its
club) and its seats in seating order, already loaded and checked."""


class StartGame(Protocol):
    """The game-specific part of the new-game page: create the game chosen."""

    def __call__(
        self,
        *,
        club: Club,
        created_by: User | None,
        map_name: str,
        played_at: dt.datetime,
        seats: Sequence[SeatInput],
        place: str,
        idempotency_key: str,
        expansions: Sequence[str] = (),
    ) -> TableSession: ...


@dataclass(frozen=True, slots=True)
class GamePages:
    """What one kind of game does at the shared addresses."""

    start: StartGame
    sheet: GameView
    preview: GameView
    detail: GameView


ScoreRows = list[tuple[str | Promise, list[int]]]


class SheetRecord(Protocol):
    """Store a read score sheet on a game just created for it: positions, then results."""

    def __call__(self, *, session: TableSession, sheet: Any) -> object: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """One game, as the shared code sees it.

    ``pages`` holds the room's views by entry mode (`games.models.EntryMode`
    values); ``categories`` are the lines of a score in their storage order;
    ``colours`` those the game's pieces come in, and ``colours_refused`` what
    the new-game page says of another (None: every colour of the app);
    ``maps`` the (value, label) choices of its boards, empty when it has one
    board. ``result_type`` is its scoring result's class, whose rows and
    headline ``score_rows`` and ``outcome`` give the scoreboard.
    """

    game: str
    pages: Mapping[str, GamePages]
    categories: tuple[str, ...]
    table_sizes: range
    colours: tuple[str, ...]
    colours_refused: str | StrPromise | None
    too_many: str | StrPromise
    maps: Callable[[], list[tuple[str, str | Promise]]]
    result_type: type
    score_rows: Callable[[object], ScoreRows]
    outcome: Callable[[object], object] | None = None
    # The score-sheet contract (docs/score-sheet.md) of the game: read a
    # decoded document into the game's sheet (raising `SheetInvalid` with
    # path-addressed problems; the sheet has ``players``, each with a ``name``,
    # in seating order), and record it on a new game (`games.sheet_intake`).
    sheet_read: Callable[[object], Any] | None = None
    sheet_record: SheetRecord | None = None

    @property
    def has_map(self) -> bool:
        return bool(self.maps())


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Add (or replace) a game; its room's ``game`` module calls this once."""
    _GAMES[spec.game] = spec


def game_spec(game: str) -> GameSpec:
    """Return the registered game ``game`` (KeyError for an unknown one)."""
    return _GAMES[game]


def games() -> Iterator[GameSpec]:
    """Every registered game, in the order registered."""
    return iter(tuple(_GAMES.values()))


def spec_of_result(result: object) -> GameSpec:
    """Return the game whose scoring produced ``result``."""
    for spec in _GAMES.values():
        if isinstance(result, spec.result_type):
            return spec
    raise KeyError(type(result).__name__)


T = TypeVar("T")


class GameTable(Mapping[str, T]):
    """A read-only table by game of one thing every game registers (categories,
    table sizes), read from the registry when asked, so that the modules built
    before the registry is filled see every game."""

    def __init__(self, attribute: Callable[[GameSpec], T]) -> None:
        self._attribute = attribute

    def __getitem__(self, game: str) -> T:
        return self._attribute(_GAMES[game])

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(_GAMES))

    def __len__(self) -> int:
        return len(_GAMES)
