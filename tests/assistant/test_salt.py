"""Salsa's salt in the table assistant: the wizard's choice, the setup (salt
tokens, 1 salt instead of the second food), the Mercator never trading salt,
and the game's sheet carrying the module."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant.concordia import services as concordia_services
from assistant.concordia import setup
from assistant.models import AssistantGame
from scoring.maps import MAPS
from scoring.types import MapName
from tests.markup import elements

THREE = {"seat0_new_name": "Ana", "seat1_new_name": "Bia", "seat2_new_name": "Caio"}


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _step(step: str = "players") -> str:
    if step == "players":
        return reverse("assistant:game-create", kwargs={"club_slug": "lisboa"})
    return reverse(f"assistant:game-create-{step}", kwargs={"club_slug": "lisboa"})


def _post(client: Client, step: str, data: dict[str, object]) -> Any:
    page = client.get(_step(step)).content.decode()
    key = elements(page, "input", name="draft")[0].attrs["value"]
    return client.post(_step(step), {"draft": key, **data})


def test_the_wizard_asks_for_salt_and_the_forum(ana_phone, club):
    _post(ana_phone, "players", {**THREE, "go": "next"})
    _post(
        ana_phone, "colours", {"colour0": "red", "colour1": "green", "colour2": "blue"}
    )
    _post(ana_phone, "seating", {"start": "0"})
    _post(ana_phone, "map", {"map": "imperium"})
    _post(ana_phone, "tracking", {"tracking": "full"})
    page = ana_phone.get(_step("scoring")).content.decode()
    assert elements(page, "input", name="expansions", value="salt")
    assert elements(page, "input", name="expansions", value="forum")
    response = _post(
        ana_phone, "scoring", {"intermediate_scoring": "off", "expansions": ["salt"]}
    )
    assert response.status_code == 302
    game = AssistantGame.objects.get()
    assert game.setup["expansions"] == ["salt"]
    # One salt token per letter group: 4 salt cities on Imperium.
    dealt = Counter(game.setup["cities"].values())
    assert dealt["salt"] == 4
    assert (dealt["food"], dealt["tool"], dealt["wine"], dealt["brick"]) == (6, 5, 4, 7)
    # The setup page: every storehouse with 1 salt and 1 food.
    laid = ana_phone.get(
        reverse(
            "assistant:game-setup", kwargs={"club_slug": "lisboa", "game_id": game.pk}
        )
    ).content.decode()
    assert (
        "In each storehouse: 1 brick, 1 food, 1 tool, 1 wine, 1 cloth, 1 salt" in laid
    )


def test_a_base_game_setup_has_no_expansions_field(club, alice):
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="full",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green")],
        rng=random.Random(1),
    )
    assert "expansions" not in game.setup
    assert "salt" not in game.setup["cities"].values()


def test_salt_tokens_are_dealt_per_letter():
    cities = setup.draw_cities("italia", random.Random(7), ["salt"])
    spec = MAPS[MapName("italia")]
    by_letter = Counter(
        city.letter.value for city in spec.cities if cities[city.name] == "salt"
    )
    assert by_letter == {"A": 1, "B": 1, "C": 1}


def test_the_starting_storehouse_with_salt():
    assert setup.starting_storehouse(["salt"]) == {
        "brick": 1,
        "food": 1,
        "tool": 1,
        "wine": 1,
        "cloth": 1,
        "salt": 1,
    }
    assert setup.starting_storehouse()["food"] == 2


def test_a_deal_without_the_salt_tokens_is_refused(club, alice):
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="full",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green")],
        rng=random.Random(1),
        expansions=["salt"],
    )
    base_deal = setup.draw_cities("imperium", random.Random(2))
    with pytest.raises(concordia_services.CityTokensRefused) as refused:
        concordia_services.cities_set(game=game, goods=base_deal)
    messages = [problem.message for problem in refused.value.problems]
    # Letter A has 1 food token with salt (2 without), so the base deal's two
    # A food cities are one too many.
    assert (
        "Only 1 of the A tokens show food, but 2 A cities are set to food" in messages
    )
