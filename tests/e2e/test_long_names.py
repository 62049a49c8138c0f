"""A 40-character club or player name without spaces never widens a page past 360 px."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from django.contrib.auth.models import User

from clubs import services as clubs_services
from clubs.models import Player
from games import services
from stats import services as stats_services
from tests.conftest import PASSWORD, example_sheet
from tests.e2e.conftest import ARTIFACTS, CSP_LISTENER

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CLUB = "Associacaorecreativadosjogadoresdelisboa"  # 40 characters, no space
NAMES = (
    "Anastasiamariafernandesdasilvacarvalhoab",
    "Brunoalexandremonteirodasilvapereiracost",
    "Caioaugustorodriguesdesousamartinsferrei",
)


def _game(alice: User) -> tuple[str, int]:
    club = clubs_services.club_create(name=CLUB, slug="long", owner=alice)
    sheet = example_sheet("concordia-rulebook")
    sheet = dataclasses.replace(
        sheet,
        players=tuple(
            dataclasses.replace(board, name=name)
            for board, name in zip(sheet.players, NAMES, strict=True)
        ),
        praefectus_magnus=NAMES[2],
    )
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=name) for name in NAMES],
    )
    services.concordia_sheet_record(session=session, sheet=sheet)
    stats_services.stats_rebuild(club_id=club.pk, game="concordia")
    return club.slug, session.pk


# The words of buttons and button-like links that the browser laid out on more
# than one line.
SPLIT_WORDS = """() => {
  const broken = [];
  for (const el of document.querySelectorAll("button, .button, input[type=submit]")) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


def test_long_names_fit_a_360_px_screen(live_server, browser):
    assert all(len(name) == 40 for name in (CLUB, *NAMES))
    alice = User.objects.create_user("alice", password=PASSWORD)
    slug, game = _game(alice)
    player = Player.objects.get(name=NAMES[0]).pk
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/long/")

    club = f"/clubs/{slug}"
    pages = {
        "club": f"{club}/",
        "game": f"{club}/games/{game}/",
        "sheet": f"{club}/games/{game}/sheet/",
        "leaderboard": f"{club}/stats/concordia/",
        "player": f"{club}/stats/concordia/players/{player}/",
        "members": f"{club}/members/",
        "players": f"{club}/players/",
        "assistant": f"{club}/assistant/",
    }
    wide = {}
    split = {}
    for name, path in pages.items():
        response = page.goto(f"{live_server.url}{path}")
        assert response is not None
        assert response.status == 200, name
        page.screenshot(path=str(ARTIFACTS / f"long-names-{name}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 360:
            wide[name] = width
        # Only names may break inside a word: a button's own word never does
        # ("Joi n", "Britanni a" when every cell could shrink below its words).
        broken = page.evaluate(SPLIT_WORDS)
        if broken:
            split[name] = broken
    context.close()
    assert wide == {}
    assert split == {}
