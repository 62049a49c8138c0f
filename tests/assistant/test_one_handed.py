"""Full tracking one-handed (issue #25 item 3), the server's half: the player's
belongings on the turn screen and in every helper, the display's places
numbered with their surcharge and their cards opening the purchase, the tiles'
god and effect, the helpers' steppers and the Architect's A–Z list. The taps
themselves are counted in tests/e2e/test_one_handed_game.py."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant import selectors
from assistant.models import AssistantGame
from tests.markup import by_id, elements, has_id

HTMX = {"HX-Request": "true"}
# The worked example's display (tests/assistant/data/game-log-short.json).
DISPLAY = [
    "I:Mason",
    "I:Architect",
    "I:Colonist",
    "I:Prefect",
    "I:Smith",
    "I:Mercator",
    "I:Farmer",
]


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _url(name: str, game: AssistantGame) -> str:
    return reverse(
        f"assistant:game-{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk},
    )


def _purse(page: str) -> dict[str, str]:
    return {
        li.attrs["data-purse"]: li.attrs["data-count"]
        for li in elements(page, "li", data_purse=None)
    }


def test_the_current_players_belongings_on_the_turn_screen_and_every_helper(
    ana_phone, short_game
):
    # §2 setup: Ana, first player, 5 sestertii; 1 brick, 2 food, 1 tool, 1 wine,
    # 1 cloth and 4 colonists in the storehouse: 2 of its 12 spaces free.
    expected = {
        "sestertii": "5",
        "brick": "1",
        "food": "2",
        "tool": "1",
        "wine": "1",
        "cloth": "1",
        "free": "2",
        "colonists": "4",
    }
    turn = ana_phone.get(_url("turn", short_game)).content.decode()
    assert _purse(turn) == expected
    assert "2 free spaces" in by_id(turn, "purse").text
    for card in ("Tribune", "Architect", "Prefect", "Mercator", "Senator", "Diplomat"):
        helper = ana_phone.get(
            _url("play", short_game) + f"?card={card}", headers=HTMX
        ).content.decode()
        assert _purse(helper) == expected, card


def test_light_tracking_shows_no_belongings(ana_phone, light_game):
    assert not has_id(ana_phone.get(_url("turn", light_game)).content.decode(), "purse")


def test_the_display_places_are_numbered_with_their_surcharge(ana_phone, short_game):
    page = ana_phone.get(_url("turn", short_game)).content.decode()
    places = elements(page, "li", data_place=None)
    assert [li.attrs["data-place"] for li in places] == [str(n) for n in range(1, 8)]
    surcharges = [
        " ".join(e.text for e in elements(str_li, "span", class_="place"))
        for str_li in _li_html(page)
    ]
    # §6: nothing, ?, ?, cloth, cloth, ? + cloth, 2 cloth.
    assert surcharges == [
        "1",
        "2 +any good",
        "3 +any good",
        "4 +cloth",
        "5 +cloth",
        "6 +any good, cloth",
        "7 +2 cloth",
    ]


def _li_html(page: str) -> list[str]:
    body = page[page.index('id="display"') :]
    body = body[: body.index("</ol>")]
    return body.split("<li ")[1:]


def test_a_display_card_opens_the_senator_with_that_card_chosen(ana_phone, short_game):
    page = ana_phone.get(_url("turn", short_game)).content.decode()
    links = elements(page, "a", class_="display-card")
    assert [a.attrs["data-card"] for a in links] == DISPLAY
    href = links[2].attrs["href"]
    assert href == _url("play", short_game) + "?card=Senator&chosen=I%3AColonist"
    helper = ana_phone.get(href).content.decode()
    chosen = by_id(helper, "buy-chosen")
    assert chosen.attrs["value"] == "I:Colonist"
    # The Colonist at place 3: 1 food (its red field) + 1 good of any kind.
    assert chosen.text == "Buy Colonist I for food, any good"
    assert (
        "Colonist"
        in elements(helper, "div", class_="buy-row", aria_current="true")[0].text
    )


def test_each_card_tile_shows_its_god_and_effect(ana_phone, short_game):
    page = ana_phone.get(_url("turn", short_game)).content.decode()
    hand = {
        a.attrs["href"].rpartition("card=")[2]: a
        for a in elements(page, "a", class_="card-button")
    }
    gods = {
        card: elements(str(_tile(page, card)), "span", class_="tile-god")[0].attrs[
            "data-god"
        ]
        for card in hand
    }
    assert gods == {
        "Architect": "jupiter",
        "Diplomat": "jupiter",
        "Mercator": "mercurius",
        "Prefect": "saturnus",
        "Senator": "vesta",
        "Tribune": "mars",
    }
    assert "Buy up to 2 cards" in hand["Senator"].text
    assert "Move, build houses" in hand["Architect"].text
    # A specialist on the display counts for Minerva.
    mason = next(
        a
        for a in elements(page, "a", class_="display-card")
        if a.attrs["data-card"] == "I:Mason"
    )
    assert "Minerva" in mason.text
    assert "1 brick per brick city" in mason.text


def _tile(page: str, card: str) -> str:
    start = page.index(f'?card={card}"')
    return page[start : page.index("</a>", start)]


def test_every_number_of_a_helper_has_steppers(ana_phone, short_game):
    for card, names in (
        (
            "Mercator",
            [
                f"trade_{way}_{good}"
                for good in ("brick", "food", "tool", "wine", "cloth")
                for way in ("sell", "buy")
            ],
        ),
        (
            "Senator",
            [f"pay_{good}" for good in ("brick", "food", "tool", "wine", "cloth")],
        ),
        (
            "Prefect",
            ["amount"]
            + [
                f"drop-{seat}-{good}"
                for seat in range(3)
                for good in ("brick", "food", "tool", "wine", "cloth")
            ],
        ),
    ):
        helper = ana_phone.get(
            _url("play", short_game) + f"?card={card}"
        ).content.decode()
        numbers = [i.attrs["name"] for i in elements(helper, "input", type="number")]
        assert numbers == names, card
        for name in names:
            field = elements(helper, "input", name=name)[0].attrs["id"]
            steps = elements(helper, "button", aria_controls=field)
            assert [b.attrs["data-step"] for b in steps] == ["-1", "1"], name


@pytest.mark.parametrize("htmx", [False, True])
def test_the_mercator_sells_and_buys_by_steppers_without_a_minus_key(
    ana_phone, short_game, htmx
):
    # Ana: 5 + 3 (a starting Mercator) + 4 (1 food sold) = 12; 2 wine bought (12).
    response = ana_phone.post(
        _url("play", short_game),
        {
            "seq": 0,
            "key": "",
            "card": "Mercator",
            "trade_sell_food": "1",
            "trade_buy_wine": "2",
            "trade_buy_brick": "0",
        },
        headers=HTMX if htmx else {},
    )
    assert response.status_code == (200 if htmx else 302)
    event = short_game.events.last()
    assert event is not None
    assert event.document["trade"] == {"food": -1, "wine": 2}
    ana = selectors.game_state(short_game).players[0]
    assert ana.sestertii == 0
    assert (ana.storehouse["food"], ana.storehouse["wine"]) == (1, 3)


def test_the_architect_lists_every_city_a_to_z_one_tap_each(ana_phone, short_game):
    helper = ana_phone.get(
        _url("play", short_game) + "?card=Architect"
    ).content.decode()
    rows = elements(by_id_html(helper, "city-az"), "a", class_="city-row")
    names = [row.attrs["data-city"] for row in rows]
    assert names == sorted(names)
    assert "roma" not in names
    assert len(names) == 30  # Imperium: 30 cities besides Roma
    assert by_id(helper, "city-filter").attrs["data-filter"] == "city-az"
    # One tap adds the city; the confirmation sends it.
    tap = rows[0].attrs["href"]
    tapped = ana_phone.get(tap).content.decode()
    assert elements(tapped, "input", type="hidden", name="build")[0].attrs["value"]


def by_id_html(page: str, element_id: str) -> str:
    start = page.index(f'id="{element_id}"')
    return page[start : page.index("</div>", start)]


@pytest.mark.parametrize("htmx", [False, True])
def test_goods_that_do_not_fit_are_asked_in_one_tap_or_filled_in(
    ana_phone, short_game, short_log, htmx
):
    from assistant import services

    headers = HTMX if htmx else {}
    # Ana and Bia have built in Aquileia (brick), Bia in Novaria (tool): Caio's
    # Prefect in Italia brings Bia 1 brick and 1 tool.
    for number, event in enumerate(short_log["events"][:2]):
        services.event_append(game=short_game, document=event, expected_seq=number)
    services.event_append(
        game=short_game,
        document={
            "type": "adjust",
            "player": "Bia",
            # 7 goods and 4 colonists: 1 of 12 spaces free.
            "storehouse": {"brick": 0, "food": 2, "tool": 0, "wine": 2, "cloth": 3},
        },
        expected_seq=2,
    )
    data = {"seq": 3, "key": "", "card": "Prefect", "province": "Italia"}
    response = ana_phone.post(_url("play", short_game), data, headers=headers)
    assert response.status_code == 200
    page = response.content.decode()
    question = by_id(page, "drop-question")
    assert "Bia" in question.text
    assert question.attrs["data-goods"] == "1"
    picks = [b.attrs["value"] for b in elements(page, "button", name="drop_pick")]
    assert picks == ["1:brick", "1:tool"]
    assert short_game.events.count() == 3
    kept = {
        i.attrs["name"]: i.attrs["value"]
        for i in elements(page, "input", type="hidden")
        if i.attrs["name"] in {"card", "province", "seq"}
    }
    assert kept == {"card": "Prefect", "province": "Italia", "seq": "3"}
    response = ana_phone.post(
        _url("play", short_game), {**data, "drop_pick": "1:tool"}, headers=headers
    )
    event = short_game.events.last()
    assert event is not None
    assert event.document["drop"] == {"Bia": {"tool": 1}}
    bia = selectors.game_state(short_game).players[1]
    assert bia.free_spaces == 0


def test_goods_that_can_only_be_dropped_one_way_are_filled_in(
    ana_phone, short_game, short_log
):
    from assistant import services

    for number, event in enumerate(short_log["events"][:2]):
        services.event_append(game=short_game, document=event, expected_seq=number)
    services.event_append(
        game=short_game,
        document={
            "type": "adjust",
            "player": "Bia",
            # 8 goods and 4 colonists: no free space; both goods stay on the table.
            "storehouse": {"brick": 0, "food": 2, "tool": 0, "wine": 3, "cloth": 3},
        },
        expected_seq=2,
    )
    response = ana_phone.post(
        _url("play", short_game),
        {"seq": 3, "key": "", "card": "Prefect", "province": "Italia"},
    )
    assert response.status_code == 302
    event = short_game.events.last()
    assert event is not None
    assert event.document["drop"] == {"Bia": {"brick": 1, "tool": 1}}
