"""What both games' result pages share: their explained result, cached.

A finished game's result (the scoreboard, and why each number is so) is asked
for far more often than it changes: by everyone at the table, and again from
the club's lists and leaderboards. It only changes when the game is saved again
(its version), when a player is renamed, or in another language. The pages
cache the HTML of that part under those (`result_cache_key`), and hand the
template the work as a `LazyResult`, so a page served from the cache neither
scores the game nor explains it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Final

from games.models import Seat, TableSession

# Nothing in a key goes stale, so this only bounds how long an upgrade that
# words a result differently (or a position edited in the admin, which saves
# no new version) takes to show on pages already cached.
RESULT_CACHE_SECONDS: Final = 3600


def result_cache_key(session: TableSession, seats: Sequence[Seat]) -> str:
    """Return what a finished game's result part of its page depends on.

    The version changes with every save of the game (its positions and so its
    scores); the seating (names and colours, in order) changes with a rename,
    which saves no version. The page adds the language.
    """
    seating = "\x1f".join(f"{seat.player.name}\x1e{seat.colour}" for seat in seats)
    return f"{session.pk}\x1d{session.version}\x1d{seating}"


class LazyResult:
    """A template's view of ``work()``, called when the template first reads it.

    ``{{ scored.rows }}`` reads ``work()["rows"]``; inside a ``{% cache %}``
    block that is served from the cache, nothing is read and nothing worked
    out.
    """

    def __init__(self, work: Callable[[], Mapping[str, object]]) -> None:
        self._work = work

    @cached_property
    def _values(self) -> Mapping[str, object]:
        return self._work()

    def __getitem__(self, name: str) -> object:
        return self._values[name]
