"""A game's date (issue #15, part 5): never before Concordia's publication in
2013 nor more than a day ahead, said next to the field on the pages and at
the field's path in imports; shown in the reader's locale, one format everywhere.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import re
from typing import Any

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs import services as clubs_services
from clubs.models import Club
from games import documents, services
from games.models import TableSession
from portability import backup
from tests.conftest import PASSWORD
from tests.portability.test_exports import BGSTATS

# Wednesday 25 November 2026, in the evening (UTC): tomorrow is the 26th.
NOW = dt.datetime(2026, 11, 25, 21, tzinfo=dt.UTC)
TOO_EARLY = "Concordia was published in 2013: enter a date from Jan. 1, 2013 on."
TOO_LATE = "That is more than a day ahead: enter a date up to Nov. 26, 2026."


@pytest.fixture(autouse=True)
def _today():
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def signed_in(client, club):
    assert client.login(username="alice", password=PASSWORD)
    return client


def _create(client: Client, day: str) -> Any:
    return client.post(
        reverse("games:session-create", kwargs={"club_slug": "lisboa"}),
        {
            "map": "italia",
            "played_at": day,
            "seat0_new_name": "Ana",
            "seat1_new_name": "Bruno",
        },
    )


def _error(html: str) -> str:
    found = re.search(
        r'<p class="field-error" id="id_played_at_error">([^<]*)</p>', html
    )
    assert found, "no message next to the date"
    return found.group(1)


@pytest.mark.parametrize(
    ("day", "message"), [("2012-12-31", TOO_EARLY), ("2026-11-27", TOO_LATE)]
)
def test_the_new_game_page_refuses_a_date_no_game_can_have(signed_in, day, message):
    response = _create(signed_in, day)
    assert response.status_code == 200
    assert _error(response.content.decode()) == message
    assert not TableSession.objects.exists()


@pytest.mark.parametrize("day", ["2013-01-01", "2026-11-26"])
def test_the_first_and_the_last_possible_days_are_accepted(signed_in, day):
    response = _create(signed_in, day)
    assert response.status_code == 302
    assert TableSession.objects.get().played_at.date().isoformat() == day


def test_the_date_pickers_offer_only_possible_days(signed_in, finished_session):
    pages = [
        reverse("games:session-create", kwargs={"club_slug": "lisboa"}),
        reverse(
            "games:session-edit",
            kwargs={"club_slug": "lisboa", "session_id": finished_session.pk},
        ),
    ]
    for url in pages:
        html = signed_in.get(url).content.decode()
        field = re.search(r'<input type="date" name="played_at"[^>]*>', html)
        assert field
        assert 'min="2013-01-01"' in field[0]
        assert 'max="2026-11-26"' in field[0]


@pytest.mark.parametrize(
    ("day", "message"), [("2012-06-01", TOO_EARLY), ("2027-01-01", TOO_LATE)]
)
def test_the_edit_page_refuses_a_date_no_game_can_have(
    signed_in, finished_session, day, message
):
    url = reverse(
        "games:session-edit",
        kwargs={"club_slug": "lisboa", "session_id": finished_session.pk},
    )
    response = signed_in.post(url, {"played_at": day, "place": "", "notes": ""})
    assert response.status_code == 200
    assert _error(response.content.decode()) == message
    finished_session.refresh_from_db()
    assert finished_session.played_at == dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC)


def test_the_service_refuses_it_too(club, alice):
    with pytest.raises(ValidationError) as refused:
        services.session_create(
            club=club,
            created_by=alice,
            map_name="imperium",
            played_at=dt.datetime(2012, 12, 31, 12, tzinfo=dt.UTC),
            seats=[services.SeatInput(new_name=n) for n in ("Ana", "Bruno")],
        )
    assert refused.value.message_dict == {"played_at": [TOO_EARLY]}


def test_a_backup_with_an_impossible_date_is_refused_at_its_path(
    finished_session, alice
):
    document = json.loads(json.dumps(backup.club_backup_export(finished_session.club)))
    document["sessions"][0]["played_at"] = "2012-05-01T20:00:00+00:00"
    empty = clubs_services.club_create(name="Empty", slug="empty", owner=alice)
    with pytest.raises(documents.ImportRejected) as rejected:
        backup.club_backup_import(club=empty, document=document)
    assert [
        (p.path, documents.problem_message(p)) for p in rejected.value.problems
    ] == [("sessions[0].played_at", TOO_EARLY)]


def test_the_api_refuses_a_bgstats_play_dated_before_2013(club, alice):
    document: dict[str, Any] = copy.deepcopy(BGSTATS)
    document["plays"][0]["playDate"] = "2012-05-01 21:30:00"
    owner = APIClient()
    owner.force_authenticate(alice)
    response = owner.post(
        "/api/v1/clubs/lisboa/bgstats/import/", document, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "path": "plays[0].playDate",
                # Each message of a BG Stats file names its play: date, players.
                "message": "2012-05-01 · bruno, Ana, Zé Maria — "
                "A game can be dated from 2013-01-01 to 2026-11-26 "
                '(Concordia was published in 2013), not "2012-05-01 21:30:00"',
            }
        ]
    }
    assert not Club.objects.get(slug="lisboa").sessions.exists()


def test_a_games_date_has_one_format_in_the_readers_language(
    signed_in, finished_session
):
    signed_in.cookies["django_language"] = "pt-br"
    kwargs = {"club_slug": "lisboa", "session_id": finished_session.pk}
    pages = [
        reverse("games:club-detail", kwargs={"club_slug": "lisboa"}),
        reverse("games:session-detail", kwargs=kwargs),
        reverse("games:session-edit", kwargs=kwargs),
        reverse("games:session-sheet", kwargs=kwargs),
    ]
    for url in pages:
        html = signed_in.get(url).content.decode()
        assert "1 de novembro de 2026" in html, url
        assert "01/11/2026" not in html, url
