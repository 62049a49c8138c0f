"""The leaderboard on a phone (issue #15, part 4): the ranking before the folded
filters, the key columns always shown and the rest behind "More columns"."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import Game
from stats import services

HTMX = {"HX-Request": "true"}
KEY = ["name", "rating", "games", "wins", "average"]
MORE = ["win_rate", "best"]
CATEGORIES = [
    "vesta",
    "jupiter",
    "saturnus",
    "mercurius",
    "mars",
    "minerva",
    "concordia",
]


def leaderboard_url() -> str:
    return reverse(
        "stats:leaderboard", kwargs={"club_slug": "lisboa", "game": Game.CONCORDIA}
    )


@pytest.fixture
def member(client, bob):
    client.force_login(bob)
    return client


@pytest.fixture
def rebuilt(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    return history


def _filters(html: str) -> re.Match[str]:
    found = re.search(
        r'<details class="filters-fold" id="leaderboard-filters" '
        r'data-active-filters="(\d+)"( open)?>',
        html,
    )
    assert found, "no folded filters"
    return found


def _columns(html: str) -> dict[str, bool]:
    """Return each heading's column key and whether it waits behind "More"."""
    return {
        key: "extra" in classes
        for key, classes in re.findall(
            r'<th scope="col" aria-sort="\w+" data-col="(\w+)"(?: class="([^"]*)")?>',
            html,
        )
    }


def test_the_filters_fold_behind_one_button_and_the_ranking_follows(member, rebuilt):
    html = member.get(leaderboard_url()).content.decode()
    filters = _filters(html)
    assert filters.group(1) == "0"
    assert filters.group(2) is None
    # The form lives inside the folded <details>, and the table comes right after.
    details = html[filters.start() : html.index("</details>", filters.start())]
    assert 'id="leaderboard-filters-form"' in details
    assert html.index("</details>") < html.index('id="leaderboard-table"')


def test_only_rating_games_wins_and_average_show_without_more(member, rebuilt):
    html = member.get(leaderboard_url()).content.decode()
    columns = _columns(html)
    assert list(columns) == [*KEY[:4], "win_rate", "average", "best", *CATEGORIES]
    assert [key for key, extra in columns.items() if not extra] == KEY
    assert [key for key, extra in columns.items() if extra] == MORE + CATEGORIES
    # Each row: 4 visible numbers, the 9 others behind the switch.
    rows = re.findall(r"<tr>(.*?)</tr>", html[html.index("<tbody>") :], re.S)
    assert len(rows) == 4
    for row in rows:
        assert row.count('<td class="num">') == 1 + 4  # the position, then the key four
        assert row.count('<td class="num extra">') == 2 + 7
    switch = re.search(
        r'<input type="checkbox" id="more-columns" hx-preserve="true"( checked)?>', html
    )
    assert switch
    assert switch.group(1) is None


def test_sorting_by_a_column_behind_more_shows_them(member, rebuilt):
    html = member.get(leaderboard_url(), {"order": "-best"}).content.decode()
    assert (
        '<input type="checkbox" id="more-columns" hx-preserve="true" checked>' in html
    )
    html = member.get(leaderboard_url(), {"order": "-games"}).content.decode()
    assert '<input type="checkbox" id="more-columns" hx-preserve="true">' in html


def test_a_filter_in_error_opens_the_filters(member, rebuilt):
    for headers in ({}, HTMX):
        html = member.get(
            leaderboard_url(), {"date_from": "2026-13"}, headers=headers
        ).content.decode()
        filters = _filters(html)
        assert filters.group(2) == " open"
        assert filters.group(1) == "1"


def test_an_htmx_filter_change_keeps_the_filters_open_and_a_sort_does_not(
    member, rebuilt
):
    changed = member.get(
        leaderboard_url(),
        {"map": "italia", "players": ""},
        headers={**HTMX, "HX-Trigger": "leaderboard-filters-form"},
    ).content.decode()
    assert changed.lstrip().startswith('<section id="leaderboard"')
    assert _filters(changed).groups() == ("1", " open")
    sorted_ = member.get(
        leaderboard_url(), {"map": "italia", "order": "-wins"}, headers=HTMX
    ).content.decode()
    assert _filters(sorted_).groups() == ("1", None)
