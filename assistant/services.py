"""Every state change of the table assistant (HackSoft services).

The log only grows: an event is appended when the engine accepts it after the
events already recorded, under a lock on the game's row, so that two phones
tapping at once never both succeed on the same state.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from assistant import engine, selectors
from assistant.models import (
    AssistantEvent,
    AssistantGame,
    GameStatus,
    Tracking,
    new_follow_token,
    new_join_code,
)
from clubs.models import Club
from games import services as games_services
from games.models import Colour, Game, TableSession

MIN_PLAYERS = 2
MAX_PLAYERS = 5
_JOIN_CODE_TRIES = 8


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
    state: engine.State
    created: bool


@transaction.atomic
def game_create(
    *,
    club: Club,
    created_by: User | None,
    map_name: str,
    tracking: str,
    intermediate_scoring: bool,
    players: Sequence[tuple[str, str]],
    cities: Mapping[str, str] | None = None,
    display: Sequence[str] | None = None,
    rng: random.Random | None = None,
    setup_key: str = "",
) -> AssistantGame:
    """Create a game in seating order (start player first), ready for its first turn.

    With a ``setup_key`` (the wizard's draft) the game is made once: a second
    call with the same key, even one racing the first, returns the first game.

    Without ``cities`` the app draws the city tokens, without ``display`` it deals
    the display from deck I; ``rng`` makes both repeatable in tests. Raises
    `engine.LogInvalid` when the engine refuses the setup.
    """
    rng = rng or random.SystemRandom()
    names = [name.strip() for name, _colour in players]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValidationError(_("A game needs 2 to 5 players."))
    colours = [colour or "" for _name, colour in players]
    free = [c for c in Colour.values if c not in colours]
    colours = [colour or free.pop(0) for colour in colours]
    if cities is None:
        cities = engine.draw_cities(map_name, rng) if tracking == Tracking.FULL else {}
    setup: dict[str, object] = {
        "map": map_name,
        "tracking": tracking,
        "intermediate_scoring": intermediate_scoring,
    }
    if cities:
        setup["cities"] = dict(cities)
    setup["display"] = (
        list(display) if display else engine.deal_display(len(names), rng)
    )
    game = AssistantGame(
        club=club,
        game=Game.CONCORDIA,
        players=[
            {"name": name, "colour": colour}
            for name, colour in zip(names, colours, strict=True)
        ],
        setup=setup,
        status=GameStatus.PLAYING,
        created_by=created_by,
    )
    engine.check_setup(engine.log_document(game, []))
    if setup_key:
        made = AssistantGame.objects.filter(club=club, setup_key=setup_key).first()
        if made is not None:
            return made
        game.setup_key = setup_key
    game.full_clean(exclude=["join_code", "follow_token", "setup_key"])
    for _try in range(_JOIN_CODE_TRIES):
        game.join_code = new_join_code()
        if not AssistantGame.objects.filter(join_code=game.join_code).exists():
            break
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
    return game


def _status(state: engine.State) -> GameStatus:
    status = str(state.status)
    if status in {GameStatus.FINISHED, GameStatus.ABANDONED}:
        return GameStatus(status)
    return GameStatus.PLAYING


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

    ``expected_seq`` is the head the phone saw (None: whatever it is now). The
    game's row is locked first, so a second writer of the same head waits and
    then gets `EventConflict`; the same ``idempotency_key`` twice returns the
    first event (``created=False``) instead of recording another. Raises
    `engine.LogInvalid` when the rules refuse it, and `GameClosed` once the
    final score sheet exists (no undo then: the sheet holds the result). Costs one event through the
    engine when the worker remembers the state at the head, else a replay.
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
    state = engine.apply(selectors.game_state(locked), document)
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
    status = _status(state)
    AssistantGame.objects.filter(pk=locked.pk).update(head_seq=event.seq, status=status)
    locked.head_seq = game.head_seq = event.seq
    locked.status = game.status = status
    # Remembered once the event is committed: a rollback leaves no state
    # for a head the log never had.
    transaction.on_commit(lambda: selectors.game_state_remember(locked, state))
    return Appended(event=event, state=state, created=True)


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
    *, game: AssistantGame, expected_seq: int | None, created_by: User | None = None
) -> Appended:
    """Stop the game before its end: an ``abandon`` event; no sheet follows."""
    return event_append(
        game=game,
        document={"type": "abandon"},
        expected_seq=expected_seq,
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
    state = selectors.game_state(locked)
    if str(state.status) != "finished":
        raise ValidationError(_("The game is not over yet."))
    session = games_services.session_create(
        club=locked.club,
        created_by=created_by,
        map_name=locked.setup["map"],
        played_at=timezone.now(),
        seats=[
            games_services.SeatInput(new_name=p["name"], colour=p["colour"])
            for p in locked.players
        ],
        idempotency_key=f"assistant-{locked.pk}",
    )
    AssistantGame.objects.filter(pk=locked.pk).update(session=session)
    game.session = session
    return session


@transaction.atomic
def game_setup_update(
    *,
    game: AssistantGame,
    cities: Mapping[str, str] | None = None,
    display: Sequence[str] | None = None,
) -> None:
    """Replace the city tokens or the display with what was laid on the table.

    Only before the first event: after it, the log's setup is history. Raises
    `ValidationError` then, and `engine.LogInvalid` when the rules refuse it.
    """
    locked = AssistantGame.objects.select_for_update().get(pk=game.pk)
    if locked.head_seq:
        raise ValidationError(
            _("The game has started: its setup can no longer change.")
        )
    setup = dict(locked.setup)
    if cities is not None:
        setup.pop("cities", None)
        if cities:
            setup = {**setup, "cities": dict(cities)}
    if display is not None:
        setup["display"] = list(display)
    # The header's order, as the export writes it.
    order = ("map", "tracking", "intermediate_scoring", "cities", "display")
    locked.setup = {key: setup[key] for key in order if key in setup}
    engine.check_setup(engine.log_document(locked, []))
    locked.save(update_fields=["setup"])
    game.setup = locked.setup


@transaction.atomic
def game_import(
    *, club: Club, created_by: User | None, document: Mapping[str, object]
) -> AssistantGame:
    """Create a game from an exported game log (format game-log/1), events and all.

    The whole log is replayed first: a log the rules refuse raises
    `engine.LogInvalid` (with the path of each problem) and creates nothing.
    """
    state = engine.replay(document)
    log = state.log
    events = list(log.documents)
    setup: dict[str, object] = {
        "map": log.map.value,
        "tracking": log.tracking.value,
        "intermediate_scoring": log.intermediate_scoring,
    }
    if log.cities:
        setup["cities"] = {city: good.value for city, good in log.cities.items()}
    setup["display"] = list(log.display)
    game = AssistantGame(
        club=club,
        game=Game.CONCORDIA,
        players=[{"name": p.name, "colour": p.colour} for p in log.players],
        setup=setup,
        status=_status(state),
        created_by=created_by,
        head_seq=len(events),
    )
    game.join_code = new_join_code()
    while AssistantGame.objects.filter(join_code=game.join_code).exists():
        game.join_code = new_join_code()
    game.save()
    AssistantEvent.objects.bulk_create(
        AssistantEvent(game=game, seq=seq, document=event, created_by=created_by)
        for seq, event in enumerate(events, start=1)
    )
    return game
