from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ConcordiaAssistantConfig(AppConfig):
    """Concordia at the table: the assistant's first game, registered when Django starts."""

    name = "assistant.concordia"
    label = "assistant_concordia"
    verbose_name = _("Table assistant: Concordia")

    def ready(self) -> None:
        from assistant import registry
        from assistant.concordia.game import ConcordiaAssistant

        registry.register(ConcordiaAssistant())
