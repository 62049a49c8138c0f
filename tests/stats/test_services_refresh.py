"""Incremental refreshes: saving, editing or deleting a game lands exactly where a rebuild would."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db.models import Model

from clubs.models import Club
from games import services as game_services
from games.models import Game, SeatResult
from stats import selectors, services
from stats.dispatch import stats_change_record
from stats.models import (
    POINT_SLOTS,
    GameBucket,
    HeadToHead,
    PlayerBucket,
    PlayerRating,
    RatingHistory,
    StatsChange,
    StatsState,
)
from stats.selectors import LeaderboardFilters
from stats.services import RefreshOutcome
from tests.stats.conftest import magnanimous_rio_occupied, noon, record


def _comparable(value: object) -> object:
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    if isinstance(value, float):
        return round(value, 9)
    return value


def snapshot(
    club: Club, game: str = Game.CONCORDIA
) -> dict[str, list[tuple[object, ...]]]:
    """Every aggregate row of a club×game, in a comparable form."""

    def rows(model: type[Model], *fields: str) -> list[tuple[object, ...]]:
        found = model._default_manager.filter(club=club, game=game).values_list(*fields)
        return sorted((tuple(_comparable(v) for v in row) for row in found), key=repr)

    return {
        "players": rows(
            PlayerBucket,
            "player_id",
            "map",
            "player_count",
            "year",
            "month",
            "games",
            "wins",
            "total_sum",
            "best_total",
            *(f"points_{slot}" for slot in range(POINT_SLOTS)),
        ),
        "games": rows(
            GameBucket,
            "month",
            "map",
            "player_count",
            "games",
            "winner_seats",
            "winner_points",
            "winning_scores",
        ),
        "pairs": rows(
            HeadToHead, "player_id", "opponent_id", "meetings", "wins", "losses", "ties"
        ),
        "history": rows(
            RatingHistory,
            "player_id",
            "session_id",
            "played_at",
            "mu",
            "sigma",
            "ordinal",
            "rated_games",
        ),
        "ratings": rows(
            PlayerRating,
            "player_id",
            "mu",
            "sigma",
            "ordinal",
            "rated_games",
            "last_played_at",
        ),
    }


def refreshed_equals_rebuilt(club: Club, game: str = Game.CONCORDIA) -> RefreshOutcome:
    outcome = services.stats_refresh(club_id=club.pk, game=game)
    assert outcome.changes >= 1
    assert not StatsChange.objects.exists()
    refreshed = snapshot(club, game)
    services.stats_rebuild(club_id=club.pk, game=game)
    assert refreshed == snapshot(club, game)
    return outcome


@pytest.fixture
def rebuilt(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    return history


def test_saving_a_score_sheet_refreshes_the_leaderboard_on_commit(
    club, draft_session, rulebook_sheet, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game_services.concordia_sheet_record(
            session=draft_session, sheet=rulebook_sheet
        )
    assert len(callbacks) == 1
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order="-best"
    )
    assert [(r.name, r.games, r.wins, r.best) for r in board.rows] == [
        ("Ana", 1, 1, 114),
        ("Bruno", 1, 0, 95),
        ("Caio", 1, 0, 76),
    ]
    assert not StatsChange.objects.exists()
    assert StatsState.objects.get(club=club, game=Game.CONCORDIA).generation == 1


def test_a_rollback_forgets_the_change_and_enqueues_nothing(
    club, draft_session, rulebook_sheet, django_capture_on_commit_callbacks
):
    with (
        django_capture_on_commit_callbacks(execute=False) as callbacks,
        pytest.raises(game_services.VersionConflict),
    ):
        game_services.concordia_sheet_record(
            session=draft_session, sheet=rulebook_sheet, expected_version=99
        )
    assert callbacks == []
    assert not StatsChange.objects.exists()


def test_a_new_game_at_the_end_replays_only_that_game(club, rebuilt):
    game = record(club, day="2026-03-20", seats=[("Dora", 101, 1), ("Ana", 100, 2)])
    stats_change_record(session=game)
    outcome = refreshed_equals_rebuilt(club)
    assert outcome.replayed_games == 1
    assert (
        selectors.player_profile_get(
            club=club, game=Game.CONCORDIA, player=club.players.get(name="Dora")
        ).wins
        == 1
    )


def test_a_game_entered_late_replays_the_ratings_from_its_date(club, rebuilt):
    game = record(club, day="2026-01-15", seats=[("Caio", 130, 1), ("Dora", 20, 2)])
    stats_change_record(session=game)
    outcome = refreshed_equals_rebuilt(club)
    # g2 to g5 come after it and are replayed with it.
    assert outcome.replayed_games == 5


def test_moving_a_game_to_another_month_refreshes_both_months(club, rebuilt):
    g1 = rebuilt[0]
    game_services.session_details_update(
        session=g1, played_at=noon("2026-03-05"), place="", notes=""
    )
    change = StatsChange.objects.get()
    assert change.months == ["2026-01-01", "2026-03-01"]
    assert change.since == noon("2026-01-10")
    refreshed_equals_rebuilt(club)
    summary = selectors.club_summary_get(club=club, game=Game.CONCORDIA)
    assert summary.games_per_month == [
        (dt.date(2026, 1, 1), 1),
        (dt.date(2026, 2, 1), 2),
        (dt.date(2026, 3, 1), 2),
    ]


def test_deleting_a_game_takes_it_out_of_every_figure(club, rebuilt):
    game_services.session_delete(session=rebuilt[3])
    assert StatsChange.objects.get().player_ids == sorted(
        club.players.filter(name__in=["Ana", "Bruno", "Caio", "Dora"]).values_list(
            "pk", flat=True
        )
    )
    refreshed_equals_rebuilt(club)
    rows = {
        r.name: r.games
        for r in selectors.leaderboard_get(
            club=club, game=Game.CONCORDIA, filters=LeaderboardFilters()
        ).rows
    }
    assert rows == {"Ana": 3, "Bruno": 4, "Caio": 2, "Dora": 1}


def test_deleting_a_players_only_game_removes_their_rating(club, rebuilt):
    game = record(club, day="2026-03-20", seats=[("Eva", 101, 1), ("Ana", 100, 2)])
    stats_change_record(session=game)
    services.stats_refresh(club_id=club.pk, game=Game.CONCORDIA)
    assert PlayerRating.objects.filter(player__name="Eva").exists()
    game_services.session_delete(session=game)
    refreshed_equals_rebuilt(club)
    assert not PlayerRating.objects.filter(player__name="Eva").exists()
    assert not PlayerBucket.objects.filter(player__name="Eva").exists()


def test_rescoring_a_game_recomputes_its_players(club, rebuilt):
    g2 = rebuilt[1]
    SeatResult.objects.filter(session=g2, seat__player__name="Ana").update(
        total=115, rank=1, won=True, breakdown={"vesta": 10, "jupiter": 105}
    )
    SeatResult.objects.filter(session=g2, seat__player__name="Bruno").update(
        rank=2, won=False
    )
    stats_change_record(session=g2)
    refreshed_equals_rebuilt(club)
    ana = selectors.player_profile_get(
        club=club, game=Game.CONCORDIA, player=club.players.get(name="Ana")
    )
    assert (ana.wins, ana.average) == (4, 107.5)


def test_several_pending_changes_are_applied_in_one_refresh(club, rebuilt):
    first = record(club, day="2026-03-20", seats=[("Dora", 101, 1), ("Ana", 100, 2)])
    second = record(club, day="2026-02-20", seats=[("Caio", 90, 1), ("Bruno", 80, 2)])
    stats_change_record(session=first)
    stats_change_record(session=second)
    assert refreshed_equals_rebuilt(club).changes == 2


def test_a_refresh_with_nothing_pending_changes_nothing(club, rebuilt):
    before = snapshot(club)
    outcome = services.stats_refresh(club_id=club.pk, game=Game.CONCORDIA)
    assert (outcome.changes, outcome.replayed_games) == (0, 0)
    assert snapshot(club) == before
    assert StatsState.objects.get(club=club, game=Game.CONCORDIA).generation == 1


def test_a_change_to_a_draft_is_not_recorded(club, draft_session):
    assert stats_change_record(session=draft_session) is None
    game_services.session_delete(session=draft_session)
    assert not StatsChange.objects.exists()


def test_the_status_says_since_when_changes_are_pending(club, rebuilt):
    game = record(club, day="2026-03-20", seats=[("Dora", 101, 1), ("Ana", 100, 2)])
    change = stats_change_record(session=game)
    assert change is not None
    status = selectors.stats_status_get(club=club, game=Game.CONCORDIA)
    assert status.pending_since == change.created_at
    assert status.generation == 1
    services.stats_refresh(club_id=club.pk, game=Game.CONCORDIA)
    status = selectors.stats_status_get(club=club, game=Game.CONCORDIA)
    assert (status.pending_since, status.generation) == (None, 2)


def test_a_rebuild_applies_the_changes_pending_when_it_started(club, rebuilt):
    game = record(club, day="2026-03-20", seats=[("Dora", 101, 1), ("Ana", 100, 2)])
    stats_change_record(session=game)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    assert not StatsChange.objects.exists()
    assert (
        selectors.stats_status_get(club=club, game=Game.CONCORDIA).pending_since is None
    )


def test_magnanimous_games_lost_by_all_or_shared_refresh_like_a_rebuild(club):
    services.stats_rebuild(club_id=club.pk, game=Game.MAGNANIMOUS)
    games = [
        magnanimous_rio_occupied(
            club,
            day="2026-04-01",
            seats=[("Ana", 20, 1), ("Bruno", 12, 2), ("Caio", 9, 3)],
        ),
        record(
            club,
            day="2026-04-02",
            seats=[("Ana", 30, 1), ("Bruno", 30, 1), ("Caio", 25, 3)],
            game=Game.MAGNANIMOUS,
            points={
                "Ana": {"court": 30},
                "Bruno": {"court": 30},
                "Caio": {"court": 25},
            },
        ),
    ]
    for game in games:
        stats_change_record(session=game)
    refreshed_equals_rebuilt(club, Game.MAGNANIMOUS)
    summary = selectors.club_summary_get(club=club, game=Game.MAGNANIMOUS)
    assert (summary.games, summary.lost_by_all) == (2, 1)
    assert [(t.label, t.value) for t in summary.winning_scores] == [("30–39", 1)]


def test_a_flood_of_changes_is_applied_by_one_rebuild(club, rebuilt, monkeypatch):
    monkeypatch.setattr("stats.services.REBUILD_ABOVE", 1)
    for day in ("2026-03-20", "2026-03-21"):
        stats_change_record(
            session=record(club, day=day, seats=[("Dora", 101, 1), ("Ana", 100, 2)])
        )
    outcome = refreshed_equals_rebuilt(club)
    assert (outcome.changes, outcome.replayed_games) == (2, 7)


def test_a_deleted_game_stops_counting_and_counts_again_once_restored(club, rebuilt):
    game = record(club, day="2026-03-20", seats=[("Eva", 101, 1), ("Ana", 100, 2)])
    stats_change_record(session=game)
    services.stats_refresh(club_id=club.pk, game=Game.CONCORDIA)
    eva = PlayerBucket.objects.filter(player__name="Eva")
    # Every bucket of Eva's (month, year, all time…) holds this one win.
    counted = sorted((b.games, b.wins) for b in eva.all())
    assert counted
    assert set(counted) == {(1, 1)}
    game_services.session_delete(session=game)
    refreshed_equals_rebuilt(club)
    assert not PlayerRating.objects.filter(player__name="Eva").exists()
    assert not eva.all().exists()
    game_services.session_restore(session=game)
    refreshed_equals_rebuilt(club)
    assert sorted((b.games, b.wins) for b in eva.all()) == counted
    assert PlayerRating.objects.filter(player__name="Eva").exists()
