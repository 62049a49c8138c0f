"""Celery tasks of the games: thin, ids in, one service each."""

from __future__ import annotations

from celery import shared_task

from games import services


@shared_task(ignore_result=True)
def session_purge_deleted_task() -> int:
    # Idempotent: it deletes whatever is past its undo window when it runs.
    return services.session_purge_deleted()
