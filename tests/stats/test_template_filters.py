"""The leaderboard's template filters (`stats.templatetags.stats_extras`)."""

from __future__ import annotations

from stats.templatetags.stats_extras import number_cells


def test_number_cells_escape_every_value():
    html = number_cells(["12", "<b onclick=x>3</b>", "1 & 2"])
    assert html == (
        '<td class="num">12</td>'
        '<td class="num">&lt;b onclick=x&gt;3&lt;/b&gt;</td>'
        '<td class="num">1 &amp; 2</td>'
    )


def test_number_cells_mark_the_columns_behind_more():
    html = number_cells(["7.5", "4", "75%"], frozenset({2}))
    assert html == (
        '<td class="num">7.5</td><td class="num">4</td><td class="num extra">75%</td>'
    )
