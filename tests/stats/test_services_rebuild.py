"""The statistics of the hand-checked history (see conftest.py), after a full rebuild."""

from __future__ import annotations

import datetime as dt

import pytest
from openskill.models import PlackettLuce

from clubs.models import Club
from games.models import Game
from stats import selectors, services
from stats.models import PlayerRating, RatingHistory, StatsState
from stats.selectors import LeaderboardFilters, LeaderboardRow
from tests.stats.conftest import HISTORY, magnanimous_rio_occupied, record

EVERYTHING = LeaderboardFilters()


def _board(
    club: Club, filters: LeaderboardFilters = EVERYTHING, order: str = "name"
) -> dict[str, LeaderboardRow]:
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=filters, order=order
    )
    return {row.name: row for row in board.rows}


def test_rebuild_counts_games_wins_and_scores(club, history):
    assert services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA) == 5
    rows = _board(club)
    summary = {
        name: (row.games, row.wins, row.win_rate, row.average, row.best)
        for name, row in rows.items()
    }
    assert summary == {
        "Ana": (4, 3, 0.75, 105.0, 120),
        "Bruno": (5, 2, 0.4, 93.8, 110),
        "Caio": (3, 1, 1 / 3, 265 / 3, 95),
        "Dora": (2, 0, 0.0, 79.0, 98),
    }


def test_rebuild_averages_points_per_category(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order="name"
    )
    assert board.categories == (
        "vesta",
        "jupiter",
        "saturnus",
        "mercurius",
        "mars",
        "minerva",
        "concordia",
    )
    ana = board.rows[0]
    # Jupiter: 90 + 95 + 85 + 90 over 4 games; Minerva: 20 over 4 games.
    assert ana.averages == (10.0, 90.0, 0.0, 0.0, 0.0, 5.0, 0.0)


