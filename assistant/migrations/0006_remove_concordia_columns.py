"""Step 3 of 3: the Concordia columns go; their values live in ``setup``.

``map`` gets a default first, so that migrating back can add the column again
to a table that holds rows (0005's reverse then fills it).
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("assistant", "0005_setup_from_columns")]

    operations = [
        migrations.AlterField(
            model_name="assistantgame",
            name="map",
            field=models.CharField(
                choices=[("imperium", "Imperium"), ("italia", "Italia")],
                default="imperium",
                max_length=12,
                verbose_name="map",
            ),
        ),
        migrations.RemoveField(model_name="assistantgame", name="map"),
        migrations.RemoveField(model_name="assistantgame", name="tracking"),
        migrations.RemoveField(model_name="assistantgame", name="intermediate_scoring"),
        migrations.RemoveField(model_name="assistantgame", name="cities"),
        migrations.RemoveField(model_name="assistantgame", name="display"),
    ]
