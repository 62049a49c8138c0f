"""A 3-player light game of Magnanimous on two phones at 360×740, to a saved game.

Alice's phone sets the game up and plays Ana's and Caio's moves; Bob's phone
joins with the code and plays Bia's. Two full rounds: Paraguay takes Bia's
leather province in the first, Ana exports her way to space 20 in the second;
the final sheet opens pre-filled, is saved, and Ana leads the leaderboard.
Screenshots in artifacts/e2e/magnanimous-*.png.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from clubs import services as clubs_services
from tests.conftest import PASSWORD
from tests.e2e.conftest import ARTIFACTS, new_phone

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 740}


def _phone(browser: Browser) -> Page:
    return new_phone(browser, SMALL)


def _sign_in(page: Page, url: str, name: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


def _head(page: Page) -> int:
    return int(page.locator("#head-seq").input_value())


def _at_least(page: Page, seq: int) -> None:
    page.wait_for_function(
        "(seq) => { const h = document.querySelector('#head-seq');"
        " return h && +h.value >= seq; }",
        arg=seq,
    )


def _tap(page: Page, selector: str) -> int:
    """Tap ``selector`` and wait for the panel to show the new head; return it."""
    before = _head(page)
    page.locator(selector).first.click()
    _at_least(page, before + 1)
    return _head(page)


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL["width"]
    small = page.evaluate(
        """[...document.querySelectorAll('#turn-panel button, #turn-panel a.button')]
            .filter(e => e.offsetParent && e.getBoundingClientRect().height < 48)
            .map(e => e.textContent.trim())"""
    )
    assert small == []


def _current(page: Page) -> str:
    return page.locator("#current-player").inner_text().strip()


def _production(phones: dict[str, Page], governor: str) -> None:
    """Each player's phone takes dice on their free provinces; ``governor`` takes the card."""
    governed = False
    while True:
        ana = phones["Ana"]
        if ana.locator("#take-form, #govern-form").count() == 0:
            return
        player = _current(ana)
        page = phones[player]
        _at_least(page, _head(ana))
        if player == governor and not governed:
            head = _tap(page, "#govern-form button[type=submit]")
            governed = True
        else:
            head = _tap(page, "#take-form button[name=province]")
        _at_least(ana, head)


def _nobles(phones: dict[str, Page], plays: dict[str, list[str]]) -> None:
    """Each player moves their dice back: the taps in ``plays`` first, then "without acting"."""
    while True:
        ana = phones["Ana"]
        if ana.locator("#place-choices").count() == 0:
            return
        player = _current(ana)
        page = phones[player]
        _at_least(page, _head(ana))
        page.locator("#place-choices a").first.click()
        page.locator("#place-helper").wait_for()
        queued = plays.get(player) or []
        action = queued.pop(0) if queued else "#place-none"
        before = _head(page)
        if action.startswith("export"):
            page.fill("#place-export input[name=tokens]", "5")
            page.click("#place-export button[type=submit]")
        else:
            page.click(action)
        _at_least(page, before + 1)
        while page.locator("#minister-form").count():
            page.check("#minister-form input[name=party][value=liberal]")
            _tap(page, "#minister-form button[type=submit]")
        _at_least(ana, _head(page))


