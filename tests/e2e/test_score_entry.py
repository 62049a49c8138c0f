"""A club member enters the rulebook's example game on a phone and sees Ana win with 114."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from clubs import services as clubs_services
from tests.e2e.conftest import ARTIFACTS
from tests.factories import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ANA = {
    "sestertii": 13,
    "storehouse_brick": 1,
    "storehouse_tool": 3,
    "storehouse_cloth": 1,
    "colonists_on_board": 5,
    "houses_brick": 3,
    "houses_food": 4,
    "houses_tool": 3,
    "houses_cloth": 2,
    "provinces": 7,
    "cards_saturnus": 4,
    "cards_mercurius": 2,
    "cards_mars": 3,
}
BRUNO = {
    "sestertii": 21,
    "storehouse_food": 2,
    "storehouse_wine": 1,
    "colonists_on_board": 4,
    "houses_brick": 2,
    "houses_food": 1,
    "houses_tool": 2,
    "houses_wine": 3,
    "houses_cloth": 1,
    "provinces": 6,
    "cards_jupiter": 4,
    "cards_saturnus": 3,
    "cards_mercurius": 2,
}
CAIO = {
    "sestertii": 8,
    "colonists_on_board": 2,
    "houses_brick": 4,
    "houses_food": 2,
    "houses_tool": 1,
    "houses_wine": 1,
    "provinces": 5,
    "cards_jupiter": 5,
    "cards_saturnus": 4,
    "cards_mercurius": 2,
    "cards_mars": 2,
}


def test_enter_a_finished_game_and_see_the_result(live_server, phone):
    alice = User.objects.create_user("alice", password=PASSWORD)
    clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    page = phone

    login = page.goto(f"{live_server.url}/accounts/login/")
    assert "script-src 'self'" in login.headers["content-security-policy"]
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")
    page.screenshot(path=str(ARTIFACTS / "01-club.png"), full_page=True)

    page.click("text=Enter a finished game")
    for seat, name in enumerate(["Ana", "Bruno", "Caio"]):
        page.fill(f"#id_seat{seat}_new_name", name)
    page.click("text=Seat the players")
    page.wait_for_url("**/sheet/")

    specialists = [["farmer"], ["vintner", "smith"], ["mason", "weaver"]]
    for seat, values in enumerate([ANA, BRUNO, CAIO]):
        # One player at a time: each has a tab on the strip.
        page.click(f"#tab-s{seat}")
        for field, value in values.items():
            page.fill(f"#id_s{seat}-{field}", str(value))
        for specialist in specialists[seat]:
            page.check(f"#s{seat}-specialists-{specialist}")
    page.check("input[name=praefectus_magnus][value='2']")
    page.check("input[name=concordia_card][value='0']")

    preview = page.locator("#score-preview")
    preview.get_by_text("Winner: Ana").wait_for()
    # Ana's total and rank, on the players' strip.
    expect(page.locator("#tab-s0 [data-total]")).to_have_text("114")
    expect(page.locator("#tab-s0 [data-rank]")).to_have_text("#1")
    page.screenshot(path=str(ARTIFACTS / "02-sheet.png"), full_page=True)

    # A mistake shows up next to its field while typing, and goes away when fixed.
    page.click("#tab-s0")
    page.fill("#id_s0-houses_cloth", "5")
    page.locator("#err-s0-houses_cloth").get_by_text(
        "Imperium has only 4 cloth cities; 5 given"
    ).wait_for()
    assert "Not final yet" in page.locator("#score-preview").inner_text()
    # The summary at the top links to the field, opening its player's tab.
    page.click("#tab-s1")
    expect(page.locator("#s0")).to_be_hidden()
    page.locator("#score-preview .problems a[href='#err-s0-houses_cloth']").click()
    expect(page.locator("#s0")).to_be_visible()
    expect(page.locator("#id_s0-houses_cloth")).to_be_focused()
    # A tapped count selects what it holds: typing replaces it ("2", not "52").
    page.locator("#id_s0-houses_cloth").tap()
    page.keyboard.type("2")
    expect(page.locator("#id_s0-houses_cloth")).to_have_value("2")
    expect(page.locator("#err-s0-houses_cloth")).to_be_empty()
    expect(page.locator("#score-preview")).to_contain_text("Winner: Ana")

    page.click("text=Save the result")
    page.wait_for_url("**/games/*/")
    page.get_by_text("Saturnus: 4 cards × 7 provinces = 28").wait_for()
    page.screenshot(path=str(ARTIFACTS / "03-result.png"), full_page=True)
    assert page.csp_violations == []
    assert page.console_errors == []

    # Phone-first: nothing wider than the screen, tap targets at least 44 px high.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    small = page.evaluate(
        """[...document.querySelectorAll('a.button, button, summary, input[type=number], select')]
            .filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).length"""
    )
    assert small == 0
