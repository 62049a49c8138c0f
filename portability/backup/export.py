"""Writing a club's backup (version 2)."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from clubs.models import Club, Membership
from games.models import Game, Seat, TableSession
from portability.backup.assistant_games import assistant_games_export
from portability.backup.document import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    BackupDocument,
    BackupSeat,
    BackupSession,
)
from portability.backup.sheets import stored_sheet
from portability.bgstats import play_uuid
from portability.common import seat_result


def _sessions_for_backup(club: Club) -> QuerySet[TableSession]:
    seats = Seat.objects.select_related(
        "player", "concordia_position", "magnanimous_position", "result"
    ).prefetch_related("houses", "bought_cards")
    return (
        club.sessions.select_related("bgstats_play")
        .prefetch_related(
            Prefetch("seats", queryset=seats.order_by("seat_order")), "city_goods"
        )
        .order_by("played_at", "pk")
    )


def _seat(seat: Seat) -> BackupSeat:
    result = seat_result(seat)
    return {
        "player": seat.player_id,
        "seat_order": seat.seat_order,
        "colour": seat.colour,
        "team": seat.team,
        "houses": sorted(house.city for house in seat.houses.all()),
        "cards": sorted(card.card for card in seat.bought_cards.all()),
        "result": None
        if result is None
        else {
            "total": result.total,
            "rank": result.rank,
            "won": result.won,
            "breakdown": dict(result.breakdown),
        },
    }


def _session(session: TableSession, club: Club) -> BackupSession:
    seats = list(session.seats.all())
    document: BackupSession = {
        "id": session.pk,
        "game": session.game,
        "map": session.map,
        "ending": session.ending,
        "played_at": session.played_at.isoformat(),
        "entry_mode": session.entry_mode,
        "place": session.place,
        "notes": session.notes,
        "status": session.status,
        "version": session.version,
        "idempotency_key": session.idempotency_key,
        "created_at": session.created_at.isoformat(),
        "updated_at": session.updated_at.isoformat(),
        "city_goods": {
            city.city: city.good
            for city in sorted(session.city_goods.all(), key=lambda c: c.city)
        },
        "expansions": list(session.expansions or ()),
        "seats": [_seat(seat) for seat in seats],
        "sheet": stored_sheet(
            game=session.game,
            map_name=session.map,
            ending=session.ending,
            seats=seats,
            expansions=session.expansions or (),
        ),
    }
    if session.game == Game.CONCORDIA:
        document["bgstats_uuid"] = play_uuid(session, club)
    return document


def club_backup_export(club: Club) -> BackupDocument:
    """Return everything needed to rebuild the club's games elsewhere.

    Players, every game with its positions (as score sheets), results and
    board entry, and the table assistant's games with their logs. A handful of
    queries for the games whatever their number (prefetched), plus one per
    assistant game (its log). Statistics are left out: they are derived, and
    rebuilt after a restore.
    """
    members = Membership.objects.filter(club=club).select_related("user")
    sessions = [_session(session, club) for session in _sessions_for_backup(club)]
    return {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": {"name": club.name, "slug": club.slug},
        "members": [
            {"username": m.user.get_username(), "role": m.role}
            for m in members.order_by("user__username")
        ],
        "players": [
            {
                "id": player.pk,
                "name": player.name,
                "username": player.user.get_username() if player.user else None,
                "created_at": player.created_at.isoformat(),
            }
            for player in club.players.select_related("user").order_by("pk")
        ],
        "sessions": sessions,
        "assistant_games": assistant_games_export(
            club, sessions={session["id"] for session in sessions}
        ),
    }
