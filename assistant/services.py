"""Every state change of the table assistant (HackSoft services), for any game.

The log only grows: an event is appended when the game's rules accept it
after the events already recorded, under a lock on the game's row, so that two
phones tapping at once never both succeed on the same state. What a move
means is the game's package's word (`assistant.registry`); nothing here names
a game.

The public functions other areas call: `game_create`, `move_submit`,
`event_append`, `event_undo`, `game_abandon`, `game_finish`,
`game_setup_update`, `game_import` (a log document in, a game out; the
export is `selectors.game_log_document`), `follow_link_revoke` and
`follow_link_renew`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from assistant import registry, selectors
from assistant.interface import GameAssistant, Move, RulesRefused, Seat
from assistant.models import (
    AssistantEvent,
    AssistantGame,
    GameStatus,
    new_follow_token,
    new_join_code,
)
from clubs.models import Club
from games.models import TableSession
from scoring.types import Problem

_JOIN_CODE_TRIES = 8
# A log holds at most this many events, recorded or imported: a game of
# Concordia takes about 150 to 300, one of Magnanimous a few hundred, and a
# replay costs about 60 µs an event. A bound keeps any one game from costing
# every page that replays it (50,000 events took 3 s a replay).
MAX_EVENTS: Final = 2_000

LOG_FULL: Final = gettext_noop(
    "This game's log is full (%(limit)d events): no more moves can be recorded."
)
TOO_MANY_EVENTS: Final = gettext_noop(
    "A game log holds at most %(limit)d events; this one has %(count)d."
)
NOT_A_LOG: Final = gettext_noop("A game log is a JSON object with its events.")
UNKNOWN_GAME: Final = gettext_noop("The assistant does not play this game: %(game)s.")
NO_GAME: Final = gettext_noop("A game log names its game.")
WRONG_PLAYERS: Final = gettext_noop("This game is for %(min)d to %(max)d players.")


class EventConflict(ValidationError):
    """Another phone recorded an event since this one saw the game."""

    def __init__(self, *, head_seq: int) -> None:
        self.head_seq = head_seq
        super().__init__(
            _(
                "Someone else recorded a move first. Here is the game as it "
                "stands now: check it and tap again if your move still applies."
            )
        )


class GameClosed(ValidationError):
    """The final score sheet exists: the assistant game takes no more moves."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "The final score sheet is already open: the game is closed and "
                "can no longer be undone. Correct the score sheet instead."
            )
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Appended:
    """The outcome of an append: the event (new or the resent one's) and the state after it."""

    event: AssistantEvent
    state: Any
    created: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveResult:
    """What a submitted move did: recorded (``appended``), or a question first.

    ``question`` is the game's own value, which its move page asks (nothing was
    recorded); ``notice`` says what the app filled in itself.
    """

    appended: Appended | None
    question: object | None = None
    notice: str = ""


def _refused(template: str, path: str = "", **params: str | int) -> RulesRefused:
    return RulesRefused([Problem(path=path, template=template, params=params)])


def _join_code() -> str:
    code = new_join_code()
    for _try in range(_JOIN_CODE_TRIES):
        if not AssistantGame.objects.filter(join_code=code).exists():
            break
        code = new_join_code()
    return code


