"""`make run` (eager Celery, no Redis) prints nothing a newcomer takes for a problem."""

from __future__ import annotations

import logging

import pytest
from django.conf import settings

from stats.tasks import stats_refresh_task


@pytest.mark.django_db
def test_an_eager_task_logs_no_broker_warning_and_no_success_line(club, caplog):
    assert settings.CELERY_TASK_ALWAYS_EAGER
    caplog.set_level(logging.DEBUG)
    stats_refresh_task.delay(club.pk, "concordia")
    messages = [(r.name, r.getMessage()) for r in caplog.records]
    assert not [m for m in messages if m[0].startswith(("kombu", "celery"))], messages
