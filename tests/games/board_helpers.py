"""Set a game up on the board: the rulebook example tapped in, or only parts of it."""

from __future__ import annotations

from games.concordia import services as board_services
from games.models import EntryMode, TableSession
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


def tap_rulebook_board(session: TableSession) -> None:
    """Switch ``session`` (the rulebook's three players on Imperium) to the board and tap it all."""
    board_services.session_entry_mode_set(session=session, mode=EntryMode.BOARD)
    board_services.session_city_goods_set(session=session, goods=IMPERIUM_GOODS)
    for seat in session.seats.select_related("player"):
        houses, cards = TAPPED[seat.player.name]
        for city in houses:
            board_services.seat_house_set(seat=seat, city=city, built=True)
        for card in cards:
            board_services.seat_card_set(seat=seat, card=card, owned=True)
