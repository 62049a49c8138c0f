"""The club backup: export, restore into an empty club, and refusing bad files.

The club's history (`history`) has one game of each kind a club keeps:

| game            | map      | what it holds                                         |
|-----------------|----------|-------------------------------------------------------|
| rulebook        | imperium | finished, scored from positions: Ana 114, Bruno 95, Caio 76 |
| board           | italia   | being tapped in: the city tokens, a house, a card     |
| Magnanimous     | –        | finished, the shared victory of Ana and Bia (25 each) |
| BG Stats        | italia   | finished, totals only: Ana 120, Bruno 101             |
| assistant, live | imperium | a light game in play, 3 events                        |
| assistant, done | imperium | the 5-player full log, its final sheet saved          |
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import random
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from assistant import selectors as assistant_selectors
from assistant import services as assistant_services
from assistant.concordia import presenters as concordia_presenters
from assistant.concordia import services as concordia_services
from assistant.models import AssistantEvent, AssistantGame
from clubs import services as clubs_services
from clubs.models import Club, Player
from games import services
from games.concordia import services as board_services
from games.documents import (
    MAX_IMPORT_BYTES,
    ImportRejected,
    document_load,
    problem_message,
)
from games.magnanimous.services import (
    magnanimous_session_create,
    magnanimous_sheet_record,
)
from games.models import Game, SeatResult, TableSession
from portability.backup import BackupDocument, club_backup_export, club_backup_import
from portability.bgstats import bgstats_export, bgstats_import, bgstats_read
from portability.common import CLUB_NOT_EMPTY, ImportOutcome
from portability.models import BgStatsPlay
from scoring import parse_concordia
from stats import selectors as stats_selectors
from tests.assistant.conftest import DATA as ASSISTANT_DATA
from tests.games.board_helpers import (
    module_session_create,
    tap_module_board,
    typed_extras,
)
from tests.games.magnanimous_helpers import shared_victory
from tests.module_boards import (
    BYZANTIUM_SALT_GOODS,
    SALSA_CONCORDIA,
    SALSA_PRAEFECTUS,
    SALSA_SEATS,
    SALSA_TOTALS,
    VENUS_CONCORDIA,
    VENUS_PRAEFECTUS,
    VENUS_SEATS,
    VENUS_TOTALS,
)
from tests.play.random_games import deal_cities
from tests.portability.test_exports import BGSTATS
from tests.rulebook_board import IMPERIUM_GOODS
from tests.sheets import example_sheet

V1 = json.loads((Path(__file__).parent / "data" / "backup-v1.json").read_text("utf-8"))
FIVE_PLAYERS = json.loads(
    (Path(__file__).parents[1] / "play" / "data" / "game-log-5p-full.json").read_text(
        "utf-8"
    )
)
WHEN = dt.datetime(2026, 10, 3, 19, tzinfo=dt.UTC)


def _assistant_games(club: Club, alice: User) -> None:
    live = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="light",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        rng=random.Random(14),
    )
    state = assistant_selectors.game_state(live)
    for seq, card in enumerate(("Mercator", "Mercator", "Tribune")):
        player = state.players[state.seat].name
        state = assistant_services.event_append(
            game=live,
            document={"type": "play", "player": player, "card": card},
            expected_seq=seq,
        ).state
    done = assistant_services.game_import(
        club=club, created_by=alice, document=FIVE_PLAYERS
    )
    session = assistant_services.game_finish(game=done, created_by=alice)
    document, missing = concordia_presenters.final_sheet_document(
        assistant_selectors.game_state(done)
    )
    assert missing == ()
    services.concordia_sheet_record(session=session, sheet=parse_concordia(document))


@pytest.fixture
def history(finished_session: TableSession, club: Club, alice: User) -> Club:
    """Every kind of game a club keeps (the module's docstring), statistics rebuilt."""
    board = services.session_create(
        club=club,
        created_by=alice,
        map_name="italia",
        played_at=WHEN,
        seats=[
            services.SeatInput(new_name="Ana", colour="red"),
            services.SeatInput(new_name="Dora", colour="blue"),
        ],
    )
    board_services.session_city_goods_draw(session=board, rng=random.Random(3))
    first, second = board.seats.order_by("seat_order")
    board_services.seat_house_set(seat=first, city="Verona", built=True)
    board_services.seat_card_set(seat=second, card=7, owned=True)
    magnanimous = magnanimous_session_create(
        club=club,
        created_by=alice,
        played_at=WHEN - dt.timedelta(days=30),
        seats=[services.SeatInput(new_name=b.name) for b in shared_victory().players],
        notes="Première partie",
    )
    magnanimous_sheet_record(session=magnanimous, sheet=shared_victory())
    bgstats_import(
        club=club,
        parsed=bgstats_read({**BGSTATS, "plays": BGSTATS["plays"][:1]}),  # type: ignore[index]
        choices={},
    )
    _assistant_games(club, alice)
    from stats import services as stats_services

    for game in (Game.CONCORDIA, Game.MAGNANIMOUS):
        stats_services.stats_rebuild(club_id=club.pk, game=game)
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
        "assistant_games": [
            (game["created_at"], game["session"] is not None, game["log"])
            for game in document["assistant_games"]
        ],
    }


