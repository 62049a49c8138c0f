"""An event's author without a database constraint, and no TRUNCATE of the log.

Deleting an account must not rewrite the append-only log (issue #21): the
event keeps the account's number, and the foreign key's constraint goes. On
SQLite that change rebuilds the table, which drops the two triggers of 0002:
they are created again right after (and, migrating back, after the reverse
rebuild). PostgreSQL gets a statement trigger refusing TRUNCATE while the
table holds events (a row trigger never sees a TRUNCATE).
"""

import django.db.models.deletion
import pgtrigger.compiler
import pgtrigger.migrations
from django.conf import settings
from django.db import migrations, models


# The same triggers as 0002 (a migration never imports another).
SQLITE_CREATE = [
    """CREATE TRIGGER IF NOT EXISTS assistant_event_no_update
        BEFORE UPDATE ON assistant_assistantevent
        BEGIN SELECT RAISE(ABORT, 'Cannot update or delete rows from assistant_assistantevent table: the log is append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS assistant_event_no_delete
        BEFORE DELETE ON assistant_assistantevent
        BEGIN SELECT RAISE(ABORT, 'Cannot update or delete rows from assistant_assistantevent table: the log is append-only'); END""",
]
SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS assistant_event_no_update",
    "DROP TRIGGER IF EXISTS assistant_event_no_delete",
]


def _on_sqlite(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "sqlite":
            return
        for statement in statements:
            schema_editor.execute(statement)

    return run


def _forget_deleted_authors(apps, schema_editor):
    """Migrating back: the constraint returns, so a deleted account's number goes.

    The one rewrite of the log, with its triggers lifted for this statement:
    the schema being restored cannot hold a reference to nobody.
    """
    event_model = apps.get_model("assistant", "AssistantEvent")
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    orphans = event_model.objects.filter(created_by__isnull=False).exclude(
        created_by_id__in=user_model.objects.values("pk")
    )
    if not orphans.exists():
        return
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for statement in SQLITE_DROP:
            schema_editor.execute(statement)
    else:
        schema_editor.execute(
            "ALTER TABLE assistant_assistantevent DISABLE TRIGGER USER"
        )
    orphans.update(created_by=None)
    if vendor == "sqlite":
        for statement in SQLITE_CREATE:
            schema_editor.execute(statement)
    else:
        schema_editor.execute(
            "ALTER TABLE assistant_assistantevent ENABLE TRIGGER USER"
        )


class Migration(migrations.Migration):
    dependencies = [
        ("assistant", "0006_remove_concordia_columns"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # Migrating back, this (the last reverse step) puts the triggers back
        # on the table the reverse AlterField rebuilt.
        migrations.RunPython(
            _on_sqlite(SQLITE_DROP), _on_sqlite(SQLITE_CREATE), elidable=False
        ),
        migrations.AlterField(
            model_name="assistantevent",
            name="created_by",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.RunPython(
            _on_sqlite(SQLITE_CREATE), _on_sqlite(SQLITE_DROP), elidable=False
        ),
        migrations.RunPython(
            migrations.RunPython.noop, _forget_deleted_authors, elidable=False
        ),
        pgtrigger.migrations.AddTrigger(
            model_name="assistantevent",
            trigger=pgtrigger.compiler.Trigger(
                name="assistant_event_no_truncate",
                sql=pgtrigger.compiler.UpsertTriggerSql(
                    func="IF EXISTS (SELECT 1 FROM assistant_assistantevent) THEN RAISE EXCEPTION 'Cannot truncate % while it holds events: the log is append-only', TG_TABLE_NAME; END IF; RETURN NULL;",
                    hash="6a12bf9d869d870a5d753de7cd2309d7ef5ceb81",
                    level="STATEMENT",
                    operation="TRUNCATE",
                    pgid="pgtrigger_assistant_event_no_truncate_3a8cf",
                    table="assistant_assistantevent",
                    when="BEFORE",
                ),
            ),
        ),
    ]
