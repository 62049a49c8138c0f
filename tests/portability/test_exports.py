"""Exports other tools read: the results CSV and BG Stats JSON; and BG Stats imports."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any, cast

import pytest

from clubs import services as clubs_services
from clubs.models import Club, Player
from games import services as game_services
from games.documents import (
    ImportRejected,
    problem_message,
)
from games.models import SessionStatus
from portability.bgstats import (
    bgstats_export,
    bgstats_file_document,
    bgstats_file_from_document,
    bgstats_import,
    bgstats_import_undo,
    bgstats_player_matches,
    bgstats_read,
)
from portability.common import (
    ImportOutcome,
)
from portability.csv_results import results_csv
from portability.models import BgStatsImport
from stats.models import PlayerBucket, StatsChange
from tests.conftest import example_sheet
from tests.sheets import example_game_record
from tests.stats.conftest import record

# A BG Stats export as the app writes it (fields it adds and we ignore included).
BGSTATS = {
    "userInfo": {"meRefId": 1},
    "games": [
        {"id": 7, "name": "Concordia", "bggId": 124361, "highestWins": True},
        {"id": 8, "name": "Carcassonne", "bggId": 822},
    ],
    "players": [
        {"id": 1, "name": "Ana", "isAnonymous": False},
        {"id": 2, "name": "bruno ", "isAnonymous": False},
        {"id": 3, "name": "Zé Maria"},
    ],
    "locations": [{"id": 4, "name": "Café Lisboa"}],
    "plays": [
        {
            "uuid": "11111111-1111-4111-8111-111111111111",
            "gameRefId": 7,
            "playDate": "2025-05-01 21:30:00",
            "locationRefId": 4,
            "board": "Italia",
            "comments": "Close one",
            "playerScores": [
                {"playerRefId": 2, "score": "101", "winner": False, "seatOrder": 2},
                {"playerRefId": 1, "score": "120", "winner": True, "seatOrder": 1, "startPlayer": True},
                {"playerRefId": 3, "score": "88", "winner": False, "seatOrder": 3},
            ],
        },
        {
            "uuid": "22222222-2222-4222-8222-222222222222",
            "gameRefId": 7,
            "playDate": "2025-06-02 20:00:00",
            "playerScores": [
                {"playerRefId": 1, "score": "99", "winner": False},
                {"playerRefId": 3, "score": "99", "winner": True},
            ],
        },
        {
            "uuid": "33333333-3333-4333-8333-333333333333",
            "gameRefId": 8,
            "playDate": "2025-06-03 20:00:00",
            "playerScores": [{"playerRefId": 1, "score": "lots"}],
        },
        {
            "uuid": "44444444-4444-4444-8444-444444444444",
            "gameRefId": 7,
            "ignored": True,
            "playDate": "not a date",
            "playerScores": [],
        },
    ],
}  # fmt: skip


def _import(
    club: Club,
    document: object = BGSTATS,
    choices: dict[str, int | None] | None = None,
) -> ImportOutcome:
    parsed = bgstats_read(document)
    return bgstats_import(club=club, parsed=parsed, choices=choices or {})


# Results CSV


def test_results_csv_has_a_row_per_seat_with_every_category(finished_session):
    rows = list(csv.reader(io.StringIO(results_csv(finished_session.club))))
    assert rows[0][:10] == [
        "game_id", "date", "game", "map", "place", "seat", "player", "total", "rank", "won"
    ]  # fmt: skip
    assert rows[0][10:17] == ["vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva", "concordia"]  # fmt: skip
    game = str(finished_session.pk)
    assert rows[1][:17] == [game, "2026-11-01", "concordia", "imperium", "Café", "1", "Ana", "114", "1", "yes", "3", "18", "28", "16", "30", "12", "7"]  # fmt: skip
    assert [row[6] for row in rows[1:]] == ["Ana", "Bruno", "Caio"]
    assert len(rows) == 4


def test_results_csv_ends_with_the_modules_the_team_and_the_forum(club):
    example_game_record(club, "concordia-salsa", day=1)
    example_game_record(club, "concordia-venus-teams", day=2)
    rows = list(csv.reader(io.StringIO(results_csv(club))))
    # The columns before the expansions' stay where they were.
    assert rows[0] == [
        "game_id", "date", "game", "map", "place", "seat", "player", "total", "rank", "won",
        "vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva", "concordia", "venus",
        "court", "commerce", "politics", "military", "economy", "territory",
        "expansions", "team", "forum",
    ]  # fmt: skip
    # Player, total, rank, won, Venus' points (none without Venus); the modules,
    # the team and the forum's points (none without the forum).
    assert [[*row[6:10], row[17], *row[24:]] for row in rows[1:]] == [
        ["Ana", "146", "1", "yes", "", "salt forum", "", "0"],
        ["Bruno", "82", "2", "no", "", "salt forum", "", "-2"],
        ["Caio", "44", "3", "no", "", "salt forum", "", "0"],
        ["Ana", "79", "1", "no", "6", "venus", "Red", ""],
        ["Bia", "72", "2", "yes", "2", "venus", "Blue", ""],
        ["Caio", "36", "4", "no", "6", "venus", "Red", ""],
        ["Duda", "60", "3", "yes", "2", "venus", "Blue", ""],
    ]


def test_results_csv_names_an_expansion_board_by_its_id(finished_session):
    finished_session.map = "ionium_small"
    finished_session.save()
    rows = list(csv.reader(io.StringIO(results_csv(finished_session.club))))
    assert {row[3] for row in rows[1:]} == {"ionium_small"}


def test_results_csv_leaves_out_games_not_finished(draft_session):
    assert results_csv(draft_session.club).count("\r\n") == 1


def test_a_name_that_looks_like_a_formula_stays_text_in_the_csv(finished_session):
    Player.objects.filter(name="Caio").update(name="=HYPERLINK(1)")
    text = results_csv(finished_session.club)
    assert ",'=HYPERLINK(1)," in text


def test_the_csv_endpoint_is_a_download_with_a_bom(as_role, finished_session):
    response = as_role("member").get("/api/v1/clubs/lisboa/results.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert (
        response["Content-Disposition"] == 'attachment; filename="lisboa-results.csv"'
    )
    assert response.content.startswith("\ufeffgame_id,".encode())


# BG Stats export


def test_bgstats_export_describes_concordia_by_its_bgg_id(finished_session):
    document = bgstats_export(finished_session.club)
    (game,) = document["games"]
    assert (game["name"], game["bggId"], game["highestWins"]) == (
        "Concordia",
        124361,
        True,
    )
    (play,) = document["plays"]
    assert play["playDate"] == "2026-11-01 20:00:00"
    assert play["board"] == "Imperium"
    names = {p["id"]: p["name"] for p in document["players"]}
    assert [
        (names[s["playerRefId"]], s["score"], s["winner"], s["rank"], s["startPlayer"])
        for s in play["playerScores"]
    ] == [
        ("Ana", "114", True, 1, True),
        ("Bruno", "95", False, 2, False),
        ("Caio", "76", False, 3, False),
    ]
    assert document["locations"] == [
        {"id": 1, "uuid": document["locations"][0]["uuid"], "name": "Café"}
    ]
    assert play["locationRefId"] == 1


def test_bgstats_export_gives_a_game_the_same_uuid_every_time(finished_session):
    first = bgstats_export(finished_session.club)
    second = bgstats_export(finished_session.club)
    assert first["plays"][0]["uuid"] == second["plays"][0]["uuid"]


def test_bgstats_export_leaves_out_drafts(draft_session):
    assert bgstats_export(draft_session.club)["plays"] == []


# BG Stats import


def test_bgstats_plays_of_concordia_become_finished_games(club):
    outcome = _import(club)
    assert outcome == ImportOutcome(players_created=3, sessions_created=2)
    first, second = club.sessions.order_by("played_at")
    assert (first.map, first.place, first.notes, first.status) == (
        "italia", "Café Lisboa", "Close one", SessionStatus.FINISHED
    )  # fmt: skip
    assert first.played_at.isoformat() == "2025-05-01T21:30:00+00:00"
    seats = [
        (s.seat_order, s.player.name, s.result.total, s.result.rank, s.result.won)
        for s in first.seats.select_related("player", "result")
    ]
    # The start player sits first, then BG Stats' seat order.
    assert seats == [(0, "Ana", 120, 1, True), (1, "bruno", 101, 2, False), (2, "Zé Maria", 88, 3, False)]  # fmt: skip
    # A tie on points: BG Stats' winner flag puts Zé Maria first.
    assert [
        (s.player.name, s.result.rank, s.result.won)
        for s in second.seats.select_related("player", "result")
    ] == [("Ana", 2, False), ("Zé Maria", 1, True)]


def test_an_imported_file_imported_again_adds_nothing(club):
    _import(club)
    assert _import(club) == ImportOutcome(
        players_created=0, sessions_created=0, sessions_skipped=2
    )
    assert club.sessions.count() == 2


def test_bgstats_players_are_matched_by_name_ignoring_case_and_accents(
    finished_session,
):
    club = finished_session.club
    Player.objects.filter(club=club, name="Caio").update(name="Ze Maria")
    outcome = _import(club)
    assert outcome.players_created == 0
    assert set(club.players.values_list("name", flat=True)) == {
        "Ana",
        "Bruno",
        "Ze Maria",
    }


def test_an_ambiguous_name_must_be_chosen_and_nothing_is_written_until_then(club):
    clubs_services.player_get_or_create(club=club, name="Zé Silva")
    clubs_services.player_get_or_create(club=club, name="Zé Costa")
    parsed = bgstats_read(BGSTATS)
    matches = {m.ref: m for m in bgstats_player_matches(club=club, parsed=parsed)}
    assert [p.name for p in matches["3"].candidates] == ["Zé Costa", "Zé Silva"]
    assert matches["1"].player is None
    assert not matches["1"].needs_choice
    with pytest.raises(ImportRejected) as rejected:
        bgstats_import(club=club, parsed=parsed, choices={})
    assert [(p.path, problem_message(p)) for p in rejected.value.problems] == [
        (
            "players.3",
            "“Zé Maria” could be Zé Costa, Zé Silva: choose one, or a new player",
        )
    ]
    assert club.sessions.count() == 0
    assert club.players.count() == 2
    silva = club.players.get(name="Zé Silva")
    outcome = bgstats_import(club=club, parsed=parsed, choices={"3": silva.pk})
    assert outcome.players_created == 2
    assert silva.seats.count() == 2


def test_choosing_a_new_player_for_an_ambiguous_name_creates_one(club):
    clubs_services.player_get_or_create(club=club, name="Zé Silva")
    _import(club, choices={"3": None})
    assert club.players.filter(name="Zé Maria").exists()


def test_a_choice_outside_the_candidates_is_refused(club, other_club):
    clubs_services.player_get_or_create(club=club, name="Zé Silva")
    stranger = clubs_services.player_get_or_create(club=other_club, name="Zé Porto")
    with pytest.raises(ImportRejected) as rejected:
        _import(club, choices={"3": stranger.pk})
    assert [p.path for p in rejected.value.problems] == ["players.3"]
    assert club.sessions.count() == 0


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            lambda d: d["plays"][0]["playerScores"][0].update(score="lots"),
            "plays[0].playerScores[0].score",
            'Expected a whole-number score, not "lots"',
        ),
        (
            lambda d: d["plays"][1].update(playDate="1st of June"),
            "plays[1].playDate",
            'Expected a date such as “2026-11-01 20:00:00”, not "1st of June"',
        ),
        (
            lambda d: d["plays"][1]["playerScores"][0].update(playerRefId=99),
            "plays[1].playerScores[0].playerRefId",
            "This player is not in the file's list of players",
        ),
        (
            # A board no data describes (YAV ships a Roma board's image only).
            lambda d: d["plays"][1].update(board="Roma"),
            "plays[1].board",
            "Unknown board “Roma”: the maps here are Imperium, Italia, Britannia, "
            "Germania, Byzantium, Hispania, Gallia, Corsica, Aegyptus, Creta, "
            "Ionium, Ionium (small), Hellas, Cyprus, Balearica",
        ),
    ],
)
def test_a_bad_concordia_play_rejects_the_file(club, change, path, message):
    import copy

    document = copy.deepcopy(BGSTATS)
    change(document)
    parsed = bgstats_read(document)
    assert [
        (p.path, problem_message(p)) for left in parsed.errors for p in left.problems
    ] == [(path, message)]
    with pytest.raises(ImportRejected) as rejected:
        bgstats_import(club=club, parsed=parsed, choices={})
    assert [(p.path, problem_message(p)) for p in rejected.value.problems] == [
        (path, message)
    ]
    assert not club.sessions.exists()
    assert not club.players.exists()


def test_a_file_whose_plays_are_not_a_list_is_refused():
    with pytest.raises(ImportRejected) as rejected:
        bgstats_read({**BGSTATS, "plays": "none"})
    assert [(p.path, problem_message(p)) for p in rejected.value.problems] == [
        ("plays", 'Expected a list […], not "none"')
    ]


def test_a_file_without_concordia_plays_is_refused(club):
    with pytest.raises(ImportRejected) as rejected:
        bgstats_read({"games": [], "plays": []})
    assert rejected.value.messages == ["The file has no plays of Concordia"]


def test_our_bgstats_export_imports_into_another_club(finished_session, other_club):
    document = bgstats_export(finished_session.club)
    outcome = _import(other_club, document)
    assert outcome == ImportOutcome(players_created=3, sessions_created=1)
    (game,) = other_club.sessions.all()
    assert sorted(
        (s.player.name, s.result.total, s.result.rank) for s in game.seats.all()
    ) == [("Ana", 114, 1), ("Bruno", 95, 2), ("Caio", 76, 3)]


def _places(club: Club) -> list[tuple[str, int, int, bool]]:
    (game,) = club.sessions.all()
    return sorted(
        (s.player.name, s.result.total, s.result.rank, s.result.won)
        for s in game.seats.select_related("player", "result")
    )


def test_a_tie_broken_by_the_praefectus_magnus_survives_export_and_import(
    club, alice, other_club
):
    # Eli and Fabi have 35 each; Dora holds the Praefectus Magnus, which would
    # reach Fabi first, so Fabi wins.
    sheet = example_sheet("concordia-tie")
    session = game_services.session_create(
        club=club,
        created_by=alice,
        map_name=sheet.map.value,
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[game_services.SeatInput(new_name=b.name) for b in sheet.players],
    )
    game_services.concordia_sheet_record(session=session, sheet=sheet)
    assert _places(club) == [("Dora", 25, 3, False), ("Eli", 35, 2, False), ("Fabi", 35, 1, True)]  # fmt: skip
    _import(other_club, bgstats_export(club))
    assert _places(other_club) == _places(club)


def test_a_tie_for_second_place_keeps_its_order_through_export_and_import(
    club, other_club
):
    # Caio sits before Bruno; both have 90, and the tie-break put Bruno second.
    record(
        club,
        day="2026-03-01",
        seats=[("Ana", 120, 1), ("Caio", 90, 3), ("Bruno", 90, 2), ("Dora", 80, 4)],
    )
    expected = [("Ana", 120, 1, True), ("Bruno", 90, 2, False), ("Caio", 90, 3, False), ("Dora", 80, 4, False)]  # fmt: skip
    assert _places(club) == expected
    parsed = bgstats_read(bgstats_export(club))
    # The page that asks about names keeps the file read between its steps.
    kept = bgstats_file_from_document(bgstats_file_document(parsed))
    assert kept == parsed
    bgstats_import(club=other_club, parsed=kept, choices={})
    assert _places(other_club) == expected


def test_ranks_that_contradict_the_points_are_ignored(club):
    document = {
        "games": [{"id": 1, "name": "Concordia", "bggId": 124361}],
        "players": [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Bruno"}],
        "plays": [
            {
                "playDate": "2025-05-01 21:30:00",
                "gameRefId": 1,
                "playerScores": [
                    {"playerRefId": 1, "score": "80", "rank": 1, "winner": False},
                    {"playerRefId": 2, "score": "99", "rank": 2, "winner": True},
                ],
            }
        ],
    }
    _import(club, document)
    assert _places(club) == [("Ana", 80, 2, False), ("Bruno", 99, 1, True)]


def _without_uuids(document: dict[str, Any]) -> dict[str, Any]:
    return {
        **document,
        "plays": [
            {k: v for k, v in play.items() if k != "uuid"} for play in document["plays"]
        ],
    }


def test_a_play_without_uuid_imported_again_is_recognised_by_date_players_and_scores(
    club,
):
    document = _without_uuids(BGSTATS)
    assert _import(club, document) == ImportOutcome(
        players_created=3, sessions_created=2
    )
    assert _import(club, document) == ImportOutcome(
        players_created=0, sessions_created=0, sessions_skipped=2
    )
    assert club.sessions.count() == 2


def test_a_play_without_uuid_with_other_scores_the_same_day_is_a_new_game(club):
    _import(club, _without_uuids(BGSTATS))
    changed = _without_uuids(BGSTATS)
    changed["plays"][1] = {
        **changed["plays"][1],
        "playerScores": [
            {"playerRefId": 1, "score": "98", "winner": False},
            {"playerRefId": 3, "score": "99", "winner": True},
        ],
    }
    assert _import(club, changed) == ImportOutcome(
        players_created=0, sessions_created=1, sessions_skipped=1
    )


def test_our_own_export_imported_back_into_the_club_adds_nothing(finished_session):
    club = finished_session.club
    outcome = _import(club, bgstats_export(club))
    assert outcome == ImportOutcome(
        players_created=0, sessions_created=0, sessions_skipped=1
    )
    assert club.sessions.count() == 1


# The API


def test_the_preview_says_how_players_would_be_matched(as_role, finished_session):
    body = (
        as_role("admin")
        .post("/api/v1/clubs/lisboa/bgstats/preview/", BGSTATS, format="json")
        .json()
    )
    ana = finished_session.club.players.get(name="Ana")
    assert body == {
        "plays": 2,
        "players": [
            {"ref": "1", "name": "Ana", "player": {"id": ana.pk, "name": "Ana"}, "candidates": []},
            {"ref": "2", "name": "bruno", "player": {"id": ana.pk + 1, "name": "Bruno"}, "candidates": []},
            {"ref": "3", "name": "Zé Maria", "player": None, "candidates": []},
        ],
        "plays_left_out": [],
    }  # fmt: skip
    assert finished_session.club.sessions.count() == 1


def test_the_api_imports_with_the_chosen_players(as_role, club):
    silva = clubs_services.player_get_or_create(club=club, name="Zé Silva")
    client = as_role("owner")
    refused = client.post(
        "/api/v1/clubs/lisboa/bgstats/import/", BGSTATS, format="json"
    )
    assert refused.status_code == 400
    assert [e["path"] for e in refused.json()["errors"]] == ["players.3"]
    response = client.post(
        "/api/v1/clubs/lisboa/bgstats/import/",
        {**BGSTATS, "players_chosen": {"3": silva.pk}},
        format="json",
    )
    assert response.status_code == 201
    assert response.json() == {
        "players_created": 2,
        "sessions_created": 2,
        "sessions_skipped": 0,
        "plays_left_out": [],
    }


def test_the_api_refuses_choices_of_the_wrong_shape(as_role, club):
    response = as_role("owner").post(
        "/api/v1/clubs/lisboa/bgstats/import/",
        {**BGSTATS, "players_chosen": ["Ana"]},
        format="json",
    )
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["players_chosen"]


def test_an_import_records_the_games_it_created_and_only_those(club, alice):
    first = bgstats_import(
        club=club,
        parsed=bgstats_read(
            {**BGSTATS, "plays": cast(list[Any], BGSTATS["plays"])[:1]}
        ),
        choices={},
        imported_by=alice,
    )
    outcome = bgstats_import(
        club=club, parsed=bgstats_read(BGSTATS), choices={}, imported_by=alice
    )
    assert outcome.import_id is not None
    record = BgStatsImport.objects.get(pk=outcome.import_id)
    assert record.pk != first.import_id
    assert (record.club, record.imported_by, record.sessions_skipped) == (
        club,
        alice,
        1,
    )
    (created,) = record.sessions.all()
    assert created.played_at.isoformat() == "2025-06-02T20:00:00+00:00"
    again = bgstats_import(club=club, parsed=bgstats_read(BGSTATS), choices={})
    assert again.import_id is None
    assert BgStatsImport.objects.filter(club=club).count() == 2


def test_undoing_an_import_refreshes_the_statistics_like_any_deletion(
    club, django_capture_on_commit_callbacks
):
    outcome = _import(club)
    assert outcome.import_id is not None
    record = BgStatsImport.objects.get(pk=outcome.import_id)
    with django_capture_on_commit_callbacks(execute=True):
        assert bgstats_import_undo(record=record) == 2
    assert not club.sessions.exists()
    assert not PlayerBucket.objects.filter(club=club).exists()
    assert not StatsChange.objects.exists()


def test_a_file_imported_again_after_its_import_was_undone_is_imported(club):
    outcome = _import(club)
    assert outcome.import_id is not None
    bgstats_import_undo(record=BgStatsImport.objects.get(pk=outcome.import_id))
    again = _import(club)
    assert again == ImportOutcome(players_created=0, sessions_created=2)
    assert club.sessions.count() == 2