def _leaderboard(club: Club, game: str) -> list[tuple[object, ...]]:
    board = stats_selectors.leaderboard_get(
        club=club, game=game, filters=stats_selectors.LeaderboardFilters()
    )
    return [
        (r.position, r.name, r.games, r.wins, r.average, r.best, r.averages, r.rating)
        for r in board.rows
    ]


def _restored(
    history: Club, empty_club: Club, capture: Any, document: object = None
) -> ImportOutcome:
    exported = json.loads(json.dumps(document or club_backup_export(history)))
    with capture(execute=True):
        return club_backup_import(club=empty_club, document=exported)


def test_a_restored_club_has_identical_games_logs_and_leaderboards(
    history, empty_club, django_capture_on_commit_callbacks
):
    exported = json.loads(json.dumps(club_backup_export(history)))
    outcome = _restored(history, empty_club, django_capture_on_commit_callbacks)
    assert outcome == ImportOutcome(players_created=8, sessions_created=5)
    restored = club_backup_export(empty_club)
    # The game the assistant's final sheet opened no longer carries a key
    # naming the old assistant game: the link replaces it.
    for session in exported["sessions"]:
        if session["idempotency_key"].startswith("assistant-"):
            session["idempotency_key"] = ""
    assert _comparable(restored) == _comparable(exported)
    for game in (Game.CONCORDIA, Game.MAGNANIMOUS):
        assert _leaderboard(empty_club, game) == _leaderboard(history, game)
    assert _leaderboard(empty_club, Game.MAGNANIMOUS)[0][1:4] == ("Ana", 1, 1)


def test_the_backup_is_versioned_lists_the_members_and_writes_score_sheets(history):
    document = club_backup_export(history)
    assert (document["format"], document["version"]) == ("tabularium-club-backup", 2)
    assert document["club"] == {"name": "Lisboa", "slug": "lisboa"}
    assert document["members"] == [
        {"username": "alice", "role": "owner"},
        {"username": "bob", "role": "member"},
    ]
    rulebook = next(s for s in document["sessions"] if s["place"] == "Café")
    sheet = rulebook["sheet"]
    assert sheet is not None
    assert (sheet["game"], sheet["kind"], sheet["map"]) == (
        "concordia",
        "final",
        "imperium",
    )
    ana = sheet["players"][0]
    assert ana == {
        "name": "Ana",
        "sestertii": 13,
        "storehouse": {"brick": 1, "food": 0, "tool": 3, "wine": 0, "cloth": 1},
        "colonists_on_board": 5,
        "houses": {"brick": 3, "food": 4, "tool": 3, "wine": 0, "cloth": 2},
        "provinces": 7,
        "cards": {"vesta": 1, "jupiter": 2, "saturnus": 4, "mercurius": 2, "mars": 3},
        "specialists": ["farmer"],
        "concordia_card": True,
    }
    assert "concordia_position" not in rulebook["seats"][0]
    imported = next(
        s
        for s in document["sessions"]
        if s["map"] == "italia" and s["status"] == "finished"
    )
    assert (imported["sheet"], imported["bgstats_uuid"]) == (
        None,
        "11111111-1111-4111-8111-111111111111",
    )
    magnanimous = next(s for s in document["sessions"] if s["game"] == "magnanimous")
    assert "bgstats_uuid" not in magnanimous
    assert magnanimous["sheet"]["ending"] == "republic"  # type: ignore[index]
    assert [g["log"]["format"] for g in document["assistant_games"]] == [
        "game-log/1",
        "game-log/1",
    ]
    live, done = document["assistant_games"]
    assert (len(live["log"]["events"]), live["session"]) == (3, None)  # type: ignore[arg-type]
    assert len(done["log"]["events"]) == 201  # type: ignore[arg-type]
    assert done["session"] in {s["id"] for s in document["sessions"]}


