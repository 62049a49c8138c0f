"""Reads of Magnanimous games."""

from __future__ import annotations

from games.models import Seat, TableSession


def magnanimous_session_seats(session: TableSession) -> list[Seat]:
    """Return the seats of a game in seating order with player, position and result.

    One query; ``magnanimous_position`` and ``result`` are None until the sheet
    is saved.
    """
    return list(
        session.seats.select_related(
            "player", "magnanimous_position", "result"
        ).order_by("seat_order")
    )
