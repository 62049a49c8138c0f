from __future__ import annotations

import datetime as dt

import time_machine
from django.urls import reverse

from games import services
from games.models import SeatResult, TableSession
from tests.factories import PASSWORD
from tests.markup import elements


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


def test_the_delete_page_asks_first_and_deletes_nothing(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    response = client.get(_url(finished_session, "games:session-delete"))
    assert response.status_code == 200
    html = response.content.decode()
    # It asks first: a form that posts back to this page, nothing deleted yet.
    delete_url = _url(finished_session, "games:session-delete")
    assert elements(html, "form", method="post", action=delete_url)
    # What will be deleted: the game's players and scores.
    assert "Ana · 114" in html
    assert 'method="post"' in html
    assert TableSession.objects.filter(pk=finished_session.pk).exists()


def test_the_edit_page_links_to_the_confirmation(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    html = client.get(_url(finished_session, "games:session-edit")).content.decode()
    assert f'href="{_url(finished_session, "games:session-delete")}"' in html


def test_deleting_a_game_without_javascript_redirects_to_the_club(
    client, finished_session
):
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(_url(finished_session, "games:session-delete"))
    assert response.status_code == 302
    assert response["Location"] == finished_session.club.get_absolute_url()
    assert not TableSession.objects.exists()
    finished_session.refresh_from_db()
    assert finished_session.deleted_at is not None


def test_deleting_a_game_with_htmx_redirects_the_client(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(
        _url(finished_session, "games:session-delete"), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == finished_session.club.get_absolute_url()
    assert not TableSession.objects.exists()


def test_after_deleting_the_club_page_offers_undo(client, finished_session):
    assert client.login(username="bob", password=PASSWORD)
    response = client.post(_url(finished_session, "games:session-delete"), follow=True)
    html = response.content.decode()
    assert "Game deleted. You can undo it for a day." in html
    restore = _url(finished_session, "games:session-restore")
    assert f'action="{restore}"' in html
    assert f'hx-post="{restore}"' in html
    # The game is no longer in the list: only in the "Undo" line.
    assert f'href="{finished_session.get_absolute_url()}"' not in html


def test_undo_without_javascript_brings_the_game_back(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    client.post(_url(finished_session, "games:session-delete"))
    response = client.post(_url(finished_session, "games:session-restore"))
    assert response.status_code == 302
    assert response["Location"] == finished_session.get_absolute_url()
    assert list(TableSession.objects.all()) == [finished_session]
    html = client.get(finished_session.club.get_absolute_url()).content.decode()
    assert 'id="recently-deleted"' not in html
    assert f'href="{finished_session.get_absolute_url()}"' in html


def test_undo_with_htmx_redirects_the_client_to_the_game(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    client.post(_url(finished_session, "games:session-delete"))
    response = client.post(
        _url(finished_session, "games:session-restore"),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == finished_session.get_absolute_url()
    assert TableSession.objects.filter(pk=finished_session.pk).exists()


def test_undo_after_a_day_says_it_is_too_late(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    with time_machine.travel(dt.datetime(2026, 11, 2, 12, tzinfo=dt.UTC)):
        client.post(_url(finished_session, "games:session-delete"))
    with time_machine.travel(dt.datetime(2026, 11, 3, 12, 1, tzinfo=dt.UTC)):
        html = client.get(finished_session.club.get_absolute_url()).content.decode()
        assert 'id="recently-deleted"' not in html
        response = client.post(
            _url(finished_session, "games:session-restore"), follow=True
        )
    assert "deleted too long ago" in response.content.decode()
    assert not TableSession.objects.exists()


def test_a_deleted_game_page_is_gone(client, finished_session):
    assert client.login(username="alice", password=PASSWORD)
    client.post(_url(finished_session, "games:session-delete"))
    assert client.get(finished_session.get_absolute_url()).status_code == 404


def test_an_outsider_cannot_undo_a_deletion(
    client, charlie, other_club, finished_session
):
    services.session_delete(session=finished_session)
    assert client.login(username="charlie", password=PASSWORD)
    response = client.post(_url(finished_session, "games:session-restore"))
    assert response.status_code == 404
    assert not TableSession.objects.exists()
