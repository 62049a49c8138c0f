"""What a game provides to the table assistant: the interface of a game package.

The assistant's machinery knows no game: the append-only log and its locked,
idempotent append (`assistant.services`), the state cache and the lists
(`assistant.selectors`), the pages every game shares (`assistant.views`: the
list, the setup wizard's first screens, the turn page's frame, undo, abandon,
the final sheet, the head poll, join codes, follow links, log export and
import). Everything about one game lives in that game's package
(`assistant.concordia`), which implements `GameAssistant` and registers it when
Django starts (its `AppConfig.ready`, see `assistant.registry`).

A second game (Magnanimous) is a new package beside `assistant/concordia/`:

- ``assistant/<game>/apps.py``: an ``AppConfig`` (label ``assistant_<game>``)
  whose ``ready()`` calls ``registry.register(<the implementation>)``, and its
  dotted path in ``INSTALLED_APPS`` after ``assistant``;
- the implementation of `GameAssistant` below, usually a module ``game.py``;
- its pure engine (``play/<game>/``) reached from one module of the package
  (Concordia's is ``adapter.py``), which wraps it in `assistant.engine.Rules`
  (the engine's errors become `RulesRefused`);
- its templates under ``templates/assistant/<game>/`` and its template tags in
  ``assistant/<game>/templatetags/``;
- its own pages (a move's helper, setup entries) in ``urls.py``, named
  ``<game>-…`` so that they never collide with another game's, each page
  loading its game with ``assistant.views.base.game_of(…, game=<game>)`` (a
  game of the other kind is 404) and recording moves through
  `assistant.services.move_submit` (``assistant.views.base.move_answer`` does
  the parsing and the answers every move page gives).

The log's contract of every game must accept ``{"type": "undo"}`` (withdraw
the latest move) and ``{"type": "abandon"}`` (end the game without a sheet):
the shell records those two itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from django import forms
from django.http import HttpResponse
from django.urls import URLPattern
from django_stubs_ext import StrPromise

from scoring.magnanimous import MagnanimousSheet
from scoring.types import Problem, ScoreSheet

if TYPE_CHECKING:
    import datetime as dt

    from django.contrib.auth.models import User

    from assistant.engine import Rules
    from assistant.models import AssistantGame, GameStatus
    from clubs.models import Club
    from concordia_site.http import AuthedHtmxRequest
    from games.models import TableSession

State = TypeVar("State")


class RulesRefused(Exception):
    """A game's rules refuse a setup, a log or a move; each problem says where and why.

    ``problems`` carry the JSON path of the offending field (``events[12].card``)
    and a message template marked for translation, shown in the reader's
    language by `games.vocabulary.problem_message`.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(
            "; ".join(f"{p.path or '(document)'}: {p.message}" for p in self.problems)
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    """A seat of a new game, in seating order: the player's name and colour."""

    name: str
    colour: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """What a phone asks to record, as plain data (never a request).

    ``action`` names the move's kind as the game's pages post it (Concordia:
    ``play``, ``reveal``, ``adjust``); ``fields`` are the form's fields, each
    with its values in the order sent. A client that sends the log's event
    itself (the API) gives it as ``document`` instead, with ``action`` "event".
    """

    action: str
    fields: Mapping[str, Sequence[str]] = field(default_factory=dict)
    document: Mapping[str, object] | None = None

    @classmethod
    def from_form(cls, action: str, data: Any) -> Move:
        """The move of a posted form (a `QueryDict`, or any mapping of lists)."""
        getlist = getattr(data, "getlist", None)
        fields = {
            str(name): tuple(
                str(value) for value in (getlist(name) if getlist else [data[name]])
            )
            for name in data
        }
        return cls(action=action, fields=fields)

    def get(self, name: str, default: str = "") -> str:
        """The last value sent for ``name`` (as a form's ``get`` reads it)."""
        values = self.fields.get(name, ())
        return values[-1] if values else default

    def getlist(self, name: str) -> list[str]:
        return list(self.fields.get(name, ()))


@dataclass(frozen=True, slots=True, kw_only=True)
class Completion:
    """A move completed by the rules, or the question the table must answer first.

    ``event`` is the log event to record (None while ``question`` is open);
    ``question`` is the game's own value, which its move page shows (Concordia:
    which goods pay a surcharge's "any good"); ``notice`` says, in the reader's
    language, what the app filled in itself (a display refill only one card
    could make).
    """

    event: Mapping[str, object] | None
    question: object | None = None
    notice: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportedLog:
    """A game log read for import: the game's columns and its events, checked by a replay."""

    players: list[dict[str, object]]
    setup: dict[str, object]
    events: list[dict[str, object]]
    status: GameStatus


@dataclass(frozen=True, slots=True, kw_only=True)
class WizardStep:
    """One screen of the setup wizard that belongs to the game (after the shared ones).

    ``form(data, choices)`` returns the screen's form, bound when ``data`` is
    given, its initial values from the draft's choices; ``apply(choices,
    cleaned)`` returns the choices once the screen is done. ``template`` is
    included inside the wizard's form (the screen's heading and fields);
    ``taps_submit`` when each choice is a button that submits (no "Next").
    """

    name: str
    template: str
    form: Callable[[Any, Mapping[str, object]], forms.Form]
    apply: Callable[[Mapping[str, object], Mapping[str, Any]], dict[str, object]]
    taps_submit: bool = False


class EventText(Protocol):
    """Optional: a game that names its events in one line (``event_text``).

    The shell uses it where a phone must be told what a move was: the alert of
    a lost race names the move the phone tried and the moves recorded first.
    A game without it is named by the events' sequence numbers.
    """

    def event_text(self, event: Mapping[str, object]) -> str:
        """One line naming ``event`` in the reader's language ("Ana · the card she played")."""
        ...


GamePage = Callable[["AuthedHtmxRequest", "AssistantGame"], HttpResponse]
"""A page of the game's room for one game: the request and the game, already
loaded with its club and checked (a member of its club, its kind)."""


class GameAssistant(Protocol[State]):
    """A game the table assistant plays: what its package provides to the shell.

    ``State`` is the game's own value of where a game stands (Concordia: the
    frozen `play.State`); the shell keeps it, per worker, by (game, head) and
    hands it back, never looking inside. Every method that applies the rules
    raises `RulesRefused` with path-addressed problems when they refuse.

    A game's class subclasses this one (``class ConcordiaAssistant(
    GameAssistant[State])``) and inherits the methods that have a body here:
    the log's, answered from its engine (``rules``), and the finished game's
    `TableSession`. Type checking then names any method it has not written.
    """

    # Identity ------------------------------------------------------------
    @property
    def game(self) -> str:
        """The game's value in `games.models.Game` (``"concordia"``), stored on every
        `AssistantGame` and used as the key of the registry and of the wizard's
        draft in the session."""
        ...

    @property
    def label(self) -> str | StrPromise:
        """The game's name as the list of games shows it."""
        ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def colours(self) -> Sequence[tuple[str, str | StrPromise]]:
        """The colours of the game's pieces, (value, label), in the order seats
        without a chosen colour take them."""
        ...

    @property
    def colours_by_seat(self) -> bool:
        """Whether the rules give each seat its colour (Magnanimous: red, green,
        blue, yellow from the first player): the wizard then asks no colours
        and a new game's seats take ``colours`` in seating order."""
        ...

    # Setup -----------------------------------------------------------------
    @property
    def wizard_path(self) -> str:
        """Where the game's wizard starts, under the club's ``assistant/`` (``new/``
        for Concordia, historically; a new game: ``new/<game>/``). Its later screens
        are ``<wizard_path><step>/``."""
        ...

    @property
    def wizard_url_name(self) -> str:
        """The URL name of the wizard's first screen; the others are
        ``<wizard_url_name>-<step>`` (Concordia: ``game-create``)."""
        ...

    @property
    def wizard_steps(self) -> Sequence[WizardStep]:
        """The game's screens, after the players, colours and seating."""
        ...

    @property
    def usual_setup_help(self) -> StrPromise:
        """What "Start with the usual setup" chooses, on the players' screen."""
        ...

    @property
    def seating_help(self) -> StrPromise:
        """What the seating screen says about the start player (and whoever the
        rules then give something)."""
        ...

    def choices_default(self) -> dict[str, object]:
        """The choices of the game's screens before any is made (the usual setup)."""
        ...

    def choices_read(self, raw: Mapping[str, object]) -> dict[str, object] | None:
        """The choices as read back from a stored draft; None if anything is off."""
        ...

    def setup_new(
        self,
        *,
        choices: Mapping[str, object],
        seats: Sequence[Seat],
        rng: random.Random,
    ) -> dict[str, object]:
        """The setup of a new game: the choices, and what the app deals or draws
        for the table with ``rng`` (Concordia: the city tokens, the display)."""
        ...

    def setup_check(
        self, *, players: Sequence[Mapping[str, object]], setup: Mapping[str, object]
    ) -> None:
        """Raise `RulesRefused` unless the rules accept this setup."""
        self.rules.setup_check(
            self.log_document(players=players, setup=setup, events=[])
        )

    @property
    def setup_page(self) -> GamePage:
        """What the rules lay out on the table, opened after the wizard."""
        ...

    def summary(self, setup: Mapping[str, object]) -> Sequence[str]:
        """A few words about a game's setup for the list of games, the most telling
        first (Concordia: its map's name, then what it tracks); an ended game
        shows the first only."""
        ...

    # The log -------------------------------------------------------------------
    @property
    def rules(self) -> Rules[Any]:
        """The game's engine, wrapped once by its adapter (`assistant.engine.Rules`)."""
        ...

    def log_document(
        self,
        *,
        players: Sequence[Mapping[str, object]],
        setup: Mapping[str, object],
        events: Sequence[Mapping[str, object]],
    ) -> dict[str, object]:
        """The game-log document (the export): the header, then ``events``."""
        ...

    def log_read(self, document: Mapping[str, object]) -> ImportedLog:
        """Read a whole log for import: its columns and events, replayed to the end."""
        return self.rules.log_read(document)

    def replay(self, document: Mapping[str, object]) -> State:
        """The state after every event of the log ``document``."""
        return cast("State", self.rules.replay(document))

    def apply(self, state: State, event: Mapping[str, object]) -> State:
        """The state after one more ``event``, checked against ``state`` (cheap: no replay)."""
        return cast("State", self.rules.apply(state, event))

    def status(self, state: State) -> GameStatus:
        """Whether the game is being played, finished (its sheet may open) or abandoned."""
        return self.rules.status(state)

    def state_document(self, state: State) -> dict[str, object]:
        """The state as the game's contract prints it (``replay_log``, the API)."""
        return self.rules.state_document(state)

    # The end -------------------------------------------------------------------
    def sheet_prefill(self, state: State) -> ScoreSheet | MagnanimousSheet | None:
        """The score sheet the game's sheet page opens with: all that was tracked
        (the sheet of the game's own kind)."""
        ...

    def session_create(
        self,
        *,
        club: Club,
        created_by: User | None,
        players: Sequence[Mapping[str, object]],
        setup: Mapping[str, object],
        played_at: dt.datetime,
        idempotency_key: str,
    ) -> TableSession:
        """Create the finished game's `TableSession` (through `games.services`):
        its seats in seating order, its map and modules as the game records them."""
        from games import services as games_services
        from games.models import Game

        return games_services.session_create(
            club=club,
            created_by=created_by,
            map_name=self.session_map(setup),
            expansions=self.session_expansions(setup),
            played_at=played_at,
            seats=[
                games_services.SeatInput(
                    new_name=str(p["name"]), colour=str(p["colour"])
                )
                for p in players
            ],
            idempotency_key=idempotency_key,
            game=Game(self.game),
        )

    def session_map(self, setup: Mapping[str, object]) -> str:
        """The map the finished game's `TableSession` records ("": a game without maps)."""
        return ""

    def session_expansions(self, setup: Mapping[str, object]) -> list[str]:
        """The modules the finished game's `TableSession` records (none by default)."""
        return []

    def finish_notice(self, setup: Mapping[str, object]) -> str:
        """What the sheet still needs from the table, said once it opens ("" if nothing)."""
        ...

    # Moves ---------------------------------------------------------------------
    def move_event(self, state: State, move: Move) -> dict[str, object]:
        """The log event a move asks for: the form's fields read (shape only), or
        ``move.document`` checked for what no form could send."""
        ...

    def move_complete(self, state: State, event: Mapping[str, object]) -> Completion:
        """Complete ``event`` as the rules allow (what only one way can fill), or
        return the question the table must answer first."""
        ...

    # The turn page -----------------------------------------------------------
    @property
    def turn_template(self) -> str:
        """The turn panel's content, included in the shell's panel (which carries
        the head poll, the alerts and the phones' links)."""
        ...

    @property
    def stylesheets(self) -> Sequence[str]:
        """Static paths of the stylesheets the game's pages need."""
        ...

    def turn_context(self, state: State, *, read_only: bool) -> dict[str, object]:
        """What ``turn_template`` shows of ``state``."""
        ...

    def current_player(self, state: State) -> str | None:
        """Whose turn it is; None once the game is over."""
        return self.rules.current_player(state)

    def undoable(self, state: State) -> bool:
        """Whether an undo would withdraw something now."""
        ...

    def last_move(self, state: State) -> str:
        """The move an undo would withdraw now, named in one line for the table
        (who, which move, what it changed); "" when there is none."""
        ...

    @property
    def urls(self) -> Sequence[URLPattern]:
        """The game's own pages, mounted in the ``assistant`` namespace beside the
        shell's (a move's helper, setup entries)."""
        ...
