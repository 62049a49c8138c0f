"""Issue #23, item 1, on a 360×740 phone: a Germania game entered by tapping its
map. No board positions exist for Germania, so the map is a schematic drawn
from the data (provinces as regions with their cities, the two start spaces on
top); every city is a tap target, the page is no wider than the phone, and the
houses tapped are stored and scored on Germania's 12 provinces."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, ViewportSize, expect

from clubs import services as clubs_services
from games import services
from games.concordia import services as board_services
from games.models import EntryMode, SeatHouse, TableSession
from scoring.types import Good
from tests.conftest import PASSWORD
from tests.e2e.conftest import ARTIFACTS
from tests.play.random_games import deal_cities

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREEN: ViewportSize = {"width": 360, "height": 740}


def _germania_game() -> TableSession:
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="germania",
        played_at=dt.datetime(2026, 11, 21, 20, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(new_name=name, colour=colour)
            for name, colour in (("Ana", "red"), ("Bruno", "blue"), ("Caio", "green"))
        ],
    )
    board_services.session_entry_mode_set(session=session, mode=EntryMode.BOARD)
    goods = {
        city: Good(good)
        for city, good in deal_cities(random.Random(7), "germania").items()
    }
    board_services.session_city_goods_set(session=session, goods=goods)
    return session


def _sign_in(page: Page, url: str) -> None:
    page.set_viewport_size(SCREEN)
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


def test_a_germania_game_entered_by_tapping_its_map(live_server, phone):
    session = _germania_game()
    page = phone
    _sign_in(page, live_server.url)
    page.goto(f"{live_server.url}{session.get_absolute_url()}board/")
    expect(page.locator('g.capital[data-start="Basilia"]')).to_be_attached()
    expect(page.locator('g.capital[data-start="Colonia Agrippina"]')).to_be_attached()

    # Ana builds in three provinces: a tap on each city of the drawing.
    for city in ("traiectum", "aliso", "bonna"):
        hit = page.locator(f"#map-{city} circle.hit")
        hit.scroll_into_view_if_needed()
        box = hit.bounding_box()
        assert box is not None
        # A city of the schematic is a 48 px target at full size.
        assert box["width"] >= 44
        assert box["height"] >= 44
        with page.expect_response(
            lambda r: r.url.endswith("/board/") and r.request.method == "POST"
        ):
            page.touchscreen.tap(
                box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            )
        page.locator(f"#map-{city} rect.house").wait_for()
    expect(page.locator("#board-notices")).to_contain_text("(3 of 15 built)")
    assert set(
        SeatHouse.objects.filter(seat__session=session).values_list("city", flat=True)
    ) == {"Traiectum", "Aliso", "Bonna"}
    page.locator("#map-aliso").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-germania-360.png"))
    # At full size the schematic needs no sideways scrolling in its frame.
    inner, frame = page.evaluate(
        """[document.getElementById('map-scroll').scrollWidth,
            document.getElementById('map-scroll').clientWidth]"""
    )
    assert inner <= frame, (inner, frame)

    # The whole schematic fits the phone's width.
    page.get_by_role("button", name="Whole map").tap()
    svg = page.locator("#map-scroll .board-map").bounding_box()
    assert svg is not None
    assert svg["x"] >= 0
    assert svg["x"] + svg["width"] <= SCREEN["width"]
    page.screenshot(path=str(ARTIFACTS / "board-germania-whole-360.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]

    # The board score counts Germania's provinces: 3 houses in 3 provinces.
    page.goto(f"{live_server.url}{session.get_absolute_url()}board/score/")
    expect(page.locator("body")).to_contain_text("Germania")
    assert page.console_errors == []
    assert page.csp_violations == []
