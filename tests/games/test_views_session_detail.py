"""The result page: stacked cards in rank order, the holder, and how ties were broken."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from clubs.models import Club
from games import services
from games.models import TableSession
from scoring.types import ScoreSheet
from tests.conftest import example_sheet


def _signed_in(client: Client, user: User) -> Client:
    client.force_login(user)
    return client


def _finished(club: Club, alice: User, sheet: ScoreSheet) -> TableSession:
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name=sheet.map.value,
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=b.name) for b in sheet.players],
    )
    services.concordia_sheet_record(session=session, sheet=sheet)
    return session


def _cards(html: str) -> list[tuple[int, int, int]]:
    """Return (rank, seat, total) of each player's card, in page order."""
    found = re.findall(
        r'class="result-card[^"]*" id="result-seat-(\d)" data-rank="(\d)" '
        r'data-seat="(\d)" data-total="(\d+)"',
        html,
    )
    for seat_id, _rank, seat, _total in found:
        assert seat_id == seat
    return [(int(rank), int(seat), int(total)) for _, rank, seat, total in found]


@pytest.fixture
def tie_session(club: Club, alice: User) -> TableSession:
    # Eli (seat 1) and Fabi (seat 2) have 35; Dora (seat 0) holds the PM.
    return _finished(club, alice, example_sheet("concordia-tie"))


def test_cards_come_in_rank_order_with_their_why_lines(client, bob, tie_session):
    response = _signed_in(client, bob).get(tie_session.get_absolute_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert _cards(html) == [(1, 2, 35), (2, 1, 35), (3, 0, 25)]
    # No table of names as column headings: each card lists its own lines.
    result = html[html.index('<section id="result"') : html.index("</section>")]
    assert "<table" not in result
    assert result.count('data-category="vesta"') == 3
    assert result.count("<li data-category=") == 3 * 7
    fabi = result[
        result.index('id="result-seat-2"') : result.index('id="result-seat-1"')
    ]
    assert "Mars: 2 cards × 2 × 3 colonists on the board = 12" in fabi


def test_a_tie_broken_by_who_would_receive_the_pm_next_is_explained(
    client, bob, tie_session
):
    html = _signed_in(client, bob).get(tie_session.get_absolute_url()).content.decode()
    assert 'data-winner-decided="true"' in html
    assert 'id="winner"' in html
    assert re.findall(r'data-tie-reason="(\w+)" data-tie-total="(\d+)"', html) == [
        ("next_for_praefectus_magnus", "35")
    ]
    assert (
        "Fabi and Eli have 35 points each. Fabi wins: the Praefectus Magnus, "
        "held by Dora, would have reached Fabi first."
    ) in html
    # The holder is named, and marked on her own card only.
    assert re.search(r'id="praefectus-magnus" data-seat="0">[^<]*Dora<', html)
    dora = html[html.index('id="result-seat-0"') :]
    assert html.count('data-badge="praefectus-magnus"') == 1
    assert 'data-badge="praefectus-magnus"' in dora


def test_a_tie_won_by_the_holder_says_so(client, bob, club, alice):
    sheet = dataclasses.replace(example_sheet("concordia-tie"), praefectus_magnus="Eli")
    session = _finished(club, alice, sheet)
    html = _signed_in(client, bob).get(session.get_absolute_url()).content.decode()
    assert _cards(html) == [(1, 1, 35), (2, 2, 35), (3, 0, 25)]
    assert re.findall(r'data-tie-reason="(\w+)"', html) == ["holds_praefectus_magnus"]
    assert (
        "Eli and Fabi have 35 points each. Eli wins: Eli held the Praefectus Magnus."
        in html
    )
    assert re.search(r'id="praefectus-magnus" data-seat="1">', html)


def test_a_game_without_ties_names_the_holder_and_no_tie(client, bob, finished_session):
    html = (
        _signed_in(client, bob)
        .get(finished_session.get_absolute_url())
        .content.decode()
    )
    assert _cards(html) == [(1, 0, 114), (2, 1, 95), (3, 2, 76)]
    assert "data-tie-reason" not in html
    # The rulebook example: Caio holds the Praefectus Magnus.
    assert re.search(r'id="praefectus-magnus" data-seat="2">[^<]*Caio<', html)


def test_an_outsider_gets_404(client, charlie, tie_session):
    response = _signed_in(client, charlie).get(tie_session.get_absolute_url())
    assert response.status_code == 404
