"""Phones at a table (issue #25): a lost race is never missed, friends join as
guests, the usual setup in a few taps, a table's Wi-Fi.

Debian's Chromium at 360×740; screenshots in artifacts/e2e/.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import time
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page

from assistant import services
from assistant.concordia import services as concordia_services
from assistant.models import AssistantGame
from clubs import services as clubs_services
from tests.conftest import PASSWORD
from tests.e2e.conftest import ARTIFACTS, new_phone

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 360, "height": 740}


def _phone(browser: Browser) -> Page:
    return new_phone(browser, SMALL_PHONE)


def _sign_in(page: Page, url: str, name: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url(re.compile(r".*/clubs/.*"))


def _club() -> tuple[User, User, Any]:
    alice = User.objects.create_user("alice", password=PASSWORD)
    bob = User.objects.create_user("bob", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    clubs_services.membership_add(club=club, user=bob)
    return alice, bob, club


def _light_game(club: Any, alice: User) -> AssistantGame:
    return concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="light",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        rng=random.Random(14),
    )


def _record(game: AssistantGame, player: str, card: str = "Mercator") -> None:
    """Another phone's move, recorded on the server."""
    game.refresh_from_db()
    services.event_append(
        game=game,
        document={"type": "play", "player": player, "card": card},
        expected_seq=game.head_seq,
    )


