"""Reading a BG Stats export: its plays of Concordia, each kept or left out with why.

BG Stats writes one JSON file for every game a phone has recorded. What this
module reads of it is documented in ``docs/portability.md``; every other field
is ignored (BG Stats adds fields often). The file has been decoded by
`games.documents.document_load` (size, depth, NUL characters) before.

A play is **kept** when it is a game this site can store: a date, 2 to 5
seated players of whom at least two have a name (anonymous players are not
club players), whole-number scores, a board the site knows. Otherwise it is
**left out** with its problems, each with the JSON path of its field:

- as an *error* when the file is wrong (a score that is no number, a date that
  is no date, an unknown board, a player who is not in the file's list): the
  import then refuses the whole file, unless asked to import the rest;
- as a play BG Stats keeps but a club cannot (no scores at all, a solo play,
  one named player beside anonymous ones): reported, never an error.
"""

from __future__ import annotations

import datetime as dt
import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from django.utils.translation import gettext_noop

from games.documents import ImportRejected, reject
from games.models import Game, TableSession, played_on_range
from games.vocabulary import TABLE_SIZES
from portability.common import (
    BAD_PLAY_DATE,
    BAD_SCORE,
    NO_CONCORDIA_PLAYS,
    PLAY_DATE_OUT_OF_RANGE,
    PLAYER_COUNT,
    SAME_PLAYER_TWICE,
    UNLISTED_PLAYER,
    LeftOut,
    PlayLabel,
    describe,
)
from scoring.i18n import ngettext
from scoring.shape import ShapeReader, child
from scoring.types import MapName, Problem

# BoardGameGeek's id of Concordia (2013), the id BG Stats files carry.
CONCORDIA_BGG_ID: Final = 124361
CONCORDIA_YEAR: Final = 2013
# The plays of Concordia one file may hold: a club playing every evening for
# twenty years stays under it, and its import stays well inside a worker's
# 30 seconds (docs/portability.md has the figures). Counted before any play
# is read.
MAX_PLAYS: Final = 10_000
# A play's uuid as BG Stats writes it is 36 characters.
MAX_UUID_LENGTH: Final = 64
BGSTATS_DATE: Final = "%Y-%m-%d %H:%M:%S"

TOO_MANY_PLAYS: Final = gettext_noop(
    "The file has %(count)d plays of Concordia; an import takes at most %(limit)d"
)
NO_SCORES: Final = gettext_noop("This play has no scores")
NAMED_PLAYERS: Final = ngettext(
    "Only %(count)d player of this play has a name: anonymous players are not "
    "imported, and a game needs two players",
    "Only %(count)d players of this play have a name: anonymous players are not "
    "imported, and a game needs two players",
)
UNKNOWN_BOARD: Final = gettext_noop(
    "Unknown board “%(board)s”: the maps here are %(boards)s"
)
BAD_UUID: Final = gettext_noop(
    "Expected the play's uuid, text of at most %(limit)d characters, not %(got)s"
)
TEXT_TOO_LONG: Final = gettext_noop(
    "At most %(limit)d characters are kept here; this text has %(length)d"
)


def normalise(name: str) -> str:
    """Return ``name`` as the matching compares it: no case, accents or extra spaces."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.split())


@cache
def _boards() -> tuple[dict[str, MapName], dict[MapName, str]]:
    """Return the map of each known board name, and the name the export writes."""
    raw = json.loads((Path(__file__).parent / "boards.json").read_text("utf-8"))
    known: dict[str, MapName] = {}
    written: dict[MapName, str] = {}
    for key, names in raw.items():
        if key.startswith("_"):
            continue
        map_name = MapName(key)
        written[map_name] = names[0]
        known.update({normalise(name): map_name for name in names})
    return known, written


def board_map(board: str) -> MapName | None:
    """Return the map a BG Stats board names (Imperium when none); None if unknown."""
    if not normalise(board):
        return MapName("imperium")
    return _boards()[0].get(normalise(board))


def board_name(map_name: str) -> str:
    """Return the board name the export writes for ``map_name``."""
    return _boards()[1][MapName(map_name)]


@dataclass(frozen=True, slots=True, kw_only=True)
class BgStatsScore:
    """One named player's result: points, and place at the whole table."""

    ref: str
    score: int
    # 1 for the winner(s); anonymous players at the table count in it.
    rank: int
    won: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class BgStatsImportPlay:
    """One play of Concordia read from a BG Stats file, ready to store."""

    label: PlayLabel
    uuid: str
    played_at: dt.datetime
    place: str
    notes: str
    map: str
    # The named players in seating order: the start player first.
    scores: tuple[BgStatsScore, ...]
    # Anonymous players at the table, not imported.
    anonymous: int = 0

    @property
    def path(self) -> str:
        return self.label.path


