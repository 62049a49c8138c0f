"""Venus on a phone at 360×740: a team game entered on the sheet shows the
winning team; a short assistant game with Venus reaches its final sheet.

The assistant game is on Hellas (Venus' own board). Screenshots in
artifacts/e2e/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, ViewportSize, expect

from clubs import services as clubs_services
from tests.e2e.conftest import ARTIFACTS
from tests.factories import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL: ViewportSize = {"width": 360, "height": 740}
TEAMS = json.loads(
    (
        Path(__file__).resolve().parents[1]
        / "scoring"
        / "data"
        / "concordia-venus-teams.json"
    ).read_text(encoding="utf-8")
)


def _sign_in(page: Page, url: str) -> None:
    alice = User.objects.create_user("alice", password=PASSWORD)
    clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    page.set_viewport_size(SMALL)
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")


def _fits(page: Page, width: int = 360) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_venus_team_game_entered_on_the_sheet_shows_the_winning_team(
    live_server, phone
):
    page = phone
    _sign_in(page, live_server.url)
    page.click("text=Enter a finished game")
    page.check("input[name=expansions][value=venus]")
    page.check("#id_team_play")
    for seat, player in enumerate(TEAMS["players"]):
        page.fill(f"#id_seat{seat}_new_name", player["name"])
    page.screenshot(path=str(ARTIFACTS / "venus-01-new-team-game.png"), full_page=True)
    _fits(page)
    page.click("text=Seat the players")
    page.wait_for_url("**/sheet/")
    # The seats carry their teams: Ana and Caio are A, Bia and Duda B.
    expect(page.locator("#s0 legend .team").first).to_have_text("Team A")
    for seat, player in enumerate(TEAMS["players"]):
        page.click(f"#tab-s{seat}")
        values = {
            "sestertii": player["sestertii"],
            "colonists_on_board": player["colonists_on_board"],
            "provinces": player["provinces"],
            "venus_team_provinces": player["venus_team_provinces"],
            **{f"storehouse_{g}": n for g, n in player["storehouse"].items()},
            **{f"houses_{g}": n for g, n in player["houses"].items()},
            **{f"cards_{g}": n for g, n in player["cards"].items()},
        }
        for field, value in values.items():
            page.fill(f"#id_s{seat}-{field}", str(value))
        for specialist in player.get("specialists", []):
            page.check(f"#s{seat}-specialists-{specialist}")
    page.check("input[name=praefectus_magnus][value='1']")
    page.check("input[name=concordia_card][value='0']")
    preview = page.locator("#score-preview")
    preview.get_by_text("Winning team: Team B (Bia and Duda)").wait_for()
    page.screenshot(path=str(ARTIFACTS / "venus-02-team-sheet.png"), full_page=True)
    _fits(page)

    page.click("text=Save the result")
    page.wait_for_url("**/games/*/")
    expect(page.locator("#winner-team")).to_have_text(
        "Winning team: Team B (Bia and Duda)"
    )
    expect(page.locator("#teams li[data-team=B]")).to_have_attribute(
        "data-total", "132"
    )
    page.get_by_text(
        "Venus: 2 cards × 3 provinces shared with the partner = 6"
    ).first.wait_for()
    page.screenshot(path=str(ARTIFACTS / "venus-03-team-result.png"), full_page=True)
    _fits(page)
    assert page.csp_violations == []
    assert page.console_errors == []


def test_a_short_assistant_game_with_venus_to_its_final_sheet(live_server, phone):
    page = phone
    _sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/clubs/lisboa/assistant/new/")
    for seat, name in enumerate(["Ana", "Bia"]):
        page.fill(f"#id_seat{seat}_new_name", name)
    for step in ("colours", "seating", "map"):
        page.click("#wizard-next")
        page.locator(f"#wizard-panel[data-step={step}]").wait_for()
    page.click("button[value=hellas]")
    # The modules: Venus, individual play, on the cloth and wine side.
    page.locator("#no-team-play").wait_for()
    page.screenshot(path=str(ARTIFACTS / "venus-04-wizard-modules.png"), full_page=True)
    _fits(page)
    page.click("#venus-choice label.choice:has(input[value=on])")
    page.click("#display-side-choice label.choice:has(input[value=wine])")
    page.click("#wizard-next")
    page.click("button[value=light]")
    page.click("#wizard-start")
    page.wait_for_url("**/setup/")
    page.click("#start-playing")
    page.locator("#current-player").get_by_text("Ana").wait_for()
    page.screenshot(path=str(ARTIFACTS / "venus-05-turn.png"), full_page=True)
    _fits(page)

    # Ana's Mercator, Bia's Mercator, then Ana's Magister repeats her Mercator.
    for name in ("Ana", "Bia"):
        page.click("#hand >> text=Mercator")
        page.click("#confirm")
        page.locator("#current-player").get_by_text(
            "Bia" if name == "Ana" else "Ana"
        ).wait_for()
    page.click("#hand >> text=Magister")
    expect(page.locator("#helper-card")).to_have_text("Magister → Mercator")
    page.screenshot(path=str(ARTIFACTS / "venus-06-magister.png"), full_page=True)
    _fits(page)
    page.click("#confirm")
    page.locator("#current-player").get_by_text("Bia").wait_for()
    # Bia's Architect builds her 15th house: the game ends after Ana's turn.
    page.click("#hand >> text=Architect")
    page.check("input[name=fifteenth_house]")
    page.click("#confirm")
    page.locator("#current-player").get_by_text("Ana").wait_for()
    page.click("#hand >> text=Architect")
    page.click("#confirm")
    page.click("#open-sheet")
    page.wait_for_url("**/sheet/")
    # The final sheet opens with the cards tracked: Ana's Magister for Venus;
    # Bia's 15th house took the Concordia card, and the Praefectus Magnus
    # stayed with her (the last player; no Prefect was played).
    expect(page.locator("#id_map")).to_have_value("hellas")
    expect(page.locator("input[name=concordia_card][value='1']")).to_be_checked()
    expect(page.locator("input[name=praefectus_magnus][value='1']")).to_be_checked()
    expect(page.locator("#id_s0-cards_venus")).to_have_value("1")
    expect(page.locator("#id_s0-venus_provinces")).to_have_value("0")
    page.screenshot(path=str(ARTIFACTS / "venus-07-final-sheet.png"), full_page=True)
    _fits(page)
    assert page.csp_violations == []
    assert page.console_errors == []
