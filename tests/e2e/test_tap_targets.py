"""The account pages at phone size: every link and button is a full tap target.

A walk-through found "Forgot your password?" and "Create an account" 19 px tall:
a thumb at a noisy table misses them.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.urls import reverse

from assistant.concordia import services as concordia_services
from clubs import services as clubs_services
from games import services
from tests.conftest import PASSWORD

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL = """() => [...document.querySelectorAll('main a, main button')]
  .filter((e) => e.offsetParent && e.getBoundingClientRect().height < 44)
  .map((e) => e.textContent.trim())"""
# The assistant's controls: folds, links, buttons and selects, in the page's main
# part and in its header and footer (sign out, the language) too.
ASSISTANT_SMALL = """() => [...document.querySelectorAll(
    ':is(main, header.top, footer.bottom) :is(a, button, summary, select)')]
  .filter((e) => e.offsetParent && e.getBoundingClientRect().height < 48)
  .map((e) => e.textContent.trim())"""
BOXES = "(links) => links.map((e) => e.getBoundingClientRect().toJSON())"


@pytest.mark.parametrize(
    "name", ["login", "signup", "password_reset", "password_reset_done"]
)
def test_every_link_and_button_of_the_account_pages_is_44_px_tall(
    live_server: LiveServer, phone: Page, name: str
) -> None:
    phone.goto(f"{live_server.url}{reverse(name)}")
    assert phone.evaluate("document.querySelectorAll('main a, main button').length")
    assert phone.evaluate(SMALL) == []


def _sign_in(page: Page, base: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base}{reverse('login')}")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


def test_each_problem_link_of_the_score_sheet_is_44_px_tall(
    live_server: LiveServer, phone: Page
) -> None:
    """A walk-through found the sheet's list of problems (each a link to its field)
    19 px tall per line: "Ana: This field is required." was a thin strip to hit."""
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 4, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=name) for name in ("Ana", "Bia")],
    )
    _sign_in(phone, live_server.url)
    phone.goto(f"{live_server.url}{session.get_absolute_url()}sheet/")
    phone.fill("[name=s0-cards_mars]", "")
    phone.fill("[name=s0-sestertii]", "-5")
    links = phone.locator(".problems a")
    links.nth(3).wait_for()
    heights = [box["height"] for box in links.evaluate_all(BOXES)]
    assert len(heights) == 4  # Mars empty, sestertii below 0, no PM, no ender
    assert min(heights) >= 44


@pytest.mark.parametrize("screen", ["setup/", ""])
def test_every_control_of_the_assistant_s_setup_and_turn_is_48_px_tall(
    live_server: LiveServer, phone: Page, screen: str
) -> None:
    """A walk-through found the setup's "Show the cities", "Start playing" and
    "Other phones" at the sheet's 44 px: the assistant's pages ask for 48."""
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="full",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "blue")],
    )
    _sign_in(phone, live_server.url)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}{screen}")
    assert phone.evaluate(ASSISTANT_SMALL) == []


@pytest.mark.parametrize(
    "path", ["assistant/", "assistant/new/", "assistant/join/?code=ZZZZZZ"]
)
def test_the_assistant_s_list_wizard_and_join_pages_have_48_px_controls(
    live_server: LiveServer, phone: Page, path: str
) -> None:
    """The same walk-through found their "Demo club" link, "Join" and "Import" at 44 px."""
    alice = User.objects.create_user("alice", password=PASSWORD)
    clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    _sign_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/clubs/lisboa/{path}")
    assert phone.evaluate("document.querySelectorAll('main a, main button').length")
    assert phone.evaluate(ASSISTANT_SMALL) == []


def test_the_join_button_keeps_its_padding_in_ukrainian(
    live_server: LiveServer, phone: Page
) -> None:
    """The code field squeezed "Приєднатися" until its text ran over the button's edges."""
    alice = User.objects.create_user("alice", password=PASSWORD)
    clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    _sign_in(phone, live_server.url)
    phone.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "uk", "url": live_server.url}]
    )
    phone.goto(f"{live_server.url}/clubs/lisboa/assistant/")
    button = phone.locator("#join-form button")
    assert button.inner_text() == "Приєднатися"
    assert button.evaluate("(b) => b.scrollWidth <= b.clientWidth")


# Pairs of controls closer than 4 px to each other (one above the other, or side
# by side on one row): a thumb aiming at one hits the other.
TOUCHING = """(selector) => {
  const boxes = [...document.querySelectorAll(selector)]
    .filter((e) => e.offsetParent).map((e) => [e.textContent.trim(), e.getBoundingClientRect()]);
  const close = [];
  for (const [i, [a, r]] of boxes.entries()) {
    for (const [b, s] of boxes.slice(i + 1)) {
      const apart = Math.max(s.top - r.bottom, r.top - s.bottom, s.left - r.right, r.left - s.right);
      if (apart < 4) close.push(`${a} / ${b}`);
    }
  }
  return close;
}"""


@pytest.mark.parametrize("path", ["", "assistant/"])
def test_the_club_s_and_the_assistant_s_buttons_never_touch(
    live_server: LiveServer, phone: Page, path: str
) -> None:
    """The walk-through found the club page's four buttons stacked with no gap at 360 px."""
    alice = User.objects.create_user("alice", password=PASSWORD)
    clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    _sign_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/clubs/lisboa/{path}")
    assert phone.evaluate(TOUCHING, "main .button") == []
