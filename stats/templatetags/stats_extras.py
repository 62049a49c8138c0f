"""Formatting for the statistics pages: numbers as text, and charts as SVG.

The chart tags only turn selector results into `stats.charts` layouts; the
templates under ``stats/charts/`` draw them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Container, Sequence
from html import escape

from django import template
from django.utils.formats import date_format, get_format, number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext

from stats import charts
from stats.selectors import CategoryComparison, RatingPoint, Tally

register = template.Library()

_DECIMAL = re.compile(r"[−-]?\d+\.\d+")


@register.filter
def percent(value: float | None) -> str:
    """Format a share (0.75) as a whole percentage: "75%", "75 %" in French."""
    if value is None:
        return "—"
    return pgettext("a percentage", "%(number)s%%") % {
        "number": number_format(round(value * 100), 0)
    }


@register.filter
def number_cells(values: Sequence[str], extra: Container[int] = ()) -> SafeString:
    """Render already formatted numbers as table cells, one per value.

    The cells whose index is in ``extra`` get the class ``extra``: a phone
    shows them only after "More columns". The leaderboard has a dozen numbers
    per row; one call per row instead of a template loop per cell keeps the
    page fast.
    """
    # One escape per cell and one mark_safe per row: format_html_join would
    # cost as much as the rest of the row. Every value is escaped, and the
    # markup around it is a literal.
    cells = (
        f'<td class="num extra">{escape(value, quote=False)}</td>'
        if index in extra
        else f'<td class="num">{escape(value, quote=False)}</td>'
        for index, value in enumerate(values)
    )
    return mark_safe("".join(cells))  # nosec B308 B703 - each value escaped above


@register.filter
def local_decimal(label: str) -> str:
    """A chart's number label ("12.5") with the reader's decimal separator.

    `stats.charts` lays out numbers as text with a dot (coordinates must keep
    it); only a label that is a plain decimal number is changed, never a date.
    """
    if not _DECIMAL.fullmatch(str(label)):
        return str(label)
    return str(label).replace(".", str(get_format("DECIMAL_SEPARATOR")))


@register.filter
def one_decimal(value: float | None) -> str:
    if value is None:
        return "—"
    return number_format(value, 1)


@register.inclusion_tag("stats/charts/line.html")
def rating_chart(history: Sequence[RatingPoint], title: str) -> dict[str, object]:
    chart = charts.line_chart(
        [point.ordinal for point in history],
        [date_format(point.played_at, "DATE_FORMAT") for point in history],
    )
    return {"chart": chart, "title": title}


@register.inclusion_tag("stats/charts/bars.html")
def comparison_chart(
    comparisons: Sequence[CategoryComparison], title: str
) -> dict[str, object]:
    chart = charts.bar_chart(
        [(str(c.label), c.player) for c in comparisons],
        compare=[c.club for c in comparisons],
    )
    return {"chart": chart, "title": title}


@register.inclusion_tag("stats/charts/bars.html")
def bars_chart(items: Sequence[tuple[object, float]], title: str) -> dict[str, object]:
    chart = charts.bar_chart([(str(label), value) for label, value in items])
    return {"chart": chart, "title": title}


@register.inclusion_tag("stats/charts/bars.html")
def counts_chart(counts: Sequence[Tally], title: str) -> dict[str, object]:
    chart = charts.bar_chart([(str(c.label), c.value) for c in counts])
    return {"chart": chart, "title": title}


@register.inclusion_tag("stats/charts/columns.html")
def histogram_chart(counts: Sequence[Tally], title: str) -> dict[str, object]:
    chart = charts.column_chart([(str(c.label), c.value) for c in counts])
    return {"chart": chart, "title": title}


@register.inclusion_tag("stats/charts/columns.html")
def monthly_chart(
    months: Sequence[tuple[dt.date, int]], title: str
) -> dict[str, object]:
    chart = charts.column_chart(
        [(date_format(month, "N Y"), count) for month, count in months]
    )
    return {"chart": chart, "title": title}
