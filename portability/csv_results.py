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
from scoring.ruleset import modules, ruleset
from scoring.types import MapName

_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    text = str(value)
    # A spreadsheet runs a cell that starts like a formula; a player called
    # "=HYPERLINK(…)" must stay a name (OWASP "CSV injection").
    return "'" + text if text.startswith(_FORMULA_START) else text


def _module_lines() -> tuple[str, ...]:
    """The lines of a score only a module brings (the forum's points)."""
    every_module = ruleset(next(iter(MapName)), modules())
    return tuple(category.value for category in every_module.module_categories)


def results_csv(club: Club) -> str:
    """Return the club's finished games as CSV, one row per seat (2 queries).

    The columns added with the expansions come last, so that a spreadsheet
    reading the earlier ones finds them where they were: the modules played,
    the seat's team (Venus' team play) and each module's own line (the forum's).
    """
    module_lines = _module_lines()
    categories = [
        c
        for c in dict.fromkeys(c for game in Game for c in CATEGORIES[game])
        if c not in module_lines
    ]
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
            "expansions",
            "team",
            *module_lines,
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
                " ".join(session.expansions),
                _cell(result.seat.team),
                *(result.breakdown.get(c, "") for c in module_lines),
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
