"""No page names a winner before anything is entered (issue #15, part 5).

Untouched boards all score the same, and without a Praefectus Magnus holder
the seating order alone would have "won": the pages say there is no winner yet.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.concordia import services as board_services
from games.models import EntryMode, TableSession

HTMX = {"HX-Request": "true"}


def _url(name: str, session: TableSession) -> str:
    return reverse(
        f"games:{name}",
        kwargs={"club_slug": session.club.slug, "session_id": session.pk},
    )


@pytest.fixture
def member(client: Client, alice: User) -> Client:
    client.force_login(alice)
    return client


@pytest.mark.parametrize("page", ["session-board", "session-board-score"])
@pytest.mark.parametrize("headers", [HTMX, {}])
def test_the_board_pages_name_no_winner_before_a_tap(
    member, draft_session, page, headers
):
    board_services.session_entry_mode_set(session=draft_session, mode=EntryMode.BOARD)
    response = member.get(_url(page, draft_session), headers=headers)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="score-preview"' in html
    assert 'id="no-winner-yet"' in html
    assert 'id="winner"' not in html
