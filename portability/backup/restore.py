"""Restoring a club backup (version 1 or 2) into an empty club.

The whole file is read and checked before anything is written, and every
problem is reported with the JSON path of its field (`ImportRejected`):

- the shape of every field, and what the database would refuse;
- that each game belongs to its game and map: a map only for Concordia, an
  ending only for Magnanimous, city goods, houses and cards only on Concordia's
  map of the game (no house in "Atlantis", none in the capital), the cards in
  play at that table;
- that a finished game has results, and that a game scored from its positions
  gets the results stored beside them: each score sheet is parsed and scored
  through `scoring` as the pages do, and a stored total, rank, winner or
  category that disagrees is refused (a total edited from 171 to 9999);
- the table assistant's logs, replayed through the rules as their import does.

Then it is written a table at a time, in one transaction, and the statistics
are told once (`games.signals.sessions_added`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from clubs.models import Club, Membership, Player
from games import adapters
from games.documents import ImportRejected, reject
from games.magnanimous.services import (
    MAGNANIMOUS_CATEGORIES,
    magnanimous_sheet_evaluate,
)
from games.models import (
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
from games.services import concordia_sheet_evaluate, seat_won
from games.signals import sessions_added_send
from portability.backup.assistant_games import (
    ReadGame,
    assistant_games_restore,
    link_problems,
)
from portability.backup.document import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    BAD_UUID,
    COLOUR_TWICE,
    KEY_TWICE,
    MAP_NEEDED,
    NO_ENDING,
    NO_MAP,
    NO_MODULES,
    ONLY_CONCORDIA_BOARD,
    POSITION_MISSING,
    POSITION_OF_OTHER_GAME,
    RESULT_DISAGREES,
    RESULT_MISSING,
    RESULT_TOO_EARLY,
    SEAT_TWICE,
    SHEET_OF_OTHER_GAME,
    SHEET_OTHER_MAP,
    SHEET_OTHER_PLAYER,
    SHEET_PLAYER_COUNT,
    SHEET_SAYS_LOST,
    SHEET_SAYS_WON,
    SHEET_TOO_EARLY,
    UUID_TWICE,
)
from portability.backup.sheets import (
    V1_CONCORDIA,
    V1_MAGNANIMOUS,
    V1_POSITION_KEYS,
    v1_path,
    v1_sheet,
)
from portability.bgstats import derived_uuid
from portability.common import (
    BAD_DATETIME,
    BAD_POINTS,
    CLUB_NOT_EMPTY,
    DUPLICATE_ID,
    NEWER_BACKUP,
    NOT_A_BACKUP,
    REJECTED_BY_DATABASE,
    SAME_NAME,
    SAME_PLAYER_TWICE,
    UNKNOWN_PLAYER,
    ImportOutcome,
    describe,
)
from portability.models import BgStatsPlay
from scoring import (
    MAPS,
    MAX_HOUSES,
    SheetInvalid,
    parse_concordia,
    parse_magnanimous,
)
from scoring.board import (
    CITY_UNKNOWN,
    HOUSE_IN_CAPITAL,
    HOUSES_OVER_STOCK,
    card_problem,
    validate_city_goods,
)
from scoring.magnanimous import MagnanimousBoard, MagnanimousSheet
from scoring.ruleset import ruleset
from scoring.shape import ShapeReader, child
from scoring.sheet_io import read_expansions
from scoring.types import Good, MapName, PlayerBoard, Problem, ScoreSheet
from scoring.validation import TEAM_WITHOUT_MODULE

_BGSTATS_KEY: Final = "bgstats:"
_MAX_UUID: Final = 64
_BATCH: Final = 500
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
_SEAT_OPTIONAL: Final = ("colour", "houses", "cards", "result")
# Written since the BG Stats import keeps modules and teams: a game without a
# sheet (final totals only) has them nowhere else; a game with one takes them
# from its sheet.
_SESSION_MODULES: Final = ("expansions",)
_SEAT_MODULES: Final = ("team",)
_GAME_LABELS: Final = {Game.CONCORDIA: "Concordia", Game.MAGNANIMOUS: "Magnanimous"}


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

    def document(
        self, fields: Mapping[str, object], key: str, path: str
    ) -> dict[str, Any] | None:
        value = fields.get(key)
        if value is None:
            return None
        if isinstance(value, dict):
            return value
        self.fields(value, child(path, key), required=())
        return None


@dataclass(slots=True)
class _Seat:
    """One seat read from a backup, with its unsaved rows."""

    path: str
    seat: Seat
    houses: list[str]
    cards: list[int]
    result: SeatResult | None
    # Whether the file gives the result's breakdown (else it is recomputed).
    breakdown_given: bool = False


@dataclass(slots=True)
class _Game:
    """One game read from a backup, before it is checked and written."""

    path: str
    id: int
    session: TableSession
    cities: dict[str, str]
    seats: list[_Seat]
    # The score sheet of a game scored from its positions, and how a problem's
    # path in it reads in the file.
    sheet: dict[str, Any] | None = None
    sheet_path: str = ""
    v1_seats: list[int] = field(default_factory=list)
    bgstats_uuid: str = ""
    # Filled by the checks: the sheet read, and the results it gives by seat.
    parsed: ScoreSheet | MagnanimousSheet | None = None
    expected: list[tuple[int, int, bool, dict[str, int]]] = field(default_factory=list)

    def ordered_seats(self) -> list[_Seat]:
        """The seats in seating order, as the score sheet lists its players."""
        return sorted(self.seats, key=lambda seat: seat.seat.seat_order)

    def where(self, path: str) -> str:
        """Return where the problem at ``path`` of the game's sheet is in the file."""
        if self.v1_seats:
            return v1_path(
                path, game=self.session.game, session=self.path, seats=self.v1_seats
            )
        return child(self.sheet_path, path) if path else self.sheet_path


