"""ORM rows of board entry ↔ `scoring.board` values (the board half of `games.adapters`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from games import adapters
from games.concordia.selectors import BoardRows
from games.models import ConcordiaPosition, Seat
from scoring.board import SeatBoard, TableBoard
from scoring.ruleset import Ruleset
from scoring.types import Good, GoodCounts


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatExtras:
    """What is still typed for a board-entered seat: money, storehouse, colonists
    (and the forum's points when it is played)."""

    sestertii: int = 0
    storehouse: GoodCounts = field(default_factory=GoodCounts)
    colonists_on_board: int = 2
    forum_points: int = 0


def city_goods(rows: BoardRows, rules: Ruleset) -> dict[str, Good]:
    """Return the good of each city whose good is set; a value that is not a
    good of the game (salt without its module) is left out."""
    values = {good.value for good in rules.goods}
    return {
        city: Good(good) for city, good in rows.city_goods.items() if good in values
    }


def stored_position(seat: Seat) -> ConcordiaPosition | None:
    """Return the seat's saved position, or None when the sheet was never saved."""
    try:
        return seat.concordia_position
    except ConcordiaPosition.DoesNotExist:
        return None


def stored_extras(seat: Seat) -> SeatExtras:
    """Return what was last saved for ``seat`` of what is typed (or the defaults)."""
    position = stored_position(seat)
    if position is None:
        return SeatExtras()
    # The position's one reader: the forum's points are a row of its own.
    board = adapters.board_from_position(name=seat.player.name, position=position)
    return SeatExtras(
        sestertii=board.sestertii,
        storehouse=board.storehouse,
        colonists_on_board=board.colonists_on_board,
        forum_points=board.forum_points,
    )


def stored_holders(seats: Sequence[Seat]) -> tuple[int | None, int | None]:
    """Return the seat orders of the saved Praefectus Magnus and Concordia card holders."""
    praefectus = concordia = None
    for seat in seats:
        position = stored_position(seat)
        if position is None:
            continue
        if position.praefectus_magnus:
            praefectus = seat.seat_order
        if position.concordia_card:
            concordia = seat.seat_order
    return praefectus, concordia


def table_board(
    *,
    rules: Ruleset,
    seats: Sequence[Seat],
    rows: BoardRows,
    extras: Mapping[int, SeatExtras],
    praefectus_magnus: int | None,
    concordia_card: int | None,
) -> TableBoard:
    """Return the scoring view of a board-entered game.

    ``rules``: the game's map and modules. ``extras`` is keyed by seat order
    (missing seats get the defaults); ``praefectus_magnus`` and
    ``concordia_card`` are seat orders. Expects ``seats`` in seating order
    with their players loaded.
    """
    players = tuple(
        SeatBoard(
            name=seat.player.name,
            houses=rows.houses.get(seat.pk, frozenset()),
            cards=rows.cards.get(seat.pk, frozenset()),
            sestertii=extra.sestertii,
            storehouse=extra.storehouse,
            colonists_on_board=extra.colonists_on_board,
            concordia_card=seat.seat_order == concordia_card,
            team=seat.team or None,
            forum_points=extra.forum_points,
        )
        for seat in seats
        for extra in [extras.get(seat.seat_order, SeatExtras())]
    )
    praefectus = next(
        (seat.player.name for seat in seats if seat.seat_order == praefectus_magnus),
        None,
    )
    return TableBoard(
        map=rules.map.name,
        city_goods=city_goods(rows, rules),
        players=players,
        praefectus_magnus=praefectus,
        expansions=rules.expansions,
    )


def stored_table_board(
    *, rules: Ruleset, seats: Sequence[Seat], rows: BoardRows
) -> TableBoard:
    """Return the board with the money, storehouse and holders last saved.

    Expects ``seats`` from `selectors.session_seats` (positions loaded).
    """
    praefectus, concordia = stored_holders(seats)
    return table_board(
        rules=rules,
        seats=seats,
        rows=rows,
        extras={seat.seat_order: stored_extras(seat) for seat in seats},
        praefectus_magnus=praefectus,
        concordia_card=concordia,
    )
