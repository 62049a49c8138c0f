"""Write many aggregate rows fast: COPY on PostgreSQL, batched bulk_create elsewhere.

A full rebuild of a large club writes a million rows; building a model
instance per row and binding every value through the ORM costs more than the
statistics themselves. The rows here are plain tuples in the order of
``fields`` and only ever go to the stats tables, whose columns have no
database-side defaults to forget.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from itertools import islice

from django.db import connection, models

BATCH = 5000


def insert_rows(
    model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[object]]
) -> int:
    """Insert ``rows`` (values in the order of ``fields``); return how many.

    ``rows`` may be a generator, but one that never queries the database: on
    PostgreSQL the COPY holds the connection until the last row is written,
    so a query from inside it would wait forever.
    """
    if connection.vendor == "postgresql":
        return _copy(model, fields, rows)
    return _bulk_create(model, fields, rows)


def _copy(
    model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[object]]
) -> int:
    quote = connection.ops.quote_name
    meta = model._meta
    model_fields = [meta.get_field(name) for name in fields]
    columns = ", ".join(
        quote(field.column) for field in model_fields if isinstance(field, models.Field)
    )
    as_json = [isinstance(field, models.JSONField) for field in model_fields]
    count = 0
    with connection.cursor() as cursor:
        sql = f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN"
        with cursor.cursor.copy(sql) as copy:
            for row in rows:
                copy.write_row(
                    [
                        json.dumps(value) if is_json else value
                        for value, is_json in zip(row, as_json, strict=True)
                    ]
                )
                count += 1
    return count


def _bulk_create(
    model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[object]]
) -> int:
    count = 0
    iterator = iter(rows)
    while batch := list(islice(iterator, BATCH)):
        model._default_manager.bulk_create(
            [model(**dict(zip(fields, row, strict=True))) for row in batch]
        )
        count += len(batch)
    return count
