"""The map page's drawing, worked out in Python so that the SVG template only prints it.

Cities sit where `scoring.maps` places them (approximate real geography), each
province is the rounded hull of its cities, land lines are brown and sea lines
blue (a pair joined both ways gets two parallel lines), and each city is
coloured by the good it produces in this game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.concordia.forms import city_slug
from games.concordia.map_words import province_label, space_short
from games.models import Colour, Seat
from games.vocabulary import good_label
from scoring.maps import ConnectionKind, MapSpec
from scoring.types import Good

# Room around a city inside its province's outline, in px.
_PROVINCE_PAD = 34
_HULL_STEPS = 16
# A land and a sea line between the same two cities are drawn this far apart.
_TWIN_OFFSET = 3.5
# A house is a square this big (the template draws it so): at full size on a
# 360 px phone a 16 px square in the player's colour reads at a glance.
_MARK = 16
_MARK_GAP = 3


@dataclass(frozen=True, slots=True)
class SeatStyle:
    """How a seat is drawn: its colour (one of `Colour`) and its player's name."""

    order: int
    colour: str
    name: str


@dataclass(frozen=True, slots=True)
class HouseMark:
    x: int
    y: int
    colour: str
    name: str
    selected: bool


@dataclass(frozen=True, slots=True)
class CityMark:
    name: str
    label: str
    slug: str
    x: int
    y: int
    good: str
    good_label: str
    houses: tuple[HouseMark, ...]
    selected_has_house: bool

    @property
    def owners(self) -> str:
        return ", ".join(mark.name for mark in self.houses)


@dataclass(frozen=True, slots=True)
class LineMark:
    x1: float
    y1: float
    x2: float
    y2: float
    kind: str


@dataclass(frozen=True, slots=True)
class ProvinceArea:
    name: str
    letter: str
    points: str
    label_x: int
    label_y: int


@dataclass(frozen=True, slots=True)
class StartMark:
    """A start space (Roma; Britannia's two; Balearica's boats), never a city."""

    name: str
    label: str
    kind: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Drawing:
    width: int
    height: int
    capital: str
    capital_x: int
    capital_y: int
    provinces: tuple[ProvinceArea, ...]
    lines: tuple[LineMark, ...]
    cities: tuple[CityMark, ...]
    starts: tuple[StartMark, ...] = ()
    # Drawn from the provinces, where no board positions are known.
    schematic: bool = False


def seat_styles(seats: Sequence[Seat]) -> dict[int, SeatStyle]:
    """Give every seat a colour: its own, or the first colour no other seat took."""
    taken = {seat.colour for seat in seats if seat.colour}
    spare = [colour for colour in Colour.values if colour not in taken]
    styles = {}
    for seat in seats:
        colour = seat.colour or (spare.pop(0) if spare else "black")
        styles[seat.seat_order] = SeatStyle(seat.seat_order, colour, seat.player.name)
    return styles


def map_drawing(
    *,
    spec: MapSpec,
    city_goods: Mapping[str, Good],
    houses: Mapping[int, frozenset[str]],
    styles: Mapping[int, SeatStyle],
    selected: int,
) -> Drawing:
    """Return the drawing of ``spec`` with this game's goods and houses.

    ``houses`` maps seat order to the cities of that seat's houses.
    """
    positions = {city.name: (city.x, city.y) for city in spec.cities}
    positions[spec.capital] = (spec.capital_x, spec.capital_y)
    for start in spec.starts:
        positions.setdefault(start.name, (start.x, start.y))
    cities = []
    for city in spec.cities:
        good = city_goods.get(city.name)
        owners = [
            styles[order] for order in sorted(houses) if city.name in houses[order]
        ]
        cities.append(
            CityMark(
                name=city.name,
                label=space_short(city.name)
                if city.name_unknown
                else city.board_spelling,
                slug=city_slug(city.name),
                x=city.x,
                y=city.y,
                good=good.value if good else "",
                good_label=str(good_label(good)) if good else "",
                houses=_house_marks(city.x, city.y, owners, selected),
                selected_has_house=any(style.order == selected for style in owners),
            )
        )
    return Drawing(
        width=spec.width,
        height=spec.height,
        capital=spec.capital,
        capital_x=spec.capital_x,
        capital_y=spec.capital_y,
        provinces=tuple(
            _province_area(
                province_label(province.name),
                province.letter.value,
                [(city.x, city.y) for city in province.cities],
            )
            for province in spec.provinces
        ),
        lines=_lines(spec, positions),
        cities=tuple(cities),
        starts=tuple(
            StartMark(
                name=start.name,
                label=space_short(start.name),
                kind=start.kind.value,
                x=start.x,
                y=start.y,
            )
            for start in {start.name: start for start in spec.starts}.values()
        ),
        schematic=spec.schematic,
    )


