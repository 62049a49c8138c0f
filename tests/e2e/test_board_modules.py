"""Issue #23, item 1, with the modules, on a 360×740 phone: a Salsa game on
Byzantium (salt cities, salt in a storehouse, the forum's points) and a Venus
team game, each entered by tapping: the city goods, the houses on the map, the
cards bought, then money and storehouse; the result page shows what the
hand-counted sheet of the same table gives (tests/module_boards.py), the
winning team for Venus. Screenshots in artifacts/e2e/."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import User
from django.utils.text import slugify
from playwright.sync_api import Page, ViewportSize, expect

from clubs import services as clubs_services
from games import services
from games.models import SeatResult, TableSession
from scoring.types import Good
from tests.e2e.conftest import ARTIFACTS
from tests.factories import PASSWORD
from tests.module_boards import (
    BYZANTIUM_SALT_GOODS,
    SALSA_CONCORDIA,
    SALSA_PRAEFECTUS,
    SALSA_SEATS,
    SALSA_TOTALS,
    VENUS_CONCORDIA,
    VENUS_PRAEFECTUS,
    VENUS_SEATS,
    VENUS_TOTALS,
    TappedSeat,
)
from tests.rulebook_board import IMPERIUM_GOODS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREEN: ViewportSize = {"width": 360, "height": 740}
COLOURS = ("red", "blue", "green", "yellow")


def _game(
    map_name: str, expansions: list[str], seats: tuple[TappedSeat, ...]
) -> TableSession:
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    return services.session_create(
        club=club,
        created_by=alice,
        map_name=map_name,
        expansions=expansions,
        played_at=dt.datetime(2026, 11, 27, 20, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(new_name=seat.name, colour=colour, team=seat.team)
            for seat, colour in zip(seats, COLOURS, strict=False)
        ],
    )


def _sign_in(page: Page, url: str) -> None:
    page.set_viewport_size(SCREEN)
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]


def _switch_to_the_board(page: Page, url: str, session: TableSession) -> None:
    page.goto(f"{url}{session.get_absolute_url()}sheet/")
    page.click("text=Tap the board instead of counting")
    page.wait_for_url("**/board/cities/")


def _deal(page: Page, goods: dict[str, Good], shot: str) -> None:
    for city, good in goods.items():
        page.click(f"#city-{slugify(city)} label.good-chip:has(input[value='{good}'])")
    page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
    _fits(page)
    page.click("text=Save the goods")
    expect(page.locator("body")).to_contain_text("City goods saved.")


def _choose(page: Page, order: int, name: str) -> None:
    """Tap the player's name; the page is theirs once its address says so."""
    page.click(f".seat-picker >> text={name}")
    page.wait_for_url(f"**?seat={order}")
    page.locator(".seat-picker a[aria-current='true']").get_by_text(name).wait_for()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def _build(page: Page, seats: tuple[TappedSeat, ...]) -> None:
    page.click(".board-steps >> text=Houses")
    page.wait_for_url("**/board/")
    for order, seat in enumerate(seats):
        _choose(page, order, seat.name)
        for city in sorted(seat.houses):
            mark = page.locator(f"#map-{slugify(city)}")
            hit = mark.locator("circle.hit")
            hit.scroll_into_view_if_needed()
            box = hit.bounding_box()
            assert box is not None
            # A finger on the city's 48 px target.
            with page.expect_response(
                lambda r: r.url.endswith("/board/") and r.request.method == "POST"
            ):
                page.touchscreen.tap(
                    box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                )
            expect(mark).to_have_class(re.compile(r"\bmine\b"))
        expect(page.locator("#board-notices")).to_contain_text(
            f"({len(seat.houses)} of 15 built)"
        )


def _buy(page: Page, seats: tuple[TappedSeat, ...]) -> None:
    page.click(".board-steps >> text=Cards")
    page.wait_for_url("**/board/cards/**")
    for order, seat in enumerate(seats):
        _choose(page, order, seat.name)
        for card in sorted(seat.cards):
            page.click(f"#card-{card} button")
            expect(page.locator(f"#card-{card} button")).to_have_attribute(
                "aria-pressed", "true"
            )


