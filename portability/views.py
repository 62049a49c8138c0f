"""The "Backup and export" page of a club, and its downloads and uploads.

Members download the results (CSV) and the BG Stats file; the club's owners
and admins also download the full backup and import (403 for other members,
404 for anyone outside the club, as on the other club pages).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
)
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from clubs import access
from clubs.models import Club
from concordia_site.http import AuthedHtmxRequest
from games.documents import (
    ImportRejected,
)
from portability.backup import club_backup_export, club_backup_import
from portability.bgstats import (
    ImportSummary,
    bgstats_export,
    bgstats_import,
    bgstats_import_get,
    bgstats_import_undo,
    bgstats_imports_recent,
    bgstats_player_matches,
    bgstats_upload_create,
    bgstats_upload_import,
    problem_text,
)
from portability.common import (
    ImportOutcome,
    LeftOut,
)
from portability.csv_results import csv_response
from portability.forms import (
    BackupRestoreForm,
    BgStatsImportForm,
    rejection_messages,
)


def _club(request: AuthedHtmxRequest, club_slug: str) -> tuple[Club, bool]:
    club = access.club_for_member(request.user, club_slug)
    return club, access.user_manages(request.user, club)


def _managed(request: AuthedHtmxRequest, club_slug: str) -> Club:
    return access.club_for_manager(request.user, club_slug)


@dataclass(frozen=True, slots=True)
class LeftOutRow:
    """A play an import left out, as the page lists it."""

    play: str
    problems: list[tuple[str, str]]


def _left_out_rows(left_out: tuple[LeftOut, ...]) -> list[LeftOutRow]:
    return [
        LeftOutRow(
            play=left.play.text(),
            problems=[(p.path, problem_text(p, {})) for p in left.problems],
        )
        for left in left_out
    ]


def _imports(club: Club) -> list[tuple[ImportSummary, list[LeftOutRow]]]:
    return [
        (summary, _left_out_rows(summary.left_out))
        for summary in bgstats_imports_recent(club)
    ]


def _page(
    request: AuthedHtmxRequest,
    club: Club,
    *,
    restore_form: BackupRestoreForm | None = None,
    bgstats_form: BgStatsImportForm | None = None,
    partial: str = "",
    imported: int = 0,
) -> HttpResponse:
    template = "portability/club_portability.html" + (
        f"#{partial}" if partial and request.htmx else ""
    )
    return render(
        request,
        template,
        {
            "club": club,
            "manages": True,
            "club_is_empty": not club.sessions.exists() and not club.players.exists(),
            "restore_form": restore_form or BackupRestoreForm(),
            "bgstats_form": bgstats_form
            or BgStatsImportForm(club=club, user=request.user),
            "imports": _imports(club),
            # The import just made: its plays left out are shown unfolded.
            "imported": imported,
        },
    )


def _done(request: AuthedHtmxRequest, club: Club) -> HttpResponse:
    if request.htmx:
        return HttpResponseClientRedirect(club.get_absolute_url())
    return redirect(club)


def _imported(request: AuthedHtmxRequest, outcome: ImportOutcome) -> None:
    text = ngettext(
        "%(count)d game imported.",
        "%(count)d games imported.",
        outcome.sessions_created,
    ) % {"count": outcome.sessions_created}
    if outcome.sessions_skipped:
        text += " " + ngettext(
            "%(count)d game was already here.",
            "%(count)d games were already here.",
            outcome.sessions_skipped,
        ) % {"count": outcome.sessions_skipped}
    if outcome.left_out:
        text += " " + ngettext(
            "%(count)d play was left out: the list says why.",
            "%(count)d plays were left out: the list says why.",
            len(outcome.left_out),
        ) % {"count": len(outcome.left_out)}
    messages.success(request, text)


@require_GET
@login_required
def club_portability(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club, manages = _club(request, club_slug)
    if not manages:
        return render(
            request,
            "portability/club_portability.html",
            {"club": club, "manages": False},
        )
    imported = request.GET.get("imported", "")
    return _page(request, club, imported=int(imported) if imported.isdigit() else 0)


def _download(content: str, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
@login_required
def club_backup_download(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = _managed(request, club_slug)
    document = club_backup_export(club)
    return _download(
        json.dumps(document, ensure_ascii=False, indent=1),
        f"{club.slug}-backup-{timezone.now():%Y-%m-%d}.json",
        "application/json",
    )


@require_GET
@login_required
def club_results_csv(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club, _manages = _club(request, club_slug)
    return csv_response(club)


@require_GET
@login_required
def club_bgstats_download(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club, _manages = _club(request, club_slug)
    return _download(
        json.dumps(bgstats_export(club), ensure_ascii=False),
        f"{club.slug}-bgstats.json",
        "application/json",
    )


@require_POST
@login_required
@vary_on_headers("HX-Request")
def club_backup_restore(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = _managed(request, club_slug)
    form = BackupRestoreForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            outcome = club_backup_import(club=club, document=form.cleaned_data["file"])
        except ImportRejected as rejected:
            form.add_error(None, rejection_messages(rejected))
        else:
            _imported(request, outcome)
            return _done(request, club)
    return _page(request, club, restore_form=form, partial="restore-form")


@require_POST
@login_required
@vary_on_headers("HX-Request")
def club_bgstats_import(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = _managed(request, club_slug)
    form = BgStatsImportForm(request.POST, request.FILES, club=club, user=request.user)
    if form.is_valid() and form.parsed is not None:
        import_valid = bool(form.cleaned_data.get("import_valid"))
        try:
            if form.waiting is not None:
                outcome = bgstats_upload_import(
                    upload=form.waiting, choices=form.choices()
                )
            elif any(
                match.needs_choice
                for match in bgstats_player_matches(
                    club=club, parsed=form.parsed, importer=request.user
                )
            ):
                # A new file: ask about its ambiguous names before writing a game.
                asking = BgStatsImportForm(club=club, user=request.user)
                asking.ask(
                    form.parsed,
                    bgstats_upload_create(
                        club=club,
                        user=request.user,
                        parsed=form.parsed,
                        import_valid=import_valid,
                    ),
                )
                return _page(request, club, bgstats_form=asking, partial="bgstats-form")
            else:
                outcome = bgstats_import(
                    club=club,
                    parsed=form.parsed,
                    choices={},
                    imported_by=request.user,
                    import_valid=import_valid,
                )
        except ImportRejected as rejected:
            form.add_error(None, rejection_messages(rejected))
        else:
            return _after_import(request, club, outcome)
    return _page(request, club, bgstats_form=form, partial="bgstats-form")


def _after_import(
    request: AuthedHtmxRequest, club: Club, outcome: ImportOutcome
) -> HttpResponse:
    _imported(request, outcome)
    if outcome.import_id is None:
        return _done(request, club)
    # Back to the import page, where "Undo this import" and the plays left
    # out are listed. The query makes it another address than the page the
    # form is on, so that htmx's redirect loads it (the same address with a
    # fragment would only scroll, showing neither message nor list).
    target = (
        reverse("games:club-portability", kwargs={"club_slug": club.slug})
        + f"?imported={outcome.import_id}#recent-imports"
    )
    if request.htmx:
        return HttpResponseClientRedirect(target)
    return redirect(target)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def club_bgstats_import_undo(
    request: AuthedHtmxRequest, club_slug: str, import_id: int
) -> HttpResponse:
    club = _managed(request, club_slug)
    summary = bgstats_import_get(club, import_id)
    if summary is None:
        raise Http404
    if request.method == "GET":
        return render(
            request,
            "portability/bgstats_import_undo.html",
            {"club": club, "summary": summary},
        )
    deleted = bgstats_import_undo(record=summary.record)
    if not deleted:
        messages.info(request, _("This import has no games left to undo."))
    else:
        messages.success(
            request,
            ngettext(
                "%(count)d game of this import deleted. Each can still be restored for a day on the club's page.",
                "%(count)d games of this import deleted. Each can still be restored for a day on the club's page.",
                deleted,
            )
            % {"count": deleted},
        )
    target = reverse("games:club-portability", kwargs={"club_slug": club.slug})
    if request.htmx:
        return HttpResponseClientRedirect(target)
    return redirect(target)
