"""The club backup: export, restore into an empty club, and refusing bad files."""

from __future__ import annotations

import copy
import datetime as dt
import json

import pytest
from django.contrib.auth.models import User

from clubs import services as clubs_services
from clubs.models import Club, Player
from games import services
from games.documents import (
    MAX_IMPORT_BYTES,
    ImportRejected,
    document_load,
    problem_message,
)
from games.models import (
    Game,
    MagnanimousEnding,
    MagnanimousPosition,
    SeatCard,
    SeatHouse,
    SeatResult,
    SessionCity,
    SessionStatus,
    TableSession,
)
from portability.backup import BackupDocument, club_backup_export, club_backup_import
from portability.common import (
    CLUB_NOT_EMPTY,
    ImportOutcome,
)
from stats import selectors as stats_selectors
from stats import services as stats_services


@pytest.fixture
def history(finished_session: TableSession, club: Club, alice: User) -> Club:
    """The rulebook game, a board game still being tapped in, and a Magnanimous game."""
    board = services.session_create(
        club=club,
        created_by=alice,
        map_name="italia",
        played_at=dt.datetime(2026, 10, 3, 19, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(new_name="Ana", colour="red"),
            services.SeatInput(new_name="Dora", colour="blue"),
        ],
    )
    first, second = board.seats.order_by("seat_order")
    SessionCity.objects.create(session=board, city="Ostia", good="food")
    SeatHouse.objects.create(session=board, seat=first, city="Ostia")
    SeatCard.objects.create(session=board, seat=second, card=7)
    magnanimous = TableSession.objects.create(
        club=club,
        game=Game.MAGNANIMOUS,
        ending=MagnanimousEnding.REPUBLIC,
        played_at=dt.datetime(2026, 9, 1, 12, tzinfo=dt.UTC),
        status=SessionStatus.FINISHED,
        notes="Première partie",
    )
    for order, (name, total) in enumerate([("Bruno", 40), ("Dora", 33)]):
        player = Player.objects.get(club=club, name=name)
        seat = magnanimous.seats.create(player=player, seat_order=order)
        MagnanimousPosition.objects.create(
            session=magnanimous, seat=seat, nobility=12 + order, governor=order == 0
        )
        SeatResult.objects.create(
            session=magnanimous,
            seat=seat,
            total=total,
            rank=order + 1,
            won=order == 0,
            breakdown={"court": total},
        )
    stats_services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    stats_services.stats_rebuild(club_id=club.pk, game=Game.MAGNANIMOUS)
    return club


@pytest.fixture
def empty_club(alice: User) -> Club:
    return clubs_services.club_create(
        name="Lisboa again", slug="lisboa-again", owner=alice
    )


def _comparable(document: BackupDocument) -> object:
    """The backup without what differs between two instances: ids and the club."""
    names = {p["id"]: p["name"] for p in document["players"]}
    sessions = copy.deepcopy(document["sessions"])
    for session in sessions:
        del session["id"]  # type: ignore[misc]
        for seat in session["seats"]:
            seat["player"] = names[seat["player"]]  # type: ignore[typeddict-item]
    return {
        "players": sorted((p["name"], p["created_at"]) for p in document["players"]),
        "sessions": sessions,
    }


def _leaderboard(club: Club, game: str) -> list[tuple[object, ...]]:
    board = stats_selectors.leaderboard_get(
        club=club, game=game, filters=stats_selectors.LeaderboardFilters()
    )
    return [
        (r.position, r.name, r.games, r.wins, r.average, r.best, r.averages, r.rating)
        for r in board.rows
    ]


def test_a_restored_club_has_identical_games_and_leaderboards(
    history, empty_club, django_capture_on_commit_callbacks
):
    exported = json.loads(json.dumps(club_backup_export(history)))
    with django_capture_on_commit_callbacks(execute=True):
        outcome = club_backup_import(club=empty_club, document=exported)
    assert outcome == ImportOutcome(players_created=4, sessions_created=3)
    restored = club_backup_export(empty_club)
    assert _comparable(restored) == _comparable(exported)
    assert len(restored["sessions"]) == 3
    for game in (Game.CONCORDIA, Game.MAGNANIMOUS):
        assert _leaderboard(empty_club, game) == _leaderboard(history, game)
    assert _leaderboard(empty_club, Game.CONCORDIA)[0][:6] == (
        1,
        "Ana",
        1,
        1,
        114.0,
        114,
    )


