"""Reading a BG Stats export: its plays of Concordia, each kept or left out with why.

BG Stats writes one JSON file for every game a phone has recorded. What this
module reads of it is documented in ``docs/portability.md``; every other field
is ignored (BG Stats adds fields often). The file has been decoded by
`games.documents.document_load` (size, depth, NUL characters) before.

A play is **kept** when it is a game this site can store: a date, 2 to 5
seated players of whom at least two have a name (anonymous players are not
club players), whole-number scores, a board and expansions the site knows,
and in team play (Venus) teams of two at a table of 4 or 6. Otherwise it is
**left out** with its problems, each with the JSON path of its field:

- as an *error* when the file is wrong (a score that is no number, a date that
  is no date, an unknown board or expansion, a player who is not in the
  file's list, odd teams): the import then refuses the whole file, unless
  asked to import the rest;
- as a play BG Stats keeps but a club cannot (no scores at all, a solo play,
  one named player beside anonymous ones, an anonymous partner in team
  play): reported, never an error.
"""

from __future__ import annotations

import datetime as dt
import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Final

from django.utils.translation import gettext_noop

from games.documents import ImportRejected, reject
from games.models import Seat, TableSession, played_on_range
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
from scoring.catalog import MIN_PLAYERS
from scoring.i18n import ngettext
from scoring.ruleset import Ruleset, modules, ruleset
from scoring.shape import ShapeReader, child
from scoring.types import MapName, Problem
from scoring.validation import INDIVIDUAL_TABLE, TEAM_MISSING, TEAM_SIZE

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
UNKNOWN_EXPANSION: Final = gettext_noop(
    "Unknown expansion “%(expansion)s”: the expansions of Concordia here are "
    "%(expansions)s"
)
UNLISTED_EXPANSION: Final = gettext_noop(
    "This expansion is not in the file's list of games"
)
TEAMS_WITHOUT_VENUS: Final = gettext_noop(
    "This play is in teams, and team play needs the Venus expansion: the play "
    "names no Venus"
)
TEAM_PLAY_TABLE: Final = gettext_noop(
    "Team play is for %(sizes)s players; this play has %(given)d"
)
PARTNERS_SPLIT: Final = gettext_noop(
    "Partners win or lose together, but only some players of team “%(team)s” "
    "are marked as winners"
)
ANONYMOUS_PARTNER: Final = gettext_noop(
    "An anonymous player sits in this team game: anonymous players are not "
    "imported, and a team needs both its partners"
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
class BgStatsExpansion:
    """An expansion of Concordia as BG Stats knows it (``expansions.json``)."""

    key: str
    # BoardGameGeek's id; 0 for an entry BG Stats' user makes (no BGG page).
    bgg_id: int
    year: int
    # The first is the name the export writes.
    names: tuple[str, ...]
    modules: tuple[str, ...]


@cache
def bgstats_expansions() -> tuple[BgStatsExpansion, ...]:
    """Return the expansions a play may name, in the table's (the export's) order."""
    raw = json.loads((Path(__file__).parent / "expansions.json").read_text("utf-8"))
    return tuple(
        BgStatsExpansion(
            key=key,
            bgg_id=int(entry["bggId"]),
            year=int(entry["year"]),
            names=tuple(entry["names"]),
            modules=tuple(entry["modules"]),
        )
        for key, entry in raw.items()
        if not key.startswith("_")
    )


def expansion_of(bgg_id: int, name: str) -> BgStatsExpansion | None:
    """Return the expansion a BG Stats game is: by its BGG id, else by name."""
    if bgg_id > 0:
        return next((e for e in bgstats_expansions() if e.bgg_id == bgg_id), None)
    key = normalise(name)
    return next(
        (e for e in bgstats_expansions() if key in map(normalise, e.names)), None
    )


def expansions_played(game_modules: Sequence[str]) -> tuple[BgStatsExpansion, ...]:
    """Return the expansions the export names for a game with ``game_modules``.

    In the table's order, each expansion whose modules were all played and that
    adds one not named yet: importing them gives ``game_modules`` back.
    """
    played = set(game_modules)
    named: set[str] = set()
    chosen = []
    for expansion in bgstats_expansions():
        brings = set(expansion.modules)
        if brings and brings <= played and not brings <= named:
            chosen.append(expansion)
            named |= brings
    return tuple(chosen)


@dataclass(frozen=True, slots=True, kw_only=True)
class BgStatsScore:
    """One named player's result: points, and place at the whole table."""

    ref: str
    score: int
    # 1 for the winner(s); anonymous players at the table count in it.
    rank: int
    # In team play (Venus) the partners of the winning team, whatever their rank.
    won: bool
    # The player's team in team play, "" otherwise.
    team: str = ""


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
    # The modules of the expansions played (salt, forum, venus), in the data's order.
    expansions: tuple[str, ...] = ()

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
    # The player's team in team play (Venus), "" otherwise.
    team: str = ""
    # Where the seat is in the file's ``playerScores``.
    index: int = 0


@dataclass(frozen=True, slots=True)
class _Players:
    """The file's players: their names by id, and which of them are anonymous."""

    names: dict[str, str]
    anonymous: frozenset[str]


@dataclass(frozen=True, slots=True)
class _Lists:
    """What the plays refer to: the file's players, places and games, by id."""

    players: _Players
    places: Mapping[str, tuple[int, str]]
    games: Mapping[str, Mapping[str, object]]


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
    games = {
        ref(game.get("id")): game
        for game in reader.items(top, "games", "")
        if isinstance(game, dict)
    }
    concordia = {key for key, game in games.items() if _is_concordia(game)}
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
    lists = _Lists(
        players=_read_players(reader.items(top, "players", "")),
        places={
            ref(place.get("id")): (index, place["name"].strip())
            for index, place in enumerate(reader.items(top, "locations", ""))
            if isinstance(place, dict) and isinstance(place.get("name"), str)
        },
        games=games,
    )
    players = lists.players
    user_info = top.get("userInfo")
    owner = ref(user_info.get("meRefId")) if isinstance(user_info, dict) else ""
    kept: list[BgStatsImportPlay] = []
    left_out: list[LeftOut] = []
    for index, raw in ours:
        read = _read_play(raw, f"plays[{index}]", lists)
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
    raw: Mapping[str, object], path: str, lists: _Lists
) -> BgStatsImportPlay | LeftOut:
    reader = ShapeReader()
    players = lists.players
    label = _label(raw, path, players)
    played_at = _read_date(reader, raw, path)
    raw_scores = reader.items(raw, "playerScores", path)
    seats, unscored = _read_seats(reader, raw_scores, path, players)
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
    named = [seat.ref for seat in seats if seat.ref not in players.anonymous]
    for key in sorted({key for key in named if named.count(key) > 1}):
        reader.report(
            child(path, "playerScores"), SAME_PLAYER_TWICE, name=players.names[key]
        )
    map_name = _read_board(reader, raw, path)
    expansions = _read_expansions(reader, raw, path, lists.games)
    in_teams = raw.get("usesTeams") is True or any(seat.team for seat in seats)
    if expansions is not None:
        rules = ruleset(map_name or MapName("imperium"), expansions)
        _check_table(reader, raw_scores, seats, path, rules, in_teams=in_teams)
    uuid = _read_uuid(reader, raw, path)
    place = _read_place(reader, raw, lists.places)
    notes = raw.get("comments")
    notes = notes if isinstance(notes, str) else ""
    _check_length(reader, notes, "notes", child(path, "comments"))
    if reader.problems or played_at is None or map_name is None or expansions is None:
        return LeftOut(play=label, problems=tuple(reader.problems), error=True)
    left_out = _not_a_game(len(raw_scores), len(named), path, in_teams=in_teams)
    if left_out is not None:
        return LeftOut(play=label, problems=(left_out,), error=False)
    # The start player sits first, then BG Stats' seat order, then the list.
    seats.sort(key=lambda seat: (not seat.start_player, seat.seat_order))
    if in_teams:
        # A winner flag is the team's: ranks are by points and the file's ranks.
        alone = places_at_table([replace(seat, winner=False) for seat in seats])
        places = [
            (rank, won) for (rank, _), won in zip(alone, teams_won(seats), strict=True)
        ]
    else:
        places = places_at_table(seats)
    return BgStatsImportPlay(
        label=label,
        uuid=uuid,
        played_at=played_at,
        place=place,
        notes=notes,
        map=map_name.value,
        expansions=expansions,
        scores=tuple(
            BgStatsScore(
                ref=seat.ref, score=seat.score, rank=rank, won=won, team=seat.team
            )
            for seat, (rank, won) in zip(seats, places, strict=True)
            if seat.ref not in players.anonymous
        ),
        anonymous=len(seats) - len(named),
    )