def _read_players(
    reader: _BackupReader, top: Mapping[str, object], club: Club
) -> dict[int, Player]:
    usernames = dict(
        Membership.objects.filter(club=club).values_list("user__username", "user_id")
    )
    players: dict[int, Player] = {}
    names: set[str] = set()
    for index, raw in enumerate(reader.items(top, "players", "")):
        path = f"players[{index}]"
        fields = reader.fields(
            raw, path, required=("id", "name"), optional=("username", "created_at")
        )
        player_id = reader.integer(fields, "id", path)
        if player_id in players:
            reader.report(child(path, "id"), DUPLICATE_ID, id=player_id)
        name = reader.text(fields, "name", path)
        if name and name.casefold() in names:
            reader.report(child(path, "name"), SAME_NAME)
        names.add(name.casefold())
        username = reader.optional_text(fields, "username", path)
        # Accounts are not part of the backup: a player is linked again only to
        # a member of this club with the same user name, never to a stranger.
        players[player_id] = Player(
            club=club,
            name=name,
            user_id=usernames.get(username) if username else None,
            created_at=reader.moment(fields, "created_at", path) or timezone.now(),
        )
    return players


def _read_seat(
    reader: _BackupReader,
    raw: object,
    path: str,
    session: TableSession,
    players: Mapping[int, Player],
    *,
    v1_keys: tuple[str, ...],
) -> tuple[_Seat, dict[str, dict[str, object]]]:
    """Return one seat, and (version 1) the column positions it holds by key."""
    fields = reader.fields(
        raw,
        path,
        required=_SEAT_REQUIRED,
        optional=(*_SEAT_OPTIONAL, *(v1_keys or _SEAT_MODULES)),
    )
    player_id = reader.integer(fields, "player", path)
    player = players.get(player_id)
    if player is None and type(fields.get("player")) is int:
        reader.report(child(path, "player"), UNKNOWN_PLAYER, id=player_id)
    seat = Seat(
        session=session,
        player=player if player is not None else Player(),
        seat_order=reader.integer(fields, "seat_order", path),
        colour=reader.text(fields, "colour", path),
        team=reader.text(fields, "team", path),
    )
    houses = [
        reader.text({"city": city}, "city", f"{path}.houses[{index}]")
        for index, city in enumerate(reader.items(fields, "houses", path))
    ]
    cards = [
        reader.integer({"card": card}, "card", f"{path}.cards[{index}]")
        for index, card in enumerate(reader.items(fields, "cards", path))
    ]
    result = None
    breakdown_given = False
    raw_result = fields.get("result")
    if raw_result is not None:
        here = child(path, "result")
        values = reader.fields(
            raw_result,
            here,
            required=("total", "rank", "won"),
            optional=("breakdown",),
        )
        breakdown = reader.points(values, "breakdown", here)
        breakdown_given = bool(breakdown)
        result = SeatResult(
            session=session,
            seat=seat,
            total=reader.integer(values, "total", here),
            rank=reader.integer(values, "rank", here),
            won=reader.boolean(values, "won", here),
            breakdown=breakdown,
        )
    positions = {
        key: _read_v1_position(reader, fields[key], child(path, key), key)
        for key in v1_keys
        if fields.get(key) is not None
    }
    return (
        _Seat(
            path=path,
            seat=seat,
            houses=houses,
            cards=cards,
            result=result,
            breakdown_given=breakdown_given,
        ),
        positions,
    )


