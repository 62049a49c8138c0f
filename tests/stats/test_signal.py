"""`stats` hears of a changed game through `games.signals`, never by being called."""

from __future__ import annotations

import weakref

import pytest

from games.signals import session_changed, session_changed_send
from stats.dispatch import session_changed_receive
from stats.models import StatsChange


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
