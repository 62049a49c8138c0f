from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PortabilityConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "portability"
    verbose_name = _("Backups and exports")