def test_restored_assistant_games_keep_their_events_with_new_links_and_codes(
    history, empty_club, django_capture_on_commit_callbacks
):
    _restored(history, empty_club, django_capture_on_commit_callbacks)
    before = list(
        AssistantGame.objects.filter(club=history).order_by("created_at", "pk")
    )
    after = list(
        AssistantGame.objects.filter(club=empty_club).order_by("created_at", "pk")
    )
    assert [g.created_at for g in after] == [g.created_at for g in before]
    for old, new in zip(before, after, strict=True):
        assert assistant_selectors.game_log_document(
            new
        ) == assistant_selectors.game_log_document(old)
        assert new.head_seq == old.head_seq == new.events.count()
        assert new.join_code != old.join_code
        assert new.follow_token
        assert new.follow_token != old.follow_token
    assert after[0].session is None
    finished = after[1].session
    assert finished is not None
    assert finished.club == empty_club
    assert [s.player.name for s in finished.seats.order_by("seat_order")] == [
        "Ana",
        "Bia",
        "Caio",
        "Duda",
        "Edu",
    ]
    # The restored game goes on as any other: the next move is appended.
    state = assistant_selectors.game_state(after[0])
    player = state.players[state.seat].name
    assistant_services.event_append(
        game=after[0],
        document={"type": "play", "player": player, "card": "Prefect", "cash": True},
        expected_seq=3,
    )
    assert AssistantEvent.objects.filter(game=after[0]).count() == 4


def test_bgstats_play_ids_survive_a_backup_so_an_old_export_imports_nothing_twice(
    history, empty_club, django_capture_on_commit_callbacks
):
    old_export = bgstats_export(history)
    _restored(history, empty_club, django_capture_on_commit_callbacks)
    # The club's own export from before the move, and the BG Stats file it
    # imported once, bring nothing new into its restored copy.
    assert bgstats_import(
        club=empty_club, parsed=bgstats_read(old_export), choices={}
    ) == ImportOutcome(players_created=0, sessions_created=0, sessions_skipped=3)
    assert bgstats_import(
        club=empty_club, parsed=bgstats_read(BGSTATS), choices={}
    ) == ImportOutcome(players_created=0, sessions_created=1, sessions_skipped=1)
    now = {play["uuid"]: play for play in bgstats_export(empty_club)["plays"]}
    assert [now[play["uuid"]] for play in old_export["plays"]] == old_export["plays"]