@dataclass(frozen=True, slots=True, kw_only=True)
class BgStatsFile:
    """The plays of Concordia of a BG Stats file, kept and left out.

    ``names``: the file's name of every named player of a kept play, by the
    file's player id; ``owner``: the id of the phone owner's player (BG Stats'
    ``userInfo.meRefId``, the player it calls "Me"), or "".
    """

    names: dict[str, str]
    plays: tuple[BgStatsImportPlay, ...]
    left_out: tuple[LeftOut, ...] = ()
    owner: str = ""

    @property
    def errors(self) -> tuple[LeftOut, ...]:
        return tuple(left for left in self.left_out if left.error)


def ref(value: object) -> str:
    """Return a BG Stats id as text (numbers; a hand-edited file may carry text)."""
    return str(value) if type(value) in (int, str) else ""


def _is_concordia(game: Mapping[str, object]) -> bool:
    bgg_id = game.get("bggId")
    if type(bgg_id) is int and bgg_id > 0:
        return bgg_id == CONCORDIA_BGG_ID
    name = game.get("name")
    return isinstance(name, str) and normalise(name) == "concordia"


def _is_anonymous(player: Mapping[str, object]) -> bool:
    flag = player.get("isAnonymous")
    if isinstance(flag, bool):
        return flag
    # A file written without the flag: BG Stats' own name for the placeholder.
    name = player.get("name")
    return isinstance(name, str) and normalise(name) == "anonymous player"


def _play_date(value: object) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    text = value.strip()
    for pattern in (BGSTATS_DATE, "%Y-%m-%d %H:%M", "%Y-%m-%d"):
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


