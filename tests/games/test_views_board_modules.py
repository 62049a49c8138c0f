"""The board entry pages for games with modules: salt on Byzantium, the forum, Venus in teams."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from clubs.models import Club
from games.models import (
    EntryMode,
    SeatCard,
    SeatHouse,
    SeatResult,
    SessionCity,
    TableSession,
)
from scoring.types import Good
from tests.factories import PASSWORD
from tests.games.board_helpers import (
    module_session_create,
    stored_game,
    tap_module_board,
)
from tests.markup import by_id, elements
from tests.module_boards import (
    BYZANTIUM_SALT_GOODS,
    SALSA_BREAKDOWNS,
    SALSA_CONCORDIA,
    SALSA_HAND_SHEET,
    SALSA_PRAEFECTUS,
    SALSA_SEATS,
    SALSA_TOTALS,
    VENUS_CONCORDIA,
    VENUS_PRAEFECTUS,
    VENUS_SEATS,
    VENUS_TOTALS,
    TappedSeat,
)
from tests.rulebook_board import IMPERIUM_GOODS
from tests.sheets import sheet_post_data

STALE = "The board changed since the result was saved."


def _url(name: str, session: TableSession) -> str:
    return reverse(
        f"games:{name}",
        kwargs={"club_slug": session.club.slug, "session_id": session.pk},
    )


def _signed_in(client: Client, username: str = "alice") -> Client:
    assert client.login(username=username, password=PASSWORD)
    return client


@pytest.fixture
def salsa(club: Club, alice: User) -> TableSession:
    return module_session_create(
        club=club,
        alice=alice,
        map_name="byzantium",
        expansions=["salt", "forum"],
        seats=SALSA_SEATS,
    )


@pytest.fixture
def venus(club: Club, alice: User) -> TableSession:
    return module_session_create(
        club=club,
        alice=alice,
        map_name="imperium",
        expansions=["venus"],
        seats=VENUS_SEATS,
    )


def _count_rows(html: str) -> dict[str, list[str]]:
    """The read-only count tables: each line's label with its value per seat."""
    tables = "".join(
        re.findall(r'<table class="board-counts">(.*?)</table>', html, re.S)
    )
    return {
        label: re.findall(r'<td class="num">(.*?)</td>', cells)
        for label, cells in re.findall(
            r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', tables
        )
    }


def _score_data(
    seats: tuple[TappedSeat, ...],
    goods: tuple[str, ...],
    *,
    praefectus: int,
    concordia: int,
    forum: bool = False,
) -> dict[str, object]:
    data: dict[str, object] = {
        "praefectus_magnus": str(praefectus),
        "concordia_card": str(concordia),
        "action": "save",
    }
    for order, seat in enumerate(seats):
        data[f"s{order}-sestertii"] = seat.sestertii
        data[f"s{order}-colonists_on_board"] = seat.colonists_on_board
        for good in goods:
            data[f"s{order}-storehouse_{good}"] = seat.storehouse[Good(good)]
        if forum:
            data[f"s{order}-forum_points"] = seat.forum_points
    return data


SALSA_GOODS = ("brick", "food", "tool", "wine", "cloth", "salt")
BASE_GOODS = SALSA_GOODS[:5]


def _salsa_score(**changes: object) -> dict[str, object]:
    data = _score_data(
        SALSA_SEATS,
        SALSA_GOODS,
        praefectus=SALSA_PRAEFECTUS,
        concordia=SALSA_CONCORDIA,
        forum=True,
    )
    data.update(changes)
    return data


# --- switching to the board -------------------------------------------------------


@pytest.mark.parametrize("game", ["salsa", "venus"])
def test_a_game_with_modules_switches_to_the_board(client, request, game):
    session = request.getfixturevalue(game)
    html = _signed_in(client).get(_url("session-sheet", session)).content.decode()
    assert 'id="entry-mode-switch"' in html
    response = client.post(
        _url("session-entry-mode", session), {"mode": "board", "confirm": "on"}
    )
    assert response.status_code == 302
    # Nothing tapped yet: the city goods come first.
    assert response["Location"] == _url("session-cities", session)
    session.refresh_from_db()
    assert session.entry_mode == EntryMode.BOARD