@transaction.atomic
def game_create(
    *,
    club: Club,
    created_by: User | None,
    game: str,
    players: Sequence[tuple[str, str]],
    setup: Mapping[str, object],
    start: int | None = 0,
    rng: random.Random | None = None,
    setup_key: str = "",
) -> AssistantGame:
    """Create a game of ``game``, ready for its first turn.

    ``players`` are (name, colour) around the table; ``start`` is the index of
    the start player (None: drawn with ``rng``), who sits first in the game's
    seating order. A seat without a colour takes the game's next free one.
    With a ``setup_key`` (the wizard's draft) the game is made once: a second
    call with the same key, even one racing the first, returns the first game.
    Raises `RulesRefused` when the game's rules refuse the setup.
    """
    assistant = _assistant(game)
    names = [name.strip() for name, _colour in players]
    if not assistant.min_players <= len(names) <= assistant.max_players:
        raise _refused(
            WRONG_PLAYERS,
            "players",
            min=assistant.min_players,
            max=assistant.max_players,
        )
    chosen = [colour or "" for _name, colour in players]
    free = [value for value, _label in assistant.colours if value not in chosen]
    colours = [colour or free.pop(0) for colour in chosen]
    if start is None:
        start = (rng or random.SystemRandom()).randrange(len(names))
    seats = [
        {"name": name, "colour": colour}
        for name, colour in zip(names, colours, strict=True)
    ]
    seats = seats[start:] + seats[:start]
    if assistant.colours_by_seat:
        # The rules give the colours from the first player, whatever was chosen.
        for seat, (value, _label) in zip(seats, assistant.colours, strict=False):
            seat["colour"] = value
    assistant.setup_check(players=seats, setup=setup)
    if setup_key:
        made = AssistantGame.objects.filter(club=club, setup_key=setup_key).first()
        if made is not None:
            return made
    row = AssistantGame(
        club=club,
        game=assistant.game,
        players=seats,
        setup=dict(setup),
        status=GameStatus.PLAYING,
        created_by=created_by,
        setup_key=setup_key,
    )
    row.full_clean(exclude=["join_code", "follow_token", "setup_key"])
    row.join_code = _join_code()
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        made = (
            AssistantGame.objects.filter(club=club, setup_key=setup_key).first()
            if setup_key
            else None
        )
        if made is None:
            raise
        return made
    return row


def game_create_from_choices(
    *,
    club: Club,
    created_by: User | None,
    game: str,
    players: Sequence[tuple[str, str]],
    choices: Mapping[str, object],
    start: int | None = 0,
    rng: random.Random | None = None,
    setup_key: str = "",
) -> AssistantGame:
    """Create a game from the setup wizard's choices: the game deals and draws
    what the app lays out for the table (`GameAssistant.setup_new`), then as
    `game_create` (``start`` None: the app draws the start player)."""
    assistant = _assistant(game)
    rng = rng or random.SystemRandom()
    setup = assistant.setup_new(
        choices=choices,
        seats=[Seat(name=name.strip(), colour=colour) for name, colour in players],
        rng=rng,
    )
    return game_create(
        club=club,
        created_by=created_by,
        game=game,
        players=players,
        setup=setup,
        start=start,
        rng=rng,
        setup_key=setup_key,
    )


def _assistant(game: str) -> GameAssistant[Any]:
    assistant = registry.get(game)
    if assistant is None:
        raise _refused(UNKNOWN_GAME, "game", game=game)
    return assistant


@transaction.atomic
def event_append(
    *,
    game: AssistantGame,
    document: Mapping[str, object],
    expected_seq: int | None,
    idempotency_key: str = "",
    created_by: User | None = None,
) -> Appended:
    """Append one event when the rules accept it after the events recorded so far.

    ``expected_seq`` is the head the phone saw (None: whatever it is now; for
    scripts and imports, never for a phone). The game's row is locked first,
    so a second writer of the same head waits and then gets `EventConflict`;
    the same ``idempotency_key`` twice returns the first event
    (``created=False``) instead of recording another. Raises `RulesRefused`
    when the rules refuse it, and `GameClosed` once the final score sheet
    exists (no undo then: the sheet holds the result). Costs one event
    through the game's rules when the worker remembers the state at the head,
    else a replay.
    """
    locked = AssistantGame.objects.select_for_update().get(pk=game.pk)
    if idempotency_key:
        resent = locked.events.filter(idempotency_key=idempotency_key).first()
        if resent is not None:
            return Appended(
                event=resent, state=selectors.game_state(locked), created=False
            )
    if locked.session_id is not None:
        raise GameClosed()
    if expected_seq is not None and expected_seq != locked.head_seq:
        raise EventConflict(head_seq=locked.head_seq)
    if locked.head_seq >= MAX_EVENTS:
        raise _refused(LOG_FULL, limit=MAX_EVENTS)
    assistant = registry.of(locked)
    state = assistant.apply(selectors.game_state(locked), document)
    event = AssistantEvent(
        game=locked,
        seq=locked.head_seq + 1,
        idempotency_key=idempotency_key,
        document=dict(document),
        created_by=created_by,
    )
    try:
        with transaction.atomic():
            event.save(force_insert=True)
    except IntegrityError as error:
        # Only a writer that skipped the lock (none of ours) gets here.
        raise EventConflict(head_seq=locked.head_seq) from error
    status = assistant.status(state)
    AssistantGame.objects.filter(pk=locked.pk).update(head_seq=event.seq, status=status)
    locked.head_seq = game.head_seq = event.seq
    locked.status = game.status = status
    # Remembered once the event is committed: a rollback leaves no state
    # for a head the log never had.
    transaction.on_commit(lambda: selectors.game_state_remember(locked, state))
    return Appended(event=event, state=state, created=True)


