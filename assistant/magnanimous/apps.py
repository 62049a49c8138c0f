from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MagnanimousAssistantConfig(AppConfig):
    """Magnanimous at the table: the assistant's second game, registered when Django starts."""

    name = "assistant.magnanimous"
    label = "assistant_magnanimous"
    verbose_name = _("Table assistant: Magnanimous")

    def ready(self) -> None:
        from assistant import registry
        from assistant.magnanimous.game import MagnanimousAssistant

        registry.register(MagnanimousAssistant())
