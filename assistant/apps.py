from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AssistantConfig(AppConfig):
    name = "assistant"
    verbose_name = _("Table assistant")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from assistant.selectors import game_sheet_prefill
        from games.sheet_prefill import sheet_prefill_register

        sheet_prefill_register(game_sheet_prefill)
