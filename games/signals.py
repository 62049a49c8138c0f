"""What `games` tells the rest of the site, without knowing who listens.

`stats` keeps its figures by listening to `session_changed` (see
`stats.apps`); `games` never imports `stats`, so the arrows point one way.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.dispatch import Signal

from games.models import TableSession

# Sent inside the transaction that saves, edits or deletes a game (before the
# delete), with ``session``, ``previous_played_at`` (the date before an edit
# moved it, or None) and ``player_ids`` (the seats' players when the sender has
# them, or None). Receivers run in that transaction: a listener that writes
# commits or rolls back with the game, and an error in one undoes the save.
session_changed = Signal()


def session_changed_send(
    *,
    session: TableSession,
    previous_played_at: dt.datetime | None = None,
    player_ids: Sequence[int] | None = None,
) -> None:
    """Tell the listeners that a game changed (call inside its transaction)."""
    session_changed.send(
        sender=TableSession,
        session=session,
        previous_played_at=previous_played_at,
        player_ids=player_ids,
    )
