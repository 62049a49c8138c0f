"""The club's finished Concordia games as a BG Stats JSON export."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Final, NotRequired, TypedDict

from django.db.models import Prefetch

from clubs.models import Club
from games.models import Game, Seat, SeatResult, SessionStatus, TableSession
from portability.bgstats.read import (
    BGSTATS_DATE,
    CONCORDIA_BGG_ID,
    CONCORDIA_YEAR,
    BgStatsExpansion,
    bgstats_expansions,
    board_name,
    expansions_played,
)
from portability.common import seat_result
from portability.models import BgStatsPlay

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
    isBaseGame: int
    isExpansion: int


class BgStatsPlayer(TypedDict):
    id: int
    uuid: str
    name: str
    isAnonymous: bool
    bggUsername: str


class BgStatsLocation(TypedDict):
    id: int
    uuid: str
    name: str


class BgStatsPlayerScore(TypedDict):
    playerRefId: int
    score: str
    winner: bool
    rank: int
    seatOrder: int
    startPlayer: bool
    newPlayer: bool
    # Team play only (Venus).
    team: NotRequired[str]


class BgStatsExpansionPlay(TypedDict):
    gameRefId: int
    bggId: int


class BgStatsPlayDocument(TypedDict, total=False):
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
    expansionPlays: list[BgStatsExpansionPlay]


class BgStatsDocument(TypedDict):
    games: list[BgStatsGame]
    players: list[BgStatsPlayer]
    locations: list[BgStatsLocation]
    plays: list[BgStatsPlayDocument]


def derived_uuid(kind: str, club: Club, key: object) -> str:
    """Return the uuid the export gives a club's object that has none of its own."""
    return str(uuid.uuid5(_UUID_NAMESPACE, f"{club.slug}/{kind}/{key}"))


def play_uuid(session: TableSession, club: Club) -> str:
    """Return the uuid BG Stats knows ``session`` by: its own, or derived from its id.

    Expects ``bgstats_play`` selected (one query per game otherwise).
    """
    try:
        return session.bgstats_play.uuid
    except BgStatsPlay.DoesNotExist:
        return derived_uuid("play", club, session.pk)


def _concordia_game(game_uuid: str, *, teams: bool) -> BgStatsGame:
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
        "usesTeams": teams,
        "isBaseGame": 1,
        "isExpansion": 0,
    }


def _expansion_id(expansion: BgStatsExpansion) -> int:
    """The expansion's id in every export: after the game's, in the table's order."""
    return 2 + bgstats_expansions().index(expansion)


def _expansion_game(club: Club, expansion: BgStatsExpansion) -> BgStatsGame:
    return {
        "id": _expansion_id(expansion),
        "uuid": derived_uuid("expansion", club, expansion.key),
        "name": expansion.names[0],
        "bggId": expansion.bgg_id,
        "bggName": expansion.names[0] if expansion.bgg_id else "",
        "bggYear": expansion.year,
        "highestWins": True,
        "cooperative": False,
        "noPoints": False,
        "usesTeams": "venus" in expansion.modules,
        "isBaseGame": 0,
        "isExpansion": 1,
    }


def _player_score(seat: Seat, result: SeatResult, player_id: int) -> BgStatsPlayerScore:
    score: BgStatsPlayerScore = {
        "playerRefId": player_id,
        "score": str(result.total),
        # In team play both partners of the winning team.
        "winner": result.won,
        "rank": result.rank,
        "seatOrder": seat.seat_order + 1,
        "startPlayer": seat.seat_order == 0,
        "newPlayer": False,
    }
    if seat.team:
        score["team"] = seat.team
    return score


def bgstats_export(club: Club) -> BgStatsDocument:
    """Return the club's finished Concordia games as a BG Stats JSON export (2 queries).

    A game keeps the uuid BG Stats knows it by (`play_uuid`), so importing the
    file into BG Stats twice, or into this club again, adds nothing. Its
    modules are BG Stats expansion plays (`expansions_played`), listed in
    ``games`` with ids that are the same in every export; in team play (Venus)
    each player's score carries the team, and both partners of the winning
    team are winners.
    """
    sessions = (
        club.sessions.filter(game=Game.CONCORDIA, status=SessionStatus.FINISHED)
        .select_related("bgstats_play")
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
    expansions: set[BgStatsExpansion] = set()
    plays: list[BgStatsPlayDocument] = []
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
                    "uuid": derived_uuid("player", club, player.pk),
                    "name": player.name,
                    "isAnonymous": False,
                    "bggUsername": "",
                },
            )
            scores.append(_player_score(seat, result, players[player.pk]["id"]))
        played = expansions_played(session.expansions)
        expansions.update(played)
        play: BgStatsPlayDocument = {
            "uuid": play_uuid(session, club),
            "gameRefId": 1,
            "playDate": session.played_at.astimezone(dt.UTC).strftime(BGSTATS_DATE),
            "entryDate": session.created_at.astimezone(dt.UTC).strftime(BGSTATS_DATE),
            "durationMin": 0,
            "ignored": False,
            "manualWinner": False,
            "rounds": 0,
            # BG Stats' own words, whatever the page's language: the import
            # reads them back (`portability/bgstats/boards.json`).
            "board": board_name(session.map),
            "comments": session.notes,
            "usesTeams": any("team" in score for score in scores),
            "playerScores": scores,
            "expansionPlays": [
                {"gameRefId": _expansion_id(expansion), "bggId": expansion.bgg_id}
                for expansion in played
            ],
        }
        if session.place:
            location = locations.setdefault(
                session.place,
                {
                    "id": len(locations) + 1,
                    "uuid": derived_uuid("location", club, session.place),
                    "name": session.place,
                },
            )
            play["locationRefId"] = location["id"]
        plays.append(play)
    game = _concordia_game(
        derived_uuid("game", club, CONCORDIA_BGG_ID),
        teams=any(play["usesTeams"] for play in plays),
    )
    return {
        "games": [
            game,
            *(
                _expansion_game(club, expansion)
                for expansion in sorted(expansions, key=_expansion_id)
            ),
        ],
        "players": list(players.values()),
        "locations": list(locations.values()),
        "plays": plays,
    }
