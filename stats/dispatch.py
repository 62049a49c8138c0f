"""What saving, editing or deleting a finished game sets off: a stats refresh.

`games` sends `games.signals.session_changed` inside the transaction that
changes the game, and `session_changed_receive` (connected in `stats.apps`)
calls `stats_change_record` (`sessions_added`, for many games added at once,
calls `stats_changes_record`). The `StatsChange` row commits (or rolls back) with the game,
so a committed change is never forgotten; the task only says "look now". If the
broker cannot take the task, the save still succeeds: the change stays pending,
the page says so, and the next refresh of that club×game applies it: beat's
minute sweep (`stats_refresh_pending_task`) once the broker is back, the
nightly rebuild at the latest.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction

from games.models import Seat, TableSession
from stats import coalesce
from stats.aggregate import month_of
from stats.models import StatsChange
from stats.tasks import stats_refresh_task

logger = logging.getLogger(__name__)


def stats_change_record(
    *,
    session: TableSession,
    previous_played_at: dt.datetime | None = None,
    player_ids: Sequence[int] | None = None,
) -> StatsChange | None:
    """Note that a finished game changed, and enqueue its refresh on commit.

    Call it after saving the game and before deleting it (the seats say whose
    statistics change; ``player_ids`` saves reading them when the caller has
    the seats). ``previous_played_at`` is the date before an edit moved it.
    Does nothing for a game that is not finished.
    """
    if not session.is_finished:
        return None
    moments = [session.played_at]
    if previous_played_at is not None:
        moments.append(previous_played_at)
    if player_ids is None:
        # Unordered: Seat's default order would join the game for nothing.
        player_ids = list(
            Seat.objects.filter(session_id=session.pk)
            .order_by()
            .values_list("player_id", flat=True)
        )
    change = StatsChange.objects.create(
        club_id=session.club_id,
        game=session.game,
        since=min(moments),
        months=sorted({month_of(moment).isoformat() for moment in moments}),
        player_ids=sorted(player_ids),
    )
    _enqueue_refresh_on_commit(session.club_id, session.game)
    return change


@dataclass(slots=True)
class _RefreshOnCommit:
    """The commit callback that enqueues a refresh of one club×game."""

    club_id: int
    game: str
    ran: bool = False

    def __call__(self) -> None:
        self.ran = True
        _enqueue_refresh(self.club_id, self.game)


def _enqueue_refresh_on_commit(club_id: int, game: str) -> None:
    """Enqueue a refresh of the club×game when the transaction commits, once.

    A refresh applies every change pending when it runs, so one per club×game
    and transaction is enough: an import or a restore that records thousands of
    games then enqueues one refresh, not thousands (with eager tasks, without a
    broker, each of those ran a refresh of its own: 36 s for 5,000 games). A
    callback already registered is reused only when every savepoint it depends
    on still encloses this change (a rollback that drops it then drops this
    change too) and it has not run yet (a test's captured callbacks stay in
    the list after they ran).
    """
    connection = transaction.get_connection()
    open_savepoints = set(connection.savepoint_ids)
    for savepoints, callback, _robust in connection.run_on_commit:
        if (
            isinstance(callback, _RefreshOnCommit)
            and not callback.ran
            and (callback.club_id, callback.game) == (club_id, game)
            and savepoints <= open_savepoints
        ):
            return
    transaction.on_commit(_RefreshOnCommit(club_id, game))


def stats_changes_record(
    *, sessions: Sequence[TableSession], player_ids: Mapping[int, Sequence[int]]
) -> list[StatsChange]:
    """Note that finished games were added, in one write, and enqueue their refresh.

    ``player_ids`` gives each game's players by its id. Games not finished are
    passed over. More than `stats.services.REBUILD_ABOVE` changes make the
    refresh a rebuild, one pass over the history.
    """
    changes = [
        StatsChange(
            club_id=session.club_id,
            game=session.game,
            since=session.played_at,
            months=[month_of(session.played_at).isoformat()],
            player_ids=sorted(player_ids.get(session.pk, ())),
        )
        for session in sessions
        if session.is_finished
    ]
    StatsChange.objects.bulk_create(changes, batch_size=1000)
    for club_id, game in sorted({(change.club_id, change.game) for change in changes}):
        _enqueue_refresh_on_commit(club_id, game)
    return changes


def session_changed_receive(
    sender: object,
    *,
    session: TableSession,
    previous_played_at: dt.datetime | None = None,
    player_ids: Sequence[int] | None = None,
    **kwargs: object,
) -> None:
    """Record the change `games.signals.session_changed` announces."""
    stats_change_record(
        session=session, previous_played_at=previous_played_at, player_ids=player_ids
    )


def sessions_added_receive(
    sender: object,
    *,
    sessions: Sequence[TableSession],
    player_ids: Mapping[int, Sequence[int]],
    **kwargs: object,
) -> None:
    """Record the games `games.signals.sessions_added` announces."""
    stats_changes_record(sessions=sessions, player_ids=player_ids)


def _enqueue_refresh(club_id: int, game: str) -> None:
    # Not `delay_on_commit`: its callback would let a broker error escape into
    # the request after the game is already saved. Everything is caught here on
    # purpose (redis or kombu errors for a dead or hung Redis, or, when tasks
    # run eagerly, any error of the refresh itself): the change row keeps the
    # work. A refresh already queued and not started will read this change, so
    # none is enqueued then (`stats.coalesce`).
    try:
        if not coalesce.refresh_claim(club_id, game):
            return
    except Exception:
        _not_enqueued(club_id, game)
        return
    try:
        stats_refresh_task.delay(club_id, game)
    except Exception:
        _not_enqueued(club_id, game)
        try:
            coalesce.refresh_release(club_id, game)
        except Exception:
            # Redis is gone as well: the mark expires by itself.
            logger.debug("Queued mark of club %s (%s) kept", club_id, game)


def _not_enqueued(club_id: int, game: str) -> None:
    logger.warning(
        "Statistics refresh of club %s (%s) not enqueued; it stays pending until "
        "the next refresh (beat's minute sweep) or the nightly rebuild.",
        club_id,
        game,
        exc_info=True,
    )
