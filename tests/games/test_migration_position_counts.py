"""Positions moved from a column per good and per god to JSON counts (issue #22).

The database is taken back to the schema before the move (`games` at 0004),
filled through the historical models of that schema, and migrated forward: the
current models must find every row with the same counts, and the sheets they
make must score exactly what the stored results say. Then back again (the
reverse copies the counts into the columns) and forward once more, so the
suite goes on with the current schema. The whole suite runs on SQLite and on
PostgreSQL (`make test`), so this does too.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import adapters
from games.models import ConcordiaPosition, SeatResult, TableSession
from scoring import score_sheet

BEFORE = [
    ("games", "0004_session_deleted_at"),
    ("stats", "0002_club_and_player_from_clubs"),
]
WHEN = dt.datetime(2026, 11, 1, 20, 0, tzinfo=dt.UTC)
GOODS = ("brick", "food", "tool", "wine", "cloth")
GODS = ("vesta", "jupiter", "saturnus", "mercurius", "mars")

# The rulebook's worked example (Ana 114) and two more players (worked by hand:
# Bruno 3 + 28 + 18 + 20 + 8 + Vintner 12 = 89, Caio 1 + 20 + 20 + 16 + 12 +
# Mason 12 = 81), as the columns held them: (name, sestertii, storehouse, colonists, houses,
# provinces, cards, specialist, concordia card, praefectus magnus, total).
TABLE = [
    ("Ana", 13, (1, 0, 3, 0, 1), 5, (3, 4, 3, 0, 2), 7, (1, 2, 4, 2, 3), "farmer", True, False, 114),
    ("Bruno", 20, (0, 2, 0, 1, 0), 4, (2, 1, 2, 3, 1), 6, (1, 4, 3, 2, 1), "vintner", False, False, 89),
    ("Caio", 5, (2, 0, 0, 0, 0), 3, (4, 2, 1, 1, 0), 5, (1, 5, 4, 2, 2), "mason", False, True, 81),
]  # fmt: skip


def _migrate(targets: list[tuple[str, str]] | None = None) -> Apps:
    executor = MigrationExecutor(connection)
    if targets is None:
        targets = executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    # A fresh loader: the one that migrated still holds the graph's old state.
    return MigrationExecutor(connection).loader.project_state(targets).apps


def _fill(old: Apps) -> int:
    club = old.get_model("clubs", "Club").objects.create(name="Lisboa", slug="lisboa")
    session = old.get_model("games", "TableSession").objects.create(
        club=club, map="imperium", played_at=WHEN, status="finished"
    )
    player_model = old.get_model("clubs", "Player")
    seat_model = old.get_model("games", "Seat")
    position_model = old.get_model("games", "ConcordiaPosition")
    result_model = old.get_model("games", "SeatResult")
    for order, row in enumerate(TABLE):
        name, cash, stored, colonists, houses, provinces, cards, specialist = row[:8]
        concordia, praefectus, total = row[8:]
        seat = seat_model.objects.create(
            session=session,
            player=player_model.objects.create(club=club, name=name),
            seat_order=order,
        )
        position_model.objects.create(
            session=session,
            seat=seat,
            sestertii=cash,
            colonists_on_board=colonists,
            provinces=provinces,
            concordia_card=concordia,
            praefectus_magnus=praefectus,
            **{f"storehouse_{g}": n for g, n in zip(GOODS, stored, strict=True)},
            **{f"houses_{g}": n for g, n in zip(GOODS, houses, strict=True)},
            **{f"cards_{g}": n for g, n in zip(GODS, cards, strict=True)},
            **{f"has_{specialist}": True},
        )
        result_model.objects.create(
            session=session, seat=seat, total=total, rank=order + 1, won=order == 0
        )
    return int(session.pk)


def _check_columns(apps: Apps) -> None:
    position_model = apps.get_model("games", "ConcordiaPosition")
    for row in TABLE:
        position = position_model.objects.get(seat__player__name=row[0])
        assert tuple(getattr(position, f"storehouse_{g}") for g in GOODS) == row[2]
        assert tuple(getattr(position, f"houses_{g}") for g in GOODS) == row[4]
        assert tuple(getattr(position, f"cards_{g}") for g in GODS) == row[6]
        assert getattr(position, f"has_{row[7]}") is True


@pytest.mark.django_db(transaction=True)
def test_a_populated_database_keeps_every_count_and_every_score():
    old = _migrate(BEFORE)
    session_id = _fill(old)

    _migrate()

    assert ConcordiaPosition.objects.count() == len(TABLE)
    session = TableSession.objects.get(pk=session_id)
    seats = list(
        session.seats.select_related("player", "concordia_position").order_by(
            "seat_order"
        )
    )
    for seat, row in zip(seats, TABLE, strict=True):
        position = seat.concordia_position
        assert position.storehouse == dict(zip(GOODS, row[2], strict=True))
        assert position.houses == dict(zip(GOODS, row[4], strict=True))
        assert position.cards == dict(zip(GODS, row[6], strict=True))
        assert (position.sestertii, position.colonists_on_board) == (row[1], row[3])
        assert position.provinces == row[5]
        assert [s.value for s in position.specialists] == [row[7]]
        assert (position.concordia_card, position.praefectus_magnus) == row[8:10]
    # The sheet the moved rows make scores what was stored before the move.
    result = score_sheet(adapters.sheet_from_seats(map_name=session.map, seats=seats))
    assert [score.total for score in result.players] == [row[10] for row in TABLE]
    assert [
        r.total for r in SeatResult.objects.filter(session=session).order_by("rank")
    ] == [114, 89, 81]
    assert session.expansions == []

    # Back to the columns: every count returns.
    old = _migrate(BEFORE)
    _check_columns(old)
    assert old.get_model("games", "ConcordiaPosition").objects.count() == len(TABLE)

    # And forward again, for the rest of the suite.
    _migrate()
    assert ConcordiaPosition.objects.get(seat__player__name="Ana").houses["food"] == 4
