"""Salsa's forum in the table assistant: the deal at setup (each player keeps 1 of
2 patricians, 4 cards on the tableau), the forum page (each card's text one tap
away), taking a card and using a citizen as events."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant.concordia import services as concordia_services
from assistant.models import AssistantGame
from assistant.selectors import game_state
from tests.markup import by_id, elements


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def forum_game(club: Any, alice: Any) -> AssistantGame:
    return concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="full",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        rng=random.Random(5),
        expansions=["salt", "forum"],
    )


def _url(game: AssistantGame, name: str) -> str:
    return reverse(
        f"assistant:game-{name}", kwargs={"club_slug": "lisboa", "game_id": game.pk}
    )


def test_the_app_deals_two_patricians_each_and_the_tableau(forum_game):
    forum = forum_game.setup["forum"]
    dealt = forum["dealt"]
    assert [len(dealt[name]) for name in ("Ana", "Bia", "Caio")] == [2, 2, 2]
    assert all(forum["patricians"][name] in dealt[name] for name in dealt)
    assert len(forum["tableau"]) == 4
    everything = [c for pair in dealt.values() for c in pair] + forum["tableau"]
    assert len(set(everything)) == len(everything)


def test_the_setup_page_lets_each_player_keep_the_other_patrician(
    ana_phone, forum_game
):
    page = ana_phone.get(_url(forum_game, "setup")).content.decode()
    assert by_id(page, "setup-forum") is not None
    # Each card's text is one tap away.
    first = forum_game.setup["forum"]["tableau"][0]
    assert elements(page, "details", class_="forum-card")
    assert first in page
    other = forum_game.setup["forum"]["dealt"]["Bia"][1]
    kept = {
        "kept-0": forum_game.setup["forum"]["patricians"]["Ana"],
        "kept-1": other,
        "kept-2": forum_game.setup["forum"]["patricians"]["Caio"],
    }
    response = ana_phone.post(_url(forum_game, "setup_forum".replace("_", "-")), kept)
    assert response.status_code == 302
    forum_game.refresh_from_db()
    assert forum_game.setup["forum"]["patricians"]["Bia"] == other
    state = game_state(forum_game)
    assert state.forum is not None
    assert state.forum.held[1] == (other,)


def test_taking_a_card_and_using_a_citizen_from_the_forum_page(ana_phone, forum_game):
    turn = ana_phone.get(_url(forum_game, "turn")).content.decode()
    assert by_id(turn, "forum-link") is not None
    page = ana_phone.get(_url(forum_game, "forum")).content.decode()
    assert by_id(page, "forum-tableau") is not None
    tableau = forum_game.setup["forum"]["tableau"]
    citizen = next(c for c in tableau if c in {"Laurentius", "Spurius", "Numerius"})
    seq = forum_game.head_seq
    response = ana_phone.post(
        _url(forum_game, "forum"),
        {"seq": seq, "key": "k1", "player": "0", "take": citizen},
    )
    assert response.status_code == 302
    state = game_state(AssistantGame.objects.get(pk=forum_game.pk))
    assert state.forum is not None
    assert citizen in state.forum.held[0]
    before = state.players[0].storehouse.total
    page = ana_phone.get(_url(forum_game, "forum")).content.decode()
    assert elements(page, "button", name="card", value=citizen)
    forum_game.refresh_from_db()
    ana_phone.post(
        _url(forum_game, "forum"),
        {"seq": forum_game.head_seq, "key": "k2", "card": citizen},
    )
    state = game_state(AssistantGame.objects.get(pk=forum_game.pk))
    assert state.forum is not None
    assert state.forum.used == (citizen,)
    if citizen != "Numerius":
        assert state.players[0].storehouse.total > before


def test_a_citizen_of_another_player_is_refused_next_to_the_form(ana_phone, forum_game):
    tableau = forum_game.setup["forum"]["tableau"]
    citizen = next(c for c in tableau if c not in forum_game.setup["forum"]["dealt"])
    ana_phone.post(
        _url(forum_game, "forum"),
        {"seq": forum_game.head_seq, "key": "k1", "player": "1", "take": citizen},
    )
    forum_game.refresh_from_db()
    response = ana_phone.post(
        _url(forum_game, "forum"),
        {"seq": forum_game.head_seq, "key": "k2", "card": citizen},
    )
    assert response.status_code == 200
    assert "Ana has no" in response.content.decode()
