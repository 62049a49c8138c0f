"""What every board entry page shares: the game it is about, and the seat chosen."""

from __future__ import annotations

from collections.abc import Sequence

from django.http import Http404, HttpResponse
from django.shortcuts import redirect

from concordia_site.http import AuthedHtmxRequest
from games import selectors
from games.concordia.presenters import (
    board_url,
)
from games.models import EntryMode, Game, Seat, TableSession


def concordia_session(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> TableSession:
    # Only Concordia is played on a map with cities: another game is not found here.
    session = selectors.session_get_visible(
        user=request.user,
        club_slug=club_slug,
        session_id=session_id,
        game=Game.CONCORDIA,
    )
    if session is None:
        raise Http404
    return session


def board_only(session: TableSession) -> HttpResponse | None:
    """Send a game counted by hand to the page that asks before switching."""
    if session.entry_mode == EntryMode.BOARD:
        return None
    return redirect(board_url("session-entry-mode", session) + f"?to={EntryMode.BOARD}")


def selected_seat(value: object, seats: Sequence[Seat]) -> Seat:
    orders = {str(seat.seat_order): seat for seat in seats}
    return orders.get(str(value), seats[0])


def positions_recorded(seats: list[Seat]) -> bool:
    """Whether every seat has its board position stored (a game imported from
    BG Stats has totals only)."""
    # The reverse one-to-one raises (an AttributeError) when there is no row.
    return all(hasattr(seat, "concordia_position") for seat in seats)