def move_submit(
    *,
    game: AssistantGame,
    move: Move,
    expected_seq: int,
    idempotency_key: str = "",
    created_by: User | None = None,
) -> MoveResult:
    """Record a phone's move: the game reads it, completes it, and it is appended.

    The one path of every move a page (or, later, the API) records. The phone
    says which head it saw (``expected_seq``, required) and its tap's key:
    a tap sent twice returns the move recorded the first time; a move made on
    a head that has moved since raises `EventConflict` before anything is read;
    a closed game raises `GameClosed`. The game then reads the move
    (`GameAssistant.move_event`), completes what only one way can fill, or
    returns the question the table must answer first (``question``, nothing
    recorded); the rules refuse it with `RulesRefused` (the page shows the
    move again, as typed, with the reasons).
    """
    if idempotency_key:
        resent = selectors.event_for_key(game=game, key=idempotency_key)
        if resent is not None:
            return MoveResult(
                appended=Appended(
                    event=resent, state=selectors.game_state(game), created=False
                )
            )
    if game.session_id is not None:
        raise GameClosed()
    if expected_seq != game.head_seq:
        raise EventConflict(head_seq=game.head_seq)
    assistant = registry.of(game)
    state = selectors.game_state(game)
    completion = assistant.move_complete(state, assistant.move_event(state, move))
    if completion.event is None:
        return MoveResult(appended=None, question=completion.question)
    appended = event_append(
        game=game,
        document=completion.event,
        expected_seq=expected_seq,
        idempotency_key=idempotency_key,
        created_by=created_by,
    )
    return MoveResult(appended=appended, notice=completion.notice)


def event_undo(
    *,
    game: AssistantGame,
    expected_seq: int | None,
    idempotency_key: str = "",
    created_by: User | None = None,
) -> Appended:
    """Withdraw the latest move by appending an ``undo`` event (nothing is rewritten)."""
    return event_append(
        game=game,
        document={"type": "undo"},
        expected_seq=expected_seq,
        idempotency_key=idempotency_key,
        created_by=created_by,
    )


def game_abandon(
    *,
    game: AssistantGame,
    expected_seq: int | None,
    idempotency_key: str = "",
    created_by: User | None = None,
) -> Appended:
    """Stop the game before its end: an ``abandon`` event; no sheet follows."""
    return event_append(
        game=game,
        document={"type": "abandon"},
        expected_seq=expected_seq,
        idempotency_key=idempotency_key,
        created_by=created_by,
    )


def follow_link_revoke(*, game: AssistantGame) -> None:
    """Revoke the read-only link: whoever holds it can no longer follow the game."""
    game.follow_token = ""
    game.save(update_fields=["follow_token"])


def follow_link_renew(*, game: AssistantGame) -> str:
    """Give the game a new read-only link (the old one stops working)."""
    game.follow_token = new_follow_token()
    while AssistantGame.objects.filter(follow_token=game.follow_token).exists():
        game.follow_token = secrets.token_urlsafe(18)
    game.save(update_fields=["follow_token"])
    return game.follow_token


