"""Set a game up on the board: the rulebook example tapped in, or only parts of it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence

from django.contrib.auth.models import User

from clubs.models import Club
from games import services
from games.concordia import services as board_services
from games.concordia.adapters import SeatExtras
from games.models import ConcordiaPosition, EntryMode, SeatResult, TableSession
from scoring.types import Good
from tests.module_boards import TappedSeat
from tests.rulebook_board import (
    ANA_CARDS,
    ANA_HOUSES,
    BRUNO_CARDS,
    BRUNO_HOUSES,
    CAIO_CARDS,
    CAIO_HOUSES,
    IMPERIUM_GOODS,
)

TAPPED = {
    "Ana": (ANA_HOUSES, ANA_CARDS),
    "Bruno": (BRUNO_HOUSES, BRUNO_CARDS),
    "Caio": (CAIO_HOUSES, CAIO_CARDS),
}


def tap_board(
    session: TableSession,
    goods: Mapping[str, Good],
    tapped: Mapping[str, tuple[Iterable[str], Iterable[int]]],
) -> None:
    """Switch ``session`` to the board, deal ``goods`` and tap each player's
    houses and cards (``tapped``: by player name)."""
    board_services.session_entry_mode_set(session=session, mode=EntryMode.BOARD)
    board_services.session_city_goods_set(session=session, goods=goods)
    for seat in session.seats.select_related("player"):
        houses, cards = tapped[seat.player.name]
        for city in houses:
            board_services.seat_house_set(seat=seat, city=city, built=True)
        for card in cards:
            board_services.seat_card_set(seat=seat, card=card, owned=True)


def tap_rulebook_board(session: TableSession) -> None:
    """Switch ``session`` (the rulebook's three players on Imperium) to the board and tap it all."""
    tap_board(session, IMPERIUM_GOODS, TAPPED)


def module_session_create(
    *,
    club: Club,
    alice: User,
    map_name: str,
    expansions: Sequence[str],
    seats: Sequence[TappedSeat],
) -> TableSession:
    """A game of ``seats`` (their teams too) on ``map_name`` with ``expansions``."""
    return services.session_create(
        club=club,
        created_by=alice,
        map_name=map_name,
        expansions=list(expansions),
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(new_name=seat.name, team=seat.team) for seat in seats
        ],
    )


def tap_module_board(
    session: TableSession, goods: Mapping[str, Good], seats: Sequence[TappedSeat]
) -> None:
    """Tap ``seats``' houses and cards into ``session`` (switched to the board)."""
    tap_board(session, goods, {seat.name: (seat.houses, seat.cards) for seat in seats})


def typed_extras(seats: Sequence[TappedSeat]) -> dict[int, SeatExtras]:
    """What each of ``seats`` types on the board's score page, by seat order."""
    return {
        order: SeatExtras(
            sestertii=seat.sestertii,
            storehouse=seat.storehouse,
            colonists_on_board=seat.colonists_on_board,
            forum_points=seat.forum_points,
        )
        for order, seat in enumerate(seats)
    }


def stored_game(
    session: TableSession,
) -> tuple[list[list[object]], list[tuple[object, ...]]]:
    """Every stored field of a game's positions, and its results, by seat."""
    positions = ConcordiaPosition.objects.filter(session=session).order_by(
        "seat__seat_order"
    )
    fields = [
        f.name
        for f in ConcordiaPosition._meta.fields
        if f.name not in {"id", "session", "seat"}
    ]
    results = SeatResult.objects.filter(session=session).order_by("seat__seat_order")
    return (
        [[getattr(p, name) for name in fields] for p in positions],
        [(r.total, r.rank, r.won, r.breakdown) for r in results],
    )
