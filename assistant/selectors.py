"""Reads of the table assistant: games visible to a member, the log, the state."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import QuerySet

from assistant import engine
from assistant.models import AssistantGame
from clubs.models import Club
from games.models import TableSession
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
    *, user: User | AnonymousUser, club_slug: str, game_id: int
) -> AssistantGame | None:
    """Return one game of a club ``user`` belongs to, in one query; else None."""
    return game_qs_visible_to(user=user, club_slug=club_slug).filter(pk=game_id).first()


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


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLists:
    """The club's games for the list page: in play, and ended (finished or abandoned)."""

    in_play: list[AssistantGame]
    ended: list[tuple[AssistantGame, str]]


def game_lists_for_club(*, user: User, club_slug: str, limit: int = 20) -> GameLists:
    """Return the newest ``limit`` games of the club, those in play apart from the ended.

    One query: every write records the game's status with its head, so no
    game is replayed here (a long log would cost every view of the list its
    replay). Only a game recorded before the status existed and never
    written since asks its state (remembered, or one replay).
    """
    in_play: list[AssistantGame] = []
    ended: list[tuple[AssistantGame, str]] = []
    for game in game_qs_visible_to(user=user, club_slug=club_slug)[:limit]:
        status = game.status or (
            "finished" if game.session_id else str(game_state(game).status)
        )
        if status in {"finished", "abandoned"}:
            ended.append((game, status))
        else:
            in_play.append(game)
    return GameLists(in_play=in_play, ended=ended)


def game_log_document(game: AssistantGame) -> dict[str, object]:
    """Return the whole log as a game-log document (the export). One query."""
    events = list(game.events.order_by("seq").values_list("document", flat=True))
    return engine.log_document(game, events)


# The states of recent games by (game, head, setup): the log only grows, so the
# state at a given head never changes and needs no invalidation; the setup is in
# the key because it may still change before the first event. States are frozen
# values, safe to share between the threads of a worker. A phone's tap then
# costs one event through the engine instead of a replay of the whole log.
_STATES: OrderedDict[tuple[int, int, str], engine.State] = OrderedDict()
_STATES_LOCK = threading.Lock()
_STATES_KEPT = 256


def _state_key(game: AssistantGame) -> tuple[int, int, str]:
    setup = json.dumps([game.game, game.players, game.setup], sort_keys=True)
    return (game.pk, game.head_seq, f"{game.created_at.isoformat()} {setup}")


def game_state_remember(game: AssistantGame, state: engine.State) -> None:
    """Keep ``state`` as the state of ``game`` at its current ``head_seq``."""
    key = _state_key(game)
    with _STATES_LOCK:
        _STATES[key] = state
        _STATES.move_to_end(key)
        while len(_STATES) > _STATES_KEPT:
            _STATES.popitem(last=False)


def game_state(game: AssistantGame) -> engine.State:
    """Return the state at the game's head: remembered, or replayed from the log.

    A replay costs one query and the engine's replay of every event.
    """
    key = _state_key(game)
    with _STATES_LOCK:
        state = _STATES.get(key)
        if state is not None:
            _STATES.move_to_end(key)
            return state
    state = engine.replay(game_log_document(game))
    # Inside a transaction the head may be one that a rollback undoes: only
    # what was read outside any transaction (committed) is remembered.
    if not connection.in_atomic_block:
        game_state_remember(game, state)
    return state


def game_sheet_prefill(session: TableSession) -> ScoreSheet | None:
    """Return the sheet a game played with the assistant opens with; None for any other."""
    game = AssistantGame.objects.filter(session=session).first()
    if game is None:
        return None
    return engine.prefilled_sheet(game_state(game))
