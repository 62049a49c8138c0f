"""What `games` tells the rest of the site, without knowing who listens.

`stats` keeps its figures by listening to `session_changed` and
`sessions_added` (see `stats.apps`); `games` never imports `stats`, so the
arrows point one way.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

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


# Sent instead of `session_changed` for many finished games added at once (a
# BG Stats import, a restored backup), inside their transaction, with
# ``sessions`` and ``player_ids`` (each game's id → its seats' players). A
# listener records them together: one write for thousands of games, where a
# signal per game cost a write each.
sessions_added = Signal()


def sessions_added_send(
    *, sessions: Sequence[TableSession], player_ids: Mapping[int, Sequence[int]]
) -> None:
    """Tell the listeners that ``sessions`` were added (call inside their transaction)."""
    if sessions:
        sessions_added.send(
            sender=TableSession, sessions=sessions, player_ids=player_ids
        )
