"""Rename the Italia city Bausanum to Bauzanum, as the printed board spells it (BAVZANVM)."""

from __future__ import annotations

from django.db import migrations

OLD = "Bausanum"
NEW = "Bauzanum"


def _rename(apps, old: str, new: str) -> None:
    for model in ("SessionCity", "SeatHouse"):
        apps.get_model("games", model).objects.filter(city=old).update(city=new)


def forwards(apps, schema_editor):
    _rename(apps, OLD, NEW)


def backwards(apps, schema_editor):
    _rename(apps, NEW, OLD)


class Migration(migrations.Migration):
    dependencies = [("games", "0002_club_membership_player_to_clubs")]

    operations = [migrations.RunPython(forwards, backwards)]
