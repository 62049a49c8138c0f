"""The table assistant's shared pages (FBVs). Every page works without JavaScript.

The turn screen is one partial, ``turn-panel``: a move's helper replaces it,
a recorded move returns it fresh, and the head poll makes it reload itself
when another phone recorded something. A module per part of the game's life:
``index`` (the list, logs out and in), ``setup`` (the wizard's shell),
``turn`` (the turn page, undo, abandon, the end), ``phones``; ``base`` holds
what they share and what a game's own pages use from the shell. A game's own
pages live in its package (`assistant.concordia.views`).
"""

from __future__ import annotations

from assistant.views.index import (
    game_export,
    game_import,
    game_list,
)
from assistant.views.phones import (
    follow,
    follow_head,
    game_head,
    game_join,
    game_share,
)
from assistant.views.setup import (
    game_create,
    game_create_step,
    game_setup,
)
from assistant.views.turn import (
    game_abandon,
    game_finish,
    game_turn,
    game_undo,
)

__all__ = [
    "follow",
    "follow_head",
    "game_abandon",
    "game_create",
    "game_create_step",
    "game_export",
    "game_finish",
    "game_head",
    "game_import",
    "game_join",
    "game_list",
    "game_setup",
    "game_share",
    "game_turn",
    "game_undo",
]
