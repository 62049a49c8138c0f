"""A short assistant game on Byzantium (Salsa's own board) with salt and the
forum at 360×740, to its final sheet (issue #23)."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from assistant.concordia import services as concordia_services
from clubs import services as clubs_services
from tests.conftest import PASSWORD
from tests.e2e.conftest import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _sign_in(page: Page, url: str, name: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


def _fits(page: Page, selector: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = page.evaluate(
        f"""[...document.querySelectorAll('{selector}')]
            .filter(e => e.offsetParent && e.getBoundingClientRect().height < 48)
            .map(e => e.id || e.textContent)"""
    )
    assert small == []


def test_a_salsa_game_with_salt_and_the_forum_to_its_final_sheet(live_server, phone):
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="byzantium",
        tracking="light",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green")],
        rng=random.Random(23),
        expansions=["salt", "forum"],
    )
    forum = game.setup["forum"]
    page = phone
    page.set_viewport_size({"width": 360, "height": 740})
    _sign_in(page, live_server.url, "alice")

    # The setup: 1 salt in each storehouse; Ana keeps her other patrician.
    page.goto(f"{live_server.url}{game.get_absolute_url()}setup/")
    assert "1 salt" in page.locator("#game-setup").inner_text()
    other = forum["dealt"]["Ana"][1]
    page.locator("#setup-forum").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "salsa-01-setup-forum.png"), full_page=True)
    page.check("#kept-0-2")
    page.click("#forum-keep-save")
    page.wait_for_url("**/setup/")
    game.refresh_from_db()
    assert game.setup["forum"]["patricians"]["Ana"] == other
    _fits(page, "#forum-keep label.choice, #forum-keep button")

    # The forum page: the tableau, each card's text one tap away; Ana takes one.
    page.click("#start-playing")
    page.click("#forum-link")
    page.locator("#forum-tableau").wait_for()
    first = forum["tableau"][0]
    page.click("#forum-tableau details summary >> nth=0")
    page.locator("#forum-tableau details[open] p >> nth=0").wait_for()
    page.screenshot(path=str(ARTIFACTS / "salsa-02-forum.png"), full_page=True)
    _fits(page, "#forum-tableau button, #forum-tableau summary")
    page.click("#take-1")
    page.get_by_text("The forum is recorded.").wait_for()
    assert first in page.locator("#forum-seat-0").inner_text()

    # Two light turns end the game: Ana's 15th house, then Bia's last turn.
    page.click("text=Back to the game")
    page.click("#hand >> text=Architect")
    page.check("input[name=fifteenth_house]")
    page.click("#confirm")
    page.locator("#current-player").get_by_text("Bia").wait_for()
    page.click("#hand >> text=Prefect")
    page.click("#prefect-cash")
    page.locator("#open-sheet").wait_for()
    page.click("#open-sheet")
    page.wait_for_url("**/sheet/")

    # The final sheet is Byzantium's, with what the assistant tracked: Ana's
    # 15th house took the Concordia card, the Praefectus Magnus stayed with
    # Bia (the last player: her Prefect took the cash), the cards by god.
    expect(page.locator("#id_map")).to_have_value("byzantium")
    expect(page.locator("input[name=concordia_card][value='0']")).to_be_checked()
    expect(page.locator("input[name=praefectus_magnus][value='1']")).to_be_checked()
    expect(page.locator("#id_s0-cards_jupiter")).to_have_value("2")
    expect(page.locator("#id_s1-cards_saturnus")).to_have_value("2")
    # It asks for salt and the forum's points.
    page.locator("input[name='s0-houses_salt']").wait_for(state="attached")
    assert page.locator("input[name='s0-storehouse_salt']").count() == 1
    assert page.locator("input[name='s1-forum_points']").count() == 1
    page.screenshot(path=str(ARTIFACTS / "salsa-03-final-sheet.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.console_errors == []
