"""What every assistant page shares, and what a game's own pages use from the shell.

The club and game of a request (404 for a stranger, or for a game of another
kind), the game's addresses, problems in the reader's language, the turn
panel (`render_turn`, `turn_context`) and the one way a move is answered
(`record_answer`: refused, in conflict, a question first, or recorded).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, reverse
from django.utils.translation import gettext_lazy
from django_htmx.http import HttpResponseClientRedirect

from assistant import registry, selectors, services
from assistant.forms import clean_key, new_key, seq_of
from assistant.interface import Move, RulesRefused
from assistant.models import AssistantGame
from clubs import access
from clubs.models import Club
from concordia_site.http import AuthedHtmxRequest, HtmxHttpRequest
from games.vocabulary import problem_message

# The event the head poll sends when the log moved; the turn panel listens.
CHANGED_EVENT = "assistant-changed"

# The shell's pages of one game, by URL name; a game adds its own (`_game_urls`).
_SHELL_PAGES = (
    "turn",
    "undo",
    "abandon",
    "head",
    "share",
    "export",
    "setup",
    "finish",
)


def club_of(request: AuthedHtmxRequest, club_slug: str) -> Club:
    return access.club_for_member(request.user, club_slug)


def game_of(
    request: AuthedHtmxRequest, club_slug: str, game_id: int, *, game: str | None = None
) -> AssistantGame:
    """The game of the address, for a member of its club (and of the kind ``game``); else 404."""
    found = selectors.game_get_visible(
        user=request.user, club_slug=club_slug, game_id=game_id, game=game
    )
    if found is None:
        raise Http404
    return found


def _game_urls(patterns: list[URLPattern]) -> list[str]:
    return [
        str(pattern.name)
        for pattern in patterns
        if pattern.name and "<int:game_id>" in str(pattern.pattern)
    ]


def game_urls(game: AssistantGame) -> dict[str, str]:
    """Every address of one game, keyed for templates (``urls.turn``, ``urls.play``):
    the shell's, then the game's own (``game-setup-display`` → ``setup_display``)."""
    kwargs = {"club_slug": game.club.slug, "game_id": game.pk}
    names = [f"game-{page}" for page in _SHELL_PAGES]
    names += _game_urls(list(registry.of(game).urls))
    return {
        name.removeprefix("game-").replace("-", "_"): reverse(
            f"assistant:{name}", kwargs=kwargs
        )
        for name in names
    }


def problem_texts(error: RulesRefused) -> list[str]:
    return [problem_message(problem) for problem in error.problems]


def go_to(request: HtmxHttpRequest, url: str) -> HttpResponse:
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def turn_context(
    game: AssistantGame, state: object, *, read_only: bool = False
) -> dict[str, object]:
    """The turn panel's context: the shell's (the poll, the phones, undo) and the game's."""
    assistant = registry.of(game)
    context: dict[str, object] = {
        "club": game.club,
        "game": game,
        "urls": game_urls(game),
        "key": new_key(),
        "read_only": read_only,
        "head_url": reverse(
            "assistant:game-head",
            kwargs={"club_slug": game.club.slug, "game_id": game.pk},
        ),
        "panel_url": game.get_absolute_url(),
        "status": assistant.status(state),
        "current_player": assistant.current_player(state),
        "undoable": assistant.undoable(state),
        "last_move": assistant.last_move(state),
        "stylesheets": assistant.stylesheets,
        "turn_template": assistant.turn_template,
    }
    if read_only:
        kwargs = {"club_slug": game.club.slug, "follow_token": game.follow_token}
        context["head_url"] = reverse("assistant:follow-head", kwargs=kwargs)
        context["panel_url"] = reverse("assistant:follow", kwargs=kwargs)
    return context | assistant.turn_context(state, read_only=read_only)


def render_turn(
    request: HtmxHttpRequest,
    game: AssistantGame,
    *,
    read_only: bool = False,
    **extra: object,
) -> HttpResponse:
    """The turn page (htmx: its panel alone), with ``extra`` (alerts) in its context."""
    state = selectors.game_state(game)
    context = turn_context(game, state, read_only=read_only) | extra
    template = "assistant/game_turn.html" + ("#turn-panel" if request.htmx else "")
    return render(request, template, context)


def after_write(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    *,
    problems: list[str] | None = None,
    conflict: str = "",
    notice: str = "",
) -> HttpResponse:
    """htmx gets the fresh turn panel; without JS, POST/redirect/GET."""
    if not request.htmx:
        for text in [*(problems or []), *([conflict] if conflict else [])]:
            messages.error(request, text)
        if notice:
            messages.info(request, notice)
        return redirect(game)
    return render_turn(
        request, game, problems=problems or [], conflict=conflict, notice=notice
    )


Record = Callable[[int, str], "services.MoveResult | services.Appended"]


def record_answer(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    record: Record,
    *,
    refused: Callable[[list[str]], HttpResponse] | None = None,
    failed: Callable[[list[str]], HttpResponse] | None = None,
    question: Callable[[object], HttpResponse] | None = None,
    recorded: Callable[[str], HttpResponse] | None = None,
) -> HttpResponse:
    """Answer a phone's write: ``record(head seen, tap key)`` calls one service.

    A write without the head it was made on is refused (it could not be
    checked against another phone's). By default every answer is the turn
    panel (htmx) or the turn page (no JS) with what happened: another phone's
    move first, the game closed, the rules' reasons, or what the app filled in
    itself. A game's page may answer otherwise: ``refused`` (the rules refused:
    the move again, as typed), ``failed`` (any other refusal), ``question``
    (the table must choose first), ``recorded`` (given the notice).
    """
    seq = seq_of(request.POST.get("seq"))
    if seq is None:
        return _failed(request, game, failed, problems=[str(_UNPLACED)])
    try:
        result = record(seq, clean_key(request.POST.get("key")))
    except services.EventConflict as conflict:
        return _failed(request, game, failed, conflict=conflict.messages[0])
    except services.GameClosed as closed:
        return _failed(request, game, failed, problems=list(closed.messages))
    except RulesRefused as error:
        texts = problem_texts(error)
        if refused is not None:
            return refused(texts)
        return _failed(request, game, failed, problems=texts)
    asked = result.question if isinstance(result, services.MoveResult) else None
    if asked is not None and question is not None:
        return question(asked)
    notice = result.notice if isinstance(result, services.MoveResult) else ""
    if recorded is not None:
        return recorded(notice)
    return after_write(request, game, notice=notice)


_UNPLACED = gettext_lazy(
    "This move did not say which state of the game it was made on, so nothing"
    " was recorded: reload the game and tap again."
)


def _failed(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    failed: Callable[[list[str]], HttpResponse] | None,
    *,
    problems: list[str] | None = None,
    conflict: str = "",
) -> HttpResponse:
    if failed is not None:
        return failed([*(problems or []), *([conflict] if conflict else [])])
    return after_write(request, game, problems=problems, conflict=conflict)


def move_answer(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    move: Move,
    **answers: Any,
) -> HttpResponse:
    """Record ``move`` through `services.move_submit` and answer as `record_answer` does."""

    def submit(seq: int, key: str) -> services.MoveResult:
        return services.move_submit(
            game=game,
            move=move,
            expected_seq=seq,
            idempotency_key=key,
            created_by=request.user,
        )

    return record_answer(request, game, submit, **answers)
