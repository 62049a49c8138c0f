"""The club's assistant games: the list (with the join box), and a game's log out and in."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from assistant import registry, selectors, services
from assistant.forms import log_upload_read
from assistant.interface import RulesRefused
from assistant.views.base import club_of, game_of
from clubs.models import Club
from concordia_site.http import AuthedHtmxRequest
from games.documents import NOT_JSON, NOT_UTF8, UNREADABLE_JSON, ImportRejected
from games.vocabulary import problem_message
from scoring.types import Problem

# What the reader of documents says of a file that is no JSON text at all.
_NOT_TEXT = frozenset({NOT_JSON, NOT_UTF8, UNREADABLE_JSON})


def _list_page(
    request: AuthedHtmxRequest, club: Club, *, import_problems: Sequence[str] = ()
) -> HttpResponse:
    lists = selectors.game_lists_for_club(user=request.user, club_slug=club.slug)
    games = registry.games()
    return render(
        request,
        "assistant/game_list.html",
        {
            "club": club,
            "games": lists.in_play,
            "ended": lists.ended,
            "import_problems": list(import_problems),
            # One link per game played; with one game, the plain words.
            "new_game_links": [
                (
                    reverse(
                        f"assistant:{game.wizard_url_name}",
                        kwargs={"club_slug": club.slug},
                    ),
                    game.label if len(games) > 1 else "",
                )
                for game in games
            ],
        },
    )


@require_GET
@login_required
def game_list(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    return _list_page(request, club_of(request, club_slug))


@require_GET
@login_required
def game_export(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """The log as the game's log document, to keep, share or replay."""
    game = game_of(request, club_slug, game_id)
    response = JsonResponse(
        selectors.game_log_document(game), json_dumps_params={"indent": 1}
    )
    response["Content-Disposition"] = (
        f'attachment; filename="game-log-{game.club.slug}-{game.pk}.json"'
    )
    return response


def _lines(problems: tuple[Problem, ...]) -> list[str]:
    """Each problem on a line, after the path of its place in the file when it has one."""
    return [
        f"{p.path}: {problem_message(p)}" if p.path else problem_message(p)
        for p in problems
    ]


@require_POST
@login_required
def game_import(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    """Bring in a game from its exported log (a JSON file)."""
    club = club_of(request, club_slug)
    try:
        document = log_upload_read(request.FILES.get("log"))
        game = services.game_import(
            club=club, created_by=request.user, document=document
        )
    except ImportRejected as rejected:
        problems = _lines(rejected.problems)
        if any(p.template in _NOT_TEXT for p in rejected.problems):
            problems.insert(0, _("That file is not a game log: it is not JSON text."))
        return _list_page(request, club, import_problems=problems)
    except RulesRefused as refused:
        return _list_page(request, club, import_problems=_lines(refused.problems))
    messages.success(request, _("Game log imported."))
    return redirect(game)
