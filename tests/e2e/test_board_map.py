"""Issue #15, part 2, on a 360 px phone: a tap on the map keeps the page where it
is and brings back a small fragment, houses are big enough to see, the count
tables fit, and city goods take one tap per city (on the map or on its chips)."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, Response, ViewportSize, expect

from clubs import services as clubs_services
from games import services
from games.concordia import services as board_services
from games.models import EntryMode, SeatCard, SeatHouse, SessionCity, TableSession
from tests.conftest import PASSWORD
from tests.e2e.conftest import ARTIFACTS
from tests.rulebook_board import IMPERIUM_GOODS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREEN: ViewportSize = {"width": 360, "height": 740}
# Where the page and the map inside it are scrolled to.
_WHERE = """[window.scrollY, document.getElementById('map-scroll').scrollLeft,
    document.getElementById('map-scroll').scrollTop]"""


def _game(goods: bool) -> TableSession:
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 21, 20, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(new_name=name, colour=colour)
            for name, colour in (
                ("Ana", "red"),
                ("Bruno", "blue"),
                ("Caio", "green"),
                ("Dora", "yellow"),
                ("Eli", "black"),
            )
        ],
    )
    board_services.session_entry_mode_set(session=session, mode=EntryMode.BOARD)
    if goods:
        board_services.session_city_goods_set(session=session, goods=IMPERIUM_GOODS)
    return session


def _sign_in(page: Page, url: str) -> None:
    page.set_viewport_size(SCREEN)
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


def test_a_tap_on_the_map_keeps_the_page_and_sends_back_a_fragment(live_server, phone):
    session = _game(goods=True)
    page = phone
    _sign_in(page, live_server.url)
    page.goto(f"{live_server.url}{session.get_absolute_url()}board/")
    full = len(page.content())
    page.locator("#map-scroll").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 40)")

    for city in ("vindobona", "sirmium"):
        hit = page.locator(f"#map-{city} circle.hit")
        hit.scroll_into_view_if_needed()
        box = hit.bounding_box()
        assert box is not None
        before = page.evaluate(_WHERE)
        # A finger on the city: no scrolling by the test itself.
        with page.expect_response(
            lambda r: r.url.endswith("/board/") and r.request.method == "POST"
        ) as answer:
            page.touchscreen.tap(
                box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            )
        response: Response = answer.value
        body = response.text()
        page.locator(f"#map-{city} rect.house").wait_for()
        # The page and the map stay where the finger was.
        after = page.evaluate(_WHERE)
        assert after == before
        # Only what changed came back: no page, not the whole board region.
        assert "<html" not in body
        assert 'id="board-main"' not in body
        assert len(body) * 4 < full, (len(body), full)
        assert response.headers["hx-reswap"] == "none"
        print(f"map tap: {len(body)} bytes back, the page is {full}")

    # The list's button does the same, and the page stays where it was too.
    button = page.locator("#house-tomis")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    before = page.evaluate("window.scrollY")
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#house-tomis")).to_have_attribute("aria-pressed", "true")
    page.locator("#map-tomis rect.house").wait_for(state="attached")
    assert page.evaluate("window.scrollY") == before
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#house-tomis")).to_have_attribute("aria-pressed", "false")
    assert page.locator("#map-tomis rect.house").count() == 0

    expect(page.locator("#board-notices")).to_contain_text("(2 of 15 built)")
    assert page.locator("#map-vindobona").get_attribute("class") == "city mine"
    expect(page.locator("#row-vindobona button")).to_have_attribute(
        "aria-pressed", "true"
    )
    assert set(
        SeatHouse.objects.filter(seat__session=session).values_list("city", flat=True)
    ) == {"Vindobona", "Sirmium"}
    # A house is a square of at least 16 px on the phone's screen.
    house = page.locator("#map-vindobona rect.house").bounding_box()
    assert house is not None
    assert house["width"] >= 16
    assert house["height"] >= 16
    page.screenshot(path=str(ARTIFACTS / "board-map-tap.png"))

    # Nothing is wider than the phone, the count tables included.
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    widths = page.evaluate(
        """[...document.querySelectorAll('table.board-counts, table.scoreboard')]
            .map(t => [t.scrollWidth, t.parentElement.clientWidth])"""
    )
    assert len(widths) == 3
    assert all(inner <= outer for inner, outer in widths), widths
    page.locator("#board-counts").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-counts.png"))
    assert page.console_errors == []
    assert page.csp_violations == []


# Row labels that a table broke inside a word: more lines than words.
BROKEN_WORDS = """(selector) => [...document.querySelectorAll(selector)].filter((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return lines.size > e.textContent.trim().split(/\\s+/).length;
  }).map((e) => e.textContent.trim())"""


def test_the_whole_map_draws_houses_to_see_and_a_tap_zooms_into_its_region(
    live_server, phone
):
    session = _game(goods=True)
    seats = list(session.seats.order_by("seat_order"))
    for seat in seats:
        board_services.seat_house_set(seat=seat, city="Vindobona", built=True)
    board_services.seat_house_set(seat=seats[0], city="Tomis", built=True)
    page = phone
    _sign_in(page, live_server.url)
    page.goto(f"{live_server.url}{session.get_absolute_url()}board/")

    page.get_by_role("button", name="Whole map").tap()
    box = page.locator("#map-scroll")
    expect(box).to_have_class("map-scroll fit")
    # The whole map fits the phone's width ...
    svg = page.locator("#map-scroll .board-map").bounding_box()
    assert svg is not None
    assert svg["x"] >= 0
    assert svg["x"] + svg["width"] <= SCREEN["width"]
    # ... and every house on it is drawn at least 12 px, the five in Vindobona
    # side by side, none over another.
    houses = [
        house.bounding_box() for house in page.locator("#map-scroll rect.house").all()
    ]
    assert len(houses) == 6
    for house in houses:
        assert house is not None
        assert house["width"] >= 12
        assert house["height"] >= 12
    row = sorted(
        (b["x"], b["x"] + b["width"])
        for b in (
            page.locator("#map-vindobona rect.house").nth(i).bounding_box()
            for i in range(5)
        )
        if b is not None
    )
    assert all(
        left >= right - 0.5 for (_l, right), (left, _r) in itertools.pairwise(row)
    )
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-whole-map.png"))

    # A city there is too small to hit: a tap zooms into its region and builds
    # nothing; at full size the city is a 44 px target and a tap builds.
    sirmium = page.locator("#map-sirmium circle.good").bounding_box()
    assert sirmium is not None
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.method))
    page.touchscreen.tap(
        sirmium["x"] + sirmium["width"] / 2, sirmium["y"] + sirmium["height"] / 2
    )
    expect(box).to_have_class("map-scroll")
    expect(page.get_by_role("button", name="Whole map")).to_have_attribute(
        "aria-pressed", "false"
    )
    hit = page.locator("#map-sirmium circle.hit").bounding_box()
    frame = box.bounding_box()
    assert hit is not None
    assert frame is not None
    assert hit["width"] >= 44
    assert hit["height"] >= 44
    # Sirmium is in view inside the map's frame, near its middle.
    middle = hit["x"] + hit["width"] / 2, hit["y"] + hit["height"] / 2
    assert frame["x"] <= middle[0] <= frame["x"] + frame["width"]
    assert frame["y"] <= middle[1] <= frame["y"] + frame["height"]
    assert abs(middle[0] - (frame["x"] + frame["width"] / 2)) < frame["width"] / 4
    assert abs(middle[1] - (frame["y"] + frame["height"] / 2)) < frame["height"] / 4
    # The zoomed map, taller, is brought whole into the screen.
    assert frame["y"] >= 0
    assert frame["y"] + frame["height"] <= SCREEN["height"] + 1  # sub-pixel
    assert "POST" not in requests
    assert page.locator("#map-sirmium rect.house").count() == 0
    page.screenshot(path=str(ARTIFACTS / "board-whole-map-zoomed.png"))
    page.touchscreen.tap(*middle)
    page.locator("#map-sirmium rect.house").wait_for()
    assert set(
        SeatHouse.objects.filter(seat=seats[0]).values_list("city", flat=True)
    ) == {"Vindobona", "Tomis", "Sirmium"}

    # The count tables fit the phone and break no label inside a word.
    page.locator("#board-counts").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    assert page.evaluate(BROKEN_WORDS, "table.board-counts tbody th") == []
    page.screenshot(path=str(ARTIFACTS / "board-counts-360.png"))
    assert page.console_errors == []
    assert page.csp_violations == []


def test_a_tap_on_a_card_keeps_the_page_and_sends_back_a_fragment(live_server, phone):
    session = _game(goods=True)
    page = phone
    _sign_in(page, live_server.url)
    page.goto(f"{live_server.url}{session.get_absolute_url()}board/cards/?seat=1")
    full = len(page.content())

    # Bruno buys a Colonist (deck II) and a Consul (deck III), far down the page.
    for card in (12, 20):
        button = page.locator(f"#card-{card} button")
        button.scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, 40)")
        box = button.bounding_box()
        assert box is not None
        before = page.evaluate("window.scrollY")
        with page.expect_response(
            lambda r: r.url.endswith("/board/cards/") and r.request.method == "POST"
        ) as answer:
            page.touchscreen.tap(
                box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            )
        response: Response = answer.value
        body = response.text()
        expect(page.locator(f"#card-{card} button")).to_have_attribute(
            "aria-pressed", "true"
        )
        assert page.evaluate("window.scrollY") == before
        assert "<html" not in body
        assert 'id="cards-main"' not in body
        assert response.headers["hx-reswap"] == "none"
        print(f"card tap: {len(body)} bytes back, the page is {full}")

    # The counts by god and the score followed: Bruno has a second Mars card
    # (2 × 2 colonists × 2 = 8) and a third Jupiter card (no houses: 0).
    mars = page.locator("#board-counts tr:has(th:text-is('Mars')) td")
    expect(mars).to_have_text(["1", "2", "1", "1", "1"])
    jupiter = page.locator("#board-counts tr:has(th:text-is('Jupiter')) td")
    expect(jupiter).to_have_text(["2", "3", "2", "2", "2"])
    expect(page.locator("#score-preview tr.total td")).to_have_text(
        ["4", "8", "4", "4", "4"]
    )
    assert set(
        SeatCard.objects.filter(seat__session=session).values_list(
            "seat__seat_order", "card"
        )
    ) == {(1, 12), (1, 20)}
    page.screenshot(path=str(ARTIFACTS / "board-cards-tap.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    assert page.console_errors == []
    assert page.csp_violations == []


def test_city_goods_take_one_tap_per_city_on_the_map_or_its_chips(live_server, phone):
    session = _game(goods=False)
    page = phone
    _sign_in(page, live_server.url)
    page.goto(f"{live_server.url}{session.get_absolute_url()}board/cities/")
    assert page.locator("select").count() == 1  # the language picker, no more
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]

    # On the map, a tap moves a city on to the next good: brick, then food.
    vindobona = page.locator("#map-vindobona circle.hit")
    vindobona.tap()
    expect(page.locator("#city-vindobona input[value='brick']")).to_be_checked()
    expect(page.locator("#map-vindobona circle.good")).to_have_class("good good-brick")
    vindobona.tap()
    expect(page.locator("#city-vindobona input[value='food']")).to_be_checked()
    page.screenshot(path=str(ARTIFACTS / "cities-map.png"))

    # The chips: one tap per city.
    taps = 0
    for city, good in IMPERIUM_GOODS.items():
        slug = city.lower().replace(" ", "-")
        page.locator(
            f"#city-{slug} label.good-chip:has(input[value='{good.value}'])"
        ).tap()
        taps += 1
    assert taps == 30
    page.screenshot(path=str(ARTIFACTS / "cities-chips.png"))
    page.click("text=Save the goods")
    page.get_by_text("City goods saved.").wait_for()
    assert dict(
        SessionCity.objects.filter(session=session).values_list("city", "good")
    ) == {city: good.value for city, good in IMPERIUM_GOODS.items()}
    assert page.console_errors == []
    assert page.csp_violations == []
