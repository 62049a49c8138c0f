"""The published OpenAPI schema and its two readers, served from our own static files."""

from __future__ import annotations

import yaml
from drf_spectacular.validation import validate_schema


def test_the_schema_is_valid_openapi_3(api_client, db):
    response = api_client.get("/api/v1/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    validate_schema(schema)  # type: ignore[no-untyped-call]
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Tabularium API"


def test_the_schema_documents_every_endpoint(api_client, db):
    schema = yaml.safe_load(api_client.get("/api/v1/schema/").content)
    assert sorted(schema["paths"]) == [
        "/api/v1/auth/token/",
        "/api/v1/clubs/",
        "/api/v1/clubs/{club_slug}/",
        "/api/v1/clubs/{club_slug}/backup/",
        "/api/v1/clubs/{club_slug}/backup/restore/",
        "/api/v1/clubs/{club_slug}/bgstats/",
        "/api/v1/clubs/{club_slug}/bgstats/import/",
        "/api/v1/clubs/{club_slug}/bgstats/preview/",
        "/api/v1/clubs/{club_slug}/leaderboard/",
        "/api/v1/clubs/{club_slug}/players/",
        "/api/v1/clubs/{club_slug}/players/{player_id}/",
        "/api/v1/clubs/{club_slug}/players/{player_id}/statistics/",
        "/api/v1/clubs/{club_slug}/results.csv",
        "/api/v1/clubs/{club_slug}/sessions/",
        "/api/v1/clubs/{club_slug}/sessions/{session_id}/",
        "/api/v1/clubs/{club_slug}/statistics/",
        "/api/v1/clubs/{club_slug}/table-games/",
        "/api/v1/clubs/{club_slug}/table-games/import/",
        "/api/v1/clubs/{club_slug}/table-games/{game_id}/",
        "/api/v1/clubs/{club_slug}/table-games/{game_id}/events/",
        "/api/v1/clubs/{club_slug}/table-games/{game_id}/log/",
        "/api/v1/clubs/{club_slug}/table-games/{game_id}/state/",
        "/api/v1/score-sheet/",
    ]
    security = set(schema["components"]["securitySchemes"])
    assert security == {"tokenAuth", "cookieAuth"}
    assert "security" not in schema["paths"]["/api/v1/score-sheet/"]["post"]
    assert "security" not in schema


def test_swagger_ui_comes_from_our_static_files(api_client, db):
    response = api_client.get("/api/v1/schema/swagger-ui/")
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    )
    assert "cdn" not in html.lower()


def test_redoc_comes_from_our_static_files(api_client, db):
    response = api_client.get("/api/v1/schema/redoc/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js" in html
    assert "cdn" not in html.lower()


def test_an_unknown_api_address_is_a_json_404(api_client, db):
    response = api_client.post("/api/v1/nothing-here/", {})
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}
