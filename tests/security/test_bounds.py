"""Bounded input (issue #21 items 4 and 8): sestertii ≤ 10,000 and notes ≤ 2,000 characters.

The same bound on every way in (the score-sheet page, the API, a backup, a BG
Stats file), each refusal next to its field: on a page the error's id is the
one the input's ``aria-describedby`` names, so a screen reader reads it with
the field.
"""

from __future__ import annotations

import copy
import html
import json
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from clubs.models import Club
from games.documents import ImportRejected
from games.models import MAX_NOTES_LENGTH, TableSession
from portability.backup import club_backup_export, club_backup_import
from portability.bgstats import bgstats_read
from tests.markup import elements
from tests.sheets import example_document

PHONE = Path(__file__).parents[1] / "portability" / "data" / "bgstats-phone.json"
TOO_LONG = "n" * (MAX_NOTES_LENGTH + 1)


def test_the_score_sheet_api_refuses_a_fortune_with_its_path(client, db):
    document: Any = copy.deepcopy(example_document("concordia-rulebook"))
    document["players"][0]["sestertii"] = 10**30
    response = client.post(
        "/api/v1/score-sheet/", json.dumps(document), content_type="application/json"
    )
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["path"] == "players[0].sestertii"
    assert error["message"].startswith("A player holds at most 10000 sestertii")


def test_the_edit_page_refuses_long_notes_next_to_the_field(
    client, alice, finished_session
):
    client.force_login(alice)
    url = reverse(
        "games:session-edit",
        kwargs={"club_slug": "lisboa", "session_id": finished_session.pk},
    )
    response = client.post(
        url, {"played_at": "2025-01-11", "place": "", "notes": TOO_LONG}
    )
    page = response.content.decode()
    assert response.status_code == 200
    [textarea] = elements(page, "textarea", name="notes")
    assert textarea.attrs["aria-invalid"] == "true"
    described = textarea.attrs["aria-describedby"]
    [error] = elements(page, "p", id=described)
    assert "at most 2000 characters (it has 2001)" in html.unescape(error.text)
    finished_session.refresh_from_db()
    assert finished_session.notes == ""


def test_a_backup_with_long_notes_is_refused_with_the_path(finished_session, alice):
    document: Any = json.loads(json.dumps(club_backup_export(finished_session.club)))
    document["sessions"][0]["notes"] = TOO_LONG
    empty = Club.objects.create(name="Porto", slug="porto")
    with pytest.raises(ImportRejected) as refused:
        club_backup_import(club=empty, document=document)
    assert [p.path for p in refused.value.problems] == ["sessions[0].notes"]
    assert not TableSession.objects.filter(club=empty).exists()


def test_a_bgstats_play_with_long_comments_is_refused_with_the_path():
    document = json.loads(PHONE.read_text("utf-8"))
    document["plays"][0]["comments"] = TOO_LONG
    parsed = bgstats_read(document)
    problems = [p.path for left in parsed.errors for p in left.problems]
    # plays[4] names a board the app does not know (the file's own error).
    assert problems == ["plays[0].comments", "plays[4].board"]
    [comments] = parsed.errors[0].problems
    assert comments.params == {"limit": 2000, "length": 2001}
