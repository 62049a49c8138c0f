"""A Celery worker whose statistics refresh stalls before it commits: killed by the test.

Run as ``python -m tests.reliability.fault_worker MARKER worker [options]``.
The refresh does all of its work inside a transaction, writes its task id to
MARKER and sleeps: a worker killed then dies mid-task, holding the club×game's
lock with its writes uncommitted, as a worker lost to a crash or an OOM kill.
Test code only; the app's tasks are untouched.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

# Far longer than the test waits for the marker before killing the worker.
STALL_SECONDS = 120.0


def main(marker: Path, worker_argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "concordia_site.settings")
    import django

    django.setup()
    from celery import current_task
    from django.db import transaction

    from concordia_site.celery import app
    from stats import services

    refresh = services.stats_refresh

    def stalling_refresh(*, club_id: int, game: str) -> services.RefreshOutcome:
        with transaction.atomic():
            outcome = refresh(club_id=club_id, game=game)
            # Written aside, then renamed: the test never reads half a marker.
            written = marker.with_suffix(".partial")
            written.write_text(current_task.request.id or "", encoding="utf-8")
            written.replace(marker)
            time.sleep(STALL_SECONDS)
        return outcome

    services.stats_refresh = stalling_refresh
    app.worker_main(worker_argv)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
