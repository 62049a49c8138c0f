"""Geometry of the server-rendered SVG charts: numbers in, pixel positions out.

No JavaScript and no CDN: `stats.templatetags.stats_charts` feeds these to the
templates in ``templates/stats/charts/``, which only draw what is computed
here. Every chart has a fixed ``viewBox`` and scales to the column's width, so
it reads the same on a 360 px phone and on a desktop.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from django.utils import formats

WIDTH: Final = 320
# Room for the value axis' labels on the left, and the category labels of
# horizontal bars.
AXIS_LEFT: Final = 34
LABEL_LEFT: Final = 84
AXIS_BOTTOM: Final = 22
TOP: Final = 8
RIGHT: Final = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class Tick:
    position: float
    label: str
    # SVG text-anchor: the first and last labels of an axis stay inside it.
    anchor: str = "middle"


@dataclass(frozen=True, slots=True, kw_only=True)
class LineChart:
    width: int
    height: int
    points: str
    last_x: float
    last_y: float
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    left: float
    right: float
    top: float
    bottom: float

    @property
    def y_label_x(self) -> float:
        return self.left - 4

    @property
    def x_label_y(self) -> float:
        return self.bottom + 15


@dataclass(frozen=True, slots=True, kw_only=True)
class BarRow:
    label: str
    y: float
    # Bars are (x, width, value label); the second one is the comparison.
    x: float
    length: float
    value: str
    text_y: float
    value_x: float
    value_anchor: str
    compare_y: float | None = None
    compare_x: float | None = None
    compare_length: float | None = None
    compare_value: str = ""
    compare_value_x: float | None = None
    compare_value_anchor: str = "start"


@dataclass(frozen=True, slots=True, kw_only=True)
class BarChart:
    width: int
    height: int
    rows: list[BarRow]
    bar_height: float
    zero_x: float
    label_x: float
    compared: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Column:
    x: float
    y: float
    width: float
    height: float
    label: str
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ColumnChart:
    width: int
    height: int
    columns: list[Column]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    left: float
    right: float
    bottom: float

    @property
    def y_label_x(self) -> float:
        return self.left - 4

    @property
    def x_label_y(self) -> float:
        return self.bottom + 15


def nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Return round values (steps of 1, 2 or 5 × 10ⁿ) covering low..high."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(s * magnitude for s in (1, 2, 5, 10) if s * magnitude >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value < high + step:
        ticks.append(round(value, 10))
        if value >= high:
            break
        value += step
    return ticks


def _r(value: float, digits: int = 1) -> float:
    # Coordinates are written into the page; a tenth of a pixel is plenty.
    return round(value, digits)


def _number(value: float) -> str:
    # A label the reader reads: in the active language's notation ("123,5" in
    # pt-br), while the coordinates above stay plain dots for the SVG.
    digits = 0 if float(value).is_integer() else 1
    return formats.number_format(value, digits)


def _sample(count: int, limit: int) -> list[int]:
    """Return at most ``limit`` indexes spread over ``count``, always the last one."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def _edge_tick(
    position: float,
    label: str,
    index: int,
    shown: Sequence[int],
    left: float,
    right: float,
) -> Tick:
    """Return an axis label; the outermost ones align with the plot's edges."""
    if len(shown) > 1 and index == shown[0]:
        return Tick(position=left, label=label, anchor="start")
    if len(shown) > 1 and index == shown[-1]:
        return Tick(position=right, label=label, anchor="end")
    return Tick(position=position, label=label)


def line_chart(
    values: Sequence[float],
    labels: Sequence[str],
    *,
    height: int = 180,
    max_points: int = 200,
) -> LineChart | None:
    """Lay out a line through ``values`` (None when there is nothing to draw).

    A long history is thinned to ``max_points`` evenly spread points so that
    the page stays small; the last point is always kept.
    """
    if not values:
        return None
    indexes = _sample(len(values), max_points)
    ticks = nice_ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    left, right = float(AXIS_LEFT), float(WIDTH - RIGHT)
    top, bottom = float(TOP), float(height - AXIS_BOTTOM)
    span = max(len(values) - 1, 1)

    def x_of(index: int) -> float:
        return _r(
            left + (right - left) * index / span
            if len(values) > 1
            else (left + right) / 2
        )

    def y_of(value: float) -> float:
        return _r(bottom - (bottom - top) * (value - low) / (high - low))

    points = " ".join(f"{x_of(i):.1f},{y_of(values[i]):.1f}" for i in indexes)
    shown = sorted({0, len(values) - 1})
    x_ticks = [_edge_tick(x_of(i), labels[i], i, shown, left, right) for i in shown]
    return LineChart(
        width=WIDTH,
        height=height,
        points=points,
        last_x=x_of(len(values) - 1),
        last_y=y_of(values[-1]),
        y_ticks=[Tick(position=y_of(t), label=_number(t)) for t in ticks],
        x_ticks=x_ticks,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
    )


