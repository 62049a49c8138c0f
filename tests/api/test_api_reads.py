"""The read endpoints' exact JSON: clubs, players, games, leaderboard, statistics."""

from __future__ import annotations

import pytest

from games.models import TableSession
from stats import services as stats_services

BREAKDOWNS = {
    "Ana": {"vesta": 3, "jupiter": 18, "saturnus": 28, "mercurius": 16, "mars": 30, "minerva": 12, "concordia": 7},
    "Bruno": {"vesta": 3, "jupiter": 28, "saturnus": 18, "mercurius": 20, "mars": 8, "minerva": 18, "concordia": 0},
    "Caio": {"vesta": 0, "jupiter": 20, "saturnus": 20, "mercurius": 16, "mars": 8, "minerva": 12, "concordia": 0},
}  # fmt: skip


@pytest.fixture
def counted(finished_session):
    stats_services.stats_rebuild(club_id=finished_session.club_id, game="concordia")
    return finished_session


def _ids(session: TableSession) -> dict[str, int]:
    return {seat.player.name: seat.player_id for seat in session.seats.all()}


def test_club_detail_says_the_callers_role_and_counts(as_role, finished_session):
    body = as_role("admin").get("/api/v1/clubs/lisboa/").json()
    assert {k: v for k, v in body.items() if k != "created_at"} == {
        "slug": "lisboa",
        "name": "Lisboa",
        "role": "admin",
        "players": 3,
        "sessions": 1,
    }


def test_players_are_listed_by_name_with_pagination(as_role, finished_session):
    body = as_role("member").get("/api/v1/clubs/lisboa/players/").json()
    ids = _ids(finished_session)
    assert body["count"] == 3
    assert body["next"] is None
    assert [(p["id"], p["name"], p["username"]) for p in body["results"]] == [
        (ids["Ana"], "Ana", None),
        (ids["Bruno"], "Bruno", None),
        (ids["Caio"], "Caio", None),
    ]


def test_player_detail_names_the_linked_account(as_role, finished_session, bob):
    player = finished_session.seats.get(seat_order=1).player
    player.user = bob
    player.save(update_fields=["user"])
    body = as_role("member").get(f"/api/v1/clubs/lisboa/players/{player.pk}/").json()
    assert (body["id"], body["name"], body["username"]) == (player.pk, "Bruno", "bob")


def test_session_list_gives_seats_with_results(as_role, finished_session):
    body = as_role("member").get("/api/v1/clubs/lisboa/sessions/").json()
    ids = _ids(finished_session)
    assert body["count"] == 1
    (game,) = body["results"]
    assert game["id"] == finished_session.pk
    assert (game["game"], game["map"], game["place"], game["status"]) == (
        "concordia",
        "imperium",
        "Café",
        "finished",
    )
    assert game["played_at"] == "2026-11-01T20:00:00Z"
    assert game["seats"] == [
        {
            "seat_order": order,
            "colour": "",
            "team": "",
            "player": {"id": ids[name], "name": name},
            "result": {
                "total": total,
                "rank": order + 1,
                "won": order == 0,
                "breakdown": BREAKDOWNS[name],
            },
        }
        for order, (name, total) in enumerate(
            [("Ana", 114), ("Bruno", 95), ("Caio", 76)]
        )
    ]


def test_session_list_pages_by_fifty(as_role, club, alice):
    import datetime as dt

    from games import services

    for day in range(1, 53):
        services.session_create(
            club=club,
            created_by=alice,
            map_name="italia",
            played_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC) + dt.timedelta(days=day),
            seats=[services.SeatInput(new_name=n) for n in ("Ana", "Bia")],
        )
    client = as_role("member")
    first = client.get("/api/v1/clubs/lisboa/sessions/").json()
    second = client.get("/api/v1/clubs/lisboa/sessions/?page=2").json()
    assert (first["count"], len(first["results"]), len(second["results"])) == (
        52,
        50,
        2,
    )
    assert first["results"][0]["played_at"] == "2026-02-22T00:00:00Z"
    assert client.get("/api/v1/clubs/lisboa/sessions/?page=9").status_code == 404


