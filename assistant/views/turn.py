"""The turn page every game shares, and the writes every game has: undo, abandon, the end.

A game's own moves (Concordia's cards, the display's refill, a correction)
are its package's pages; they record through `services.move_submit` and
answer as these do (`views.base.record_answer`).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from assistant import registry, selectors, services
from assistant.forms import new_key
from assistant.views.base import (
    after_write,
    game_of,
    game_urls,
    go_to,
    record_answer,
    render_turn,
)
from concordia_site.http import AuthedHtmxRequest


@require_GET
@login_required
@vary_on_headers("HX-Request")
def game_turn(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    """The turn screen: whose turn it is and what the table does now."""
    game = game_of(request, club_slug, game_id)
    if request.htmx and request.GET.get("moved"):
        # An open helper's notice: the panel under it stays as it is.
        return render(
            request, "assistant/_moved.html", {"game": game, "urls": game_urls(game)}
        )
    return render_turn(request, game)


@require_POST
@login_required
@vary_on_headers("HX-Request")
def game_undo(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    """Withdraw the latest move (an ``undo`` event), until the final sheet is open.

    The answer names the move withdrawn (the game's `last_move` before it).
    """
    game = game_of(request, club_slug, game_id)
    withdrawn = registry.of(game).last_move(selectors.game_state(game))

    def undone(_notice: str) -> HttpResponse:
        notice = _("Undone: %(move)s") % {"move": withdrawn} if withdrawn else ""
        return after_write(request, game, notice=notice)

    return record_answer(
        request,
        game,
        lambda seq, key: services.event_undo(
            game=game, expected_seq=seq, idempotency_key=key, created_by=request.user
        ),
        recorded=undone,
    )


@require_http_methods(["GET", "POST"])
@login_required
def game_abandon(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Stop the game (an ``abandon`` event), after a confirmation: no score sheet follows.

    GET, or a POST without ``confirm``: the page that asks (it works without
    JavaScript). Undo on the turn screen withdraws the abandon like any move.
    """
    game = game_of(request, club_slug, game_id)

    def page(problems: list[str]) -> HttpResponse:
        return render(
            request,
            "assistant/game_abandon.html",
            {
                "club": game.club,
                "game": game,
                "urls": game_urls(game),
                "key": new_key(),
                "problems": problems,
            },
        )

    if request.method != "POST" or request.POST.get("confirm") != "yes":
        return page([])

    def abandoned(_notice: str) -> HttpResponse:
        messages.info(request, _("The game is abandoned. Undo brings it back."))
        return redirect(game)

    return record_answer(
        request,
        game,
        lambda seq, key: services.game_abandon(
            game=game, expected_seq=seq, idempotency_key=key, created_by=request.user
        ),
        failed=page,
        refused=page,
        recorded=abandoned,
    )


@require_POST
@login_required
def game_finish(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """After the last turn: the game's score sheet, filled with all that was tracked."""
    game = game_of(request, club_slug, game_id)
    try:
        session = services.game_finish(game=game, created_by=request.user)
    except ValidationError as error:
        messages.error(request, error.messages[0])
        return redirect(game)
    if notice := registry.of(game).finish_notice(game.setup):
        messages.info(request, notice)
    return go_to(
        request,
        reverse(
            "games:session-sheet",
            kwargs={"club_slug": game.club.slug, "session_id": session.pk},
        ),
    )
