"""Friends join without an account (issue #25 item 4): guest phones of one game."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from assistant import guests, services
from assistant.models import AssistantGame
from tests.markup import by_id, elements, has_id

HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Any:
    cache.clear()
    yield
    cache.clear()


def _join_url(game: AssistantGame) -> str:
    return reverse("assistant:game-join", kwargs={"club_slug": game.club.slug})


def _page(game: AssistantGame, name: str) -> str:
    return reverse(
        f"assistant:game-{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk},
    )


def _join(client: Client, game: AssistantGame, name: str = "Gil") -> Any:
    return client.post(_join_url(game), {"code": game.join_code, "name": name})


def test_the_qr_code_offers_a_non_member_to_join_as_a_guest(client, light_game):
    response = client.get(_join_url(light_game), {"code": light_game.join_code})
    text = response.content.decode()
    assert response.status_code == 200
    assert has_id(text, "guest-form")
    # The club is not named; the seats are offered as names.
    assert "Lisboa" not in text
    assert [o.attrs["value"] for o in elements(text, "option")][:3] == [
        "Ana",
        "Bia",
        "Caio",
    ]
    assert by_id(text, "member-sign-in").attrs["href"].startswith(reverse("login"))


def test_a_wrong_code_says_so_and_names_nothing(client, light_game):
    response = client.get(_join_url(light_game), {"code": "ZZZZZZ"})
    text = response.content.decode()
    assert by_id(text, "join-code-error").text == "No game of this club has that code."
    assert not has_id(text, "guest-form")
    assert "Ana" not in text


def test_a_guest_joins_with_a_name_and_records_a_move(client, light_game):
    response = _join(client, light_game, "  Gil ")
    assert response.status_code == 302
    assert response["Location"] == light_game.get_absolute_url()
    cookie = response.cookies[guests.COOKIE]
    assert cookie["path"] == "/clubs/lisboa/"
    assert cookie["httponly"]
    turn = client.get(light_game.get_absolute_url()).content.decode()
    assert by_id(turn, "guest-name").text == "Guest phone: Gil"
    # No links to the club's other pages, no abandon.
    assert not has_id(turn, "abandon-form")
    assert _page(light_game, "share") not in turn
    played = client.post(
        _page(light_game, "play"), {"seq": 0, "card": "Mercator"}, headers=HTMX
    )
    assert played.status_code == 200
    event = light_game.events.get()
    assert event.document == {"type": "play", "player": "Ana", "card": "Mercator"}
    assert event.created_by is None
    undone = client.post(_page(light_game, "undo"), {"seq": 1}, headers=HTMX)
    assert undone.status_code == 200
    assert light_game.events.count() == 2


def test_a_bad_name_is_told_next_to_the_field(client, light_game):
    response = _join(client, light_game, "   ")
    text = response.content.decode()
    assert response.status_code == 200
    assert by_id(text, "guest-name-error").attrs["role"] == "alert"
    assert guests.COOKIE not in response.cookies


def test_a_guest_gets_404_on_every_other_page_of_the_club(
    client, light_game, club, alice
):
    _join(client, light_game)
    other = services.game_create(
        club=club,
        created_by=alice,
        game="concordia",
        players=[("Ana", "red"), ("Bia", "green")],
        setup=light_game.setup,
    )
    pages = [
        club.get_absolute_url(),
        reverse("assistant:game-list", kwargs={"club_slug": "lisboa"}),
        reverse("clubs:membership-list", kwargs={"club_slug": "lisboa"}),
        reverse(
            "stats:leaderboard", kwargs={"club_slug": "lisboa", "game": "concordia"}
        ),
        _page(light_game, "share"),
        _page(light_game, "export"),
        _page(light_game, "setup"),
        other.get_absolute_url(),
        _page(other, "play") + "?card=Mercator",
    ]
    for page in pages:
        assert client.get(page).status_code == 404, page
    for page in (_page(light_game, "abandon"), _page(light_game, "finish")):
        assert client.post(page, {"seq": 0}).status_code == 404, page
    assert light_game.events.count() == 0


def test_a_new_join_code_stops_every_guest_phone(client, light_game, alice):
    _join(client, light_game)
    assert client.get(light_game.get_absolute_url()).status_code == 200
    owner = Client()
    owner.force_login(alice)
    owner.post(_page(light_game, "share"), {"action": "new-code"})
    light_game.refresh_from_db()
    assert client.get(light_game.get_absolute_url()).status_code == 404
    played = client.post(_page(light_game, "play"), {"seq": 0, "card": "Mercator"})
    assert played.status_code == 404
    assert light_game.events.count() == 0


def test_a_forged_or_foreign_cookie_opens_nothing(client, light_game):
    client.cookies[guests.COOKIE] = "forged"
    response = client.get(light_game.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_signed_up_friend_who_scans_the_qr_gets_the_guest_form_not_404(
    client, light_game
):
    friend = User.objects.create_user("friend", password="x")
    client.force_login(friend)
    response = client.get(_join_url(light_game), {"code": light_game.join_code})
    assert response.status_code == 200
    assert has_id(response.content.decode(), "guest-form")
    _join(client, light_game)
    assert client.get(light_game.get_absolute_url()).status_code == 200
    assert client.get(_page(light_game, "share")).status_code == 404


def test_a_member_with_the_code_opens_the_game(light_game, bob):
    member = Client()
    member.force_login(bob)
    response = member.get(_join_url(light_game), {"code": light_game.join_code})
    assert response.status_code == 302
    assert response["Location"] == light_game.get_absolute_url()


def test_codes_tried_by_strangers_are_throttled_like_an_anonymous_client(
    client, light_game, monkeypatch
):
    # The API's "anon" rate (60/minute), here 5/minute for a short test.
    assert guests.GuestThrottle.scope == "anon"
    monkeypatch.setattr(guests.GuestThrottle, "rate", "5/minute", raising=False)
    statuses = [
        client.get(_join_url(light_game), {"code": f"AAAA{n:02d}"}).status_code
        for n in range(7)
    ]
    assert statuses == [200] * 5 + [429] * 2
    text = client.get(_join_url(light_game), {"code": "X"}).content.decode()
    assert has_id(text, "guest-throttled")


def test_a_guest_phone_is_throttled_too(client, light_game, monkeypatch):
    _join(client, light_game)
    monkeypatch.setattr(guests.GuestThrottle, "rate", "3/minute", raising=False)
    statuses = [client.get(light_game.get_absolute_url()).status_code for _ in range(4)]
    assert statuses[-1] == 429


def test_the_share_page_has_a_qr_for_the_follow_link_too(light_game, alice):
    owner = Client()
    owner.force_login(alice)
    text = owner.get(_page(light_game, "share")).content.decode()
    assert re.search(r'id="join-qr"><svg', text)
    assert re.search(r'id="follow-qr"><svg', text)
