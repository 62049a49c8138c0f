"""The home page and the club page a member opens.

Who may open which page is the one access table's (`tests/security/test_access.py`).
"""

from __future__ import annotations

from django.urls import reverse

from tests.factories import PASSWORD


def test_member_sees_the_club_games(client, finished_session):
    assert client.login(username="bob", password=PASSWORD)
    response = client.get(reverse("games:club-detail", kwargs={"club_slug": "lisboa"}))
    html = response.content.decode()
    assert response.status_code == 200
    assert "🏆 Ana 114" in html
    assert "Bruno 95" in html


def test_home_sends_a_member_of_one_club_to_it(client, club):
    assert client.login(username="alice", password=PASSWORD)
    response = client.get(reverse("games:home"))
    assert response.status_code == 302
    assert response["Location"] == club.get_absolute_url()


def test_home_lists_the_clubs_of_a_member_of_several(client, club, other_club, alice):
    from clubs import services as clubs_services

    clubs_services.membership_add(club=other_club, user=alice)
    assert client.login(username="alice", password=PASSWORD)
    html = client.get(reverse("games:home")).content.decode()
    assert "Lisboa" in html
    assert "Porto" in html