@transaction.atomic
def game_finish(*, game: AssistantGame, created_by: User | None) -> TableSession:
    """Create the finished game's `TableSession` with its seats, once; return it.

    The group then completes and saves its score sheet on the usual sheet page,
    which opens with everything the log tracked (`selectors.game_sheet_prefill`);
    saving it records the game and refreshes the statistics as for any game.
    Raises `ValidationError` while the game is still being played.
    """
    locked = AssistantGame.objects.select_for_update().get(pk=game.pk)
    if locked.session_id is not None:
        session = TableSession.objects.get(pk=locked.session_id)
        game.session = session
        return session
    assistant = registry.of(locked)
    if assistant.status(selectors.game_state(locked)) != GameStatus.FINISHED:
        raise ValidationError(_("The game is not over yet."))
    session = assistant.session_create(
        club=locked.club,
        created_by=created_by,
        players=locked.players,
        setup=locked.setup,
        played_at=timezone.now(),
        idempotency_key=f"assistant-{locked.pk}",
    )
    AssistantGame.objects.filter(pk=locked.pk).update(
        session=session, status=GameStatus.FINISHED
    )
    game.session = session
    game.status = GameStatus.FINISHED
    return session


@transaction.atomic
def game_setup_update(*, game: AssistantGame, setup: Mapping[str, object]) -> None:
    """Replace the game's setup with what was laid on the table (the game's own pages).

    Only before the first event: after it, the log's setup is history. Raises
    `ValidationError` then, and `RulesRefused` when the rules refuse it.
    """
    locked = AssistantGame.objects.select_for_update().get(pk=game.pk)
    if locked.head_seq:
        raise ValidationError(
            _("The game has started: its setup can no longer change.")
        )
    registry.of(locked).setup_check(players=locked.players, setup=setup)
    locked.setup = dict(setup)
    locked.save(update_fields=["setup"])
    game.setup = locked.setup


def log_game(document: object) -> GameAssistant[Any]:
    """The registered game a log document is of; raises `RulesRefused` saying why not.

    Checks the document's shape (an object naming its game) and its number of
    events before the game's reader parses anything else.
    """
    if not isinstance(document, dict):
        raise _refused(NOT_A_LOG)
    name = document.get("game")
    if not isinstance(name, str) or not name:
        raise _refused(NO_GAME, "game")
    assistant = registry.get(name)
    if assistant is None:
        raise _refused(UNKNOWN_GAME, "game", game=name[:40])
    events = document.get("events")
    if isinstance(events, list) and len(events) > MAX_EVENTS:
        raise _refused(TOO_MANY_EVENTS, "events", limit=MAX_EVENTS, count=len(events))
    return assistant


@transaction.atomic
def game_import(
    *, club: Club, created_by: User | None, document: object, setup_key: str = ""
) -> AssistantGame:
    """Create a game from an exported game log, events and all.

    ``document`` is the decoded JSON (`games.documents.document_load` reads an
    upload). The whole log is replayed first: a log the rules refuse raises
    `RulesRefused` (with the path of each problem) and creates nothing; so do
    a document that is not a log object, a game the assistant does not play,
    and a log of more than `MAX_EVENTS` events (refused before it is read).
    A log without events is a new game's setup, its seats as the log's header
    gives them (the API's create). With a ``setup_key`` the game is made once
    per club and key, as `game_create` makes it: a second call, even one
    racing the first, returns the first game.
    """
    assistant = log_game(document)
    assert isinstance(document, dict)  # log_game refuses anything else
    log = assistant.log_read(document)
    if setup_key:
        made = AssistantGame.objects.filter(club=club, setup_key=setup_key).first()
        if made is not None:
            return made
    game = AssistantGame(
        club=club,
        game=assistant.game,
        players=log.players,
        setup=log.setup,
        status=log.status,
        created_by=created_by,
        head_seq=len(log.events),
        setup_key=setup_key,
    )
    game.join_code = _join_code()
    try:
        with transaction.atomic():
            game.save()
    except IntegrityError:
        made = (
            AssistantGame.objects.filter(club=club, setup_key=setup_key).first()
            if setup_key
            else None
        )
        if made is None:
            raise
        return made
    AssistantEvent.objects.bulk_create(
        AssistantEvent(game=game, seq=seq, document=event, created_by=created_by)
        for seq, event in enumerate(log.events, start=1)
    )
    return game
