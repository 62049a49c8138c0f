"""BG Stats' JSON export, limited to the plays of Concordia: export, read, import.

- `read`: what a file holds, play by play (kept, or left out with why);
- `export`: the club's finished Concordia games as a BG Stats file;
- `service`: matching the file's players, importing, the page's waiting
  uploads, the import records and their undo.

Documented in ``docs/portability.md``.
"""

from __future__ import annotations

from portability.bgstats.export import (
    BgStatsDocument,
    bgstats_export,
    derived_uuid,
    play_uuid,
)
from portability.bgstats.read import (
    CONCORDIA_BGG_ID,
    MAX_PLAYS,
    BgStatsFile,
    BgStatsImportPlay,
    BgStatsScore,
    bgstats_file_document,
    bgstats_file_from_document,
    bgstats_read,
    board_map,
    board_name,
)
from portability.bgstats.service import (
    BgStatsRejected,
    ImportSummary,
    PlayerMatch,
    bgstats_import,
    bgstats_import_get,
    bgstats_import_undo,
    bgstats_imports_recent,
    bgstats_player_matches,
    bgstats_upload_create,
    bgstats_upload_file,
    bgstats_upload_get,
    bgstats_upload_import,
    left_out_rejection,
    problem_text,
    rejected_lines,
)

__all__ = [
    "CONCORDIA_BGG_ID",
    "MAX_PLAYS",
    "BgStatsDocument",
    "BgStatsFile",
    "BgStatsImportPlay",
    "BgStatsRejected",
    "BgStatsScore",
    "ImportSummary",
    "PlayerMatch",
    "bgstats_export",
    "bgstats_file_document",
    "bgstats_file_from_document",
    "bgstats_import",
    "bgstats_import_get",
    "bgstats_import_undo",
    "bgstats_imports_recent",
    "bgstats_player_matches",
    "bgstats_read",
    "bgstats_upload_create",
    "bgstats_upload_file",
    "bgstats_upload_get",
    "bgstats_upload_import",
    "board_map",
    "board_name",
    "derived_uuid",
    "left_out_rejection",
    "play_uuid",
    "problem_text",
    "rejected_lines",
]
