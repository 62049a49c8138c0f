"""Deleting a game on a 360×740 phone: asked first, then "Undo" on the club page.

With JavaScript (htmx posts the forms) and without (plain forms); nothing may
widen the page, and the Undo button is a full tap target.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User

from clubs import services as clubs_services
from games import services
from games.models import TableSession
from tests.conftest import PASSWORD, example_sheet
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_result_and_leaderboard import SMALL_PHONE, _small_phone

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def game() -> TableSession:
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    sheet = example_sheet("concordia-rulebook")
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name=sheet.map.value,
        played_at=dt.datetime(2026, 11, 4, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=board.name) for board in sheet.players],
    )
    services.concordia_sheet_record(session=session, sheet=sheet)
    return session


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-js"])
def test_a_game_is_deleted_after_asking_and_undone_from_the_club_page(
    live_server, browser, game, javascript
):
    phone = _small_phone(browser, javascript=javascript)
    page = next(phone)
    try:
        _delete_and_undo(page, live_server.url, game, "" if javascript else "-no-js")
    finally:
        next(phone, None)


def _delete_and_undo(page: Page, base: str, game: TableSession, js: str) -> None:
    live_url = base
    page.goto(f"{live_url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")
    edit = f"{live_url}/clubs/lisboa/games/{game.pk}/edit/"
    page.goto(edit)
    page.click("text=Delete this game…")
    page.wait_for_url(f"**/games/{game.pk}/delete/")
    assert page.locator("h1").inner_text() == "Delete this game?"
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / f"delete-confirm-360{js}.png"), full_page=True)
    assert TableSession.objects.filter(pk=game.pk).exists()

    page.click("button.danger")
    page.wait_for_url("**/clubs/lisboa/")
    undo = page.locator("#recently-deleted button")
    assert undo.is_visible()
    box = undo.bounding_box()
    assert box is not None
    assert box["height"] >= 44
    assert box["x"] + box["width"] <= SMALL_PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / f"delete-undo-360{js}.png"), full_page=True)
    assert not TableSession.objects.filter(pk=game.pk).exists()

    undo.click()
    page.wait_for_url(f"**/clubs/lisboa/games/{game.pk}/")
    assert "Game restored." in page.content()
    assert TableSession.objects.filter(pk=game.pk).exists()
