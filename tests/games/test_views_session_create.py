from __future__ import annotations

from django.urls import reverse

from clubs.models import Player
from games.models import TableSession
from tests.factories import PASSWORD


def _url() -> str:
    return reverse("games:session-create", kwargs={"club_slug": "lisboa"})


def test_new_game_page_offers_six_seats(client, club):
    # Five for Concordia alone, six for Venus' team play (three teams of two).
    assert client.login(username="alice", password=PASSWORD)
    html = client.get(_url()).content.decode()
    assert 'name="seat5_new_name"' in html
    assert 'name="seat6_new_name"' not in html


def test_new_game_seats_existing_and_new_players_in_order(client, club):
    bruno = Player.objects.create(club=club, name="Bruno")
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(
        _url(),
        {
            "map": "italia",
            "played_at": "2026-11-20",
            "place": "Casa",
            "seat0_new_name": "Ana",
            "seat0_colour": "red",
            "seat1_player": str(bruno.pk),
            "seat1_colour": "blue",
            "seat2_new_name": "Caio",
        },
    )
    session = TableSession.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "games:session-sheet", kwargs={"club_slug": "lisboa", "session_id": session.pk}
    )
    seats = [
        (s.seat_order, s.player.name, s.colour)
        for s in session.seats.order_by("seat_order")
    ]
    assert seats == [(0, "Ana", "red"), (1, "Bruno", "blue"), (2, "Caio", "")]
    assert session.map == "italia"
    assert session.seats.get(seat_order=1).player == bruno


def test_new_game_needs_two_players(client, club):
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(
        _url(), {"map": "imperium", "played_at": "2026-11-20", "seat0_new_name": "Ana"}
    )
    assert response.status_code == 200
    assert "A game needs at least 2 players." in response.content.decode()
    assert not TableSession.objects.exists()


def test_new_game_rejects_the_same_player_twice(client, club):
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(
        _url(),
        {
            "map": "imperium",
            "played_at": "2026-11-20",
            "seat0_new_name": "Ana",
            "seat1_new_name": "ana",
        },
    )
    assert response.status_code == 200
    assert "ana already has a seat." in response.content.decode()
    assert not TableSession.objects.exists()


def test_new_game_rejects_a_player_of_another_club(client, club, other_club):
    stranger = Player.objects.create(club=other_club, name="Zeca")
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(
        _url(),
        {
            "map": "imperium",
            "played_at": "2026-11-20",
            "seat0_player": str(stranger.pk),
            "seat1_new_name": "Ana",
        },
    )
    assert response.status_code == 200
    assert "Select a valid choice." in response.content.decode()
    assert not TableSession.objects.exists()
