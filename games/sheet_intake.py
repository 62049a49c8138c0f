"""A finished game recorded from a score-sheet document (docs/score-sheet.md).

The API's ``POST /api/v1/clubs/{slug}/sessions/`` comes here: the document is
read by its game's own reader (`registry.GameSpec.sheet_read`, the same one
the calculator uses), its players are matched to the club's players by name,
and the game is created and scored in one transaction through the game's
services (`GameSpec.pages` ``start``, then `GameSpec.sheet_record`). Nothing
here names a game.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext_noop

from clubs.models import Club, Player
from games import registry
from games.documents import ImportRejected
from games.models import EntryMode, SessionStatus, TableSession
from games.services import SeatInput
from scoring.names import normalize_name
from scoring.shape import MISSING_FIELD, ShapeReader, SheetInvalid, describe
from scoring.types import Problem

EXPECTED_SHEET: Final = gettext_noop(
    "Expected a score sheet: an object {…}, not %(got)s"
)
UNKNOWN_GAME: Final = gettext_noop("This app does not record games of %(game)s")
UNKNOWN_PLAYER: Final = gettext_noop(
    "The club has no player called “%(name)s”. Its players: %(names)s. Send "
    "“add_players”: true to add the new names as guests."
)
NO_PLAYERS_YET: Final = gettext_noop(
    "The club has no player called “%(name)s”, nor any player yet. Send "
    "“add_players”: true to add the new names as guests."
)
NOT_FINAL: Final = gettext_noop(
    "A game is recorded from its final sheet: an intermediate scoring is not "
    "the end of the game."
)
SPELLED_OTHERWISE: Final = gettext_noop(
    "The club writes this player's name “%(player)s”: use that spelling, "
    "not “%(name)s”."
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetRecorded:
    """The game a score sheet made, and whether this call made it (False: a retry)."""

    session: TableSession
    created: bool


def _rejected(problems: Sequence[Problem], prefix: str) -> ImportRejected:
    return ImportRejected(
        replace(p, path=f"{prefix}.{p.path}" if p.path else prefix) for p in problems
    )


def _spec(document: object, prefix: str) -> registry.GameSpec:
    if not isinstance(document, dict):
        raise _rejected(
            [
                Problem(
                    path="", template=EXPECTED_SHEET, params={"got": describe(document)}
                )
            ],
            prefix,
        )
    if "game" not in document:
        raise _rejected(
            [Problem(path="game", template=MISSING_FIELD, params={"field": "game"})],
            prefix,
        )
    reader = ShapeReader()
    game = reader.text(document, "game", "")
    if reader.problems:
        raise _rejected(reader.problems, prefix)
    try:
        spec = registry.game_spec(game)
    except KeyError:
        spec = None
    if spec is None or spec.sheet_read is None or spec.sheet_record is None:
        raise _rejected(
            [Problem(path="game", template=UNKNOWN_GAME, params={"game": game[:40]})],
            prefix,
        )
    return spec


def _seats(
    *, club: Club, names: Sequence[str], add_players: bool, prefix: str
) -> list[SeatInput]:
    """Each name's club player, or a new guest's name with ``add_players``.

    A name is the club's player's name as the club writes it: a name that
    differs from one only in case is refused with the club's spelling (the
    sheet's names are the seats' names), never taken for a new player.
    """
    players = sorted(club.players.all(), key=lambda p: (p.name.casefold(), p.pk))
    exact = {player.name: player for player in players}
    folded = {player.name.casefold(): player for player in players}
    seats: list[SeatInput] = []
    problems: list[Problem] = []
    for index, name in enumerate(names):
        path = f"{prefix}.players[{index}].name"
        player: Player | None = exact.get(normalize_name(name))
        if player is not None:
            seats.append(SeatInput(player=player))
            continue
        spelled = folded.get(normalize_name(name).casefold())
        if spelled is not None:
            problems.append(
                Problem(
                    path=path,
                    template=SPELLED_OTHERWISE,
                    params={"name": name, "player": spelled.name},
                )
            )
        elif not add_players:
            problems.append(
                Problem(
                    path=path,
                    template=UNKNOWN_PLAYER,
                    params={"name": name, "names": ", ".join(p.name for p in players)},
                )
                if players
                else Problem(path=path, template=NO_PLAYERS_YET, params={"name": name})
            )
        seats.append(SeatInput(new_name=name))
    if problems:
        raise ImportRejected(problems)
    return seats


@transaction.atomic
def session_from_sheet(
    *,
    club: Club,
    created_by: User | None,
    document: object,
    played_at: dt.datetime,
    place: str = "",
    notes: str = "",
    add_players: bool = False,
    idempotency_key: str = "",
    path: str = "sheet",
) -> SheetRecorded:
    """Record a finished game of ``club`` from the score sheet ``document``.

    The sheet's players are the club's players of those names (any case);
    a name the club does not know is refused with the club's names, unless
    ``add_players`` adds it as a guest. With an ``idempotency_key`` the game
    is made once per club and key: a retry (even one racing the first, on
    another worker: the database's unique key decides) returns the first
    game with ``created=False``. Raises `ImportRejected` with every problem,
    each path under ``path`` (the document's place in the request), and
    nothing is written then.
    """
    if idempotency_key:
        made = club.sessions.filter(idempotency_key=idempotency_key).first()
        if made is not None:
            return SheetRecorded(session=made, created=False)
    spec = _spec(document, path)
    assert spec.sheet_read is not None
    assert spec.sheet_record is not None
    try:
        sheet: Any = spec.sheet_read(document)
    except SheetInvalid as invalid:
        raise _rejected(invalid.problems, path) from None
    if str(getattr(sheet, "kind", "final")) != "final":
        raise _rejected([Problem(path="kind", template=NOT_FINAL)], path)
    seats = _seats(
        club=club,
        names=[board.name for board in sheet.players],
        add_players=add_players,
        prefix=path,
    )
    map_value = getattr(sheet, "map", None)
    session = spec.pages[EntryMode.QUICK].start(
        club=club,
        created_by=created_by,
        map_name=str(getattr(map_value, "value", "")) if spec.has_map else "",
        played_at=played_at,
        seats=seats,
        place=place,
        idempotency_key=idempotency_key,
    )
    if session.status == SessionStatus.FINISHED:
        # A retry that raced the first call: the key's unique index made it
        # wait for the first game, which is complete by now.
        return SheetRecorded(session=session, created=False)
    if notes:
        session.notes = notes
        session.save(update_fields=["notes"])
    spec.sheet_record(session=session, sheet=sheet)
    return SheetRecorded(session=session, created=True)
