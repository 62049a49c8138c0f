"""What the imports keep: the BG Stats records of a club's games and imports.

- `BgStatsPlay`: the uuid BG Stats knows one of the club's games by, so that
  a play is recognised however often its file is imported, and after the club
  is backed up and restored elsewhere (the backup carries it).
- `BgStatsImport`: one import, with the games it created (so it can be undone)
  and the plays it left out, with why (so the page can list them).
- `BgStatsUpload`: a file read and waiting for the names only a person can
  match; it is what the page's second step imports.
"""

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
    # The plays it did not import and why: a list of the play's path, date and
    # players, and its problems as message templates (`portability.bgstats.
    # LeftOut`), shown in the reader's language.
    left_out = models.JSONField(default=list, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["club", "-created_at"], name="bgstats_import_club"),
        ]

    def __str__(self) -> str:
        return f"BG Stats import {self.created_at:%Y-%m-%d %H:%M} ({self.club})"


class BgStatsPlay(models.Model):
    """The uuid BG Stats knows one of the club's games by.

    A game imported from BG Stats keeps the play's uuid; a game restored from a
    backup keeps the uuid its club exported it with. Other games have none and
    are exported with a uuid derived from the club and the game's id.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    session = models.OneToOneField(
        TableSession, on_delete=models.CASCADE, related_name="bgstats_play"
    )
    uuid = models.CharField(max_length=64)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "uuid"], name="bgstats_play_one_game_per_uuid"
            ),
        ]

    def __str__(self) -> str:
        return f"BG Stats play {self.uuid} ({self.session})"


class BgStatsUpload(models.Model):
    """A BG Stats file read and waiting for someone to say who an ambiguous name is.

    Too big for a hidden field (a few megabytes for thousands of plays, over
    Django's 2.5 MB form limit), so the page keeps it here between its two
    steps. Only its uploader imports it; uploads older than a day are removed.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # The plays read from the file (`portability.bgstats.bgstats_file_document`).
    document = models.JSONField()
    import_valid = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"BG Stats upload {self.created_at:%Y-%m-%d %H:%M} ({self.club})"
