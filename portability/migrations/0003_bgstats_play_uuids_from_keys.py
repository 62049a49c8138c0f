"""Give every game imported from BG Stats its `BgStatsPlay` row.

Until now the uuid of an imported play lived in the game's idempotency key
("bgstats:<uuid>"); from now on `BgStatsPlay` holds it for every game that has
one. The keys stay as they are. Backwards, a game whose key is empty gets its
uuid back as a key, so that nothing imported since is imported twice.
"""

from __future__ import annotations

from django.db import migrations

PREFIX = "bgstats:"


def forwards(apps, schema_editor):
    session_model = apps.get_model("games", "TableSession")
    play_model = apps.get_model("portability", "BgStatsPlay")
    sessions = session_model._base_manager.filter(
        idempotency_key__startswith=PREFIX
    ).values_list("pk", "club_id", "idempotency_key")
    play_model.objects.bulk_create(
        [
            play_model(session_id=pk, club_id=club_id, uuid=key.removeprefix(PREFIX))
            for pk, club_id, key in sessions.iterator()
        ],
        batch_size=1000,
        ignore_conflicts=True,
    )


def backwards(apps, schema_editor):
    session_model = apps.get_model("games", "TableSession")
    play_model = apps.get_model("portability", "BgStatsPlay")
    for session_id, uuid in play_model.objects.filter(
        session__idempotency_key=""
    ).values_list("session_id", "uuid"):
        session_model._base_manager.filter(pk=session_id).update(
            idempotency_key=PREFIX + uuid
        )


class Migration(migrations.Migration):
    dependencies = [
        ("portability", "0002_bgstats_plays_and_uploads"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