def _read_v1_position(
    reader: _BackupReader, raw: object, path: str, key: str
) -> dict[str, object]:
    table: Mapping[str, int | bool | None] = (
        V1_CONCORDIA if key == V1_POSITION_KEYS[Game.CONCORDIA] else V1_MAGNANIMOUS
    )
    values = reader.fields(raw, path, required=(), optional=tuple(table))
    read: dict[str, object] = {}
    for name, default in table.items():
        if name not in values:
            continue
        if isinstance(default, bool):
            read[name] = reader.boolean(values, name, path)
        elif default is None:
            read[name] = reader.optional_integer(values, name, path)
        else:
            read[name] = reader.integer(values, name, path)
    return read


def _read_game(
    reader: _BackupReader,
    raw: object,
    path: str,
    club: Club,
    players: Mapping[int, Player],
    *,
    version: int,
    source_slug: str,
) -> _Game:
    optional = (
        (*_SESSION_OPTIONAL, *_SESSION_MODULES, "bgstats_uuid", "sheet")
        if version >= 2
        else _SESSION_OPTIONAL
    )
    fields = reader.fields(raw, path, required=_SESSION_REQUIRED, optional=optional)
    game_id = reader.integer(fields, "id", path)
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
        expansions=list(read_expansions(reader, fields, path)),
        **{key: reader.text(fields, key, path) for key in _SESSION_TEXT},
    )
    cities: dict[str, str] = {}
    goods = fields.get("city_goods", {})
    if isinstance(goods, dict):
        for city, good in goods.items():
            cities[str(city)] = reader.text(
                {"good": good}, "good", child(path, f"city_goods.{city}")
            )
    else:
        reader.fields(goods, child(path, "city_goods"), required=())
    v1_keys = tuple(V1_POSITION_KEYS.values()) if version < 2 else ()
    seats: list[_Seat] = []
    positions: list[dict[str, dict[str, object]]] = []
    for index, raw_seat in enumerate(reader.items(fields, "seats", path)):
        seat, held = _read_seat(
            reader,
            raw_seat,
            f"{path}.seats[{index}]",
            session,
            players,
            v1_keys=v1_keys,
        )
        seats.append(seat)
        positions.append(held)
    game = _Game(path=path, id=game_id, session=session, cities=cities, seats=seats)
    if version >= 2:
        game.sheet = reader.document(fields, "sheet", path)
        game.sheet_path = child(path, "sheet")
        value = fields.get("bgstats_uuid")
        if value is not None:
            if isinstance(value, str) and 0 < len(value) <= _MAX_UUID:
                game.bgstats_uuid = value
            else:
                reader.report(
                    child(path, "bgstats_uuid"),
                    BAD_UUID,
                    limit=_MAX_UUID,
                    got=describe(value),
                )
    else:
        _v1_positions(reader, game, positions)
        game.bgstats_uuid = _v1_uuid(game, source_slug)
    return game


