"""Getting a club's history out and back in: backups, CSV results and BG Stats plays.

Three formats, documented in ``docs/portability.md``:

- the club backup (JSON, ``"format": "tabularium-club-backup"``, versioned):
  everything needed to rebuild the club's games in another instance;
- the results CSV, one row per seat of a finished game, for spreadsheets;
- BG Stats' JSON export, limited to the plays of Concordia.

Every import reads the whole file first and lists every problem with the JSON
path of its field (`ImportRejected`); only a clean file is written, in one
transaction, so a bad or hostile file changes nothing.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import unicodedata
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypedDict

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from clubs.models import Club, Membership, Player
from games.models import (
    ConcordiaMap,
    ConcordiaPosition,
    EntryMode,
    Game,
    MagnanimousPosition,
    Seat,
    SeatCard,
    SeatHouse,
    SeatResult,
    SessionCity,
    SessionStatus,
    TableSession,
)
from scoring.shape import ShapeReader, child
from scoring.types import Problem
from stats.dispatch import stats_change_record
from stats.vocabulary import CATEGORIES

BACKUP_FORMAT: Final = "tabularium-club-backup"
BACKUP_VERSION: Final = 1
# Larger than any real club's history (a game is about 2 kB in a backup), small
# enough that a hostile upload cannot exhaust the server's memory.
MAX_IMPORT_BYTES: Final = 20 * 1024 * 1024
# BoardGameGeek's id of Concordia (2013), the id BG Stats files carry.
CONCORDIA_BGG_ID: Final = 124361
CONCORDIA_YEAR: Final = 2013
BGSTATS_PREFIX: Final = "bgstats:"
# Fixed, so that exporting the same game twice gives BG Stats the same uuid and
# it recognises the play instead of adding it again.
_UUID_NAMESPACE: Final = uuid.UUID("6f1c2d0e-3b57-4c1a-9a43-5b7e0a4d8c21")

NOT_UTF8: Final = gettext_noop("The file is not UTF-8 text")
NOT_JSON: Final = gettext_noop(
    "The file is not valid JSON: %(error)s at line %(line)d, column %(column)d"
)
UNREADABLE_JSON: Final = gettext_noop("The file is not valid JSON: %(error)s")
TOO_DEEP: Final = gettext_noop("The file is nested too deeply to read")
TOO_LARGE: Final = gettext_noop("The file is larger than %(limit)d MB")
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


def problem_message(problem: Problem) -> str:
    """Return the problem's message in the active language."""
    template = _(problem.template)
    return template % dict(problem.params) if problem.params else template


