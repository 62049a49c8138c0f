"""The expansions' lines in the statistics: the forum's points (Salsa) and the
Venus god, each a column of the leaderboard and a line of the player's page
once the club scored it (issue #23 item 5).

The games are the rulebook-checked sheets of ``tests/scoring/data``:

| day | sheet              | modules     | seats (total; forum, Venus)                 |
|-----|--------------------|-------------|---------------------------------------------|
| 1   | concordia-salsa    | salt, forum | Ana 146 (forum 0), Bruno 82 (forum −2), Caio 44 (forum 0) |
| 2   | concordia-rulebook | —           | Ana 114, Bruno 95, Caio 76                  |
| 3   | concordia-venus    | venus       | Ana 140 (Venus 16), Bia 16 (2), Caio 59 (8) |
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Club
from games.models import Game
from stats import selectors, services
from stats.models import PlayerBucket
from stats.selectors import LeaderboardFilters
from tests.sheets import example_game_record
from tests.stats.test_views import cells

BASE = ("vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva", "concordia")


def _board(club: Club, order: str = "name") -> selectors.Leaderboard:
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    return selectors.leaderboard_get(
        club=club, game=Game.CONCORDIA, filters=LeaderboardFilters(), order=order
    )


def _comparisons(club: Club, name: str) -> dict[str, tuple[float, float]]:
    profile = selectors.player_profile_get(
        club=club, game=Game.CONCORDIA, player=club.players.get(name=name)
    )
    return {c.category: (c.player, c.club) for c in profile.categories}


def test_the_forum_column_shows_once_the_club_played_the_forum(club):
    example_game_record(club, "concordia-rulebook", day=2)
    assert _board(club).categories == BASE
    example_game_record(club, "concordia-salsa", day=1)
    board = _board(club)
    # The forum's slot comes after Venus' (the data's append-only order);
    # nobody scored Venus, so its column stays hidden.
    assert board.categories == (*BASE, "forum")
    # Points per game over all the player's games: Bruno lost 2 in 2 games.
    assert {row.name: row.averages[-1] for row in board.rows} == {
        "Ana": 0.0,
        "Bruno": -1.0,
        "Caio": 0.0,
    }


def test_the_forum_is_kept_in_its_own_slot(club):
    example_game_record(club, "concordia-salsa", day=1)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    bucket = PlayerBucket.objects.get(
        club=club, player__name="Bruno", year=0, player_count=0
    )
    # vesta … concordia are slots 0-6, Venus 7, the forum 8.
    assert (bucket.total_sum, bucket.points_7, bucket.points_8) == (82, 0, -2)


def test_the_leaderboard_sorts_by_the_forum(club):
    example_game_record(club, "concordia-salsa", day=1)
    board = _board(club, order="forum")
    assert [row.name for row in board.rows] == ["Bruno", "Ana", "Caio"]
    assert "forum" in selectors.leaderboard_orders(Game.CONCORDIA)


def test_the_player_page_compares_the_forum_and_venus_with_the_club(club):
    example_game_record(club, "concordia-salsa", day=1)
    example_game_record(club, "concordia-rulebook", day=2)
    example_game_record(club, "concordia-venus", day=3)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    bruno = _comparisons(club, "Bruno")
    assert list(bruno) == [*BASE, "venus", "forum"]
    # Bruno: −2 in his 2 games; the club: −2 over its 9 seats (Ana 3, Bruno 2,
    # Caio 3 and Bia 1 games), as every god's points are averaged.
    assert bruno["forum"] == (-1.0, -2 / 9)
    ana = _comparisons(club, "Ana")
    # Ana: Venus 16 in 3 games; the club: 16 + 2 + 8 over 9 seats.
    assert ana["venus"] == (16 / 3, 26 / 9)
    assert ana["forum"] == (0.0, -2 / 9)


def test_the_pages_show_the_forum_column_and_line(client, bob, club):
    example_game_record(club, "concordia-salsa", day=1)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    client.force_login(bob)
    url = reverse(
        "stats:leaderboard", kwargs={"club_slug": "lisboa", "game": "concordia"}
    )
    html = client.get(url).content.decode()
    assert ">Forum<" in html
    # The seven base columns, then the forum's: Bruno's −2 in 1 game.
    assert cells(html, "Bruno")[-1] == "-2.0"
    bruno = club.players.get(name="Bruno")
    page = client.get(
        reverse(
            "stats:player-detail",
            kwargs={"club_slug": "lisboa", "game": "concordia", "player_id": bruno.pk},
        )
    ).content.decode()
    assert "Forum" in page


@pytest.mark.parametrize("language", ["pt-br", "uk"])
def test_the_forum_column_is_named_in_the_readers_language(client, bob, club, language):
    example_game_record(club, "concordia-salsa", day=1)
    services.stats_rebuild(club_id=club.pk, game=Game.CONCORDIA)
    client.force_login(bob)
    url = reverse(
        "stats:leaderboard", kwargs={"club_slug": "lisboa", "game": "concordia"}
    )
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert {"pt-br": ">Fórum<", "uk": ">Форум<"}[language] in html