def _v1_positions(
    reader: _BackupReader,
    game: _Game,
    held: Sequence[Mapping[str, Mapping[str, object]]],
) -> None:
    """Make the score sheet of a version-1 game from its seats' column positions."""
    session = game.session
    own = (
        V1_POSITION_KEYS.get(Game(session.game))
        if session.game in Game.values
        else None
    )
    for seat, positions in zip(game.seats, held, strict=True):
        for key in positions:
            if key != own:
                other = next(g for g, k in V1_POSITION_KEYS.items() if k == key)
                reader.report(
                    child(seat.path, key),
                    POSITION_OF_OTHER_GAME,
                    game=_GAME_LABELS.get(Game(session.game), session.game)
                    if session.game in Game.values
                    else session.game,
                    other=_GAME_LABELS[other],
                )
    if own is None:
        return
    with_position = [own in positions for positions in held]
    if not any(with_position):
        return
    if not all(with_position):
        for seat, has in zip(game.seats, with_position, strict=True):
            if not has:
                reader.report(seat.path, POSITION_MISSING)
        return
    order = sorted(range(len(game.seats)), key=lambda i: game.seats[i].seat.seat_order)
    game.v1_seats = order
    game.sheet = v1_sheet(
        game=session.game,
        map_name=session.map,
        ending=session.ending,
        names=[game.seats[i].seat.player.name for i in order],
        positions=[held[i][own] for i in order],
    )


def _v1_uuid(game: _Game, source_slug: str) -> str:
    """The uuid BG Stats knew a version-1 game by: its key's, or derived from the old club."""
    key = game.session.idempotency_key
    if key.startswith(_BGSTATS_KEY) and len(key) > len(_BGSTATS_KEY):
        return key.removeprefix(_BGSTATS_KEY)
    if game.session.game == Game.CONCORDIA and source_slug:
        return derived_uuid("play", Club(slug=source_slug), game.id)
    return ""


def _read_assistant_games(
    reader: _BackupReader, top: Mapping[str, object]
) -> list[ReadGame]:
    games = []
    for index, raw in enumerate(reader.items(top, "assistant_games", "")):
        path = f"assistant_games[{index}]"
        fields = reader.fields(
            raw, path, required=("id", "log"), optional=("created_at", "session")
        )
        reader.integer(fields, "id", path)
        session = fields.get("session")
        if session is not None:
            reader.integer(fields, "session", path)
        log = fields.get("log")
        if "log" in fields and not isinstance(log, dict):
            reader.fields(log, child(path, "log"), required=())
        games.append(
            ReadGame(
                path=path,
                created_at=reader.moment(fields, "created_at", path),
                session=session if type(session) is int else None,
                log=log if isinstance(log, dict) else {},
            )
        )
    return games


# The checks, once the shape is right.


