"""The one dispatch on the game played: which room's views answer a game's shared addresses.

A game's addresses (``…/games/<id>/``, ``…/sheet/``, ``…/sheet/preview/``) and
the new-game page are the same for every game, so links, bookmarks and the API
never ask which game it is. `games.views` checks the method, the sign-in and
the club and loads the game; the game registry (`games.registry`, filled by
each room's ``game`` module at start-up) then gives the views of the game's
room by the game and how its scores are entered. A new game registers itself:
no row here, no ``if``.
"""

from __future__ import annotations

from games.models import EntryMode, TableSession
from games.registry import GamePages, GameView, StartGame, game_spec

__all__ = ["GamePages", "GameView", "StartGame", "pages", "session_pages"]


def pages(game: str, entry_mode: str = EntryMode.QUICK) -> GamePages:
    """Return the views of ``game`` entered by ``entry_mode`` (a new game's is quick)."""
    return game_spec(game).pages[entry_mode]


def session_pages(session: TableSession) -> GamePages:
    """Return the views of the game ``session`` is a game of, as it is entered."""
    return pages(session.game, session.entry_mode)
