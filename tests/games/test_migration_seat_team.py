"""Seats gained a team and positions a module's counts (Venus, issue #23).

The database is taken back to the schema before (`games` at 0009), a game is
stored through that schema's historical models, and migrated forward: its seats
have no team and its positions no module count, so it scores as before. Run
on SQLite and on PostgreSQL (`make test`), as the whole suite.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import adapters
from games.models import ConcordiaPosition, Seat, TableSession
from scoring import score_sheet

BEFORE = [("games", "0009_position_rows")]
WHEN = dt.datetime(2026, 11, 1, 20, 0, tzinfo=dt.UTC)


def _migrate(targets: list[tuple[str, str]] | None = None) -> Apps:
    executor = MigrationExecutor(connection)
    if targets is None:
        targets = executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_a_game_stored_before_the_teams_keeps_its_score():
    old = _migrate(BEFORE)
    club = old.get_model("clubs", "Club").objects.create(name="Lisboa", slug="lisboa")
    session = old.get_model("games", "TableSession").objects.create(
        club=club, map="imperium", played_at=WHEN, status="finished"
    )
    for order, (name, card) in enumerate((("Ana", True), ("Bia", False))):
        player = old.get_model("clubs", "Player").objects.create(club=club, name=name)
        seat = old.get_model("games", "Seat").objects.create(
            session=session, player=player, seat_order=order
        )
        old.get_model("games", "ConcordiaPosition").objects.create(
            session=session,
            seat=seat,
            sestertii=13,
            storehouse={"brick": 1},
            colonists_on_board=5,
            houses={"food": 4},
            provinces=2,
            cards={"vesta": 1, "jupiter": 2, "saturnus": 2, "mercurius": 1, "mars": 1},
            concordia_card=card,
            praefectus_magnus=card,
        )
    _migrate()
    stored = TableSession.objects.get(pk=session.pk)
    seats = list(
        Seat.objects.filter(session=stored)
        .select_related("player", "concordia_position")
        .order_by("seat_order")
    )
    assert [seat.team for seat in seats] == ["", ""]
    assert [
        p.module_counts for p in ConcordiaPosition.objects.filter(session=stored)
    ] == [{}, {}]
    sheet = adapters.sheet_from_seats(map_name="imperium", seats=seats)
    assert [board.team for board in sheet.players] == [None, None]
    result = score_sheet(sheet)
    # Ana: Vesta 1×1 (13 + 3) + Jupiter 2×4 + Saturnus 2×2 + Mercurius 1×2
    # + Mars 1×10 + Concordia 7 = 32.
    assert result.players[0].total == 1 + 8 + 4 + 2 + 10 + 7
