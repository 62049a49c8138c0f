"""Reads of the table assistant: games visible to a member, the log, the state."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from assistant import engine
from assistant.models import AssistantGame
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


def game_list_for_club(*, user: User, club_slug: str) -> QuerySet[AssistantGame]:
    """Return the club's assistant games not yet saved as a finished game, newest first."""
    return game_qs_visible_to(user=user, club_slug=club_slug).filter(
        session__isnull=True
    )


def game_log_document(game: AssistantGame) -> dict[str, object]:
    """Return the whole log as a game-log document (the export). One query."""
    events = list(game.events.order_by("seq").values_list("document", flat=True))
    return engine.log_document(game, events)


def game_state(game: AssistantGame) -> engine.State:
    """Return the state replayed from the log. One query, then the engine's replay."""
    return engine.replay(game_log_document(game))


def game_sheet_prefill(session: TableSession) -> ScoreSheet | None:
    """Return the sheet a game played with the assistant opens with; None for any other."""
    game = AssistantGame.objects.filter(session=session).first()
    if game is None:
        return None
    return engine.prefilled_sheet(game_state(game))
