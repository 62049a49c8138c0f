"""Positions keep their counts as JSON (issue #22, step 3 of 3).

The JSON fields become required, the columns per good and per god go, and the
two structural checks that stay take their new form: a Concordia game has a
map (which maps exist is the data's) and a rank starts at 1. A game records
the expansion modules it was played with (none for every game so far).
"""

from django.db import migrations, models
from django.db.models import Q


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_position_counts_json_fill"),
    ]

    operations = [
        migrations.AlterField(
            model_name="concordiaposition",
            name="storehouse",
            field=models.JSONField(default=dict),
        ),
        migrations.AlterField(
            model_name="concordiaposition",
            name="houses",
            field=models.JSONField(default=dict),
        ),
        migrations.AlterField(
            model_name="concordiaposition",
            name="cards",
            field=models.JSONField(default=dict),
        ),
        *(
            migrations.RemoveField(model_name="concordiaposition", name=name)
            for name in (
                "storehouse_brick",
                "storehouse_food",
                "storehouse_tool",
                "storehouse_wine",
                "storehouse_cloth",
                "houses_brick",
                "houses_food",
                "houses_tool",
                "houses_wine",
                "houses_cloth",
                "cards_vesta",
                "cards_jupiter",
                "cards_saturnus",
                "cards_mercurius",
                "cards_mars",
            )
        ),
        migrations.AddField(
            model_name="tablesession",
            name="expansions",
            field=models.JSONField(blank=True, db_default=[], default=list),
        ),
        migrations.AddConstraint(
            model_name="seatresult",
            constraint=models.CheckConstraint(
                condition=Q(rank__gte=1), name="result_rank_from_1"
            ),
        ),
        migrations.AddConstraint(
            model_name="tablesession",
            constraint=models.CheckConstraint(
                condition=Q(game="magnanimous", map="")
                | (Q(game="concordia") & ~Q(map="")),
                name="session_map_fits_game",
            ),
        ),
    ]