def test_a_version_1_backup_still_restores_bgstats_games_included(
    empty_club, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        outcome = club_backup_import(club=empty_club, document=copy.deepcopy(V1))
    assert outcome == ImportOutcome(players_created=5, sessions_created=4)
    rulebook = empty_club.sessions.get(place="Café")
    assert [
        (s.player.name, s.result.total, s.result.rank, s.concordia_position.sestertii)
        for s in rulebook.seats.select_related("player", "result", "concordia_position")
    ] == [("Ana", 114, 1, 13), ("Bruno", 95, 2, 21), ("Caio", 76, 3, 8)]
    shared = empty_club.sessions.get(game=Game.MAGNANIMOUS)
    assert sorted(
        (r.seat.player.name, r.total, r.won)
        for r in SeatResult.objects.filter(session=shared).select_related(
            "seat__player"
        )
    ) == [("Ana", 25, True), ("Bia", 25, True), ("Caio", 10, False)]
    imported = empty_club.sessions.get(map="italia", status="finished")
    assert imported.bgstats_play.uuid == "11111111-1111-4111-8111-111111111111"
    # The other games keep the uuid the old club's export gave them.
    exported = {p["uuid"] for p in bgstats_export(empty_club)["plays"]}
    old_club = Club(slug="lisboa")
    from portability.bgstats import derived_uuid

    rulebook_id = next(s["id"] for s in V1["sessions"] if s["place"] == "Café")
    assert derived_uuid("play", old_club, rulebook_id) in exported
    board = empty_club.sessions.get(status="draft")
    assert board.city_goods.count() == 25
    assert [
        (h.seat.player.name, h.city)
        for h in board.houses.select_related("seat__player")
    ] == [("Ana", "Verona")]


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


def test_a_backup_is_restored_only_into_an_empty_club(history):
    document = club_backup_export(history)
    with pytest.raises(ImportRejected) as rejected:
        club_backup_import(club=history, document=document)
    assert rejected.value.problems[0].template == CLUB_NOT_EMPTY


def _problems(club: Club, document: object) -> list[tuple[str, str]]:
    with pytest.raises(ImportRejected) as rejected:
        club_backup_import(club=club, document=document)
    assert not club.sessions.exists()
    assert not club.players.exists()
    assert not AssistantGame.objects.filter(club=club).exists()
    assert not BgStatsPlay.objects.filter(club=club).exists()
    return [(p.path, problem_message(p)) for p in rejected.value.problems]


def _document(history: Club) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(json.dumps(club_backup_export(history)))
    return document


def _session(document: dict[str, Any], **match: object) -> tuple[int, dict[str, Any]]:
    return next(
        (index, session)
        for index, session in enumerate(document["sessions"])
        if all(session.get(key) == value for key, value in match.items())
    )


def test_a_file_that_is_not_a_backup_is_refused(empty_club):
    assert _problems(empty_club, {"plays": []}) == [
        ("format", "This is not a Tabularium club backup")
    ]
    assert _problems(empty_club, [1, 2]) == [
        ("format", "This is not a Tabularium club backup")
    ]


def test_a_newer_backup_version_is_refused(history, empty_club):
    document = _document(history)
    document["version"] = 3
    assert _problems(empty_club, document) == [
        ("version", "This backup is of version 3; this site reads up to version 2")
    ]


def test_an_edited_total_is_refused_with_what_the_sheet_gives(history, empty_club):
    document = _document(history)
    index, rulebook = _session(document, place="Café")
    rulebook["seats"][0]["result"]["total"] = 9999
    rulebook["seats"][0]["result"]["breakdown"]["vesta"] = 7
    assert _problems(empty_club, document) == [
        (
            f"sessions[{index}].seats[0].result.total",
            "The score sheet gives 114 here, not 9999",
        ),
        (
            f"sessions[{index}].seats[0].result.breakdown.vesta",
            "The score sheet gives 3 here, not 7",
        ),
    ]


def test_an_edited_winner_is_refused(history, empty_club):
    document = _document(history)
    index, shared = _session(document, game="magnanimous")
    for seat in shared["seats"]:
        seat["result"]["won"] = not seat["result"]["won"]
    assert [path for path, _ in _problems(empty_club, document)] == [
        f"sessions[{index}].seats[{seat}].result.won" for seat in range(3)
    ]


def test_a_finished_game_without_results_is_refused(history, empty_club):
    document = _document(history)
    index, rulebook = _session(document, place="Café")
    rulebook["seats"][1]["result"] = None
    assert _problems(empty_club, document) == [
        (
            f"sessions[{index}].seats[1]",
            "A finished game needs the result of every seat",
        )
    ]


def test_a_magnanimous_game_with_a_concordia_sheet_is_refused(history, empty_club):
    document = _document(history)
    _rulebook_index, rulebook = _session(document, place="Café")
    index, shared = _session(document, game="magnanimous")
    shared["sheet"] = rulebook["sheet"]
    assert _problems(empty_club, document) == [
        (
            f"sessions[{index}].sheet.game",
            'This is a score sheet of "concordia"; the game is one of Magnanimous',
        )
    ]


def test_a_magnanimous_seat_holding_a_concordia_position_is_refused(empty_club):
    document = copy.deepcopy(V1)
    index, shared = _session(document, game="magnanimous")
    shared["seats"][0]["concordia_position"] = {"sestertii": 3}
    assert _problems(empty_club, document) == [
        (
            f"sessions[{index}].seats[0].concordia_position",
            "A seat of a game of Magnanimous holds no position of Concordia",
        )
    ]


def test_a_house_in_atlantis_is_refused(history, empty_club):
    document = _document(history)
    index, board = _session(document, status="draft")
    board["seats"][0]["houses"] = ["Atlantis", "Roma"]
    assert _problems(empty_club, document) == [
        (
            f"sessions[{index}].seats[0].houses[0]",
            "Italia has no city called “Atlantis”",
        ),
        (
            f"sessions[{index}].seats[0].houses[1]",
            "Nobody builds a house in the capital, Roma",
        ),
    ]


def test_a_position_breaking_the_rules_of_its_map_is_refused(history, empty_club):
    document = _document(history)
    index, rulebook = _session(document, place="Café")
    # Imperium has 4 cloth cities.
    rulebook["sheet"]["players"][0]["houses"]["cloth"] = 5
    rulebook["sheet"]["players"][1]["sestertii"] = -5
    assert [path for path, _ in _problems(empty_club, document)] == [
        f"sessions[{index}].sheet.players[0].houses.cloth",
        f"sessions[{index}].sheet.players[1].sestertii",
    ]


def test_a_version_1_position_is_refused_at_its_column(empty_club):
    document = copy.deepcopy(V1)
    index, rulebook = _session(document, place="Café")
    rulebook["seats"][0]["concordia_position"]["houses_cloth"] = 5
    assert [path for path, _ in _problems(empty_club, document)] == [
        f"sessions[{index}].seats[0].concordia_position.houses_cloth",
    ]


def test_every_problem_is_reported_with_its_path_and_nothing_is_written(
    history, empty_club
):
    document = _document(history)
    index, rulebook = _session(document, place="Café")
    rulebook["seats"][1]["player"] = 999
    rulebook["played_at"] = "yesterday"
    document["assistant_games"][1]["log"]["events"][0]["card"] = "Colossus"
    document["players"][0]["name"] = ""
    problems = dict(_problems(empty_club, document))
    assert problems[f"sessions[{index}].seats[1].player"] == (
        "No player with the id 999 in this file"
    )
    assert f"sessions[{index}].played_at" in problems
    assert "assistant_games[1].log.events[0].card" in problems


def test_field_values_out_of_range_are_reported_before_anything_is_saved(
    history, empty_club
):
    document = _document(history)
    index, rulebook = _session(document, place="Café")
    rulebook["map"] = "atlantis"
    assert [path for path, _ in _problems(empty_club, document)] == [
        f"sessions[{index}].map"
    ]
    document = _document(history)
    ana = next(p for p in document["players"] if p["name"] == "Ana")
    ana["name"] = "x" * 41
    problems = dict(_problems(empty_club, document))
    position = document["players"].index(ana)
    assert problems[f"players[{position}].name"] == (
        "Ensure this value has at most 40 characters (it has 41)."
    )
    # Her games' score sheets still name Ana, and so does the assistant's log.
    assert problems[f"sessions[{index}].sheet.players[0].name"] == (
        "This seat is xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx's; the score sheet "
        "names Ana"
    )


def test_two_holders_of_the_concordia_card_are_refused_by_the_rules(
    history, empty_club
):
    document = _document(history)
    index, rulebook = _session(document, place="Café")
    rulebook["sheet"]["players"][1]["concordia_card"] = True
    assert [path for path, _ in _problems(empty_club, document)] == [
        f"sessions[{index}].sheet.players[1].concordia_card"
    ]


def test_an_assistant_game_linked_to_another_game_is_refused(history, empty_club):
    document = _document(history)
    _index, rulebook = _session(document, place="Café")
    document["assistant_games"][1]["session"] = rulebook["id"]
    assert _problems(empty_club, document) == [
        (
            "assistant_games[1].session",
            f"The game {rulebook['id']} is not this log's: its players are "
            "Ana, Bruno, Caio",
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
        "players_created": 8,
        "sessions_created": 5,
        "sessions_skipped": 0,
    }
    assert _leaderboard(fresh, Game.CONCORDIA) == _leaderboard(history, Game.CONCORDIA)
    assert AssistantGame.objects.filter(club=fresh).count() == 2


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


def test_the_api_answers_an_edited_total_with_its_path(as_role, history, dora):
    document = as_role("owner").get("/api/v1/clubs/lisboa/backup/").json()
    index, rulebook = _session(document, place="Café")
    rulebook["seats"][0]["result"]["total"] = 9999
    clubs_services.club_create(name="Fresh", slug="fresh", owner=dora)
    response = as_role("admin").post(
        "/api/v1/clubs/fresh/backup/restore/", document, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "path": f"sessions[{index}].seats[0].result.total",
                "message": "The score sheet gives 114 here, not 9999",
            }
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


def test_the_v1_fixture_was_written_by_version_1():
    # tests/portability/data/backup-v1.json came from the exporter of commit
    # 8c44b54 (before version 2): a key per column, a BG Stats game.
    assert V1["version"] == 1
    rulebook = next(s for s in V1["sessions"] if s["place"] == "Café")
    assert rulebook["seats"][0]["concordia_position"]["storehouse_tool"] == 3
    assert ASSISTANT_DATA.is_dir()


def test_a_venus_team_game_comes_back_with_its_teams_and_provinces(
    club, alice, empty_club, django_capture_on_commit_callbacks
):
    sheet = example_sheet("concordia-venus-teams")
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(new_name=b.name, team=b.team or "")
            for b in sheet.players
        ],
        expansions=["venus"],
    )
    services.concordia_sheet_record(session=session, sheet=sheet)
    document = club_backup_export(club)
    (game,) = document["sessions"]
    written = game["sheet"]
    assert written is not None
    assert written["expansions"] == ["venus"]
    assert [p["team"] for p in written["players"]] == [
        "Red",
        "Blue",
        "Red",
        "Blue",
    ]
    _restored(club, empty_club, django_capture_on_commit_callbacks, document)
    restored = TableSession.objects.get(club=empty_club)
    assert restored.expansions == ["venus"]
    seats = list(restored.seats.order_by("seat_order"))
    assert [s.team for s in seats] == ["Red", "Blue", "Red", "Blue"]
    assert [s.concordia_position.module_counts for s in seats] == [
        {"venus_team_provinces": 3},
        {"venus_team_provinces": 2},
        {"venus_team_provinces": 3},
        {"venus_team_provinces": 2},
    ]
    assert [(s.result.total, s.result.won) for s in seats] == [
        (79, False),
        (72, True),
        (36, False),
        (60, True),
    ]