def _read_seats(
    reader: ShapeReader, raw_scores: Sequence[object], path: str, players: _Players
) -> tuple[list[_Seat], int]:
    """Return the seats with a score, and how many entries have none."""
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
                rank=rank if type(rank) is int and 0 < rank <= 6 else 0,
                team=_read_team(reader, entry, here),
                index=index,
            )
        )
    return seats, unscored


def _read_team(reader: ShapeReader, entry: Mapping[str, object], here: str) -> str:
    team = entry.get("team")
    if team is None:
        return ""
    if not isinstance(team, str):
        reader.text(entry, "team", here)
        return ""
    limit = getattr(Seat._meta.get_field("team"), "max_length", None)
    if isinstance(limit, int) and len(team.strip()) > limit:
        reader.report(
            child(here, "team"), TEXT_TOO_LONG, limit=limit, length=len(team.strip())
        )
    return team.strip()


def _read_expansions(
    reader: ShapeReader,
    raw: Mapping[str, object],
    path: str,
    games: Mapping[str, Mapping[str, object]],
) -> tuple[str, ...] | None:
    """Return the modules of the play's expansions, in the data's order; None if
    one of them is unknown."""
    if raw.get("expansionPlays") is None:
        return ()
    played: set[str] = set()
    known = True
    for index, entry in enumerate(reader.items(raw, "expansionPlays", path)):
        here = f"{path}.expansionPlays[{index}]"
        if not isinstance(entry, dict):
            reader.fields(entry, here, required=())
            known = False
            continue
        game = games.get(ref(entry.get("gameRefId")), {})
        bgg_id = entry.get("bggId", game.get("bggId"))
        name = game.get("name")
        if not game and not (type(bgg_id) is int and bgg_id > 0):
            reader.report(child(here, "gameRefId"), UNLISTED_EXPANSION)
            known = False
            continue
        expansion = expansion_of(
            bgg_id if type(bgg_id) is int else 0, name if isinstance(name, str) else ""
        )
        if expansion is None:
            reader.report(
                here,
                UNKNOWN_EXPANSION,
                expansion=_expansion_label(name, bgg_id),
                expansions=", ".join(e.names[0] for e in bgstats_expansions()),
            )
            known = False
            continue
        played.update(expansion.modules)
    if not known:
        return None
    order = modules()
    return tuple(module for module in order if module in played)


