"""The append-only rule of the event log on SQLite (hand-written).

On PostgreSQL django-pgtrigger installs the same rule from the model's
``Meta.triggers`` (its operation is in 0001, where makemigrations puts it, so
0001 can be regenerated as it is); SQLite has no pgtrigger, hence these two
triggers. Both refuse any UPDATE or DELETE of an event: an undo is an event.
"""

from django.db import migrations

TABLE = "assistant_assistantevent"
CREATE = [
    f"""CREATE TRIGGER IF NOT EXISTS assistant_event_no_update
        BEFORE UPDATE ON {TABLE}
        BEGIN SELECT RAISE(ABORT, 'Cannot update or delete rows from {TABLE} table: the log is append-only'); END""",
    f"""CREATE TRIGGER IF NOT EXISTS assistant_event_no_delete
        BEFORE DELETE ON {TABLE}
        BEGIN SELECT RAISE(ABORT, 'Cannot update or delete rows from {TABLE} table: the log is append-only'); END""",
]
DROP = [
    "DROP TRIGGER IF EXISTS assistant_event_no_update",
    "DROP TRIGGER IF EXISTS assistant_event_no_delete",
]


def _run(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "sqlite":
            return
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("assistant", "0001_initial")]

    operations = [migrations.RunPython(_run(CREATE), _run(DROP), elidable=False)]
