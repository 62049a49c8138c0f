"""Full tracking's corrections, one page per kind (the table is the truth, ``adjust``):
goods (in transit or not), troops, the Action area's dice and the Commerce track,
with htmx and without JavaScript, the refusal shown with what was typed."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from assistant.models import AssistantGame
from clubs.models import Club
from tests.assistant.magnanimous.conftest import new_game, state, url
from tests.markup import by_id, elements

HTMX = {"HX-Request": "true"}


def correct(game: AssistantGame, kind: str) -> str:
    return url(game, "magnanimous-correct") + f"?kind={kind}"


@pytest.fixture
def full_duo(club: Club, alice: User) -> AssistantGame:
    """Ana (red) and Bia (green), full tracking, nothing on the board yet."""
    game = new_game(club, alice, ("Ana", "Bia"))
    game.setup = {
        **game.setup,
        "tracking": "full",
        "improvements": ["railway"] * 4,
        "seats": [{"baron": "", "start": {}}, {"baron": "", "start": {}}],
    }
    game.save()
    return game


def _page(client: Client, game: AssistantGame, kind: str) -> str:
    response = client.get(correct(game, kind))
    assert response.status_code == 200
    return response.content.decode()


def _fields(page: str) -> dict[str, str]:
    """What the correction form would send as it stands."""
    sent = {
        element.attrs["name"]: element.attrs.get("value", "")
        for element in elements(page, "input", name=None)
        if element.attrs["name"] not in ("csrfmiddlewaretoken", "next")
    }
    # A Commerce space's owner (the tests choose it).
    for select in elements(page, "select", name=None):
        if select.attrs["name"].startswith("commerce_"):
            sent[select.attrs["name"]] = ""
    return sent


def _post(
    client: Client,
    game: AssistantGame,
    kind: str,
    changes: dict[str, str],
    **kw: Any,
) -> Any:
    sent = _fields(_page(client, game, kind)) | changes
    return client.post(correct(game, kind), sent, **kw)


@pytest.mark.django_db
def test_the_goods_page_lists_every_province_with_48px_steppers(
    client: Client, alice: User, full_duo: AssistantGame
) -> None:
    client.force_login(alice)
    turn = client.get(url(full_duo, "game-turn")).content.decode()
    links = [a.attrs["href"] for a in elements(turn, "a", class_="button")]
    for kind in ("goods", "troops", "dice", "commerce"):
        assert correct(full_duo, kind) in links
    page = _page(client, full_duo, "goods")
    form = by_id(page, "correct-form")
    assert "steppers" in form.attrs["class"]
    assert form.attrs["hx-post"] == correct(full_duo, "goods")
    names = [f.attrs["name"] for f in elements(page, "input", type="number")]
    assert names[:2] == ["goods_0_red-cotton", "transit_0_red-cotton"]
    assert len(names) == 2 * 2 * 4  # two players, four provinces, two counts
    # Each count has its − and + (app.js shows them), labelled for a screen reader.
    steps = elements(
        page, "button", class_="step", aria_controls="fix-goods_1_green-coffee"
    )
    assert [s.attrs["data-step"] for s in steps] == ["-1", "1"]
    assert "mg" in by_id(page, "correct-panel").attrs["class"]  # its 48 px taps


@pytest.mark.django_db
def test_goods_in_transit_or_not_recorded_without_javascript(
    client: Client, alice: User, full_duo: AssistantGame
) -> None:
    client.force_login(alice)
    response = _post(
        client,
        full_duo,
        "goods",
        {
            "goods_0_red-coffee": "3",
            "transit_0_red-coffee": "1",
            "goods_1_green-sugar": "2",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == full_duo.get_absolute_url()
    now = state(full_duo)
    assert now.adjusted
    red = {p.name: (p.goods, p.in_transit) for p in now.players[0].provinces}
    green = {p.name: (p.goods, p.in_transit) for p in now.players[1].provinces}
    assert red["red:coffee"] == (3, 1)
    assert red["red:cotton"] == (0, 0)
    assert green["green:sugar"] == (2, 0)
    # The page now starts from the table as recorded.
    assert _fields(_page(client, full_duo, "goods"))["goods_0_red-coffee"] == "3"


@pytest.mark.django_db
def test_a_refused_correction_shows_why_and_what_was_typed(
    client: Client, alice: User, full_duo: AssistantGame
) -> None:
    client.force_login(alice)
    head = full_duo.head_seq
    for headers in ({}, HTMX):
        response = _post(
            client, full_duo, "troops", {"troops_1_green-cotton": "9"}, headers=headers
        )
        assert response.status_code == 200
        page = response.content.decode()
        assert (b"<html" in response.content) is not bool(headers)
        assert elements(page, "ul", class_="problems", role="alert")
        (typed,) = elements(page, "input", name="troops_1_green-cotton")
        assert typed.attrs["value"] == "9"
        response = _post(
            client, full_duo, "troops", {"troops_1_green-cotton": "x"}, headers=headers
        )
        # Not a number: said next to its field, which keeps what was typed.
        page = response.content.decode()
        (slot,) = elements(page, "p", id="err-troops_1_green-cotton")
        assert slot.text.strip() == "Type a whole number."
        (typed,) = elements(page, "input", name="troops_1_green-cotton")
        assert typed.attrs["value"] == "x"
        assert typed.attrs["aria-invalid"] == "true"
        assert not elements(page, "ul", class_="problems", role="alert")
    full_duo.refresh_from_db()
    assert full_duo.head_seq == head


@pytest.mark.django_db
def test_troops_recorded_with_htmx(
    client: Client, alice: User, full_duo: AssistantGame
) -> None:
    client.force_login(alice)
    response = _post(
        client, full_duo, "troops", {"troops_1_green-cotton": "4"}, headers=HTMX
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == url(full_duo, "game-turn")
    green = {p.name: p.troops for p in state(full_duo).players[1].provinces}
    assert green["green:cotton"] == 4


@pytest.mark.django_db
def test_the_dice_as_they_lie_zero_is_a_free_space(
    client: Client, alice: User, full_duo: AssistantGame
) -> None:
    client.force_login(alice)
    page = _page(client, full_duo, "dice")
    assert len(elements(page, "input", type="number")) == 16
    before = list(state(full_duo).dice)
    response = _post(
        client, full_duo, "dice", {"die_recruit_1": "4", "die_cotton_0": "0"}
    )
    assert response.status_code == 302
    expected = before.copy()
    expected[0] = None  # cotton, the first quadrant, left space: now free
    expected[9] = 4  # recruit, the fifth quadrant, right space
    assert list(state(full_duo).dice) == expected
    refused = _post(client, full_duo, "dice", {"die_ship_0": "7"})
    assert refused.status_code == 200
    (typed,) = elements(refused.content.decode(), "input", name="die_ship_0")
    assert typed.attrs["value"] == "7"


@pytest.mark.django_db
def test_the_commerce_track_its_owner_and_tokens(
    client: Client, alice: User, full_duo: AssistantGame
) -> None:
    client.force_login(alice)
    page = _page(client, full_duo, "commerce")
    # The Republic marker at 0: only space 0 is open.
    owners = [s.attrs["name"] for s in elements(page, "select", name=None)]
    assert [name for name in owners if name != "language"] == ["commerce_0_owner"]
    refused = _post(client, full_duo, "commerce", {"commerce_0_tokens": "2"})
    assert refused.status_code == 200
    body = refused.content.decode()
    assert "Choose one of the answers offered." in body
    (typed,) = elements(body, "input", name="commerce_0_tokens")
    assert typed.attrs["value"] == "2"
    response = _post(
        client,
        full_duo,
        "commerce",
        {"commerce_0_owner": "Bia", "commerce_0_tokens": "2"},
    )
    assert response.status_code == 302
    (space,) = state(full_duo).commerce
    assert (space.space, space.owner, space.tokens) == (0, 1, 2)
    page = _page(client, full_duo, "commerce")
    assert elements(page, "option", value="Bia", selected=None)
    assert not elements(page, "option", value="Ana", selected=None)


@pytest.mark.django_db
def test_corrections_only_in_full_tracking_and_for_members(
    client: Client, alice: User, charlie: User, club: Club, full_duo: AssistantGame
) -> None:
    light = new_game(club, alice, ("Ana", "Bia"))
    client.force_login(alice)
    response = client.get(correct(light, "goods"))
    assert response.status_code == 302
    turn = client.get(url(light, "game-turn")).content.decode()
    assert "correct-links" not in turn
    assert client.get(correct(full_duo, "réis")).status_code == 404
    client.force_login(charlie)
    assert client.get(correct(full_duo, "goods")).status_code == 404
    response = client.post(correct(full_duo, "goods"), {"seq": "0", "key": "k"})
    assert response.status_code == 404
    assert state(full_duo).adjusted is False
