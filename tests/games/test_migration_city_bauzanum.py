"""The data migration that renames Bausanum to Bauzanum in stored games."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from django.apps import apps

from games import services
from games.models import SeatHouse, SessionCity

migration = importlib.import_module("games.migrations.0003_city_bauzanum")


@pytest.mark.django_db
def test_stored_goods_and_houses_move_to_the_new_name_and_back(club, alice):
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="italia",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name="Ana"), services.SeatInput(new_name="Bia")],
    )
    seat = session.seats.get(seat_order=0)
    SessionCity.objects.create(session=session, city="Bausanum", good="food")
    SessionCity.objects.create(session=session, city="Verona", good="tool")
    SeatHouse.objects.create(session=session, seat=seat, city="Bausanum")

    migration.forwards(apps, None)
    assert sorted(SessionCity.objects.values_list("city", flat=True)) == [
        "Bauzanum",
        "Verona",
    ]
    assert list(SeatHouse.objects.values_list("city", flat=True)) == ["Bauzanum"]

    migration.backwards(apps, None)
    assert sorted(SessionCity.objects.values_list("city", flat=True)) == [
        "Bausanum",
        "Verona",
    ]
    assert list(SeatHouse.objects.values_list("city", flat=True)) == ["Bausanum"]
