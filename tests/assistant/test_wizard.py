"""The setup wizard: one screen per step, with htmx and without JavaScript."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant import setup_draft
from assistant.concordia import services as concordia_services
from assistant.models import AssistantGame
from clubs.models import Player
from tests.markup import by_id, elements, has_id

HTMX = {"HX-Request": "true"}
STEPS = ("colours", "seating", "map", "modules", "tracking", "scoring")
THREE = {"seat0_new_name": "Ana", "seat1_new_name": "Bia", "seat2_new_name": "Caio"}


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _step(step: str = "players") -> str:
    if step == "players":
        return reverse("assistant:game-create", kwargs={"club_slug": "lisboa"})
    return reverse(f"assistant:game-create-{step}", kwargs={"club_slug": "lisboa"})


def _setup(game: AssistantGame) -> str:
    return reverse(
        "assistant:game-setup", kwargs={"club_slug": "lisboa", "game_id": game.pk}
    )


def _key(client: Client, step: str = "players") -> str:
    page = client.get(_step(step)).content.decode()
    return elements(page, "input", name="draft")[0].attrs["value"]


def _post(client: Client, step: str, data: dict[str, str], **kwargs: Any) -> Any:
    return client.post(_step(step), {"draft": _key(client, step), **data}, **kwargs)


def _checked(page: str, name: str) -> str:
    (radio,) = elements(page, "input", name=name, checked=None)
    return radio.attrs["value"]


def test_the_first_screen_whole_and_as_a_partial(ana_phone, club):
    page = ana_phone.get(_step())
    partial = ana_phone.get(_step(), headers=HTMX)
    assert b"<html" in page.content
    assert b"<html" not in partial.content
    assert has_id(partial.content.decode(), "wizard-panel")
    bar = by_id(page.content.decode(), "wizard-step")
    assert (bar.attrs["data-number"], bar.attrs["data-count"]) == ("1", "7")
    assert "HX-Request" in page["Vary"]


def test_an_outsider_gets_404_on_every_screen(client, club, charlie):
    client.force_login(charlie)
    for step in ("players", *STEPS):
        assert client.get(_step(step)).status_code == 404
        assert client.post(_step(step), {}).status_code == 404


def test_a_later_screen_without_players_sends_the_phone_to_the_first(ana_phone, club):
    response = ana_phone.get(_step("map"))
    assert response.status_code == 302
    assert response["Location"] == _step()


def test_next_without_javascript_redirects_to_the_colours(ana_phone, club):
    response = _post(ana_phone, "players", {**THREE, "go": "next"})
    assert response.status_code == 302
    assert response["Location"] == _step("colours")
    page = ana_phone.get(_step("colours")).content.decode()
    assert by_id(page, "wizard-step").attrs["data-number"] == "2"
    # Today's defaults: the colours in order.
    assert [_checked(page, f"colour{i}") for i in range(3)] == ["red", "blue", "green"]


def test_next_with_htmx_swaps_in_the_colours_and_pushes_their_url(ana_phone, club):
    response = _post(ana_phone, "players", {**THREE, "go": "next"}, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == _step("colours")
    page = response.content.decode()
    assert b"<html" not in response.content
    assert by_id(page, "wizard-panel").attrs["data-step"] == "colours"
    assert elements(page, "form", hx_post=_step("colours"), hx_target="#wizard-panel")


def test_every_screen_chosen_without_javascript(ana_phone, club):
    _post(ana_phone, "players", {**THREE, "go": "next"})
    colours = {"colour0": "yellow", "colour1": "black", "colour2": "red"}
    assert _post(ana_phone, "colours", colours)["Location"] == _step("seating")
    # Caio moves up past Bia, then Bia (now last) starts.
    moved = _post(ana_phone, "seating", {"start": "0", "move": "up:2"})
    assert moved["Location"] == _step("seating")
    page = ana_phone.get(_step("seating")).content.decode()
    names = [li.attrs["data-name"] for li in elements(page, "li", class_="seat-line")]
    assert names == ["Ana", "Caio", "Bia"]
    assert _post(ana_phone, "seating", {"start": "2"})["Location"] == _step("map")
    assert _post(ana_phone, "map", {"map": "italia"})["Location"] == _step("modules")
    # The base game (Venus has its own tests: tests/assistant/test_venus.py).
    response = _post(ana_phone, "modules", {"venus": "off", "display_side": "cloth"})
    assert response["Location"] == _step("tracking")
    response = _post(ana_phone, "tracking", {"tracking": "full"})
    assert response["Location"] == _step("scoring")
    response = _post(ana_phone, "scoring", {"intermediate_scoring": "on"})
    game = AssistantGame.objects.get()
    assert response.status_code == 302
    assert response["Location"] == _setup(game)
    # Bia starts; clockwise from her: Ana, then Caio, who holds the Praefectus Magnus.
    assert game.players == [
        {"name": "Bia", "colour": "black"},
        {"name": "Ana", "colour": "yellow"},
        {"name": "Caio", "colour": "red"},
    ]
    assert (
        game.setup["map"],
        game.setup["tracking"],
        game.setup["intermediate_scoring"],
    ) == (
        "italia",
        "full",
        True,
    )
    setup = ana_phone.get(_setup(game)).content.decode()
    assert "Caio" in by_id(setup, "setup-praefectus").text


def test_every_screen_skipped_gives_the_usual_setup(ana_phone, club):
    _post(ana_phone, "players", {**THREE, "go": "next"})
    for step in STEPS[:-1]:
        response = _post(ana_phone, step, {"go": "skip"})
        assert response.status_code == 302
    _post(ana_phone, "scoring", {"intermediate_scoring": "off"})
    game = AssistantGame.objects.get()
    assert game.players == [
        {"name": "Ana", "colour": "red"},
        {"name": "Bia", "colour": "blue"},
        {"name": "Caio", "colour": "green"},
    ]
    assert (
        game.setup["map"],
        game.setup["tracking"],
        game.setup["intermediate_scoring"],
    ) == (
        "imperium",
        "light",
        False,
    )


def test_the_usual_setup_from_the_first_screen_with_a_club_player(ana_phone, club):
    duda = Player.objects.create(club=club, name="Duda")
    response = _post(
        ana_phone,
        "players",
        {"seat0_player": str(duda.pk), "seat1_new_name": "Bia", "go": "start"},
    )
    game = AssistantGame.objects.get()
    assert response["Location"] == _setup(game)
    assert game.players == [
        {"name": "Duda", "colour": "red"},
        {"name": "Bia", "colour": "blue"},
    ]
    assert (
        game.setup["map"],
        game.setup["tracking"],
        game.setup["intermediate_scoring"],
    ) == (
        "imperium",
        "light",
        False,
    )


def test_back_keeps_the_values(ana_phone, club):
    _post(ana_phone, "players", {**THREE, "go": "next"})
    _post(
        ana_phone, "colours", {"colour0": "black", "colour1": "red", "colour2": "blue"}
    )
    _post(ana_phone, "seating", {"start": "1"})
    _post(ana_phone, "map", {"map": "italia"})
    back = ana_phone.get(_step("map"), headers=HTMX).content.decode()
    assert by_id(back, "wizard-back").attrs["hx-get"] == _step("seating")
    assert elements(back, "button", name="map", value="italia")[0].attrs[
        "aria-pressed"
    ] == ("true")
    assert _checked(ana_phone.get(_step("seating")).content.decode(), "start") == "1"
    colours = ana_phone.get(_step("colours")).content.decode()
    assert [_checked(colours, f"colour{i}") for i in range(3)] == [
        "black",
        "red",
        "blue",
    ]
    first = ana_phone.get(_step()).content.decode()
    assert [
        elements(first, "input", name=f"seat{i}_new_name")[0].attrs.get("value")
        for i in range(3)
    ] == ["Ana", "Bia", "Caio"]
    # The players sent again: the colours stay with their players.
    _post(ana_phone, "players", {**THREE, "seat3_new_name": "Duda", "go": "next"})
    colours = ana_phone.get(_step("colours")).content.decode()
    assert [_checked(colours, f"colour{i}") for i in range(4)] == [
        "black",
        "red",
        "blue",
        "green",
    ]


def test_two_seats_cannot_share_a_colour(ana_phone, club):
    _post(ana_phone, "players", {**THREE, "go": "next"})
    data = {"colour0": "red", "colour1": "red", "colour2": "blue"}
    response = _post(ana_phone, "colours", data, headers=HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert "invalid" in by_id(page, "colour-row-1").attrs["class"]
    assert "HX-Push-Url" not in response


@pytest.mark.parametrize(
    "draft",
    [
        "not a draft",
        {"key": "0" * 32},
        {
            "key": "0" * 32,
            "seats": [["", "Ana", "red"], ["", "Bia", "red"]],
            "start": 0,
            "map": "imperium",
            "tracking": "light",
            "intermediate_scoring": False,
        },
        {
            "key": "0" * 32,
            "seats": [["", "Ana", ""], ["", "Bia", ""]],
            "start": 7,
            "map": "imperium",
            "tracking": "light",
            "intermediate_scoring": False,
        },
        {
            "key": "0" * 32,
            "seats": [["", "Ana", ""], ["999999", "", ""]],
            "start": 0,
            "map": "imperium",
            "tracking": "light",
            "intermediate_scoring": False,
        },
        {
            "key": "0" * 32,
            "seats": [["", "Ana", ""], ["", "Bia", ""]],
            "start": 0,
            "map": "atlantis",
            "tracking": "light",
            "intermediate_scoring": False,
        },
    ],
)
def test_a_tampered_draft_goes_back_to_the_first_screen(ana_phone, club, draft):
    session = ana_phone.session
    session[setup_draft.session_key("concordia", club.pk)] = draft
    session.save()
    for step in ("scoring", "colours"):
        response = ana_phone.post(_step(step), {"draft": "0" * 32}, follow=True)
        assert response.redirect_chain == [(_step(), 302)]
        assert has_id(response.content.decode(), "wizard-panel")
        assert len(list(response.context["messages"])) == 1
        session = ana_phone.session
        session[setup_draft.session_key("concordia", club.pk)] = draft
        session.save()
    assert not AssistantGame.objects.exists()


def test_a_removed_club_player_makes_the_draft_stale(ana_phone, club):
    duda = Player.objects.create(club=club, name="Duda")
    _post(
        ana_phone,
        "players",
        {"seat0_player": str(duda.pk), "seat1_new_name": "Bia", "go": "next"},
    )
    duda.delete()
    response = ana_phone.get(_step("colours"), headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == _step()


def test_a_double_tap_on_start_creates_one_game(ana_phone, club):
    _post(ana_phone, "players", {**THREE, "go": "next"})
    key = _key(ana_phone, "scoring")
    data = {"draft": key, "intermediate_scoring": "off"}
    first = ana_phone.post(_step("scoring"), data)
    second = ana_phone.post(_step("scoring"), data)
    game = AssistantGame.objects.get()
    assert first["Location"] == second["Location"] == _setup(game)


def test_a_double_tap_on_the_usual_setup_creates_one_game(ana_phone, club):
    key = _key(ana_phone)
    data = {"draft": key, **THREE, "go": "start"}
    locations = [ana_phone.post(_step(), data)["Location"] for _ in range(3)]
    game = AssistantGame.objects.get()
    assert locations == [_setup(game)] * 3


def test_start_with_htmx_goes_to_the_setup_page(ana_phone, club):
    _post(ana_phone, "players", {**THREE, "go": "next"})
    response = _post(
        ana_phone, "scoring", {"intermediate_scoring": "off"}, headers=HTMX
    )
    assert response["HX-Redirect"] == _setup(AssistantGame.objects.get())


def test_a_random_start_player_keeps_the_order_around_the_table(ana_phone, club):
    _post(ana_phone, "players", {**THREE, "go": "next"})
    _post(ana_phone, "seating", {"start": "random"})
    _post(ana_phone, "scoring", {"intermediate_scoring": "off"})
    names = [p["name"] for p in AssistantGame.objects.get().players]
    rotations = [["Ana", "Bia", "Caio"], ["Bia", "Caio", "Ana"], ["Caio", "Ana", "Bia"]]
    assert names in rotations


def test_a_start_that_another_worker_already_made_leads_to_that_game(
    ana_phone, club, alice
):
    # The first tap reached another worker, which made the game but whose
    # answer never arrived; this worker's session knows nothing of it. The
    # draft's key, stored with the game, finds it: still one game.
    _post(ana_phone, "players", {**THREE, "go": "next"})
    key = _key(ana_phone, "scoring")
    made = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="light",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        setup_key=key,
    )
    response = ana_phone.post(
        _step("scoring"), {"draft": key, "intermediate_scoring": "off"}
    )
    assert response["Location"] == _setup(made)
    assert AssistantGame.objects.get() == made


def test_the_same_setup_key_makes_one_game_in_a_club(club, alice):
    def make(key: str) -> AssistantGame:
        return concordia_services.game_create(
            club=club,
            created_by=alice,
            map_name="imperium",
            tracking="light",
            intermediate_scoring=False,
            players=[("Ana", "red"), ("Bia", "green")],
            setup_key=key,
        )

    first = make("k" * 32)
    assert make("k" * 32) == first
    assert make("") != make("")
    assert AssistantGame.objects.count() == 3


def _through_the_wizard(client: Client, map_name: str, tracking: str) -> AssistantGame:
    _post(client, "players", {**THREE, "go": "next"})
    _post(client, "colours", {"go": "skip"})
    _post(client, "seating", {"go": "skip"})
    assert _post(client, "map", {"map": map_name})["Location"] == _step("modules")
    _post(client, "modules", {"go": "skip"})
    _post(client, "tracking", {"tracking": tracking})
    _post(client, "scoring", {"intermediate_scoring": "off"})
    return AssistantGame.objects.get()


def test_the_map_step_offers_every_map_with_its_size(ana_phone, club):
    _post(ana_phone, "players", {**THREE, "go": "next"})
    page = ana_phone.get(_step("map")).content.decode()
    buttons = elements(page, "button", name="map")
    assert [b.attrs["value"] for b in buttons] == [
        "imperium",
        "italia",
        "britannia",
        "germania",
        "byzantium",
        "hispania",
        "gallia",
        "corsica",
        "aegyptus",
        "creta",
        "ionium",
        "ionium_small",
        "hellas",
        "cyprus",
        "balearica",
    ]
    corsica = next(b for b in buttons if b.attrs["value"] == "corsica")
    assert "Corsica" in corsica.text
    assert "8 provinces · 20 cities" in corsica.text


def test_a_britannia_game_sets_up_its_own_tokens_and_two_start_spaces(ana_phone, club):
    game = _through_the_wizard(ana_phone, "britannia", "full")
    assert game.setup["map"] == "britannia"
    # The app deals Britannia's B, C and D tokens to its 23 cities, no A.
    cities = game.setup["cities"]
    assert len(cities) == 23
    assert sorted(cities.values()).count("cloth") == 3
    page = ana_phone.get(_setup(game)).content.decode()
    lines = by_id(page, "setup-map")
    assert "City tokens of the letters B, C, D (23 cities, 10 provinces)" in lines.text
    assert (
        "Each player's land colonist starts in Londinium, the sea colonist in "
        "Portus Itius." in lines.text
    )
    assert "(2 land, 2 sea)" in by_id(page, "setup-storehouse").text
    # Weakly sourced facts say so where the table meets them.
    weak = elements(page, "li", class_="uncertain")
    assert {li.attrs["data-kind"] for li in weak} == {
        "start_for_new_colonists",
        "players",
    }
    assert all("Weakly sourced: check your rulebook." in li.text for li in weak)


def test_a_balearica_game_starts_on_the_boats(ana_phone, club):
    game = _through_the_wizard(ana_phone, "balearica", "light")
    page = ana_phone.get(_setup(game)).content.decode()
    lines = by_id(page, "setup-map").text
    assert (
        "Each player's 2 sea colonists start on the boat by Ebussus and the boat "
        "by Minorica." in lines
    )
    # Both start colonists are sea colonists: 3 land and 1 sea stay home.
    assert "(3 land, 1 sea)" in by_id(page, "setup-storehouse").text
    unknown = [
        li
        for li in elements(page, "li", class_="uncertain")
        if li.attrs["data-confidence"] == "U"
    ]
    assert [li.attrs["data-kind"] for li in unknown] == ["fish_market_prices"]
    assert "Not known to this app: agree on it at the table." in unknown[0].text


def test_a_creta_game_says_gavdos_has_no_bonus_marker(ana_phone, club):
    game = _through_the_wizard(ana_phone, "creta", "full")
    page = ana_phone.get(_setup(game)).content.decode()
    assert "Brown (Gavdos) gets no bonus marker" in by_id(page, "setup-map").text
    assert "1 land and 1 sea colonist of each player start in Knosis." in (
        by_id(page, "setup-map").text
    )
    # Full tracking: the provinces with their markers, Gavdos' Brown without.
    bonuses = {
        li.text.split(" ")[0].rstrip(":"): li.attrs["data-bonus"]
        for li in elements(page, "li", data_bonus=None)
    }
    assert bonuses["Brown"] == ""
    assert bonuses["Red"] in {"brick", "food", "tool", "wine", "cloth"}
