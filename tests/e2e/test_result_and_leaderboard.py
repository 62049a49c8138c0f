"""The result page and the leaderboard on a 360×740 phone (issue #15, parts 3 and 4).

Nothing may widen the page beyond the screen, a tie says how it was broken,
the ranking's first row is above the fold, and a 40-character name never
hides the numbers. Screenshots go to artifacts/e2e/.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User

from clubs import services as clubs_services
from clubs.models import Club
from games import services
from games.models import Game, TableSession
from scoring.types import ScoreSheet
from stats import services as stats_services
from tests.conftest import PASSWORD, example_sheet
from tests.e2e.conftest import ARTIFACTS, CSP_LISTENER

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 360, "height": 740}
LONG_NAME = "Maximiliana Bartholomew-Wolfeschlegelste"  # 40 characters
KEY_COLUMNS = ("rating", "games", "wins", "average")


def _record(club: Club, alice: User, sheet: ScoreSheet, day: int) -> TableSession:
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name=sheet.map.value,
        played_at=dt.datetime(2026, 11, day, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=board.name) for board in sheet.players],
    )
    services.concordia_sheet_record(session=session, sheet=sheet)
    return session


@pytest.fixture
def games() -> dict[str, TableSession]:
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    rulebook = example_sheet("concordia-rulebook")
    ana, bruno, caio = rulebook.players
    long = dataclasses.replace(
        rulebook, players=(ana, dataclasses.replace(bruno, name=LONG_NAME), caio)
    )
    found = {
        "tie": _record(club, alice, example_sheet("concordia-tie"), 3),
        "rulebook": _record(club, alice, rulebook, 4),
        "long": _record(club, alice, long, 5),
    }
    stats_services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    return found


def _small_phone(browser: Browser, *, javascript: bool = True) -> Iterator[Page]:
    context = browser.new_context(
        viewport=SMALL_PHONE,  # type: ignore[arg-type]
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        java_script_enabled=javascript,
    )
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield page
    assert errors == []
    context.close()


@pytest.fixture
def small_phone(browser: Browser) -> Iterator[Page]:
    yield from _small_phone(browser)


@pytest.fixture
def small_phone_without_js(browser: Browser) -> Iterator[Page]:
    yield from _small_phone(browser, javascript=False)


def _sign_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


def _page_width(page: Page) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def _within_screen(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"]


def test_the_result_page_stacks_a_card_per_player_and_explains_the_tie(
    live_server, small_phone, games
):
    page = small_phone
    _sign_in(page, live_server.url)

    page.goto(f"{live_server.url}{games['tie'].get_absolute_url()}")
    assert _page_width(page) <= SMALL_PHONE["width"]
    # Fabi (seat 2) wins the tie with Eli (seat 1); Dora (seat 0) held the PM.
    cards = page.locator("#ranking > li")
    assert [cards.nth(i).get_attribute("data-seat") for i in range(3)] == [
        "2",
        "1",
        "0",
    ]
    tie = page.locator(".tie-break")
    assert tie.get_attribute("data-tie-reason") == "next_for_praefectus_magnus"
    assert tie.is_visible()
    assert page.locator("#praefectus-magnus").get_attribute("data-seat") == "0"
    assert page.locator("#result-seat-0 [data-badge=praefectus-magnus]").is_visible()
    # The winner's card starts above the fold.
    first = page.locator("#result-seat-2").bounding_box()
    assert first is not None
    assert first["y"] < SMALL_PHONE["height"]
    page.screenshot(path=str(ARTIFACTS / "result-tie-360.png"), full_page=True)

    page.goto(f"{live_server.url}{games['long'].get_absolute_url()}")
    assert _page_width(page) <= SMALL_PHONE["width"]
    assert _within_screen(page, "#result-seat-1 .total")
    page.screenshot(path=str(ARTIFACTS / "result-long-name-360.png"), full_page=True)


def test_the_leaderboard_fits_a_small_phone_with_its_ranking_first(
    live_server, small_phone, games
):
    page = small_phone
    _sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/clubs/lisboa/stats/concordia/")
    assert _page_width(page) <= SMALL_PHONE["width"]

    # The filters are one folded button; the ranking's first row is above the fold.
    assert not page.locator("#leaderboard-filters-form").is_visible()
    first_row = page.locator("#leaderboard-table tbody tr").first.bounding_box()
    assert first_row is not None
    assert first_row["y"] + first_row["height"] <= SMALL_PHONE["height"]

    # Every row shows its name and the four key numbers within the screen,
    # the 40-character name's row included; the other columns wait.
    rows = page.locator("#leaderboard-table tbody tr")
    names = [
        rows.nth(i).locator("th.player a").inner_text() for i in range(rows.count())
    ]
    assert LONG_NAME in names
    for key in KEY_COLUMNS:
        assert _within_screen(page, f"#leaderboard-table th[data-col={key}]")
    for index in range(rows.count()):
        row = f"#leaderboard-table tbody tr:nth-child({index + 1})"
        # position, then rating, games, wins (cells 2-4) and average (cell 6).
        for cell in (2, 3, 4, 6):
            assert _within_screen(page, f"{row} td:nth-child({cell + 1})"), (row, cell)
        assert not page.locator(f"{row} td.extra").first.is_visible()
    page.screenshot(path=str(ARTIFACTS / "leaderboard-360.png"), full_page=True)

    # "More columns" shows the rest, which scroll inside the table's box.
    page.tap("label[for=more-columns]")
    assert page.locator("#leaderboard-table th[data-col=best]").is_visible()
    assert _page_width(page) <= SMALL_PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / "leaderboard-more-360.png"))

    # Sorting swaps the table with htmx; the switch stays as it was.
    page.locator("#leaderboard-table th[data-col=games] a").click()
    page.wait_for_url("**/?order=-games")
    page.locator(
        "#leaderboard-table th[data-col=games][aria-sort=descending]"
    ).wait_for()
    assert page.is_checked("#more-columns")

    # A filter change swaps the table too, and leaves the filters open.
    page.tap("#leaderboard-filters summary")
    page.select_option("#id_map", "italia")
    page.wait_for_url("**map=italia**")
    page.locator("#leaderboard-filters[data-active-filters='1']").wait_for()
    assert page.locator("#id_map").is_visible()
    assert _page_width(page) <= SMALL_PHONE["width"]
    page.screenshot(
        path=str(ARTIFACTS / "leaderboard-filtered-360.png"), full_page=True
    )


def test_the_leaderboard_switches_work_without_javascript(
    live_server, small_phone_without_js, games
):
    page = small_phone_without_js
    _sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/clubs/lisboa/stats/concordia/")
    assert not page.locator("#leaderboard-table th[data-col=best]").is_visible()
    page.tap("label[for=more-columns]")
    assert page.locator("#leaderboard-table th[data-col=best]").is_visible()
    page.tap("#leaderboard-filters summary")
    page.select_option("#id_map", "italia")
    page.click("#leaderboard-filters-form button[type=submit]")
    page.wait_for_url("**map=italia**")
    assert _page_width(page) <= SMALL_PHONE["width"]
