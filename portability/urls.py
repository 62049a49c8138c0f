"""URLs of the club's "Backup and export" page, in the `games` namespace (`concordia_site.urls`)."""

from __future__ import annotations

from django.urls import URLPattern, path

from portability import views as portability_views

_CLUB = "clubs/<slug:club_slug>/"

urlpatterns: list[URLPattern] = [
    path(
        _CLUB + "backup/",
        portability_views.club_portability,
        name="club-portability",
    ),
    path(
        _CLUB + "backup/download/",
        portability_views.club_backup_download,
        name="club-backup-download",
    ),
    path(
        _CLUB + "backup/restore/",
        portability_views.club_backup_restore,
        name="club-backup-restore",
    ),
    path(
        _CLUB + "export/results.csv",
        portability_views.club_results_csv,
        name="club-results-csv",
    ),
    path(
        _CLUB + "export/bgstats.json",
        portability_views.club_bgstats_download,
        name="club-bgstats-download",
    ),
    path(
        _CLUB + "import/bgstats/",
        portability_views.club_bgstats_import,
        name="club-bgstats-import",
    ),
    path(
        _CLUB + "import/bgstats/<int:import_id>/undo/",
        portability_views.club_bgstats_import_undo,
        name="club-bgstats-import-undo",
    ),
]
