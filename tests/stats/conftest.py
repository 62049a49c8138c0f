"""A small, hand-checked Concordia history of the club "lisboa".

| game | date       | map      | seats (total, rank)                                  |
|------|------------|----------|------------------------------------------------------|
| g1   | 2026-01-10 | imperium | Ana 100 (1), Bruno 90 (2), Caio 80 (3)               |
| g2   | 2026-01-20 | italia   | Bruno 110 (1), Ana 105 (2)                           |
| g3   | 2026-02-05 | imperium | Ana 95 (1), Caio 95 (1) shared victory, Bruno 70 (3) |
| g4   | 2026-02-15 | imperium | Ana 120 (1), Bruno 100 (2), Caio 90 (3), Dora 60 (4) |
| g5   | 2026-03-01 | italia   | Bruno 99 (1), Dora 98 (2)                            |

Every seat scores 10 with Vesta and the rest with Jupiter, except Ana in g4:
Vesta 10, Jupiter 90, Minerva 20.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence

import pytest

from clubs.models import Club, Player
from games.models import (
    Game,
    MagnanimousEnding,
    Seat,
    SeatResult,
    SessionStatus,
    TableSession,
)

# (name, total, rank)
SeatSpec = tuple[str, int, int]
RecordGame = Callable[..., TableSession]


def noon(day: str) -> dt.datetime:
    return dt.datetime.combine(dt.date.fromisoformat(day), dt.time(12), tzinfo=dt.UTC)


def concordia_points(total: int) -> dict[str, int]:
    return {
        "vesta": 10,
        "jupiter": total - 10,
        "saturnus": 0,
        "mercurius": 0,
        "mars": 0,
        "minerva": 0,
        "concordia": 0,
    }


def record(
    club: Club,
    *,
    day: str,
    seats: Sequence[SeatSpec],
    map_name: str = "imperium",
    game: str = Game.CONCORDIA,
    ending: str = "",
    won: Sequence[bool] | None = None,
    points: Mapping[str, Mapping[str, int]] | None = None,
) -> TableSession:
    """Store a finished game's rows directly, as the scoring services leave them."""
    session = TableSession.objects.create(
        club=club,
        game=game,
        map=map_name if game == Game.CONCORDIA else "",
        ending=ending,
        played_at=noon(day),
        status=SessionStatus.FINISHED,
    )
    for order, (name, total, rank) in enumerate(seats):
        player, _ = Player.objects.get_or_create(club=club, name=name)
        seat = Seat.objects.create(session=session, player=player, seat_order=order)
        SeatResult.objects.create(
            session=session,
            seat=seat,
            total=total,
            rank=rank,
            won=won[order] if won is not None else rank == 1,
            breakdown=dict((points or {}).get(name) or concordia_points(total)),
        )
    return session


HISTORY: list[tuple[str, str, list[SeatSpec]]] = [
    ("2026-01-10", "imperium", [("Ana", 100, 1), ("Bruno", 90, 2), ("Caio", 80, 3)]),
    ("2026-01-20", "italia", [("Bruno", 110, 1), ("Ana", 105, 2)]),
    ("2026-02-05", "imperium", [("Ana", 95, 1), ("Caio", 95, 1), ("Bruno", 70, 3)]),
    (
        "2026-02-15",
        "imperium",
        [("Ana", 120, 1), ("Bruno", 100, 2), ("Caio", 90, 3), ("Dora", 60, 4)],
    ),
    ("2026-03-01", "italia", [("Bruno", 99, 1), ("Dora", 98, 2)]),
]
ANA_IN_G4 = {
    "vesta": 10,
    "jupiter": 90,
    "saturnus": 0,
    "mercurius": 0,
    "mars": 0,
    "minerva": 20,
    "concordia": 0,
}


@pytest.fixture
def history(club: Club) -> list[TableSession]:
    """The five games of the table above, without any statistics computed."""
    games = []
    for index, (day, map_name, seats) in enumerate(HISTORY):
        points = {"Ana": ANA_IN_G4} if index == 3 else None
        games.append(
            record(club, day=day, seats=seats, map_name=map_name, points=points)
        )
    return games


@pytest.fixture
def players(history: list[TableSession], club: Club) -> dict[str, Player]:
    return {p.name: p for p in Player.objects.filter(club=club)}


def magnanimous_rio_occupied(
    club: Club, *, day: str, seats: Sequence[SeatSpec]
) -> TableSession:
    """A Magnanimous game that ended with Rio de Janeiro fallen: everybody lost."""
    return record(
        club,
        day=day,
        seats=seats,
        game=Game.MAGNANIMOUS,
        ending=MagnanimousEnding.RIO_OCCUPIED,
        won=[False] * len(seats),
        points={name: {"court": total} for name, total, _ in seats},
    )
