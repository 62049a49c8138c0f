"""Forms of the backup and export page: they read the uploaded file, nothing more."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from django import forms
from django.contrib.auth.models import User
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from clubs.models import Club
from games.documents import (
    MAX_IMPORT_BYTES,
    TOO_LARGE,
    ImportRejected,
    document_load,
    reject,
)
from portability.bgstats import (
    BgStatsFile,
    PlayerMatch,
    bgstats_player_matches,
    bgstats_read,
    bgstats_upload_file,
    bgstats_upload_get,
    left_out_rejection,
    rejected_lines,
)
from portability.models import BgStatsUpload

NEW_PLAYER = "new"
# A file can be wrong in thousands of places; the page lists this many.
MAX_LINES: Final = 100


def _read(upload: UploadedFile) -> object:
    """Return the decoded JSON of an upload; raise `ImportRejected` saying why not."""
    if upload.size is not None and upload.size > MAX_IMPORT_BYTES:
        raise reject(TOO_LARGE, limit=MAX_IMPORT_BYTES // (1024 * 1024))
    return document_load(upload.read(MAX_IMPORT_BYTES + 1))


def rejection_messages(rejected: ImportRejected) -> list[str]:
    """Return each problem as one line: where it is, its play, and what is wrong.

    At most `MAX_LINES`, then how many more there are.
    """
    lines = [
        f"{path}: {text}" if path else text for path, text in rejected_lines(rejected)
    ]
    if len(lines) <= MAX_LINES:
        return lines
    more = len(lines) - MAX_LINES
    return [
        *lines[:MAX_LINES],
        ngettext("…and %(count)d more problem.", "…and %(count)d more problems.", more)
        % {"count": more},
    ]


class BackupRestoreForm(forms.Form):
    file = forms.FileField(
        label=_("Backup file (.json)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> object:
        try:
            return _read(self.cleaned_data["file"])
        except ImportRejected as rejected:
            raise forms.ValidationError(rejection_messages(rejected)) from None


class BgStatsImportForm(forms.Form):
    """Upload a BG Stats export; on a second step, choose players for ambiguous names.

    The second step names the file read in the first (``upload``, a
    `BgStatsUpload` of this user and club), so that a file of thousands of
    plays never travels back and forth through the page.
    """

    file = forms.FileField(
        label=_("BG Stats export (.json)"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    import_valid = forms.BooleanField(
        label=_("Import the plays that can be imported, and list the others"),
        help_text=_(
            "Without this, a file with a play that is wrong is not imported at all."
        ),
        required=False,
    )
    upload = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, club: Club, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.user = user
        self.parsed: BgStatsFile | None = None
        self.waiting: BgStatsUpload | None = None
        self.matches: list[PlayerMatch] = []
        raw = self.data.get("upload") if self.is_bound else None
        if raw and str(raw).isdigit():
            waiting = bgstats_upload_get(club=club, user=user, upload_id=int(raw))
            if waiting is not None:
                self.ask(bgstats_upload_file(waiting), waiting)

    def ask(self, parsed: BgStatsFile, waiting: BgStatsUpload) -> None:
        """Add a choice for every name of ``parsed`` that someone has to settle."""
        self.parsed = parsed
        self.waiting = waiting
        self.initial["upload"] = waiting.pk
        self.matches = bgstats_player_matches(
            club=self.club, parsed=parsed, importer=self.user
        )
        for match in self.matches:
            if match.needs_choice:
                self.fields[f"player-{match.ref}"] = forms.ChoiceField(
                    label=_("“%(name)s”, the owner of this BG Stats file")
                    % {"name": match.name}
                    if match.owner
                    else match.name,
                    choices=[
                        ("", _("Choose…")),
                        *((str(p.pk), p.name) for p in match.candidates),
                        (
                            NEW_PLAYER,
                            _("Somebody new: add “%(name)s”")
                            % {"name": match.new_name},
                        ),
                    ],
                )

    @property
    def choice_fields(self) -> Sequence[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("player-")]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        if upload:
            try:
                self.parsed = bgstats_read(_read(upload))
                if self.parsed.errors and not cleaned.get("import_valid"):
                    raise left_out_rejection(self.parsed.errors)
            except ImportRejected as rejected:
                self.parsed = None
                self.add_error("file", rejection_messages(rejected))
        elif cleaned.get("upload") and self.waiting is None:
            self.add_error(
                "file",
                _(
                    "This file is no longer waiting to be imported (a day has "
                    "passed, or it was imported): choose it again."
                ),
            )
        elif self.parsed is None:
            self.add_error("file", _("Choose the file BG Stats exported."))
        return cleaned

    def choices(self) -> dict[str, int | None]:
        """Return the club player chosen for each ambiguous name (None: a new one)."""
        chosen: dict[str, int | None] = {}
        for name in self.fields:
            if name.startswith("player-") and name in self.cleaned_data:
                value = self.cleaned_data[name]
                chosen[name.removeprefix("player-")] = (
                    None if value == NEW_PLAYER else int(value)
                )
        return chosen
