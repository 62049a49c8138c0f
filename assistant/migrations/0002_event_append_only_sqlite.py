"""The append-only rule of the event log on SQLite (hand-written).

On PostgreSQL django-pgtrigger installs the same rule from the model's
``Meta.triggers`` (its operation is in 0001, where makemigrations puts it, so
0001 can be regenerated as it is); SQLite has no pgtrigger, hence these two
triggers. Both refuse any UPDATE or DELETE of an event: an undo is an event.
"""

from django.db import migrations

# The table's name written out, not formatted in: bandit's B608 cannot tell a
# constant from input in an f-string, and the statements are the same.
CREATE = [
    """CREATE TRIGGER IF NOT EXISTS assistant_event_no_update
        BEFORE UPDATE ON assistant_assistantevent
        BEGIN SELECT RAISE(ABORT, 'Cannot update or delete rows from assistant_assistantevent table: the log is append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS assistant_event_no_delete
        BEFORE DELETE ON assistant_assistantevent
        BEGIN SELECT RAISE(ABORT, 'Cannot update or delete rows from assistant_assistantevent table: the log is append-only'); END""",
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