def test_a_lost_race_keeps_its_alert_until_dismissed(live_server, browser):
    alice, _bob, club = _club()
    game = _light_game(club, alice)
    page = _phone(browser)
    _sign_in(page, live_server.url, "alice")
    page.goto(live_server.url + game.get_absolute_url())
    page.locator("#current-player").get_by_text("Ana").wait_for()
    # This phone hears nothing for a while (its poll is held), so its tap is
    # made on the head it saw while another phone records Ana's Mercator.
    page.route("**/head/**", lambda route: route.fulfill(status=204))
    page.click("#hand >> text=Mercator")
    page.locator("#confirm").wait_for()
    _record(game, "Ana")
    page.click("#confirm")
    alert = page.locator("#kept-alerts #move-conflict")
    alert.wait_for()
    page.unroute("**/head/**")
    # Then the table moves on again: the poll reloads the panel, the alert stays.
    _record(game, "Bia")
    page.locator("#current-player").get_by_text("Caio").wait_for(timeout=3000)
    time.sleep(5)
    assert alert.is_visible()
    text = alert.inner_text()
    assert "Your move, not recorded: Ana · Mercator" in text
    assert "Recorded first: Ana · Mercator" in text
    page.screenshot(path=str(ARTIFACTS / "phones-01-race-alert.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = alert.locator("[data-dismiss]").bounding_box()
    assert box is not None
    assert box["height"] >= 48
    alert.locator("[data-dismiss]").click()
    assert page.locator("#move-conflict").count() == 0
    assert page.console_errors == []  # type: ignore[attr-defined]
    assert game.events.count() == 2


def test_a_lost_race_alert_goes_at_the_next_tap(live_server, browser):
    alice, _bob, club = _club()
    game = _light_game(club, alice)
    page = _phone(browser)
    _sign_in(page, live_server.url, "alice")
    page.goto(live_server.url + game.get_absolute_url())
    page.route("**/head/**", lambda route: route.fulfill(status=204))
    page.click("#hand >> text=Mercator")
    page.locator("#confirm").wait_for()
    _record(game, "Ana")
    page.click("#confirm")
    page.locator("#kept-alerts #move-conflict").wait_for()
    page.click("#hand >> text=Mercator")
    page.locator("#confirm").wait_for()
    assert page.locator("#move-conflict").count() == 0


def test_a_friend_joins_by_code_as_a_guest_records_a_move_and_sees_nothing_else(
    live_server, browser
):
    alice, _bob, club = _club()
    game = _light_game(club, alice)
    friend = _phone(browser)
    # The QR code's address, as the friend's camera opens it: no account.
    friend.goto(f"{live_server.url}/clubs/lisboa/assistant/join/?code={game.join_code}")
    friend.locator("#guest-form").wait_for()
    assert "Lisboa" not in friend.content()
    friend.fill("#guest-name", "Gil")
    friend.click("#join-as-guest")
    friend.locator("#current-player").get_by_text("Ana").wait_for()
    assert friend.locator("#guest-name").inner_text() == "Guest phone: Gil"
    friend.screenshot(path=str(ARTIFACTS / "phones-02-guest-turn.png"))
    friend.click("#hand >> text=Mercator")
    friend.click("#confirm")
    friend.locator("#current-player").get_by_text("Bia").wait_for()
    assert game.events.count() == 1
    assert game.events.get().created_by is None
    assert friend.console_errors == []  # type: ignore[attr-defined]
    for path in (
        "/clubs/lisboa/",
        "/clubs/lisboa/assistant/",
        f"/clubs/lisboa/assistant/{game.pk}/share/",
        "/clubs/lisboa/members/",
        "/clubs/lisboa/stats/concordia/",
    ):
        response = friend.goto(live_server.url + path)
        assert response is not None
        assert response.status == 404, path


def _finished_table(club: Any, alice: User, names: list[str]) -> None:
    """A finished game of the club with these players (so they are its last table)."""
    from games import services as games_services
    from tests.sheets import example_sheet

    sheet = example_sheet("concordia-rulebook")
    session = games_services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        place="Café",
        seats=[games_services.SeatInput(new_name=b.name) for b in sheet.players],
    )
    games_services.concordia_sheet_record(session=session, sheet=sheet)
    assert [b.name for b in sheet.players] == names


def test_the_usual_setup_for_three_club_players_in_three_taps(live_server, browser):
    alice, _bob, club = _club()
    _finished_table(club, alice, ["Ana", "Bruno", "Caio"])
    page = _phone(browser)
    _sign_in(page, live_server.url, "alice")
    page.goto(live_server.url + club.get_absolute_url())
    taps = 0
    page.click("#new-assistant-game")
    taps += 1
    page.locator("#recent-tables button").first.wait_for()
    page.screenshot(path=str(ARTIFACTS / "phones-03-chips.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("#recent-tables >> text=Ana · Bruno · Caio")
    taps += 1
    page.locator('#player-chips button[aria-pressed="true"] >> nth=2').wait_for()
    page.click("#wizard-quick-start")
    taps += 1
    page.wait_for_url("**/setup/")
    assert taps == 3
    game = AssistantGame.objects.get()
    assert [p["name"] for p in game.players] == ["Ana", "Bruno", "Caio"]

    # One chip a player, when they never sat together: 1 + 3 + 1 taps.
    page.goto(live_server.url + club.get_absolute_url())
    taps = 0
    page.click("#new-assistant-game")
    taps += 1
    for count, name in enumerate(["Caio", "Ana", "Bruno"], start=1):
        page.click(f"#player-chips >> text={name}")
        taps += 1
        page.locator(
            f'#player-chips button[aria-pressed="true"] >> nth={count - 1}'
        ).wait_for()
    page.click("#wizard-quick-start")
    taps += 1
    page.wait_for_url("**/setup/")
    assert taps == 5
    newest = AssistantGame.objects.order_by("-pk").first()
    assert newest is not None
    assert sorted(p["name"] for p in newest.players) == ["Ana", "Bruno", "Caio"]
    small = page.evaluate(
        "[...document.querySelectorAll('button, a.button')].filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).length"
    )
    assert small == 0
    assert page.console_errors == []  # type: ignore[attr-defined]


def test_a_move_tapped_without_network_is_pending_then_recorded_once(
    live_server, browser
):
    alice, _bob, club = _club()
    game = _light_game(club, alice)
    page = _phone(browser)
    _sign_in(page, live_server.url, "alice")
    page.goto(live_server.url + game.get_absolute_url())
    page.locator("#current-player").get_by_text("Ana").wait_for()
    page.click("#hand >> text=Mercator")
    page.locator("#confirm").wait_for()
    # The table's Wi-Fi drops for one tap.
    page.context.set_offline(True)
    page.click("#confirm")
    pending = page.locator("#pending-move")
    pending.wait_for(state="visible")
    assert "not recorded yet" in pending.inner_text()
    page.screenshot(path=str(ARTIFACTS / "phones-04-pending-move.png"))
    assert game.events.count() == 0
    time.sleep(3)  # a resend while still offline fails quietly, the move stays pending
    assert pending.is_visible()
    page.context.set_offline(False)
    page.locator("#current-player").get_by_text("Bia").wait_for(timeout=10000)
    pending.wait_for(state="hidden")
    time.sleep(3)
    assert game.events.count() == 1
    event = game.events.get()
    assert event.document == {"type": "play", "player": "Ana", "card": "Mercator"}
    assert event.idempotency_key


def test_the_app_is_installable_and_its_worker_leaves_pages_alone(live_server, browser):
    page = _phone(browser)
    response = page.request.get(live_server.url + "/manifest.webmanifest")
    assert response.headers["content-type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert page.request.get(live_server.url + icon["src"]).ok
    page.goto(live_server.url + "/accounts/login/")
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready"
    )
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == live_server.url + "/"
    assert page.console_errors == []  # type: ignore[attr-defined]