def bar_chart(
    items: Sequence[tuple[str, float]],
    *,
    compare: Sequence[float] | None = None,
    row_height: int = 30,
) -> BarChart | None:
    """Lay out horizontal bars, one row per item, optionally each with a comparison bar.

    Negative values (Magnanimous' Territory) grow left from a zero line.
    """
    if not items:
        return None
    values = [value for _label, value in items] + list(compare or [])
    low, high = min(0.0, *values), max(0.0, *values)
    if high == low:
        high = low + 1
    # Room for the number at the end of a bar that grows left of the labels.
    left = float(LABEL_LEFT + (28 if low < 0 else 0))
    right = float(WIDTH - RIGHT - 30)

    def x_of(value: float) -> float:
        return _r(left + (right - left) * (value - low) / (high - low))

    zero = x_of(0.0)
    bar = (row_height - 8) / (2 if compare is not None else 1)

    def value_end(value: float) -> tuple[float, str]:
        # The number sits just past the bar's end, on the side it grows to.
        if value >= 0:
            return _r(x_of(value) + 4), "start"
        return _r(x_of(value) - 4), "end"

    rows = []
    for index, (label, value) in enumerate(items):
        y = TOP + index * row_height
        value_x, anchor = value_end(value)
        row = BarRow(
            label=label,
            y=y,
            x=min(zero, x_of(value)),
            length=_r(abs(x_of(value) - zero)),
            value=_number(value),
            text_y=_r(y + (row_height - 8) / 2 + 4),
            value_x=value_x,
            value_anchor=anchor,
        )
        if compare is not None:
            other = compare[index]
            compare_value_x, compare_anchor = value_end(other)
            row = replace(
                row,
                compare_y=_r(y + bar),
                compare_x=min(zero, x_of(other)),
                compare_length=_r(abs(x_of(other) - zero)),
                compare_value=_number(other),
                compare_value_x=compare_value_x,
                compare_value_anchor=compare_anchor,
            )
        rows.append(row)
    return BarChart(
        width=WIDTH,
        height=TOP * 2 + row_height * len(items),
        rows=rows,
        bar_height=_r(bar),
        zero_x=zero,
        label_x=left - 6,
        compared=compare is not None,
    )


def column_chart(
    items: Sequence[tuple[str, float]],
    *,
    height: int = 170,
    max_labels: int = 4,
) -> ColumnChart | None:
    """Lay out vertical columns (counts), labelling at most ``max_labels`` of them."""
    if not items:
        return None
    ticks = nice_ticks(0, max(value for _label, value in items) or 1)
    high = ticks[-1]
    left, right = float(AXIS_LEFT), float(WIDTH - RIGHT)
    top, bottom = float(TOP), float(height - AXIS_BOTTOM)
    slot = (right - left) / len(items)
    gap = min(2.0, slot * 0.2)
    columns = []
    for index, (label, value) in enumerate(items):
        column_height = (bottom - top) * value / high
        columns.append(
            Column(
                x=_r(left + index * slot + gap / 2, 2),
                y=_r(bottom - column_height),
                width=_r(slot - gap, 2),
                height=_r(column_height),
                label=label,
                value=_number(value),
            )
        )
    labelled = _sample(len(items), max_labels)
    return ColumnChart(
        width=WIDTH,
        height=height,
        columns=columns,
        x_ticks=[
            _edge_tick(
                _r(left + (i + 0.5) * slot), items[i][0], i, labelled, left, right
            )
            for i in labelled
        ],
        y_ticks=[
            Tick(position=_r(bottom - (bottom - top) * t / high), label=_number(t))
            for t in ticks
        ],
        left=left,
        right=right,
        bottom=bottom,
    )
