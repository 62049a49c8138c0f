"""Nothing lost by one tap (issue #25 item 2): Abandon asks first and Undo
brings the game back; every recorded move is named, with Undo beside it, and
Undo says what it withdrew. With htmx and without JavaScript."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

import play
from assistant import selectors, services
from assistant.concordia.summary import last_move
from assistant.models import AssistantGame
from tests.assistant.conftest import example
from tests.markup import by_id, elements, has_id

HTMX = {"HX-Request": "true"}


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _url(name: str, game: AssistantGame) -> str:
    return reverse(
        f"assistant:game-{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk},
    )


def _record(game: AssistantGame, *events: dict[str, Any]) -> None:
    for event in events:
        game.refresh_from_db()
        services.event_append(game=game, document=event, expected_seq=game.head_seq)
    game.refresh_from_db()


def test_every_move_of_the_worked_example_is_named_as_the_table_sees_it():
    log = example("game-log-short.json")
    events = log["events"]
    lines = [
        last_move(play.replay_document({**log, "events": events[: n + 1]}))
        for n in range(len(events))
    ]
    assert lines == [
        "Ana · Architect · Aquileia: −1 sestertius, −1 food",
        "Bia · Architect · Aquileia, Novaria: −5 sestertii, −1 brick, −1 food, −1 tool",
        # Caio holds the Praefectus Magnus: 2 cloth, Italia's bonus good.
        "Caio · Prefect · Italia: +2 cloth",
        "Ana · Senator · Mason\u00a0I: −1 food",
        # A starting Mercator gives 3; 1 wine sold for 6, 1 cloth bought for 7.
        "Bia · Mercator: +2 sestertii, −1 wine, +1 cloth",
        # Bia's starting Mercator copied: 3, and 2 cloth sold for 7 each.
        "Caio · Diplomat → Mercator (Bia): +17 sestertii, −2 cloth",
        "Ana · Mason\u00a0I: +1 brick",
        "Bia · Tribune: −1 food, −1 tool, +1 colonist on the board",
        # The undo withdrew Bia's Tribune: Ana's Mason is what Undo withdraws next.
        "Ana · Mason\u00a0I: +1 brick",
        "Bia · Prefect · Gallia: +2 cloth",
    ]


def test_the_turn_screen_names_the_last_move_beside_undo(ana_phone, short_game):
    log = example("game-log-short.json")
    _record(short_game, *log["events"][:3])
    for headers in ({}, HTMX):
        page = ana_phone.get(_url("turn", short_game), headers=headers).content.decode()
        line = by_id(page, "last-move")
        assert line.text.endswith("Caio · Prefect · Italia: +2 cloth")
        form = by_id(page, "last-move-form")
        assert form.attrs["action"] == _url("undo", short_game)
        assert by_id(page, "undo").attrs["aria-describedby"] == "last-move"


@pytest.mark.parametrize("htmx", [False, True])
def test_undo_says_what_it_withdrew(ana_phone, short_game, htmx):
    log = example("game-log-short.json")
    _record(short_game, *log["events"][:3])
    response = ana_phone.post(
        _url("undo", short_game),
        {"seq": short_game.head_seq, "key": ""},
        headers=HTMX if htmx else {},
        follow=not htmx,
    )
    page = response.content.decode()
    assert "Undone: Caio · Prefect · Italia: +2 cloth" in page
    # The line beside Undo now names Bia's Architect, the next to withdraw.
    assert by_id(page, "last-move").text.endswith(
        "Bia · Architect · Aquileia, Novaria: −5 sestertii, −1 brick, −1 food, −1 tool"
    )
    assert selectors.game_state(short_game).current_player == "Caio"


def test_abandon_is_a_link_to_a_page_that_asks_first(ana_phone, light_game):
    page = ana_phone.get(_url("turn", light_game)).content.decode()
    link = by_id(page, "abandon-link")
    assert link.tag == "a"
    assert link.attrs["href"] == _url("abandon", light_game)
    # No form on the turn screen abandons the game in one tap.
    assert not [
        f
        for f in elements(page, "form")
        if f.attrs.get("action") == _url("abandon", light_game)
    ]
    confirm = ana_phone.get(_url("abandon", light_game)).content.decode()
    assert by_id(confirm, "abandon-heading").text == "Abandon the game?"
    form = by_id(confirm, "abandon-confirm-form")
    assert form.attrs["method"] == "post"
    assert elements(confirm, "input", name="confirm")[0].attrs["value"] == "yes"
    assert by_id(confirm, "abandon-cancel").attrs["href"] == _url("turn", light_game)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_stray_post_without_the_confirmation_abandons_nothing(
    ana_phone, light_game, htmx
):
    response = ana_phone.post(
        _url("abandon", light_game),
        {"seq": light_game.head_seq, "key": ""},
        headers=HTMX if htmx else {},
    )
    assert response.status_code == 200
    assert has_id(response.content.decode(), "abandon-confirm")
    light_game.refresh_from_db()
    assert light_game.head_seq == 0
    assert light_game.status == "playing"


def test_abandon_confirmed_then_undo_brings_the_game_back(ana_phone, light_game):
    _record(light_game, {"type": "play", "player": "Ana", "card": "Mercator"})
    before = selectors.game_state(light_game)
    response = ana_phone.post(
        _url("abandon", light_game),
        {"seq": light_game.head_seq, "key": "", "confirm": "yes"},
        follow=True,
    )
    page = response.content.decode()
    light_game.refresh_from_db()
    assert light_game.status == "abandoned"
    assert "The game is abandoned. Undo brings it back." in page
    assert by_id(page, "current-player").text == "The game was abandoned."
    assert by_id(page, "last-move").text.endswith("The game was abandoned")
    response = ana_phone.post(
        _url("undo", light_game), {"seq": light_game.head_seq, "key": ""}, headers=HTMX
    )
    page = response.content.decode()
    assert "Undone: The game was abandoned" in page
    assert by_id(page, "current-player").text == "Bia"
    light_game.refresh_from_db()
    assert light_game.status == "playing"
    assert selectors.game_state(light_game).players == before.players
    # The game goes on: Bia's move is recorded.
    _record(light_game, {"type": "play", "player": "Bia", "card": "Mercator"})
    assert selectors.game_state(light_game).current_player == "Caio"


def test_a_confirmed_abandon_on_a_stale_head_records_nothing(ana_phone, light_game):
    confirm = ana_phone.get(_url("abandon", light_game)).content.decode()
    seq = elements(confirm, "input", name="seq")[0].attrs["value"]
    _record(light_game, {"type": "play", "player": "Ana", "card": "Mercator"})
    response = ana_phone.post(
        _url("abandon", light_game), {"seq": seq, "key": "", "confirm": "yes"}
    )
    assert response.status_code == 200
    assert "Someone else recorded a move first" in response.content.decode()
    light_game.refresh_from_db()
    assert light_game.status == "playing"