def _expansion_label(name: object, bgg_id: object) -> str:
    text = name.strip() if isinstance(name, str) and name.strip() else "?"
    return f"{text} (BGG {bgg_id})" if type(bgg_id) is int and bgg_id > 0 else text


def _check_table(
    reader: ShapeReader,
    raw_scores: Sequence[object],
    seats: Sequence[_Seat],
    path: str,
    rules: Ruleset,
    *,
    in_teams: bool,
) -> None:
    """The table's size, and in team play its teams (Venus, expansions §2c)."""
    count = len(raw_scores)
    here = child(path, "playerScores")
    if count < MIN_PLAYERS:
        return  # A solo play: left out, whatever its teams (`_not_a_game`).
    if not in_teams:
        if rules.individual_max < count <= rules.max_players:
            reader.report(
                here,
                INDIVIDUAL_TABLE,
                minimum=rules.min_players,
                maximum=rules.individual_max,
                given=count,
            )
        elif count > rules.individual_max:
            reader.report(here, PLAYER_COUNT, count=count)
        return
    if not rules.teams:
        reader.report(child(path, "expansionPlays"), TEAMS_WITHOUT_VENUS)
        return
    if count not in rules.team_table_sizes:
        sizes = " / ".join(str(n) for n in rules.team_table_sizes)
        reader.report(here, TEAM_PLAY_TABLE, sizes=sizes, given=count)
    _check_teams(reader, seats, here, rules)


def _check_teams(
    reader: ShapeReader, seats: Sequence[_Seat], here: str, rules: Ruleset
) -> None:
    """Every player in a team, teams of `Ruleset.team_size`, partners who win
    or lose together."""
    members: dict[str, list[_Seat]] = {}
    for seat in seats:
        if not seat.team:
            reader.report(f"{here}[{seat.index}].team", TEAM_MISSING)
        else:
            members.setdefault(seat.team, []).append(seat)
    for team, partners in members.items():
        if len(partners) != rules.team_size:
            reader.report(
                f"{here}[{partners[-1].index}].team",
                TEAM_SIZE,
                size=rules.team_size,
                team=team,
                given=len(partners),
            )
        elif len({seat.winner for seat in partners}) > 1:
            reader.report(here, PARTNERS_SPLIT, team=team)


def _not_a_game(
    seated: int, named: int, path: str, *, in_teams: bool
) -> Problem | None:
    """Why a play BG Stats keeps is no game of a club, or None."""
    here = child(path, "playerScores")
    if seated < MIN_PLAYERS:
        return Problem(path=here, template=PLAYER_COUNT, params={"count": seated})
    if named < MIN_PLAYERS:
        return Problem(
            path=here,
            template=NAMED_PLAYERS.singular,
            plural=NAMED_PLAYERS.plural,
            count="count",
            params={"count": named},
        )
    if in_teams and named < seated:
        return Problem(path=here, template=ANONYMOUS_PARTNER)
    return None


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


def teams_won(seats: Sequence[_Seat]) -> list[bool]:
    """Whether each seat's team won (team play: partners win or lose together).

    The teams whose players BG Stats marks as winners; without winner flags,
    the teams with the best total (the sum of the partners' points).
    """
    winners = {seat.team for seat in seats if seat.winner}
    if not winners:
        totals: dict[str, int] = {}
        for seat in seats:
            totals[seat.team] = totals.get(seat.team, 0) + seat.score
        best = max(totals.values(), default=0)
        winners = {team for team, total in totals.items() if total == best}
    return [seat.team in winners for seat in seats]


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
                "expansions": list(play.expansions),
                "anonymous": play.anonymous,
                "scores": [
                    [score.ref, score.score, score.rank, score.won, score.team]
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
                # An upload kept from before modules and teams were read has none.
                expansions=tuple(raw.get("expansions", ())),
                anonymous=raw["anonymous"],
                scores=tuple(
                    BgStatsScore(
                        ref=key,
                        score=score,
                        rank=rank,
                        won=won,
                        team=team[0] if team else "",
                    )
                    for key, score, rank, won, *team in raw["scores"]
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
