"""The five languages in a real browser at 360 px (issue #16, parts 1, 4 and 5).

With JavaScript, picking a language in the footer reloads the page in it, and
the choice follows the account to a fresh browser on the next sign-in. The
main pages (club, a game's result, the score sheet, the board map, the
leaderboard, the assistant's turn screen) fit a 360 px screen in every
language: long French and Ukrainian labels must wrap, not widen the page.
Screenshots: artifacts/e2e/i18n-*.png.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Page

from assistant.concordia import services as concordia_services
from clubs import services as clubs_services
from games import services
from games.concordia import services as board_services
from games.models import EntryMode, Game
from stats import services as stats_services
from tests.conftest import PASSWORD, example_sheet
from tests.e2e.conftest import ARTIFACTS, CSP_LISTENER
from tests.rulebook_board import IMPERIUM_GOODS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 360, "height": 740}
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def _context(browser: Browser) -> BrowserContext:
    context = browser.new_context(
        viewport=SMALL_PHONE,  # type: ignore[arg-type]
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    context.add_init_script(CSP_LISTENER)
    return context


def _sign_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


# Elements whose content is wider than their box, folds opened first: the
# assistant's card tiles and the tables in a sideways-scrolling box.
CLIPPED = """() => {
  for (const fold of document.querySelectorAll('details')) fold.open = true;
  const boxes = '.card-button, .display-row li, .display-row .tile-label, .scroll-x';
  return [...document.querySelectorAll(boxes)]
    .filter((box) => box.scrollWidth > box.clientWidth + 0.5)
    .map((box) => `${box.className}: ${box.textContent.trim().slice(0, 40)}`);
}"""


# The rows a page's sticky action bar takes (0 without one).
STICKY_ROWS = """() => {
  const buttons = document.querySelectorAll('.actions.sticky > button');
  return new Set([...buttons].map((b) => Math.round(b.getBoundingClientRect().top))).size;
}"""


def _lang(page: Page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


@pytest.fixture
def pages() -> dict[str, str]:
    """The club Lisboa with a finished game, a game on the board, an assistant game."""
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    sheet = example_sheet("concordia-rulebook")
    finished = services.session_create(
        club=club,
        created_by=alice,
        map_name=sheet.map.value,
        played_at=dt.datetime(2026, 11, 4, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=board.name) for board in sheet.players],
    )
    services.concordia_sheet_record(session=finished, sheet=sheet)
    on_board = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 5, 20, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(new_name=name, colour=colour)
            for name, colour in (("Ana", "red"), ("Bruno", "blue"), ("Caio", "green"))
        ],
    )
    board_services.session_entry_mode_set(session=on_board, mode=EntryMode.BOARD)
    board_services.session_city_goods_set(session=on_board, goods=IMPERIUM_GOODS)
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="full",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bruno", "blue"), ("Caio", "green")],
    )
    stats_services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    slug = {"club_slug": club.slug}
    return {
        "club": club.get_absolute_url(),
        "result": finished.get_absolute_url(),
        "sheet": f"{finished.get_absolute_url()}sheet/",
        "board": f"{on_board.get_absolute_url()}board/",
        "leaderboard": reverse(
            "stats:leaderboard", kwargs={**slug, "game": "concordia"}
        ),
        "assistant": reverse(
            "assistant:game-turn", kwargs={**slug, "game_id": game.pk}
        ),
        "assistant-setup": reverse(
            "assistant:game-setup", kwargs={**slug, "game_id": game.pk}
        ),
        "wizard": reverse("assistant:game-create", kwargs=slug),
    }


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


def test_the_select_switches_with_javascript_and_the_account_keeps_the_choice(
    live_server, browser, pages, contexts
):
    first = _context(browser)
    contexts.append(first)
    page = first.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _sign_in(page, live_server.url)
    assert _lang(page) == "en"
    # With JavaScript the select is enough: no button to press.
    assert not page.locator("form.language button[type=submit]").is_visible()
    select = page.locator("#language").bounding_box()
    assert select is not None
    assert select["height"] >= 44
    with page.expect_navigation():
        page.select_option("#language", "uk")
    page.wait_for_url(f"**{pages['club']}")
    assert _lang(page) == "uk"
    assert page.locator("#language").input_value() == "uk"
    page.screenshot(path=str(ARTIFACTS / "i18n-switched-uk-360.png"), full_page=True)
    assert page.evaluate("window.cspViolations") == 0
    assert errors == []

    # Another phone, an English browser: signing in brings Ukrainian back.
    second = _context(browser)
    contexts.append(second)
    other = second.new_page()
    _sign_in(other, live_server.url)
    assert _lang(other) == "uk"
    other.goto(f"{live_server.url}{pages['result']}")
    assert _lang(other) == "uk"


def test_the_main_pages_fit_360_px_in_every_language(
    live_server, browser, pages, contexts
):
    context = _context(browser)
    contexts.append(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _sign_in(page, live_server.url)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    overflowing = []
    for language in LANGUAGES:
        context.add_cookies(
            [
                {
                    "name": settings.LANGUAGE_COOKIE_NAME,
                    "value": language,
                    "url": live_server.url,
                }
            ]
        )
        for name, path in pages.items():
            page.goto(f"{live_server.url}{path}")
            assert _lang(page) == language, (name, language)
            widths = page.evaluate(
                "[document.documentElement.scrollWidth, window.innerWidth]"
            )
            page.screenshot(
                path=str(ARTIFACTS / f"i18n-{language}-{name}-360.png"), full_page=True
            )
            if widths[0] > widths[1]:
                overflowing.append((language, name, widths))
            # Inside the page too: a card's name never runs out of its tile (tiles
            # keep words whole), and a table's key columns need no sideways scroll.
            clipped = page.evaluate(CLIPPED)
            if clipped:
                overflowing.append((language, name, clipped))
            # A sheet's Check and Save stay on one row of its sticky bar.
            rows = page.evaluate(STICKY_ROWS)
            if rows > 1:
                overflowing.append((language, name, f"sticky bar: {rows} rows"))
    assert overflowing == []
    assert errors == []
