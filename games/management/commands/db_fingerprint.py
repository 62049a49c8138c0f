"""`manage.py db_fingerprint`: what a restored backup is checked against.

Prints one line per table, ``<table> <rows> <sha256>``: every table of an
installed model (many-to-many tables included) and the migration history, the
hash taken over the rows in primary-key order, as Django reads them. Run it on
the database a backup was taken from and on the copy it was restored into:
identical output means identical data. Compare two databases of the same
engine only: PostgreSQL and SQLite hand back some values in different Python
types.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import Model


def _models() -> list[tuple[str, type[Model]]]:
    """Return the models whose tables hold data, by table name."""
    tables: dict[str, type[Model]] = {}
    for model in apps.get_models(include_auto_created=True):
        if model._meta.proxy or not model._meta.managed:
            continue
        tables.setdefault(model._meta.db_table, model)
    migration = MigrationRecorder.Migration
    tables[migration._meta.db_table] = migration
    return sorted(tables.items())


def _fingerprint(model: type[Model]) -> tuple[int, str]:
    columns = [field.attname for field in model._meta.concrete_fields]
    digest = hashlib.sha256()
    rows = 0
    for row in model._base_manager.order_by("pk").values_list(*columns).iterator():
        digest.update(repr(row).encode())
        digest.update(b"\n")
        rows += 1
    return rows, digest.hexdigest()


class Command(BaseCommand):
    help = "Print each table's row count and a hash of its rows, to compare databases."

    def handle(self, *args: Any, **options: Any) -> None:
        for table, model in _models():
            rows, digest = _fingerprint(model)
            self.stdout.write(f"{table} {rows} {digest}")
