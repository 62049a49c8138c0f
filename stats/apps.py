from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Statistics")
    default_auto_field = "django.db.models.BigAutoField"