def _row_problems(
    instance: models.Model, path: str, *, exclude: tuple[str, ...] = ()
) -> list[Problem]:
    """Return what Django's field validation finds wrong with an unsaved row."""
    try:
        instance.full_clean(
            exclude={"club", "session", "seat", "player", "user", *exclude},
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


def _game_problems(game: _Game) -> list[Problem]:
    """Return what is wrong with one game's rows, board and results."""
    session = game.session
    problems = _row_problems(session, game.path)
    if problems:
        return problems
    for seat in game.seats:
        problems += _row_problems(seat.seat, seat.path)
        if seat.result is not None:
            problems += _row_problems(
                seat.result, child(seat.path, "result"), exclude=("breakdown",)
            )
    for city, good in game.cities.items():
        problems += _row_problems(
            SessionCity(city=city, good=good), child(game.path, f"city_goods.{city}")
        )
    problems += _table_problems(game)
    if problems:
        return problems
    if session.game == Game.CONCORDIA:
        problems += _board_problems(game)
    elif game.cities or any(seat.houses or seat.cards for seat in game.seats):
        problems.append(Problem(path=game.path, template=ONLY_CONCORDIA_BOARD))
    return problems + _result_problems(game)


def _table_problems(game: _Game) -> list[Problem]:
    """The rules of a table: its map or ending, one seat each, a colour each."""
    session = game.session
    problems: list[Problem] = []
    if session.game == Game.CONCORDIA and not session.map:
        problems.append(Problem(path=child(game.path, "map"), template=MAP_NEEDED))
    if session.game == Game.MAGNANIMOUS and session.map:
        problems.append(Problem(path=child(game.path, "map"), template=NO_MAP))
    if session.game != Game.MAGNANIMOUS and session.ending:
        problems.append(Problem(path=child(game.path, "ending"), template=NO_ENDING))
    problems += _module_problems(game)
    orders: set[int] = set()
    colours: set[str] = set()
    sitting: set[int] = set()
    for seat in game.seats:
        row = seat.seat
        if row.seat_order in orders:
            problems.append(
                Problem(
                    path=child(seat.path, "seat_order"),
                    template=SEAT_TWICE,
                    params={"seat": row.seat_order},
                )
            )
        if row.colour and row.colour in colours:
            problems.append(
                Problem(
                    path=child(seat.path, "colour"),
                    template=COLOUR_TWICE,
                    params={"colour": row.colour},
                )
            )
        if id(row.player) in sitting:
            problems.append(
                Problem(
                    path=child(seat.path, "player"),
                    template=SAME_PLAYER_TWICE,
                    params={"name": row.player.name},
                )
            )
        orders.add(row.seat_order)
        colours.add(row.colour)
        sitting.add(id(row.player))
    return problems


def _module_problems(game: _Game) -> list[Problem]:
    """Modules only in Concordia, and teams only with Venus (its team play)."""
    session = game.session
    if session.game != Game.CONCORDIA and session.expansions:
        return [Problem(path=child(game.path, "expansions"), template=NO_MODULES)]
    if (
        session.game != Game.CONCORDIA
        or ruleset(MapName("imperium"), session.expansions).teams
    ):
        return []
    return [
        Problem(path=child(seat.path, "team"), template=TEAM_WITHOUT_MODULE)
        for seat in game.seats
        if seat.seat.team
    ]


def _board_problems(game: _Game) -> list[Problem]:
    """City goods, houses and cards of a game of Concordia, on its own map."""
    spec = MAPS[MapName(game.session.map)]
    # The game's own modules: salt cities' tokens and Venus' cards are legal.
    rules = ruleset(MapName(game.session.map), tuple(game.session.expansions or ()))
    problems: list[Problem] = []
    if game.cities:
        goods = {city: Good(good) for city, good in game.cities.items()}
        for problem in validate_city_goods(spec, goods, rules.token_pools):
            problems.append(
                Problem(
                    path=f"{game.path}.city_goods",
                    template=problem.template,
                    params=problem.params,
                    plural=problem.plural,
                    count=problem.count,
                )
            )
    holders: dict[int, str] = {}
    for seat in game.seats:
        for index, city in enumerate(seat.houses):
            here = f"{seat.path}.houses[{index}]"
            if spec.is_start(city):
                problems.append(
                    Problem(path=here, template=HOUSE_IN_CAPITAL, params={"city": city})
                )
            elif spec.city(city) is None:
                problems.append(
                    Problem(
                        path=here,
                        template=CITY_UNKNOWN,
                        params={"map": spec.title, "city": city},
                    )
                )
        if len(seat.houses) > MAX_HOUSES:
            problems.append(
                Problem(
                    path=child(seat.path, "houses"),
                    template=HOUSES_OVER_STOCK,
                    params={"maximum": MAX_HOUSES, "given": len(seat.houses)},
                )
            )
        for index, card in enumerate(seat.cards):
            refused = card_problem(
                card,
                player_count=len(game.seats),
                holder=holders.get(card),
                path=f"{seat.path}.cards[{index}]",
                rules=rules,
            )
            if refused is not None:
                problems.append(refused)
            holders.setdefault(card, seat.seat.player.name)
    return problems


def _result_problems(game: _Game) -> list[Problem]:
    """A finished game has its results, and they are what its score sheet gives."""
    session = game.session
    finished = session.status == SessionStatus.FINISHED
    if not finished:
        problems = [
            Problem(path=child(seat.path, "result"), template=RESULT_TOO_EARLY)
            for seat in game.seats
            if seat.result is not None
        ]
        if game.sheet is not None:
            problems.append(
                Problem(path=game.sheet_path or game.path, template=SHEET_TOO_EARLY)
            )
        return problems
    problems = [
        Problem(path=seat.path, template=RESULT_MISSING)
        for seat in game.seats
        if seat.result is None
    ]
    if game.sheet is None:
        return problems
    sheet_problems = _read_sheet(game)
    if sheet_problems:
        return problems + sheet_problems
    for seat, expected in zip(game.ordered_seats(), game.expected, strict=True):
        if seat.result is not None:
            problems += _disagreements(seat, expected)
    return problems


def _read_sheet(game: _Game) -> list[Problem]:
    """Parse and score the game's sheet as the pages do; return what is wrong."""
    assert game.sheet is not None
    session = game.session
    given = game.sheet.get("game")
    if given != session.game:
        return [
            Problem(
                path=game.where("game"),
                template=SHEET_OF_OTHER_GAME,
                params={
                    "given": describe(given),
                    "game": _GAME_LABELS.get(Game(session.game), session.game),
                },
            )
        ]
    try:
        if session.game == Game.CONCORDIA:
            sheet: ScoreSheet | MagnanimousSheet = parse_concordia(game.sheet)
        else:
            sheet = parse_magnanimous(game.sheet)
    except SheetInvalid as invalid:
        return [
            Problem(
                path=game.where(problem.path),
                template=problem.template,
                params=problem.params,
                plural=problem.plural,
                count=problem.count,
            )
            for problem in invalid.problems
        ]
    problems: list[Problem] = []
    if isinstance(sheet, ScoreSheet) and sheet.map.value != session.map:
        problems.append(
            Problem(
                path=game.where("map"),
                template=SHEET_OTHER_MAP,
                params={"given": sheet.map.value, "map": session.map},
            )
        )
    seats = game.ordered_seats()
    if len(sheet.players) != len(seats):
        return [
            *problems,
            Problem(
                path=game.where("players"),
                template=SHEET_PLAYER_COUNT,
                params={"given": len(sheet.players), "seats": len(seats)},
            ),
        ]
    boards: Sequence[PlayerBoard | MagnanimousBoard] = sheet.players
    for index, (seat, board) in enumerate(zip(seats, boards, strict=True)):
        if board.name != seat.seat.player.name:
            problems.append(
                Problem(
                    path=game.where(f"players[{index}].name"),
                    template=SHEET_OTHER_PLAYER,
                    params={"player": seat.seat.player.name, "given": board.name},
                )
            )
    if problems:
        return problems
    game.parsed = sheet
    if isinstance(sheet, ScoreSheet):
        # The modules played (salt, forum) are the sheet's.
        game.session.expansions = list(sheet.expansions)
    game.expected = _expected_results(sheet)
    if isinstance(sheet, ScoreSheet):
        # The modules played and each seat's team (Venus) are the sheet's.
        game.session.expansions = list(sheet.expansions)
        for seat, board in zip(seats, sheet.players, strict=True):
            seat.seat.team = board.team or ""
    return []


def _expected_results(
    sheet: ScoreSheet | MagnanimousSheet,
) -> list[tuple[int, int, bool, dict[str, int]]]:
    """Return (total, rank, won, points by category) of each seat, as the services store them."""
    if isinstance(sheet, ScoreSheet):
        result = concordia_sheet_evaluate(sheet).result
        return [
            (
                score.total,
                score.rank,
                # A team game (Venus): the winning team's partners won.
                seat_won(result, score.seat),
                {line.category.value: line.points for line in score.lines},
            )
            for score in result.players
        ]
    scored = magnanimous_sheet_evaluate(sheet).result
    winners = set(scored.winners)
    return [
        (
            score.total,
            score.rank,
            score.name in winners,
            {category: getattr(score, category) for category in MAGNANIMOUS_CATEGORIES},
        )
        for score in scored.players
    ]


def _disagreements(
    seat: _Seat, expected: tuple[int, int, bool, dict[str, int]]
) -> list[Problem]:
    assert seat.result is not None
    here = child(seat.path, "result")
    total, rank, won, breakdown = expected
    result = seat.result
    problems = [
        Problem(
            path=child(here, key),
            template=RESULT_DISAGREES,
            params={"expected": want, "given": given},
        )
        for key, want, given in (
            ("total", total, result.total),
            ("rank", rank, result.rank),
        )
        if want != given
    ]
    if won != result.won:
        problems.append(
            Problem(
                path=child(here, "won"),
                template=SHEET_SAYS_WON if won else SHEET_SAYS_LOST,
            )
        )
    if seat.breakdown_given:
        for category in sorted(set(breakdown) | set(result.breakdown)):
            want, given = breakdown.get(category, 0), result.breakdown.get(category, 0)
            if category not in breakdown or want != given:
                problems.append(
                    Problem(
                        path=f"{here}.breakdown.{category}",
                        template=RESULT_DISAGREES,
                        params={"expected": want, "given": given},
                    )
                )
    return problems


def _file_problems(games: Sequence[_Game]) -> list[Problem]:
    """What is unique in a club: each game's key, and each BG Stats uuid."""
    problems: list[Problem] = []
    keys: set[str] = set()
    uuids: set[str] = set()
    for game in games:
        key = game.session.idempotency_key
        if key and key in keys:
            problems.append(
                Problem(
                    path=child(game.path, "idempotency_key"),
                    template=KEY_TWICE,
                    params={"key": key},
                )
            )
        keys.add(key)
        if game.bgstats_uuid and game.bgstats_uuid in uuids:
            problems.append(
                Problem(
                    path=child(game.path, "bgstats_uuid"),
                    template=UUID_TWICE,
                    params={"uuid": game.bgstats_uuid},
                )
            )
        uuids.add(game.bgstats_uuid)
    return problems


# Writing.


def _concordia_positions(game: _Game) -> list[ConcordiaPosition]:
    sheet = game.parsed
    if not isinstance(sheet, ScoreSheet):
        return []
    seats = [seat.seat for seat in game.ordered_seats()]
    return [
        ConcordiaPosition(
            session=game.session,
            seat=seat,
            **adapters.position_values(
                board,
                praefectus_magnus=board.name == sheet.praefectus_magnus,
                rules=ruleset(sheet.map, sheet.expansions),
            ),
        )
        for seat, board in zip(seats, sheet.players, strict=True)
    ]


def _magnanimous_positions(game: _Game) -> list[MagnanimousPosition]:
    sheet = game.parsed
    if not isinstance(sheet, MagnanimousSheet):
        return []
    seats = [seat.seat for seat in game.ordered_seats()]
    return [
        MagnanimousPosition(
            session=game.session,
            seat=seat,
            **adapters.magnanimous_position_values(board),
        )
        for seat, board in zip(seats, sheet.players, strict=True)
    ]


def _results(game: _Game) -> list[SeatResult]:
    if game.parsed is None:
        return [seat.result for seat in game.seats if seat.result is not None]
    return [
        SeatResult(
            session=game.session,
            seat=seat.seat,
            total=total,
            rank=rank,
            won=won,
            breakdown=breakdown,
        )
        for seat, (total, rank, won, breakdown) in zip(
            game.ordered_seats(), game.expected, strict=True
        )
    ]


def _write(club: Club, players: Mapping[int, Player], games: Sequence[_Game]) -> None:
    """Write every row, a table at a time (the rows were checked)."""
    Player.objects.bulk_create(list(players.values()), batch_size=_BATCH)
    TableSession.objects.bulk_create([g.session for g in games], batch_size=_BATCH)
    SessionCity.objects.bulk_create(
        [
            SessionCity(session=g.session, city=city, good=good)
            for g in games
            for city, good in g.cities.items()
        ],
        batch_size=_BATCH,
    )
    Seat.objects.bulk_create(
        [seat.seat for g in games for seat in g.seats], batch_size=_BATCH
    )
    ConcordiaPosition.objects.bulk_create(
        [row for g in games for row in _concordia_positions(g)], batch_size=_BATCH
    )
    MagnanimousPosition.objects.bulk_create(
        [row for g in games for row in _magnanimous_positions(g)], batch_size=_BATCH
    )
    SeatHouse.objects.bulk_create(
        [
            SeatHouse(session=g.session, seat=seat.seat, city=city)
            for g in games
            for seat in g.seats
            for city in seat.houses
        ],
        batch_size=_BATCH,
    )
    SeatCard.objects.bulk_create(
        [
            SeatCard(session=g.session, seat=seat.seat, card=card)
            for g in games
            for seat in g.seats
            for card in seat.cards
        ],
        batch_size=_BATCH,
    )
    SeatResult.objects.bulk_create(
        [result for g in games for result in _results(g)], batch_size=_BATCH
    )
    BgStatsPlay.objects.bulk_create(
        [
            BgStatsPlay(club=club, session=g.session, uuid=g.bgstats_uuid)
            for g in games
            if g.bgstats_uuid
        ],
        batch_size=_BATCH,
    )


@transaction.atomic
def club_backup_import(*, club: Club, document: object) -> ImportOutcome:
    """Rebuild a backed-up club's players, games and assistant games in ``club``.

    ``club`` must have no games or players. Reads versions 1 and 2. Raises
    `ImportRejected` with every problem found, each with its JSON path (see
    the module's docstring); nothing is written then. The statistics are
    recomputed from the restored games once the import commits.
    """
    reader = _BackupReader()
    top = reader.fields(
        document,
        "",
        required=("format", "version", "players", "sessions"),
        optional=("exported_at", "club", "members", "assistant_games"),
    )
    if top.get("format") != BACKUP_FORMAT:
        raise reject(NOT_A_BACKUP, "format")
    version = reader.integer(top, "version", "")
    if version > BACKUP_VERSION:
        raise reject(NEWER_BACKUP, "version", given=version, known=BACKUP_VERSION)
    if version < 1:
        raise reject(NOT_A_BACKUP, "version")
    locked = Club.objects.select_for_update().get(pk=club.pk)
    if locked.sessions.exists() or locked.players.exists():
        raise reject(CLUB_NOT_EMPTY)
    source = top.get("club")
    slug = source.get("slug") if isinstance(source, dict) else None
    players = _read_players(reader, top, locked)
    games = [
        _read_game(
            reader,
            raw,
            f"sessions[{index}]",
            locked,
            players,
            version=version,
            source_slug=slug if isinstance(slug, str) else "",
        )
        for index, raw in enumerate(reader.items(top, "sessions", ""))
    ]
    assistant_games = _read_assistant_games(reader, top)
    problems = list(reader.problems)
    if not problems:
        for index, player in enumerate(players.values()):
            problems += _row_problems(player, f"players[{index}]")
        for game in games:
            problems += _game_problems(game)
        problems += _file_problems(games)
        problems += link_problems(
            assistant_games,
            sessions={
                game.id: (
                    game.session.game,
                    [seat.seat.player.name for seat in game.ordered_seats()],
                )
                for game in games
            },
        )
    if problems:
        # The logs are checked too, so that every problem is said at once;
        # what their check writes is rolled back with the rest.
        problems += assistant_games_restore(
            club=locked, games=assistant_games, sessions=None
        )
        raise ImportRejected(problems)
    try:
        with transaction.atomic():
            _write(locked, players, games)
    except IntegrityError:
        raise reject(REJECTED_BY_DATABASE, "sessions") from None
    by_id = {game.id: game.session for game in games}
    problems = assistant_games_restore(
        club=locked, games=assistant_games, sessions=by_id
    )
    if problems:
        raise ImportRejected(problems)
    # A game whose final sheet an assistant game opened was created with a
    # key naming that game's id, which the restore changed: the link is kept
    # instead.
    linked = [by_id[g.session] for g in assistant_games if g.session is not None]
    TableSession.objects.filter(pk__in=[s.pk for s in linked]).update(
        idempotency_key=""
    )
    sessions_added_send(
        sessions=[game.session for game in games],
        player_ids={
            game.session.pk: [seat.seat.player.pk for seat in game.seats]
            for game in games
        },
    )
    return ImportOutcome(players_created=len(players), sessions_created=len(games))
