"""The gaps a walk-through of the assistant found (issue #14), each through the pages."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant import selectors, services
from assistant.models import AssistantGame
from tests.play.random_games import play_to_the_end

HTMX = {"HX-Request": "true"}


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _url(name: str, game: AssistantGame, **extra: Any) -> str:
    return reverse(
        f"assistant:game-{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk, **extra},
    )


def _played_game(
    club: Any, alice: Any, *, tracking: str, seed: int = 2, intermediate: bool = False
) -> AssistantGame:
    played = play_to_the_end(
        random.Random(seed), players=3, tracking=tracking, intermediate=intermediate
    )
    game = AssistantGame.objects.create(
        club=club,
        map=str(played.log.map),
        tracking=tracking,
        intermediate_scoring=intermediate,
        players=[{"name": p.name, "colour": p.colour} for p in played.log.players],
        cities=dict(played.log.cities or {}),
        display=list(played.log.display),
        created_by=alice,
    )
    for event in played.documents:
        services.event_append(game=game, document=event, expected_seq=None)
    return game


# 7: one date format across the app.


def test_the_game_list_shows_dates_as_the_club_page_does(ana_phone, light_game):
    AssistantGame.objects.filter(pk=light_game.pk).update(
        created_at="2026-11-25T10:00:00Z"
    )
    page = ana_phone.get(
        reverse("assistant:game-list", kwargs={"club_slug": "lisboa"})
    ).content.decode()
    assert "Nov. 25, 2026" in page
    assert "11/25/2026" not in page


# 8: the share page says where the join-code box is, and it is there.


def test_the_share_page_names_where_the_join_box_is(ana_phone, club, light_game):
    share = ana_phone.get(_url("share", light_game)).content.decode()
    assert (
        "tap “Play with the assistant” and type this code in the “Join code” box"
        in (share)
    )
    club_page = ana_phone.get(club.get_absolute_url()).content.decode()
    game_list = reverse("assistant:game-list", kwargs={"club_slug": "lisboa"})
    assert f'href="{game_list}" id="play-with-assistant">Play with the assistant' in (
        club_page
    )
    assert f'href="{game_list}#join-form"' in share
    listing = ana_phone.get(game_list).content.decode()
    assert 'id="join-form"' in listing
    assert ">Join code</label>" in listing


# 5: a saved game cannot be changed from the assistant.


def test_a_saved_full_game_offers_no_correction(ana_phone, club, alice):
    game = _played_game(club, alice, tracking="full")
    assert str(selectors.game_state(game).status) == "finished"
    adjust = _url("adjust", game)
    assert (
        f'href="{adjust}?player=0"'
        in ana_phone.get(_url("turn", game)).content.decode()
    )
    ana_phone.post(_url("finish", game))
    game.refresh_from_db()
    assert game.session_id is not None
    for headers in ({}, HTMX):
        text = ana_phone.get(_url("turn", game), headers=headers).content.decode()
        assert adjust not in text
        assert 'id="undo"' not in text
    # An old link to the correction page says why instead of a form.
    response = ana_phone.get(adjust, {"player": 0}, follow=True)
    text = response.content.decode()
    assert "the game is closed and can no longer be undone" in text
    assert 'name="sestertii"' not in text


# 6: an only possible card refills the display without a tap, and the page says so.


@pytest.mark.parametrize("htmx", [False, True])
def test_the_only_card_that_can_come_refills_the_display_by_itself(
    ana_phone, light_game, htmx
):
    from assistant import engine
    from assistant.templatetags.assistant_extras import card_label

    ana_phone.post(_url("play", light_game), {"seq": 0, "card": "Mercator"})
    bought = light_game.display[0]
    # 3 players: deck I has 8 cards, 7 are dealt; one is left to come.
    (last,) = set(engine.deck_cards(1)) - set(light_game.display)
    response = ana_phone.post(
        _url("play", light_game),
        {"seq": 1, "card": "Senator", "buy_one": bought},
        headers=HTMX if htmx else {},
        follow=not htmx,
    )
    text = response.content.decode()
    notice = f"Only one card could refill the display: {card_label(last)} is in place."
    assert notice in text
    assert 'id="refill-heading"' not in text
    assert 'id="hand"' in text
    light_game.refresh_from_db()
    # One event: the purchase names its refill, so one undo takes back both.
    assert light_game.head_seq == 2
    assert light_game.events.last().document["reveal"] == [last]
    assert selectors.game_state(light_game).display[-1] == last
