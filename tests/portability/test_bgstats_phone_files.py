"""BG Stats files as phones write them: anonymous players, "Me", plays a club
cannot keep, boards the site does not know, and every problem with its play.

``data/bgstats-phone.json`` is shaped like a real export (the iOS app's spacing,
its fields, a base game, an expansion and another game, "Anonymous player"
with ``isAnonymous``, the owner "Me" named by ``userInfo.meRefId``):

| play | date       | board     | seats (score)                                   | what happens  |
|------|------------|-----------|-------------------------------------------------|---------------|
| 0    | 2025-01-11 | Italia    | Me 120 (start, winner), Bruno 101, Caio 88      | imported      |
| 1    | 2025-02-14 | (empty)   | Me 95, Anonymous 99 (winner), Anonymous 80, Dora 70 | Me and Dora, places 2 and 4 |
| 2    | 2025-02-20 | (none)    | Me "", Bruno ""                                 | left out: no scores |
| 3    | 2025-03-01 | Imperium  | Me 50                                           | left out: solo |
| 4    | 2025-03-08 | Sicilia   | Me 131, Bruno 117                               | error: board  |
| 5    | Carcassonne; 6: Concordia marked ignored        |                 | passed over   |
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from clubs.models import Club, Player
from games.documents import ImportRejected, document_load, problem_message
from games.models import Game, TableSession
from portability.bgstats import (
    BgStatsRejected,
    bgstats_export,
    bgstats_import,
    bgstats_read,
    rejected_lines,
)
from portability.bgstats import read as bgstats_read_module
from portability.common import ImportOutcome
from portability.models import BgStatsImport, BgStatsPlay, BgStatsUpload
from stats import selectors as stats_selectors

PHONE = json.loads(
    (Path(__file__).parent / "data" / "bgstats-phone.json").read_text("utf-8")
)
HTMX = {"HX-Request": "true"}
BOARD_ERROR = (
    "plays[4].board",
    "2025-03-08 · Me, Bruno — Unknown board “Sicilia”: the maps here are "
    "Imperium, Italia, Britannia, Germania, Byzantium, Hispania, Gallia, Corsica, Aegyptus, Creta, Ionium, Ionium (small), Hellas, Cyprus, Balearica",
)


def _phone(**changes: Any) -> dict[str, Any]:
    document: dict[str, Any] = copy.deepcopy(PHONE)
    document.update(changes)
    return document


def _without_play(index: int) -> dict[str, Any]:
    document = _phone()
    del document["plays"][index]
    return document


@pytest.fixture
def ana(club: Club, alice: User) -> Player:
    """alice's own player in Lisboa: who "Me" is when alice imports her phone's file."""
    return Player.objects.create(club=club, name="Ana", user=alice)


def _seats(session: TableSession) -> list[tuple[str, int, int, bool]]:
    return [
        (s.player.name, s.result.total, s.result.rank, s.result.won)
        for s in session.seats.select_related("player", "result")
    ]


def _left_out(outcome: ImportOutcome) -> list[tuple[str, str, bool, list[str]]]:
    return [
        (
            left.play.text(),
            left.play.path,
            left.error,
            [f"{p.path}: {problem_message(p)}" for p in left.problems],
        )
        for left in outcome.left_out
    ]


# Reading and importing


def test_a_wrong_play_refuses_the_file_and_says_which_play_it_is(club, alice, ana):
    parsed = bgstats_read(PHONE)
    with pytest.raises(BgStatsRejected) as rejected:
        bgstats_import(club=club, parsed=parsed, choices={}, imported_by=alice)
    assert rejected_lines(rejected.value) == [BOARD_ERROR]
    assert not club.sessions.exists()
    assert list(club.players.values_list("name", flat=True)) == ["Ana"]


def test_importing_the_rest_stores_the_good_plays_and_lists_the_others(
    club, alice, ana
):
    outcome = bgstats_import(
        club=club,
        parsed=bgstats_read(PHONE),
        choices={},
        imported_by=alice,
        import_valid=True,
    )
    assert outcome == ImportOutcome(players_created=3, sessions_created=2)
    assert _left_out(outcome) == [
        (
            "2025-02-20 · Me, Bruno",
            "plays[2]",
            False,
            ["plays[2]: This play has no scores"],
        ),
        (
            "2025-03-01 · Me",
            "plays[3]",
            False,
            [
                "plays[3].playerScores: A game of Concordia has 2 to 5 players; "
                "this one has 1"
            ],
        ),
        (
            "2025-03-08 · Me, Bruno",
            "plays[4]",
            True,
            [
                "plays[4].board: Unknown board “Sicilia”: the maps here are "
                "Imperium, Italia, Britannia, Germania, Byzantium, Hispania, Gallia, Corsica, Aegyptus, Creta, Ionium, Ionium (small), Hellas, Cyprus, Balearica"
            ],
        ),
    ]
    first, second = club.sessions.order_by("played_at")
    assert (first.map, first.place, first.notes) == (
        "italia",
        "Café Lisboa",
        "Bruno's first game.",
    )
    # "Me" is alice's player; nobody is called "Me" or "Anonymous player".
    assert _seats(first) == [
        ("Ana", 120, 1, True),
        ("Bruno", 101, 2, False),
        ("Caio", 88, 3, False),
    ]
    # The anonymous players are left out, and the others keep their places
    # at the whole table: an anonymous player won.
    assert (second.map, _seats(second)) == (
        "imperium",
        [("Ana", 95, 2, False), ("Dora", 70, 4, False)],
    )
    assert sorted(club.players.values_list("name", flat=True)) == [
        "Ana",
        "Bruno",
        "Caio",
        "Dora",
    ]
    record = BgStatsImport.objects.get(club=club)
    assert record.pk == outcome.import_id
    assert [left["path"] for left in record.left_out] == [
        "plays[2]",
        "plays[3]",
        "plays[4]",
    ]


def test_plays_a_club_cannot_keep_never_refuse_the_file(club, alice, ana):
    outcome = bgstats_import(
        club=club,
        parsed=bgstats_read(_without_play(4)),
        choices={},
        imported_by=alice,
    )
    assert outcome == ImportOutcome(players_created=3, sessions_created=2)
    assert [(text, error) for text, _path, error, _ in _left_out(outcome)] == [
        ("2025-02-20 · Me, Bruno", False),
        ("2025-03-01 · Me", False),
    ]


def test_anonymous_players_never_become_a_rated_club_player(
    club, alice, ana, django_capture_on_commit_callbacks
):
    document = _without_play(4)
    # A second evening with two anonymous players.
    again = copy.deepcopy(document["plays"][1])
    again.update(uuid="A1000000-0000-4000-8000-000000000099", playDate="2025-02-21")
    document["plays"].append(again)
    with django_capture_on_commit_callbacks(execute=True):
        bgstats_import(
            club=club, parsed=bgstats_read(document), choices={}, imported_by=alice
        )
    assert not club.players.filter(name__icontains="anonymous").exists()
    board = stats_selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=stats_selectors.LeaderboardFilters()
    )
    assert sorted((row.name, row.games) for row in board.rows) == [
        ("Ana", 3),
        ("Bruno", 1),
        ("Caio", 1),
        ("Dora", 2),
    ]


def test_a_play_with_one_named_player_beside_anonymous_ones_is_left_out(
    club, alice, ana
):
    document = _phone(plays=[copy.deepcopy(PHONE["plays"][1])])
    del document["plays"][0]["playerScores"][3]
    outcome = bgstats_import(
        club=club, parsed=bgstats_read(document), choices={}, imported_by=alice
    )
    assert outcome.sessions_created == 0
    assert _left_out(outcome) == [
        (
            "2025-02-14 · Me, Anonymous player, Anonymous player",
            "plays[0]",
            False,
            [
                "plays[0].playerScores: Only 1 player of this play has a name: "
                "anonymous players are not imported, and a game needs two players"
            ],
        )
    ]


def test_me_is_asked_when_the_importing_account_has_no_player_in_the_club(club, alice):
    bruno = Player.objects.create(club=club, name="Bruno")
    parsed = bgstats_read(_without_play(4))
    with pytest.raises(BgStatsRejected) as rejected:
        bgstats_import(club=club, parsed=parsed, choices={}, imported_by=alice)
    assert rejected_lines(rejected.value) == [
        ("players.2", "“Me” could be Bruno: choose one, or a new player")
    ]
    bgstats_import(club=club, parsed=parsed, choices={"2": None}, imported_by=alice)
    # Somebody new: the account's own player, named after it.
    mine = club.players.get(user=alice)
    assert mine.name == "alice"
    assert [s.player for s in club.sessions.order_by("played_at")[0].seats.all()] == [
        mine,
        bruno,
        club.players.get(name="Caio"),
    ]


def test_me_in_a_club_without_players_is_the_importing_account(club, alice):
    bgstats_import(
        club=club, parsed=bgstats_read(_without_play(4)), choices={}, imported_by=alice
    )
    assert club.players.get(user=alice).name == "alice"
    assert not club.players.filter(name="Me").exists()


def test_a_name_too_long_is_refused_never_cut(club, alice, ana):
    long_name = "Bruno de Albuquerque Cavalcanti Figueiredo"
    assert len(long_name) == 42
    document = _without_play(4)
    document["players"][2]["name"] = long_name
    parsed = bgstats_read(document)
    with pytest.raises(BgStatsRejected) as rejected:
        bgstats_import(club=club, parsed=parsed, choices={}, imported_by=alice)
    assert rejected_lines(rejected.value) == [
        (
            "players.3",
            f"“{long_name}” — A name has at most 40 characters; this one has 42",
        )
    ]
    outcome = bgstats_import(
        club=club, parsed=parsed, choices={}, imported_by=alice, import_valid=True
    )
    assert outcome.sessions_created == 1
    assert _left_out(outcome)[-1] == (
        "2025-01-11 · Me, Bruno de Albuquerque Cavalcanti Figueiredo, Caio",
        "plays[0]",
        True,
        ["players.3: A name has at most 40 characters; this one has 42"],
    )
    assert not club.players.filter(name__startswith="Bruno").exists()


@pytest.mark.parametrize(
    ("board", "map_name"),
    [
        ("Itália", "italia"),
        ("  italia ", "italia"),
        ("Імперія", "imperium"),
        # The expansion boards: the board's Latin name, English, pt, uk.
        ("Britannia", "britannia"),
        ("GERMANIA", "germania"),
        ("Bizâncio", "byzantium"),
        ("Egypt", "aegyptus"),
        ("Ionium Mini", "ionium_small"),
        ("Еллада", "hellas"),
        ("Baleares", "balearica"),
    ],
)
def test_a_board_is_known_by_its_name_in_any_of_the_sites_languages(
    club, alice, ana, board, map_name
):
    document = _phone(plays=[copy.deepcopy(PHONE["plays"][0])])
    document["plays"][0]["board"] = board
    bgstats_import(
        club=club, parsed=bgstats_read(document), choices={}, imported_by=alice
    )
    assert club.sessions.get().map == map_name


def test_the_export_names_the_board_as_bg_stats_does_in_every_language(
    finished_session,
):
    finished_session.map = "italia"
    finished_session.save()
    with translation.override("pt-br"):
        (play,) = bgstats_export(finished_session.club)["plays"]
    assert play["board"] == "Italia"


@pytest.mark.parametrize(
    ("map_name", "board"),
    [("germania", "Germania"), ("ionium_small", "Ionium (small)"), ("creta", "Creta")],
)
def test_the_export_writes_each_expansion_board_by_its_own_name(
    finished_session, map_name, board
):
    finished_session.map = map_name
    finished_session.save()
    (play,) = bgstats_export(finished_session.club)["plays"]
    assert play["board"] == board
    # ... which the import reads back as the same map.
    assert bgstats_read_module.board_map(play["board"]) == map_name


def test_a_file_over_the_play_cap_is_refused_before_its_plays_are_read(
    club, monkeypatch
):
    monkeypatch.setattr(bgstats_read_module, "MAX_PLAYS", 3)
    document = _phone()
    # A fourth play of Concordia that is not even an object: never looked at.
    document["plays"].append({"gameRefId": 1, "playerScores": "garbage"})
    document["plays"].append({"gameRefId": 1, "playDate": 12})
    with pytest.raises(ImportRejected) as rejected:
        bgstats_read(document)
    assert [(p.path, problem_message(p)) for p in rejected.value.problems] == [
        (
            "plays",
            "The file has 7 plays of Concordia; an import takes at most 3",
        )
    ]


def test_the_cap_is_ten_thousand_plays():
    assert bgstats_read_module.MAX_PLAYS == 10_000


def _many_plays(count: int) -> dict[str, Any]:
    first = PHONE["plays"][0]
    plays = []
    for index in range(count):
        play = copy.deepcopy(first)
        play["uuid"] = f"B0000000-0000-4000-8000-{index:012d}"
        play["playDate"] = f"2024-{1 + index % 12:02d}-{1 + index % 28:02d} 20:00:00"
        plays.append(play)
    return _phone(plays=plays)


def test_an_import_costs_the_same_queries_for_forty_plays_as_for_ten(
    club, alice, ana, other_club
):
    counts = []
    for target, count in ((club, 10), (other_club, 40)):
        Player.objects.get_or_create(club=target, name="Ana", defaults={"user": alice})
        parsed = bgstats_read(_many_plays(count))
        with CaptureQueriesContext(connection) as queries:
            outcome = bgstats_import(
                club=target, parsed=parsed, choices={}, imported_by=alice
            )
        assert outcome.sessions_created == count
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_nul_character_is_refused_with_its_path_before_the_database(club):
    raw = json.dumps(_phone()).replace('"Bruno"', '"Bru\\u0000no"').encode()
    with pytest.raises(ImportRejected) as rejected:
        document_load(raw)
    assert [p.path for p in rejected.value.problems] == ["players[2].name"]


# The page


def _url(name: str = "club-bgstats-import") -> str:
    return reverse(f"games:{name}", kwargs={"club_slug": "lisboa"})


def _upload(document: object) -> SimpleUploadedFile:
    return SimpleUploadedFile(
        "BGStatsExport.json", json.dumps(document).encode(), "application/json"
    )


@pytest.fixture
def owner(client, club, alice, ana):
    client.force_login(alice)
    return client


def test_the_page_shows_every_error_with_its_play_and_path(owner, club):
    response = owner.post(_url(), {"file": _upload(PHONE)}, headers=HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in page
    assert 'id="bgstats-form"' in page
    assert "plays[4].board: 2025-03-08 · Me, Bruno — Unknown board" in page
    assert "Sicilia" in page
    assert not club.sessions.exists()
    full = owner.post(_url(), {"file": _upload(PHONE)})
    assert "<html" in full.content.decode()
    assert "plays[4].board: 2025-03-08 · Me, Bruno — Unknown board" in (
        full.content.decode()
    )


def test_the_page_imports_the_rest_when_asked_and_lists_the_plays_left_out(owner, club):
    response = owner.post(_url(), {"file": _upload(PHONE), "import_valid": "on"})
    assert response.status_code == 302
    record = BgStatsImport.objects.get(club=club)
    assert response["Location"] == (
        _url("club-portability") + f"?imported={record.pk}#recent-imports"
    )
    assert club.sessions.count() == 2
    page = owner.get(response["Location"]).content.decode()
    assert "2 games imported. 3 plays were left out: the list says why." in page
    assert "3 plays left out" in page
    assert "2025-02-20 · Me, Bruno" in page
    assert "This play has no scores" in page
    assert "Unknown board “Sicilia”: the maps here are Imperium, Italia," in page
    assert "(plays[4].board)" in page


def test_importing_the_rest_with_htmx_navigates_to_the_list(owner, club):
    response = owner.post(
        _url(), {"file": _upload(PHONE), "import_valid": "on"}, headers=HTMX
    )
    record = BgStatsImport.objects.get(club=club)
    assert response["HX-Redirect"] == (
        _url("club-portability") + f"?imported={record.pk}#recent-imports"
    )


def test_the_page_asks_who_me_is_for_an_account_without_a_player(client, club, bob):
    from clubs.models import Role

    club.memberships.filter(user=bob).update(role=Role.ADMIN)
    Player.objects.create(club=club, name="Bruno")
    client.force_login(bob)
    asked = client.post(_url(), {"file": _upload(_without_play(4))}, headers=HTMX)
    page = asked.content.decode()
    assert "“Me”, the owner of this BG Stats file" in page
    assert 'name="player-2"' in page
    assert "Somebody new: add “bob”" in page
    waiting = BgStatsUpload.objects.get(club=club, uploaded_by=bob)
    answered = client.post(_url(), {"upload": waiting.pk, "player-2": "new"})
    assert answered.status_code == 302
    assert club.players.get(user=bob).name == "bob"
    assert not BgStatsUpload.objects.exists()


def test_another_users_waiting_file_is_not_theirs_to_import(
    client, club, alice, ana, dora
):
    Player.objects.create(club=club, name="Bruno Silva")
    client.force_login(alice)
    client.post(_url(), {"file": _upload(_without_play(4))})
    waiting = BgStatsUpload.objects.get()
    client.force_login(dora)
    response = client.post(_url(), {"upload": waiting.pk, "player-3": "new"})
    assert response.status_code == 200
    assert "This file is no longer waiting to be imported" in response.content.decode()
    assert not club.sessions.exists()


def test_a_nul_character_is_shown_with_its_path_in_the_readers_language(owner, club):
    raw = json.dumps(_phone()).replace('"Bruno"', '"Bru\\u0000no"').encode()
    response = owner.post(
        _url(),
        {"file": SimpleUploadedFile("f.json", raw, "application/json")},
        headers={"Accept-Language": "pt-BR"},
    )
    assert response.status_code == 200
    assert (
        "players[2].name: Este texto contém um caractere NUL (\\u0000), que não "
        "pode ser gravado"
    ) in response.content.decode()
    assert not club.sessions.exists()
    assert list(club.players.values_list("name", flat=True)) == ["Ana"]


# The API


def test_the_api_refuses_a_wrong_play_with_its_play_in_the_message(as_role, club):
    response = as_role("owner").post(
        "/api/v1/clubs/lisboa/bgstats/import/", PHONE, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": [{"path": BOARD_ERROR[0], "message": BOARD_ERROR[1]}]
    }


def test_the_api_imports_the_rest_and_lists_the_plays_left_out(as_role, club, alice):
    Player.objects.create(club=club, name="Ana", user=alice)
    response = as_role("owner").post(
        "/api/v1/clubs/lisboa/bgstats/import/",
        {**PHONE, "import_valid_plays": True},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["sessions_created"], body["players_created"]) == (2, 3)
    assert body["plays_left_out"] == [
        {
            "path": "plays[2]",
            "played_on": "2025-02-20",
            "players": ["Me", "Bruno"],
            "error": False,
            "problems": [{"path": "plays[2]", "message": "This play has no scores"}],
        },
        {
            "path": "plays[3]",
            "played_on": "2025-03-01",
            "players": ["Me"],
            "error": False,
            "problems": [
                {
                    "path": "plays[3].playerScores",
                    "message": "A game of Concordia has 2 to 5 players; this one has 1",
                }
            ],
        },
        {
            "path": "plays[4]",
            "played_on": "2025-03-08",
            "players": ["Me", "Bruno"],
            "error": True,
            "problems": [
                {
                    "path": "plays[4].board",
                    "message": "Unknown board “Sicilia”: the maps here are "
                    "Imperium, Italia, Britannia, Germania, Byzantium, Hispania, Gallia, Corsica, Aegyptus, Creta, Ionium, Ionium (small), Hellas, Cyprus, Balearica",
                }
            ],
        },
    ]


def test_the_api_refuses_an_option_of_the_wrong_type(as_role, club):
    response = as_role("owner").post(
        "/api/v1/clubs/lisboa/bgstats/import/",
        {**PHONE, "import_valid_plays": "yes"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": [{"path": "import_valid_plays", "message": "Expected true or false"}]
    }


def test_the_api_preview_lists_the_plays_left_out(as_role, club):
    body = (
        as_role("admin")
        .post("/api/v1/clubs/lisboa/bgstats/preview/", PHONE, format="json")
        .json()
    )
    assert body["plays"] == 2
    assert [(left["path"], left["error"]) for left in body["plays_left_out"]] == [
        ("plays[2]", False),
        ("plays[3]", False),
        ("plays[4]", True),
    ]
    assert not club.sessions.exists()


def test_the_api_answers_a_nul_character_with_its_path(as_role, club):
    raw = json.dumps(_phone()).replace('"Bruno"', '"Bru\\u0000no"')
    response = as_role("owner").post(
        "/api/v1/clubs/lisboa/bgstats/import/", raw, content_type="application/json"
    )
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["players[2].name"]
    assert not club.sessions.exists()
    assert not BgStatsPlay.objects.exists()
