"""The club backup (JSON, ``"format": "tabularium-club-backup"``, versioned).

Everything needed to rebuild the club's games in another instance; it restores
only into an empty club. Documented in ``docs/portability.md``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypedDict

from django.db import IntegrityError, models, transaction
from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from clubs.models import Club, Membership, Player
from games import adapters
from games.documents import (
    ImportRejected,
    reject,
)
from games.models import (
    ConcordiaPosition,
    EntryMode,
    MagnanimousPosition,
    Seat,
    SeatCard,
    SeatHouse,
    SeatResult,
    SessionCity,
    TableSession,
)
from games.signals import session_changed_send
from portability.common import (
    BAD_DATETIME,
    BAD_POINTS,
    CLUB_NOT_EMPTY,
    DUPLICATE_ID,
    NEWER_BACKUP,
    NOT_A_BACKUP,
    REJECTED_BY_DATABASE,
    SAME_NAME,
    UNKNOWN_PLAYER,
    ImportOutcome,
    describe,
    field_problems,
    seat_result,
)
from scoring.shape import ShapeReader, child
from scoring.types import Problem

BACKUP_FORMAT: Final = "tabularium-club-backup"
BACKUP_VERSION: Final = 1


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
    # The counts per good and per god are objects (`games.adapters`).
    concordia_position: dict[str, int | bool | dict[str, int] | None] | None
    magnanimous_position: dict[str, int | bool | dict[str, int] | None] | None
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
) -> dict[str, int | bool | dict[str, int] | None] | None:
    try:
        row = getattr(seat, related)
    except (ConcordiaPosition.DoesNotExist, MagnanimousPosition.DoesNotExist):
        return None
    return {field.name: getattr(row, field.name) for field in fields}


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
            result = seat_result(seat)
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
        self.report(child(path, key), BAD_DATETIME, got=describe(value))
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
    if isinstance(raw, dict):
        # Backups made before issue #22 have a column per good and per god.
        raw = adapters.fold_position_columns(raw)
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
        elif field.name in adapters.POSITION_COUNTS:
            keys = adapters.POSITION_COUNTS[field.name]
            counts = reader.counts(values, field.name, here, keys, all_required=False)
            read[field.name] = {str(member): count for member, count in counts.items()}
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
        problems += field_problems(player, f"players[{index}]")
    for game in built:
        problems += field_problems(game.session, game.path)
        for city in game.cities:
            problems += field_problems(city, f"{game.path}.city_goods.{city.city}")
        for seat_index, (seat, rows) in enumerate(game.seats):
            seat_path = f"{game.path}.seats[{seat_index}]"
            problems += field_problems(seat, seat_path)
            for row in rows:
                problems += field_problems(row, child(seat_path, _ROW_KEYS[type(row)]))
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
        raise reject(NOT_A_BACKUP, "format")
    version = reader.integer(top, "version", "")
    if version > BACKUP_VERSION:
        raise reject(NEWER_BACKUP, "version", given=version, known=BACKUP_VERSION)
    locked = Club.objects.select_for_update().get(pk=club.pk)
    if locked.sessions.exists() or locked.players.exists():
        raise reject(CLUB_NOT_EMPTY)
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
        raise reject(SAME_NAME, "players") from None
    for game in built:
        try:
            with transaction.atomic():
                _save_built(game)
        except IntegrityError:
            raise reject(REJECTED_BY_DATABASE, game.path) from None
        session_changed_send(session=game.session)
    return ImportOutcome(players_created=len(players), sessions_created=len(built))
