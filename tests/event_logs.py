"""Emptying the assistant's event table between tests that commit (transactional ones).

The log is append-only in the database: triggers refuse UPDATE and DELETE of an
event, and on PostgreSQL a TRUNCATE of a table that holds events. Django's
flush after a transactional test deletes rows (SQLite) or truncates the tables
(PostgreSQL), so the events a test committed are removed first, with the
protection lifted for that one statement and put back at once.
"""

from __future__ import annotations

import importlib

from django.db import connection, transaction

from assistant.models import AssistantEvent

TABLE = AssistantEvent._meta.db_table


def _sqlite_triggers() -> object:
    return importlib.import_module("assistant.migrations.0002_event_append_only_sqlite")


def event_logs_clear() -> None:
    """Delete every event of every game, past the append-only rule."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT 1 FROM {TABLE} LIMIT 1")
        if cursor.fetchone() is None:
            return
    if connection.vendor == "sqlite":
        migration = _sqlite_triggers()
        with connection.cursor() as cursor:
            for statement in migration.DROP:  # type: ignore[attr-defined]
                cursor.execute(statement)
            cursor.execute(f"DELETE FROM {TABLE}")
            for statement in migration.CREATE:  # type: ignore[attr-defined]
                cursor.execute(statement)
        return
    # django-pgtrigger's ignore() prefixes each statement with a second one,
    # which the prepared statements of these connections refuse: the table's
    # own triggers are switched off for the one transaction instead.
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"ALTER TABLE {TABLE} DISABLE TRIGGER USER")
        cursor.execute(f"DELETE FROM {TABLE}")
        cursor.execute(f"ALTER TABLE {TABLE} ENABLE TRIGGER USER")
