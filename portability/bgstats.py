"""BG Stats' JSON export, limited to the plays of Concordia: export, preview, import."""

from __future__ import annotations

import datetime as dt
import unicodedata
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypedDict

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from clubs.models import Club, Player
from games.documents import (
    ImportRejected,
    reject,
)
from games.models import (
    ConcordiaMap,
    Game,
    Seat,
    SeatResult,
    SessionStatus,
    TableSession,
    played_on_range,
)
from games.services import session_delete
from games.signals import session_changed_send
from games.vocabulary import TABLE_SIZES
from portability.common import (
    BAD_PLAY_DATE,
    BAD_SCORE,
    CHOICE_NOT_A_CANDIDATE,
    CHOOSE_PLAYER,
    NO_CONCORDIA_PLAYS,
    PLAY_DATE_OUT_OF_RANGE,
    PLAYER_COUNT,
    SAME_NAME,
    SAME_PLAYER_TWICE,
    TWO_NAMES_ONE_PLAYER,
    UNLISTED_PLAYER,
    ImportOutcome,
    describe,
    field_problems,
    seat_result,
)
from portability.models import BgStatsImport
from scoring.shape import ShapeReader, child
from scoring.types import Problem

# BoardGameGeek's id of Concordia (2013), the id BG Stats files carry.
CONCORDIA_BGG_ID: Final = 124361
CONCORDIA_YEAR: Final = 2013
BGSTATS_PREFIX: Final = "bgstats:"
# Fixed, so that exporting the same game twice gives BG Stats the same uuid and
# it recognises the play instead of adding it again.
_UUID_NAMESPACE: Final = uuid.UUID("6f1c2d0e-3b57-4c1a-9a43-5b7e0a4d8c21")


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
            result = seat_result(seat)
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
    # BG Stats' place, 0 when the file has none: it keeps the order of a tie
    # broken at the table (the Praefectus Magnus), which points cannot say.
    rank: int = 0


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
        raise reject(NO_CONCORDIA_PLAYS)
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
            child(path, "playDate"), BAD_PLAY_DATE, got=describe(raw.get("playDate"))
        )
    else:
        first, last = played_on_range()
        if not first <= played_at.date() <= last:
            reader.report(
                child(path, "playDate"),
                PLAY_DATE_OUT_OF_RANGE,
                first=first.isoformat(),
                last=last.isoformat(),
                got=describe(raw.get("playDate")),
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
                child(here, "score"), BAD_SCORE, got=describe(entry.get("score"))
            )
            continue
        seat_order = entry.get("seatOrder")
        rank = entry.get("rank")
        scores.append(
            BgStatsScore(
                ref=ref,
                score=score,
                winner=entry.get("winner") is True,
                seat_order=seat_order if type(seat_order) is int else 0,
                start_player=entry.get("startPlayer") is True,
                rank=rank if type(rank) is int and 0 < rank <= 5 else 0,
            )
        )
    if len(raw_scores) not in TABLE_SIZES[Game.CONCORDIA]:
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
                    "rank": score.rank,
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
        problems = field_problems(player, f"players.{ref}")
        if problems:
            raise ImportRejected(problems)
        try:
            with transaction.atomic():
                player.save()
        except IntegrityError:
            raise reject(SAME_NAME, f"players.{ref}") from None
        resolved[ref] = player
    return resolved


def _ranks_given(scores: Sequence[BgStatsScore]) -> bool:
    """Whether the file's ranks can be trusted: all set, and never against the points."""
    if any(s.rank == 0 for s in scores):
        return False
    return all(
        a.rank <= b.rank
        for a in scores
        for b in scores
        if a.score > b.score or (a.score == b.score and a.winner and not b.winner)
    )


def _ranks(scores: Sequence[BgStatsScore]) -> list[tuple[int, bool]]:
    """Return (rank, won) per score.

    By points; among equal points, by the file's ranks when they agree with the
    points (our export writes the Praefectus Magnus tie-break there), else BG
    Stats' winner first.
    """
    given = _ranks_given(scores)
    keys = [(-s.score, s.rank if given else 0, not s.winner) for s in scores]
    anyone_won = any(s.winner for s in scores)
    ranked = []
    for key, score in zip(keys, scores, strict=True):
        rank = 1 + sum(1 for other in keys if other < key)
        ranked.append((rank, score.winner if anyone_won else rank == 1))
    return ranked


_Signature = tuple[dt.date, tuple[tuple[int, int], ...]]


def _play_signatures(
    games: QuerySet[TableSession], *, dates: set[dt.date]
) -> set[_Signature]:
    """Return (date, sorted (player id, points)) of the finished games on ``dates``.

    What recognises a play that BG Stats wrote without a uuid (1 query).
    """
    if not dates:
        return set()
    rows = SeatResult.objects.filter(
        session__in=games.filter(
            game=Game.CONCORDIA,
            status=SessionStatus.FINISHED,
            played_at__date__in=dates,
        )
    ).values_list("session_id", "session__played_at", "seat__player_id", "total")
    by_game: dict[int, tuple[dt.date, list[tuple[int, int]]]] = {}
    for session_id, played_at, player_id, total in rows:
        by_game.setdefault(session_id, (played_at.date(), []))[1].append(
            (player_id, total)
        )
    return {(day, tuple(sorted(scores))) for day, scores in by_game.values()}


