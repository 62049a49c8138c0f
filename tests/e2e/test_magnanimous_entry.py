"""A club member enters the Magnanimous example on a 360 px phone and sees Davi win with 40."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from clubs import services as clubs_services
from tests.e2e.conftest import ARTIFACTS
from tests.factories import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The contract's example, tests/scoring/data/magnanimous-republic.json.
PLAYERS = {
    "Bia": {
        "nobility": 14,
        "commerce_spaces": 3,
        "commerce_tokens": 7,
        "referendums": 2,
        "troops": 5,
        "reis": 17,
        "occupied_provinces": 1,
    },
    "Davi": {
        "nobility": 11,
        "commerce_spaces": 3,
        "commerce_tokens": 9,
        "referendums": 1,
        "troops": 7,
        "reis": 23,
    },
    "Lia": {
        "nobility": 19,
        "commerce_spaces": 1,
        "commerce_tokens": 4,
        "referendums": 3,
        "troops": 2,
        "reis": 5,
        "occupied_provinces": 2,
    },
}


def test_enter_a_magnanimous_game_on_a_small_phone(live_server, phone):
    alice = User.objects.create_user("alice", password=PASSWORD)
    clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    page = phone
    page.set_viewport_size({"width": 360, "height": 740})

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url("**/clubs/lisboa/")

    page.click("text=Enter a game of Magnanimous")
    # Magnanimous has no map: the field goes away with the game chosen.
    expect(page.locator("#id_map")).to_be_hidden()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#id_seat{seat}_new_name", name)
    page.click("text=Seat the players")
    page.wait_for_url("**/sheet/")

    for seat, values in enumerate(PLAYERS.values()):
        # One player at a time: each has a tab on the strip.
        page.click(f"#tab-s{seat}")
        for field, value in values.items():
            page.fill(f"#id_s{seat}-{field}", str(value))
    preview = page.locator("#score-preview")
    # Until someone governs Rio the sheet is not final, and it says where.
    expect(page.locator("#err-governor")).to_contain_text(
        "Exactly one player is the Governor of Rio de Janeiro"
    )
    page.check("input[name=governor][value='0']")
    expect(preview).to_contain_text("Winner: Davi")
    expect(page.locator("#err-governor")).to_be_empty()
    # Davi's total, on the players' strip.
    expect(page.locator("#tab-s1 [data-total]")).to_have_text("40")

    page.fill("#id_s2-nobility", "21")
    expect(page.locator("#err-s2-nobility")).to_contain_text(
        "The Nobility track runs from 0 to 20; 21 given"
    )
    expect(preview).to_contain_text("Not final yet")
    page.fill("#id_s2-nobility", "19")
    expect(page.locator("#err-s2-nobility")).to_be_empty()
    expect(preview).to_contain_text("Winner: Davi")
    page.screenshot(path=str(ARTIFACTS / "magnanimous-sheet.png"), full_page=True)

    page.click("text=Save the result")
    page.wait_for_url("**/games/*/")
    # A stacked card per player in rank order (no table of names), each with
    # its reasons, the winner's first and above the fold; nothing overflows.
    cards = page.locator("#ranking > li.result-card")
    assert [cards.nth(i).get_attribute("data-seat") for i in range(3)] == [
        "1",
        "0",
        "2",
    ]
    assert [cards.nth(i).get_attribute("data-total") for i in range(3)] == [
        "40",
        "35",
        "16",
    ]
    assert page.locator("table").count() == 0
    expect(page.locator("#result-seat-1")).to_have_class("result-card first")
    first = page.locator("#result-seat-1").bounding_box()
    assert first is not None
    assert first["y"] < 740
    for card in cards.all():
        box = card.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= 360
        expect(card.locator(".why > li")).to_have_count(6)
    expect(page.locator("#result-seat-1 [data-category=commerce]")).to_have_text(
        "Commerce: most spaces (3, 9 tokens) = 10"
    )
    expect(page.locator("#result-seat-0 [data-category=economy]")).to_have_text(
        "Economy: 17 réis ÷ 3 = 5"
    )
    expect(page.locator("#result-seat-0 [data-category=territory]")).to_have_text(
        "Territory: 1 occupied province × −5 + governor of Rio +5 = 0"
    )
    # A name is never broken inside a word: no more lines than words.
    broken = page.evaluate(
        """[...document.querySelectorAll('.result-head .name')].filter((e) => {
            const tops = new Set();
            const text = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
            while (text.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(text.currentNode);
              for (const r of range.getClientRects()) tops.add(Math.round(r.top));
            }
            return tops.size > e.textContent.trim().split(/\\s+/).length;
          }).length"""
    )
    assert broken == 0
    page.screenshot(path=str(ARTIFACTS / "magnanimous-result.png"), full_page=True)
    assert page.console_errors == []

    # Phone-first: nothing wider than the screen, tap targets at least 44 px high.
    for url in (page.url, f"{live_server.url}/clubs/lisboa/"):
        page.goto(url)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        small = page.evaluate(
            """[...document.querySelectorAll('a.button, button, summary, input[type=number], select, label.choice')]
                .filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).length"""
        )
        assert small == 0
