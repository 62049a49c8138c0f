"""A game names its game and keeps its setup in one field (issue #22).

Step 1 of 3: the new columns beside the old ones; 0005 copies the rows over,
0006 removes the Concordia columns.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("assistant", "0003_game_setup_key")]

    operations = [
        migrations.AddField(
            model_name="assistantgame",
            name="game",
            field=models.CharField(
                choices=[("concordia", "Concordia"), ("magnanimous", "Magnanimous")],
                default="concordia",
                max_length=20,
                verbose_name="game",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="assistantgame",
            name="setup",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="assistantgame",
            name="status",
            field=models.CharField(
                blank=True,
                choices=[
                    ("playing", "playing"),
                    ("finished", "finished"),
                    ("abandoned", "abandoned"),
                ],
                default="",
                max_length=10,
            ),
        ),
    ]