def _house_marks(
    x: int, y: int, owners: Sequence[SeatStyle], selected: int
) -> tuple[HouseMark, ...]:
    # A row of small squares above the city, one per player with a house there.
    width = len(owners) * (_MARK + _MARK_GAP) - _MARK_GAP
    left = x - width // 2
    return tuple(
        HouseMark(
            x=left + index * (_MARK + _MARK_GAP),
            y=y - 14 - 4 - _MARK,
            colour=style.colour,
            name=style.name,
            selected=style.order == selected,
        )
        for index, style in enumerate(owners)
    )


def _lines(
    spec: MapSpec, positions: Mapping[str, tuple[int, int]]
) -> tuple[LineMark, ...]:
    kinds: dict[frozenset[str], set[ConnectionKind]] = {}
    for connection in spec.connections:
        kinds.setdefault(frozenset(connection.cities), set()).add(connection.kind)
    lines = []
    for connection in spec.connections:
        (x1, y1), (x2, y2) = (positions[name] for name in connection.cities)
        offset = 0.0
        if len(kinds[frozenset(connection.cities)]) > 1:
            offset = (
                _TWIN_OFFSET
                if connection.kind is ConnectionKind.LAND
                else -_TWIN_OFFSET
            )
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        # Shift along the normal, always the same way whichever end comes first.
        sign = 1 if (x1, y1) < (x2, y2) else -1
        nx, ny = sign * -(y2 - y1) / length, sign * (x2 - x1) / length
        lines.append(
            LineMark(
                x1=round(x1 + nx * offset, 1),
                y1=round(y1 + ny * offset, 1),
                x2=round(x2 + nx * offset, 1),
                y2=round(y2 + ny * offset, 1),
                kind=connection.kind.value,
            )
        )
    return tuple(lines)


def _province_area(
    name: str, letter: str, centres: Sequence[tuple[int, int]]
) -> ProvinceArea:
    points = [
        (
            cx + _PROVINCE_PAD * math.cos(2 * math.pi * step / _HULL_STEPS),
            cy + _PROVINCE_PAD * math.sin(2 * math.pi * step / _HULL_STEPS),
        )
        for cx, cy in centres
        for step in range(_HULL_STEPS)
    ]
    hull = _convex_hull(points)
    top = min(y for _, y in hull)
    middle = (min(x for x, _ in hull) + max(x for x, _ in hull)) / 2
    return ProvinceArea(
        name=name,
        letter=letter,
        points=" ".join(f"{x:.0f},{y:.0f}" for x, y in hull),
        label_x=round(middle),
        label_y=max(round(top) - 4, 12),
    )


def _convex_hull(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Return the hull of ``points`` counter-clockwise (Andrew's monotone chain)."""
    ordered = sorted(set(points))
    if len(ordered) <= 2:
        return ordered

    def cross(
        o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
    ) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for point in ordered:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], point) <= 0:
            lower.pop()
        lower.append(point)
    upper: list[tuple[float, float]] = []
    for point in reversed(ordered):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], point) <= 0:
            upper.pop()
        upper.append(point)
    return lower[:-1] + upper[:-1]
