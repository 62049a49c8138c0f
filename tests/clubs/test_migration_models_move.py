"""Club, Membership and Player moved from `games` to `clubs` without losing a row.

The database is taken back to the schema of before the move (every app's
migrations as they were: `games`, `clubs` and `stats` at 0001), filled through
the historical models of that schema, and migrated forward again; the current
models must then find every row, every foreign key and the content types
(which carry the permissions) under their new app.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.apps.registry import Apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, connection
from django.db.migrations.executor import MigrationExecutor

from clubs.models import Club, Invite, Membership, Player
from games.models import Seat, TableSession
from stats.models import PlayerRating

BEFORE_THE_MOVE = [
    ("games", "0001_initial"),
    ("clubs", "0001_initial"),
    ("stats", "0001_initial"),
]

WHEN = dt.datetime(2026, 11, 1, 20, 0, tzinfo=dt.UTC)


def _migrate(targets: list[tuple[str, str]] | None = None) -> Apps:
    executor = MigrationExecutor(connection)
    if targets is None:
        targets = executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    # A fresh loader: the one that migrated still holds the graph's old state.
    return MigrationExecutor(connection).loader.project_state(targets).apps


def _fill(old: Apps) -> dict[str, int]:
    user = old.get_model("auth", "User").objects.create(username="ana")
    club = old.get_model("games", "Club").objects.create(name="Lisboa", slug="lisboa")
    other = old.get_model("games", "Club").objects.create(name="Porto", slug="porto")
    membership = old.get_model("games", "Membership").objects.create(
        club=club, user=user, role="owner"
    )
    player_model = old.get_model("games", "Player")
    ana = player_model.objects.create(club=club, name="Ana", user=user)
    guest = player_model.objects.create(club=club, name="Bruno")
    player_model.objects.create(club=other, name="Ana")
    session = old.get_model("games", "TableSession").objects.create(
        club=club, map="imperium", played_at=WHEN
    )
    seat_model = old.get_model("games", "Seat")
    seat_model.objects.create(session=session, player=ana, seat_order=0)
    seat_model.objects.create(session=session, player=guest, seat_order=1)
    invite = old.get_model("clubs", "Invite").objects.create(
        club=club,
        token="t0ken",
        created_at=WHEN,
        expires_at=WHEN + dt.timedelta(days=7),
    )
    old.get_model("stats", "PlayerRating").objects.create(
        club=club,
        game="concordia",
        player=ana,
        mu=25.0,
        sigma=8.3,
        ordinal=0.1,
        rated_games=1,
        last_played_at=WHEN,
    )
    return {
        "club": club.pk,
        "membership": membership.pk,
        "ana": ana.pk,
        "guest": guest.pk,
        "session": session.pk,
        "invite": invite.pk,
    }


@pytest.mark.django_db(transaction=True)
def test_a_populated_database_from_before_the_move_keeps_every_row():
    club_type = ContentType.objects.get_for_model(Club)
    permission_ids = set(
        Permission.objects.filter(content_type=club_type).values_list("pk", flat=True)
    )
    old = _migrate(BEFORE_THE_MOVE)
    assert old.get_model("games", "Club")._meta.db_table == "games_club"
    ids = _fill(old)

    _migrate()

    assert Club.objects.count() == 2
    assert Player.objects.count() == 3
    assert Membership.objects.count() == 1
    club = Club.objects.get(pk=ids["club"])
    assert (club.name, club.slug) == ("Lisboa", "lisboa")
    membership = Membership.objects.get(pk=ids["membership"])
    assert (membership.club, membership.user.username, membership.role) == (
        club,
        "ana",
        "owner",
    )
    assert Player.objects.get(pk=ids["ana"]).user == membership.user
    assert Player.objects.get(pk=ids["guest"]).user is None
    session = TableSession.objects.get(pk=ids["session"])
    assert session.club == club
    assert [seat.player.pk for seat in Seat.objects.filter(session=session)] == [
        ids["ana"],
        ids["guest"],
    ]
    assert Invite.objects.get(pk=ids["invite"]).club == club
    rating = PlayerRating.objects.get()
    assert (rating.club, rating.player.pk) == (club, ids["ana"])
    # The reverse accessors of the moved models reach the same rows.
    assert list(club.players.order_by("name").values_list("name", flat=True)) == [
        "Ana",
        "Bruno",
    ]
    assert club.sessions.get() == session
    # The database constraints came along with the tables.
    with pytest.raises(IntegrityError, match="player_name_unique_in_club"):
        Player.objects.create(club=club, name="ANA")

    # The content type (and the permissions hanging on it) moved with the model.
    assert ContentType.objects.filter(app_label="games", model="club").count() == 0
    moved = ContentType.objects.get(app_label="clubs", model="club")
    assert moved.pk == club_type.pk
    assert (
        set(Permission.objects.filter(content_type=moved).values_list("pk", flat=True))
        == permission_ids
    )


@pytest.mark.django_db
def test_the_moved_models_keep_their_tables():
    assert [m._meta.db_table for m in (Club, Membership, Player)] == [
        "games_club",
        "games_membership",
        "games_player",
    ]
