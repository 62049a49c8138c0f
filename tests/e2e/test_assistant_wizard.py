"""The assistant's setup wizard at 360×740: every screen, with htmx and without JavaScript.

Screenshots of every step in artifacts/e2e/.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from assistant.models import AssistantGame
from clubs import services as clubs_services
from clubs.models import Club
from tests.conftest import PASSWORD
from tests.e2e.conftest import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 740}
NAMES = ["Ana", "Bia", "Caio", "Duda", "Enzo"]


def _sign_in(page: Page, url: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


def _fits(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"wizard-{name}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL["width"]
    small = page.evaluate(
        """[...document.querySelectorAll(
                '#wizard-panel :is(button, a.button, label.chip, label.choice)')]
            .filter(e => e.offsetParent && e.getBoundingClientRect().height < 48)
            .map(e => e.outerHTML)"""
    )
    assert small == []


def _walk(page: Page, url: str, *, htmx: bool) -> None:
    suffix = "htmx" if htmx else "nojs"
    _sign_in(page, url)
    page.goto(f"{url}/clubs/lisboa/assistant/new/")
    for seat, name in enumerate(NAMES[:4]):
        page.fill(f"#id_seat{seat}_new_name", name)
    _fits(page, f"1-players-{suffix}")
    page.click("#wizard-next")
    page.wait_for_url("**/new/colours/")
    page.locator("#wizard-panel[data-step=colours]").wait_for()
    _fits(page, f"2-colours-{suffix}")
    page.click("#colour-row-0 label.chip:has(#id_colour0_4)")  # Ana black
    page.click("#colour-row-3 label.chip:has(#id_colour3_0)")  # Duda red
    page.click("#wizard-next")
    page.locator("#wizard-panel[data-step=seating]").wait_for()
    assert page.url.endswith("/new/seating/")
    _fits(page, f"3-seating-{suffix}")
    page.click("button[value='up:3']")  # Duda before Caio
    page.locator("li.seat-line >> nth=2").get_by_text("Duda").wait_for()
    page.click("li.seat-line:has-text('Bia') label")  # Bia starts
    page.click("#wizard-next")
    page.locator("#wizard-panel[data-step=map]").wait_for()
    _fits(page, f"4-map-{suffix}")
    page.click("#wizard-back")
    page.locator("#wizard-panel[data-step=seating]").wait_for()
    assert page.url.endswith("/new/seating/")
    assert page.locator("li.seat-line:has-text('Bia') input").is_checked()
    page.click("#wizard-skip")
    page.locator("#wizard-panel[data-step=map]").wait_for()
    page.click("button[value=italia]")
    # Venus' modules screen (individual play, the display's side): skipped.
    page.locator("#wizard-panel[data-step=modules]").wait_for()
    page.click("#wizard-skip")
    page.locator("#wizard-panel[data-step=tracking]").wait_for()
    _fits(page, f"5-tracking-{suffix}")
    page.click("button[value=full]")
    page.locator("#wizard-panel[data-step=scoring]").wait_for()
    _fits(page, f"6-scoring-{suffix}")
    page.click("label.choice:has(input[value=on])")
    page.click("#wizard-start")
    page.wait_for_url("**/setup/")
    page.screenshot(
        path=str(ARTIFACTS / f"wizard-7-setup-{suffix}.png"), full_page=True
    )
    game = AssistantGame.objects.get()
    assert [(p["name"], p["colour"]) for p in game.players] == [
        ("Bia", "blue"),
        ("Duda", "red"),
        ("Caio", "green"),
        ("Ana", "black"),
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


def _club() -> None:
    alice = User.objects.create_user("alice", password=PASSWORD)
    clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)


def test_every_step_with_htmx_at_360(live_server, phone):
    _club()
    phone.set_viewport_size(SMALL)
    _walk(phone, live_server.url, htmx=True)
    assert phone.console_errors == []


def test_a_short_name_s_chip_is_48_px_wide(live_server, phone):
    """A walk-through found Eli's chip 43 px wide: "Eli" is narrower than a thumb."""
    _club()
    club = Club.objects.get()
    for name in ("Eli", "Bo", "Ana"):
        clubs_services.player_add(club=club, name=name)
    phone.set_viewport_size(SMALL)
    _sign_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/clubs/lisboa/assistant/new/")
    sizes = phone.evaluate(
        """[...document.querySelectorAll('#player-chips .chip')].map(e => {
            const box = e.getBoundingClientRect();
            return [e.textContent.trim(), box.width >= 48, box.height >= 48];
        })"""
    )
    assert sorted(sizes) == [
        ["Ana", True, True],
        ["Bo", True, True],
        ["Eli", True, True],
    ]


def test_every_step_without_javascript_at_360(live_server, browser):
    _club()
    context = browser.new_context(
        viewport=SMALL,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
    )
    page = context.new_page()
    try:
        _walk(page, live_server.url, htmx=False)
    finally:
        context.close()


def test_magnanimous_seating_colours_follow_the_tapped_start_player(live_server, phone):
    alice = User.objects.create_user("alice", password=PASSWORD)
    clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    page = phone
    page.set_viewport_size(SMALL)
    _sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/clubs/lisboa/assistant/new/magnanimous/")
    for seat, name in enumerate(NAMES[:3]):
        page.fill(f"#id_seat{seat}_new_name", name)
    page.click("#wizard-next")
    page.locator("#wizard-panel[data-step=seating]").wait_for()

    def colours() -> list[str | None]:
        return [
            line.get_attribute("data-colour")
            for line in page.locator("li.seat-line").all()
        ]

    assert colours() == ["red", "green", "blue"]
    page.click("li.seat-line:has-text('Caio') label")  # Caio starts: red
    # Playwright's expect polls without eval, which the page's CSP refuses.
    expect(page.locator("li.seat-line[data-name='Caio']")).to_have_attribute(
        "data-colour", "red"
    )
    assert colours() == ["green", "blue", "red"]
    assert page.locator("li.seat-line:has-text('Caio') input").is_checked()
    assert page.locator("li.seat-line[data-name='Caio'] .dot.colour-red").is_visible()
    _fits(page, "magnanimous-seating")
    page.click("#wizard-next")
    page.locator("#wizard-panel[data-step=tracking]").wait_for()
    page.click("#wizard-skip")
    page.locator("#wizard-panel[data-step=rulings]").wait_for()
    page.click("#wizard-start")
    page.wait_for_url("**/setup/")
    game = AssistantGame.objects.get()
    assert game.players == [
        {"name": "Caio", "colour": "red"},
        {"name": "Ana", "colour": "green"},
        {"name": "Bia", "colour": "blue"},
    ]
    assert page.console_errors == []
