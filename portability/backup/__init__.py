"""The club backup (JSON, ``"format": "tabularium-club-backup"``, version 2).

Everything needed to rebuild a club's games in another instance: players,
games with their positions as score sheets, results and board entry, and the
table assistant's games with their logs. It restores only into an empty club,
checking every game through `scoring` first. Version 1 files still restore.
Documented in ``docs/portability.md``.
"""

from __future__ import annotations

from portability.backup.document import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    BackupDocument,
)
from portability.backup.export import club_backup_export
from portability.backup.restore import club_backup_import

__all__ = [
    "BACKUP_FORMAT",
    "BACKUP_VERSION",
    "BackupDocument",
    "club_backup_export",
    "club_backup_import",
]
