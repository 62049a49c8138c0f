"""The Celery app (Celery's "First steps with Django"; pretix `celery_app.py`)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "concordia_site.settings")

app = Celery("concordia_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