def test_a_salsa_game_keeps_its_modules_salt_and_forum_row_through_a_backup(
    club, alice, empty_club, django_capture_on_commit_callbacks
):
    sheet = example_sheet("concordia-salsa")
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        expansions=["salt", "forum"],
        played_at=WHEN,
        seats=[services.SeatInput(new_name=b.name) for b in sheet.players],
    )
    services.concordia_sheet_record(session=session, sheet=sheet)
    document = club_backup_export(club)
    written = document["sessions"][0]["sheet"]
    assert written is not None
    assert written["expansions"] == ["salt", "forum"]
    assert written["players"][1]["forum_points"] == -2
    assert written["players"][0]["houses"]["salt"] == 3
    _restored(club, empty_club, django_capture_on_commit_callbacks, document)
    restored = empty_club.sessions.get()
    assert restored.expansions == ["salt", "forum"]
    totals = [
        (seat.player.name, seat.result.total, seat.concordia_position.rows)
        for seat in restored.seats.order_by("seat_order")
    ]
    assert totals == [
        ("Ana", 146, {"forum_points": 0}),
        ("Bruno", 82, {"forum_points": -2}),
        ("Caio", 44, {"forum_points": 0}),
    ]


def test_a_game_on_an_expansion_board_restores_with_its_own_rules(history, empty_club):
    document = _document(history)
    index, rulebook = _session(document, place="Café")
    # The rulebook game moved to Corsica: its 8 provinces and 3 cloth cities
    # are the limits now.
    rulebook["map"] = "corsica"
    rulebook["sheet"]["map"] = "corsica"
    rulebook["sheet"]["players"][0]["houses"]["cloth"] = 4
    assert (
        f"sessions[{index}].sheet.players[0].houses.cloth",
        "Corsica has only 3 cloth cities; 4 given",
    ) in _problems(empty_club, document)


