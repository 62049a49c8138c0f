"""Reads of the games app: querysets with visibility rules built in."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from django.contrib.auth.models import User
from django.db.models import F, Max, Model, Prefetch, QuerySet
from django.utils import timezone

from clubs.models import Club, Player
from games.models import UNDO_DELETE_FOR, Seat, SeatResult, TableSession


def session_qs_visible_to(*, user: User, club: Club) -> QuerySet[TableSession]:
    """Return the games of ``club`` that ``user`` may see and change.

    Expects ``club`` itself to come from `clubs.selectors.club_qs_visible_to`; filtering by the
    membership again keeps a swapped club id from leaking another club's games.
    """
    return TableSession.objects.filter(club=club, club__memberships__user=user)


def session_get_visible_even_deleted(
    *, user: User, club_slug: str, session_id: int
) -> TableSession | None:
    """Return a game of a club ``user`` belongs to, deleted or not, with its club (1 query).

    None as `session_get_visible`; for the "Undo" of a deletion.
    """
    return (
        TableSession.all_objects.select_related("club")
        .filter(
            pk=session_id,
            club__slug=club_slug,
            club__memberships__user=user,
        )
        .first()
    )


def session_list_recently_deleted(club: Club) -> QuerySet[TableSession]:
    """Return the club's games deleted less than `UNDO_DELETE_FOR` ago, last deleted first.

    The ones its members can still restore (2 queries with their seats and players).
    """
    return (
        TableSession.all_objects.filter(
            club=club, deleted_at__gt=timezone.now() - UNDO_DELETE_FOR
        )
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=Seat.objects.select_related("player").order_by("seat_order"),
            )
        )
        .order_by("-deleted_at", "-pk")
    )


def session_list_for_club(club: Club) -> QuerySet[TableSession]:
    """Return the club's games, newest first, with seats, players and results.

    Costs three queries whatever the number of games.
    """
    seats = Seat.objects.select_related("player", "result").order_by("seat_order")
    return club.sessions.prefetch_related(Prefetch("seats", queryset=seats)).order_by(
        "-played_at", "-pk"
    )


def recent_tables_for_club(
    club: Club, *, game: str, limit: int = 3
) -> list[list[Player]]:
    """The players of the club's newest games of ``game``, in seating order, each
    table once (the setup wizard's "same table as last time" chips). Two queries."""
    tables: list[list[Player]] = []
    seen: set[frozenset[int]] = set()
    for session in session_list_for_club(club).filter(game=game)[:30]:
        players = [seat.player for seat in session.seats.all()]
        key = frozenset(p.pk for p in players)
        if len(players) >= 2 and key not in seen:
            seen.add(key)
            tables.append(players)
        if len(tables) == limit:
            break
    return tables


def players_by_recent_play(club: Club) -> list[Player]:
    """The club's players, who played most recently first, then the others by name."""
    return list(
        club.players.annotate(last_played=Max("seats__session__played_at")).order_by(
            F("last_played").desc(nulls_last=True), "name"
        )
    )


def session_get_visible(
    *, user: User, club_slug: str, session_id: int, game: str | None = None
) -> TableSession | None:
    """Return a game of a club ``user`` belongs to, with its club, in one query.

    None when there is no such game, ``user`` is not a member of its club, or
    ``game`` is given and the game is another one.
    """
    only = {} if game is None else {"game": game}
    try:
        return TableSession.objects.select_related("club").get(
            pk=session_id, club__slug=club_slug, club__memberships__user=user, **only
        )
    except TableSession.DoesNotExist:
        return None


def _related_model(model: type[Model], name: str) -> type[Model]:
    related = model._meta.get_field(name).related_model
    if not (isinstance(related, type) and issubclass(related, Model)):
        raise TypeError(f"{model.__name__}.{name} is not a relation")
    return related


def session_seats_get_visible(
    *,
    user: User,
    club_slug: str,
    session_id: int,
    related: Sequence[str] = (),
    present: Sequence[str] = (),
) -> tuple[TableSession, list[Seat]] | None:
    """Return a game of a club ``user`` belongs to with its club and its seats.

    The seats come in seating order with their players and ``related`` (say
    ``"result"``), all in one query: the pages a phone asks most (a game's
    result, saving its sheet, the live preview) need both. ``present``: seat
    relations read only to know whether each seat has one (their primary key;
    any other field would cost a query per seat). None as
    `session_get_visible`.
    """
    unread = [
        f"{name}__{field.name}"
        for name in present
        for field in _related_model(Seat, name)._meta.concrete_fields
        if not field.primary_key
    ]
    # Sorted here rather than by ORDER BY: compiling the ORDER BY of a query
    # this wide hashes every selected column, a fifth of the query's CPU.
    seats = sorted(
        Seat.objects.select_related("session__club", "player", *related, *present)
        .defer(*unread)
        .filter(
            session_id=session_id,
            session__club__slug=club_slug,
            session__club__memberships__user=user,
            session__deleted_at__isnull=True,
        )
        .order_by(),
        key=attrgetter("seat_order"),
    )
    if not seats:
        # A game without seats (an imported one may have none) is still a game.
        session = session_get_visible(
            user=user, club_slug=club_slug, session_id=session_id
        )
        return None if session is None else (session, [])
    session = seats[0].session
    for seat in seats:
        # One instance for the game, as if read on its own.
        seat.session = session
    return session, seats


def session_seats(session: TableSession) -> list[Seat]:
    """Return the seats of a game in seating order with player, position and result."""
    return list(
        session.seats.select_related("player", "concordia_position", "result").order_by(
            "seat_order"
        )
    )


def player_list_for_club(club: Club) -> QuerySet[Player]:
    """Return the club's players by name."""
    return club.players.order_by("name")


def results_for_session(session: TableSession) -> QuerySet[SeatResult]:
    """Return the stored results of a game, best rank first."""
    return session.results.select_related("seat__player").order_by("rank")
