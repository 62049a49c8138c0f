"""At most one statistics refresh waiting in the queue per club×game.

A refresh applies every change pending when it starts, so a second refresh
queued behind one that has not started yet would find nothing left to do. A
club entering its evening's games, or a phone saving a sheet twice, would
otherwise queue one refresh per save and cost every save a publish to the
broker. Saving claims the club×game's mark before it enqueues (one atomic
``SET NX`` in the "tasks" cache, shared by the web processes and the workers);
the refresh gives the mark up as it starts, before it reads the changes, so a
change committed after that enqueues a refresh of its own.

The mark expires on its own after `QUEUED_SECONDS`, so a refresh lost with
its task (a broker restarted without persistence) holds nothing up for long;
beat's minute sweep enqueues a refresh for anything still pending meanwhile.
"""

from __future__ import annotations

from django.core.cache import caches

CACHE = "tasks"
QUEUED_SECONDS = 300


def _key(club_id: int, game: str) -> str:
    return f"stats:refresh-queued:{club_id}:{game}"


def refresh_claim(club_id: int, game: str) -> bool:
    """Mark a refresh of the club×game as queued; False if one is queued already."""
    return bool(caches[CACHE].add(_key(club_id, game), 1, QUEUED_SECONDS))


def refresh_release(club_id: int, game: str) -> None:
    """Say the club×game's queued refresh started (or never got queued)."""
    caches[CACHE].delete(_key(club_id, game))
