"""Reads of the table assistant: games visible to a member, the log, the state.

The public functions other areas call: `game_log_document` (the export of a
game's log, which `services.game_import` reads back), `game_qs_visible_to`,
`game_get_visible`, `game_state` and `game_sheet_prefill` (registered with
`games.sheet_prefill` when the app starts).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import QuerySet

from assistant import registry
from assistant.models import AssistantEvent, AssistantGame, GameStatus
from clubs.models import Club
from games.models import TableSession
from scoring.magnanimous import MagnanimousSheet
from scoring.types import ScoreSheet


def game_qs_visible_to(
    *, user: User | AnonymousUser, club_slug: str
) -> QuerySet[AssistantGame]:
    """Return the assistant games of the club ``club_slug`` if ``user`` is a member of it."""
    if not user.is_authenticated:
        return AssistantGame.objects.none()
    return AssistantGame.objects.select_related("club").filter(
        club__slug=club_slug, club__memberships__user=user
    )


def game_get_visible(
    *,
    user: User | AnonymousUser,
    club_slug: str,
    game_id: int,
    game: str | None = None,
) -> AssistantGame | None:
    """Return one game of a club ``user`` belongs to (of the kind ``game``, if
    given), in one query; else None."""
    games = game_qs_visible_to(user=user, club_slug=club_slug).filter(pk=game_id)
    if game is not None:
        games = games.filter(game=game)
    return games.first()


def game_for_follow_token(*, club_slug: str, token: str) -> AssistantGame | None:
    """Return the game a read-only link opens; None once revoked (or never issued)."""
    if not token:
        return None
    return (
        AssistantGame.objects.select_related("club")
        .filter(club__slug=club_slug, follow_token=token)
        .first()
    )


def game_id_for_setup_key(*, club: Club, key: str) -> int | None:
    """The game the setup wizard's draft ``key`` already made in ``club``, if any."""
    return (
        AssistantGame.objects.filter(club=club, setup_key=key)
        .values_list("pk", flat=True)
        .first()
    )


def game_for_join_code(
    *, user: User | AnonymousUser, club_slug: str, code: str
) -> AssistantGame | None:
    """Return the club's game with that join code (spaces and case ignored), for a member."""
    code = "".join(code.split()).upper()
    if not code:
        return None
    return (
        game_qs_visible_to(user=user, club_slug=club_slug)
        .filter(join_code=code)
        .first()
    )


def event_for_key(*, game: AssistantGame, key: str) -> AssistantEvent | None:
    """The event a phone's tap (its idempotency key) already recorded, if any."""
    if not key:
        return None
    return game.events.filter(idempotency_key=key).first()


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRow:
    """A game as the club's list shows it: its status and a few words about its setup."""

    game: AssistantGame
    status: str
    summary: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLists:
    """The club's games for the list page: in play, and ended (finished or abandoned)."""

    in_play: list[GameRow]
    ended: list[GameRow]


def game_lists_for_club(*, user: User, club_slug: str, limit: int = 20) -> GameLists:
    """Return the newest ``limit`` games of the club, those in play apart from the ended.

    One query: every write records the game's status with its head, so no
    game is replayed here (a long log would cost every view of the list its
    replay). Only a game recorded before the status existed and never
    written since asks its state (remembered, or one replay).
    """
    in_play: list[GameRow] = []
    ended: list[GameRow] = []
    for game in game_qs_visible_to(user=user, club_slug=club_slug)[:limit]:
        assistant = registry.get(game.game)
        if assistant is None:
            continue
        status = game.status or assistant.status(game_state(game))
        row = GameRow(
            game=game, status=status, summary=tuple(assistant.summary(game.setup))
        )
        (in_play if status == GameStatus.PLAYING else ended).append(row)
    return GameLists(in_play=in_play, ended=ended)


def _events(game: AssistantGame) -> list[dict[str, Any]]:
    return list(game.events.order_by("seq").values_list("document", flat=True))


def game_log_document(game: AssistantGame) -> dict[str, object]:
    """Return the whole log as the game's log document (the export). One query."""
    return registry.of(game).log_document(
        players=game.players, setup=game.setup, events=_events(game)
    )


# The states of recent games by (game, head, setup): the log only grows, so the
# state at a given head never changes and needs no invalidation; the setup is in
# the key because it may still change before the first event. States are frozen
# values, safe to share between the threads of a worker (a per-process memo of
# immutable values: no cache shared between workers is needed). A phone's tap
# then costs one event through the rules instead of a replay of the whole log.
_STATES: OrderedDict[tuple[int, int, str], Any] = OrderedDict()
_STATES_LOCK = threading.Lock()
_STATES_KEPT = 256


def _state_key(game: AssistantGame) -> tuple[int, int, str]:
    setup = json.dumps([game.game, game.players, game.setup], sort_keys=True)
    return (game.pk, game.head_seq, f"{game.created_at.isoformat()} {setup}")


def game_state_remember(game: AssistantGame, state: object) -> None:
    """Keep ``state`` as the state of ``game`` at its current ``head_seq``."""
    key = _state_key(game)
    with _STATES_LOCK:
        _STATES[key] = state
        _STATES.move_to_end(key)
        while len(_STATES) > _STATES_KEPT:
            _STATES.popitem(last=False)


def game_state(game: AssistantGame) -> Any:
    """Return the state at the game's head: remembered, or replayed from the log.

    A replay costs one query and the game's replay of every event (at most
    `services.MAX_EVENTS`).
    """
    key = _state_key(game)
    with _STATES_LOCK:
        state = _STATES.get(key)
        if state is not None:
            _STATES.move_to_end(key)
            return state
    state = registry.of(game).replay(game_log_document(game))
    # Inside a transaction the head may be one that a rollback undoes: only
    # what was read outside any transaction (committed) is remembered.
    if not connection.in_atomic_block:
        game_state_remember(game, state)
    return state


def game_sheet_prefill(session: TableSession) -> ScoreSheet | MagnanimousSheet | None:
    """Return the sheet a game played with the assistant opens with; None for any other."""
    game = AssistantGame.objects.filter(session=session).first()
    if game is None:
        return None
    return registry.of(game).sheet_prefill(game_state(game))