def test_the_backup_is_versioned_and_lists_the_members(history):
    document = club_backup_export(history)
    assert (document["format"], document["version"]) == ("tabularium-club-backup", 1)
    assert document["club"] == {"name": "Lisboa", "slug": "lisboa"}
    assert document["members"] == [
        {"username": "alice", "role": "owner"},
        {"username": "bob", "role": "member"},
    ]


def test_a_player_is_relinked_only_to_a_member_of_the_new_club(
    history, empty_club, bob, charlie
):
    ana = Player.objects.get(club=history, name="Ana")
    bruno = Player.objects.get(club=history, name="Bruno")
    ana.user, bruno.user = charlie, bob
    ana.save()
    bruno.save()
    clubs_services.membership_add(club=empty_club, user=bob)
    club_backup_import(club=empty_club, document=club_backup_export(history))
    users = dict(empty_club.players.values_list("name", "user__username"))
    assert users["Bruno"] == "bob"
    assert users["Ana"] is None


def test_a_backup_is_restored_only_into_an_empty_club(history, finished_session):
    document = club_backup_export(history)
    with pytest.raises(ImportRejected) as rejected:
        club_backup_import(club=history, document=document)
    assert rejected.value.problems[0].template == CLUB_NOT_EMPTY


def _problems(club: Club, document: object) -> list[tuple[str, str]]:
    with pytest.raises(ImportRejected) as rejected:
        club_backup_import(club=club, document=document)
    assert not club.sessions.exists()
    assert not club.players.exists()
    return [(p.path, problem_message(p)) for p in rejected.value.problems]


def test_a_file_that_is_not_a_backup_is_refused(empty_club):
    assert _problems(empty_club, {"plays": []}) == [
        ("format", "This is not a Tabularium club backup")
    ]
    assert _problems(empty_club, [1, 2]) == [
        ("format", "This is not a Tabularium club backup")
    ]


def test_a_newer_backup_version_is_refused(history, empty_club):
    document = club_backup_export(history)
    document["version"] = 2
    assert _problems(empty_club, document) == [
        ("version", "This backup is of version 2; this site reads up to version 1")
    ]


def test_every_problem_is_reported_with_its_path_and_nothing_is_written(
    history, empty_club
):
    document = json.loads(json.dumps(club_backup_export(history)))
    rulebook = document["sessions"][-1]
    rulebook["seats"][0]["concordia_position"]["sestertii"] = -5
    rulebook["seats"][1]["player"] = 999
    rulebook["played_at"] = "yesterday"
    document["players"][0]["name"] = ""
    problems = _problems(empty_club, document)
    paths = [path for path, _message in problems]
    assert "sessions[2].played_at" in paths
    assert "sessions[2].seats[1].player" in paths
    assert dict(problems)["sessions[2].seats[1].player"] == (
        "No player with the id 999 in this file"
    )


def test_field_values_out_of_range_are_reported_before_anything_is_saved(
    history, empty_club
):
    document = json.loads(json.dumps(club_backup_export(history)))
    rulebook = document["sessions"][-1]
    rulebook["seats"][0]["concordia_position"]["sestertii"] = -5
    rulebook["map"] = "atlantis"
    document["players"][0]["name"] = "x" * 41
    paths = [path for path, _message in _problems(empty_club, document)]
    assert paths == [
        "players[0].name",
        "sessions[2].map",
        "sessions[2].seats[0].concordia_position.sestertii",
    ]


