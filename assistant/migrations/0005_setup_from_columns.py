"""Step 2 of 3: each game's Concordia columns into its ``setup``, and back.

``setup`` is the game-log header without its format, game and players, as the
export writes it (``cities`` only when the tokens are known). The status is
filled where the rows tell it without a replay: a game whose final sheet
exists is finished, one whose last event is ``abandon`` is abandoned (an
abandon cannot be undone); the others keep "" and their state tells.
"""

from django.db import migrations


def columns_to_setup(apps, schema_editor):
    game_model = apps.get_model("assistant", "AssistantGame")
    event_model = apps.get_model("assistant", "AssistantEvent")
    for game in game_model.objects.order_by("pk").iterator():
        setup = {
            "map": game.map,
            "tracking": game.tracking,
            "intermediate_scoring": game.intermediate_scoring,
        }
        if game.cities:
            setup["cities"] = game.cities
        setup["display"] = game.display
        last = (
            event_model.objects.filter(game=game)
            .order_by("-seq")
            .values_list("document", flat=True)
            .first()
        )
        if game.session_id is not None:
            status = "finished"
        elif isinstance(last, dict) and last.get("type") == "abandon":
            status = "abandoned"
        else:
            status = ""
        game_model.objects.filter(pk=game.pk).update(
            game="concordia", setup=setup, status=status
        )


def setup_to_columns(apps, schema_editor):
    game_model = apps.get_model("assistant", "AssistantGame")
    for game in game_model.objects.order_by("pk").iterator():
        setup = game.setup if isinstance(game.setup, dict) else {}
        game_model.objects.filter(pk=game.pk).update(
            map=setup.get("map", "imperium"),
            tracking=setup.get("tracking", "light"),
            intermediate_scoring=bool(setup.get("intermediate_scoring", False)),
            cities=setup.get("cities") or {},
            display=setup.get("display") or [],
        )


class Migration(migrations.Migration):
    dependencies = [("assistant", "0004_game_setup_status")]

    operations = [
        migrations.RunPython(columns_to_setup, setup_to_columns, elidable=False)
    ]
