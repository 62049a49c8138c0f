"""URLs of the public API, mounted at ``/api/v1/`` with the namespace ``api``."""

from __future__ import annotations

from csp.decorators import csp_update
from django.urls import path, re_path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from api import (
    auth,
    base,
    clubs,
    exports,
    score_sheet,
    sessions,
    statistics,
    table_games,
)

app_name = "api"

# ReDoc (drf-spectacular-sidecar's bundle) styles itself through <style>
# elements: styled-components creates them empty and fills them through the
# CSSOM (insertRule), which the CSP does not govern, and one of its modules
# inserts a fixed stylesheet. The policy allows exactly those two contents by
# hash, on this page only, instead of 'unsafe-inline'. A new ReDoc build may
# change the second hash: tests/e2e/test_api_docs.py then reports the violation.
REDOC_STYLE_HASHES = [
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",  # an empty <style>
    "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='",  # the bundle's own CSS
]

_CLUB = "clubs/<slug:club_slug>/"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path(
        "schema/swagger-ui/",
        SpectacularSwaggerSplitView.as_view(
            url_name="api:schema", template_name="api/swagger_ui.html"
        ),
        name="swagger-ui",
    ),
    path(
        "schema/redoc/",
        csp_update({"style-src": REDOC_STYLE_HASHES})(
            SpectacularRedocView.as_view(
                url_name="api:schema", template_name="api/redoc.html"
            )
        ),
        name="redoc",
    ),
    path("auth/token/", auth.AuthTokenCreateApi.as_view(), name="auth-token"),
    path("score-sheet/", score_sheet.ScoreSheetApi.as_view(), name="score-sheet"),
    path("clubs/", clubs.ClubListApi.as_view(), name="club-list"),
    path(_CLUB, clubs.ClubDetailApi.as_view(), name="club-detail"),
    path(_CLUB + "players/", clubs.PlayerListApi.as_view(), name="player-list"),
    path(
        _CLUB + "players/<int:player_id>/",
        clubs.PlayerDetailApi.as_view(),
        name="player-detail",
    ),
    path(
        _CLUB + "players/<int:player_id>/statistics/",
        statistics.PlayerStatisticsApi.as_view(),
        name="player-statistics",
    ),
    path(_CLUB + "sessions/", sessions.SessionListApi.as_view(), name="session-list"),
    path(
        _CLUB + "sessions/<int:session_id>/",
        sessions.SessionDetailApi.as_view(),
        name="session-detail",
    ),
    path(
        _CLUB + "leaderboard/", statistics.LeaderboardApi.as_view(), name="leaderboard"
    ),
    path(
        _CLUB + "statistics/",
        statistics.ClubStatisticsApi.as_view(),
        name="club-statistics",
    ),
    path(
        _CLUB + "backup/", exports.ClubBackupExportApi.as_view(), name="backup-export"
    ),
    path(
        _CLUB + "backup/restore/",
        exports.ClubBackupRestoreApi.as_view(),
        name="backup-restore",
    ),
    path(_CLUB + "results.csv", exports.ResultsCsvApi.as_view(), name="results-csv"),
    path(_CLUB + "bgstats/", exports.BgStatsExportApi.as_view(), name="bgstats-export"),
    path(
        _CLUB + "bgstats/preview/",
        exports.BgStatsPreviewApi.as_view(),
        name="bgstats-preview",
    ),
    path(
        _CLUB + "bgstats/import/",
        exports.BgStatsImportApi.as_view(),
        name="bgstats-import",
    ),
    path(
        _CLUB + "table-games/",
        table_games.TableGameListApi.as_view(),
        name="table-game-list",
    ),
    path(
        _CLUB + "table-games/import/",
        table_games.TableGameImportApi.as_view(),
        name="table-game-import",
    ),
    path(
        _CLUB + "table-games/<int:game_id>/",
        table_games.TableGameDetailApi.as_view(),
        name="table-game-detail",
    ),
    path(
        _CLUB + "table-games/<int:game_id>/state/",
        table_games.TableGameStateApi.as_view(),
        name="table-game-state",
    ),
    path(
        _CLUB + "table-games/<int:game_id>/log/",
        table_games.TableGameLogApi.as_view(),
        name="table-game-log",
    ),
    path(
        _CLUB + "table-games/<int:game_id>/events/",
        table_games.TableGameEventApi.as_view(),
        name="table-game-events",
    ),
    # Last: a slug or id the converters refuse is a JSON 404 like any other.
    # [\s\S], not ".": an address with an encoded newline (%0A) is under
    # /api/v1/ too and gets the JSON 404, not the site's 404 page.
    re_path(r"^(?P<path>[\s\S]*)$", base.api_not_found, name="not-found"),
]
