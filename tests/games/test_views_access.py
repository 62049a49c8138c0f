"""Only members see or change a club's games: an outsider gets 404, a stranger the login page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import TableSession
from tests.factories import PASSWORD


def _session_urls(session: TableSession) -> list[tuple[str, str]]:
    kwargs = {"club_slug": session.club.slug, "session_id": session.pk}
    return [
        ("get", reverse("games:club-detail", kwargs={"club_slug": session.club.slug})),
        (
            "get",
            reverse("games:session-create", kwargs={"club_slug": session.club.slug}),
        ),
        (
            "post",
            reverse("games:session-create", kwargs={"club_slug": session.club.slug}),
        ),
        ("get", reverse("games:session-detail", kwargs=kwargs)),
        ("get", reverse("games:session-sheet", kwargs=kwargs)),
        ("post", reverse("games:session-sheet", kwargs=kwargs)),
        ("post", reverse("games:session-sheet-preview", kwargs=kwargs)),
        ("get", reverse("games:session-edit", kwargs=kwargs)),
        ("post", reverse("games:session-edit", kwargs=kwargs)),
        ("get", reverse("games:session-delete", kwargs=kwargs)),
        ("post", reverse("games:session-delete", kwargs=kwargs)),
        ("post", reverse("games:session-restore", kwargs=kwargs)),
    ]


@pytest.mark.parametrize("index", range(12))
def test_outsider_gets_404_on_every_club_page(
    client, charlie, other_club, finished_session, index
):
    method, url = _session_urls(finished_session)[index]
    assert client.login(username="charlie", password=PASSWORD)
    response = getattr(client, method)(url)
    assert response.status_code == 404
    assert TableSession.objects.filter(pk=finished_session.pk).exists()


@pytest.mark.parametrize("index", range(12))
def test_anonymous_visitor_is_sent_to_sign_in(client, finished_session, index):
    method, url = _session_urls(finished_session)[index]
    response = getattr(client, method)(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_outsider_cannot_reach_a_game_through_their_own_club_slug(
    client, charlie, other_club, finished_session
):
    url = reverse(
        "games:session-detail",
        kwargs={"club_slug": other_club.slug, "session_id": finished_session.pk},
    )
    assert client.login(username="charlie", password=PASSWORD)
    assert client.get(url).status_code == 404


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
