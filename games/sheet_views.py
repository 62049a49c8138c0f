"""What the three score-entry pages (Concordia sheet, Concordia board, Magnanimous) share when saving."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

from concordia_site.http import AuthedHtmxRequest
from games import selectors
from games.models import TableSession
from games.services import VersionConflict


def sheet_conflict_context(
    *,
    request: AuthedHtmxRequest,
    session: TableSession,
    table: forms.Form,
    conflict: VersionConflict,
) -> dict[str, object]:
    """Another phone saved the game first: say so, with what it saved.

    The page keeps what this player typed, at the game's new version, so that
    saving again (after comparing) overwrites the other save knowingly.
    """
    data = request.POST.copy()
    data["version"] = str(conflict.current_version)
    table.data = data
    return {
        "conflict": conflict.messages[0],
        "saved_results": list(selectors.results_for_session(session)),
    }


def sheet_saved_response(
    request: AuthedHtmxRequest, session: TableSession
) -> HttpResponse:
    """Go to the saved game's result page (htmx: a client-side redirect)."""
    messages.success(request, _("Game saved and scored."))
    if request.htmx:
        return HttpResponseClientRedirect(session.get_absolute_url())
    return redirect(session)


def sheet_record_or_conflict(
    *,
    request: AuthedHtmxRequest,
    session: TableSession,
    table: forms.Form,
    context: dict[str, object],
    record: Callable[[], object],
) -> HttpResponse | None:
    """Save the sheet with ``record`` and go to the result page.

    When another phone saved first, put the conflict into ``context`` and
    return None: the caller shows the sheet again, with what was typed.
    """
    try:
        record()
    except VersionConflict as conflict:
        context |= sheet_conflict_context(
            request=request, session=session, table=table, conflict=conflict
        )
        return None
    return sheet_saved_response(request, session)