@transaction.atomic
def bgstats_import(
    *,
    club: Club,
    parsed: BgStatsFile,
    choices: Mapping[str, int | None],
    imported_by: User | None = None,
) -> ImportOutcome:
    """Store the file's Concordia plays as finished games of ``club``.

    ``choices`` maps a file player's id to the club player chosen for it, or
    None for a new player; it is needed for every ambiguous name (see
    `bgstats_player_matches`). A play imported before (same BG Stats uuid) is
    skipped, and so is a play without a uuid when the club has a game of the
    same day with the same players and points. BG Stats has only totals, so
    the games have results but no recorded positions. When it creates games, a `BgStatsImport` records them
    (``import_id``) so that `bgstats_import_undo` can delete them. Raises
    `ImportRejected`; nothing is written then.
    """
    locked = Club.objects.select_for_update().get(pk=club.pk)
    matches = bgstats_player_matches(club=locked, parsed=parsed)
    before = locked.players.count()
    players = _resolve_players(club=locked, matches=matches, choices=choices)
    games = TableSession.objects.filter(club=locked)
    # A deleted game (an undone import, say) gives its uuid up, so the file
    # can be imported again, with other players chosen perhaps.
    TableSession.all_objects.filter(
        club=locked,
        deleted_at__isnull=False,
        idempotency_key__in=[BGSTATS_PREFIX + p.uuid for p in parsed.plays if p.uuid],
    ).update(idempotency_key="")
    known = set(
        games.filter(idempotency_key__startswith=BGSTATS_PREFIX).values_list(
            "idempotency_key", flat=True
        )
    )
    # A game of this club exported to BG Stats comes back with the uuid the
    # export derived from its id.
    known.update(
        BGSTATS_PREFIX + _uuid("play", locked, pk)
        for pk in games.values_list("pk", flat=True)
    )
    seen = _play_signatures(
        games,
        dates={play.played_at.date() for play in parsed.plays if not play.uuid},
    )
    created: list[TableSession] = []
    skipped = 0
    for play in parsed.plays:
        key = BGSTATS_PREFIX + play.uuid if play.uuid else ""
        signature = (
            play.played_at.date(),
            tuple(sorted((players[s.ref].pk, s.score) for s in play.scores)),
        )
        if (key and key in known) or (not key and signature in seen):
            skipped += 1
            continue
        known.add(key)
        seen.add(signature)
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
        session_changed_send(session=session)
        created.append(session)
    record = None
    if created:
        record = BgStatsImport.objects.create(
            club=locked, imported_by=imported_by, sessions_skipped=skipped
        )
        record.sessions.add(*created)
    return ImportOutcome(
        players_created=locked.players.count() - before,
        sessions_created=len(created),
        sessions_skipped=skipped,
        import_id=record.pk if record else None,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportSummary:
    """A BG Stats import that can still be undone, and its games still in the club."""

    record: BgStatsImport
    sessions: tuple[TableSession, ...]


def bgstats_imports_undoable(club: Club, *, limit: int = 5) -> list[ImportSummary]:
    """Return the club's latest BG Stats imports with games still to undo (3 queries).

    Newest first; the games come with their seats, players and results.
    """
    seats = Seat.objects.select_related("player", "result").order_by("seat_order")
    games = TableSession.objects.prefetch_related(Prefetch("seats", queryset=seats))
    records = (
        BgStatsImport.objects.filter(
            club=club, undone_at__isnull=True, sessions__deleted_at__isnull=True
        )
        .distinct()
        .prefetch_related(
            Prefetch("sessions", queryset=games.order_by("played_at", "pk"))
        )
        .order_by("-created_at", "-pk")[:limit]
    )
    return [
        ImportSummary(record=record, sessions=tuple(record.sessions.all()))
        for record in records
    ]


def bgstats_import_get(club: Club, import_id: int) -> ImportSummary | None:
    """Return one of the club's BG Stats imports with its games, or None (2 queries)."""
    record = BgStatsImport.objects.filter(club=club, pk=import_id).first()
    if record is None:
        return None
    seats = Seat.objects.select_related("player", "result").order_by("seat_order")
    sessions = record.sessions.prefetch_related(
        Prefetch("seats", queryset=seats)
    ).order_by("played_at", "pk")
    return ImportSummary(record=record, sessions=tuple(sessions))


@transaction.atomic
def bgstats_import_undo(*, record: BgStatsImport) -> int:
    """Delete the games a BG Stats import created and still in the club; return how many.

    Each goes through `games.services.session_delete`, so the statistics
    refresh and each game can still be restored for a day; the players the
    import created stay. Undoing an import twice deletes nothing more, not
    even a game restored after the first undo.
    """
    if record.undone_at is not None:
        return 0
    sessions = list(record.sessions.select_related("club"))
    for session in sessions:
        session_delete(session=session)
    record.undone_at = timezone.now()
    record.save(update_fields=["undone_at"])
    return len(sessions)
