"""What every assistant page shares: the club and game of a request (404 for a stranger), the game's addresses, problems in the reader's language."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django_htmx.http import (
    HttpResponseClientRedirect,
)

from assistant import engine, selectors
from assistant.models import AssistantGame
from clubs import access
from clubs.models import Club
from concordia_site.http import AuthedHtmxRequest
from games.vocabulary import problem_message

# The event the head poll sends when the log moved; the turn panel listens.
CHANGED_EVENT = "assistant-changed"


def club_of(request: AuthedHtmxRequest, club_slug: str) -> Club:
    return access.club_for_member(request.user, club_slug)


def game_of(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> AssistantGame:
    game = selectors.game_get_visible(
        user=request.user, club_slug=club_slug, game_id=game_id
    )
    if game is None:
        raise Http404
    return game


def game_urls(game: AssistantGame) -> dict[str, str]:
    kwargs = {"club_slug": game.club.slug, "game_id": game.pk}
    return {
        name.replace("-", "_"): reverse(f"assistant:game-{name}", kwargs=kwargs)
        for name in (
            "turn",
            "play",
            "reveal",
            "undo",
            "adjust",
            "abandon",
            "head",
            "share",
            "export",
            "setup",
            "setup-display",
            "setup-cities",
            "finish",
        )
    }


def problem_texts(error: engine.LogInvalid) -> list[str]:
    return [problem_message(problem) for problem in error.problems]


def go_to(request: AuthedHtmxRequest, url: str) -> HttpResponse:
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def number_of(raw: str) -> int | None:
    try:
        return int(raw)
    except ValueError:
        return None