def test_a_light_game_on_two_phones_to_the_leaderboard(live_server, browser):
    alice = User.objects.create_user("alice", password=PASSWORD)
    bob = User.objects.create_user("bob", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    clubs_services.membership_add(club=club, user=bob)
    url = live_server.url

    page = _phone(browser)
    _sign_in(page, url, "alice")
    page.click("#play-with-assistant")
    page.click("text=Set up a new game of Magnanimous")
    for seat, name in enumerate(["Ana", "Bia", "Caio"]):
        page.fill(f"#id_seat{seat}_new_name", name)
    page.click("#wizard-quick-start")
    page.wait_for_url("**/setup/")
    expect(page.locator("#setup-governor")).to_contain_text("Ana")
    page.screenshot(path=str(ARTIFACTS / "magnanimous-01-setup.png"), full_page=True)
    page.click("#start-playing")
    expect(page.locator("#current-player")).to_have_text("Ana")
    expect(page.locator("#round-banner")).to_contain_text("Round 1")
    page.screenshot(path=str(ARTIFACTS / "magnanimous-02-turn.png"), full_page=True)
    _fits(page)
    # The phase's rules, one tap away.
    page.click("#phase-rules summary")
    expect(page.locator("#checklist")).to_contain_text("No Emperor phase this round")
    page.click("#phase-rules summary")

    # Bob's phone joins with the code.
    page.click("text=Other phones")
    code = page.locator("#join-code").inner_text().strip()
    page.go_back()
    page.locator("#current-player").wait_for()
    second = _phone(browser)
    _sign_in(second, url, "bob")
    second.click("#play-with-assistant")
    second.fill("#join-code", code)
    second.click("#join-form button[type=submit]")
    expect(second.locator("#current-player")).to_have_text("Ana")
    phones = {"Ana": page, "Bia": second, "Caio": page}

    # Round 1: Bia takes the card (the die shows 6: nothing to liberate).
    _production(phones, "Bia")
    expect(page.locator("#phase-name")).to_have_text("Paraguay's offensives")
    expect(page.locator("#purple-die")).to_have_attribute("data-value", "1")
    page.click("#open-offensive")
    page.select_option("#attack-form select[name=source]", "paraguay")
    page.select_option("#attack-form select[name=target]", "green:leather")
    page.click("#attack-fell")
    expect(page.locator("#attacks")).to_contain_text("fell, 0 tokens lost")
    expect(page.locator("#no-more-attacks")).to_be_visible()
    page.screenshot(
        path=str(ARTIFACTS / "magnanimous-03-offensive.png"), full_page=True
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL["width"]
    before = _head(page)
    page.click("#record-offensive")
    _at_least(page, before + 1)
    expect(page.locator("#occupied")).to_contain_text("leather (green) (Bia)")
    _nobles(
        phones, {"Bia": ["#place-throne button[value='2']"], "Ana": ["#place-discard"]}
    )
    expect(page.locator("#republic")).to_have_attribute("data-position", "3")
    _tap(page, "#end-round")

    # Round 2: the Emperor phase reveals Bia's two cards on Bia's phone.
    _at_least(second, _head(page))
    expect(second.locator("#phase-name")).to_have_text("Emperor phase")
    second.fill("#reveal-form input[name=card]", "Lei do Ventre Livre")
    second.check("#reveal-form input[name=kind][value=event]")
    second.fill("#reveal-form input[name=republic]", "1")
    _tap(second, "#reveal-form button[type=submit]")
    second.fill("#reveal-form input[name=card]", "Reforma Eleitoral")
    second.check("#reveal-form input[name=kind][value=referendum]")
    second.check("#reveal-form input[name=party][value=liberal]")
    second.fill("#reveal-form input[name=nobility]", "1")
    _tap(second, "#reveal-form button[type=submit]")
    second.screenshot(path=str(ARTIFACTS / "magnanimous-04-vote.png"), full_page=True)
    second.check("#vote-form input[name^=for_ministers_]")
    head = _tap(second, "#vote-form button[type=submit]")
    _at_least(page, head)
    expect(page.locator("#nobility li[data-name=Ana]")).to_have_attribute(
        "data-nobility", "3"
    )
    _production(phones, "Caio")
    page.click("#open-offensive")
    before = _head(page)
    page.click("#record-offensive")
    _at_least(page, before + 1)
    _nobles(phones, {"Ana": ["export"] * 4})
    expect(page.locator("#nobility li[data-name=Ana]")).to_have_attribute(
        "data-nobility", "20"
    )
    expect(page.locator("#ending-coming")).to_contain_text("Ana")
    _tap(page, "#end-round")
    expect(page.locator("#ending")).to_contain_text(
        "A noble reached space 20 of Nobility: Ana"
    )
    page.screenshot(path=str(ARTIFACTS / "magnanimous-05-over.png"), full_page=True)

    # The final sheet opens pre-filled; the table saves it.
    page.click("#open-sheet")
    page.wait_for_url("**/sheet/")
    expect(page.locator("#id_s0-nobility")).to_have_value("20")
    expect(page.locator("#id_s0-referendums")).to_have_value("1")
    expect(page.locator("#id_s1-occupied_provinces")).to_have_value("1")
    page.screenshot(path=str(ARTIFACTS / "magnanimous-06-sheet.png"), full_page=True)
    page.click("text=Save the result")
    page.wait_for_url("**/games/*/")
    page.goto(f"{url}/clubs/lisboa/stats/magnanimous/")
    first = page.locator("#leaderboard-table tbody tr").first
    expect(first).to_contain_text("Ana")
    page.screenshot(
        path=str(ARTIFACTS / "magnanimous-07-leaderboard.png"), full_page=True
    )
    assert page.console_errors == []  # type: ignore[attr-defined]
    assert second.console_errors == []  # type: ignore[attr-defined]
