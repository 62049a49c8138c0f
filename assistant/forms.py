"""Input parsing for the assistant's shared pages: shape only; the rules are the game's.

The wizard's first screens (players, colours, seating) for any game, the
phone's position in the log (``seq``) and tap key, and a game log uploaded for
import.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from typing import Any, Final

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from assistant.interface import GameAssistant
from assistant.setup_draft import RANDOM_START, DraftSeat
from clubs.models import Player
from clubs.names import PlayerNameField
from games import seating
from games.documents import TOO_LARGE, document_load, reject

# A log of the most events a game may hold is well under this; a larger file
# is refused before it is read.
MAX_LOG_BYTES: Final = 2 * 1024 * 1024
NO_FILE: Final = gettext_noop("Choose a game log file (JSON).")
# A head is a small count of events: digits only, and few of them.
_SEQ: Final = re.compile(r"[0-9]{1,9}")


def new_key() -> str:
    return uuid.uuid4().hex


def clean_key(raw: object) -> str:
    """A mangled key only loses the protection against a resend, never the move."""
    try:
        return uuid.UUID(hex=str(raw or "")).hex
    except ValueError:
        return ""


def seq_of(raw: object) -> int | None:
    """The head a phone saw when it made its move; None when missing or not a count.

    A move without it cannot be checked against another phone's, so it is
    refused rather than recorded unchecked (``1.5``, a 5,000-digit number).
    """
    text = str(raw) if raw is not None else ""
    return int(text) if _SEQ.fullmatch(text) else None


def log_upload_read(upload: UploadedFile | None) -> object:
    """The decoded JSON of an uploaded game log; raises `ImportRejected` saying why not.

    Through the one reader of documents sent to us (`games.documents`): its
    size, depth, NUL characters and lone surrogates are checked with their paths.
    """
    if upload is None:
        raise reject(NO_FILE)
    if upload.size is not None and upload.size > MAX_LOG_BYTES:
        raise reject(TOO_LARGE, limit=MAX_LOG_BYTES // (1024 * 1024))
    raw = upload.read(MAX_LOG_BYTES + 1)
    if len(raw) > MAX_LOG_BYTES:
        raise reject(TOO_LARGE, limit=MAX_LOG_BYTES // (1024 * 1024))
    return document_load(raw)


class SetupPlayersForm(forms.Form):
    """The wizard's first screen: who plays, club players or guests, in seating order.

    Colours may come with the seats (a seat without one keeps its default);
    every other choice has a default on the later screens. A guest's name
    follows the one rule of names (`clubs.names`), its message by the field.
    """

    def __init__(
        self,
        *args: Any,
        players: Sequence[Player],
        game: GameAssistant[Any],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._players = {str(p.pk): p for p in players}
        self._count = game.max_players
        self._min = game.min_players
        fields = seating.seat_fields(players, new_name_label=_("or a guest"))
        for index in range(seating.MAX_PLAYERS):
            if index >= self._count:
                for part in ("player", "new_name", "colour"):
                    del fields[f"seat{index}_{part}"]
                continue
            fields[f"seat{index}_new_name"] = PlayerNameField(
                label=_("or a guest"), required=False
            )
            colour = fields[f"seat{index}_colour"]
            colour.choices = [("", "—"), *game.colours]  # type: ignore[attr-defined]
        self.fields.update(fields)

    def seat_rows(
        self,
    ) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return seating.seat_rows(self, self._count)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        reading = seating.read_seats(
            cleaned,
            self._players,
            both_message=_("Pick a player or type a guest's name, not both."),
        )
        for field, message in reading.errors:
            self.add_error(field, message)
        if not self.errors and len(reading.seats) < self._min:
            raise forms.ValidationError(
                _("A game needs at least %(count)d players.") % {"count": self._min}
            )
        cleaned["seats"] = [
            DraftSeat(
                player=str(seat.player.pk) if seat.player else "",
                new_name=seat.new_name,
                colour=seat.colour,
            )
            for seat in reading.seats
        ]
        return cleaned


class SetupColoursForm(forms.Form):
    """One colour per player, each colour once: fields ``colour0`` … in seating order."""

    def __init__(
        self,
        *args: Any,
        names: Sequence[str],
        colours: Sequence[tuple[str, Any]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        for index, name in enumerate(names):
            self.fields[f"colour{index}"] = forms.ChoiceField(
                label=name, choices=list(colours), widget=forms.RadioSelect
            )

    def rows(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        seen: set[str] = set()
        for name in self.fields:
            colour = cleaned.get(name)
            if colour and colour in seen:
                self.add_error(name, _("Two seats cannot share a colour."))
            elif colour:
                seen.add(colour)
        cleaned["colours"] = [cleaned.get(name, "") for name in self.fields]
        return cleaned


class SetupSeatingForm(forms.Form):
    """The start player: a seat's number, or ``random`` for the app's draw."""

    start = forms.ChoiceField(label=_("Start player"), widget=forms.RadioSelect)

    def __init__(self, *args: Any, names: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["start"].choices = [  # type: ignore[attr-defined]
            *((str(i), name) for i, name in enumerate(names)),
            ("random", _("Let the app choose the start player")),
        ]

    def clean_start(self) -> int:
        raw = self.cleaned_data["start"]
        return RANDOM_START if raw == "random" else int(raw)
