"""The assistant's tables migrate with their rows, on SQLite and on PostgreSQL.

The database goes back to the schema of before a change, is filled through the
historical models of that schema (games in play, finished, abandoned, with
their events), migrated forward, checked, migrated back and checked again
(the reverse must restore every value), then forward again. Run by the SQLite
suite and, with ``DATABASE_URL`` at PostgreSQL, by the PostgreSQL one.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.apps.registry import Apps
from django.contrib.auth.models import User
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from assistant.models import AssistantEvent, AssistantGame

BEFORE_THE_SETUP_FIELD = [("assistant", "0003_game_setup_key")]
WHEN = dt.datetime(2026, 11, 20, 20, 0, tzinfo=dt.UTC)
PLAYERS = [{"name": "Ana", "colour": "red"}, {"name": "Bia", "colour": "green"}]
DISPLAY = [
    "I:Farmer",
    "I:Mercator",
    "I:Smith",
    "I:Prefect",
    "I:Colonist",
    "I:Architect",
    "I:Mason",
]
CITIES = {"Londinium": "brick", "Tomis": "tool"}
APPEND_ONLY = "Cannot update or delete rows from assistant_assistantevent"


def _migrate(targets: list[tuple[str, str]] | None = None) -> Apps:
    executor = MigrationExecutor(connection)
    if targets is None:
        targets = executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def _fill(old: Apps) -> dict[str, Any]:
    user = old.get_model("auth", "User").objects.create(username="ana")
    club = old.get_model("clubs", "Club").objects.create(name="Lisboa", slug="lisboa")
    game_model = old.get_model("assistant", "AssistantGame")
    event_model = old.get_model("assistant", "AssistantEvent")
    full = game_model.objects.create(
        club=club,
        map="italia",
        tracking="full",
        intermediate_scoring=True,
        players=PLAYERS,
        cities=CITIES,
        display=DISPLAY,
        join_code="ABCDEF",
        follow_token="follow-full",
        created_by=user,
        created_at=WHEN,
    )
    light = game_model.objects.create(
        club=club,
        map="imperium",
        players=PLAYERS,
        display=list(reversed(DISPLAY)),
        join_code="GHJKMN",
        follow_token="",
        created_at=WHEN,
        setup_key="k" * 32,
    )
    abandoned = game_model.objects.create(
        club=club,
        map="imperium",
        players=PLAYERS,
        display=DISPLAY,
        join_code="PQRSTU",
        created_at=WHEN,
    )
    session = old.get_model("games", "TableSession").objects.create(
        club=club, map="imperium", played_at=WHEN
    )
    finished = game_model.objects.create(
        club=club,
        map="imperium",
        players=PLAYERS,
        display=DISPLAY,
        join_code="VWXYZ2",
        created_at=WHEN,
        session=session,
    )
    moves = [
        {"type": "play", "player": "Ana", "card": "Mercator"},
        {"type": "undo"},
    ]
    for seq, document in enumerate(moves, start=1):
        event_model.objects.create(
            game=light, seq=seq, document=document, created_by=user, created_at=WHEN
        )
    event_model.objects.create(
        game=abandoned, seq=1, idempotency_key="a" * 32, document={"type": "abandon"}
    )
    for game, head in ((light, 2), (abandoned, 1)):
        game_model.objects.filter(pk=game.pk).update(head_seq=head)
    return {
        "user": user.pk,
        "full": full.pk,
        "light": light.pk,
        "abandoned": abandoned.pk,
        "finished": finished.pk,
        "session": session.pk,
    }


def _check_columns(old: Apps, ids: dict[str, Any]) -> None:
    game_model = old.get_model("assistant", "AssistantGame")
    full = game_model.objects.get(pk=ids["full"])
    assert (full.map, full.tracking, full.intermediate_scoring) == (
        "italia",
        "full",
        True,
    )
    assert (full.cities, full.display, full.players) == (CITIES, DISPLAY, PLAYERS)
    light = game_model.objects.get(pk=ids["light"])
    assert (light.map, light.tracking, light.intermediate_scoring) == (
        "imperium",
        "light",
        False,
    )
    assert (light.cities, light.display) == ({}, list(reversed(DISPLAY)))
    assert (light.head_seq, light.setup_key, light.follow_token) == (2, "k" * 32, "")
    assert game_model.objects.get(pk=ids["finished"]).session_id == ids["session"]


@pytest.mark.django_db(transaction=True)
def test_a_populated_database_moves_the_concordia_columns_into_the_setup_and_back():
    old = _migrate(BEFORE_THE_SETUP_FIELD)
    ids = _fill(old)

    _migrate()

    full = AssistantGame.objects.get(pk=ids["full"])
    assert full.game == "concordia"
    assert full.setup == {
        "map": "italia",
        "tracking": "full",
        "intermediate_scoring": True,
        "cities": CITIES,
        "display": DISPLAY,
    }
    assert (full.players, full.join_code, full.follow_token) == (
        PLAYERS,
        "ABCDEF",
        "follow-full",
    )
    assert full.created_by_id == ids["user"]
    light = AssistantGame.objects.get(pk=ids["light"])
    # A light game knows no city tokens: no "cities" in its header.
    assert light.setup == {
        "map": "imperium",
        "tracking": "light",
        "intermediate_scoring": False,
        "display": list(reversed(DISPLAY)),
    }
    # The status is known where the rows tell it; the others ask their state.
    statuses = {
        name: AssistantGame.objects.get(pk=ids[name]).status
        for name in ("full", "light", "abandoned", "finished")
    }
    assert statuses == {
        "full": "",
        "light": "",
        "abandoned": "abandoned",
        "finished": "finished",
    }
    assert [
        (e.seq, e.document, e.created_by_id)
        for e in AssistantEvent.objects.filter(game=light)
    ] == [
        (1, {"type": "play", "player": "Ana", "card": "Mercator"}, ids["user"]),
        (2, {"type": "undo"}, ids["user"]),
    ]
    assert AssistantEvent.objects.get(game_id=ids["abandoned"]).idempotency_key == (
        "a" * 32
    )

    # A deleted account leaves its number on the events it recorded.
    gone = User.objects.create(username="gone")
    AssistantEvent.objects.create(
        game_id=ids["full"], seq=1, document={"type": "undo"}, created_by=gone
    )
    gone.delete()
    assert AssistantEvent.objects.get(game_id=ids["full"]).created_by_id is not None

    old = _migrate(BEFORE_THE_SETUP_FIELD)
    _check_columns(old, ids)
    event_model = old.get_model("assistant", "AssistantEvent")
    # The schema of before has the constraint again: the deleted account's
    # number is forgotten, the other events keep theirs.
    assert event_model.objects.get(game_id=ids["full"]).created_by_id is None
    assert set(
        event_model.objects.filter(game_id=ids["light"]).values_list(
            "created_by_id", flat=True
        )
    ) == {ids["user"]}
    with pytest.raises(DatabaseError, match=APPEND_ONLY), transaction.atomic():
        event_model.objects.filter(game_id=ids["light"]).update(seq=9)

    _migrate()
    assert AssistantGame.objects.get(pk=ids["full"]).setup["cities"] == CITIES
    assert AssistantEvent.objects.count() == 4
    # The log is still append-only after the tables were rebuilt.
    with pytest.raises(DatabaseError, match=APPEND_ONLY), transaction.atomic():
        AssistantEvent.objects.filter(game_id=ids["light"]).update(seq=9)
    with pytest.raises(DatabaseError, match=APPEND_ONLY), transaction.atomic():
        AssistantEvent.objects.filter(game_id=ids["light"]).delete()
