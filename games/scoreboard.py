"""The scoreboard every score page shows, for both games: one builder.

The Concordia sheet, the board's score page and the Magnanimous sheet and
result all print the same table (a line per category, a column per player)
and the sheets' sticky strip (each player's tab, total and rank). This is a
presenter: it turns a scoring result into what the templates read, and
scores nothing itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from games.models import Seat
from games.registry import spec_of_result
from games.vocabulary import names_list, team_label
from scoring.magnanimous import MagnanimousResult
from scoring.types import SheetResult


class _Scored(Protocol):
    @property
    def total(self) -> int: ...
    @property
    def rank(self) -> int: ...


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One team of a team game (Venus), as the score pages list it."""

    team: str
    label: str
    names: str
    total: int
    rank: int

    @property
    def won(self) -> bool:
        return self.rank == 1


def team_rows(result: SheetResult, seats: Sequence[Seat]) -> list[TeamRow]:
    """Return the teams of ``result``, best placed first; [] without teams."""
    rows = [
        TeamRow(
            team=team.team,
            label=team_label(team.team),
            names=names_list([seats[seat].player.name for seat in team.seats]),
            total=team.total,
            rank=team.rank,
        )
        for team in result.teams
    ]
    return sorted(rows, key=lambda row: row.rank)


@dataclass(slots=True)
class StripCell:
    """One player on a sheet's sticky strip: their tab, total and rank."""

    index: int
    seat: Seat
    total: int | None
    rank: int | None


def strip_cells(
    seats: Sequence[Seat], scores: Sequence[_Scored] | None
) -> list[StripCell]:
    """Return the strip's players in seating order; no scores shows no totals."""
    return [
        StripCell(
            index=index,
            seat=seat,
            total=scores[index].total if scores else None,
            rank=scores[index].rank if scores else None,
        )
        for index, seat in enumerate(seats)
    ]


def scoreboard(
    result: SheetResult | MagnanimousResult | None, seats: Sequence[Seat]
) -> dict[str, object]:
    """Return the scoreboard's context: ``result``, ``rows``, ``columns``, ``strip``.

    The rows and a game's headline (Magnanimous' ``outcome``: the winner, a
    shared victory or nobody) are its registry entry's (`games.registry`). No result (the sheet is not complete yet) shows the
    strip without totals.
    """
    if result is None:
        return {"result": None, "strip": strip_cells(seats, None)}
    spec = spec_of_result(result)
    extra: dict[str, object] = {}
    if spec.outcome is not None:
        extra["outcome"] = spec.outcome(result)
    rows = spec.score_rows(result)
    if isinstance(result, SheetResult) and result.teams:
        extra["teams"] = team_rows(result, seats)
    return {
        "result": result,
        "rows": rows,
        "columns": list(zip(seats, result.players, strict=True)),
        "strip": strip_cells(seats, result.players),
        **extra,
    }


def strip_checked(
    strip: Sequence[StripCell],
    problem_slots: Sequence[str],
    *,
    impossible: Callable[[str], bool] = lambda slot: False,
) -> dict[str, object]:
    """What the sheets' strip says of the rules' problems while the table types
    (issue #25 item 6): ``problem_slots`` are the slots of the problems that are
    not merely a choice still to make. A problem ``impossible`` says no later
    typing elsewhere can put right (a card count past the decks) takes the
    totals and ranks off the strip and marks its player; any other is counted
    in the strip's alert, the totals staying as the sheet is typed player by
    player (until all are in, the Concordia card's holder may look too early)."""
    impossible_slots = [slot for slot in problem_slots if impossible(slot)]
    seats = {
        int(found.group(1))
        for slot in impossible_slots
        if (found := _SEAT_SLOT.match(slot)) is not None
    }
    context: dict[str, object] = {
        "problem_seats": seats,
        "strip_alert": "",
        "strip_alert_count": 0,
    }
    if impossible_slots:
        context["strip"] = [
            StripCell(index=cell.index, seat=cell.seat, total=None, rank=None)
            for cell in strip
        ]
        context["strip_alert"] = "impossible"
        context["strip_alert_count"] = len(impossible_slots)
    elif problem_slots:
        context["strip_alert"] = "problems"
        context["strip_alert_count"] = len(problem_slots)
    return context


_SEAT_SLOT = re.compile(r"s(\d+)(?:-|$)")
