"""The one dispatch on the game played: which room's views answer a game's shared addresses.

A game's addresses (``…/games/<id>/``, ``…/sheet/``, ``…/sheet/preview/``) and
the new-game page are the same for every game, so links, bookmarks and the API
never ask which game it is. `games.views` checks the method, the sign-in and
the club and loads the game; the table here then picks the views of the game's
room (`games.concordia.views`, `games.magnanimous.views`) by the game and, for
Concordia, by how its scores are entered. A new game is a new row, not an ``if``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from django.contrib.auth.models import User
from django.http import HttpResponse

from clubs.models import Club
from concordia_site.http import AuthedHtmxRequest
from games import services
from games.concordia.views import result as concordia_result
from games.concordia.views import sheet as concordia_sheet
from games.magnanimous import views as magnanimous_views
from games.models import EntryMode, Game, Seat, TableSession

GameView = Callable[[AuthedHtmxRequest, TableSession, list[Seat]], HttpResponse]
"""A game room's view of a shared address: the request, the game (with its
club) and its seats in seating order, already loaded and checked."""


class StartGame(Protocol):
    """The game-specific part of the new-game page: create the game chosen."""

    def __call__(
        self,
        *,
        club: Club,
        created_by: User | None,
        map_name: str,
        played_at: dt.datetime,
        seats: Sequence[services.SeatInput],
        place: str,
        idempotency_key: str,
    ) -> TableSession: ...


@dataclass(frozen=True, slots=True)
class GamePages:
    """What one kind of game does at the shared addresses."""

    start: StartGame
    sheet: GameView
    preview: GameView
    detail: GameView


_CONCORDIA = GamePages(
    start=services.session_create,
    sheet=concordia_sheet.concordia_sheet,
    preview=concordia_sheet.concordia_sheet_preview,
    detail=concordia_result.concordia_detail,
)
_MAGNANIMOUS = GamePages(
    start=magnanimous_views.magnanimous_start,
    sheet=magnanimous_views.magnanimous_sheet,
    preview=magnanimous_views.magnanimous_sheet_preview,
    detail=magnanimous_views.magnanimous_detail,
)

PAGES: dict[tuple[str, str], GamePages] = {
    (Game.CONCORDIA, EntryMode.QUICK): _CONCORDIA,
    # A game tapped on the board is scored from the board: its sheet address
    # leads there (switching modes asks first).
    (Game.CONCORDIA, EntryMode.BOARD): GamePages(
        start=_CONCORDIA.start,
        sheet=concordia_sheet.board_sheet,
        preview=_CONCORDIA.preview,
        detail=_CONCORDIA.detail,
    ),
    # Magnanimous has one way of entering a game.
    **{(Game.MAGNANIMOUS, mode): _MAGNANIMOUS for mode in EntryMode.values},
}


def pages(game: str, entry_mode: str = EntryMode.QUICK) -> GamePages:
    """Return the views of ``game`` entered by ``entry_mode`` (a new game's is quick)."""
    return PAGES[game, entry_mode]


def session_pages(session: TableSession) -> GamePages:
    """Return the views of the game ``session`` is a game of, as it is entered."""
    return pages(session.game, session.entry_mode)
