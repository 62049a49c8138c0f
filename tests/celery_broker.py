"""Point the app's Celery producer at another broker for one test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from concordia_site.celery import app as celery_app


def use_broker(url: str | None, *, eager: bool = False) -> None:
    """Send tasks to ``url`` (or run them in-process when ``eager``) from now on."""
    celery_app.conf.update(broker_url=url, task_always_eager=eager)
    # The producer pool keeps connections to the broker it was created for;
    # Celery has no public way to drop it without deregistering the app.
    celery_app._pool = None  # type: ignore[attr-defined]
    celery_app.amqp._producer_pool = None  # type: ignore[attr-defined]


# Nothing listens on port 1: the connection is refused at once, as when Redis
# is down on its host.
DEAD_BROKER = "redis://127.0.0.1:1/0"


@contextmanager
def broker(url: str | None, *, eager: bool = False) -> Iterator[None]:
    """Send tasks to ``url`` inside the block, then to the broker used before."""
    saved = (celery_app.conf.broker_url, celery_app.conf.task_always_eager)
    use_broker(url, eager=eager)
    try:
        yield
    finally:
        use_broker(saved[0], eager=saved[1])