def test_session_detail_has_every_recorded_position(as_role, finished_session):
    body = (
        as_role("member")
        .get(f"/api/v1/clubs/lisboa/sessions/{finished_session.pk}/")
        .json()
    )
    ana, bruno, caio = body["seats"]
    assert ana["concordia_position"]["sestertii"] == 13
    assert ana["concordia_position"]["concordia_card"] is True
    assert ana["concordia_position"]["has_farmer"] is True
    assert caio["concordia_position"]["praefectus_magnus"] is True
    # The counts per good and per god are the score sheet's objects (issue #22).
    assert bruno["concordia_position"]["cards"]["jupiter"] == 4
    assert ana["concordia_position"]["houses"] == {
        "brick": 3,
        "food": 4,
        "tool": 3,
        "wine": 0,
        "cloth": 2,
    }
    assert ana["magnanimous_position"] is None
    # A module's counts (Venus' provinces) are an object too: none in the base game.
    assert ana["concordia_position"]["module_counts"] == {}
    assert ana["team"] == ""
    # A module's own rows (the forum's points): none in a base game.
    assert ana["concordia_position"]["rows"] == {}
    assert len(ana["concordia_position"]) == 15


def test_a_draft_game_has_seats_without_results(as_role, draft_session):
    body = (
        as_role("member")
        .get(f"/api/v1/clubs/lisboa/sessions/{draft_session.pk}/")
        .json()
    )
    assert body["status"] == "draft"
    assert [s["result"] for s in body["seats"]] == [None, None, None]
    assert [s["concordia_position"] for s in body["seats"]] == [None, None, None]


def test_leaderboard_ranks_by_rating_with_exact_averages(as_role, counted):
    body = as_role("member").get("/api/v1/clubs/lisboa/leaderboard/").json()
    ids = _ids(counted)
    assert (body["game"], body["order"], body["players"], body["pages"]) == (
        "concordia",
        "-rating",
        3,
        1,
    )
    assert [
        (r["position"], r["player_id"], r["name"], r["games"], r["wins"], r["best"])
        for r in body["rows"]
    ] == [
        (1, ids["Ana"], "Ana", 1, 1, 114),
        (2, ids["Bruno"], "Bruno", 1, 0, 95),
        (3, ids["Caio"], "Caio", 1, 0, 76),
    ]
    assert body["rows"][0]["averages"] == {
        k: float(v) for k, v in BREAKDOWNS["Ana"].items()
    }
    assert body["rows"][0]["provisional"] is True


def test_leaderboard_sorts_by_a_category_and_filters_by_table_size(as_role, counted):
    client = as_role("member")
    by_saturnus = client.get("/api/v1/clubs/lisboa/leaderboard/?order=-saturnus")
    assert [r["name"] for r in by_saturnus.json()["rows"]] == ["Ana", "Caio", "Bruno"]
    four = client.get("/api/v1/clubs/lisboa/leaderboard/?players=4").json()
    assert (four["players"], four["rows"]) == (0, [])


def test_leaderboard_rejects_an_unknown_order_at_its_path(as_role, counted):
    response = as_role("member").get("/api/v1/clubs/lisboa/leaderboard/?order=court")
    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["order"]


def test_club_statistics_count_the_games(as_role, counted):
    body = as_role("member").get("/api/v1/clubs/lisboa/statistics/").json()
    assert body == {
        "game": "concordia",
        "games": 1,
        "lost_by_all": 0,
        "games_per_month": [{"month": "2026-11-01", "games": 1}],
        "winning_scores": [{"from": "110–119", "games": 1}],
        "winner_categories": {k: float(v) for k, v in BREAKDOWNS["Ana"].items()},
        "maps": {"Imperium": 1},
        "player_counts": {"3": 1},
    }


def test_player_statistics_compare_with_the_club(as_role, counted):
    ids = _ids(counted)
    body = (
        as_role("member")
        .get(f"/api/v1/clubs/lisboa/players/{ids['Ana']}/statistics/")
        .json()
    )
    assert (body["games"], body["wins"], body["average"], body["best"]) == (
        1,
        1,
        114.0,
        114,
    )
    assert body["club_averages"]["mars"] == pytest.approx((30 + 8 + 8) / 3)
    assert body["opponents"] == [
        {"player_id": ids["Bruno"], "name": "Bruno", "meetings": 1, "wins": 1, "losses": 0, "ties": 0},
        {"player_id": ids["Caio"], "name": "Caio", "meetings": 1, "wins": 1, "losses": 0, "ties": 0},
    ]  # fmt: skip


def test_magnanimous_statistics_are_asked_for_by_name(as_role, counted):
    body = (
        as_role("member")
        .get("/api/v1/clubs/lisboa/statistics/?game=magnanimous")
        .json()
    )
    assert (body["game"], body["games"]) == ("magnanimous", 0)
