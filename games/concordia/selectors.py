"""Reads for board entry: the city goods, houses and bought cards of a game."""

from __future__ import annotations

from dataclasses import dataclass

from games.models import (
    ConcordiaPosition,
    SeatCard,
    SeatHouse,
    SessionCity,
    TableSession,
)
from scoring.ruleset import Ruleset, ruleset


def session_rules(session: TableSession) -> Ruleset:
    """The rules of a game: its map with the modules it was created with."""
    return ruleset(session.map, tuple(session.expansions or ()))


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardRows:
    """What was tapped for one game: goods by city, houses and cards by seat id."""

    city_goods: dict[str, str]
    houses: dict[int, frozenset[str]]
    cards: dict[int, frozenset[int]]


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardSummary:
    """How much a game holds in each entry mode, to say what a switch would touch."""

    cities: int
    houses: int
    cards: int
    positions: int

    @property
    def has_board(self) -> bool:
        return bool(self.cities or self.houses or self.cards)


def board_rows(session: TableSession) -> BoardRows:
    """Return every tapped row of a game (three queries)."""
    city_goods = dict(
        SessionCity.objects.filter(session=session).values_list("city", "good")
    )
    houses: dict[int, set[str]] = {}
    for seat_id, city in SeatHouse.objects.filter(session=session).values_list(
        "seat_id", "city"
    ):
        houses.setdefault(seat_id, set()).add(city)
    cards: dict[int, set[int]] = {}
    for seat_id, card in SeatCard.objects.filter(session=session).values_list(
        "seat_id", "card"
    ):
        cards.setdefault(seat_id, set()).add(card)
    return BoardRows(
        city_goods=city_goods,
        houses={seat: frozenset(cities) for seat, cities in houses.items()},
        cards={seat: frozenset(ids) for seat, ids in cards.items()},
    )


def board_summary(session: TableSession) -> BoardSummary:
    """Count a game's board rows and stored positions (four queries)."""
    return BoardSummary(
        cities=SessionCity.objects.filter(session=session).count(),
        houses=SeatHouse.objects.filter(session=session).count(),
        cards=SeatCard.objects.filter(session=session).count(),
        positions=ConcordiaPosition.objects.filter(session=session).count(),
    )
