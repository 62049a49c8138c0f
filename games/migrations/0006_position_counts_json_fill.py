"""Positions keep their counts as JSON (issue #22, step 2 of 3): copy every row.

The goods and gods are those the columns had (the base game's); the JSON
objects list each of them, zeros included, in the score sheet's order. The
reverse copies them back into the columns (a good or god the columns never had
cannot go back: it is refused rather than lost).
"""

from django.db import migrations

GOODS = ("brick", "food", "tool", "wine", "cloth")
GODS = ("vesta", "jupiter", "saturnus", "mercurius", "mars")


def columns_to_json(apps, schema_editor):
    Position = apps.get_model("games", "ConcordiaPosition")
    batch = []
    for position in Position.objects.all().iterator(chunk_size=1000):
        position.storehouse = {g: getattr(position, f"storehouse_{g}") for g in GOODS}
        position.houses = {g: getattr(position, f"houses_{g}") for g in GOODS}
        position.cards = {g: getattr(position, f"cards_{g}") for g in GODS}
        batch.append(position)
        if len(batch) == 1000:
            Position.objects.bulk_update(batch, ["storehouse", "houses", "cards"])
            batch = []
    Position.objects.bulk_update(batch, ["storehouse", "houses", "cards"])


def json_to_columns(apps, schema_editor):
    Position = apps.get_model("games", "ConcordiaPosition")
    fields = [
        *(f"storehouse_{g}" for g in GOODS),
        *(f"houses_{g}" for g in GOODS),
        *(f"cards_{g}" for g in GODS),
    ]
    batch = []
    for position in Position.objects.all().iterator(chunk_size=1000):
        for name, keys in (("storehouse", GOODS), ("houses", GOODS), ("cards", GODS)):
            counts = getattr(position, name) or {}
            unknown = set(counts) - set(keys)
            if any(counts[key] for key in unknown):
                raise ValueError(
                    f"position {position.pk} has {name} {sorted(unknown)}, which the "
                    "columns cannot hold: remove them before going back"
                )
            for key in keys:
                if key in counts:
                    setattr(position, f"{name}_{key}", counts[key])
        batch.append(position)
        if len(batch) == 1000:
            Position.objects.bulk_update(batch, fields)
            batch = []
    Position.objects.bulk_update(batch, fields)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_position_counts_json_add"),
    ]

    operations = [
        migrations.RunPython(columns_to_json, json_to_columns, elidable=False),
    ]
