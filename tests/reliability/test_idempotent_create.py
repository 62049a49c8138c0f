"""A new-game form sent five times (a double tap, a resend on a flaky line) creates one game.

The form carries a key made when it is shown; `services.session_create` returns
the game already made with that key, also when the five arrive at once.
"""

from __future__ import annotations

import re
import threading

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from clubs.models import Player
from games.models import Game, Seat, TableSession

KEY = re.compile(r'name="idempotency_key" value="([0-9a-f]{32})"')
TIMES = 5


def _url() -> str:
    return reverse("games:session-create", kwargs={"club_slug": "lisboa"})


def _form(client: Client) -> dict[str, str]:
    html = client.get(_url()).content.decode()
    keys = KEY.findall(html)
    assert len(keys) == 1
    return {
        "idempotency_key": keys[0],
        "game": "concordia",
        "map": "italia",
        "played_at": "2026-11-20",
        "place": "Casa",
        "seat0_new_name": "Ana",
        "seat1_new_name": "Bruno",
        "seat2_new_name": "Caio",
    }


def _sheet_url(session: TableSession) -> str:
    return reverse(
        "games:session-sheet", kwargs={"club_slug": "lisboa", "session_id": session.pk}
    )


def test_each_showing_of_the_form_has_its_own_key(client, club, alice):
    client.force_login(alice)
    assert _form(client)["idempotency_key"] != _form(client)["idempotency_key"]


def test_the_same_submission_five_times_in_a_row_creates_one_game(client, club, alice):
    client.force_login(alice)
    data = _form(client)
    locations = [client.post(_url(), data)["Location"] for _ in range(TIMES)]
    session = TableSession.objects.get()
    assert locations == [_sheet_url(session)] * TIMES
    assert session.idempotency_key == data["idempotency_key"]
    assert Seat.objects.filter(session=session).count() == 3
    assert sorted(Player.objects.values_list("name", flat=True)) == [
        "Ana",
        "Bruno",
        "Caio",
    ]


def test_a_magnanimous_game_sent_five_times_is_one_game(client, club, alice):
    client.force_login(alice)
    data = {**_form(client), "game": "magnanimous", "map": ""}
    for _ in range(TIMES):
        assert client.post(_url(), data).status_code == 302
    assert TableSession.objects.get().game == Game.MAGNANIMOUS


def test_two_showings_of_the_form_make_two_games(client, club, alice):
    client.force_login(alice)
    first, second = _form(client), _form(client)
    client.post(_url(), first)
    client.post(_url(), second)
    assert TableSession.objects.count() == 2


def test_a_mangled_key_still_creates_the_game(client, club, alice):
    client.force_login(alice)
    data = {**_form(client), "idempotency_key": "<not a key>"}
    response = client.post(_url(), data)
    session = TableSession.objects.get()
    assert response["Location"] == _sheet_url(session)
    assert session.idempotency_key == ""


def test_the_same_key_in_another_club_is_another_game(client, club, alice, other_club):
    """Keys are per club: one club cannot reach another's game by sending its key."""
    client.force_login(alice)
    data = _form(client)
    client.post(_url(), data)
    charlie = User.objects.get(username="charlie")
    other = Client()
    other.force_login(charlie)
    response = other.post(
        reverse("games:session-create", kwargs={"club_slug": "porto"}), data
    )
    porto_game = TableSession.objects.get(club=other_club)
    assert response["Location"] == reverse(
        "games:session-sheet",
        kwargs={"club_slug": "porto", "session_id": porto_game.pk},
    )
    assert TableSession.objects.count() == 2


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_same_submission_five_times_at_once_creates_one_game(club, alice):
    if connection.vendor != "postgresql":
        pytest.skip(reason="needs PostgreSQL; run by make test-services")
    form_client = Client()
    form_client.force_login(alice)
    data = _form(form_client)
    barrier = threading.Barrier(TIMES)
    answers: list[tuple[int, str]] = []
    lock = threading.Lock()

    def send() -> None:
        client = Client()
        client.force_login(alice)
        barrier.wait()
        try:
            response = client.post(_url(), data)
            answer = (response.status_code, response.get("Location", ""))
        except Exception as error:  # a 500 inside the test client
            answer = (500, repr(error))
        finally:
            connection.close()
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=send) for _ in range(TIMES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    session = TableSession.objects.get()
    assert answers == [(302, _sheet_url(session))] * TIMES
    assert Seat.objects.filter(session=session).count() == 3
    assert Player.objects.count() == 3
