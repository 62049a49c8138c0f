"""A phone's BG Stats file imported on a 360×740 phone, the wrong plays left out and listed.

With JavaScript (htmx posts the form) and without (a plain form): the file is
chosen, "Import the plays that can be imported" ticked, and the page comes
back to its list of recent imports, where the plays left out unfold with
their date, players and why. Nothing widens the page; the checkbox line and
the fold are full tap targets.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User

from clubs import services as clubs_services
from clubs.models import Club, Player
from tests.conftest import PASSWORD
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_result_and_leaderboard import SMALL_PHONE, _small_phone

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE_FILE = Path(__file__).parents[1] / "portability" / "data" / "bgstats-phone.json"


@pytest.fixture
def club() -> Club:
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    Player.objects.create(club=club, name="Ana", user=alice)
    return club


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-js"])
def test_a_phones_file_is_imported_and_its_plays_left_out_are_listed(
    live_server, browser, club, javascript
):
    phone = _small_phone(browser, javascript=javascript)
    page = next(phone)
    try:
        _import(page, live_server.url, club, "" if javascript else "-no-js")
    finally:
        next(phone, None)


def _tall_enough(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    assert box["height"] >= 44
    assert box["x"] + box["width"] <= SMALL_PHONE["width"]


def _import(page: Page, base: str, club: Club, js: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")
    page.goto(f"{base}/clubs/lisboa/backup/")
    _tall_enough(page, "label[for=id_import_valid]")
    page.set_input_files("#id_file", str(PHONE_FILE))
    page.check("#id_import_valid")
    page.click("#bgstats-form button[type=submit]")
    page.wait_for_url("**/clubs/lisboa/backup/?imported=*#recent-imports")
    assert "2 games imported." in page.content()
    fold = page.locator("#recent-imports details.left-out summary")
    assert fold.inner_text() == "3 plays left out"
    _tall_enough(page, "#recent-imports details.left-out summary")
    # The import just made shows its plays left out unfolded; a tap folds them.
    listed = page.locator("#recent-imports details.left-out li")
    assert listed.nth(0).is_visible()
    assert listed.count() == 3
    assert "2025-03-08 · Me, Bruno" in listed.nth(2).inner_text()
    assert "Unknown board “Sicilia”" in listed.nth(2).inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    assert page.evaluate("window.cspViolations") == 0
    page.screenshot(
        path=str(ARTIFACTS / f"bgstats-left-out-360{js}.png"), full_page=True
    )
    assert club.sessions.count() == 2
