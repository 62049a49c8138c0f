"""The board pages score the board once per request (issue #17).

`games.concordia.presenters.BoardState.result` is the board views' only way
to score; counting its calls to the engine proves that a page showing the
score twice (the scoreboard and the score page's table) computes it once.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.concordia import presenters
from games.concordia import services as board_services
from games.models import EntryMode, TableSession
from scoring.board import TableBoard, score_board
from scoring.types import SheetResult
from tests.factories import PASSWORD
from tests.games.board_helpers import TAPPED, tap_rulebook_board
from tests.games.test_views_board import _score_data


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []

    def counting(table: TableBoard) -> SheetResult:
        calls.append(1)
        return score_board(table)

    monkeypatch.setattr(presenters, "score_board", counting)
    return calls


@pytest.fixture
def tapped(draft_session: TableSession) -> TableSession:
    board_services.session_entry_mode_set(session=draft_session, mode=EntryMode.BOARD)
    tap_rulebook_board(draft_session)
    return draft_session


def _url(name: str, session: TableSession) -> str:
    return reverse(
        f"games:{name}",
        kwargs={"club_slug": session.club.slug, "session_id": session.pk},
    )


def _signed_in(client: Client) -> Client:
    assert client.login(username="alice", password=PASSWORD)
    return client


@pytest.mark.parametrize(
    "name", ["session-board", "session-cards", "session-board-score"]
)
@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_a_board_page_scores_the_board_once(client, tapped, counted, name, htmx):
    response = _signed_in(client).get(
        _url(name, tapped), headers={"HX-Request": "true"} if htmx else {}
    )
    assert response.status_code == 200
    assert len(counted) == 1


def test_the_score_preview_scores_the_posted_board_once(client, tapped, counted):
    response = _signed_in(client).post(
        _url("session-board-score", tapped),
        _score_data(action="preview"),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    # Ana's 114 is the rulebook's example: the one scoring is the posted board's.
    assert "114" in response.content.decode()
    assert len(counted) == 1


def test_a_tap_scores_the_board_once(client, tapped, counted):
    response = _signed_in(client).post(
        _url("session-board", tapped),
        {"seat": "0", "remove": sorted(TAPPED["Ana"][0])[0]},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    # Recorded: only what the tap changed is swapped in.
    assert response["HX-Reswap"] == "none"
    assert len(counted) == 1
