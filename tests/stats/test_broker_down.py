"""With the broker unreachable, saving a game still succeeds and the aggregates catch up later."""

from __future__ import annotations

import pytest
from django.urls import reverse

from concordia_site.celery import app as celery_app
from games import services as game_services
from games.models import Game, SeatResult, SessionStatus
from stats import selectors
from stats.models import StatsChange
from stats.selectors import LeaderboardFilters
from stats.tasks import stats_rebuild_all_task, stats_refresh_task
from tests.celery_broker import DEAD_BROKER, broker, use_broker
from tests.sheets import sheet_post_data


@pytest.fixture
def dead_broker():
    with broker(DEAD_BROKER):
        yield


@pytest.mark.django_db(transaction=True)
def test_saving_a_game_succeeds_while_the_broker_is_down(
    client, alice, draft_session, rulebook_sheet, dead_broker, caplog, monkeypatch
):
    # What bounds the wait is structural, not timed here: one publish, never
    # retried, over connections that give up after a second.
    assert celery_app.conf.task_publish_retry is False
    assert celery_app.conf.broker_connection_timeout == 1.0
    publishes = []
    publish = stats_refresh_task.apply_async

    def counted_publish(*args, **kwargs):
        publishes.append(args)
        return publish(*args, **kwargs)

    monkeypatch.setattr(stats_refresh_task, "apply_async", counted_publish)
    client.force_login(alice)
    seats = list(draft_session.seats.order_by("seat_order"))
    url = reverse(
        "games:session-sheet",
        kwargs={"club_slug": "lisboa", "session_id": draft_session.pk},
    )
    response = client.post(url, sheet_post_data(rulebook_sheet, seats, version=1))

    assert response.status_code == 302
    assert response["Location"] == draft_session.get_absolute_url()
    assert publishes == [((draft_session.club_id, "concordia"), {})]
    draft_session.refresh_from_db()
    assert draft_session.status == SessionStatus.FINISHED
    assert sorted(SeatResult.objects.values_list("total", flat=True)) == [76, 95, 114]
    assert StatsChange.objects.count() == 1
    assert "not enqueued" in caplog.text
    status = selectors.stats_status_get(club=draft_session.club, game=Game.CONCORDIA)
    assert status.pending_since is not None
    assert status.refreshed_at is None


@pytest.mark.django_db(transaction=True)
def test_the_nightly_rebuild_counts_what_the_dead_broker_missed(
    club, draft_session, rulebook_sheet, dead_broker
):
    game_services.concordia_sheet_record(session=draft_session, sheet=rulebook_sheet)
    assert StatsChange.objects.count() == 1
    # The broker is back: beat's nightly task runs (eagerly here).
    use_broker(None, eager=True)
    stats_rebuild_all_task()
    board = selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order="-best"
    )
    assert [(r.name, r.games, r.wins, r.best) for r in board.rows] == [
        ("Ana", 1, 1, 114),
        ("Bruno", 1, 0, 95),
        ("Caio", 1, 0, 76),
    ]
    assert not StatsChange.objects.exists()
    assert (
        selectors.stats_status_get(club=club, game=Game.CONCORDIA).pending_since is None
    )
