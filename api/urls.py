"""URLs of the public API, mounted at ``/api/v1/`` with the namespace ``api``."""

from __future__ import annotations

from csp.decorators import csp_update
from django.urls import URLPattern, path, re_path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)
from rest_framework.views import APIView

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
_TABLE_GAME = "table-games/<int:game_id>/"


def _club(route: str, view: type[APIView], name: str) -> URLPattern:
    """An address of one club's (``clubs/<slug>/<route>``), answered by ``view``."""
    return path(_CLUB + route, view.as_view(), name=name)


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
    _club("", clubs.ClubDetailApi, "club-detail"),
    _club("players/", clubs.PlayerListApi, "player-list"),
    _club("players/<int:player_id>/", clubs.PlayerDetailApi, "player-detail"),
    _club(
        "players/<int:player_id>/statistics/",
        statistics.PlayerStatisticsApi,
        "player-statistics",
    ),
    _club("sessions/", sessions.SessionListApi, "session-list"),
    _club("sessions/<int:session_id>/", sessions.SessionDetailApi, "session-detail"),
    _club("leaderboard/", statistics.LeaderboardApi, "leaderboard"),
    _club("statistics/", statistics.ClubStatisticsApi, "club-statistics"),
    _club("backup/", exports.ClubBackupExportApi, "backup-export"),
    _club("backup/restore/", exports.ClubBackupRestoreApi, "backup-restore"),
    _club("results.csv", exports.ResultsCsvApi, "results-csv"),
    _club("bgstats/", exports.BgStatsExportApi, "bgstats-export"),
    _club("bgstats/preview/", exports.BgStatsPreviewApi, "bgstats-preview"),
    _club("bgstats/import/", exports.BgStatsImportApi, "bgstats-import"),
    # The table assistant's games: every game's through the same addresses.
    _club("table-games/", table_games.TableGameListApi, "table-game-list"),
    _club("table-games/import/", table_games.TableGameImportApi, "table-game-import"),
    _club(_TABLE_GAME, table_games.TableGameDetailApi, "table-game-detail"),
    _club(_TABLE_GAME + "state/", table_games.TableGameStateApi, "table-game-state"),
    _club(_TABLE_GAME + "log/", table_games.TableGameLogApi, "table-game-log"),
    _club(_TABLE_GAME + "events/", table_games.TableGameEventApi, "table-game-events"),
    # Last: a slug or id the converters refuse is a JSON 404 like any other.
    # [\s\S], not ".": an address with an encoded newline (%0A) is under
    # /api/v1/ too and gets the JSON 404, not the site's 404 page.
    re_path(r"^(?P<path>[\s\S]*)$", base.api_not_found, name="not-found"),
]
