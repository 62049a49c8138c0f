"""What a new game's score sheet opens with, when another area knows it.

The table assistant (``assistant``) tracks a game turn by turn; the game it
hands over opens its sheet filled with everything tracked. Games must not
import that area, so the area registers a function here when it starts
(``AppConfig.ready``), and the sheet page asks.
"""

from __future__ import annotations

from collections.abc import Callable

from games.models import TableSession
from scoring.magnanimous import MagnanimousSheet
from scoring.types import ScoreSheet

# A Concordia game's sheet, or a Magnanimous game's: each sheet page takes its own kind.
Prefilled = ScoreSheet | MagnanimousSheet
SheetPrefill = Callable[[TableSession], Prefilled | None]

_PREFILLS: list[SheetPrefill] = []


def sheet_prefill_register(prefill: SheetPrefill) -> None:
    """Offer ``prefill`` to every sheet page opened before its game is saved."""
    if prefill not in _PREFILLS:
        _PREFILLS.append(prefill)


def sheet_prefill(session: TableSession) -> Prefilled | None:
    """Return the first sheet an area offers for ``session``, or None."""
    for prefill in _PREFILLS:
        sheet = prefill(session)
        if sheet is not None:
            return sheet
    return None
