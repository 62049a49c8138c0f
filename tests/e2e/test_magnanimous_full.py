"""Full tracking's pages on a 360×740 phone: the dice to take, a die's page, the place page.

Nothing overflows the screen and every tap target is at least 48 px high.
Screenshots in artifacts/e2e/magnanimous-full-*.png.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from assistant import services
from assistant.magnanimous import setup
from clubs import services as clubs_services
from tests.conftest import PASSWORD
from tests.e2e.conftest import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 740}


def _fits(page: Page, scope: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL["width"]
    targets = ", ".join(
        f"{scope} {kind}"
        for kind in ("button", "a.button", "select", "input[type=number]", ".choice")
    )
    small = page.evaluate(
        """(targets) => [...document.querySelectorAll(targets)]
            .filter(e => e.offsetParent && e.getBoundingClientRect().height < 48)
            .map(e => e.outerHTML.slice(0, 80))""",
        targets,
    )
    assert small == []


def test_full_tracking_pages_fit_a_small_phone(live_server, phone):
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    choices = setup.choices_default()
    choices["tracking"] = "full"
    game = services.game_create_from_choices(
        club=club,
        created_by=alice,
        game="magnanimous",
        players=[("Ana", ""), ("Bia", ""), ("Caio", "")],
        choices=choices,
    )
    seats = [{"baron": "B", "start": {"reis": 6}} for _ in range(3)]
    services.game_setup_update(game=game, setup={**game.setup, "seats": seats})
    page = phone
    page.set_viewport_size(SMALL)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(page.locator("#take-dice")).to_be_visible()
    _fits(page, "#turn-panel")
    page.screenshot(path=str(ARTIFACTS / "magnanimous-full-1-dice.png"), full_page=True)
    page.click("#take-dice a[data-where='recruit:0']")
    page.locator("#take-helper").wait_for()
    _fits(page, "#take-helper")
    page.screenshot(path=str(ARTIFACTS / "magnanimous-full-2-take.png"), full_page=True)
    page.click("#take-full button[name=province][value='red:cotton']")
    expect(page.locator("#current-player")).to_have_text("Bia")
    page.click("#holdings summary")
    expect(page.locator("#holdings section[data-name=Ana]")).to_have_attribute(
        "data-reis", "5"
    )
    page.screenshot(
        path=str(ARTIFACTS / "magnanimous-full-3-holdings.png"), full_page=True
    )
    assert page.console_errors == []