def test_a_game_breaking_a_table_rule_rolls_back_the_whole_import(history, empty_club):
    document = json.loads(json.dumps(club_backup_export(history)))
    rulebook = document["sessions"][-1]
    # Two holders of the Concordia card: only the database sees the pair.
    rulebook["seats"][1]["concordia_position"]["concordia_card"] = True
    assert _problems(empty_club, document) == [
        (
            "sessions[2]",
            "This game breaks a rule of the table (one holder per card, seat or colour)",
        )
    ]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe", "The file is not UTF-8 text"),
        (
            b'{"format": ',
            "The file is not valid JSON: Expecting value at line 1, column 12",
        ),
        (b"[" * 50_000 + b"]" * 50_000, "The file is nested too deeply to read"),
        (
            b'{"version": NaN}',
            "The file is not valid JSON: NaN is not a number in JSON",
        ),
    ],
)
def test_unreadable_files_are_refused_with_a_clear_message(raw, message):
    with pytest.raises(ImportRejected) as rejected:
        document_load(raw)
    assert rejected.value.messages == [message]


def test_an_oversized_file_is_refused_before_it_is_parsed():
    with pytest.raises(ImportRejected) as rejected:
        document_load(b" " * (MAX_IMPORT_BYTES + 1))
    assert rejected.value.messages == ["The file is larger than 20 MB"]


# The API


def test_the_api_restores_a_backup_for_an_admin(
    as_role, history, dora, django_capture_on_commit_callbacks
):
    document = as_role("owner").get("/api/v1/clubs/lisboa/backup/").json()
    fresh = clubs_services.club_create(name="Fresh", slug="fresh", owner=dora)
    with django_capture_on_commit_callbacks(execute=True):
        response = as_role("admin").post(
            "/api/v1/clubs/fresh/backup/restore/", document, format="json"
        )
    assert response.status_code == 201
    assert response.json() == {
        "players_created": 4,
        "sessions_created": 3,
        "sessions_skipped": 0,
    }
    assert _leaderboard(fresh, Game.CONCORDIA) == _leaderboard(history, Game.CONCORDIA)


def test_the_api_answers_a_bad_backup_with_path_addressed_errors(as_role, dora):
    clubs_services.club_create(name="Fresh", slug="fresh", owner=dora)
    response = as_role("admin").post(
        "/api/v1/clubs/fresh/backup/restore/",
        {
            "format": "tabularium-club-backup",
            "version": 1,
            "players": [{"id": "a"}],
            "sessions": [],
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {"path": "players[0].name", "message": "The field “name” is missing"},
            {"path": "players[0].id", "message": 'Expected a whole number, not "a"'},
        ]
    }


def test_the_api_answers_malformed_json_with_the_errors_document(as_role, dora):
    clubs_services.club_create(name="Fresh", slug="fresh", owner=dora)
    response = as_role("admin").post(
        "/api/v1/clubs/fresh/backup/restore/", "{", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["message"].startswith(
        "The file is not valid JSON"
    )


def test_users_are_not_created_by_a_restore(history, empty_club):
    before = User.objects.count()
    club_backup_import(club=empty_club, document=club_backup_export(history))
    assert User.objects.count() == before


def test_a_backup_from_before_the_json_counts_restores_the_same_games(
    history, empty_club, django_capture_on_commit_callbacks
):
    # Issue #22: positions keep their counts per good and per god as objects; a
    # backup written before had a field per good and per god.
    document = json.loads(json.dumps(club_backup_export(history)))
    for session in document["sessions"]:
        for seat in session["seats"]:
            position = seat["concordia_position"]
            if position is None:
                continue
            for name in ("storehouse", "houses", "cards"):
                for key, count in position.pop(name).items():
                    position[f"{name}_{key}"] = count
    rulebook = document["sessions"][-1]["seats"][0]["concordia_position"]
    assert (rulebook["houses_food"], rulebook["cards_saturnus"]) == (4, 4)
    with django_capture_on_commit_callbacks(execute=True):
        club_backup_import(club=empty_club, document=document)
    restored = club_backup_export(empty_club)
    ana = restored["sessions"][-1]["seats"][0]["concordia_position"]
    assert ana is not None
    assert ana["houses"] == {"brick": 3, "food": 4, "tool": 3, "wine": 0, "cloth": 2}
    assert ana["cards"] == {
        "vesta": 1,
        "jupiter": 2,
        "saturnus": 4,
        "mercurius": 2,
        "mars": 3,
    }
    assert _leaderboard(empty_club, Game.CONCORDIA) == _leaderboard(
        history, Game.CONCORDIA
    )
