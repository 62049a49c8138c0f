"""What the three formats share: reading an uploaded file, and the problems an import reports.

Every import reads the whole file first and lists every problem with the JSON
path of its field (`ImportRejected`); only a clean file is written, in one
transaction, so a bad or hostile file changes nothing. The formats are in
`portability.backup`, `portability.csv_results` and `portability.bgstats`,
documented in ``docs/portability.md``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Final

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_noop

from games.models import Seat, SeatResult
from scoring.shape import child
from scoring.types import Problem

NOT_A_BACKUP: Final = gettext_noop("This is not a Tabularium club backup")
NEWER_BACKUP: Final = gettext_noop(
    "This backup is of version %(given)d; this site reads up to version %(known)d"
)
CLUB_NOT_EMPTY: Final = gettext_noop(
    "A backup is restored only into a club without games or players"
)
BAD_DATETIME: Final = gettext_noop(
    "Expected a date and time with its offset, such as "
    "“2026-11-01T20:00:00+00:00”, not %(got)s"
)
UNKNOWN_PLAYER: Final = gettext_noop("No player with the id %(id)d in this file")
UNLISTED_PLAYER: Final = gettext_noop(
    "This player is not in the file's list of players"
)
DUPLICATE_ID: Final = gettext_noop("The id %(id)d is used twice")
BAD_POINTS: Final = gettext_noop("Expected whole numbers by score category")
REJECTED_BY_DATABASE: Final = gettext_noop(
    "This game breaks a rule of the table (one holder per card, seat or colour)"
)
SAME_NAME: Final = gettext_noop("Two players of the club would have the same name")
NO_CONCORDIA_PLAYS: Final = gettext_noop("The file has no plays of Concordia")
BAD_SCORE: Final = gettext_noop("Expected a whole-number score, not %(got)s")
BAD_PLAY_DATE: Final = gettext_noop(
    "Expected a date such as “2026-11-01 20:00:00”, not %(got)s"
)
PLAY_DATE_OUT_OF_RANGE: Final = gettext_noop(
    "A game can be dated from %(first)s to %(last)s (Concordia was published "
    "in 2013), not %(got)s"
)
PLAYER_COUNT: Final = gettext_noop(
    "A game of Concordia has 2 to 5 players; this one has %(count)d"
)
SAME_PLAYER_TWICE: Final = gettext_noop("%(name)s sits twice at this table")
CHOOSE_PLAYER: Final = gettext_noop(
    "“%(name)s” could be %(candidates)s: choose one, or a new player"
)
CHOICE_NOT_A_CANDIDATE: Final = gettext_noop(
    "Choose one of the club's players offered for “%(name)s”, or a new player"
)
TWO_NAMES_ONE_PLAYER: Final = gettext_noop(
    "%(first)s and %(second)s would both be %(player)s"
)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayLabel:
    """How people recognise a play of a file: its date as the file writes it, its players."""

    path: str
    played_on: str
    players: tuple[str, ...]

    def text(self) -> str:
        return f"{self.played_on} · {', '.join(self.players)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LeftOut:
    """A play of a file that an import did not store, and why.

    ``error``: the file is wrong there (the import refuses the whole file,
    unless asked to import the rest); otherwise the play is fine where it comes
    from but no game a club keeps (no scores, a solo play).
    """

    play: PlayLabel
    problems: tuple[Problem, ...]
    error: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportOutcome:
    """What an import wrote."""

    players_created: int
    sessions_created: int
    sessions_skipped: int = 0
    # The plays not imported, with why: compared on their own in the tests.
    left_out: tuple[LeftOut, ...] = field(default=(), compare=False)
    # The record that lets a BG Stats import be undone (None for other
    # formats, or when nothing was created). Not part of what an import *did*.
    import_id: int | None = field(default=None, compare=False)


def seat_result(seat: Seat) -> SeatResult | None:
    try:
        return seat.result
    except SeatResult.DoesNotExist:
        return None


def describe(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def field_problems(instance: models.Model, path: str) -> list[Problem]:
    """Return what Django's field validation finds wrong with an unsaved row."""
    try:
        # Constraints are left to the database (see `backup._save_built`): checking
        # them here would cost a query per unique constraint and row.
        instance.full_clean(
            exclude={"club", "session", "seat", "player", "user"},
            validate_unique=False,
            validate_constraints=False,
        )
    except ValidationError as error:
        return [
            Problem(path=child(path, name) if name != "__all__" else path, template=msg)
            for name, messages in error.message_dict.items()
            for msg in messages
        ]
    return []
