from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs and accounts")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from clubs.language import activate_on_sign_in

        user_logged_in.connect(
            activate_on_sign_in, dispatch_uid="clubs.language.activate_on_sign_in"
        )
