"""A finished game's result is worked out once per saved version and cached.

`games.result_pages`: the page served from the cache must never show an old
score, an old name or another reader's language.
"""

from __future__ import annotations

import dataclasses

import pytest
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.test import Client
from django.urls import reverse

from games.magnanimous_services import magnanimous_sheet_record
from games.models import Player, TableSession
from games.result_pages import result_cache_key
from scoring.types import GoodCounts
from tests.conftest import PASSWORD, sheet_post_data
from tests.games.magnanimous_helpers import republic_example, seat_table

VESTA_BEFORE = "Vesta: 1 card × ⌊(13 sestertii + 25 for goods) ÷ 10⌋ = 3"
VESTA_AFTER = "Vesta: 1 card × ⌊(13 sestertii + 0 for goods) ÷ 10⌋ = 1"


def _page(client: Client, session: TableSession) -> str:
    response = client.get(session.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def member(client: Client, club: object) -> Client:
    assert client.login(username="bob", password=PASSWORD)
    return client


def _result(page: str) -> str:
    """Return the scoreboard and the reasons: the rest of a page (its CSRF
    token, its CSP nonce) differs from one request to the next."""
    return page[
        page.index('<section id="result">') : page.index('<nav class="actions">')
    ]


def _not_again(*args: object, **kwargs: object) -> None:
    raise AssertionError("the cached result was worked out again")


def test_a_page_served_again_is_not_scored_again(member, finished_session, monkeypatch):
    first = _page(member, finished_session)
    monkeypatch.setattr("games.services.concordia_sheet_evaluate", _not_again)
    monkeypatch.setattr("games.views.category_why", _not_again)
    again = _page(member, finished_session)
    assert VESTA_BEFORE in again
    assert "Winner: Ana" in again
    assert _result(again) == _result(first)


def test_an_edit_shows_at_once(member, finished_session, rulebook_sheet):
    assert VESTA_BEFORE in _page(member, finished_session)
    seats = list(finished_session.seats.order_by("seat_order"))
    ana = dataclasses.replace(rulebook_sheet.players[0], storehouse=GoodCounts())
    edited = dataclasses.replace(
        rulebook_sheet, players=(ana, *rulebook_sheet.players[1:])
    )
    sheet_url = reverse(
        "games:session-sheet",
        kwargs={
            "club_slug": finished_session.club.slug,
            "session_id": finished_session.pk,
        },
    )
    saved = member.post(
        sheet_url, sheet_post_data(edited, seats, version=finished_session.version)
    )
    assert saved.status_code == 302
    page = _page(member, finished_session)
    assert VESTA_AFTER in page
    assert VESTA_BEFORE not in page
    assert "· 112</summary>" in page


def test_a_rename_shows_at_once(member, finished_session):
    assert "Ana · 114</summary>" in _page(member, finished_session)
    # A rename saves no new version of the game.
    Player.objects.filter(club=finished_session.club, name="Ana").update(name="Aninha")
    page = _page(member, finished_session)
    assert "Aninha · 114</summary>" in page
    assert "Winner: Aninha" in page
    assert ">Ana<" not in page


def test_each_language_has_its_own_cached_result(member, finished_session):
    _page(member, finished_session)
    member.cookies["django_language"] = "fr"
    _page(member, finished_session)
    seats = list(finished_session.seats.select_related("player").order_by("seat_order"))
    key = result_cache_key(finished_session, seats)
    english = cache.get(make_template_fragment_key("game_result", [key, "en"]))
    french = cache.get(make_template_fragment_key("game_result", [key, "fr"]))
    assert english is not None
    assert french is not None
    assert VESTA_BEFORE in english


def test_a_magnanimous_page_served_again_is_not_scored_again(
    member, club, alice, monkeypatch
):
    table = seat_table(club, alice, republic_example())
    magnanimous_sheet_record(session=table, sheet=republic_example())
    table.refresh_from_db()
    first = _page(member, table)
    monkeypatch.setattr(
        "games.magnanimous_services.magnanimous_sheet_evaluate", _not_again
    )
    monkeypatch.setattr("games.magnanimous_views.seat_reasons", _not_again)
    assert _result(_page(member, table)) == _result(first)
