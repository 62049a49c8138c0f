"""Every legal turn recordable at the table (issue #25 item 1): the Senator and
the Consul buying nothing, the Consul's own price, the Diplomat with nothing
to copy; with htmx and without JavaScript."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant import selectors, services
from assistant.models import AssistantGame
from tests.assistant.conftest import game_from_header
from tests.markup import by_id, elements
from tests.play.builders import adjust, cash, log, p

HTMX = {"HX-Request": "true"}
SENATOR_DISPLAY = [
    "I:Mercator",
    "I:Prefect",
    "I:Architect",
    "I:Farmer",
    "I:Mason",
    "I:Smith",
    "I:Colonist",
]
# Two players; Bia bought a Consul with her Senator and it is her turn again.
BIA_HAS_A_CONSUL = (
    adjust("Ana", storehouse={"wine": 2}),
    p("Ana", "Senator", buy=["I:Mercator", "I:Prefect"], pay={"food": 1}),
    {"type": "reveal", "cards": ["I:Diplomat", "II:Consul"]},
    adjust("Bia", storehouse={"cloth": 3}),
    p("Bia", "Senator", buy=["II:Consul"], pay={}, reveal=["II:Architect"]),
    cash("Ana"),
)


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _url(name: str, game: AssistantGame) -> str:
    return reverse(
        f"assistant:game-{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk},
    )


def _game(
    club: Any, alice: Any, *events: dict[str, Any], **options: Any
) -> AssistantGame:
    game = game_from_header(club, alice, log(**options))
    for seq, event in enumerate(events):
        services.event_append(game=game, document=event, expected_seq=seq)
    game.refresh_from_db()
    return game


def _last(game: AssistantGame) -> dict[str, Any]:
    event = game.events.last()
    assert event is not None
    return dict(event.document)


def _post(client: Client, game: AssistantGame, data: dict[str, Any], htmx: bool) -> Any:
    game.refresh_from_db()
    return client.post(
        _url("play", game),
        {"seq": game.head_seq, "key": "", **data},
        headers=HTMX if htmx else {},
    )


@pytest.mark.parametrize("htmx", [False, True])
def test_the_senator_helper_records_buying_nothing(ana_phone, club, alice, htmx):
    game = _game(club, alice)
    helper = ana_phone.get(_url("play", game) + "?card=Senator").content.decode()
    button = by_id(helper, "buy-nothing")
    assert button.attrs["name"] == "buy_nothing"
    # A card ticked and then "Buy nothing": nothing is bought.
    response = _post(
        ana_phone,
        game,
        {"card": "Senator", "buy": ["I:Mason"], "buy_nothing": "1", "pay_brick": "1"},
        htmx,
    )
    assert response.status_code == (200 if htmx else 302)
    assert _last(game) == {
        "type": "play",
        "player": "Ana",
        "card": "Senator",
        "buy": [],
        "pay": {},
    }
    state = selectors.game_state(game)
    assert state.current_player == "Bia"
    assert state.display == tuple(log()["display"])


@pytest.mark.parametrize("htmx", [False, True])
def test_the_consul_buys_nothing_and_greys_only_what_it_cannot_pay(
    ana_phone, club, alice, htmx
):
    game = _game(
        club,
        alice,
        *BIA_HAS_A_CONSUL,
        adjust(
            "Bia", storehouse={"brick": 0, "food": 1, "tool": 0, "wine": 0, "cloth": 0}
        ),
        players=2,
        display=SENATOR_DISPLAY,
    )
    helper = ana_phone.get(
        _url("play", game) + "?card=II:Consul", headers=HTMX if htmx else {}
    ).content.decode()
    buttons = {
        b.attrs["value"]: "aria-disabled" in b.attrs
        for b in elements(helper, "button", name="buy_one")
    }
    # Bia holds 1 food: the Colonist's red field is 1 food, the Mason's too;
    # at places 3 and 5 the Senator would add the surcharge, the Consul does not.
    assert buttons == {
        "I:Architect": True,  # 1 tool
        "I:Farmer": True,  # 1 brick + 1 food
        "I:Mason": False,  # 1 food
        "I:Smith": True,  # 1 brick + 1 tool
        "I:Colonist": False,  # 1 food
        "I:Diplomat": True,  # 1 tool
        "II:Architect": True,  # 1 tool
    }
    response = _post(ana_phone, game, {"card": "II:Consul", "buy_nothing": "1"}, htmx)
    assert response.status_code == (200 if htmx else 302)
    assert _last(game) == {
        "type": "play",
        "player": "Bia",
        "card": "II:Consul",
        "buy": [],
    }


@pytest.mark.parametrize("htmx", [False, True])
def test_a_diplomat_with_nothing_to_copy_is_recorded(ana_phone, club, alice, htmx):
    game = _game(club, alice)
    helper = ana_phone.get(
        _url("play", game) + "?card=Diplomat", headers=HTMX if htmx else {}
    ).content.decode()
    assert "no effect" in by_id(helper, "nothing-to-copy").text
    assert by_id(helper, "confirm").tag == "button"
    response = _post(ana_phone, game, {"card": "Diplomat"}, htmx)
    assert response.status_code == (200 if htmx else 302)
    assert _last(game) == {
        "type": "play",
        "player": "Ana",
        "card": "Diplomat",
    }
    assert selectors.game_state(game).players[0].discard == ("Diplomat",)
