"""The scoreboard every score page shows, for both games: one builder.

The Concordia sheet, the board's score page and the Magnanimous sheet and
result all print the same table (a line per category, a column per player)
and the sheets' sticky strip (each player's tab, total and rank). This is a
presenter: it turns a scoring result into what the templates read, and
scores nothing itself.
"""

from __future__ import annotations

from collections.abc import Sequence
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
