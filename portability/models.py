"""What an import leaves behind: the record of a BG Stats import, so it can be undone."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from games.models import TableSession


class BgStatsImport(models.Model):
    """One BG Stats file imported into a club, with the games it created."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="bgstats_imports"
    )
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("imported at"), default=timezone.now)
    # Only the games this import created, never the ones it skipped. Through
    # the default manager a deleted game drops out of it.
    sessions = models.ManyToManyField(TableSession, related_name="+", blank=True)
    sessions_skipped = models.PositiveIntegerField(default=0)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["club", "-created_at"], name="bgstats_import_club"),
        ]

    def __str__(self) -> str:
        return f"BG Stats import {self.created_at:%Y-%m-%d %H:%M} ({self.club})"
