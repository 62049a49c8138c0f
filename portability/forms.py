"""Forms of the backup and export page: they read the uploaded file, nothing more."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from games.documents import (
    MAX_IMPORT_BYTES,
    TOO_LARGE,
    ImportRejected,
    document_load,
    problem_message,
)
from portability.bgstats import (
    BgStatsFile,
    PlayerMatch,
    bgstats_compact,
    bgstats_player_matches,
    bgstats_read,
)
from scoring.types import Problem

NEW_PLAYER = "new"


def _read(upload: UploadedFile) -> object:
    """Return the decoded JSON of an upload, or raise the form error saying why not."""
    if upload.size is not None and upload.size > MAX_IMPORT_BYTES:
        raise forms.ValidationError(
            problem_message(
                Problem(
                    path="",
                    template=TOO_LARGE,
                    params={"limit": MAX_IMPORT_BYTES // (1024 * 1024)},
                )
            )
        )
    try:
        return document_load(upload.read(MAX_IMPORT_BYTES + 1))
    except ImportRejected as rejected:
        raise forms.ValidationError(rejected.messages) from None


def rejection_messages(rejected: ImportRejected) -> list[str]:
    """Return each problem as one line, with where it is when it has a place."""
    return [
        f"{problem.path}: {problem_message(problem)}"
        if problem.path
        else problem_message(problem)
        for problem in rejected.problems
    ]


class BackupRestoreForm(forms.Form):
    file = forms.FileField(
        label=_("Backup file (.json)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> object:
        return _read(self.cleaned_data["file"])


class BgStatsImportForm(forms.Form):
    """Upload a BG Stats export; on a second round, choose players for ambiguous names.

    The second round carries the file's Concordia plays in ``document`` (the
    few fields the import reads, re-encoded by `bgstats_compact`),
    so that nothing is stored between the two requests.
    """

    file = forms.FileField(
        label=_("BG Stats export (.json)"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    document = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.parsed: BgStatsFile | None = None
        self.matches: list[PlayerMatch] = []
        raw = self.data.get("document") if self.is_bound else None
        if raw:
            try:
                self.parsed = bgstats_read(document_load(raw))
            except ImportRejected:
                self.parsed = None
            else:
                self.ask(self.parsed)

    def ask(self, parsed: BgStatsFile) -> None:
        """Add a choice for every ambiguous player name of ``parsed``."""
        self.parsed = parsed
        self.matches = bgstats_player_matches(club=self.club, parsed=parsed)
        self.initial["document"] = json.dumps(bgstats_compact(parsed))
        for match in self.matches:
            if match.needs_choice:
                self.fields[f"player-{match.ref}"] = forms.ChoiceField(
                    label=match.name,
                    choices=[
                        ("", _("Choose…")),
                        *((str(p.pk), p.name) for p in match.candidates),
                        (
                            NEW_PLAYER,
                            _("Somebody new: add “%(name)s”") % {"name": match.name},
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
            except forms.ValidationError as error:
                self.add_error("file", error)
            except ImportRejected as rejected:
                self.add_error("file", rejection_messages(rejected))
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
