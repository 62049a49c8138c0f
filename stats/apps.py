from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Statistics")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # `games` announces a changed game; the statistics record it here, in
        # the game's own transaction (`stats.dispatch`).
        from games.signals import session_changed, sessions_added
        from stats.dispatch import session_changed_receive, sessions_added_receive

        session_changed.connect(
            session_changed_receive, dispatch_uid="stats-session-changed"
        )
        sessions_added.connect(
            sessions_added_receive, dispatch_uid="stats-sessions-added"
        )
