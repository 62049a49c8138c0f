"""htmx pages. Every page works without JavaScript; htmx only saves round trips.

The pages every game shares: the club's games, a new game, and a game's own
addresses (result, sheet, preview), which check the sign-in and the club, load
the game and hand it to its room's views through `games.dispatch`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from clubs import access, permissions
from clubs.models import Club
from clubs.selectors import club_qs_visible_to
from concordia_site.http import AuthedHtmxRequest
from games import dispatch, selectors, services
from games.forms import (
    SessionCreateForm,
    SessionDetailsForm,
)
from games.models import Game, Seat, TableSession


def _club(request: AuthedHtmxRequest, club_slug: str) -> Club:
    return access.club_for_member(request.user, club_slug)


def _session(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> TableSession:
    """Load one of the member's club's games with its club, in one query; else 404."""
    session = selectors.session_get_visible(
        user=request.user, club_slug=club_slug, session_id=session_id
    )
    if session is None:
        raise Http404
    return session


def _session_with_seats(
    request: AuthedHtmxRequest,
    club_slug: str,
    session_id: int,
    *related: str,
    present: Sequence[str] = (),
) -> tuple[TableSession, list[Seat]]:
    """Load a game with its club and its seats (players and ``related``) in one
    query; see `selectors.session_seats_get_visible`."""
    found = selectors.session_seats_get_visible(
        user=request.user,
        club_slug=club_slug,
        session_id=session_id,
        related=related,
        present=present,
    )
    if found is None:
        raise Http404
    return found


@require_GET
@login_required
def home(request: AuthedHtmxRequest) -> HttpResponse:
    clubs = list(club_qs_visible_to(request.user))
    if len(clubs) == 1:
        return redirect(clubs[0])
    return render(request, "games/home.html", {"clubs": clubs})


@require_GET
@login_required
def club_detail(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = _club(request, club_slug)
    sessions = selectors.session_list_for_club(club)
    # The club menu leaves out what the member may not open (invite links).
    can_manage = permissions.can_manage(permissions.membership_get(request.user, club))
    deleted = selectors.session_list_recently_deleted(club)
    return render(
        request,
        "games/club_detail.html",
        {
            "club": club,
            "sessions": sessions,
            "can_manage": can_manage,
            "deleted_sessions": deleted,
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def session_create(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = _club(request, club_slug)
    players = list(selectors.player_list_for_club(club))
    # The club page links "?game=magnanimous" to open the form on that game.
    chosen = request.GET.get("game", "")
    form = SessionCreateForm(
        request.POST or None,
        players=players,
        initial={"game": chosen} if chosen in Game.values else None,
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        seats = [
            services.SeatInput(
                player=player, new_name=new_name, colour=colour, team=team
            )
            for (player, new_name, colour), team in zip(
                data["seats"], data["teams"], strict=True
            )
        ]
        # The game chosen creates its game (`games.dispatch`).
        session = dispatch.pages(data["game"]).start(
            club=club,
            created_by=request.user,
            map_name=data["map"],
            # Concordia's modules; a game without them (Magnanimous) gets none.
            **({"expansions": data["expansions"]} if data["expansions"] else {}),
            played_at=_noon(data["played_at"]),
            place=data["place"],
            seats=seats,
            idempotency_key=data["idempotency_key"],
        )
        return redirect(
            "games:session-sheet", club_slug=club.slug, session_id=session.pk
        )
    return render(request, "games/session_create.html", {"club": club, "form": form})


def _noon(day: dt.date) -> dt.datetime:
    # A date typed at the table has no time; noon keeps it on the same day in
    # every time zone a club is likely to be in.
    return dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_sheet(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """The score entry page: GET shows it, POST saves the sheet."""
    # Showing the page needs the stored positions and results; saving needs
    # the players, and whether positions are stored (a first save has no
    # one-per-game flag to clear).
    if request.method == "GET":
        session, seats = _session_with_seats(
            request, club_slug, session_id, "concordia_position", "result"
        )
    else:
        session, seats = _session_with_seats(
            request, club_slug, session_id, present=["concordia_position"]
        )
    return dispatch.session_pages(session).sheet(request, session, seats)


@require_POST
@login_required
@vary_on_headers("HX-Request")
def session_sheet_preview(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """Score the sheet as typed so far; writes nothing.

    Runs on every keystroke, so it loads the game, its club and its seats
    without their stored positions in one query.
    """
    session, seats = _session_with_seats(request, club_slug, session_id)
    return dispatch.session_pages(session).preview(request, session, seats)


@require_GET
@login_required
def session_detail(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """The result page: the table of points, the winner and why each number is so."""
    session, seats = _session_with_seats(
        request, club_slug, session_id, "concordia_position", "result"
    )
    return dispatch.session_pages(session).detail(request, session, seats)


@require_http_methods(["GET", "POST"])
@login_required
def session_edit(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """Change when and where a game was played, and its notes."""
    session = _session(request, club_slug, session_id)
    club = session.club
    form = SessionDetailsForm(
        request.POST or None,
        initial={
            "played_at": timezone.localdate(session.played_at),
            "place": session.place,
            "notes": session.notes,
        },
    )
    if request.method == "POST" and form.is_valid():
        services.session_details_update(
            session=session,
            played_at=_noon(form.cleaned_data["played_at"]),
            place=form.cleaned_data["place"],
            notes=form.cleaned_data["notes"],
        )
        messages.success(request, _("Game details saved."))
        return redirect(session)
    return render(
        request,
        "games/session_edit.html",
        {"club": club, "session": session, "form": form},
    )


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_delete(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    session = _session(request, club_slug, session_id)
    club = session.club
    if request.method == "GET":
        return render(
            request,
            "games/session_delete.html",
            {
                "club": club,
                "session": session,
                "seats": selectors.session_seats(session),
            },
        )
    services.session_delete(session=session)
    messages.success(request, _("Game deleted. You can undo it for a day."))
    if request.htmx:
        return HttpResponseClientRedirect(club.get_absolute_url())
    return redirect(club)


@require_POST
@login_required
@vary_on_headers("HX-Request")
def session_restore(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    session = selectors.session_get_visible_even_deleted(
        user=request.user, club_slug=club_slug, session_id=session_id
    )
    if session is None:
        raise Http404
    try:
        services.session_restore(session=session)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        # Already restored (a second tap on "Undo"): the game is there to see.
        deleted = session.deleted_at is not None
        target = (session.club if deleted else session).get_absolute_url()
    else:
        messages.success(request, _("Game restored."))
        target = session.get_absolute_url()
    if request.htmx:
        return HttpResponseClientRedirect(target)
    return redirect(target)
