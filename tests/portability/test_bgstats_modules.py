"""BG Stats and the expansions: the modules a game played as BG Stats expansion
plays, Venus' team play as BG Stats teams, both ways (issue #23 items 1, 5).

The games are the rulebook-checked sheets of ``tests/scoring/data``:

| sheet                 | modules     | seats (total, rank, won, team)                                   |
|-----------------------|-------------|------------------------------------------------------------------|
| concordia-salsa       | salt, forum | Ana 146 (1, won), Bruno 82 (2; forum −2), Caio 44 (3)            |
| concordia-venus-teams | venus       | Ana 79 (1, Red), Bia 72 (2, won, Blue), Caio 36 (4, Red), Duda 60 (3, won, Blue) |

In the team game Ana has the best score, but her team (Red: 79 + 36 = 115)
lost to Bia and Duda's (Blue: 72 + 60 = 132).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from clubs import services as clubs_services
from clubs.models import Club
from games.documents import ImportRejected, problem_message
from games.models import Game
from portability.backup import club_backup_export, club_backup_import
from portability.bgstats import (
    bgstats_export,
    bgstats_file_document,
    bgstats_file_from_document,
    bgstats_import,
    bgstats_read,
)
from portability.bgstats.read import bgstats_expansions
from portability.common import ImportOutcome
from scoring.ruleset import modules, ruleset
from stats import services as stats_services
from stats.aggregate import initial_rating
from stats.models import PlayerRating
from tests.sheets import example_game_record
from tests.stats.conftest import record


def _seats(club: Club) -> list[tuple[str, str, int, int, bool]]:
    (game,) = club.sessions.all()
    return [
        (s.player.name, s.team, s.result.total, s.result.rank, s.result.won)
        for s in game.seats.select_related("player", "result")
    ]


def _names(document: Any) -> dict[int, str]:
    return {p["id"]: p["name"] for p in document["players"]}


TEAMS = [
    ("Ana", "Red", 79, 1, False),
    ("Bia", "Blue", 72, 2, True),
    ("Caio", "Red", 36, 4, False),
    ("Duda", "Blue", 60, 3, True),
]


# Export


def test_a_salsa_game_is_a_play_with_the_salsa_expansion(club):
    example_game_record(club, "concordia-salsa")
    document = bgstats_export(club)
    assert [
        (g["id"], g["name"], g["bggId"], g["isBaseGame"], g["isExpansion"])
        for g in document["games"]
    ] == [(1, "Concordia", 124361, 1, 0), (2, "Concordia: Salsa", 181084, 0, 1)]
    (play,) = document["plays"]
    assert play["gameRefId"] == 1
    assert play["expansionPlays"] == [{"gameRefId": 2, "bggId": 181084}]
    assert play["usesTeams"] is False
    assert [s["score"] for s in play["playerScores"]] == ["146", "82", "44"]
    assert all("team" not in s for s in play["playerScores"])


def test_a_base_game_names_no_expansion(finished_session):
    document = bgstats_export(finished_session.club)
    assert [g["name"] for g in document["games"]] == ["Concordia"]
    assert document["plays"][0]["expansionPlays"] == []


def test_a_venus_team_game_exports_each_players_team_and_the_winning_team(club):
    example_game_record(club, "concordia-venus-teams")
    document = bgstats_export(club)
    assert [(g["id"], g["name"], g["bggId"]) for g in document["games"]] == [
        (1, "Concordia", 124361),
        (6, "Concordia: Venus (Expansion)", 262711),
    ]
    assert document["games"][0]["usesTeams"] is True
    (play,) = document["plays"]
    assert play["usesTeams"] is True
    assert play["expansionPlays"] == [{"gameRefId": 6, "bggId": 262711}]
    names = _names(document)
    # Both partners of the winning team are winners; the rank is the player's own.
    assert [
        (names[s["playerRefId"]], s["team"], s["score"], s["rank"], s["winner"])
        for s in play["playerScores"]
    ] == [
        ("Ana", "Red", "79", 1, False),
        ("Bia", "Blue", "72", 2, True),
        ("Caio", "Red", "36", 4, False),
        ("Duda", "Blue", "60", 3, True),
    ]


@pytest.mark.parametrize(
    ("played", "expansions"),
    [
        (["salt", "forum"], [(2, "Concordia: Salsa", 181084)]),
        (["salt"], [(3, "Concordia: Salsa (salt only)", 0)]),
        (["forum"], [(4, "Concordia: Salsa (forum only)", 0)]),
        (["venus"], [(6, "Concordia: Venus (Expansion)", 262711)]),
        (
            ["salt", "forum", "venus"],
            [
                (2, "Concordia: Salsa", 181084),
                (6, "Concordia: Venus (Expansion)", 262711),
            ],
        ),
        (
            ["forum", "venus"],
            [
                (4, "Concordia: Salsa (forum only)", 0),
                (6, "Concordia: Venus (Expansion)", 262711),
            ],
        ),
    ],
)
def test_every_set_of_modules_comes_back_from_another_club(
    club, other_club, played, expansions
):
    game = record(club, day="2026-03-01", seats=[("Ana", 120, 1), ("Bruno", 90, 2)])
    game.expansions = played
    game.save()
    document = bgstats_export(club)
    assert [(g["id"], g["name"], g["bggId"]) for g in document["games"][1:]] == (
        expansions
    )
    assert document["plays"][0]["expansionPlays"] == [
        {"gameRefId": id_, "bggId": bgg_id} for id_, _, bgg_id in expansions
    ]
    assert bgstats_import(
        club=other_club, parsed=bgstats_read(document), choices={}
    ) == ImportOutcome(players_created=2, sessions_created=1)
    (imported,) = other_club.sessions.all()
    assert imported.expansions == played


def test_an_expansions_id_is_the_same_in_every_export(club, other_club):
    # Venus is game 6 in a file with Salsa beside it and in a file without it.
    example_game_record(other_club, "concordia-venus-teams")
    example_game_record(club, "concordia-salsa", day=1)
    example_game_record(club, "concordia-venus-teams", day=2)
    alone = bgstats_export(other_club)
    both = bgstats_export(club)
    assert [g["id"] for g in alone["games"]] == [1, 6]
    assert [g["id"] for g in both["games"]] == [1, 2, 6]
    assert [p["expansionPlays"] for p in both["plays"]] == [
        [{"gameRefId": 2, "bggId": 181084}],
        [{"gameRefId": 6, "bggId": 262711}],
    ]


def test_every_expansion_brings_modules_the_rules_know():
    for expansion in bgstats_expansions():
        assert set(expansion.modules) <= set(modules()), expansion.key
        assert ruleset("imperium", expansion.modules).expansions == tuple(
            m for m in modules() if m in expansion.modules
        )


# Round trip


def test_a_team_game_comes_back_with_its_teams_scores_and_winning_team(
    club, other_club
):
    example_game_record(club, "concordia-venus-teams")
    assert _seats(club) == TEAMS
    parsed = bgstats_read(bgstats_export(club))
    # The page that asks about names keeps the file read between its steps.
    kept = bgstats_file_from_document(bgstats_file_document(parsed))
    assert kept == parsed
    assert bgstats_import(club=other_club, parsed=kept, choices={}) == ImportOutcome(
        players_created=4, sessions_created=1
    )
    assert _seats(other_club) == TEAMS
    (game,) = other_club.sessions.all()
    assert (game.map, game.expansions) == ("imperium", ["venus"])


def test_an_imported_team_game_is_rated_as_a_team_game(club, other_club):
    example_game_record(club, "concordia-venus-teams")
    bgstats_import(
        club=other_club, parsed=bgstats_read(bgstats_export(club)), choices={}
    )
    stats_services.stats_rebuild(club_id=other_club.pk, game=Game.CONCORDIA)
    ratings = {
        r.player.name: r.mu
        for r in PlayerRating.objects.filter(club=other_club).select_related("player")
    }
    assert ratings["Bia"] == ratings["Duda"] > initial_rating().mu
    assert ratings["Ana"] == ratings["Caio"] < initial_rating().mu


def test_a_salsa_game_comes_back_with_salt_and_the_forum(club, other_club):
    example_game_record(club, "concordia-salsa")
    bgstats_import(
        club=other_club, parsed=bgstats_read(bgstats_export(club)), choices={}
    )
    assert _seats(other_club) == [
        ("Ana", "", 146, 1, True),
        ("Bruno", "", 82, 2, False),
        ("Caio", "", 44, 3, False),
    ]
    (game,) = other_club.sessions.all()
    assert game.expansions == ["salt", "forum"]


def test_our_team_game_brought_back_into_the_club_adds_nothing(club):
    example_game_record(club, "concordia-venus-teams")
    outcome = bgstats_import(
        club=club, parsed=bgstats_read(bgstats_export(club)), choices={}
    )
    assert outcome == ImportOutcome(
        players_created=0, sessions_created=0, sessions_skipped=1
    )


def test_an_upload_kept_before_modules_were_read_still_imports(club):
    record(club, day="2026-03-01", seats=[("Ana", 120, 1), ("Bruno", 90, 2)])
    document = bgstats_file_document(bgstats_read(bgstats_export(club)))
    for play in document["plays"]:  # type: ignore[attr-defined]
        del play["expansions"]
        play["scores"] = [score[:4] for score in play["scores"]]
    (play,) = bgstats_file_from_document(document).plays
    assert play.expansions == ()
    assert [(s.score, s.team) for s in play.scores] == [(120, ""), (90, "")]


# Import: files as a phone writes them

TEAM_FILE: dict[str, Any] = {
    "games": [
        {"id": 1, "name": "Concordia", "bggId": 124361, "isBaseGame": 1},
        {"id": 2, "name": "Concordia: Venus (Expansion)", "bggId": 262711, "isExpansion": 1},
        {"id": 3, "name": "Concordia: Salsa", "bggId": 181084, "isExpansion": 1},
        {"id": 4, "name": "Concordia: Britannia & Germania", "bggId": 165023, "isExpansion": 1},
        {"id": 5, "name": "Salsa (salt only)", "bggId": 0, "isExpansion": 1},
    ],
    "players": [
        {"id": 1, "name": "Ana"},
        {"id": 2, "name": "Bia"},
        {"id": 3, "name": "Caio"},
        {"id": 4, "name": "Duda"},
        {"id": 5, "name": "Eva"},
        {"id": 6, "name": "Anonymous player", "isAnonymous": True},
    ],
    "plays": [
        {
            "uuid": "55555555-5555-4555-8555-555555555555",
            "gameRefId": 1,
            "playDate": "2025-05-01 21:30:00",
            "board": "Imperium",
            "usesTeams": True,
            "expansionPlays": [{"gameRefId": 2, "bggId": 262711}],
            "playerScores": [
                {"playerRefId": 1, "score": "79", "winner": False, "team": "1", "startPlayer": True},
                {"playerRefId": 2, "score": "72", "winner": True, "team": "2", "seatOrder": 2},
                {"playerRefId": 3, "score": "36", "winner": False, "team": "1", "seatOrder": 3},
                {"playerRefId": 4, "score": "60", "winner": True, "team": "2", "seatOrder": 4},
            ],
        },
    ],
}  # fmt: skip


def _file(change: Callable[[dict[str, Any]], object] | None = None) -> dict[str, Any]:
    document = copy.deepcopy(TEAM_FILE)
    if change is not None:
        change(document["plays"][0])
    return document


def _problems(document: object) -> list[tuple[str, str]]:
    parsed = bgstats_read(document)
    return [
        (p.path, problem_message(p)) for left in parsed.errors for p in left.problems
    ]


def test_a_team_play_of_a_phone_becomes_a_team_game(club):
    outcome = bgstats_import(club=club, parsed=bgstats_read(_file()), choices={})
    assert outcome == ImportOutcome(players_created=4, sessions_created=1)
    assert _seats(club) == [
        ("Ana", "1", 79, 1, False),
        ("Bia", "2", 72, 2, True),
        ("Caio", "1", 36, 4, False),
        ("Duda", "2", 60, 3, True),
    ]
    assert club.sessions.get().expansions == ["venus"]


def test_a_team_play_without_winners_is_won_by_the_best_team_total(club):
    def no_flags(play: dict[str, Any]) -> None:
        for score in play["playerScores"]:
            del score["winner"]

    bgstats_import(club=club, parsed=bgstats_read(_file(no_flags)), choices={})
    # Team 2: 72 + 60 = 132 beats team 1: 79 + 36 = 115.
    assert [(name, won) for name, _, _, _, won in _seats(club)] == [
        ("Ana", False),
        ("Bia", True),
        ("Caio", False),
        ("Duda", True),
    ]


def test_a_tie_across_teams_keeps_the_files_ranks_not_the_winning_team(club):
    # Ana (team 1) and Bia (team 2) have 72 each; the Praefectus Magnus put Ana
    # first, though Bia's team won (72 + 60 against 72 + 36).
    def tie(play: dict[str, Any]) -> None:
        scores = play["playerScores"]
        scores[0].update(score="72", rank=1)
        scores[1].update(rank=2)
        scores[2].update(rank=4)
        scores[3].update(rank=3)

    bgstats_import(club=club, parsed=bgstats_read(_file(tie)), choices={})
    assert _seats(club) == [
        ("Ana", "1", 72, 1, False),
        ("Bia", "2", 72, 2, True),
        ("Caio", "1", 36, 4, False),
        ("Duda", "2", 60, 3, True),
    ]


def test_salsa_and_a_map_box_give_salt_the_forum_and_the_board(club):
    def salsa_on_germania(play: dict[str, Any]) -> None:
        play.update(
            board="Germania",
            usesTeams=False,
            expansionPlays=[{"gameRefId": 3}, {"gameRefId": 4}],
        )
        for score in play["playerScores"]:
            del score["team"]

    bgstats_import(club=club, parsed=bgstats_read(_file(salsa_on_germania)), choices={})
    game = club.sessions.get()
    assert (game.map, game.expansions) == ("germania", ["salt", "forum"])


def test_an_expansion_without_a_bgg_id_is_known_by_its_name(club):
    def salt_only(play: dict[str, Any]) -> None:
        play.update(usesTeams=False, expansionPlays=[{"gameRefId": 5}])
        for score in play["playerScores"]:
            del score["team"]

    bgstats_import(club=club, parsed=bgstats_read(_file(salt_only)), choices={})
    assert club.sessions.get().expansions == ["salt"]


def _unknown_expansion(play: dict[str, Any]) -> None:
    play["expansionPlays"].append({"gameRefId": 9, "bggId": 999999})


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        (
            lambda play: play.update(expansionPlays=[{"gameRefId": 42}]),
            [
                (
                    "plays[0].expansionPlays[0].gameRefId",
                    "This expansion is not in the file's list of games",
                )
            ],
        ),
        (
            lambda play: play.update(expansionPlays=[]),
            [
                (
                    "plays[0].expansionPlays",
                    "This play is in teams, and team play needs the Venus "
                    "expansion: the play names no Venus",
                )
            ],
        ),
        (
            # Three partners against one.
            lambda play: play["playerScores"][3].update(team="1"),
            [
                (
                    "plays[0].playerScores[3].team",
                    "A team has exactly 2 players, and “1” has 3",
                ),
                (
                    "plays[0].playerScores[1].team",
                    "A team has exactly 2 players, and “2” has 1",
                ),
            ],
        ),
        (
            lambda play: play["playerScores"][3].update(team=""),
            [
                (
                    "plays[0].playerScores[3].team",
                    "In team play every player belongs to a team; this player has none",
                ),
                (
                    "plays[0].playerScores[1].team",
                    "A team has exactly 2 players, and “2” has 1",
                ),
            ],
        ),
        (
            lambda play: play["playerScores"].append(
                {"playerRefId": 5, "score": "50", "team": "3"}
            ),
            [
                (
                    "plays[0].playerScores",
                    "Team play is for 4 / 6 players; this play has 5",
                ),
                (
                    "plays[0].playerScores[4].team",
                    "A team has exactly 2 players, and “3” has 1",
                ),
            ],
        ),
        (
            lambda play: play["playerScores"][3].update(winner=False),
            [
                (
                    "plays[0].playerScores",
                    "Partners win or lose together, but only some players of "
                    "team “2” are marked as winners",
                )
            ],
        ),
        (
            lambda play: play["playerScores"][0].update(team="A" * 21),
            [
                (
                    "plays[0].playerScores[0].team",
                    "At most 20 characters are kept here; this text has 21",
                ),
                (
                    "plays[0].playerScores[0].team",
                    f"A team has exactly 2 players, and “{'A' * 21}” has 1",
                ),
                (
                    "plays[0].playerScores[2].team",
                    "A team has exactly 2 players, and “1” has 1",
                ),
            ],
        ),
    ],
)
def test_a_team_play_with_odd_teams_is_refused_with_its_path(club, change, problems):
    document = _file(change)
    assert _problems(document) == problems
    with pytest.raises(ImportRejected) as rejected:
        bgstats_import(club=club, parsed=bgstats_read(document), choices={})
    assert [(p.path, problem_message(p)) for p in rejected.value.problems] == problems
    assert not club.sessions.exists()
    assert not club.players.exists()


def test_an_unknown_expansion_is_refused_by_its_name(club):
    document = _file(_unknown_expansion)
    document["games"].append({"id": 9, "name": "Concordia: Roma", "bggId": 999999})
    assert _problems(document) == [
        (
            "plays[0].expansionPlays[1]",
            "Unknown expansion “Concordia: Roma (BGG 999999)”: the expansions of "
            "Concordia here are Concordia: Salsa, Concordia: Salsa (salt only), "
            "Concordia: Salsa (forum only), Concordia: 8 Forum Cards mini-expansion, "
            "Concordia: Venus (Expansion), Concordia: Britannia / Germania, "
            "Concordia: Gallia / Corsica, Concordia: Aegyptus / Creta, "
            "Concordia: Balearica / Cyprus, Concordia Venus: Balearica / Italia",
        )
    ]


@pytest.mark.parametrize(
    ("venus", "message"),
    [
        (
            True,
            "Without teams Concordia is played by 2 to 5 players; 6 play only in teams",
        ),
        (False, "A game of Concordia has 2 to 5 players; this one has 6"),
    ],
)
def test_six_players_without_teams_are_refused(venus, message):
    def six_alone(play: dict[str, Any]) -> None:
        play.update(
            usesTeams=False,
            expansionPlays=[{"gameRefId": 2}] if venus else [],
        )
        for score in play["playerScores"]:
            del score["team"]
        play["playerScores"] += [
            {"playerRefId": 5, "score": "50"},
            {"playerRefId": 6, "score": "40"},
        ]

    assert _problems(_file(six_alone)) == [("plays[0].playerScores", message)]


def test_an_anonymous_partner_leaves_the_team_play_out(club):
    def anonymous_duda(play: dict[str, Any]) -> None:
        play["playerScores"][3]["playerRefId"] = 6

    parsed = bgstats_read(_file(anonymous_duda))
    assert parsed.plays == ()
    (left,) = parsed.left_out
    assert not left.error
    assert [(p.path, problem_message(p)) for p in left.problems] == [
        (
            "plays[0].playerScores",
            "An anonymous player sits in this team game: anonymous players are not "
            "imported, and a team needs both its partners",
        )
    ]


def test_the_rest_is_imported_when_asked_and_the_odd_team_play_listed(club):
    document = _file()
    odd = copy.deepcopy(document["plays"][0])
    odd["uuid"] = "66666666-6666-4666-8666-666666666666"
    odd["playerScores"][3]["team"] = "1"
    document["plays"].append(odd)
    outcome = bgstats_import(
        club=club, parsed=bgstats_read(document), choices={}, import_valid=True
    )
    assert outcome.sessions_created == 1
    (left,) = outcome.left_out
    assert (left.play.path, left.error) == ("plays[1]", True)
    assert [p.path for p in left.problems] == [
        "plays[1].playerScores[3].team",
        "plays[1].playerScores[1].team",
    ]


# Who may export


def test_an_outsider_cannot_export_a_clubs_team_games(club, as_role):
    example_game_record(club, "concordia-venus-teams")
    outsider = as_role("outsider")
    assert outsider.get("/api/v1/clubs/lisboa/bgstats/").status_code == 404
    assert outsider.get("/api/v1/clubs/lisboa/results.csv").status_code == 404
    # Charlie's own club exports none of them.
    own = outsider.get("/api/v1/clubs/porto/bgstats/")
    assert own.status_code == 200
    assert own.json()["plays"] == []
    member = as_role("member").get("/api/v1/clubs/lisboa/bgstats/").json()
    assert [s["team"] for s in member["plays"][0]["playerScores"]] == [
        "Red", "Blue", "Red", "Blue"
    ]  # fmt: skip


# A backup keeps them: an imported game has no score sheet to carry them


@pytest.fixture
def imported_team_game(club: Club, other_club: Club) -> Club:
    """Porto, holding the team game imported from Lisboa's BG Stats export."""
    example_game_record(club, "concordia-venus-teams")
    bgstats_import(
        club=other_club, parsed=bgstats_read(bgstats_export(club)), choices={}
    )
    return other_club


