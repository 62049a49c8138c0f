"""The results as CSV: one row per seat of a finished game, for spreadsheets."""

from __future__ import annotations

import csv
import io
from typing import Final

from django.http import HttpResponse

from clubs.models import Club
from games.models import (
    Game,
    SeatResult,
    SessionStatus,
)
from games.vocabulary import CATEGORIES

_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    text = str(value)
    # A spreadsheet runs a cell that starts like a formula; a player called
    # "=HYPERLINK(…)" must stay a name (OWASP "CSV injection").
    return "'" + text if text.startswith(_FORMULA_START) else text


def results_csv(club: Club) -> str:
    """Return the club's finished games as CSV, one row per seat (2 queries)."""
    categories = list(dict.fromkeys(c for game in Game for c in CATEGORIES[game]))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        [
            "game_id",
            "date",
            "game",
            "map",
            "place",
            "seat",
            "player",
            "total",
            "rank",
            "won",
            *categories,
        ]
    )
    results = (
        SeatResult.objects.filter(
            session__club=club,
            session__status=SessionStatus.FINISHED,
            session__deleted_at__isnull=True,
        )
        .select_related("session", "seat__player")
        .order_by("session__played_at", "session_id", "seat__seat_order")
    )
    for result in results:
        session = result.session
        writer.writerow(
            [
                session.pk,
                session.played_at.date().isoformat(),
                session.game,
                session.map,
                _cell(session.place),
                result.seat.seat_order + 1,
                _cell(result.seat.player.name),
                result.total,
                result.rank,
                "yes" if result.won else "no",
                *(result.breakdown.get(c, "") for c in categories),
            ]
        )
    return out.getvalue()


def csv_response(club: Club) -> HttpResponse:
    """Return the results CSV as a download (with a BOM: spreadsheets then read UTF-8)."""
    response = HttpResponse(
        "\ufeff" + results_csv(club), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-results.csv"'
    return response
