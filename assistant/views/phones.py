"""Several phones: the head poll, the join code and its QR code, the read-only follow link."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast
from urllib.parse import urlencode

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import (
    trigger_client_event,
)

from assistant import guests, heads, selectors, services
from assistant.forms import seq_of
from assistant.guests import guests_allowed, phone_required
from assistant.models import AssistantGame
from assistant.views.base import (
    CHANGED_EVENT,
    club_of,
    game_of,
    game_urls,
    render_turn,
)
from clubs.models import Club
from concordia_site.http import AuthedHtmxRequest, HtmxHttpRequest
from scoring.names import name_problem, normalize_name


def _head(request: HtmxHttpRequest, game: AssistantGame, page: str) -> HttpResponse:
    """204 while nothing changed; otherwise tell the turn panel to reload itself."""
    seen = seq_of(request.GET.get("seq"))
    # Opening the final sheet records no event, but it closes the game on every
    # phone (no more undo): a phone that saw it closed says so (sheet=1).
    sheet_seen = request.GET.get("sheet", "1" if game.session_id else "0")
    if seen == game.head_seq and sheet_seen == ("1" if game.session_id else "0"):
        return HttpResponse(status=204)
    return _changed(request, game.head_seq, page)


def _changed(request: HtmxHttpRequest, seq: int, page: str) -> HttpResponse:
    if not request.htmx:
        return redirect(page)
    response = HttpResponse(status=200)
    return trigger_client_event(response, CHANGED_EVENT, {"seq": seq})


def _head_fast(
    request: HtmxHttpRequest, game_id: int, page: Callable[[], str]
) -> HttpResponse | None:
    """The poll with its token (`heads.poll_token`): answered from the game's
    published head, before any session, user or template; None without one."""
    if not heads.poll_token_valid(request.GET.get("t"), game_id):
        return None
    head = heads.head_read(game_id)
    if head is None:
        raise Http404
    seen = seq_of(request.GET.get("seq"))
    sheet = request.GET.get("sheet")
    if seen is not None and (
        head == heads.head_value(seen, sheet == "1")
        if sheet in ("0", "1")
        else head // 2 == seen
    ):
        response = HttpResponse(status=204)
    else:
        response = _changed(request, head // 2, page())
    # never_cache's headers, written once (no parsing of what is there).
    response["Cache-Control"] = _NEVER_CACHE
    response["Expires"] = _EXPIRED
    return response


_NEVER_CACHE = "max-age=0, no-cache, no-store, must-revalidate, private"
_EXPIRED = "Thu, 01 Jan 1970 00:00:00 GMT"


@require_GET
@guests_allowed
def game_head(request: HtmxHttpRequest, club_slug: str, game_id: int) -> HttpResponse:
    """The tiny endpoint every phone polls with the last sequence number it saw.

    With the turn page's poll token it answers from the published head
    (`assistant.heads`); without one, for a signed-in member of the club.
    """
    fast = _head_fast(
        request,
        game_id,
        lambda: reverse(
            "assistant:game-turn", kwargs={"club_slug": club_slug, "game_id": game_id}
        ),
    )
    if fast is not None:
        return fast
    return _game_head_member(cast(AuthedHtmxRequest, request), club_slug, game_id)


@never_cache
@phone_required
def _game_head_member(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    game = game_of(request, club_slug, game_id)
    return _head(request, game, game.get_absolute_url())


@require_http_methods(["GET", "POST"])
@login_required
def game_share(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """The join code, its QR code and the read-only link (revoke or renew)."""
    game = game_of(request, club_slug, game_id)
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            services.follow_link_revoke(game=game)
            messages.success(request, _("The read-only link no longer works."))
        elif request.POST.get("action") == "new-code":
            services.join_code_renew(game=game)
            messages.success(
                request,
                _(
                    "A new join code is ready: the old one and its guests' phones no longer work."
                ),
            )
        else:
            services.follow_link_renew(game=game)
            messages.success(request, _("A new read-only link is ready."))
        return redirect("assistant:game-share", club_slug=club_slug, game_id=game.pk)
    follow_url = (
        request.build_absolute_uri(
            reverse(
                "assistant:follow",
                kwargs={
                    "club_slug": game.club.slug,
                    "follow_token": game.follow_token,
                },
            )
        )
        if game.follow_token
        else ""
    )
    return render(
        request,
        "assistant/game_share.html",
        {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "follow_url": follow_url,
            "qr_svg": _qr_svg(request, _join_url(request, game)),
            "follow_qr_svg": _qr_svg(request, follow_url, _("Read-only link"))
            if follow_url
            else "",
        },
    )


def _join_url(request: HtmxHttpRequest, game: AssistantGame) -> str:
    url = reverse("assistant:game-join", kwargs={"club_slug": game.club.slug})
    return request.build_absolute_uri(f"{url}?code={game.join_code}")


def _qr_svg(request: HtmxHttpRequest, url: str, title: str = "") -> str:
    # Drawn here, no CDN: an SVG of plain paths (no style attribute, which the
    # CSP would refuse), sized by the page's CSS.
    qr = segno.make(url, error="m")
    return str(qr.svg_inline(scale=4, omitsize=True, title=title or _("Join code")))


@require_http_methods(["GET", "POST"])
@guests_allowed
def game_join(request: HtmxHttpRequest, club_slug: str) -> HttpResponse:
    """Open a game of the club by its short code (typed, or from the QR code).

    A member opens the game. Anyone else holding a game's code (signed in or
    not) may join it as a guest: a name, no account (`assistant.guests`);
    their tries are throttled like an anonymous client's.
    """
    code = request.POST.get("code") or request.GET.get("code") or ""
    if request.user.is_authenticated:
        try:
            club = club_of(cast(AuthedHtmxRequest, request), club_slug)
        except Http404:
            pass
        else:
            return _member_join(cast(AuthedHtmxRequest, request), club, code)
    return _guest_join(request, club_slug, code)


def _member_join(request: AuthedHtmxRequest, club: Club, code: str) -> HttpResponse:
    error = ""
    if code:
        game = selectors.game_for_join_code(
            user=request.user, club_slug=club.slug, code=code
        )
        if game is not None:
            return redirect(game)
        error = _("No game of this club has that code.")
    return render(
        request,
        "assistant/game_join.html",
        {"club": club, "code": code, "error": error},
        status=200,
    )


def _guest_join(request: HtmxHttpRequest, club_slug: str, code: str) -> HttpResponse:
    """Join a game as a guest: the code, then a name. Nothing of the club is shown
    before the code is right."""
    game = None
    error = name_error = ""
    name = ""
    if code:
        if (refused := guests.throttled(request)) is not None:
            return refused
        game = selectors.game_for_code(club_slug=club_slug, code=code)
        if game is None:
            error = _("No game of this club has that code.")
    if game is not None and request.method == "POST" and "name" in request.POST:
        name = normalize_name(request.POST.get("name", ""))
        problem = name_problem(name)
        if problem is None:
            response = redirect(game)
            guests.guest_set(response, game, name)
            return response
        template, params = problem
        name_error = _(template) % params
    login = reverse("login") + "?" + urlencode({"next": request.get_full_path()})
    return render(
        request,
        "assistant/game_join_guest.html",
        {
            "club_slug": club_slug,
            "game": game,
            "code": code,
            "error": error,
            "name": name,
            "name_error": name_error,
            "seats": [str(seat.get("name", "")) for seat in game.players]
            if game is not None
            else [],
            "login_url": login,
        },
    )


def _follow_game(club_slug: str, token: str) -> AssistantGame:
    game = selectors.game_for_follow_token(club_slug=club_slug, token=token)
    if game is None:
        raise Http404
    return game


@require_GET
@vary_on_headers("HX-Request")
@guests_allowed
def follow(request: HtmxHttpRequest, club_slug: str, follow_token: str) -> HttpResponse:
    """The read-only view of a game for a guest phone or a TV: no account needed."""
    game = _follow_game(club_slug, follow_token)
    return render_turn(request, game, read_only=True)


@require_GET
@guests_allowed
def follow_head(
    request: HtmxHttpRequest, club_slug: str, follow_token: str
) -> HttpResponse:
    page = reverse(
        "assistant:follow",
        kwargs={"club_slug": club_slug, "follow_token": follow_token},
    )
    game_id = seq_of(request.GET.get("game"))
    if game_id is not None:
        fast = _head_fast(request, game_id, lambda: page)
        if fast is not None:
            return fast
    return _follow_head_checked(request, club_slug, follow_token, page)


@never_cache
def _follow_head_checked(
    request: HtmxHttpRequest, club_slug: str, follow_token: str, page: str
) -> HttpResponse:
    game = _follow_game(club_slug, follow_token)
    return _head(request, game, page)
