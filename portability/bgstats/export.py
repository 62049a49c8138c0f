"""The club's finished Concordia games as a BG Stats JSON export."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Final, TypedDict

from django.db.models import Prefetch

from clubs.models import Club
from games.models import Game, Seat, SessionStatus, TableSession
from portability.bgstats.read import (
    BGSTATS_DATE,
    CONCORDIA_BGG_ID,
    CONCORDIA_YEAR,
    board_name,
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

    A game keeps the uuid BG Stats knows it by (`play_uuid`), so importing the
    file into BG Stats twice, or into this club again, adds nothing.
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
            "usesTeams": False,
            "playerScores": scores,
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
    return {
        "games": [_concordia_game(derived_uuid("game", club, CONCORDIA_BGG_ID))],
        "players": list(players.values()),
        "locations": list(locations.values()),
        "plays": plays,
    }
