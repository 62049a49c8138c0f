"""A live preview that gets no answer says so at the foot of the screen, and the note goes once one does."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Route, expect

from clubs import services as clubs_services
from games import services
from tests.e2e.conftest import ARTIFACTS
from tests.factories import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_preview_the_server_cannot_answer_is_reported_and_nothing_typed_is_lost(
    live_server, phone
):
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=name) for name in ("Ana", "Bruno")],
    )
    page = phone
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")
    page.goto(f"{live_server.url}{session.get_absolute_url()}sheet/")
    note = page.locator("#request-failed")
    expect(note).to_be_hidden()

    # The database restarting: the app answers 503 (concordia_site/errors.py).
    def unavailable(route: Route) -> None:
        route.fulfill(status=503, body="Back in a moment", headers={"Retry-After": "5"})

    page.route("**/sheet/preview/", unavailable)
    page.fill("#id_s0-sestertii", "13")
    expect(note).to_be_visible()
    expect(note).to_have_text(
        "The server did not answer. Nothing you typed is lost: try again in a moment."
    )
    page.screenshot(path=str(ARTIFACTS / "20-request-failed.png"), full_page=False)
    assert page.input_value("#id_s0-sestertii") == "13"

    page.unroute("**/sheet/preview/")
    page.click("#tab-s1")
    page.fill("#id_s1-sestertii", "21")
    expect(note).to_be_hidden()
    # The server's answer arrived: the half-filled sheet's problems.
    expect(page.locator("#score-preview")).to_contain_text(
        "Say who holds the Praefectus Magnus at the end of the game"
    )
    assert page.csp_violations == []
    # The browser reports the refused request, and htmx its response error;
    # nothing else may have gone wrong.
    assert all(
        "503" in error
        or "htmx:responseError" in error
        or "Response Status Error" in error
        for error in page.console_errors
    ), page.console_errors