def test_an_outsider_gets_404_on_a_module_games_board(client, charlie, salsa):
    tap_module_board(salsa, BYZANTIUM_SALT_GOODS, SALSA_SEATS)
    for name in ("session-cities", "session-board", "session-cards"):
        response = _signed_in(client, "charlie").get(_url(name, salsa))
        assert response.status_code == 404
    response = _signed_in(client, "charlie").post(
        _url("session-board-score", salsa), _salsa_score()
    )
    assert response.status_code == 404
    assert not SeatResult.objects.filter(session=salsa).exists()


# --- salt ---------------------------------------------------------------------


def test_the_cities_of_a_salt_game_offer_salt_and_count_one_salt_token_a_letter(
    client, salsa
):
    client = _signed_in(client)
    client.post(_url("session-entry-mode", salsa), {"mode": "board"})
    html = client.get(_url("session-cities", salsa)).content.decode()
    # Byzantium's 28 cities, each with its letter's six goods, salt among them.
    assert html.count('<fieldset class="city-good" id="city-') == 28
    assert html.count('<label class="good-chip"><input type="radio"') == 28 * 6
    assert html.count('value="salt"') == 28
    pools = [
        element.text
        for element in elements(html, "p")
        if element.attrs.get("id", "").startswith("tokens-")
    ]
    assert len(pools) == 3
    assert all("1 salt" in pool for pool in pools)


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_a_salt_deal_is_saved(client, salsa, htmx):
    client = _signed_in(client)
    client.post(_url("session-entry-mode", salsa), {"mode": "board"})
    data = {
        f"city-{name.lower().replace(' ', '-')}": good.value
        for name, good in BYZANTIUM_SALT_GOODS.items()
    }
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(_url("session-cities", salsa), data, headers=headers)
    if htmx:
        assert response.status_code == 200
        assert "<html" not in response.content.decode()
    else:
        assert response.status_code == 302
    salt = SessionCity.objects.filter(session=salsa, good="salt")
    assert sorted(salt.values_list("city", flat=True)) == [
        "Alexandria",
        "Appia",
        "Delphi",
    ]


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_a_house_in_a_salt_city_counts_as_a_salt_house(client, salsa, htmx):
    tap_module_board(
        salsa,
        BYZANTIUM_SALT_GOODS,
        [
            TappedSeat(
                name=seat.name,
                houses=frozenset(),
                cards=frozenset(),
                sestertii=0,
                storehouse=seat.storehouse,
                colonists_on_board=2,
            )
            for seat in SALSA_SEATS
        ],
    )
    client = _signed_in(client)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(
        _url("session-board", salsa), {"seat": "0", "add": "Appia"}, headers=headers
    )
    assert response.status_code == (200 if htmx else 302)
    assert list(SeatHouse.objects.filter(session=salsa).values_list("city")) == [
        ("Appia",)
    ]
    html = client.get(_url("session-board", salsa) + "?seat=0").content.decode()
    rows = _count_rows(html)
    assert rows["salt"] == ["1", "0", "0"]
    assert rows["Houses"] == ["1/15", "0/15", "0/15"]
    assert 'class="swatch good-salt"' in html


# --- the forum and the score ----------------------------------------------------------


def test_the_score_page_of_a_salsa_game_asks_for_salt_and_forum_points(client, salsa):
    tap_module_board(salsa, BYZANTIUM_SALT_GOODS, SALSA_SEATS)
    html = _signed_in(client).get(_url("session-board-score", salsa)).content.decode()
    for seat in range(3):
        assert f'name="s{seat}-storehouse_salt"' in html
        assert f'name="s{seat}-forum_points"' in html
    assert 'min="-99"' in html
    # Ana's houses as the board counts them, salt included.
    assert "15 · 7 brick, 2 food, 1 tool, 3 cloth, 2 salt" in html


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_saving_a_salsa_board_scores_it_as_the_hand_count(client, salsa, htmx):
    tap_module_board(salsa, BYZANTIUM_SALT_GOODS, SALSA_SEATS)
    headers = {"HX-Request": "true"} if htmx else {}
    response = _signed_in(client).post(
        _url("session-board-score", salsa), _salsa_score(), headers=headers
    )
    if htmx:
        assert response.status_code == 200
        assert response["HX-Redirect"] == salsa.get_absolute_url()
    else:
        assert response.status_code == 302
        assert response["Location"] == salsa.get_absolute_url()
    results = {
        r.seat.player.name: (r.total, r.breakdown)
        for r in SeatResult.objects.filter(session=salsa).select_related("seat__player")
    }
    assert results == {
        name: (SALSA_TOTALS[name], breakdown)
        for name, breakdown in SALSA_BREAKDOWNS.items()
    }


