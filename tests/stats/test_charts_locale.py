"""A chart's numbers are read by people: they follow the reader's language."""

from __future__ import annotations

from django.utils import translation

from stats.charts import bar_chart


def test_bar_values_use_the_readers_decimal_mark_and_coordinates_stay_plain():
    items = [("Vesta", 12.5), ("Mars", 7.0)]
    with translation.override("pt-br"):
        chart = bar_chart(items)
    assert chart is not None
    assert [row.value for row in chart.rows] == ["12,5", "7"]
    assert all(isinstance(row.x, float) for row in chart.rows)

    with translation.override("en"):
        chart = bar_chart(items)
    assert chart is not None
    assert [row.value for row in chart.rows] == ["12.5", "7"]


def test_a_percentage_is_written_as_each_language_writes_it():
    from stats.templatetags.stats_extras import percent

    with translation.override("en"):
        assert percent(0.75) == "75%"
    with translation.override("fr"):
        assert percent(0.75) == "75\u00a0%"
    assert percent(None) == "—"
