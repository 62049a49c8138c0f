"""Copy a SQLite database with SQLite's online backup API (README, "Backups").

    python3 scripts/sqlite_backup.py SOURCE TARGET

Backs up (``db.sqlite3`` to a backup file: the site may keep running and
writing, the copy is one consistent moment) and restores (a backup file to
``db.sqlite3``, with the site stopped). Copying the file with ``cp`` while the
site writes can catch a write half-done; the backup API cannot. Standard
library only, so any ``python3`` runs it, virtualenv or not.
"""

from __future__ import annotations

import sqlite3
import sys
from contextlib import closing
from pathlib import Path


def main(source: str, target: str) -> int:
    # sqlite3.connect would create a missing SOURCE: an empty "backup", or an
    # empty restore over the real database, from one mistyped name.
    if not Path(source).is_file():
        print(f"{source}: no such database file; nothing copied", file=sys.stderr)
        return 1
    with (
        closing(sqlite3.connect(source)) as original,
        closing(sqlite3.connect(target)) as copy,
    ):
        original.backup(copy)
        problems = [row[0] for row in copy.execute("PRAGMA integrity_check")]
        tables = copy.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
        ).fetchone()[0]
    if problems != ["ok"]:
        print(f"{target}: the copy is damaged: {problems}", file=sys.stderr)
        return 1
    print(f"{source} copied to {target}: {tables} tables, integrity ok")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
