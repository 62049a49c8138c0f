"""Celery tasks of the statistics: thin, idempotent, ids in, one service each."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import OperationalError

from stats import coalesce, selectors, services

logger = logging.getLogger(__name__)

# A database that is restarting or a lock wait that times out is worth
# retrying; the services recompute from source rows, so a retry is harmless.
_TRANSIENT = (OperationalError,)


@shared_task(
    ignore_result=True,
    autoretry_for=_TRANSIENT,
    retry_backoff=True,
    max_retries=5,
)
def stats_refresh_task(club_id: int, game: str) -> None:
    # Before reading the changes: a save committed from now on queues the next
    # refresh, one committed before is read by this one. Should Redis fail
    # just now, the mark expires by itself and beat's sweep covers the gap.
    try:
        coalesce.refresh_release(club_id, game)
    except Exception:
        logger.warning("Queued mark of club %s (%s) not cleared", club_id, game)
    services.stats_refresh(club_id=club_id, game=game)


@shared_task(
    ignore_result=True,
    autoretry_for=_TRANSIENT,
    retry_backoff=True,
    max_retries=5,
)
def stats_rebuild_task(club_id: int, game: str) -> None:
    services.stats_rebuild(club_id=club_id, game=game)


@shared_task(ignore_result=True)
def stats_rebuild_all_task() -> None:
    """Fan out one rebuild per club×game, so a worker pool shares the night's work."""
    for club_id, game in selectors.stats_rebuild_targets():
        stats_rebuild_task.delay(club_id, game)


@shared_task(ignore_result=True)
def stats_refresh_pending_task() -> None:
    """Enqueue a refresh of every club×game that still has changes pending.

    Beat runs it every minute: a game saved while the broker was down or hung,
    or whose task was lost with a Redis restarted without persistence, is
    counted a minute after the broker is back instead of at the nightly
    rebuild. One query when nothing is pending; a refresh that finds its
    changes already applied does nothing.
    """
    for club_id, game in selectors.stats_pending_targets():
        stats_refresh_task.delay(club_id, game)