def test_a_house_on_a_start_space_of_britannia_is_refused(history, empty_club):
    document = _document(history)
    index, board = _session(document, status="draft")
    board["map"] = "britannia"
    # Its city goods are Britannia's own deal now.
    board["city_goods"] = deal_cities(random.Random(5), "britannia")
    board["seats"][0]["houses"] = ["Portus Itius", "Deva"]
    for seat in board["seats"][1:]:
        seat["houses"] = []
    assert _problems(empty_club, document) == [
        (
            f"sessions[{index}].seats[0].houses[0]",
            "Nobody builds a house in the capital, Portus Itius",
        ),
    ]


@pytest.mark.parametrize(
    ("map_name", "expansions", "goods", "seats", "chosen", "totals"),
    [
        (
            "byzantium",
            ["salt", "forum"],
            BYZANTIUM_SALT_GOODS,
            SALSA_SEATS,
            (SALSA_PRAEFECTUS, SALSA_CONCORDIA),
            SALSA_TOTALS,
        ),
        (
            "imperium",
            ["venus"],
            IMPERIUM_GOODS,
            VENUS_SEATS,
            (VENUS_PRAEFECTUS, VENUS_CONCORDIA),
            VENUS_TOTALS,
        ),
    ],
    ids=["salsa", "venus-teams"],
)
def test_a_module_game_tapped_on_the_board_restores_with_its_board(
    club,
    alice,
    empty_club,
    django_capture_on_commit_callbacks,
    map_name,
    expansions,
    goods,
    seats,
    chosen,
    totals,
):
    # Salt cities' tokens and Venus' cards are legal by the game's own rules,
    # not the base game's: the restore checks the board against those.
    board = module_session_create(
        club=club, alice=alice, map_name=map_name, expansions=expansions, seats=seats
    )
    tap_module_board(board, goods, seats)
    board_services.board_sheet_record(
        session=board,
        extras=typed_extras(seats),
        praefectus_magnus=chosen[0],
        concordia_card=chosen[1],
    )
    outcome = _restored(club, empty_club, django_capture_on_commit_callbacks)
    assert outcome.sessions_created == 1
    restored = empty_club.sessions.get()
    assert restored.expansions == expansions
    assert dict(restored.city_goods.values_list("city", "good")) == {
        city: good.value for city, good in goods.items()
    }
    assert {
        seat.player.name: seat.result.total
        for seat in restored.seats.select_related("player", "result")
    } == totals
