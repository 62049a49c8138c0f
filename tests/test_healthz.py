from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_health_check_says_ok_without_touching_the_database(
    client, django_assert_num_queries
):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content == b"ok"
    assert response.cookies == {}


def test_health_check_answers_head(client):
    response = client.head("/healthz")
    assert response.status_code == 200


def test_health_check_refuses_post(client):
    response = client.post("/healthz")
    assert response.status_code == 405
