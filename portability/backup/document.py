"""The club backup's format (``"format": "tabularium-club-backup"``), and what a restore refuses.

Version 2 writes each finished game's positions as its score sheet
(``docs/score-sheet.md``: ``storehouse: {good: n}``, ``cards`` by god, …), so
that the way the database stores positions can change without a new backup
format, and holds the table assistant's games with their logs
(``docs/game-log.md``). Version 1 (a key per database column) is still read.
Documented in ``docs/portability.md``.
"""

from __future__ import annotations

from typing import Any, Final, NotRequired, TypedDict

from django.utils.translation import gettext_noop

BACKUP_FORMAT: Final = "tabularium-club-backup"
BACKUP_VERSION: Final = 2


class BackupPlayer(TypedDict):
    id: int
    name: str
    username: str | None
    created_at: str


class BackupResult(TypedDict):
    total: int
    rank: int
    won: bool
    breakdown: dict[str, int]


class BackupSeat(TypedDict):
    player: int
    seat_order: int
    colour: str
    # The seat's team in Venus' team play, "" otherwise.
    team: str
    houses: list[str]
    cards: list[int]
    result: BackupResult | None


class BackupSession(TypedDict):
    id: int
    game: str
    map: str
    ending: str
    played_at: str
    entry_mode: str
    place: str
    notes: str
    status: str
    version: int
    idempotency_key: str
    created_at: str
    updated_at: str
    # The uuid BG Stats knows a game of Concordia by (`portability.bgstats`).
    bgstats_uuid: NotRequired[str]
    city_goods: dict[str, str]
    # Concordia's modules played (salt, forum, venus); a game with a sheet
    # takes them from its sheet.
    expansions: list[str]
    seats: list[BackupSeat]
    # The score sheet of a game scored from its positions; None for a game
    # still being entered, or one with final totals only (from BG Stats).
    sheet: dict[str, Any] | None


class BackupAssistantGame(TypedDict):
    id: int
    created_at: str
    # The `sessions[].id` of the game its final sheet opened, or None.
    session: int | None
    # The game-log document of ``docs/game-log.md``, every event included.
    log: dict[str, object]


class BackupClub(TypedDict):
    name: str
    slug: str


class BackupMember(TypedDict):
    username: str
    role: str


class BackupDocument(TypedDict):
    format: str
    version: int
    exported_at: str
    club: BackupClub
    members: list[BackupMember]
    players: list[BackupPlayer]
    sessions: list[BackupSession]
    assistant_games: list[BackupAssistantGame]


# What a restore refuses, besides the shape and the rules of the score sheet.
RESULT_MISSING: Final = gettext_noop("A finished game needs the result of every seat")
RESULT_TOO_EARLY: Final = gettext_noop("A game still being entered has no results yet")
SHEET_TOO_EARLY: Final = gettext_noop(
    "A game still being entered has no score sheet yet"
)
RESULT_DISAGREES: Final = gettext_noop(
    "The score sheet gives %(expected)d here, not %(given)d"
)
SHEET_SAYS_WON: Final = gettext_noop("The score sheet says this seat won")
SHEET_SAYS_LOST: Final = gettext_noop("The score sheet says this seat did not win")
SHEET_OF_OTHER_GAME: Final = gettext_noop(
    "This is a score sheet of %(given)s; the game is one of %(game)s"
)
SHEET_OTHER_MAP: Final = gettext_noop(
    "The score sheet is of %(given)s; the game was played on %(map)s"
)
SHEET_OTHER_PLAYER: Final = gettext_noop(
    "This seat is %(player)s's; the score sheet names %(given)s"
)
SHEET_PLAYER_COUNT: Final = gettext_noop(
    "The score sheet has %(given)d players; the game has %(seats)d seats"
)
POSITION_OF_OTHER_GAME: Final = gettext_noop(
    "A seat of a game of %(game)s holds no position of %(other)s"
)
POSITION_MISSING: Final = gettext_noop(
    "Every other seat of this game has its position: this one needs one too"
)
ONLY_CONCORDIA_BOARD: Final = gettext_noop(
    "Only a game of Concordia has city goods, houses and cards"
)
MAP_NEEDED: Final = gettext_noop("A game of Concordia is played on a map")
NO_MAP: Final = gettext_noop("A game of Magnanimous has no map")
NO_ENDING: Final = gettext_noop("Only a game of Magnanimous has an ending")
NO_MODULES: Final = gettext_noop("Only a game of Concordia has expansion modules")
SEAT_TWICE: Final = gettext_noop("Two seats of this game have the seat %(seat)d")
COLOUR_TWICE: Final = gettext_noop("Two seats of this game have the colour %(colour)s")
KEY_TWICE: Final = gettext_noop("Two games of the file have the key “%(key)s”")
UUID_TWICE: Final = gettext_noop(
    "Two games of the file are the BG Stats play “%(uuid)s”"
)
BAD_UUID: Final = gettext_noop(
    "Expected a BG Stats uuid, text of at most %(limit)d characters, not %(got)s"
)
UNKNOWN_SESSION: Final = gettext_noop("No game with the id %(id)d in this file")
SESSION_TAKEN: Final = gettext_noop(
    "The game %(id)d belongs to another game of the assistant already"
)
SESSION_NOT_CONCORDIA: Final = gettext_noop(
    "The game %(id)d is not a game of Concordia"
)
SESSION_OTHER_PLAYERS: Final = gettext_noop(
    "The game %(id)d is not this log's: its players are %(players)s"
)
