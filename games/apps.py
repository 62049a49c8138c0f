from __future__ import annotations

from importlib import import_module

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Each game's room registers what the shared code asks of it
        # (`games.registry`), as Django's own registries are filled.
        from games.registry import ROOMS

        for room in ROOMS:
            import_module(room)
