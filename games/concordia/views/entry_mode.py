"""Switching between counting by hand and tapping the board."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from concordia_site.http import AuthedHtmxRequest
from games.concordia import selectors as board_selectors
from games.concordia import services as board_services
from games.concordia.forms import (
    EntryModeForm,
)
from games.concordia.presenters import (
    board_url,
)
from games.concordia.views.base import concordia_session
from games.models import EntryMode, TableSession


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_entry_mode(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """Switch between counting by hand and tapping the board, asking first if data would change."""
    session = concordia_session(request, club_slug, session_id)
    summary = board_selectors.board_summary(session)
    if request.method == "POST":
        form = EntryModeForm(request.POST)
        if form.is_valid():
            mode = EntryMode(form.cleaned_data["mode"])
            needs_asking = (
                summary.positions > 0 if mode == EntryMode.BOARD else summary.has_board
            )
            if (
                mode == session.entry_mode
                or not needs_asking
                or form.cleaned_data["confirm"]
            ):
                board_services.session_entry_mode_set(session=session, mode=mode)
                target = _mode_landing(session, summary)
                if request.htmx:
                    return HttpResponseClientRedirect(target)
                return redirect(target)
        target_mode = form.data.get("mode", EntryMode.BOARD)
    else:
        target_mode = request.GET.get("to", EntryMode.BOARD)
    if target_mode not in EntryMode.values:
        target_mode = EntryMode.BOARD
    return render(
        request,
        "games/concordia/session_entry_mode.html",
        {
            "club": session.club,
            "session": session,
            "summary": summary,
            "to": target_mode,
            "to_board": target_mode == EntryMode.BOARD,
        },
    )


def _mode_landing(session: TableSession, summary: board_selectors.BoardSummary) -> str:
    if session.entry_mode == EntryMode.QUICK:
        return board_url("session-sheet", session)
    # Cities come first: the map means little before the goods are known.
    return board_url("session-board" if summary.cities else "session-cities", session)
