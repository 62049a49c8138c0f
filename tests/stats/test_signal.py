"""`stats` hears of a changed game through `games.signals`, never by being called."""

from __future__ import annotations

import contextlib
import weakref

import pytest
from django.db import transaction

from games.models import Game, MagnanimousEnding, TableSession
from games.signals import (
    session_changed,
    session_changed_send,
    sessions_added,
    sessions_added_send,
)
from stats.dispatch import session_changed_receive, sessions_added_receive
from stats.models import StatsChange
from tests.stats.conftest import record


def _saved(session: TableSession) -> TableSession:
    session_changed_send(session=session)
    return session


@pytest.mark.django_db
def test_a_changed_finished_game_is_recorded_through_the_signal(finished_session):
    player_ids = sorted(seat.player_id for seat in finished_session.seats.all())
    StatsChange.objects.all().delete()

    session_changed_send(session=finished_session, player_ids=player_ids)

    change = StatsChange.objects.get()
    assert (change.club_id, change.game, change.player_ids) == (
        finished_session.club_id,
        finished_session.game,
        player_ids,
    )


def test_stats_listens_to_games_signal_once():
    listeners = [
        ref() if isinstance(ref, weakref.ReferenceType) else ref
        for _, ref, *_rest in session_changed.receivers
    ]
    assert listeners.count(session_changed_receive) == 1


@pytest.mark.django_db
def test_changes_of_one_club_and_game_in_one_transaction_enqueue_one_refresh(
    club, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        for day in ("2026-01-10", "2026-01-20", "2026-02-05"):
            _saved(record(club, day=day, seats=[("Ana", 100, 1), ("Bruno", 90, 2)]))
        _saved(
            record(
                club,
                day="2026-02-06",
                seats=[("Ana", 40, 1), ("Bruno", 30, 2)],
                game=Game.MAGNANIMOUS,
                ending=MagnanimousEnding.REPUBLIC,
            )
        )
    assert StatsChange.objects.count() == 4
    assert [(c.club_id, c.game) for c in callbacks] == [
        (club.pk, Game.CONCORDIA),
        (club.pk, Game.MAGNANIMOUS),
    ]


@pytest.mark.django_db
def test_a_refresh_dropped_with_a_rolled_back_savepoint_is_enqueued_again(
    club, django_capture_on_commit_callbacks
):
    class Undone(Exception):
        pass

    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        with contextlib.suppress(Undone), transaction.atomic():
            _saved(
                record(
                    club, day="2026-01-10", seats=[("Ana", 100, 1), ("Bruno", 90, 2)]
                )
            )
            raise Undone
        _saved(
            record(club, day="2026-01-20", seats=[("Ana", 100, 1), ("Bruno", 90, 2)])
        )
    assert StatsChange.objects.count() == 1
    assert [(c.club_id, c.game) for c in callbacks] == [(club.pk, Game.CONCORDIA)]


@pytest.mark.django_db
def test_games_added_at_once_are_recorded_in_one_write_and_one_refresh(
    club, django_capture_on_commit_callbacks, django_assert_num_queries
):
    games = [
        record(club, day=day, seats=[("Ana", 100, 1), ("Bruno", 90, 2)])
        for day in ("2026-01-10", "2026-02-20")
    ]
    draft = record(club, day="2026-03-01", seats=[("Ana", 1, 1), ("Bruno", 1, 2)])
    draft.status = "draft"
    ana, bruno = (seat.player_id for seat in games[0].seats.order_by("seat_order"))
    with (
        django_capture_on_commit_callbacks() as callbacks,
        django_assert_num_queries(1),
    ):
        sessions_added_send(
            sessions=[*games, draft],
            player_ids={game.pk: [bruno, ana] for game in (*games, draft)},
        )
    changes = StatsChange.objects.order_by("since")
    assert [(c.game, c.months, c.player_ids) for c in changes] == [
        (Game.CONCORDIA, ["2026-01-01"], sorted([ana, bruno])),
        (Game.CONCORDIA, ["2026-02-01"], sorted([ana, bruno])),
    ]
    assert [(c.club_id, c.game) for c in callbacks] == [(club.pk, Game.CONCORDIA)]


def test_stats_listens_to_games_added_at_once_once():
    listeners = [
        ref() if isinstance(ref, weakref.ReferenceType) else ref
        for _, ref, *_rest in sessions_added.receivers
    ]
    assert listeners.count(sessions_added_receive) == 1
