"""What the schema promises about bodies, media types and query parameters."""

from __future__ import annotations

import pytest


def test_results_csv_answers_accept_text_csv(as_role, finished_session):
    response = as_role("member").get(
        "/api/v1/clubs/lisboa/results.csv", HTTP_ACCEPT="text/csv"
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert (
        response.content.decode("utf-8-sig")
        .splitlines()[0]
        .startswith("game_id,date,game,map")
    )


def test_results_csv_errors_stay_json_under_accept_text_csv(as_role, finished_session):
    response = as_role("outsider").get(
        "/api/v1/clubs/lisboa/results.csv", HTTP_ACCEPT="text/csv"
    )
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert set(response.json()) == {"detail"}


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("/api/v1/clubs/?page=", "page"),
        ("/api/v1/clubs/?page=x", "page"),
        ("/api/v1/clubs/?page=0", "page"),
        ("/api/v1/clubs/lisboa/sessions/?page=", "page"),
        ("/api/v1/clubs/lisboa/leaderboard/?page=", "page"),
        ("/api/v1/clubs/lisboa/leaderboard/?game=", "game"),
        ("/api/v1/clubs/lisboa/leaderboard/?players=", "players"),
        # Six is a table size (Venus' team play): seven is not.
        ("/api/v1/clubs/lisboa/leaderboard/?players=7", "players"),
        ("/api/v1/clubs/lisboa/leaderboard/?players=1", "players"),
        ("/api/v1/clubs/lisboa/statistics/?game=", "game"),
    ],
)
def test_an_empty_or_wrong_query_parameter_is_a_400(
    as_role, finished_session, url, path
):
    response = as_role("member").get(url)
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == [path]
