"""The statistics pages, in both renderings, with the cast's permissions."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Club, Player
from games.models import Game
from scoring.types import MapName
from stats import services
from tests.markup import by_id, elements, has_id
from tests.stats.conftest import magnanimous_rio_occupied, record

HTMX = {"HX-Request": "true"}


def _page(html: str) -> tuple[str, str]:
    """The page shown and the number of pages, from the pager's data."""
    (pager,) = elements(html, "span", data_page=None)
    return pager.attrs["data-page"], pager.attrs["data-pages"]


MAP_IDS = tuple(name.value for name in MapName)


def leaderboard_url(game: str = "concordia") -> str:
    return reverse("stats:leaderboard", kwargs={"club_slug": "lisboa", "game": game})


def cells(html: str, name: str) -> list[str]:
    """Return the text of the cells of ``name``'s leaderboard row."""
    row = re.search(rf"<tr>(?:(?!</tr>).)*>{name}</a>(?:(?!</tr>).)*</tr>", html, re.S)
    assert row, f"no row for {name}"
    return [text(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row[0], re.S)]


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def member(client, bob):
    client.force_login(bob)
    return client


@pytest.fixture
def rebuilt(club, history):
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    return history


def test_leaderboard_page_shows_every_column(member, rebuilt):
    response = member.get(leaderboard_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert 'id="leaderboard"' in html
    assert 'id="stats-status"' in html
    ana = cells(html, "Ana")
    # #, name + badge, rating, games, wins, win rate, average, best, 7 categories.
    assert ana[0] == "1" or ana[0] == "2"
    assert ana[1] == "Ana provisional"
    assert ana[3:8] == ["4", "3", "75%", "105.0", "120"]
    assert ana[8:] == ["10.0", "90.0", "0.0", "0.0", "0.0", "5.0", "0.0"]
    assert cells(html, "Bruno")[1] == "Bruno"
    assert elements(html, "span", data_refreshed="now")
    assert response["Vary"].count("HX-Request") == 1


def test_leaderboard_htmx_request_gets_only_the_table_fragment(member, rebuilt):
    response = member.get(leaderboard_url(), {"map": "italia"}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="leaderboard"')
    assert 'id="stats-status"' not in html
    assert cells(html, "Bruno")[3:5] == ["2", "2"]
    assert "Caio" not in html
    assert has_id(html, "ratings-note")


def test_leaderboard_filters_without_javascript_render_the_whole_page(member, rebuilt):
    response = member.get(
        leaderboard_url(), {"date_from": "2026-02", "date_to": "2026-02"}
    )
    html = response.content.decode()
    assert "<html" in html
    assert cells(html, "Ana")[3:5] == ["2", "2"]
    assert cells(html, "Dora")[3:5] == ["1", "0"]
    assert 'value="2026-02"' in html


def test_a_season_filters_one_calendar_year(member, rebuilt, club):
    record(club, day="2025-12-31", seats=[("Eva", 80, 1), ("Ana", 70, 2)])
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    html = member.get(leaderboard_url(), {"season": "2025"}).content.decode()
    assert cells(html, "Eva")[3:5] == ["1", "1"]
    assert cells(html, "Ana")[3:5] == ["1", "0"]
    assert "Bruno" not in html
    assert '<option value="2025" selected>' in html


def test_a_bad_month_is_reported_next_to_its_field_and_filters_nothing(member, rebuilt):
    response = member.get(leaderboard_url(), {"date_from": "2026-13"}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert re.search(r'id="id_date_from_error">Enter a month as year and month', html)
    assert cells(html, "Ana")[3] == "4"


def test_a_season_and_months_together_are_refused(member, rebuilt):
    html = member.get(
        leaderboard_url(), {"season": "2026", "date_from": "2026-02"}
    ).content.decode()
    assert "Choose a season or a range of months, not both." in html


def test_a_range_ending_before_it_starts_is_refused(member, rebuilt):
    html = member.get(
        leaderboard_url(), {"date_from": "2026-03", "date_to": "2026-01"}
    ).content.decode()
    assert re.search(
        r'id="id_date_to_error">The last month comes before the first one.', html
    )


def test_sort_links_reverse_the_sorted_column(member, rebuilt):
    html = member.get(
        leaderboard_url(), {"order": "-games"}, headers=HTMX
    ).content.decode()
    names = re.findall(r'class="player">\s*<a [^>]+>(\w+)</a>', html)
    assert names == ["Bruno", "Ana", "Caio", "Dora"]
    assert 'aria-sort="descending"' in html
    assert 'href="?order=games"' in html


def test_an_empty_leaderboard_says_so(member, club):
    html = member.get(leaderboard_url()).content.decode()
    assert has_id(html, "no-rows")
    assert elements(html, "span", data_refreshed="never")


def test_magnanimous_leaderboard_has_its_categories_and_no_map_filter(member, club):
    magnanimous_rio_occupied(
        club, day="2026-04-01", seats=[("Ana", 20, 1), ("Bruno", 12, 2)]
    )
    services.stats_rebuild(club_id=club.pk, game=Game.MAGNANIMOUS)
    html = member.get(leaderboard_url("magnanimous")).content.decode()
    assert cells(html, "Ana")[2:5] == ["—", "1", "0"]
    columns = [th.attrs["data-col"] for th in elements(html, "th", data_col=None)]
    assert {"court", "territory"} <= set(columns)
    assert 'name="map"' not in html


def test_an_unknown_game_is_not_found(member, club):
    assert member.get(leaderboard_url("chess")).status_code == 404


def test_stats_index_opens_the_concordia_leaderboard(member, club):
    response = member.get(reverse("stats:index", kwargs={"club_slug": "lisboa"}))
    assert response.status_code == 302
    assert response["Location"] == leaderboard_url()


def test_status_poll_triggers_a_reload_when_the_numbers_changed(member, rebuilt):
    url = reverse("stats:status", kwargs={"club_slug": "lisboa", "game": "concordia"})
    unchanged = member.get(url, {"seen": "1"}, headers=HTMX)
    assert "HX-Trigger" not in unchanged
    assert unchanged.content.decode().lstrip().startswith('<p id="stats-status"')
    changed = member.get(url, {"seen": "0"}, headers=HTMX)
    assert json.loads(changed["HX-Trigger"]) == {"stats-refreshed": {}}
    assert "seen=1" in changed.content.decode()


def test_status_without_javascript_goes_to_the_leaderboard(member, rebuilt):
    url = reverse("stats:status", kwargs={"club_slug": "lisboa", "game": "concordia"})
    response = member.get(url)
    assert response.status_code == 302
    assert response["Location"] == leaderboard_url()


def test_player_page_shows_figures_charts_rival_and_nemesis(member, rebuilt, club):
    bruno = club.players.get(name="Bruno")
    url = reverse(
        "stats:player-detail",
        kwargs={"club_slug": "lisboa", "game": "concordia", "player_id": bruno.pk},
    )
    response = member.get(url)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    found = re.search(r'id="player-figures">(.*?)</dl>', html, re.S)
    assert found
    figures = text(found[1])
    assert "Games 5" in figures
    assert "Wins 2 (40%)" in figures
    assert "Best 110" in figures
    assert html.count("<svg") == 2
    assert re.search(r"Rival:</strong>\s*<a [^>]+>Caio</a>", html)
    assert re.search(r"Nemesis:</strong>\s*<a [^>]+>Ana</a>", html)
    assert "1 ahead, 3 behind in 4 games together" in html


def test_player_page_of_someone_without_games_says_so(member, club):
    dora = club.players.create(name="Dora")
    url = reverse(
        "stats:player-detail",
        kwargs={"club_slug": "lisboa", "game": "concordia", "player_id": dora.pk},
    )
    assert has_id(member.get(url).content.decode(), "no-games")


def test_club_summary_draws_its_four_charts(member, rebuilt):
    url = reverse(
        "stats:club-summary", kwargs={"club_slug": "lisboa", "game": "concordia"}
    )
    html = member.get(url).content.decode()
    assert by_id(html, "club-games").attrs["data-games"] == "5"
    assert html.count("<svg") == 5
    for section in (
        "games-per-month",
        "winning-scores",
        "winner-categories",
        "map-usage",
    ):
        assert f'id="{section}"' in html


def test_charts_keep_dots_in_coordinates_in_every_language(member, rebuilt):
    member.cookies["django_language"] = "pt-br"
    url = reverse(
        "stats:club-summary", kwargs={"club_slug": "lisboa", "game": "concordia"}
    )
    html = member.get(url, headers={"Accept-Language": "pt-br"}).content.decode()
    svg_numbers = re.findall(r' (?:x|y|width|height)="([^"]+)"', html)
    assert svg_numbers
    assert not [n for n in svg_numbers if "," in n]


def _stats_urls(club: Club, player: Player) -> list[str]:
    kwargs = {"club_slug": club.slug, "game": "concordia"}
    return [
        reverse("stats:index", kwargs={"club_slug": club.slug}),
        reverse("stats:leaderboard", kwargs=kwargs),
        reverse("stats:status", kwargs=kwargs),
        reverse("stats:club-summary", kwargs=kwargs),
        reverse("stats:player-detail", kwargs={**kwargs, "player_id": player.pk}),
    ]


@pytest.mark.parametrize("index", range(5))
def test_outsider_sees_nothing_of_the_club(
    client, charlie, other_club, rebuilt, club, index
):
    url = _stats_urls(club, club.players.get(name="Ana"))[index]
    client.force_login(charlie)
    assert client.get(url).status_code == 404
    assert client.get(url, headers=HTMX).status_code == 404


@pytest.mark.parametrize("index", range(5))
def test_anonymous_visitor_is_sent_to_sign_in(client, rebuilt, club, index):
    url = _stats_urls(club, club.players.get(name="Ana"))[index]
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_player_of_another_club_is_not_found_through_this_club(
    member, rebuilt, other_club
):
    stranger = other_club.players.create(name="Zeca")
    url = reverse(
        "stats:player-detail",
        kwargs={"club_slug": "lisboa", "game": "concordia", "player_id": stranger.pk},
    )
    assert member.get(url).status_code == 404


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


def test_leaderboard_costs_the_same_queries_for_1_or_20_games(member, club):
    record(club, day="2026-01-01", seats=[("P0", 90, 1), ("P1", 80, 2)])
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    url = leaderboard_url() + "?map=imperium&date_from=2026-01"
    one = _queries(member, url)
    for i in range(19):
        record(
            club,
            day=f"2026-{1 + i % 12:02d}-{1 + i:02d}",
            seats=[(f"P{i}", 90, 1), (f"P{i + 1}", 80, 2), (f"P{i + 2}", 70, 3)],
        )
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    twenty = _queries(member, url)
    assert one == twenty
    assert twenty <= 10


def test_leaderboard_page_stays_within_ten_queries(
    member, rebuilt, django_assert_max_num_queries
):
    with django_assert_max_num_queries(10):
        member.get(leaderboard_url(), {"season": "2026", "players": "3"})


def test_player_and_club_pages_cost_a_fixed_number_of_queries(member, rebuilt, club):
    ana = club.players.get(name="Ana")
    player_url = reverse(
        "stats:player-detail",
        kwargs={"club_slug": "lisboa", "game": "concordia", "player_id": ana.pk},
    )
    club_url = reverse(
        "stats:club-summary", kwargs={"club_slug": "lisboa", "game": "concordia"}
    )
    before = (_queries(member, player_url), _queries(member, club_url))
    for i in range(10):
        record(
            club, day=f"2026-04-{1 + i:02d}", seats=[("Ana", 90, 1), (f"Q{i}", 80, 2)]
        )
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    assert (_queries(member, player_url), _queries(member, club_url)) == before


def _player_url(club: Club, name: str) -> str:
    return reverse(
        "stats:player-detail",
        kwargs={
            "club_slug": club.slug,
            "game": "concordia",
            "player_id": club.players.get(name=name).pk,
        },
    )


def test_head_to_head_pages_swap_only_their_table(member, rebuilt, club, monkeypatch):
    monkeypatch.setattr("stats.selectors.OPPONENTS_PAGE_SIZE", 2)
    first = member.get(_player_url(club, "Ana")).content.decode()
    assert re.findall(r'class="player"><a [^>]+>(\w+)</a>', first) == ["Bruno", "Caio"]
    assert _page(first) == ("1", "2")
    response = member.get(_player_url(club, "Ana"), {"opponents": "2"}, headers=HTMX)
    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="head-to-head"')
    assert re.findall(r'class="player"><a [^>]+>(\w+)</a>', html) == ["Dora"]
    assert 'href="?opponents=1"' in html


@pytest.mark.parametrize(
    ("page", "shown"),
    [("9", ("2", "2")), ("0", ("1", "2")), ("x", ("1", "2"))],
)
def test_an_unusable_opponents_page_shows_a_real_one(
    member, rebuilt, club, monkeypatch, page, shown
):
    monkeypatch.setattr("stats.selectors.OPPONENTS_PAGE_SIZE", 2)
    html = member.get(_player_url(club, "Ana"), {"opponents": page}).content.decode()
    assert _page(html) == shown


def test_the_club_page_links_to_the_leaderboard(member, club):
    html = member.get(
        reverse("games:club-detail", kwargs={"club_slug": "lisboa"})
    ).content.decode()
    assert f'href="{reverse("stats:index", kwargs={"club_slug": "lisboa"})}"' in html


def test_a_refresh_shows_at_once_on_a_cached_leaderboard(member, rebuilt, club):
    first = _queries(member, leaderboard_url())
    again = _queries(member, leaderboard_url())
    # The board itself comes from the cache the second time.
    assert again == first - 1
    record(club, day="2026-03-20", seats=[("Dora", 150, 1), ("Ana", 100, 2)])
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    html = member.get(leaderboard_url()).content.decode()
    assert cells(html, "Dora")[3:5] == ["3", "1"]


def test_leaderboard_pages_and_a_page_past_the_end(member, rebuilt, monkeypatch):
    monkeypatch.setattr("stats.selectors.PAGE_SIZE", 3)
    first = member.get(leaderboard_url(), {"order": "name"}).content.decode()
    assert re.findall(r'class="player"><a [^>]+>(\w+)</a>', first) == [
        "Ana",
        "Bruno",
        "Caio",
    ]
    assert _page(first) == ("1", "2")
    past = member.get(leaderboard_url(), {"order": "name", "page": "9"}, headers=HTMX)
    html = past.content.decode()
    assert re.findall(r'class="player"><a [^>]+>(\w+)</a>', html) == ["Dora"]
    assert _page(html) == ("2", "2")
    assert cells(html, "Dora")[0] == "4"


def test_the_cached_table_follows_the_reader_language(member, rebuilt):
    english = member.get(leaderboard_url()).content.decode()
    member.cookies["django_language"] = "fr"
    french = member.get(leaderboard_url()).content.decode()
    # The same cached board, formatted for each reader.
    assert cells(english, "Ana")[6] == "105.0"
    assert cells(french, "Ana")[6] == "105,0"


def test_the_cached_table_links_keep_their_own_query_string(member, rebuilt):
    member.get(leaderboard_url(), {"order": "-games"})
    # The same board (a parameter the filters ignore), so the same cached
    # figures: the sort links still keep what this address carries.
    html = member.get(leaderboard_url(), {"order": "-games", "from": "club"}).content
    assert 'href="?order=games&amp;from=club"' in html.decode()


def test_the_cached_table_changes_with_the_numbers(member, rebuilt, club):
    before = member.get(leaderboard_url()).content.decode()
    assert "Edu" not in before
    record(club, day="2026-03-21", seats=[("Edu", 99, 1), ("Ana", 98, 2)])
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    after = member.get(leaderboard_url()).content.decode()
    assert cells(after, "Edu")[3:5] == ["1", "1"]


def test_the_map_filter_offers_every_map_and_filters_an_expansion_board(
    member, rebuilt, club
):
    record(
        club,
        day="2026-03-07",
        seats=[("Eva", 101, 1), ("Ana", 99, 2)],
        map_name="hellas",
    )
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    page = member.get(leaderboard_url()).content.decode()
    assert elements(page, "select", name="map")
    values = [o.attrs.get("value") for o in elements(page, "option")]
    maps = [v for v in values if v in MAP_IDS]
    assert maps == list(MAP_IDS)
    html = member.get(leaderboard_url(), {"map": "hellas"}, headers=HTMX)
    text = html.content.decode()
    assert cells(text, "Eva")[3:5] == ["1", "1"]
    assert cells(text, "Ana")[3:5] == ["1", "0"]
    assert "Bruno" not in text
