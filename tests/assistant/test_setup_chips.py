"""The wizard's player chips (issue #25 item 5): recent tables and club players by a tap."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant.models import AssistantGame
from clubs.models import Player
from tests.markup import by_id, elements

HTMX = {"HX-Request": "true"}


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _wizard() -> str:
    return reverse("assistant:game-create", kwargs={"club_slug": "lisboa"})


def _seated(page: str) -> list[str]:
    """The players chosen in the seat selects, in seating order."""
    names = {str(p.pk): p.name for p in Player.objects.all()}
    return [
        names[option.attrs["value"]]
        for index in range(5)
        for option in _selected_options(page, f"seat{index}_player")
        if option.attrs["value"]
    ]


def _selected_options(page: str, name: str) -> list[Any]:
    start = page.index(f'name="{name}"')
    end = page.index("</select>", start)
    return [o for o in elements(page[start:end], "option") if "selected" in o.attrs]


def _chips(page: str) -> list[tuple[str, str]]:
    return [
        (chip.text, chip.attrs["aria-pressed"])
        for chip in elements(page, "button", name="pick")
    ]


def test_recent_players_come_first_and_a_tap_seats_them(
    ana_phone, club, finished_session
):
    Player.objects.create(club=club, name="Zoe")
    page = ana_phone.get(_wizard()).content.decode()
    # The rulebook game's players (Ana, Bruno, Caio) played last; Zoe never.
    assert _chips(page) == [
        ("Ana", "false"),
        ("Bruno", "false"),
        ("Caio", "false"),
        ("Zoe", "false"),
    ]
    zoe = str(Player.objects.get(name="Zoe").pk)
    caio = str(Player.objects.get(name="Caio").pk)
    page = ana_phone.post(_wizard(), {"pick": zoe}, headers=HTMX).content.decode()
    page = ana_phone.post(
        _wizard(), {"seat0_player": zoe, "pick": caio}, headers=HTMX
    ).content.decode()
    assert _seated(page) == ["Zoe", "Caio"]
    assert dict(_chips(page)) == {
        "Ana": "false",
        "Bruno": "false",
        "Caio": "true",
        "Zoe": "true",
    }
    # Tapped again: out, and the seats close up.
    page = ana_phone.post(
        _wizard(), {"seat0_player": zoe, "seat1_player": caio, "pick": zoe}
    ).content.decode()
    assert _seated(page) == ["Caio"]
    assert AssistantGame.objects.count() == 0


def test_the_same_table_as_before_in_one_tap_then_the_usual_setup(
    ana_phone, club, finished_session
):
    page = ana_phone.get(_wizard()).content.decode()
    (table,) = elements(page, "button", name="pick_table")
    assert table.text == "Ana · Bruno · Caio"
    page = ana_phone.post(
        _wizard(), {"pick_table": table.attrs["value"]}
    ).content.decode()
    assert _seated(page) == ["Ana", "Bruno", "Caio"]
    draft = elements(page, "input", name="draft")[0].attrs["value"]
    seats = {
        f"seat{i}_player": str(Player.objects.get(name=name).pk)
        for i, name in enumerate(["Ana", "Bruno", "Caio"])
    }
    response = ana_phone.post(_wizard(), {"draft": draft, "go": "start", **seats})
    game = AssistantGame.objects.get()
    assert response.status_code == 302
    assert [p["name"] for p in game.players] == ["Ana", "Bruno", "Caio"]


def test_the_club_page_opens_the_wizard_in_one_tap(ana_phone, club):
    page = ana_phone.get(club.get_absolute_url()).content.decode()
    assert by_id(page, "new-assistant-game").attrs["href"] == _wizard()


def test_the_scoring_screen_says_what_light_tracking_asks(ana_phone, club):
    # Issue #25 item 5: intermediate scoring with light tracking asks each
    # player to type a total read off the table.
    first = ana_phone.get(_wizard()).content.decode()
    draft = elements(first, "input", name="draft")[0].attrs["value"]
    ana_phone.post(
        _wizard(),
        {
            "draft": draft,
            "seat0_new_name": "Ana",
            "seat1_new_name": "Bia",
            "go": "next",
        },
    )
    step = reverse("assistant:game-create-scoring", kwargs={"club_slug": "lisboa"})
    page = ana_phone.get(step).content.decode()
    assert by_id(page, "light-intermediate").text.startswith(
        "With light tracking the app knows only the cards"
    )