def test_a_backup_keeps_an_imported_games_modules_and_teams(
    imported_team_game, charlie
):
    document = json.loads(json.dumps(club_backup_export(imported_team_game)))
    (session,) = document["sessions"]
    assert (session["sheet"], session["expansions"]) == (None, ["venus"])
    assert [seat["team"] for seat in session["seats"]] == ["Red", "Blue", "Red", "Blue"]
    fresh = clubs_services.club_create(name="Porto 2", slug="porto-2", owner=charlie)
    club_backup_import(club=fresh, document=document)
    assert _seats(fresh) == TEAMS
    assert fresh.sessions.get().expansions == ["venus"]


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        (
            lambda session: session.update(expansions=[]),
            [
                (
                    f"sessions[0].seats[{seat}].team",
                    "Teams are played only with Venus: add it to the modules "
                    "played, or leave the team out",
                )
                for seat in range(4)
            ],
        ),
        (
            lambda session: session.update(expansions=["venus", "roma"]),
            [
                (
                    "sessions[0].expansions[1]",
                    "This app does not know the expansion module “roma” yet",
                )
            ],
        ),
    ],
)
def test_a_backup_with_teams_or_modules_that_cannot_be_is_refused(
    imported_team_game, charlie, change, problems
):
    document = json.loads(json.dumps(club_backup_export(imported_team_game)))
    change(document["sessions"][0])
    fresh = clubs_services.club_create(name="Porto 2", slug="porto-2", owner=charlie)
    with pytest.raises(ImportRejected) as rejected:
        club_backup_import(club=fresh, document=document)
    assert [(p.path, problem_message(p)) for p in rejected.value.problems] == problems
    assert not fresh.sessions.exists()
