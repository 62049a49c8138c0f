"""State changes of Magnanimous games: seating a table, scoring and storing its sheet.

The rules live in `scoring.magnanimous`; the version check and its exceptions
are the Concordia sheet's (`games.services`), so both pages and the API treat a
rejected or conflicting save the same way whatever the game.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club
from games import adapters
from games.models import (
    Colour,
    Game,
    MagnanimousPosition,
    Seat,
    SeatResult,
    TableSession,
)
from games.services import (
    SeatInput,
    SheetRejected,
    VersionConflict,
    seat_rows_upsert,
    seats_hold_no_position,
    session_create,
    session_finish_at_version,
)
from scoring.magnanimous import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MagnanimousPlayerScore,
    MagnanimousResult,
    MagnanimousSheet,
    score_magnanimous,
    validate_magnanimous,
)
from scoring.types import Problem

__all__ = [
    "MAGNANIMOUS_CATEGORIES",
    "MAGNANIMOUS_COLOURS",
    "MagnanimousEvaluation",
    "SheetRejected",
    "VersionConflict",
    "magnanimous_session_create",
    "magnanimous_sheet_evaluate",
    "magnanimous_sheet_record",
]

# Rules digest, "Setup facts": the four colours, dealt in seating order.
MAGNANIMOUS_COLOURS: Final = (Colour.RED, Colour.GREEN, Colour.BLUE, Colour.YELLOW)
# The keys of `SeatResult.breakdown` for a Magnanimous seat, in the order of the
# rules digest's "Victory points" table.
MAGNANIMOUS_CATEGORIES: Final = (
    "court",
    "commerce",
    "politics",
    "military",
    "economy",
    "territory",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class MagnanimousEvaluation:
    """A Magnanimous sheet scored as it stands, with whatever the rules find wrong."""

    result: MagnanimousResult
    problems: tuple[Problem, ...]


@transaction.atomic
def magnanimous_session_create(
    *,
    club: Club,
    created_by: User | None,
    played_at: dt.datetime,
    seats: Sequence[SeatInput],
    place: str = "",
    notes: str = "",
    idempotency_key: str = "",
) -> TableSession:
    """Create a Magnanimous game of 2 to 4 seats, in seating order.

    A seat without a colour takes the first colour nobody chose, in the order
    red, green, blue, yellow. Raises `ValidationError` for another number of
    seats or a colour the game does not have.
    """
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ValidationError(
            _("Magnanimous is played by %(minimum)d to %(maximum)d players.")
            % {"minimum": MIN_PLAYERS, "maximum": MAX_PLAYERS}
        )
    chosen = [seat.colour for seat in seats if seat.colour]
    if any(colour not in MAGNANIMOUS_COLOURS for colour in chosen):
        raise ValidationError(
            _("Magnanimous has red, green, blue and yellow pieces only.")
        )
    free = iter(colour for colour in MAGNANIMOUS_COLOURS if colour not in chosen)
    coloured = [
        seat if seat.colour else replace(seat, colour=str(next(free))) for seat in seats
    ]
    return session_create(
        club=club,
        created_by=created_by,
        game=Game.MAGNANIMOUS,
        map_name="",
        played_at=played_at,
        seats=coloured,
        place=place,
        notes=notes,
        idempotency_key=idempotency_key,
    )


def magnanimous_sheet_evaluate(sheet: MagnanimousSheet) -> MagnanimousEvaluation:
    """Score a sheet as it stands and list what the rules find wrong; writes nothing."""
    return MagnanimousEvaluation(
        result=score_magnanimous(sheet), problems=validate_magnanimous(sheet)
    )


def _breakdown(score: MagnanimousPlayerScore) -> dict[str, int]:
    return {category: getattr(score, category) for category in MAGNANIMOUS_CATEGORIES}


@transaction.atomic
def magnanimous_sheet_record(
    *,
    session: TableSession,
    sheet: MagnanimousSheet,
    expected_version: int | None = None,
    seats: Sequence[Seat] | None = None,
) -> MagnanimousResult:
    """Store every seat's end of game and how the game ended, score it, store the results.

    Raises `SheetRejected` when the rules reject the sheet (nothing is
    written) and `VersionConflict` when ``expected_version`` is given and
    someone saved the game since. Recording an already finished game rescores
    it. Each seat's `SeatResult` gets the engine's rank (a shared victory gives
    the winners the same rank) and ``won`` for the winners only, so a game
    lost to the Paraguayan troops has no winning seat.
    """
    if session.game != Game.MAGNANIMOUS:
        raise ValidationError(_("This game is not a game of Magnanimous."))
    problems = validate_magnanimous(sheet)
    if problems:
        raise SheetRejected(problems)
    seats = session_finish_at_version(
        session=session,
        expected_version=expected_version,
        names=[p.name for p in sheet.players],
        seats=seats,
        fields={"ending": sheet.ending.value},
    )

    result = score_magnanimous(sheet)
    if not seats_hold_no_position(
        seats, "magnanimous_position", expected_version=expected_version
    ):
        # Clear the one-per-game flags first, so that handing the Governor of
        # Rio to another seat never trips the one-holder constraint half-way.
        MagnanimousPosition.objects.filter(session=session).update(
            governor=False, reached_20_first=False
        )
    seat_rows_upsert(
        MagnanimousPosition,
        [
            MagnanimousPosition(
                session=session,
                seat=seat,
                **adapters.magnanimous_position_values(board),
            )
            for seat, board in zip(seats, sheet.players, strict=True)
        ],
    )
    winners = set(result.winners)
    seat_rows_upsert(
        SeatResult,
        [
            SeatResult(
                session=session,
                seat=seat,
                total=score.total,
                rank=score.rank,
                won=score.name in winners,
                breakdown=_breakdown(score),
            )
            for seat, score in zip(seats, result.players, strict=True)
        ],
    )
    return result