def test_a_forum_score_out_of_bounds_is_shown_next_to_its_field(client, salsa):
    tap_module_board(salsa, BYZANTIUM_SALT_GOODS, SALSA_SEATS)
    response = _signed_in(client).post(
        _url("session-board-score", salsa), _salsa_score(**{"s1-forum_points": -100})
    )
    assert response.status_code == 200
    error = by_id(response.content.decode(), "err-s1-forum_points").text
    assert "greater than or equal to -99" in error
    assert not SeatResult.objects.filter(session=salsa).exists()


def test_the_board_score_of_a_salsa_game_is_stored_as_its_sheet_would_be(
    client, club, alice, salsa
):
    tap_module_board(salsa, BYZANTIUM_SALT_GOODS, SALSA_SEATS)
    client = _signed_in(client)
    client.post(_url("session-board-score", salsa), _salsa_score())
    # The same table typed on the hand-count sheet of another game.
    hand = module_session_create(
        club=club,
        alice=alice,
        map_name="byzantium",
        expansions=["salt", "forum"],
        seats=SALSA_SEATS,
    )
    data = sheet_post_data(SALSA_HAND_SHEET, list(hand.seats.order_by("seat_order")))
    assert client.post(_url("session-sheet", hand), data).status_code == 302
    assert stored_game(salsa) == stored_game(hand)
    # Reopened, the board says its saved result is up to date.
    html = client.get(_url("session-board", salsa)).content.decode()
    assert STALE not in html


# --- Venus ----------------------------------------------------------------------


def test_the_cards_of_a_venus_game_are_its_own(client, venus):
    tap_module_board(venus, IMPERIUM_GOODS, VENUS_SEATS)
    html = _signed_in(client).get(_url("session-cards", venus)).content.decode()
    for card, label in (
        (31, "Prefect/Architect"),
        (32, "Architect/Mercator"),
        (33, "Prefect/Mercator"),
        (34, "Architect/Mercator"),
    ):
        button = by_id(html, f"card-{card}")
        assert label in button.text
    # The cards the double-role cards replace are not for sale.
    for card in (2, 9, 18, 22):
        assert f'id="card-{card}"' not in html
    # The counts by god have a Venus line: the Magister plus the bought ones.
    rows = _count_rows(html)
    assert rows["Venus"] == ["3", "2", "1", "1"]


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_tapping_a_venus_card(client, venus, htmx):
    tap_module_board(venus, IMPERIUM_GOODS, VENUS_SEATS)
    headers = {"HX-Request": "true"} if htmx else {}
    response = _signed_in(client).post(
        _url("session-cards", venus), {"seat": "2", "add": "34"}, headers=headers
    )
    assert response.status_code == (200 if htmx else 302)
    assert SeatCard.objects.get(session=venus, card=34).seat.player.name == "Caio"


def test_the_map_of_a_team_game_counts_the_provinces_each_team_shares(client, venus):
    tap_module_board(venus, IMPERIUM_GOODS, VENUS_SEATS)
    html = _signed_in(client).get(_url("session-board", venus)).content.decode()
    rows = _count_rows(html)
    assert rows["Provinces where both partners have a house (Venus)"] == [
        "2",
        "1",
        "2",
        "1",
    ]
    assert "Provinces with 2 or more houses (Venus)" not in rows


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_saving_a_venus_team_board_shows_the_winning_team(client, venus, htmx):
    tap_module_board(venus, IMPERIUM_GOODS, VENUS_SEATS)
    client = _signed_in(client)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(
        _url("session-board-score", venus),
        _score_data(
            VENUS_SEATS,
            BASE_GOODS,
            praefectus=VENUS_PRAEFECTUS,
            concordia=VENUS_CONCORDIA,
        ),
        headers=headers,
    )
    assert response.status_code == (200 if htmx else 302)
    totals = {
        r.seat.player.name: r.total
        for r in SeatResult.objects.filter(session=venus).select_related("seat__player")
    }
    assert totals == VENUS_TOTALS
    assert STALE not in client.get(_url("session-board", venus)).content.decode()
    html = client.get(venus.get_absolute_url()).content.decode()
    winner = by_id(html, "winner-team")
    assert winner.attrs["data-team"] == "A"
    assert re.sub(r"\s+", " ", winner.text).strip() == (
        "Winning team: Team A (Ana and Caio)"
    )