def _no_score(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _text_limit(field: str) -> int | None:
    limit = getattr(TableSession._meta.get_field(field), "max_length", None)
    return limit if isinstance(limit, int) else None


@dataclass(frozen=True, slots=True)
class _Seat:
    ref: str
    score: int
    winner: bool
    seat_order: int
    start_player: bool
    # BG Stats' place, 0 when the file has none: it keeps the order of a tie
    # broken at the table (the Praefectus Magnus), which points cannot say.
    rank: int


@dataclass(frozen=True, slots=True)
class _Players:
    """The file's players: their names by id, and which of them are anonymous."""

    names: dict[str, str]
    anonymous: frozenset[str]


def bgstats_read(document: object) -> BgStatsFile:
    """Return the plays of Concordia of a decoded BG Stats export, kept and left out.

    Reads only the fields it needs. Raises `ImportRejected` when the file is no
    BG Stats export, has no play of Concordia, or more than `MAX_PLAYS` of
    them (counted before any is read). Plays marked "ignored" in BG Stats are
    passed over; every other play of Concordia is kept or left out with its
    problems (see the module's docstring).
    """
    reader = ShapeReader()
    if not isinstance(document, dict):
        reader.fields(document, "", required=())
        raise ImportRejected(reader.problems)
    top: Mapping[str, object] = document
    concordia = {
        ref(game.get("id"))
        for game in reader.items(top, "games", "")
        if isinstance(game, dict) and _is_concordia(game)
    }
    raw_plays = reader.items(top, "plays", "")
    if reader.problems:
        raise ImportRejected(reader.problems)
    ours = [
        (index, raw)
        for index, raw in enumerate(raw_plays)
        if isinstance(raw, dict)
        and ref(raw.get("gameRefId")) in concordia
        and raw.get("ignored") is not True
    ]
    if not ours:
        raise reject(NO_CONCORDIA_PLAYS)
    if len(ours) > MAX_PLAYS:
        raise reject(TOO_MANY_PLAYS, "plays", count=len(ours), limit=MAX_PLAYS)
    players = _read_players(reader.items(top, "players", ""))
    places = {
        ref(place.get("id")): (index, place["name"].strip())
        for index, place in enumerate(reader.items(top, "locations", ""))
        if isinstance(place, dict) and isinstance(place.get("name"), str)
    }
    user_info = top.get("userInfo")
    owner = ref(user_info.get("meRefId")) if isinstance(user_info, dict) else ""
    kept: list[BgStatsImportPlay] = []
    left_out: list[LeftOut] = []
    for index, raw in ours:
        read = _read_play(raw, f"plays[{index}]", players, places)
        if isinstance(read, LeftOut):
            left_out.append(read)
        else:
            kept.append(read)
    used = {score.ref for play in kept for score in play.scores}
    return BgStatsFile(
        names={key: name for key, name in players.names.items() if key in used},
        plays=tuple(kept),
        left_out=tuple(left_out),
        owner=owner if owner in used else "",
    )


def _read_players(raw_players: Sequence[object]) -> _Players:
    names: dict[str, str] = {}
    anonymous: set[str] = set()
    for player in raw_players:
        if not isinstance(player, dict) or not isinstance(player.get("name"), str):
            continue
        key = ref(player.get("id"))
        names[key] = player["name"].strip()
        if _is_anonymous(player):
            anonymous.add(key)
    return _Players(names=names, anonymous=frozenset(anonymous))


def _label(raw: Mapping[str, object], path: str, players: _Players) -> PlayLabel:
    date = raw.get("playDate")
    entries = raw.get("playerScores")
    refs = [
        ref(entry.get("playerRefId"))
        for entry in (entries if isinstance(entries, list) else ())
        if isinstance(entry, dict)
    ]
    return PlayLabel(
        path=path,
        played_on=date.strip()[:10] if isinstance(date, str) and date.strip() else "?",
        players=tuple(players.names.get(key, "?") for key in refs),
    )


def _read_play(
    raw: Mapping[str, object],
    path: str,
    players: _Players,
    places: Mapping[str, tuple[int, str]],
) -> BgStatsImportPlay | LeftOut:
    reader = ShapeReader()
    label = _label(raw, path, players)
    played_at = _read_date(reader, raw, path)
    raw_scores = reader.items(raw, "playerScores", path)
    seats: list[_Seat] = []
    unscored = 0
    for index, entry in enumerate(raw_scores):
        here = f"{path}.playerScores[{index}]"
        if not isinstance(entry, dict):
            reader.fields(entry, here, required=())
            continue
        key = ref(entry.get("playerRefId"))
        if key not in players.names:
            reader.report(child(here, "playerRefId"), UNLISTED_PLAYER)
            continue
        if _no_score(entry.get("score")):
            unscored += 1
            continue
        score = _score(entry.get("score"))
        if score is None:
            reader.report(
                child(here, "score"), BAD_SCORE, got=describe(entry.get("score"))
            )
            continue
        seat_order, rank = entry.get("seatOrder"), entry.get("rank")
        seats.append(
            _Seat(
                ref=key,
                score=score,
                winner=entry.get("winner") is True,
                seat_order=seat_order if type(seat_order) is int else 0,
                start_player=entry.get("startPlayer") is True,
                rank=rank if type(rank) is int and 0 < rank <= 5 else 0,
            )
        )
    if raw_scores and unscored == len(raw_scores):
        return LeftOut(
            play=label, problems=(Problem(path=path, template=NO_SCORES),), error=False
        )
    if unscored:
        for index, entry in enumerate(raw_scores):
            if isinstance(entry, dict) and _no_score(entry.get("score")):
                reader.report(
                    f"{path}.playerScores[{index}].score",
                    BAD_SCORE,
                    got=describe(entry.get("score")),
                )
    sizes = TABLE_SIZES[Game.CONCORDIA]
    if len(raw_scores) > sizes.stop - 1:
        reader.report(child(path, "playerScores"), PLAYER_COUNT, count=len(raw_scores))
    named = [seat.ref for seat in seats if seat.ref not in players.anonymous]
    for key in sorted({key for key in named if named.count(key) > 1}):
        reader.report(
            child(path, "playerScores"), SAME_PLAYER_TWICE, name=players.names[key]
        )
    map_name = _read_board(reader, raw, path)
    uuid = _read_uuid(reader, raw, path)
    place = _read_place(reader, raw, places)
    notes = raw.get("comments")
    notes = notes if isinstance(notes, str) else ""
    _check_length(reader, notes, "notes", child(path, "comments"))
    if reader.problems or played_at is None or map_name is None:
        return LeftOut(play=label, problems=tuple(reader.problems), error=True)
    if len(raw_scores) < sizes.start:
        return LeftOut(
            play=label,
            problems=(
                Problem(
                    path=child(path, "playerScores"),
                    template=PLAYER_COUNT,
                    params={"count": len(raw_scores)},
                ),
            ),
            error=False,
        )
    if len(named) < sizes.start:
        return LeftOut(
            play=label,
            problems=(
                Problem(
                    path=child(path, "playerScores"),
                    template=NAMED_PLAYERS.singular,
                    plural=NAMED_PLAYERS.plural,
                    count="count",
                    params={"count": len(named)},
                ),
            ),
            error=False,
        )
    # The start player sits first, then BG Stats' seat order, then the list.
    seats.sort(key=lambda seat: (not seat.start_player, seat.seat_order))
    return BgStatsImportPlay(
        label=label,
        uuid=uuid,
        played_at=played_at,
        place=place,
        notes=notes,
        map=map_name.value,
        scores=tuple(
            BgStatsScore(ref=seat.ref, score=seat.score, rank=rank, won=won)
            for seat, (rank, won) in zip(seats, places_at_table(seats), strict=True)
            if seat.ref not in players.anonymous
        ),
        anonymous=len(seats) - len(named),
    )


def _read_date(
    reader: ShapeReader, raw: Mapping[str, object], path: str
) -> dt.datetime | None:
    played_at = _play_date(raw.get("playDate"))
    here = child(path, "playDate")
    if played_at is None:
        reader.report(here, BAD_PLAY_DATE, got=describe(raw.get("playDate")))
        return None
    first, last = played_on_range()
    if not first <= played_at.date() <= last:
        reader.report(
            here,
            PLAY_DATE_OUT_OF_RANGE,
            first=first.isoformat(),
            last=last.isoformat(),
            got=describe(raw.get("playDate")),
        )
        return None
    return played_at


def _read_board(
    reader: ShapeReader, raw: Mapping[str, object], path: str
) -> MapName | None:
    board = raw.get("board")
    if board is None:
        return MapName("imperium")
    if not isinstance(board, str):
        reader.text(raw, "board", path)
        return None
    map_name = board_map(board)
    if map_name is None:
        reader.report(
            child(path, "board"),
            UNKNOWN_BOARD,
            board=board.strip(),
            boards=", ".join(_boards()[1].values()),
        )
    return map_name


def _read_uuid(reader: ShapeReader, raw: Mapping[str, object], path: str) -> str:
    value = raw.get("uuid")
    if value is None or value == "":
        return ""
    if isinstance(value, str) and len(value.strip()) <= MAX_UUID_LENGTH:
        return value.strip()
    reader.report(
        child(path, "uuid"), BAD_UUID, limit=MAX_UUID_LENGTH, got=describe(value)
    )
    return ""


def _read_place(
    reader: ShapeReader,
    raw: Mapping[str, object],
    places: Mapping[str, tuple[int, str]],
) -> str:
    index, place = places.get(ref(raw.get("locationRefId")), (-1, ""))
    if place:
        _check_length(reader, place, "place", f"locations[{index}].name")
    return place


def _check_length(reader: ShapeReader, text: str, field: str, path: str) -> None:
    limit = _text_limit(field)
    if limit is not None and len(text) > limit:
        reader.report(path, TEXT_TOO_LONG, limit=limit, length=len(text))


def _ranks_given(seats: Sequence[_Seat]) -> bool:
    """Whether the file's ranks can be trusted: all set, and never against the points."""
    if any(s.rank == 0 for s in seats):
        return False
    return all(
        a.rank <= b.rank
        for a in seats
        for b in seats
        if a.score > b.score or (a.score == b.score and a.winner and not b.winner)
    )


def places_at_table(seats: Sequence[_Seat]) -> list[tuple[int, bool]]:
    """Return (rank, won) per seat, anonymous players included.

    By points; among equal points, by the file's ranks when they agree with the
    points (our export writes the Praefectus Magnus tie-break there), else BG
    Stats' winner first. A play without winner flags is won by the rank-1 seats.
    """
    given = _ranks_given(seats)
    keys = [(-s.score, s.rank if given else 0, not s.winner) for s in seats]
    anyone_won = any(s.winner for s in seats)
    ranked = []
    for key, seat in zip(keys, seats, strict=True):
        rank = 1 + sum(1 for other in keys if other < key)
        ranked.append((rank, seat.winner if anyone_won else rank == 1))
    return ranked


# The file as the page keeps it between its two steps (`BgStatsUpload`): the
# plays read, in a JSON form of our own, never parsed from what a user sent.


def _problem_document(problem: Problem) -> dict[str, object]:
    return {
        "path": problem.path,
        "template": problem.template,
        "params": dict(problem.params),
        "plural": problem.plural,
        "count": problem.count,
    }


def problem_from_document(raw: Mapping[str, object]) -> Problem:
    params = raw.get("params")
    return Problem(
        path=str(raw.get("path", "")),
        template=str(raw.get("template", "")),
        params={
            str(key): value
            for key, value in (params.items() if isinstance(params, dict) else ())
            if isinstance(value, str | int)
        },
        plural=str(raw.get("plural", "")),
        count=str(raw.get("count", "")),
    )


def left_out_document(left: LeftOut) -> dict[str, object]:
    return {
        "path": left.play.path,
        "played_on": left.play.played_on,
        "players": list(left.play.players),
        "problems": [_problem_document(problem) for problem in left.problems],
        "error": left.error,
    }


def left_out_from_document(raw: Mapping[str, object]) -> LeftOut:
    players = raw.get("players")
    problems = raw.get("problems")
    return LeftOut(
        play=PlayLabel(
            path=str(raw.get("path", "")),
            played_on=str(raw.get("played_on", "")),
            players=tuple(str(name) for name in players)
            if isinstance(players, list)
            else (),
        ),
        problems=tuple(
            problem_from_document(problem)
            for problem in (problems if isinstance(problems, list) else ())
            if isinstance(problem, dict)
        ),
        error=raw.get("error") is True,
    )


def bgstats_file_document(parsed: BgStatsFile) -> dict[str, object]:
    """Return ``parsed`` as JSON data that `bgstats_file_from_document` reads back."""
    return {
        "names": dict(parsed.names),
        "owner": parsed.owner,
        "plays": [
            {
                "path": play.path,
                "played_on": play.label.played_on,
                "players": list(play.label.players),
                "uuid": play.uuid,
                "played_at": play.played_at.isoformat(),
                "place": play.place,
                "notes": play.notes,
                "map": play.map,
                "anonymous": play.anonymous,
                "scores": [
                    [score.ref, score.score, score.rank, score.won]
                    for score in play.scores
                ],
            }
            for play in parsed.plays
        ],
        "left_out": [left_out_document(left) for left in parsed.left_out],
    }


def bgstats_file_from_document(document: Mapping[str, object]) -> BgStatsFile:
    """Return the file `bgstats_file_document` wrote (it comes from our database)."""
    plays = []
    for raw in document["plays"]:  # type: ignore[attr-defined]
        plays.append(
            BgStatsImportPlay(
                label=PlayLabel(
                    path=raw["path"],
                    played_on=raw["played_on"],
                    players=tuple(raw["players"]),
                ),
                uuid=raw["uuid"],
                played_at=dt.datetime.fromisoformat(raw["played_at"]),
                place=raw["place"],
                notes=raw["notes"],
                map=raw["map"],
                anonymous=raw["anonymous"],
                scores=tuple(
                    BgStatsScore(ref=key, score=score, rank=rank, won=won)
                    for key, score, rank, won in raw["scores"]
                ),
            )
        )
    return BgStatsFile(
        names=dict(document["names"]),  # type: ignore[call-overload]
        owner=str(document["owner"]),
        plays=tuple(plays),
        left_out=tuple(
            left_out_from_document(raw)
            for raw in document["left_out"]  # type: ignore[attr-defined]
        ),
    )
