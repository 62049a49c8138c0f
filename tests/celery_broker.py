"""Point the app's Celery producer at another broker for one test."""

from __future__ import annotations

from concordia_site.celery import app as celery_app


def use_broker(url: str | None, *, eager: bool = False) -> None:
    """Send tasks to ``url`` (or run them in-process when ``eager``) from now on."""
    celery_app.conf.update(broker_url=url, task_always_eager=eager)
    # The producer pool keeps connections to the broker it was created for;
    # Celery has no public way to drop it without deregistering the app.
    celery_app._pool = None  # type: ignore[attr-defined]
    celery_app.amqp._producer_pool = None  # type: ignore[attr-defined]
