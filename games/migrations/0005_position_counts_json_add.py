"""Positions keep their counts per good and per god as JSON (issue #22, step 1 of 3).

The new ``storehouse``, ``houses`` and ``cards`` start nullable; 0006 fills them
from the columns, 0007 makes them required and drops the columns. The rule
numbers the database checked (15 houses, 12 storehouse spaces, the starting
hand, 12 provinces, 5 seats and ranks, cards 1-30, no house in "Roma", the two
maps) go: the ruleset checks them, map by map (`scoring.ruleset`). The choices
of the map, good and colour fields become callables, so that a map, good or
colour added to the data needs no migration.
"""

import games.models
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_session_deleted_at"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="concordiaposition", name="position_colonists_on_board_2_to_6"
        ),
        migrations.RemoveConstraint(
            model_name="concordiaposition", name="position_houses_at_most_15"
        ),
        migrations.RemoveConstraint(
            model_name="concordiaposition",
            name="position_storehouse_at_most_12_spaces",
        ),
        migrations.RemoveConstraint(
            model_name="concordiaposition",
            name="position_cards_at_least_starting_hand",
        ),
        migrations.RemoveConstraint(
            model_name="concordiaposition", name="position_provinces_at_most_12"
        ),
        migrations.RemoveConstraint(
            model_name="seat", name="seat_order_at_most_five_players"
        ),
        migrations.RemoveConstraint(model_name="seatcard", name="seat_card_1_to_30"),
        migrations.RemoveConstraint(
            model_name="seathouse", name="seat_house_never_in_the_capital"
        ),
        migrations.RemoveConstraint(model_name="seatresult", name="result_rank_1_to_5"),
        migrations.RemoveConstraint(
            model_name="tablesession", name="session_map_fits_game"
        ),
        migrations.AlterField(
            model_name="seat",
            name="colour",
            field=models.CharField(
                blank=True, choices=games.models.colours, max_length=10
            ),
        ),
        migrations.AlterField(
            model_name="sessioncity",
            name="good",
            field=models.CharField(choices=games.models.goods, max_length=8),
        ),
        migrations.AlterField(
            model_name="tablesession",
            name="map",
            field=models.CharField(
                blank=True,
                choices=games.models.concordia_maps,
                max_length=12,
                verbose_name="map",
            ),
        ),
        migrations.AddField(
            model_name="concordiaposition",
            name="storehouse",
            field=models.JSONField(null=True),
        ),
        migrations.AddField(
            model_name="concordiaposition",
            name="houses",
            field=models.JSONField(null=True),
        ),
        migrations.AddField(
            model_name="concordiaposition",
            name="cards",
            field=models.JSONField(null=True),
        ),
    ]
