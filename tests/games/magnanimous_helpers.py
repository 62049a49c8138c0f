"""Builders shared by the Magnanimous service and page tests (not fixtures: plain functions)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from django.contrib.auth.models import User

from clubs.models import Club
from games import services
from games.magnanimous.services import magnanimous_session_create
from games.models import Seat, TableSession
from scoring.magnanimous import (
    MagnanimousBoard,
    MagnanimousEnding,
    MagnanimousSheet,
    parse_magnanimous,
)
from tests.sheets import example_document

COUNT_FIELDS = (
    "nobility",
    "commerce_spaces",
    "commerce_tokens",
    "referendums",
    "troops",
    "reis",
    "occupied_provinces",
)


def republic_example() -> MagnanimousSheet:
    """The contract's example: Bia 35, Davi 40 (wins), Lia 16."""
    return parse_magnanimous(example_document("magnanimous-republic"))


def shared_victory() -> MagnanimousSheet:
    """Worked by hand from the rules digest's "Victory points".

    | player | court       | commerce        | politics | military | economy    | territory       | total |
    |--------|-------------|-----------------|----------|----------|------------|-----------------|-------|
    | Ana    | Count 6     | 2nd (2 sp.) 5   | 2 × 3 6  | 2 × 2 4  | 12 ÷ 3 4   | 0               | 25    |
    | Bia    | Marquis 9   | 1st (3 sp.) 10  | 0        | 1 × 2 2  | 12 ÷ 3 4   | −5 + 5 governor | 25    |
    | Caio   | Viscount 3  | 3rd 0           | 1 × 3 3  | 5 × 2 10 | 14 ÷ 3 4   | 2 × −5 = −10    | 10    |

    Ana and Bia tie on 25 points and 12 réis: the victory is shared.
    """
    return MagnanimousSheet(
        ending=MagnanimousEnding.REPUBLIC,
        players=(
            MagnanimousBoard(
                name="Ana",
                nobility=7,
                commerce_spaces=2,
                commerce_tokens=3,
                referendums=2,
                troops=2,
                reis=12,
            ),
            MagnanimousBoard(
                name="Bia",
                nobility=13,
                commerce_spaces=3,
                commerce_tokens=4,
                troops=1,
                reis=12,
                occupied_provinces=1,
                governor=True,
            ),
            MagnanimousBoard(
                name="Caio",
                nobility=1,
                commerce_spaces=1,
                commerce_tokens=1,
                referendums=1,
                troops=5,
                reis=14,
                occupied_provinces=2,
            ),
        ),
    )


def with_ending(sheet: MagnanimousSheet, ending: MagnanimousEnding) -> MagnanimousSheet:
    return replace(sheet, ending=ending)


def with_player(
    sheet: MagnanimousSheet, index: int, **fields: object
) -> MagnanimousSheet:
    players = list(sheet.players)
    players[index] = replace(players[index], **fields)  # type: ignore[arg-type]
    return replace(sheet, players=tuple(players))


def seat_table(club: Club, alice: User, sheet: MagnanimousSheet) -> TableSession:
    """Create the Magnanimous game of ``sheet``'s players, sheet not yet entered."""
    return magnanimous_session_create(
        club=club,
        created_by=alice,
        played_at=dt.datetime(2026, 11, 8, 20, tzinfo=dt.UTC),
        place="Casa da Bia",
        seats=[services.SeatInput(new_name=board.name) for board in sheet.players],
    )


def post_data(
    sheet: MagnanimousSheet, seats: list[Seat], *, version: int | None = None
) -> dict[str, object]:
    """Return the POST body the Magnanimous entry page sends for ``sheet``."""
    data: dict[str, object] = {"ending": sheet.ending.value}
    if version is not None:
        data["version"] = version
    for seat, board in zip(seats, sheet.players, strict=True):
        prefix = f"s{seat.seat_order}-"
        for field in COUNT_FIELDS:
            data[prefix + field] = getattr(board, field)
        data[prefix + "votes"] = "" if board.votes is None else board.votes
        if board.governor:
            data["governor"] = seat.seat_order
        if board.reached_20_first:
            data["reached_20_first"] = seat.seat_order
    return data
