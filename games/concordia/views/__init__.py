"""Board entry pages: the city goods, the map with the houses, the cards, the score.

Every page works without JavaScript (real forms, POST/redirect/GET); with htmx a
tap swaps only the page's main region. The counting is `scoring.board`'s; these
views parse a tap, call one service and render.
"""

from __future__ import annotations

from games.concordia.views.cities import session_cities
from games.concordia.views.entry_mode import session_entry_mode
from games.concordia.views.score import session_board_score
from games.concordia.views.taps import session_board, session_cards

__all__ = [
    "session_board",
    "session_board_score",
    "session_cards",
    "session_cities",
    "session_entry_mode",
]