class ImportRejected(ValidationError):
    """An import file cannot be read or breaks the rules; nothing was written."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__([problem_message(p) for p in self.problems])


def _reject(template: str, path: str = "", **params: str | int) -> ImportRejected:
    return ImportRejected([Problem(path=path, template=template, params=params)])


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number in JSON")


def document_load(raw: bytes | str) -> object:
    """Decode an uploaded JSON file; raise `ImportRejected` saying what is wrong."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise _reject(TOO_LARGE, limit=MAX_IMPORT_BYTES // (1024 * 1024))
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _reject(NOT_UTF8) from None
    try:
        return json.loads(raw.removeprefix("\ufeff"), parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise _reject(
            NOT_JSON, error=error.msg, line=error.lineno, column=error.colno
        ) from None
    except RecursionError:
        raise _reject(TOO_DEEP) from None
    except ValueError as error:
        # A number too long for int(), or NaN: json gives no position for those.
        raise _reject(UNREADABLE_JSON, error=str(error)) from None


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportOutcome:
    """What an import wrote."""

    players_created: int
    sessions_created: int
    sessions_skipped: int = 0


# The club backup


def _data_fields(model: type[models.Model]) -> tuple[models.Field[object, object], ...]:
    """Return the fields of a per-seat model that hold data (not keys)."""
    return tuple(
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and not field.is_relation
    )


_CONCORDIA_FIELDS: Final = _data_fields(ConcordiaPosition)
_MAGNANIMOUS_FIELDS: Final = _data_fields(MagnanimousPosition)
_SESSION_TEXT: Final = ("place", "notes", "idempotency_key")
_SESSION_REQUIRED: Final = ("id", "game", "played_at", "status", "seats")
_SESSION_OPTIONAL: Final = (
    "map",
    "entry_mode",
    "ending",
    *_SESSION_TEXT,
    "version",
    "created_at",
    "updated_at",
    "city_goods",
)
_SEAT_REQUIRED: Final = ("player", "seat_order")
_SEAT_OPTIONAL: Final = (
    "colour",
    "concordia_position",
    "magnanimous_position",
    "houses",
    "cards",
    "result",
)


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
    concordia_position: dict[str, int | bool | None] | None
    magnanimous_position: dict[str, int | bool | None] | None
    houses: list[str]
    cards: list[int]
    result: BackupResult | None


class BackupSession(TypedDict):
    id: int
    game: str
    map: str
    played_at: str
    entry_mode: str
    ending: str
    place: str
    notes: str
    status: str
    version: int
    idempotency_key: str
    created_at: str
    updated_at: str
    city_goods: dict[str, str]
    seats: list[BackupSeat]


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


def _sessions_for_backup(club: Club) -> QuerySet[TableSession]:
    seats = Seat.objects.select_related(
        "concordia_position", "magnanimous_position", "result"
    ).prefetch_related("houses", "bought_cards")
    return (
        club.sessions.prefetch_related(
            Prefetch("seats", queryset=seats.order_by("seat_order")), "city_goods"
        )
        .order_by("played_at", "pk")
        .all()
    )


def _position(
    seat: Seat, related: str, fields: Sequence[models.Field[object, object]]
) -> dict[str, int | bool | None] | None:
    try:
        row = getattr(seat, related)
    except (ConcordiaPosition.DoesNotExist, MagnanimousPosition.DoesNotExist):
        return None
    return {field.name: getattr(row, field.name) for field in fields}


def _result(seat: Seat) -> SeatResult | None:
    try:
        return seat.result
    except SeatResult.DoesNotExist:
        return None


def club_backup_export(club: Club) -> BackupDocument:
    """Return everything needed to rebuild the club's games elsewhere.

    A handful of queries whatever the number of games (prefetched).
    Statistics are left out: they are derived, and rebuilt after a restore.
    """
    members = Membership.objects.filter(club=club).select_related("user")
    sessions: list[BackupSession] = []
    for session in _sessions_for_backup(club):
        seats: list[BackupSeat] = []
        for seat in session.seats.all():
            result = _result(seat)
            seats.append(
                {
                    "player": seat.player_id,
                    "seat_order": seat.seat_order,
                    "colour": seat.colour,
                    "concordia_position": _position(
                        seat, "concordia_position", _CONCORDIA_FIELDS
                    ),
                    "magnanimous_position": _position(
                        seat, "magnanimous_position", _MAGNANIMOUS_FIELDS
                    ),
                    "houses": sorted(house.city for house in seat.houses.all()),
                    "cards": sorted(card.card for card in seat.bought_cards.all()),
                    "result": None
                    if result is None
                    else {
                        "total": result.total,
                        "rank": result.rank,
                        "won": result.won,
                        "breakdown": dict(result.breakdown),
                    },
                }
            )
        sessions.append(
            {
                "id": session.pk,
                "game": session.game,
                "map": session.map,
                "played_at": session.played_at.isoformat(),
                "entry_mode": session.entry_mode,
                "ending": session.ending,
                "place": session.place,
                "notes": session.notes,
                "status": session.status,
                "version": session.version,
                "idempotency_key": session.idempotency_key,
                "created_at": session.created_at.isoformat(),
                "updated_at": session.updated_at.isoformat(),
                "city_goods": {
                    city.city: city.good
                    for city in sorted(session.city_goods.all(), key=lambda c: c.city)
                },
                "seats": seats,
            }
        )
    return {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": {"name": club.name, "slug": club.slug},
        "members": [
            {"username": m.user.get_username(), "role": m.role}
            for m in members.order_by("user__username")
        ],
        "players": [
            {
                "id": player.pk,
                "name": player.name,
                "username": player.user.get_username() if player.user else None,
                "created_at": player.created_at.isoformat(),
            }
            for player in club.players.select_related("user").order_by("pk")
        ],
        "sessions": sessions,
    }


class _BackupReader(ShapeReader):
    """`ShapeReader` plus the types a backup has and a score sheet does not."""

    def moment(
        self, fields: Mapping[str, object], key: str, path: str
    ) -> dt.datetime | None:
        value = fields.get(key)
        if value is None:
            return None
        if isinstance(value, str):
            try:
                parsed = dt.datetime.fromisoformat(value)
            except ValueError:
                parsed = None
            if parsed is not None and parsed.tzinfo is not None:
                return parsed
        self.report(child(path, key), BAD_DATETIME, got=_describe(value))
        return None

    def points(
        self, fields: Mapping[str, object], key: str, path: str
    ) -> dict[str, int]:
        value = fields.get(key, {})
        if isinstance(value, dict) and all(
            isinstance(k, str) and type(v) is int for k, v in value.items()
        ):
            return dict(value)
        self.report(child(path, key), BAD_POINTS)
        return {}


def _describe(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


@dataclass(slots=True)
class _Built:
    """The unsaved rows of one game read from a backup, in saving order."""

    path: str
    session: TableSession
    cities: list[SessionCity]
    seats: list[tuple[Seat, list[models.Model]]]


def _read_backup_players(
    reader: _BackupReader, top: Mapping[str, object], club: Club
) -> dict[int, Player]:
    usernames = dict(
        Membership.objects.filter(club=club).values_list("user__username", "user_id")
    )
    players: dict[int, Player] = {}
    for index, raw in enumerate(reader.items(top, "players", "")):
        path = f"players[{index}]"
        fields = reader.fields(
            raw, path, required=("id", "name"), optional=("username", "created_at")
        )
        player_id = reader.integer(fields, "id", path)
        if player_id in players:
            reader.report(child(path, "id"), DUPLICATE_ID, id=player_id)
        username = reader.optional_text(fields, "username", path)
        # Accounts are not part of the backup: a player is linked again only to
        # a member of this club with the same user name, never to a stranger.
        players[player_id] = Player(
            club=club,
            name=reader.text(fields, "name", path),
            user_id=usernames.get(username) if username else None,
            created_at=reader.moment(fields, "created_at", path) or timezone.now(),
        )
    return players


def _read_position(
    reader: _BackupReader,
    fields: Mapping[str, object],
    key: str,
    path: str,
    model_fields: Sequence[models.Field[object, object]],
) -> dict[str, object] | None:
    raw = fields.get(key)
    if raw is None:
        return None
    here = child(path, key)
    values = reader.fields(
        raw, here, required=(), optional=tuple(f.name for f in model_fields)
    )
    read: dict[str, object] = {}
    for field in model_fields:
        if field.name not in values:
            continue
        if isinstance(field, models.BooleanField):
            read[field.name] = reader.boolean(values, field.name, here)
        elif field.null:
            read[field.name] = reader.optional_integer(values, field.name, here)
        else:
            read[field.name] = reader.integer(values, field.name, here)
    return read


def _read_seat(
    reader: _BackupReader,
    raw: object,
    path: str,
    session: TableSession,
    players: Mapping[int, Player],
) -> tuple[Seat, list[models.Model]]:
    fields = reader.fields(raw, path, required=_SEAT_REQUIRED, optional=_SEAT_OPTIONAL)
    player_id = reader.integer(fields, "player", path)
    player = players.get(player_id)
    if player is None and "player" in fields and type(fields["player"]) is int:
        reader.report(child(path, "player"), UNKNOWN_PLAYER, id=player_id)
    seat = Seat(
        session=session,
        player=player if player is not None else Player(),
        seat_order=reader.integer(fields, "seat_order", path),
        colour=reader.text(fields, "colour", path),
    )
    rows: list[models.Model] = []
    concordia = _read_position(
        reader, fields, "concordia_position", path, _CONCORDIA_FIELDS
    )
    if concordia is not None:
        rows.append(ConcordiaPosition(session=session, seat=seat, **concordia))
    magnanimous = _read_position(
        reader, fields, "magnanimous_position", path, _MAGNANIMOUS_FIELDS
    )
    if magnanimous is not None:
        rows.append(MagnanimousPosition(session=session, seat=seat, **magnanimous))
    for index, city in enumerate(reader.items(fields, "houses", path)):
        name = reader.text({"city": city}, "city", f"{path}.houses[{index}]")
        rows.append(SeatHouse(session=session, seat=seat, city=name))
    for index, card in enumerate(reader.items(fields, "cards", path)):
        number = reader.integer({"card": card}, "card", f"{path}.cards[{index}]")
        rows.append(SeatCard(session=session, seat=seat, card=number))
    raw_result = fields.get("result")
    if raw_result is not None:
        here = child(path, "result")
        result = reader.fields(
            raw_result,
            here,
            required=("total", "rank", "won"),
            optional=("breakdown",),
        )
        rows.append(
            SeatResult(
                session=session,
                seat=seat,
                total=reader.integer(result, "total", here),
                rank=reader.integer(result, "rank", here),
                won=reader.boolean(result, "won", here),
                breakdown=reader.points(result, "breakdown", here),
            )
        )
    return seat, rows


def _read_session(
    reader: _BackupReader,
    raw: object,
    path: str,
    club: Club,
    players: Mapping[int, Player],
) -> _Built:
    fields = reader.fields(
        raw, path, required=_SESSION_REQUIRED, optional=_SESSION_OPTIONAL
    )
    reader.integer(fields, "id", path)
    now = timezone.now()
    session = TableSession(
        club=club,
        game=reader.text(fields, "game", path),
        map=reader.text(fields, "map", path),
        played_at=reader.moment(fields, "played_at", path) or now,
        entry_mode=reader.text(fields, "entry_mode", path, default=EntryMode.QUICK),
        ending=reader.text(fields, "ending", path),
        status=reader.text(fields, "status", path),
        version=reader.integer(fields, "version", path, default=1),
        created_at=reader.moment(fields, "created_at", path) or now,
        updated_at=reader.moment(fields, "updated_at", path) or now,
        **{key: reader.text(fields, key, path) for key in _SESSION_TEXT},
    )
    goods = fields.get("city_goods", {})
    cities: list[SessionCity] = []
    if isinstance(goods, dict):
        for city, good in goods.items():
            name = reader.text(
                {"good": good}, "good", child(path, f"city_goods.{city}")
            )
            cities.append(SessionCity(session=session, city=str(city), good=name))
    else:
        reader.fields(goods, child(path, "city_goods"), required=())
    seats = [
        _read_seat(reader, seat, f"{path}.seats[{index}]", session, players)
        for index, seat in enumerate(reader.items(fields, "seats", path))
    ]
    return _Built(path=path, session=session, cities=cities, seats=seats)


def _field_problems(instance: models.Model, path: str) -> list[Problem]:
    """Return what Django's field validation finds wrong with an unsaved row."""
    try:
        # Constraints are left to the database (see `_save_built`): checking
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


_ROW_KEYS: Final[dict[type[models.Model], str]] = {
    ConcordiaPosition: "concordia_position",
    MagnanimousPosition: "magnanimous_position",
    SeatHouse: "houses",
    SeatCard: "cards",
    SeatResult: "result",
}


def _check_rows(
    built: Sequence[_Built], players: Mapping[int, Player]
) -> list[Problem]:
    problems: list[Problem] = []
    for index, player in enumerate(players.values()):
        problems += _field_problems(player, f"players[{index}]")
    for game in built:
        problems += _field_problems(game.session, game.path)
        for city in game.cities:
            problems += _field_problems(city, f"{game.path}.city_goods.{city.city}")
        for seat_index, (seat, rows) in enumerate(game.seats):
            seat_path = f"{game.path}.seats[{seat_index}]"
            problems += _field_problems(seat, seat_path)
            for row in rows:
                problems += _field_problems(row, child(seat_path, _ROW_KEYS[type(row)]))
    return problems


def _save_built(game: _Built) -> None:
    game.session.save()
    SessionCity.objects.bulk_create(game.cities)
    for seat, rows in game.seats:
        seat.save()
        for row in rows:
            row.save()


@transaction.atomic
def club_backup_import(*, club: Club, document: object) -> ImportOutcome:
    """Rebuild a backed-up club's players and games in ``club``, which must be empty.

    Raises `ImportRejected` with every problem found (nothing is written).
    Statistics are recomputed from the restored games once the import commits.
    """
    reader = _BackupReader()
    top = reader.fields(
        document,
        "",
        required=("format", "version", "players", "sessions"),
        optional=("exported_at", "club", "members"),
    )
    if top.get("format") != BACKUP_FORMAT:
        raise _reject(NOT_A_BACKUP, "format")
    version = reader.integer(top, "version", "")
    if version > BACKUP_VERSION:
        raise _reject(NEWER_BACKUP, "version", given=version, known=BACKUP_VERSION)
    locked = Club.objects.select_for_update().get(pk=club.pk)
    if locked.sessions.exists() or locked.players.exists():
        raise _reject(CLUB_NOT_EMPTY)
    players = _read_backup_players(reader, top, club)
    built = [
        _read_session(reader, raw, f"sessions[{index}]", club, players)
        for index, raw in enumerate(reader.items(top, "sessions", ""))
    ]
    problems = reader.problems or _check_rows(built, players)
    if problems:
        raise ImportRejected(problems)
    try:
        with transaction.atomic():
            for player in players.values():
                player.save()
    except IntegrityError:
        raise _reject(SAME_NAME, "players") from None
    for game in built:
        try:
            with transaction.atomic():
                _save_built(game)
        except IntegrityError:
            raise _reject(REJECTED_BY_DATABASE, game.path) from None
        stats_change_record(session=game.session)
    return ImportOutcome(players_created=len(players), sessions_created=len(built))


# Results as CSV


_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    text = str(value)
    # A spreadsheet runs a cell that starts like a formula; a player called
    # "=HYPERLINK(…)" must stay a name (OWASP "CSV injection").
    return "'" + text if text.startswith(_FORMULA_START) else text


def results_csv(club: Club) -> str:
    """Return the club's finished games as CSV, one row per seat (2 queries)."""
    categories = list(dict.fromkeys(c for game in Game for c in CATEGORIES[game]))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        [
            "game_id",
            "date",
            "game",
            "map",
            "place",
            "seat",
            "player",
            "total",
            "rank",
            "won",
            *categories,
        ]
    )
    results = (
        SeatResult.objects.filter(
            session__club=club, session__status=SessionStatus.FINISHED
        )
        .select_related("session", "seat__player")
        .order_by("session__played_at", "session_id", "seat__seat_order")
    )
    for result in results:
        session = result.session
        writer.writerow(
            [
                session.pk,
                session.played_at.date().isoformat(),
                session.game,
                session.map,
                _cell(session.place),
                result.seat.seat_order + 1,
                _cell(result.seat.player.name),
                result.total,
                result.rank,
                "yes" if result.won else "no",
                *(result.breakdown.get(c, "") for c in categories),
            ]
        )
    return out.getvalue()


# BG Stats


class BgStatsGame(TypedDict):
    id: int
    uuid: str
    name: str
    bggId: int
    bggName: str
    bggYear: int
    highestWins: bool
    cooperative: bool
    noPoints: bool
    usesTeams: bool


class BgStatsPlayer(TypedDict):
    # BG Stats writes numbers; a compacted file keeps the ids it was given.
    id: int | str
    uuid: str
    name: str
    isAnonymous: bool
    bggUsername: str


class BgStatsLocation(TypedDict):
    id: int
    uuid: str
    name: str


class BgStatsPlayerScore(TypedDict):
    playerRefId: int | str
    score: str
    winner: bool
    rank: int
    seatOrder: int
    startPlayer: bool
    newPlayer: bool


class BgStatsPlay(TypedDict, total=False):
    uuid: str
    gameRefId: int
    playDate: str
    entryDate: str
    durationMin: int
    ignored: bool
    manualWinner: bool
    rounds: int
    board: str
    comments: str
    usesTeams: bool
    locationRefId: int
    playerScores: list[BgStatsPlayerScore]


class BgStatsDocument(TypedDict):
    games: list[BgStatsGame]
    players: list[BgStatsPlayer]
    locations: list[BgStatsLocation]
    plays: list[BgStatsPlay]


_BGSTATS_DATE: Final = "%Y-%m-%d %H:%M:%S"


def _uuid(kind: str, club: Club, key: object) -> str:
    return str(uuid.uuid5(_UUID_NAMESPACE, f"{club.slug}/{kind}/{key}"))


def _concordia_game(game_uuid: str) -> BgStatsGame:
    return {
        "id": 1,
        "uuid": game_uuid,
        "name": "Concordia",
        "bggId": CONCORDIA_BGG_ID,
        "bggName": "Concordia",
        "bggYear": CONCORDIA_YEAR,
        "highestWins": True,
        "cooperative": False,
        "noPoints": False,
        "usesTeams": False,
    }


def bgstats_export(club: Club) -> BgStatsDocument:
    """Return the club's finished Concordia games as a BG Stats JSON export (2 queries).

    A game that came from BG Stats keeps its BG Stats uuid.
    """
    sessions = (
        club.sessions.filter(game=Game.CONCORDIA, status=SessionStatus.FINISHED)
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=Seat.objects.select_related("player", "result").order_by(
                    "seat_order"
                ),
            )
        )
        .order_by("played_at", "pk")
    )
    players: dict[int, BgStatsPlayer] = {}
    locations: dict[str, BgStatsLocation] = {}
    plays: list[BgStatsPlay] = []
    for session in sessions:
        scores: list[BgStatsPlayerScore] = []
        for seat in session.seats.all():
            result = _result(seat)
            if result is None:
                continue
            player = seat.player
            players.setdefault(
                player.pk,
                {
                    "id": len(players) + 1,
                    "uuid": _uuid("player", club, player.pk),
                    "name": player.name,
                    "isAnonymous": False,
                    "bggUsername": "",
                },
            )
            scores.append(
                {
                    "playerRefId": players[player.pk]["id"],
                    "score": str(result.total),
                    "winner": result.won,
                    "rank": result.rank,
                    "seatOrder": seat.seat_order + 1,
                    "startPlayer": seat.seat_order == 0,
                    "newPlayer": False,
                }
            )
        key = session.idempotency_key
        play: BgStatsPlay = {
            "uuid": key.removeprefix(BGSTATS_PREFIX)
            if key.startswith(BGSTATS_PREFIX)
            else _uuid("play", club, session.pk),
            "gameRefId": 1,
            "playDate": session.played_at.astimezone(dt.UTC).strftime(_BGSTATS_DATE),
            "entryDate": session.created_at.astimezone(dt.UTC).strftime(_BGSTATS_DATE),
            "durationMin": 0,
            "ignored": False,
            "manualWinner": False,
            "rounds": 0,
            "board": session.get_map_display(),
            "comments": session.notes,
            "usesTeams": False,
            "playerScores": scores,
        }
        if session.place:
            location = locations.setdefault(
                session.place,
                {
                    "id": len(locations) + 1,
                    "uuid": _uuid("location", club, session.place),
                    "name": session.place,
                },
            )
            play["locationRefId"] = location["id"]
        plays.append(play)
    return {
        "games": [_concordia_game(_uuid("game", club, CONCORDIA_BGG_ID))],
        "players": list(players.values()),
        "locations": list(locations.values()),
        "plays": plays,
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class BgStatsScore:
    ref: str
    score: int
    winner: bool
    seat_order: int
    start_player: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class BgStatsImportPlay:
    """One play of Concordia read from a BG Stats file."""

    path: str
    uuid: str
    played_at: dt.datetime
    place: str
    notes: str
    map: str
    scores: tuple[BgStatsScore, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BgStatsFile:
    """The Concordia plays of a BG Stats file and the names of their players."""

    names: dict[str, str]
    plays: tuple[BgStatsImportPlay, ...]


def _ref(value: object) -> str:
    # BG Stats ids are numbers; a hand-edited file may carry them as text.
    return str(value) if type(value) in (int, str) else ""


def _is_concordia(game: Mapping[str, object]) -> bool:
    bgg_id = game.get("bggId")
    if type(bgg_id) is int and bgg_id > 0:
        return bgg_id == CONCORDIA_BGG_ID
    name = game.get("name")
    return isinstance(name, str) and _normalise(name) == "concordia"


def _play_date(value: object) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    text = value.strip()
    for pattern in (_BGSTATS_DATE, "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            # BG Stats writes the phone's local time without a zone; UTC keeps
            # the date as written, which is what a club looks for.
            return dt.datetime.strptime(text, pattern).replace(tzinfo=dt.UTC)
        except ValueError:
            continue
    return None


def _score(value: object) -> int | None:
    if type(value) is int:
        return value
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("-").isdigit() and len(text) <= 6:
            return int(text)
    return None


def _map_of(board: str) -> str:
    return (
        ConcordiaMap.ITALIA if "italia" in _normalise(board) else ConcordiaMap.IMPERIUM
    )


def bgstats_read(document: object) -> BgStatsFile:
    """Return the Concordia plays of a decoded BG Stats export.

    Reads only the fields it needs and ignores the rest (BG Stats adds fields
    often). Raises `ImportRejected` with every problem in a Concordia play, or
    when there is no such play. Plays marked "ignored" in BG Stats are skipped.
    """
    reader = ShapeReader()
    top = (
        document
        if isinstance(document, dict)
        else reader.fields(document, "", required=())
    )
    games = reader.items(top, "games", "")
    concordia = {
        _ref(game.get("id"))
        for game in games
        if isinstance(game, dict) and _is_concordia(game)
    }
    names = {
        _ref(player.get("id")): player["name"].strip()
        for player in reader.items(top, "players", "")
        if isinstance(player, dict) and isinstance(player.get("name"), str)
    }
    places = {
        _ref(place.get("id")): place["name"].strip()
        for place in reader.items(top, "locations", "")
        if isinstance(place, dict) and isinstance(place.get("name"), str)
    }
    plays: list[BgStatsImportPlay] = []
    for index, raw in enumerate(reader.items(top, "plays", "")):
        if not isinstance(raw, dict) or _ref(raw.get("gameRefId")) not in concordia:
            continue
        if raw.get("ignored") is True:
            continue
        play = _read_play(reader, raw, f"plays[{index}]", names, places)
        if play is not None:
            plays.append(play)
    if reader.problems:
        raise ImportRejected(reader.problems)
    if not plays:
        raise _reject(NO_CONCORDIA_PLAYS)
    used = {score.ref for play in plays for score in play.scores}
    return BgStatsFile(
        names={ref: name for ref, name in names.items() if ref in used},
        plays=tuple(plays),
    )


def _read_play(
    reader: ShapeReader,
    raw: Mapping[str, object],
    path: str,
    names: Mapping[str, str],
    places: Mapping[str, str],
) -> BgStatsImportPlay | None:
    played_at = _play_date(raw.get("playDate"))
    if played_at is None:
        reader.report(
            child(path, "playDate"), BAD_PLAY_DATE, got=_describe(raw.get("playDate"))
        )
    scores: list[BgStatsScore] = []
    raw_scores = reader.items(raw, "playerScores", path)
    for index, entry in enumerate(raw_scores):
        here = f"{path}.playerScores[{index}]"
        if not isinstance(entry, dict):
            reader.fields(entry, here, required=())
            continue
        ref = _ref(entry.get("playerRefId"))
        if ref not in names:
            reader.report(child(here, "playerRefId"), UNLISTED_PLAYER)
            continue
        score = _score(entry.get("score"))
        if score is None:
            reader.report(
                child(here, "score"), BAD_SCORE, got=_describe(entry.get("score"))
            )
            continue
        seat_order = entry.get("seatOrder")
        scores.append(
            BgStatsScore(
                ref=ref,
                score=score,
                winner=entry.get("winner") is True,
                seat_order=seat_order if type(seat_order) is int else 0,
                start_player=entry.get("startPlayer") is True,
            )
        )
    if not 2 <= len(raw_scores) <= 5:
        reader.report(child(path, "playerScores"), PLAYER_COUNT, count=len(raw_scores))
    refs = [score.ref for score in scores]
    for ref in {r for r in refs if refs.count(r) > 1}:
        reader.report(child(path, "playerScores"), SAME_PLAYER_TWICE, name=names[ref])
    if played_at is None or len(scores) != len(raw_scores):
        return None
    play_uuid = raw.get("uuid")
    board = raw.get("board")
    comments = raw.get("comments")
    return BgStatsImportPlay(
        path=path,
        uuid=play_uuid[:50] if isinstance(play_uuid, str) and play_uuid else "",
        played_at=played_at,
        place=places.get(_ref(raw.get("locationRefId")), "")[:100],
        notes=comments if isinstance(comments, str) else "",
        map=_map_of(board if isinstance(board, str) else ""),
        # The start player sits first, then BG Stats' seat order, then the list.
        scores=tuple(sorted(scores, key=lambda s: (not s.start_player, s.seat_order))),
    )


def bgstats_compact(parsed: BgStatsFile) -> BgStatsDocument:
    """Return ``parsed`` as the smallest BG Stats document `bgstats_read` reads back.

    Carries a file's Concordia plays from one request to the next (the page
    that asks who an ambiguous name is) without storing anything.
    """
    places = sorted({play.place for play in parsed.plays if play.place})
    location_ids = {place: index for index, place in enumerate(places, start=1)}
    plays: list[BgStatsPlay] = []
    for play in parsed.plays:
        compact: BgStatsPlay = {
            "uuid": play.uuid,
            "gameRefId": 1,
            "playDate": play.played_at.strftime(_BGSTATS_DATE),
            "board": play.map,
            "comments": play.notes,
            "playerScores": [
                {
                    "playerRefId": score.ref,
                    "score": str(score.score),
                    "winner": score.winner,
                    "rank": 0,
                    "seatOrder": order,
                    "startPlayer": order == 0,
                    "newPlayer": False,
                }
                for order, score in enumerate(play.scores)
            ],
        }
        if play.place:
            compact["locationRefId"] = location_ids[play.place]
        plays.append(compact)
    return {
        "games": [_concordia_game("")],
        "players": [
            {
                "id": ref,
                "uuid": "",
                "name": name,
                "isAnonymous": False,
                "bggUsername": "",
            }
            for ref, name in parsed.names.items()
        ],
        "locations": [
            {"id": index, "uuid": "", "name": place}
            for place, index in location_ids.items()
        ],
        "plays": plays,
    }


def _normalise(name: str) -> str:
    """Return ``name`` as the matching compares it: no case, accents or extra spaces."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.split())


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerMatch:
    """How one BG Stats player would be imported.

    ``player`` is the club's player it matches, or None for a new player named
    ``name``; ``candidates`` is non-empty when the name is ambiguous and
    someone has to choose.
    """

    ref: str
    name: str
    player: Player | None
    candidates: tuple[Player, ...]

    @property
    def needs_choice(self) -> bool:
        return bool(self.candidates)


def bgstats_player_matches(*, club: Club, parsed: BgStatsFile) -> list[PlayerMatch]:
    """Match the file's players to the club's by name (1 query).

    The same name (ignoring case, accents and spacing) is a match. Otherwise,
    club players with the same first name are offered as candidates, since
    "Ana" may be "Ana Silva", "Ana Costa" or somebody new. A name like none of
    the club's becomes a new player. Two file players that would become one club
    player need a choice too.
    """
    club_players = list(club.players.order_by("name"))
    by_name: dict[str, Player] = {_normalise(p.name): p for p in club_players}
    matches: list[PlayerMatch] = []
    for ref, name in sorted(parsed.names.items(), key=lambda item: item[1].casefold()):
        key = _normalise(name)
        exact = by_name.get(key)
        if exact is not None:
            matches.append(PlayerMatch(ref=ref, name=name, player=exact, candidates=()))
            continue
        first = key.split(" ")[0] if key else ""
        similar = tuple(
            p
            for p in club_players
            if first and _normalise(p.name).split(" ")[0] == first
        )
        matches.append(PlayerMatch(ref=ref, name=name, player=None, candidates=similar))
    taken: dict[int, list[PlayerMatch]] = {}
    for match in matches:
        if match.player is not None:
            taken.setdefault(match.player.pk, []).append(match)
    return [
        PlayerMatch(
            ref=m.ref,
            name=m.name,
            player=None,
            candidates=tuple(
                p for p in club_players if by_name.get(_normalise(p.name)) is m.player
            ),
        )
        if m.player is not None and len(taken[m.player.pk]) > 1
        else m
        for m in matches
    ]


def _resolve_players(
    *, club: Club, matches: Sequence[PlayerMatch], choices: Mapping[str, int | None]
) -> dict[str, Player]:
    """Return the club player of every file player, creating new ones as needed."""
    problems: list[Problem] = []
    chosen: dict[str, Player | str] = {}
    for match in matches:
        path = f"players.{match.ref}"
        if match.ref in choices:
            choice = choices[match.ref]
            if choice is None:
                chosen[match.ref] = match.name
                continue
            allowed = {p.pk: p for p in (*match.candidates, match.player) if p}
            if choice not in allowed:
                problems.append(
                    Problem(
                        path=path,
                        template=CHOICE_NOT_A_CANDIDATE,
                        params={"name": match.name},
                    )
                )
                continue
            chosen[match.ref] = allowed[choice]
        elif match.needs_choice:
            problems.append(
                Problem(
                    path=path,
                    template=CHOOSE_PLAYER,
                    params={
                        "name": match.name,
                        "candidates": ", ".join(p.name for p in match.candidates),
                    },
                )
            )
        else:
            chosen[match.ref] = match.player or match.name
    by_target: dict[str, list[str]] = {}
    for ref, target in chosen.items():
        key = _normalise(target if isinstance(target, str) else target.name)
        by_target.setdefault(key, []).append(ref)
    names = {m.ref: m.name for m in matches}
    for refs in by_target.values():
        if len(refs) > 1:
            target = chosen[refs[0]]
            problems.append(
                Problem(
                    path=f"players.{refs[1]}",
                    template=TWO_NAMES_ONE_PLAYER,
                    params={
                        "first": names[refs[0]],
                        "second": names[refs[1]],
                        "player": target if isinstance(target, str) else target.name,
                    },
                )
            )
    if problems:
        raise ImportRejected(problems)
    resolved: dict[str, Player] = {}
    for ref, target in chosen.items():
        if isinstance(target, Player):
            resolved[ref] = target
            continue
        player = Player(club=club, name=target[:40])
        problems = _field_problems(player, f"players.{ref}")
        if problems:
            raise ImportRejected(problems)
        try:
            with transaction.atomic():
                player.save()
        except IntegrityError:
            raise _reject(SAME_NAME, f"players.{ref}") from None
        resolved[ref] = player
    return resolved


def _ranks(scores: Sequence[BgStatsScore]) -> list[tuple[int, bool]]:
    """Return (rank, won) per score: by points, BG Stats' winner first among equals."""
    keys = [(-s.score, not s.winner) for s in scores]
    anyone_won = any(s.winner for s in scores)
    ranked = []
    for key, score in zip(keys, scores, strict=True):
        rank = 1 + sum(1 for other in keys if other < key)
        ranked.append((rank, score.winner if anyone_won else rank == 1))
    return ranked


@transaction.atomic
def bgstats_import(
    *, club: Club, parsed: BgStatsFile, choices: Mapping[str, int | None]
) -> ImportOutcome:
    """Store the file's Concordia plays as finished games of ``club``.

    ``choices`` maps a file player's id to the club player chosen for it, or
    None for a new player; it is needed for every ambiguous name (see
    `bgstats_player_matches`). A play imported before (same BG Stats uuid) is
    skipped. BG Stats has only totals, so the games have results but no
    recorded positions. Raises `ImportRejected`; nothing is written then.
    """
    locked = Club.objects.select_for_update().get(pk=club.pk)
    matches = bgstats_player_matches(club=locked, parsed=parsed)
    before = locked.players.count()
    players = _resolve_players(club=locked, matches=matches, choices=choices)
    known = set(
        locked.sessions.filter(idempotency_key__startswith=BGSTATS_PREFIX).values_list(
            "idempotency_key", flat=True
        )
    )
    created = skipped = 0
    for play in parsed.plays:
        key = BGSTATS_PREFIX + play.uuid if play.uuid else ""
        if key and key in known:
            skipped += 1
            continue
        known.add(key)
        session = TableSession.objects.create(
            club=locked,
            game=Game.CONCORDIA,
            map=play.map,
            played_at=play.played_at,
            place=play.place,
            notes=play.notes,
            status=SessionStatus.FINISHED,
            idempotency_key=key,
        )
        for order, (score, (rank, won)) in enumerate(
            zip(play.scores, _ranks(play.scores), strict=True)
        ):
            seat = Seat.objects.create(
                session=session, player=players[score.ref], seat_order=order
            )
            SeatResult.objects.create(
                session=session, seat=seat, total=score.score, rank=rank, won=won
            )
        stats_change_record(session=session)
        created += 1
    return ImportOutcome(
        players_created=locked.players.count() - before,
        sessions_created=created,
        sessions_skipped=skipped,
    )