def _score(
    page: Page,
    seats: tuple[TappedSeat, ...],
    *,
    praefectus: int,
    concordia: int,
    forum: bool,
) -> None:
    page.click(".board-steps >> text=Score")
    page.wait_for_url("**/board/score/")
    for order, seat in enumerate(seats):
        page.fill(f"#id_s{order}-sestertii", str(seat.sestertii))
        page.fill(f"#id_s{order}-colonists_on_board", str(seat.colonists_on_board))
        for good, count in seat.storehouse.nonzero().items():
            page.fill(f"#id_s{order}-storehouse_{good}", str(count))
        if forum:
            page.fill(f"#id_s{order}-forum_points", str(seat.forum_points))
    page.check(f"input[name=praefectus_magnus][value='{praefectus}']")
    page.check(f"input[name=concordia_card][value='{concordia}']")


def _totals(session: TableSession) -> dict[str, int]:
    return {
        result.seat.player.name: result.total
        for result in SeatResult.objects.filter(session=session).select_related(
            "seat__player"
        )
    }


def test_a_salsa_game_on_byzantium_entered_by_tapping_its_map(live_server, phone):
    session = _game("byzantium", ["salt", "forum"], SALSA_SEATS)
    page = phone
    _sign_in(page, live_server.url)
    _switch_to_the_board(page, live_server.url, session)
    # Each letter's tokens include one salt.
    for letter in "ABC":
        expect(page.locator(f"#tokens-{letter}")).to_contain_text("1 salt")
    _deal(page, BYZANTIUM_SALT_GOODS, "board-salsa-01-cities-360.png")

    _build(page, SALSA_SEATS)
    # Ana's two salt houses, counted under the map.
    salt = page.locator("table.board-counts tr", has_text="salt").first
    expect(salt).to_contain_text("2")
    page.locator("#map-appia").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-salsa-02-map-360.png"))
    page.locator("table.board-counts").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-salsa-03-counts-360.png"))
    _fits(page)

    _buy(page, SALSA_SEATS)
    _score(
        page,
        SALSA_SEATS,
        praefectus=SALSA_PRAEFECTUS,
        concordia=SALSA_CONCORDIA,
        forum=True,
    )
    page.locator("#s0").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-salsa-04-score-360.png"))
    _fits(page)
    page.click("button[value=save]")
    page.wait_for_url(f"**{session.get_absolute_url()}")
    expect(page.locator("body")).to_contain_text("Game saved and scored.")
    page.screenshot(
        path=str(ARTIFACTS / "board-salsa-05-result-360.png"), full_page=True
    )
    _fits(page)
    assert _totals(session) == SALSA_TOTALS
    assert page.console_errors == []
    assert page.csp_violations == []


def test_a_venus_team_game_entered_by_tapping_shows_the_winning_team(
    live_server, phone
):
    session = _game("imperium", ["venus"], VENUS_SEATS)
    page = phone
    _sign_in(page, live_server.url)
    _switch_to_the_board(page, live_server.url, session)
    _deal(page, IMPERIUM_GOODS, "board-venus-01-cities-360.png")
    _build(page, VENUS_SEATS)
    shared = page.locator("table.board-counts tr", has_text="both partners")
    expect(shared).to_contain_text("2")
    shared.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-venus-02-counts-360.png"))
    _fits(page)

    _buy(page, VENUS_SEATS)
    page.locator("#card-31").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-venus-03-cards-360.png"))
    _fits(page)
    _score(
        page,
        VENUS_SEATS,
        praefectus=VENUS_PRAEFECTUS,
        concordia=VENUS_CONCORDIA,
        forum=False,
    )
    # Venus' long count labels wrap inside the phone's width.
    page.locator("#s0 .derived").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-venus-04-score-360.png"))
    _fits(page)
    page.click("button[value=save]")
    page.wait_for_url(f"**{session.get_absolute_url()}")
    winner = page.locator("#winner-team")
    expect(winner).to_have_attribute("data-team", "A")
    expect(winner).to_contain_text("Ana and Caio")
    page.screenshot(
        path=str(ARTIFACTS / "board-venus-05-result-360.png"), full_page=True
    )
    _fits(page)
    assert _totals(session) == VENUS_TOTALS
    assert page.console_errors == []
    assert page.csp_violations == []
