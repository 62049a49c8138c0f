"""The club's assistant games: the list (with the join box), and a game's log out and in."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from assistant import engine, selectors, services
from assistant.views.base import club_of, game_of, problem_texts
from concordia_site.http import AuthedHtmxRequest


@require_GET
@login_required
def game_list(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = club_of(request, club_slug)
    lists = selectors.game_lists_for_club(user=request.user, club_slug=club.slug)
    return render(
        request,
        "assistant/game_list.html",
        {"club": club, "games": lists.in_play, "ended": lists.ended},
    )


@require_GET
@login_required
def game_export(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """The log as a game-log/1 document, to keep, share or replay."""
    game = game_of(request, club_slug, game_id)
    response = JsonResponse(
        selectors.game_log_document(game), json_dumps_params={"indent": 1}
    )
    response["Content-Disposition"] = (
        f'attachment; filename="game-log-{game.club.slug}-{game.pk}.json"'
    )
    return response


@require_POST
@login_required
def game_import(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    """Bring in a game from its exported log (a game-log/1 JSON file)."""
    club = club_of(request, club_slug)
    upload = request.FILES.get("log")
    problems: list[str] = []
    if upload is None:
        problems = [_("Choose a game log file (JSON).")]
    else:
        try:
            document = json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            problems = [_("That file is not a game log: it is not JSON text.")]
        else:
            try:
                game = services.game_import(
                    club=club, created_by=request.user, document=document
                )
            except engine.LogInvalid as error:
                problems = [
                    f"{problem.path or '—'}: {text}"
                    for problem, text in zip(
                        error.problems, problem_texts(error), strict=True
                    )
                ]
            else:
                messages.success(request, _("Game log imported."))
                return redirect(game)
    lists = selectors.game_lists_for_club(user=request.user, club_slug=club.slug)
    return render(
        request,
        "assistant/game_list.html",
        {
            "club": club,
            "games": lists.in_play,
            "ended": lists.ended,
            "import_problems": problems,
        },
    )
