"""The event log's invariants live in the database: the constraints and the append-only trigger.

Run with the SQLite suite and with ``DATABASE_URL`` pointing at PostgreSQL
(where django-pgtrigger installs the trigger): the same tests hold on both.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.urls import reverse

from assistant.models import (
    JOIN_CODE_ALPHABET,
    AssistantEvent,
    AssistantGame,
    new_join_code,
)
from clubs.models import Club

# The same words from the SQLite trigger and from django-pgtrigger.
APPEND_ONLY = "Cannot update or delete rows from assistant_assistantevent"
PLAYERS = [{"name": "Ana", "colour": "red"}, {"name": "Bia", "colour": "green"}]


@pytest.fixture
def game(club: Club, alice: User) -> AssistantGame:
    return AssistantGame.objects.create(
        club=club, game="concordia", players=PLAYERS, created_by=alice
    )


def _event(game: AssistantGame, seq: int, key: str = "") -> AssistantEvent:
    return AssistantEvent.objects.create(
        game=game, seq=seq, idempotency_key=key, document={"type": "undo"}
    )


def test_an_event_cannot_be_changed(game):
    event = _event(game, 1)
    with pytest.raises(DatabaseError, match=APPEND_ONLY), transaction.atomic():
        AssistantEvent.objects.filter(pk=event.pk).update(document={"type": "abandon"})
    event.refresh_from_db()
    assert event.document == {"type": "undo"}


def test_an_event_cannot_be_deleted(game):
    event = _event(game, 1)
    with pytest.raises(DatabaseError, match=APPEND_ONLY), transaction.atomic():
        AssistantEvent.objects.filter(pk=event.pk).delete()
    assert AssistantEvent.objects.filter(pk=event.pk).exists()


def test_the_trigger_holds_for_raw_sql_too(game):
    event = _event(game, 1)
    table = AssistantEvent._meta.db_table
    with (
        pytest.raises(DatabaseError, match=APPEND_ONLY),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(f"UPDATE {table} SET seq = 7 WHERE id = %s", [event.pk])
    assert AssistantEvent.objects.get(pk=event.pk).seq == 1


def test_two_events_cannot_share_a_sequence_number(game):
    _event(game, 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        _event(game, 1)


def test_an_idempotency_key_records_one_event_per_game(game, club, alice):
    _event(game, 1, key="tap-1")
    with pytest.raises(IntegrityError), transaction.atomic():
        _event(game, 2, key="tap-1")
    other = AssistantGame.objects.create(club=club, game="concordia", players=PLAYERS)
    _event(other, 1, key="tap-1")
    _event(game, 2)
    _event(game, 3)
    assert AssistantEvent.objects.filter(game=game).count() == 3


def test_sequence_numbers_start_at_1(game):
    with pytest.raises(IntegrityError), transaction.atomic():
        _event(game, 0)


def test_join_codes_avoid_look_alike_characters():
    for look_alike in "0O1Il":
        assert look_alike not in JOIN_CODE_ALPHABET
    codes = {new_join_code() for _ in range(200)}
    assert all(
        len(code) == 6 and set(code) <= set(JOIN_CODE_ALPHABET) for code in codes
    )
    assert len(codes) > 190


def test_an_event_table_holding_events_cannot_be_emptied_at_once(game):
    _event(game, 1)
    table = AssistantEvent._meta.db_table
    # PostgreSQL: TRUNCATE skips row triggers, so a statement trigger refuses
    # it. SQLite has no TRUNCATE: a DELETE without WHERE fires the row trigger.
    statement = (
        f"TRUNCATE {table}"
        if connection.vendor == "postgresql"
        else f"DELETE FROM {table}"
    )
    if connection.vendor == "postgresql":
        # The test's own transaction still holds the insert's deferred
        # foreign-key check, which TRUNCATE would refuse first.
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(statement)
    assert AssistantEvent.objects.count() == 1


def test_an_empty_event_table_may_be_truncated(game):
    # Django's flush between transactional tests truncates every table; an
    # empty log loses nothing.
    if connection.vendor != "postgresql":
        pytest.skip(reason="TRUNCATE is PostgreSQL's; SQLite has none")
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {AssistantEvent._meta.db_table}")
    assert not AssistantEvent.objects.exists()


def _recorded_by(user: User, club: Club) -> tuple[AssistantGame, AssistantEvent]:
    game = AssistantGame.objects.create(
        club=club, game="concordia", players=PLAYERS, created_by=user
    )
    event = AssistantEvent.objects.create(
        game=game, seq=1, document={"type": "undo"}, created_by=user
    )
    return game, event


def test_deleting_an_account_keeps_the_moves_it_recorded(club):
    # From the shell (or any code): the log is not touched.
    user = User.objects.create(username="dora")
    game, event = _recorded_by(user, club)
    user_id = user.pk
    user.delete()
    assert not User.objects.filter(pk=user_id).exists()
    kept = AssistantEvent.objects.get(pk=event.pk)
    assert (kept.seq, kept.document, kept.created_by_id) == (
        1,
        {"type": "undo"},
        user_id,
    )
    # The game's own "created by" may change: it is not the log.
    game.refresh_from_db()
    assert game.created_by is None


def test_deleting_an_account_in_the_admin_keeps_the_moves_it_recorded(client, club):
    admin = User.objects.create_superuser(username="root", password="x")
    user = User.objects.create(username="dora")
    _game, event = _recorded_by(user, club)
    client.force_login(admin)
    url = reverse("admin:auth_user_delete", args=[user.pk])
    assert client.get(url).status_code == 200
    response = client.post(url, {"post": "yes"})
    assert response.status_code == 302
    assert not User.objects.filter(username="dora").exists()
    assert AssistantEvent.objects.get(pk=event.pk).created_by_id == user.pk
