"""The club's "Backup and export" page: downloads, restore and BG Stats import."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs import services as clubs_services
from clubs.models import Club
from games.models import TableSession
from portability.backup import club_backup_export
from portability.bgstats import bgstats_import, bgstats_read
from portability.models import BgStatsImport, BgStatsUpload
from tests.markup import elements, has_id
from tests.portability.test_exports import BGSTATS

HTMX = {"HX-Request": "true"}


def _url(name: str, slug: str = "lisboa") -> str:
    return reverse(f"games:{name}", kwargs={"club_slug": slug})


def _upload(document: object, name: str = "file.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, json.dumps(document).encode(), "application/json")


@pytest.fixture
def signed_in(client, club, other_club, alice, bob, charlie):
    people = {"owner": alice, "member": bob, "outsider": charlie}

    def sign_in(role):
        client.force_login(people[role])
        return client

    return sign_in


@pytest.fixture
def empty_club(alice):
    return clubs_services.club_create(name="Fresh", slug="fresh", owner=alice)


def test_anonymous_visitors_are_sent_to_sign_in(client, club):
    response = client.get(_url("club-portability"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(
    "name",
    [
        "club-portability",
        "club-results-csv",
        "club-bgstats-download",
        "club-backup-download",
    ],
)
def test_an_outsider_gets_404_for_every_download(signed_in, name):
    assert signed_in("outsider").get(_url(name)).status_code == 404


@pytest.mark.parametrize("name", ["club-backup-restore", "club-bgstats-import"])
def test_an_outsider_gets_404_for_every_upload(signed_in, name):
    assert signed_in("outsider").post(_url(name)).status_code == 404


def test_a_member_downloads_but_does_not_back_up_or_import(signed_in, finished_session):
    client = signed_in("member")
    page = client.get(_url("club-portability")).content.decode()
    assert _url("club-results-csv") in page
    assert _url("club-bgstats-download") in page
    assert _url("club-backup-download") not in page
    assert 'id="bgstats-form"' not in page
    assert client.get(_url("club-results-csv")).status_code == 200
    assert client.get(_url("club-backup-download")).status_code == 403
    assert client.post(_url("club-backup-restore")).status_code == 403
    assert client.post(_url("club-bgstats-import")).status_code == 403


def test_the_club_page_links_to_backup_and_export(signed_in, club):
    page = signed_in("member").get(
        reverse("games:club-detail", kwargs={"club_slug": "lisboa"})
    )
    assert _url("club-portability") in page.content.decode()


def test_an_owner_sees_the_import_forms(signed_in, finished_session):
    page = signed_in("owner").get(_url("club-portability")).content.decode()
    assert "<html" in page
    assert 'id="bgstats-form"' in page
    assert 'id="restore-form"' in page
    # The club has games: restoring is offered only for an empty club.
    assert _url("club-backup-restore") not in page


def test_the_backup_download_is_the_club_backup(signed_in, finished_session):
    response = signed_in("owner").get(_url("club-backup-download"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith(
        'attachment; filename="lisboa-backup-'
    )
    document = json.loads(response.content)
    assert document["format"] == "tabularium-club-backup"
    assert [s["id"] for s in document["sessions"]] == [finished_session.pk]


def test_the_bgstats_download_has_the_finished_plays(signed_in, finished_session):
    response = signed_in("member").get(_url("club-bgstats-download"))
    assert (
        response["Content-Disposition"] == 'attachment; filename="lisboa-bgstats.json"'
    )
    plays = json.loads(response.content)["plays"]
    assert [s["score"] for s in plays[0]["playerScores"]] == ["114", "95", "76"]


def test_a_restore_without_javascript_redirects_to_the_club(
    signed_in, finished_session, empty_club
):
    backup = club_backup_export(finished_session.club)
    client = signed_in("owner")
    response = client.post(
        _url("club-backup-restore", "fresh"), {"file": _upload(backup)}
    )
    assert response.status_code == 302
    assert response["Location"] == empty_club.get_absolute_url()
    assert empty_club.sessions.count() == 1
    assert "1 game imported." in client.get(response["Location"]).content.decode()


def test_a_restore_with_htmx_navigates_to_the_club(
    signed_in, finished_session, empty_club
):
    backup = club_backup_export(finished_session.club)
    response = signed_in("owner").post(
        _url("club-backup-restore", "fresh"), {"file": _upload(backup)}, headers=HTMX
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == empty_club.get_absolute_url()


def test_a_bad_backup_re_renders_the_form_with_the_problem(signed_in, empty_club):
    client = signed_in("owner")
    bad = SimpleUploadedFile("backup.json", b"{not json", "application/json")
    response = client.post(
        _url("club-backup-restore", "fresh"), {"file": bad}, headers=HTMX
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in page
    assert 'id="restore-form"' in page
    assert "The file is not valid JSON" in page
    assert not empty_club.sessions.exists()
    full = client.post(
        _url("club-backup-restore", "fresh"),
        {
            "file": _upload(
                {
                    "format": "tabularium-club-backup",
                    "version": 1,
                    "players": [{"id": 1}],
                    "sessions": [],
                }
            )
        },
    )
    assert full.status_code == 200
    assert "<html" in full.content.decode()
    assert "players[0].name: The field “name” is missing" in full.content.decode()


def test_bgstats_import_without_ambiguity_imports_at_once(signed_in, club):
    client = signed_in("owner")
    response = client.post(_url("club-bgstats-import"), {"file": _upload(BGSTATS)})
    assert response.status_code == 302
    assert club.sessions.count() == 2
    assert "2 games imported." in client.get(response["Location"]).content.decode()


def test_bgstats_import_asks_who_an_ambiguous_name_is(signed_in, club):
    silva = clubs_services.player_get_or_create(club=club, name="Zé Silva")
    clubs_services.player_get_or_create(club=club, name="Zé Costa")
    client = signed_in("owner")
    asked = client.post(
        _url("club-bgstats-import"), {"file": _upload(BGSTATS)}, headers=HTMX
    )
    page = asked.content.decode()
    assert asked.status_code == 200
    assert "<html" not in page
    assert 'id="bgstats-form"' in page
    assert 'name="player-3"' in page
    assert not club.sessions.exists()
    # The file waits on the server, not in the page.
    waiting = BgStatsUpload.objects.get(club=club)
    assert f'name="upload" value="{waiting.pk}"' in page
    assert "Zé Maria" not in page.split('name="upload"')[1].split(">")[0]
    answered = client.post(
        _url("club-bgstats-import"), {"upload": waiting.pk, "player-3": str(silva.pk)}
    )
    assert answered.status_code == 302
    assert silva.seats.count() == 2
    assert club.sessions.count() == 2


def test_bgstats_import_without_an_answer_asks_again(signed_in, club):
    clubs_services.player_get_or_create(club=club, name="Zé Silva")
    client = signed_in("owner")
    asked = client.post(_url("club-bgstats-import"), {"file": _upload(BGSTATS)})
    waiting = asked.context["bgstats_form"].initial["upload"]
    again = client.post(_url("club-bgstats-import"), {"upload": waiting})
    assert again.status_code == 200
    assert 'name="player-3"' in again.content.decode()
    assert "This field is required." in again.content.decode()
    assert not club.sessions.exists()


def test_a_file_without_concordia_is_refused_next_to_the_field(signed_in, club):
    response = signed_in("owner").post(
        _url("club-bgstats-import"), {"file": _upload({"games": [], "plays": []})}
    )
    assert response.status_code == 200
    assert "The file has no plays of Concordia" in response.content.decode()


def test_an_imported_game_shows_its_final_scores(signed_in, club):
    bgstats_import(club=club, parsed=bgstats_read(BGSTATS), choices={})
    game = club.sessions.order_by("played_at").first()
    client = signed_in("member")
    page = client.get(game.get_absolute_url())
    assert page.status_code == 200
    assert "🏆 1. Ana · 120" in page.content.decode()
    sheet = client.get(
        reverse(
            "games:session-sheet", kwargs={"club_slug": "lisboa", "session_id": game.pk}
        )
    )
    assert sheet.status_code == 200


# Undoing a BG Stats import

FIRST_PLAY_ONLY = {**BGSTATS, "plays": cast(list[Any], BGSTATS["plays"])[:1]}


def _undo_url(import_id: int, slug: str = "lisboa") -> str:
    return reverse(
        "games:club-bgstats-import-undo",
        kwargs={"club_slug": slug, "import_id": import_id},
    )


def _imported(club: Club) -> BgStatsImport:
    outcome = bgstats_import(club=club, parsed=bgstats_read(BGSTATS), choices={})
    assert outcome.import_id is not None
    return BgStatsImport.objects.get(pk=outcome.import_id)


def test_after_a_bgstats_import_the_page_offers_to_undo_it(signed_in, club):
    client = signed_in("owner")
    response = client.post(_url("club-bgstats-import"), {"file": _upload(BGSTATS)})
    assert response.status_code == 302
    record = BgStatsImport.objects.get(club=club)
    assert response["Location"] == (
        _url("club-portability") + f"?imported={record.pk}#recent-imports"
    )
    record = BgStatsImport.objects.get(club=club)
    page = client.get(response["Location"]).content.decode()
    assert "2 games imported." in page
    assert 'id="recent-imports"' in page
    assert elements(page, "a", class_="button", href=_undo_url(record.pk))


def test_a_bgstats_import_with_htmx_navigates_to_the_import_page(signed_in, club):
    response = signed_in("owner").post(
        _url("club-bgstats-import"), {"file": _upload(BGSTATS)}, headers=HTMX
    )
    assert response.status_code == 200
    record = BgStatsImport.objects.get(club=club)
    assert response["HX-Redirect"] == (
        _url("club-portability") + f"?imported={record.pk}#recent-imports"
    )


def test_an_import_that_created_nothing_is_not_offered_for_undo(signed_in, club):
    _imported(club)
    client = signed_in("owner")
    response = client.post(_url("club-bgstats-import"), {"file": _upload(BGSTATS)})
    assert response["Location"] == club.get_absolute_url()
    assert BgStatsImport.objects.filter(club=club).count() == 1
    assert (
        "2 games were already here."
        in client.get(response["Location"]).content.decode()
    )


def test_the_undo_page_lists_the_games_and_deletes_nothing(signed_in, club):
    record = _imported(club)
    response = signed_in("owner").get(_undo_url(record.pk))
    assert response.status_code == 200
    page = response.content.decode()
    # It asks first: the button that undoes it, nothing deleted yet.
    assert elements(page, "button", type="submit", class_="danger")
    assert "Ana 120 · bruno 101 · Zé Maria 88" in page
    assert "Ana 99 · Zé Maria 99" in page
    assert f'action="{_undo_url(record.pk)}"' in page
    assert f'hx-post="{_undo_url(record.pk)}"' in page
    assert club.sessions.count() == 2


def test_undoing_an_import_deletes_exactly_its_games(signed_in, club):
    bgstats_import(club=club, parsed=bgstats_read(FIRST_PLAY_ONLY), choices={})
    kept = club.sessions.get()
    record = _imported(club)
    (created,) = record.sessions.all()
    assert record.sessions_skipped == 1
    client = signed_in("owner")
    response = client.post(_undo_url(record.pk))
    assert response.status_code == 302
    assert response["Location"] == _url("club-portability")
    assert list(club.sessions.all()) == [kept]
    # Deleted as any game is: restorable from the club's page for a day.
    assert TableSession.all_objects.get(pk=created.pk).deleted_at is not None
    page = client.get(response["Location"]).content.decode()
    assert "1 game of this import deleted." in page
    assert f'href="{_undo_url(record.pk)}"' not in page
    club_page = client.get(club.get_absolute_url()).content.decode()
    restore = reverse(
        "games:session-restore",
        kwargs={"club_slug": "lisboa", "session_id": created.pk},
    )
    assert f'action="{restore}"' in club_page


def test_undoing_an_import_with_htmx_redirects_the_client(signed_in, club):
    record = _imported(club)
    response = signed_in("owner").post(_undo_url(record.pk), headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == _url("club-portability")
    assert not club.sessions.exists()


def test_undoing_an_import_twice_deletes_nothing_more(signed_in, club):
    record = _imported(club)
    client = signed_in("owner")
    client.post(_undo_url(record.pk))
    (game,) = TableSession.all_objects.filter(club=club)[:1]
    restore = reverse(
        "games:session-restore", kwargs={"club_slug": "lisboa", "session_id": game.pk}
    )
    client.post(restore)
    again = client.post(_undo_url(record.pk), follow=True)
    assert "This import has no games left to undo." in again.content.decode()
    assert list(club.sessions.all()) == [game]
    page = client.get(_undo_url(record.pk)).content.decode()
    assert has_id(page, "nothing-to-undo")
    assert 'class="danger"' not in page


def test_only_the_clubs_managers_may_undo_an_import(signed_in, club):
    record = _imported(club)
    for method in ("get", "post"):
        assert (
            getattr(signed_in("member"), method)(_undo_url(record.pk)).status_code
            == 403
        )
        assert (
            getattr(signed_in("outsider"), method)(_undo_url(record.pk)).status_code
            == 404
        )
    assert club.sessions.count() == 2


def test_another_clubs_import_is_not_found(signed_in, club, other_club):
    record = _imported(other_club)
    response = signed_in("owner").post(_undo_url(record.pk))
    assert response.status_code == 404
    assert other_club.sessions.count() == 2


def test_a_restore_refuses_an_edited_total_next_to_the_form(
    signed_in, finished_session, empty_club
):
    backup = json.loads(json.dumps(club_backup_export(finished_session.club)))
    backup["sessions"][0]["seats"][0]["result"]["total"] = 9999
    client = signed_in("owner")
    line = "sessions[0].seats[0].result.total: The score sheet gives 114 here, not 9999"
    fragment = client.post(
        _url("club-backup-restore", "fresh"), {"file": _upload(backup)}, headers=HTMX
    )
    assert fragment.status_code == 200
    assert "<html" not in fragment.content.decode()
    assert line in fragment.content.decode()
    page = client.post(_url("club-backup-restore", "fresh"), {"file": _upload(backup)})
    assert "<html" in page.content.decode()
    assert line in page.content.decode()
    assert not empty_club.sessions.exists()
    assert not empty_club.players.exists()
