"""The uuids of imported BG Stats plays move from the games' keys to `BgStatsPlay`, and back.

The database is taken back to portability 0001 (before `BgStatsPlay`), filled
through the historical models of that schema as the import left it (a game
with a "bgstats:" key, a deleted one, one of another club, one of our own),
and migrated forward; then back again.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import TableSession
from portability.models import BgStatsPlay

BEFORE = [("portability", "0001_bgstats_import")]
WHEN = dt.datetime(2025, 5, 1, 20, tzinfo=dt.UTC)


def _migrate(targets: list[tuple[str, str]] | None = None) -> Apps:
    executor = MigrationExecutor(connection)
    if targets is None:
        targets = executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def _fill(old: Apps) -> dict[str, int]:
    club_model = old.get_model("clubs", "Club")
    session_model = old.get_model("games", "TableSession")
    lisboa = club_model.objects.create(name="Lisboa", slug="lisboa")
    porto = club_model.objects.create(name="Porto", slug="porto")

    def game(club: object, key: str, **fields: object) -> int:
        pk: int = session_model.objects.create(
            club=club,
            map="imperium",
            played_at=WHEN,
            status="finished",
            idempotency_key=key,
            **fields,
        ).pk
        return pk

    return {
        "imported": game(lisboa, "bgstats:11111111-1111-4111-8111-111111111111"),
        "deleted": game(
            lisboa, "bgstats:22222222-2222-4222-8222-222222222222", deleted_at=WHEN
        ),
        "porto": game(porto, "bgstats:11111111-1111-4111-8111-111111111111"),
        "ours": game(lisboa, "3f0c9a5e-form-key"),
        "no key": game(lisboa, ""),
    }


@pytest.mark.django_db(transaction=True)
def test_imported_plays_get_their_uuid_rows_and_give_them_back():
    old = _migrate(BEFORE)
    ids = _fill(old)

    _migrate()

    rows = {
        row.session_id: (row.club.slug, row.uuid)
        for row in BgStatsPlay.objects.select_related("club")
    }
    assert rows == {
        ids["imported"]: ("lisboa", "11111111-1111-4111-8111-111111111111"),
        ids["deleted"]: ("lisboa", "22222222-2222-4222-8222-222222222222"),
        ids["porto"]: ("porto", "11111111-1111-4111-8111-111111111111"),
    }
    # The keys are left as they were.
    keys = dict(TableSession.all_objects.values_list("pk", "idempotency_key"))
    assert keys[ids["imported"]] == "bgstats:11111111-1111-4111-8111-111111111111"
    assert keys[ids["ours"]] == "3f0c9a5e-form-key"

    # A game imported after the migration has its row and no key.
    TableSession.all_objects.filter(pk=ids["no key"]).update(idempotency_key="")
    BgStatsPlay.objects.create(
        club_id=TableSession.all_objects.get(pk=ids["no key"]).club_id,
        session_id=ids["no key"],
        uuid="33333333-3333-4333-8333-333333333333",
    )

    _migrate(BEFORE)

    keys = dict(TableSession.all_objects.values_list("pk", "idempotency_key"))
    assert keys == {
        ids["imported"]: "bgstats:11111111-1111-4111-8111-111111111111",
        ids["deleted"]: "bgstats:22222222-2222-4222-8222-222222222222",
        ids["porto"]: "bgstats:11111111-1111-4111-8111-111111111111",
        ids["ours"]: "3f0c9a5e-form-key",
        ids["no key"]: "bgstats:33333333-3333-4333-8333-333333333333",
    }
    _migrate()