def test_ratings_match_openskill_replaying_the_games_in_date_order(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    model = PlackettLuce()
    ratings = {name: model.rating() for name in ("Ana", "Bruno", "Caio", "Dora")}
    for _day, _map, seats in HISTORY:
        names = [name for name, _total, _rank in seats]
        rated = model.rate(
            [[ratings[name]] for name in names], ranks=[rank for *_, rank in seats]
        )
        for name, team in zip(names, rated, strict=True):
            ratings[name] = team[0]
    stored = {
        rating.player.name: rating
        for rating in PlayerRating.objects.filter(club=club).select_related("player")
    }
    for name, expected in ratings.items():
        assert stored[name].mu == pytest.approx(expected.mu, abs=1e-9)
        assert stored[name].sigma == pytest.approx(expected.sigma, abs=1e-9)
        assert stored[name].ordinal == pytest.approx(expected.ordinal(), abs=1e-9)
    assert {name: stored[name].rated_games for name in stored} == {
        "Ana": 4,
        "Bruno": 5,
        "Caio": 3,
        "Dora": 2,
    }
    rows = _board(club)
    assert rows["Ana"].rating == pytest.approx(ratings["Ana"].ordinal(), abs=1e-9)


def test_the_shared_victory_is_a_tie_for_openskill(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    g3 = history[2]
    after_g3 = {
        row.player.name: row
        for row in RatingHistory.objects.filter(session=g3).select_related("player")
    }
    model = PlackettLuce()
    before = {
        row.player.name: model.rating(mu=row.mu, sigma=row.sigma)
        for row in RatingHistory.objects.filter(session__in=history[:2])
        .order_by("played_at")
        .select_related("player")
    }
    ana, caio, bruno = model.rate(
        [[before["Ana"]], [before["Caio"]], [before["Bruno"]]], ranks=[1, 1, 3]
    )
    assert after_g3["Ana"].mu == pytest.approx(ana[0].mu, abs=1e-9)
    assert after_g3["Caio"].mu == pytest.approx(caio[0].mu, abs=1e-9)
    assert after_g3["Bruno"].mu == pytest.approx(bruno[0].mu, abs=1e-9)


def test_fewer_than_five_rated_games_make_a_rating_provisional(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    rows = _board(club)
    assert {name: row.provisional for name, row in rows.items()} == {
        "Ana": True,
        "Bruno": False,
        "Caio": True,
        "Dora": True,
    }


def test_one_lucky_evening_does_not_top_the_leaderboard(club, history):
    record(club, day="2026-03-10", seats=[("Eva", 150, 1), ("Dora", 50, 2)])
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters()
    )
    assert [row.name for row in board.rows][:2] == ["Bruno", "Ana"]
    eva = next(row for row in board.rows if row.name == "Eva")
    assert eva.win_rate == 1.0
    assert eva.provisional


def test_filters_by_map_table_size_and_months(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    italia = _board(club, LeaderboardFilters(map="italia"))
    assert {n: (r.games, r.wins) for n, r in italia.items()} == {
        "Ana": (1, 0),
        "Bruno": (2, 2),
        "Dora": (1, 0),
    }
    four = _board(club, LeaderboardFilters(player_count=4))
    assert {n: (r.games, r.average) for n, r in four.items()} == {
        "Ana": (1, 120.0),
        "Bruno": (1, 100.0),
        "Caio": (1, 90.0),
        "Dora": (1, 60.0),
    }
    february = _board(
        club,
        LeaderboardFilters(date_from=dt.date(2026, 2, 1), date_to=dt.date(2026, 2, 1)),
    )
    assert {n: (r.games, r.wins, r.best) for n, r in february.items()} == {
        "Ana": (2, 2, 120),
        "Bruno": (2, 0, 100),
        "Caio": (2, 1, 95),
        "Dora": (1, 0, 60),
    }
    since_february_on_imperium = _board(
        club, LeaderboardFilters(date_from=dt.date(2026, 2, 1), map="imperium")
    )
    assert sorted(since_february_on_imperium) == ["Ana", "Bruno", "Caio", "Dora"]
    assert since_february_on_imperium["Bruno"].games == 2


def test_filters_leave_the_ratings_over_the_whole_history(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    everything = _board(club)
    italia = _board(club, LeaderboardFilters(map="italia"))
    assert italia["Bruno"].rating == everything["Bruno"].rating


def test_leaderboard_sorts_by_any_column_both_ways(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)

    def names(order: str) -> tuple[list[str], str]:
        board = selectors.leaderboard_get(
            club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order=order
        )
        return [row.name for row in board.rows], board.order

    assert names("-games") == (["Bruno", "Ana", "Caio", "Dora"], "-games")
    assert names("games") == (["Dora", "Caio", "Ana", "Bruno"], "games")
    assert names("-average") == (["Ana", "Bruno", "Caio", "Dora"], "-average")
    assert names("-minerva")[0][0] == "Ana"
    assert names("-name") == (["Dora", "Caio", "Bruno", "Ana"], "-name")
    assert names("no-such-column")[1] == "-rating"


def test_head_to_head_counts_who_finished_ahead(club, players, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    profile = selectors.player_profile_get(
        club=club, game=Game.CONCORDIA, player=players["Ana"]
    )
    assert [
        (o.name, o.meetings, o.wins, o.losses, o.ties) for o in profile.opponents
    ] == [
        ("Bruno", 4, 3, 1, 0),
        ("Caio", 3, 2, 0, 1),
        ("Dora", 1, 1, 0, 0),
    ]


@pytest.mark.parametrize(
    ("name", "rival", "nemesis"),
    [
        ("Ana", "Bruno", None),
        ("Bruno", "Caio", "Ana"),
        ("Caio", "Bruno", "Ana"),
        ("Dora", None, None),
    ],
)
def test_rival_and_nemesis_need_three_meetings(
    club, players, history, name, rival, nemesis
):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    profile = selectors.player_profile_get(
        club=club, game=Game.CONCORDIA, player=players[name]
    )
    assert (profile.rival.name if profile.rival else None) == rival
    assert (profile.nemesis.name if profile.nemesis else None) == nemesis


def test_player_profile_compares_points_per_category_with_the_club(
    club, players, history
):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    profile = selectors.player_profile_get(
        club=club, game=Game.CONCORDIA, player=players["Ana"]
    )
    assert (profile.games, profile.wins, profile.average, profile.best) == (
        4,
        3,
        105.0,
        120,
    )
    by_category = {c.category: (c.player, c.club) for c in profile.categories}
    # The club: 14 seats, 1312 points in all, 140 of them Vesta, 20 Minerva.
    assert by_category["vesta"] == (10.0, 10.0)
    assert by_category["jupiter"][0] == 90.0
    assert by_category["jupiter"][1] == pytest.approx((1312 - 140 - 20) / 14)
    assert by_category["minerva"][0] == 5.0
    assert by_category["minerva"][1] == pytest.approx(20 / 14)
    assert [round(p.ordinal, 6) for p in profile.history] == [
        round(h.ordinal, 6)
        for h in RatingHistory.objects.filter(player=players["Ana"]).order_by(
            "played_at"
        )
    ]
    assert len(profile.history) == 4


def test_club_summary_counts_months_winning_scores_gods_and_maps(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    summary = selectors.club_summary_get(club=club, game=Game.CONCORDIA)
    assert summary.games == 5
    assert summary.lost_by_all == 0
    assert summary.games_per_month == [
        (dt.date(2026, 1, 1), 2),
        (dt.date(2026, 2, 1), 2),
        (dt.date(2026, 3, 1), 1),
    ]
    # Winning scores 100, 110, 95 (shared: one game), 120, 99.
    assert [(c.label, c.value) for c in summary.winning_scores] == [
        ("90–99", 2),
        ("100–109", 1),
        ("110–119", 1),
        ("120–129", 1),
    ]
    # Six winning seats (g3 has two): Vesta 60, Minerva 20, Jupiter the rest.
    winners = dict(summary.winner_categories)
    assert winners["Vesta"] == 10.0
    assert winners["Minerva"] == pytest.approx(20 / 6)
    assert winners["Jupiter"] == pytest.approx(
        (100 + 110 + 95 + 95 + 120 + 99 - 60 - 20) / 6
    )
    assert [(str(c.label), c.value) for c in summary.maps] == [
        ("Imperium", 3),
        ("Italia", 2),
    ]
    assert [(c.label, c.value) for c in summary.player_counts] == [
        ("2", 2),
        ("3", 2),
        ("4", 1),
    ]


def test_a_game_everybody_lost_counts_as_played_but_moves_no_rating(club):
    magnanimous_rio_occupied(
        club, day="2026-04-01", seats=[("Ana", 20, 1), ("Bruno", 12, 2)]
    )
    record(
        club,
        day="2026-04-02",
        seats=[("Ana", 30, 1), ("Bruno", 25, 2)],
        game=Game.MAGNANIMOUS,
        points={"Ana": {"court": 30}, "Bruno": {"court": 25}},
    )
    services.stats_rebuild(club_id=club.pk, game=Game.MAGNANIMOUS)
    board = selectors.leaderboard_get(
        club=club, game=Game.MAGNANIMOUS, filters=LeaderboardFilters(), order="name"
    )
    assert [(r.name, r.games, r.wins, r.rated_games) for r in board.rows] == [
        ("Ana", 2, 1, 1),
        ("Bruno", 2, 0, 1),
    ]
    assert board.categories[0] == "court"
    assert board.rows[0].averages[0] == 25.0
    model = PlackettLuce()
    ana, _bruno = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert board.rows[0].rating == pytest.approx(ana[0].ordinal(), abs=1e-9)
    summary = selectors.club_summary_get(club=club, game=Game.MAGNANIMOUS)
    assert (summary.games, summary.lost_by_all) == (2, 1)
    ana_profile = selectors.player_profile_get(
        club=club, game=Game.MAGNANIMOUS, player=club.players.get(name="Ana")
    )
    assert [(o.name, o.meetings, o.wins, o.ties) for o in ana_profile.opponents] == [
        ("Bruno", 2, 1, 1)
    ]


def test_concordia_and_magnanimous_are_ranked_apart(club, history):
    magnanimous_rio_occupied(
        club, day="2026-04-01", seats=[("Ana", 20, 1), ("Eva", 12, 2)]
    )
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    services.stats_rebuild(club_id=club.pk, game=Game.MAGNANIMOUS)
    assert "Eva" not in _board(club)
    assert _board(club)["Ana"].games == 4


def test_rebuild_marks_the_refresh_time_and_generation(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    state = StatsState.objects.get(club=club, game=Game.CONCORDIA)
    assert state.generation == 2
    assert state.refreshed_at is not None
    status = selectors.stats_status_get(club=club, game=Game.CONCORDIA)
    assert (status.generation, status.pending_since) == (2, None)


def test_rebuild_of_a_club_without_games_clears_its_aggregates(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    for session in history:
        session.delete()
    assert services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA) == 0
    assert _board(club) == {}
    assert not PlayerRating.objects.exists()


def test_rebuild_of_a_deleted_club_does_nothing(db):
    assert services.stats_rebuild(club_id=999, game=Game.CONCORDIA) == 0
    assert not StatsState.objects.exists()


def test_expansion_maps_have_their_own_filter_and_club_statistics(club, history):
    # The longest id, "ionium_small", fits the aggregate tables' map column.
    record(
        club,
        day="2026-03-05",
        seats=[("Ana", 130, 1), ("Dora", 90, 2)],
        map_name="ionium_small",
    )
    record(
        club,
        day="2026-03-06",
        seats=[("Caio", 88, 1), ("Ana", 80, 2)],
        map_name="germania",
    )
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    small = _board(club, LeaderboardFilters(map="ionium_small"))
    assert {n: (r.games, r.wins, r.best) for n, r in small.items()} == {
        "Ana": (1, 1, 130),
        "Dora": (1, 0, 90),
    }
    germania = _board(club, LeaderboardFilters(map="germania"))
    assert {n: (r.games, r.wins) for n, r in germania.items()} == {
        "Caio": (1, 1),
        "Ana": (1, 0),
    }
    summary = selectors.club_summary_get(club=club, game=Game.CONCORDIA)
    assert {tally.label: tally.value for tally in summary.maps} == {
        "Imperium": 3,
        "Italia": 2,
        "Ionium (small)": 1,
        "Germania": 1,
    }
