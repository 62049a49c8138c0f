from __future__ import annotations

import datetime as dt

from django.urls import reverse

from games.models import SeatResult, TableSession
from tests.factories import PASSWORD


def _url(session: TableSession, name: str) -> str:
    return reverse(
        name, kwargs={"club_slug": session.club.slug, "session_id": session.pk}
    )


def test_edit_page_shows_the_details(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    html = client.get(_url(finished_session, "games:session-edit")).content.decode()
    assert 'value="2026-11-01"' in html
    assert 'value="Café"' in html


def test_editing_details_keeps_the_scores(client, finished_session):
    assert client.login(username="bob", password=PASSWORD)
    response = client.post(
        _url(finished_session, "games:session-edit"),
        {"played_at": "2026-10-31", "place": "Biblioteca", "notes": "Close game"},
    )
    assert response.status_code == 302
    finished_session.refresh_from_db()
    assert finished_session.played_at.date() == dt.date(2026, 10, 31)
    assert (finished_session.place, finished_session.notes) == (
        "Biblioteca",
        "Close game",
    )
    assert SeatResult.objects.filter(session=finished_session).count() == 3


def test_editing_with_a_bad_date_shows_the_error_and_changes_nothing(
    client, finished_session
):
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(
        _url(finished_session, "games:session-edit"),
        {"played_at": "31/31/2026", "place": "X"},
    )
    assert response.status_code == 200
    assert "Enter a valid date." in response.content.decode()
    finished_session.refresh_from_db()
    assert finished_session.place == "Café"


def test_deleting_a_game_without_javascript_redirects_to_the_club(
    client, finished_session
):
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(_url(finished_session, "games:session-delete"))
    assert response.status_code == 302
    assert response["Location"] == finished_session.club.get_absolute_url()
    assert not TableSession.objects.exists()


def test_deleting_a_game_with_htmx_redirects_the_client(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(
        _url(finished_session, "games:session-delete"), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == finished_session.club.get_absolute_url()
    assert not TableSession.objects.exists()


def test_deleting_needs_a_post(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    assert client.get(_url(finished_session, "games:session-delete")).status_code == 405
    assert TableSession.objects.exists()
