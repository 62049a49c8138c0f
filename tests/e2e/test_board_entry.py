"""On a phone, a member records a game by tapping: city goods, then houses for two players.

The score under the map changes with every tap; no number is counted by hand.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page

from clubs import services as clubs_services
from games import services
from tests.e2e.conftest import ARTIFACTS
from tests.factories import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# A legal deal of Italia's A, B and C tokens (Italia uses no D tokens).
ITALIA_GOODS = {
    "Genua": "cloth", "Nicaea": "brick", "Comum": "food", "Segusio": "brick",
    "Aquileia": "wine", "Bauzanum": "food", "Verona": "tool",
    "Mutina": "brick", "Ravenna": "food", "Casinum": "tool", "Neapolis": "cloth",
    "Aleria": "brick", "Olbia": "food", "Cosa": "wine", "Florentia": "tool",
    "Brundisium": "brick", "Luceria": "food", "Croton": "wine", "Potentia": "brick",
    "Messana": "tool", "Panormus": "cloth", "Syracusae": "food", "Ancona": "brick",
    "Hadria": "tool", "Spoletum": "wine",
}  # fmt: skip


def _totals(page: Page) -> list[str]:
    return page.locator("#score-preview tr.total td").all_inner_texts()


def _tap(page: Page, city: str, expected: list[str]) -> None:
    page.click(f"#map-{city}")
    page.wait_for_function(
        "expected => [...document.querySelectorAll('#score-preview tr.total td')]"
        ".map(td => td.textContent.trim()).join(',') === expected",
        arg=",".join(expected),
    )


def test_record_city_goods_and_houses_by_tapping_and_see_the_score(live_server, phone):
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="italia",
        played_at=dt.datetime(2026, 11, 21, 20, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(new_name="Ana", colour="red"),
            services.SeatInput(new_name="Bia", colour="blue"),
        ],
    )
    page = phone
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")

    # From the hand-count sheet to the board: an empty game switches at once.
    page.goto(f"{live_server.url}{session.get_absolute_url()}sheet/")
    page.click("text=Tap the board instead of counting")
    page.wait_for_url("**/board/cities/")
    # One tap per city: its good's chip (or the city on the map, cycling).
    assert page.locator("fieldset.city-good").count() == 25
    assert page.locator("#letter-D").count() == 0

    # A slip first: two cloth cities among the C tokens, which hold one.
    for city, good in {**ITALIA_GOODS, "Spoletum": "cloth"}.items():
        page.click(f"#city-{city.lower()} label.good-chip:has(input[value='{good}'])")
    page.click("text=Save the goods")
    page.locator("#err-letter-C").get_by_text(
        "Only 1 of the C tokens show cloth, but 2 C cities are set to cloth"
    ).wait_for()
    page.click("#city-spoletum label.good-chip:has(input[value='wine'])")
    page.click("text=Save the goods")
    page.get_by_text("City goods saved.").wait_for()
    assert page.locator("#err-letter-C").inner_text() == ""
    # Liguria: cloth and brick, so its bonus marker shows cloth.
    page.get_by_text("bonus marker: cloth").first.wait_for()
    page.screenshot(path=str(ARTIFACTS / "board-01-cities.png"), full_page=True)

    page.click(".board-steps >> text=Houses")
    page.wait_for_url("**/board/")
    # Nothing built yet: each player's single Mars card counts the 2 starting colonists.
    assert _totals(page) == ["4", "4"]

    # Ana: Genua (cloth) then Nicaea (brick), both in Liguria.
    _tap(page, "genua", ["10", "4"])
    _tap(page, "nicaea", ["12", "4"])
    assert "mine" in (page.locator("#map-genua").get_attribute("class") or "")
    page.screenshot(path=str(ARTIFACTS / "board-02-ana.png"), full_page=True)

    # Bia: Verona and Messana, two tool cities in two provinces.
    page.click(".seat-picker >> text=Bia")
    page.locator(".seat-picker a[aria-current='true']").get_by_text("Bia").wait_for()
    _tap(page, "verona", ["12", "10"])
    _tap(page, "messana", ["12", "14"])
    page.locator("#score-preview").get_by_text("Winner: Bia").wait_for()
    # A second tap takes the house away again.
    _tap(page, "messana", ["12", "10"])
    _tap(page, "messana", ["12", "14"])
    page.screenshot(path=str(ARTIFACTS / "board-03-bia.png"), full_page=True)

    # Ana's houses stayed hers: the map shows two red houses in Liguria.
    page.click(".seat-picker >> text=Ana")
    page.locator(".seat-picker a[aria-current='true']").get_by_text("Ana").wait_for()
    assert page.locator("#row-genua button[aria-pressed='true']").count() == 1
    assert page.locator("#row-messana button[aria-pressed='true']").count() == 0

    assert page.console_errors == []
    # Phone-first: the map pans inside its box, the page never gets wider than
    # the screen, and every city and button is at least 44 px.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    small_cities = page.evaluate(
        """[...document.querySelectorAll('a.city circle.hit')]
            .map(c => c.getBoundingClientRect())
            .filter(r => r.width < 44 || r.height < 44).length"""
    )
    assert small_cities == 0
    small = page.evaluate(
        """[...document.querySelectorAll('a.button, button, select')]
            .filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).length"""
    )
    assert small == 0
