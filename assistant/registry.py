"""The games the assistant plays, filled when Django starts (as Django fills its own registries).

Each game package registers its `GameAssistant` from its ``AppConfig.ready``;
the shell finds a game's by the ``game`` stored on its row, or by the ``game``
of a log being imported. Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.interface import GameAssistant

if TYPE_CHECKING:
    from assistant.models import AssistantGame

_GAMES: dict[str, GameAssistant[Any]] = {}


def register(assistant: GameAssistant[Any]) -> None:
    """Make ``assistant`` the one of its game (a second registration replaces it)."""
    _GAMES[assistant.game] = assistant


def games() -> list[GameAssistant[Any]]:
    """Every registered game, in the order they registered (``INSTALLED_APPS``)."""
    return list(_GAMES.values())


def get(game: str) -> GameAssistant[Any] | None:
    """The registered game named ``game``, or None."""
    return _GAMES.get(game)


def of(game: AssistantGame) -> GameAssistant[Any]:
    """The game a row was played with; a row of an unregistered game is a setup error."""
    assistant = _GAMES.get(game.game)
    if assistant is None:
        raise LookupError(
            f"No assistant is registered for {game.game!r}: is its package in"
            " INSTALLED_APPS?"
        )
    return assistant
