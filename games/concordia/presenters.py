"""What the board entry pages show of a game: its state, counts and score.

`BoardState` loads a game's board once per request and scores it at most once
(`BoardState.result`); the views in `games.concordia.views` parse a tap, call
one service and render what this module lays out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from games import adapters, selectors
from games.concordia import adapters as board_adapters
from games.concordia import selectors as board_selectors
from games.concordia.drawing import SeatStyle, seat_styles
from games.forms import MODULE_FIELD_LABELS, module_count_fields
from games.models import Seat, TableSession
from games.scoreboard import scoreboard
from games.vocabulary import (
    category_label,
    god_label,
    good_label,
    specialist_label,
)
from scoring.board import (
    DerivedCounts,
    TableBoard,
    board_sheet,
    score_board,
    seat_counts,
)
from scoring.maps import MapSpec
from scoring.ruleset import Ruleset
from scoring.types import SheetResult


def board_url(name: str, session: TableSession) -> str:
    return reverse(
        f"games:{name}",
        kwargs={"club_slug": session.club.slug, "session_id": session.pk},
    )


def board_urls(session: TableSession) -> dict[str, str]:
    names = ("cities", "board", "cards", "board-score", "entry-mode", "detail", "sheet")
    return {
        name.replace("-", "_"): board_url(f"session-{name}", session) for name in names
    }


@dataclass(slots=True)
class SeatCounts:
    """One seat's derived sheet values, ready to print."""

    seat: Seat
    style: SeatStyle
    counts: DerivedCounts
    houses: list[tuple[str, int]]
    cards: list[tuple[str, int]]
    specialists: list[str]
    selected: bool
    # Venus' provinces, alone or with the partner: (label, count) per count
    # the game's sheet has (none without Venus).
    modules: list[tuple[str, int]]

    @property
    def houses_summary(self) -> str:
        return ", ".join(f"{count} {label}" for label, count in self.houses if count)


def seat_count_rows(
    table: TableBoard,
    seats: Sequence[Seat],
    styles: dict[int, SeatStyle],
    selected: int,
) -> list[SeatCounts]:
    rules = table.rules
    names = module_count_fields(
        rules, team_play=any(seat.team for seat in table.players)
    )
    return [
        SeatCounts(
            seat=seat,
            style=styles[seat.seat_order],
            counts=counts,
            # The game's goods and gods: salt and Venus with their modules.
            houses=[
                (str(good_label(good)), count)
                for good, count in counts.houses.items(rules.goods)
            ],
            cards=[
                (str(god_label(god)), count)
                for god, count in counts.cards.items(rules.gods)
            ],
            specialists=[str(specialist_label(s)) for s in counts.specialists],
            selected=seat.seat_order == selected,
            modules=[
                (str(MODULE_FIELD_LABELS[name]), getattr(counts, name))
                for name in names
            ],
        )
        for seat, counts in zip(seats, seat_counts(table), strict=True)
    ]


@dataclass(slots=True)
class CountRow:
    """One line of the read-only count tables: a label and a value per seat."""

    label: str
    values: list[str]


def count_tables(rows: Sequence[SeatCounts]) -> dict[str, list[CountRow]]:
    """Lay the seats' counts out with a column per player and a line per count.

    A column per count (seven of them, and the names) was wider than a 360 px
    phone; five players' numbers fit.
    """
    if not rows:
        return {"house_rows": [], "card_rows": []}
    houses = [
        CountRow(_("Houses"), [f"{row.counts.house_count}/15" for row in rows]),
        *(
            CountRow(label, [str(row.houses[index][1]) for row in rows])
            for index, (label, _count) in enumerate(rows[0].houses)
        ),
        CountRow(_("Provinces"), [str(row.counts.provinces) for row in rows]),
        *(
            CountRow(label, [str(row.modules[index][1]) for row in rows])
            for index, (label, _count) in enumerate(rows[0].modules)
        ),
    ]
    cards = [
        *(
            CountRow(label, [str(row.cards[index][1]) for row in rows])
            for index, (label, _count) in enumerate(rows[0].cards)
        ),
        CountRow(
            str(category_label("minerva")),
            [", ".join(row.specialists) or "—" for row in rows],
        ),
    ]
    return {"house_rows": houses, "card_rows": cards}


@dataclass(slots=True)
class BoardState:
    """Everything the board pages show about a game, loaded once per request."""

    session: TableSession
    rules: Ruleset
    seats: list[Seat]
    rows: board_selectors.BoardRows
    table: TableBoard
    styles: dict[int, SeatStyle]
    stale: bool
    _result: SheetResult | None = None

    @property
    def spec(self) -> MapSpec:
        return self.rules.map

    @classmethod
    def load(cls, session: TableSession) -> BoardState:
        seats = selectors.session_seats(session)
        rows = board_selectors.board_rows(session)
        rules = board_selectors.session_rules(session)
        table = board_adapters.stored_table_board(rules=rules, seats=seats, rows=rows)
        # A saved result no longer matches the board when a house, a card or a
        # city good changed since: say so instead of showing old numbers as true.
        stale = session.is_finished and board_sheet(table) != adapters.sheet_from_seats(
            map_name=session.map, seats=seats, expansions=rules.expansions
        )
        return cls(
            session=session,
            rules=rules,
            seats=seats,
            rows=rows,
            table=table,
            styles=seat_styles(seats),
            stale=stale,
        )

    def result(self, table: TableBoard | None = None) -> SheetResult:
        """Score the stored board, once per request; or ``table``, the board
        with what a form posted (money, storehouse, holders).

        The board's pages call this and nothing else to score: the stored
        board's result is kept, so a page that shows it twice (the scoreboard
        and the score page's table) scores it once.
        """
        if table is not None:
            return score_board(table)
        if self._result is None:
            self._result = score_board(self.table)
        return self._result

    def context(self, selected: Seat, result: SheetResult | None) -> dict[str, object]:
        session = self.session
        return {
            "club": session.club,
            "session": session,
            "seats": self.seats,
            "selected": selected,
            "styles": [self.styles[seat.seat_order] for seat in self.seats],
            "seat_counts": (
                counts := seat_count_rows(
                    self.table, self.seats, self.styles, selected.seat_order
                )
            ),
            **count_tables(counts),
            "goods_missing": len(self.table.city_goods) < len(self.spec.cities),
            "stale": self.stale,
            "urls": board_urls(session),
            **scoreboard(result, self.seats),
        }
