"""The board entry pages: city goods, the map, the cards, the score, and switching modes."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.concordia import services as board_services
from games.models import (
    ConcordiaPosition,
    EntryMode,
    SeatCard,
    SeatHouse,
    SeatResult,
    SessionCity,
    SessionStatus,
    TableSession,
)
from scoring.types import Good
from tests.factories import PASSWORD
from tests.games.board_helpers import tap_rulebook_board
from tests.markup import by_id, elements, has_id
from tests.play.random_games import deal_cities
from tests.rulebook_board import IMPERIUM_GOODS

BOARD_PAGES = [
    "session-cities",
    "session-board",
    "session-cards",
    "session-board-score",
]


def _url(name: str, session: TableSession) -> str:
    return reverse(
        f"games:{name}",
        kwargs={"club_slug": session.club.slug, "session_id": session.pk},
    )


def _signed_in(client: Client, username: str = "alice") -> Client:
    assert client.login(username=username, password=PASSWORD)
    return client


@pytest.fixture
def board_session(draft_session: TableSession) -> TableSession:
    board_services.session_entry_mode_set(session=draft_session, mode=EntryMode.BOARD)
    return draft_session


@pytest.fixture
def dealt_session(board_session: TableSession) -> TableSession:
    board_services.session_city_goods_set(session=board_session, goods=IMPERIUM_GOODS)
    return board_session


def _city_data(goods: dict[str, Good]) -> dict[str, str]:
    return {
        f"city-{name.lower().replace(' ', '-')}": good.value
        for name, good in goods.items()
    }


def _totals(html: str) -> list[int]:
    match = re.search(r'<tr class="total">(.*?)</tr>', html, re.S)
    assert match is not None
    return [
        int(value)
        for value in re.findall(r'<td class="num">(\d+)</td>', match.group(1))
    ]


# --- access -----------------------------------------------------------------------


@pytest.mark.parametrize("name", [*BOARD_PAGES, "session-entry-mode"])
@pytest.mark.parametrize("method", ["get", "post"])
def test_outsider_gets_404_on_the_board_pages(
    client, charlie, other_club, board_session, name, method
):
    response = getattr(_signed_in(client, "charlie"), method)(_url(name, board_session))
    assert response.status_code == 404
    assert TableSession.objects.get(pk=board_session.pk).entry_mode == EntryMode.BOARD


@pytest.mark.parametrize("name", [*BOARD_PAGES, "session-entry-mode"])
@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_visitor_is_sent_to_sign_in_from_the_board_pages(
    client, board_session, name, method
):
    response = getattr(client, method)(_url(name, board_session))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", BOARD_PAGES)
def test_a_game_counted_by_hand_asks_before_going_to_the_board(
    client, draft_session, name
):
    response = _signed_in(client).get(_url(name, draft_session))
    assert response.status_code == 302
    assert (
        response["Location"] == _url("session-entry-mode", draft_session) + "?to=board"
    )


# --- city goods ----------------------------------------------------------------


def test_cities_page_groups_the_cities_by_letter_and_province(client, board_session):
    response = _signed_in(client).get(_url("session-cities", board_session))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    # One tap per city: a chip per good, and the map to tap the cities on.
    assert html.count('<fieldset class="city-good" id="city-') == 30
    assert html.count('<label class="good-chip"><input type="radio"') == 30 * 5
    assert html.count('<a href="#city-') == 30
    assert '<select id="id-' not in html
    assert 'id="letter-D"' in html
    # A letter's tokens, counted in the order brick, food, tool, wine, cloth.
    pools = [
        re.findall(r"\d+", element.text)
        for element in elements(html, "p")
        if element.attrs.get("id", "").startswith("tokens-")
    ]
    assert ["2", "2", "1", "1", "1"] in pools
    assert elements(html, "button", name="action", value="draw")


def test_cities_page_for_htmx_is_the_form_alone(client, dealt_session):
    response = _signed_in(client).get(
        _url("session-cities", dealt_session), headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert "<html" not in html
    assert html.strip().startswith('<form id="cities-form"')
    # Britannia: brick and food, so the bonus marker shows food.
    assert elements(html, "span", class_="bonus", data_good="food")
    assert (
        '<label class="good-chip"><input type="radio" name="city-vindobona" '
        'value="cloth" checked>'
    ) in html
    assert html.count(" checked>") == 30
    # The map shows the goods as dealt.
    assert 'class="good good-cloth" cx=' in html


def test_saving_city_goods_without_javascript_redirects(client, board_session):
    response = _signed_in(client).post(
        _url("session-cities", board_session),
        {"action": "save", **_city_data(IMPERIUM_GOODS)},
    )
    assert response.status_code == 302
    assert response["Location"] == _url("session-cities", board_session)
    assert SessionCity.objects.filter(session=board_session).count() == 30


def test_saving_city_goods_with_htmx_returns_the_saved_form(client, board_session):
    response = _signed_in(client).post(
        _url("session-cities", board_session),
        {"action": "save", **_city_data(IMPERIUM_GOODS)},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert by_id(html, "cities-saved").attrs["role"] == "status"
    assert SessionCity.objects.get(session=board_session, city="Petra").good == "brick"


def test_a_deal_breaking_the_pool_is_shown_on_its_letter_and_nothing_is_saved(
    client, dealt_session
):
    data = _city_data({**IMPERIUM_GOODS, "Londinium": IMPERIUM_GOODS["Napoca"]})
    response = _signed_in(client).post(
        _url("session-cities", dealt_session), {"action": "save", **data}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        '<p class="field-error" id="err-letter-A">'
        "Only 2 of the A tokens show brick, but 3 A cities are set to brick </p>"
    ) in html
    assert (
        SessionCity.objects.get(session=dealt_session, city="Londinium").good == "food"
    )


def test_a_city_left_blank_is_shown_next_to_its_choice(client, board_session):
    goods = {name: good for name, good in IMPERIUM_GOODS.items() if name != "Petra"}
    response = _signed_in(client).post(
        _url("session-cities", board_session), {"action": "save", **_city_data(goods)}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert '<p class="field-error" id="err-petra">Choose the good of Petra </p>' in html
    assert not SessionCity.objects.filter(session=board_session).exists()


def test_a_good_that_does_not_exist_is_a_field_error(client, board_session):
    data = {**_city_data(IMPERIUM_GOODS), "city-petra": "salt"}
    response = _signed_in(client).post(
        _url("session-cities", board_session), {"action": "save", **data}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        'id="err-petra">Select a valid choice. salt is not one of the available choices.'
        in html
    )
    assert not SessionCity.objects.filter(session=board_session).exists()


def test_drawing_at_random_deals_the_tokens(client, board_session):
    response = _signed_in(client).post(
        _url("session-cities", board_session), {"action": "draw"}
    )
    assert response.status_code == 302
    goods = list(
        SessionCity.objects.filter(session=board_session).values_list("good", flat=True)
    )
    assert sorted(goods).count("cloth") == 4
    assert len(goods) == 30


def test_drawing_again_asks_first_and_changes_nothing_until_confirmed(
    client, dealt_session
):
    client = _signed_in(client)
    response = client.post(
        _url("session-cities", dealt_session),
        {"action": "draw"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert by_id(html, "confirm-draw").attrs["role"] == "alert"
    stored = dict(
        SessionCity.objects.filter(session=dealt_session).values_list("city", "good")
    )
    assert stored == {city: good.value for city, good in IMPERIUM_GOODS.items()}

    response = client.post(
        _url("session-cities", dealt_session), {"action": "draw", "confirm": "1"}
    )
    assert response.status_code == 302
    assert SessionCity.objects.filter(session=dealt_session).count() == 30


# --- the map ---------------------------------------------------------------------


def test_map_page_draws_every_city_province_and_line(client, dealt_session):
    response = _signed_in(client).get(_url("session-board", dealt_session))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert html.count('<a href="#row-') == 30
    assert html.count('<polygon class="province') == 12
    assert html.count('<line class="land"') == 44
    assert html.count('<line class="sea"') == 35
    assert (
        '<circle class="good good-cloth" cx="602" cy="152" r="14">' in html
    )  # Vindobona
    # Every city is also a button in the list, the way to tap without the map.
    assert html.count('name="add"') == 30
    assert 'href="#row-roma"' not in html
    assert not has_id(html, "map-schematic")


def test_map_page_for_htmx_switches_player_in_place(client, dealt_session):
    response = _signed_in(client).get(
        _url("session-board", dealt_session) + "?seat=1", headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert "<html" not in html
    assert html.strip().startswith('<div id="board-main"')
    assert '<input type="hidden" name="seat" value="1">' in html
    builds = elements(html, "button", name="add")
    assert builds
    assert all("Bruno" in button.text for button in builds)


def test_tapping_a_city_without_javascript_builds_and_redirects_to_its_row(
    client, dealt_session
):
    response = _signed_in(client).post(
        _url("session-board", dealt_session), {"seat": "0", "add": "Leptis Magna"}
    )
    assert response.status_code == 302
    assert (
        response["Location"]
        == _url("session-board", dealt_session) + "?seat=0#row-leptis-magna"
    )
    assert list(SeatHouse.objects.values_list("seat__player__name", "city")) == [
        ("Ana", "Leptis Magna")
    ]


def test_tapping_cities_with_htmx_updates_the_map_and_the_score(client, dealt_session):
    client = _signed_in(client)
    response = client.post(
        _url("session-board", dealt_session),
        {"seat": "0", "add": "Vindobona"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    # Only what the tap changed (issue #15): the city on the map, its row, the
    # count of houses and the score, each replacing its twin by id.
    assert response["HX-Reswap"] == "none"
    assert 'id="board-main"' not in html
    assert html.count('hx-swap-oob="true"') == 5
    assert (
        '<a href="#row-vindobona" class="city mine" data-city="vindobona" '
        'id="map-vindobona" hx-swap-oob="true">'
    ) in html
    assert '<li class="city-row mine" id="row-vindobona" hx-swap-oob="true">' in html
    assert html.count('class="city-row') == 1
    assert html.count("data-city=") == 1
    assert "(1 of 15 built)" in html
    # Ana: Jupiter 2×1 + Saturnus 2×1 + Mercurius 1×2 + Mars 1×4 (two colonists); the others Mars 4.
    assert _totals(html) == [10, 4, 4]

    response = client.post(
        _url("session-board", dealt_session),
        {"seat": "1", "add": "Vindobona"},
        headers={"HX-Request": "true"},
    )
    assert _totals(response.content.decode()) == [10, 10, 4]
    response = client.post(
        _url("session-board", dealt_session),
        {"seat": "0", "remove": "Vindobona"},
        headers={"HX-Request": "true"},
    )
    assert _totals(response.content.decode()) == [4, 10, 4]


def test_a_house_in_the_capital_gets_a_message_and_nothing_is_built(
    client, dealt_session
):
    response = _signed_in(client).post(
        _url("session-board", dealt_session), {"seat": "0", "add": "Roma"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert (
        '<p class="field-error" role="alert">Nobody builds a house in the capital, Roma</p>'
        in html
    )
    assert not SeatHouse.objects.exists()


def test_a_sixteenth_house_gets_a_message_next_to_its_city(client, dealt_session):
    ana = dealt_session.seats.get(seat_order=0)
    cities = sorted(IMPERIUM_GOODS)
    for city in cities[:15]:
        board_services.seat_house_set(seat=ana, city=city, built=True)
    response = _signed_in(client).post(
        _url("session-board", dealt_session),
        {"seat": "0", "add": "Vindobona"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        '<p class="field-error" id="err-vindobona">A player has only 15 houses; 16 are marked </p>'
        in html
    )
    assert SeatHouse.objects.filter(seat=ana).count() == 15


def test_a_tap_without_a_city_is_answered_with_a_message(client, dealt_session):
    response = _signed_in(client).post(
        _url("session-board", dealt_session), {"seat": "0"}
    )
    assert response.status_code == 200
    assert "Tap one city or card at a time." in response.content.decode()


# --- the cards -------------------------------------------------------------------


def test_cards_page_lists_the_decks_in_play(client, board_session):
    response = _signed_in(client).get(_url("session-cards", board_session))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert has_id(html, "deck-III")
    assert "Deck IV" not in html
    assert html.count('name="add"') == 21  # decks I to III with three players


def _count_row(html: str, label: str) -> list[int]:
    """The values of one row of the read-only counts, e.g. ``Mars``."""
    match = re.search(rf'<tr><th scope="row">{label}</th>(.*?)</tr>', html, re.S)
    assert match is not None, label
    return [int(v) for v in re.findall(r'<td class="num">(\d+)</td>', match.group(1))]


def test_tapping_a_card_gives_it_to_the_selected_player(client, board_session):
    response = _signed_in(client).post(
        _url("session-cards", board_session),
        {"seat": "1", "add": "14"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="remove" value="14"' in html
    assert list(SeatCard.objects.values_list("seat__player__name", "card")) == [
        ("Bruno", 14)
    ]


def test_tapping_cards_with_htmx_sends_back_only_what_changed(client, board_session):
    client = _signed_in(client)
    region = client.get(
        _url("session-cards", board_session), headers={"HX-Request": "true"}
    ).content
    assert region.strip().startswith(b'<div id="cards-main"')
    response = client.post(
        _url("session-cards", board_session),
        {"seat": "1", "add": "4"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    # Not the whole region (issue #15): the card, the notices, the counts by
    # god and the score, each replacing its twin by id; the page stays put.
    assert response["HX-Reswap"] == "none"
    assert 'id="cards-main"' not in html
    assert html.count('hx-swap-oob="true"') == 4
    assert '<li id="card-4" hx-swap-oob="true">' in html
    assert html.count('<li id="card-') == 1
    assert 'name="remove" value="4"' in html
    assert '<div id="cards-notices" hx-swap-oob="true">' in html
    assert '<div id="board-counts" hx-swap-oob="true">' in html
    assert '<section id="score-preview" aria-live="polite" hx-swap-oob="true">' in html
    assert len(response.content) * 2 < len(region), (len(response.content), len(region))
    # Bruno's Colonist is a second Mars card: 2 cards × 2 colonists × 2 = 8;
    # the others keep the starting hand's Tribune, 1 × 2 × 2 = 4.
    assert _count_row(html, "Mars") == [1, 2, 1]
    assert _totals(html) == [4, 8, 4]

    # Taken back: the card is free again and Bruno is back to 4.
    response = client.post(
        _url("session-cards", board_session),
        {"seat": "1", "remove": "4"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert 'name="add" value="4"' in html
    assert _count_row(html, "Mars") == [1, 1, 1]
    assert _totals(html) == [4, 4, 4]


def test_a_refused_card_tap_with_htmx_shows_its_message_on_the_card(
    client, board_session
):
    board_services.seat_card_set(
        seat=board_session.seats.get(seat_order=0), card=7, owned=True
    )
    response = _signed_in(client).post(
        _url("session-cards", board_session),
        {"seat": "2", "add": "7"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response["HX-Reswap"] == "none"
    assert '<li id="card-7" hx-swap-oob="true">' in html
    assert (
        '<p class="field-error" id="err-card-7">Each card exists once, and Ana has '
        "bought this Farmer already </p>"
    ) in html
    assert SeatCard.objects.get(card=7).seat.seat_order == 0


def test_tapping_a_card_without_javascript_redirects(client, board_session):
    response = _signed_in(client).post(
        _url("session-cards", board_session), {"seat": "2", "add": "6"}
    )
    assert response.status_code == 302
    assert (
        response["Location"] == _url("session-cards", board_session) + "?seat=2#card-6"
    )


def test_a_card_another_player_bought_gets_a_message_next_to_it(client, board_session):
    board_services.seat_card_set(
        seat=board_session.seats.get(seat_order=0), card=7, owned=True
    )
    response = _signed_in(client).post(
        _url("session-cards", board_session), {"seat": "2", "add": "7"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        '<p class="field-error" id="err-card-7">Each card exists once, and Ana has bought this Farmer already </p>'
    ) in html
    assert SeatCard.objects.get(card=7).seat.seat_order == 0


def test_a_tap_on_no_card_is_answered_with_a_message(client, board_session):
    response = _signed_in(client).post(
        _url("session-cards", board_session), {"seat": "0", "add": "Farmer"}
    )
    assert response.status_code == 200
    assert (
        '<p class="field-error" role="alert">Tap one of the cards.</p>'
        in response.content.decode()
    )
    assert not SeatCard.objects.exists()


def test_a_card_out_of_play_gets_a_message(client, board_session):
    response = _signed_in(client).post(
        _url("session-cards", board_session), {"seat": "0", "add": "30"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        "This Diplomat comes from deck V, which stays in the box with 3 players" in html
    )
    assert not SeatCard.objects.exists()


# --- the score -------------------------------------------------------------------


def _score_data(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "praefectus_magnus": "2",
        "concordia_card": "0",
        "s0-sestertii": 13, "s0-storehouse_brick": 1, "s0-storehouse_food": 0, "s0-storehouse_tool": 3,
        "s0-storehouse_wine": 0, "s0-storehouse_cloth": 1, "s0-colonists_on_board": 5,
        "s1-sestertii": 21, "s1-storehouse_brick": 0, "s1-storehouse_food": 2, "s1-storehouse_tool": 0,
        "s1-storehouse_wine": 1, "s1-storehouse_cloth": 0, "s1-colonists_on_board": 4,
        "s2-sestertii": 8, "s2-storehouse_brick": 0, "s2-storehouse_food": 0, "s2-storehouse_tool": 0,
        "s2-storehouse_wine": 0, "s2-storehouse_cloth": 0, "s2-colonists_on_board": 2,
    }  # fmt: skip
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_score_page_shows_what_the_board_counts_read_only(client, board_session):
    tap_rulebook_board(board_session)
    response = _signed_in(client).get(_url("session-board-score", board_session))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    # Ana's cards by god: Vesta, Jupiter, Saturnus, Mercurius, Mars, in that order.
    assert re.findall(r"\d+", by_id(html, "s0-cards-counted").text) == [
        "1",
        "2",
        "4",
        "2",
        "3",
    ]
    assert "12 · 3 brick, 4 food, 3 tool, 2 cloth" in html
    assert 'name="s0-houses_brick"' not in html
    assert 'name="s0-sestertii"' in html


def test_saving_the_board_score_stores_the_rulebook_result(client, board_session):
    tap_rulebook_board(board_session)
    response = _signed_in(client).post(
        _url("session-board-score", board_session),
        _score_data(action="save", version=board_session.version),
    )
    assert response.status_code == 302
    assert response["Location"] == board_session.get_absolute_url()
    results = {
        r.seat.player.name: (r.total, r.rank)
        for r in SeatResult.objects.filter(session=board_session)
    }
    assert results == {"Ana": (114, 1), "Bruno": (95, 2), "Caio": (76, 3)}
    board_session.refresh_from_db()
    assert board_session.status == SessionStatus.FINISHED


def test_saving_the_board_score_with_htmx_redirects_the_client(client, board_session):
    tap_rulebook_board(board_session)
    response = _signed_in(client).post(
        _url("session-board-score", board_session),
        _score_data(action="save"),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == board_session.get_absolute_url()


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_a_stale_board_score_shows_what_the_other_phone_saved(
    client, board_session, htmx
):
    tap_rulebook_board(board_session)
    stale = board_session.version
    signed_in = _signed_in(client)
    url = _url("session-board-score", board_session)
    first = signed_in.post(url, _score_data(action="save", version=stale))
    assert first.status_code == 302
    board_session.refresh_from_db()

    # The second phone saves what it typed, at the version it loaded.
    response = signed_in.post(
        url,
        _score_data(action="save", version=stale, **{"s0-sestertii": 20}),
        headers={"HX-Request": "true"} if htmx else {},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert ("<html" in html) is not htmx
    assert by_id(html, "saved-meanwhile").text.endswith("Ana 114, Bruno 95, Caio 76")
    assert f'name="version" value="{board_session.version}"' in html
    assert 'name="s0-sestertii" value="20"' in html
    totals = sorted(
        SeatResult.objects.filter(session=board_session).values_list("total", flat=True)
    )
    assert totals == [76, 95, 114]


def test_checking_the_board_score_with_htmx_returns_the_scoreboard_only(
    client, board_session
):
    tap_rulebook_board(board_session)
    response = _signed_in(client).post(
        _url("session-board-score", board_session),
        _score_data(action="preview"),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert html.strip().startswith('<section id="score-preview"')
    assert _totals(html) == [114, 95, 76]
    assert not SeatResult.objects.exists()


def test_a_missing_praefectus_magnus_is_shown_next_to_the_choice_and_nothing_is_saved(
    client, board_session
):
    tap_rulebook_board(board_session)
    response = _signed_in(client).post(
        _url("session-board-score", board_session),
        _score_data(action="save", praefectus_magnus=None),
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        '<p class="field-error" id="err-praefectus_magnus">'
        "Say who holds the Praefectus Magnus at the end of the game: it breaks ties </p>"
    ) in html
    assert not SeatResult.objects.exists()


def test_too_many_colonists_is_shown_next_to_the_field(client, board_session):
    tap_rulebook_board(board_session)
    response = _signed_in(client).post(
        _url("session-board-score", board_session),
        _score_data(action="save", **{"s1-colonists_on_board": 7}),
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        'id="err-s1-colonists_on_board">A player has 2 to 6 colonists on the board'
        in html
    )
    assert not ConcordiaPosition.objects.exists()


def test_an_unfinished_deal_blocks_the_score_with_links_to_fix_it(
    client, board_session
):
    tap_rulebook_board(board_session)
    SessionCity.objects.filter(session=board_session, city="Memphis").delete()
    response = _signed_in(client).post(
        _url("session-board-score", board_session), _score_data(action="save")
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<li>Choose the good of Memphis</li>" in html
    assert not SeatResult.objects.exists()


def test_a_changed_board_says_the_saved_result_is_out_of_date(client, board_session):
    tap_rulebook_board(board_session)
    client = _signed_in(client)
    client.post(_url("session-board-score", board_session), _score_data(action="save"))
    assert (
        "The board changed since"
        not in client.get(_url("session-board", board_session)).content.decode()
    )
    board_services.seat_house_set(
        seat=board_session.seats.get(seat_order=2), city="Tyros", built=True
    )
    assert (
        "The board changed since the result was saved."
        in client.get(_url("session-board", board_session)).content.decode()
    )


# --- the session pages and switching modes -------------------------------------


def test_result_page_of_a_board_game_links_to_the_board(client, board_session):
    html = _signed_in(client).get(board_session.get_absolute_url()).content.decode()
    assert f'href="{_url("session-board", board_session)}"' in html
    assert f'href="{_url("session-board-score", board_session)}"' in html
    assert elements(html, "input", type="hidden", name="mode", value="quick")
    assert has_id(html, "entry-mode-switch")


def test_hand_count_sheet_of_a_board_game_sends_to_the_board_score(
    client, board_session
):
    client = _signed_in(client)
    response = client.get(_url("session-sheet", board_session))
    assert response.status_code == 302
    assert response["Location"] == _url("session-board-score", board_session)
    response = client.post(
        _url("session-sheet", board_session), {}, headers={"HX-Request": "true"}
    )
    assert response["HX-Redirect"] == _url("session-board-score", board_session)
    assert not ConcordiaPosition.objects.exists()


def test_an_empty_game_switches_to_the_board_at_once(client, draft_session):
    client = _signed_in(client)
    assert (
        "Tap the board instead of counting"
        in client.get(_url("session-sheet", draft_session)).content.decode()
    )
    response = client.post(_url("session-entry-mode", draft_session), {"mode": "board"})
    assert response.status_code == 302
    assert response["Location"] == _url("session-cities", draft_session)
    draft_session.refresh_from_db()
    assert draft_session.entry_mode == EntryMode.BOARD


def test_a_hand_counted_game_asks_before_switching_to_the_board(
    client, finished_session
):
    client = _signed_in(client)
    response = client.post(
        _url("session-entry-mode", finished_session), {"mode": "board"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "This game already has a sheet counted by hand." in html
    finished_session.refresh_from_db()
    assert finished_session.entry_mode == EntryMode.QUICK

    response = client.post(
        _url("session-entry-mode", finished_session), {"mode": "board", "confirm": "1"}
    )
    assert response.status_code == 302
    finished_session.refresh_from_db()
    assert finished_session.entry_mode == EntryMode.BOARD
    assert (
        SeatResult.objects.get(session=finished_session, seat__seat_order=0).total
        == 114
    )


def test_a_tapped_game_asks_before_switching_to_hand_count_and_keeps_the_taps(
    client, board_session
):
    tap_rulebook_board(board_session)
    client = _signed_in(client)
    response = client.post(_url("session-entry-mode", board_session), {"mode": "quick"})
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        "The 30 city goods, 29 houses and 21 cards tapped so far are kept but stop counting"
        in html
    )
    response = client.post(
        _url("session-entry-mode", board_session),
        {"mode": "quick", "confirm": "1"},
        headers={"HX-Request": "true"},
    )
    assert response["HX-Redirect"] == _url("session-sheet", board_session)
    board_session.refresh_from_db()
    assert board_session.entry_mode == EntryMode.QUICK
    assert SeatHouse.objects.filter(session=board_session).count() == 29


def test_a_house_left_in_a_city_of_the_other_map_is_listed_and_can_be_removed(
    client, dealt_session
):
    # The map was changed on the hand-count sheet after this house was tapped.
    bruno = dealt_session.seats.get(seat_order=1)
    SeatHouse.objects.create(session=dealt_session, seat=bruno, city="Genua")
    client = _signed_in(client)
    html = client.get(_url("session-board", dealt_session)).content.decode()
    assert "These houses stand in cities that are not on Imperium" in html
    assert 'name="remove" value="Genua"' in html
    response = client.post(
        _url("session-board", dealt_session), {"seat": "1", "remove": "Genua"}
    )
    assert response.status_code == 302
    assert not SeatHouse.objects.exists()


@pytest.fixture
def germania_session(board_session: TableSession) -> TableSession:
    board_session.map = "germania"
    board_session.save()
    goods = {
        city: Good(good)
        for city, good in deal_cities(random.Random(7), "germania").items()
    }
    board_services.session_city_goods_set(session=board_session, goods=goods)
    return board_session


def test_a_germania_map_is_drawn_as_a_schematic_with_both_start_spaces(
    client, germania_session
):
    html = _signed_in(client).get(_url("session-board", germania_session)).content
    page = html.decode()
    # 30 cities in 12 provinces, no lines (no source gives Germania's graph).
    assert page.count('<a href="#row-') == 30
    assert page.count('<polygon class="province') == 12
    assert "<line " not in page
    assert 'viewBox="0 0 332 1680"' in page
    starts = elements(page, "g", class_="capital")
    assert [(g.attrs["data-start"], g.attrs["class"]) for g in starts] == [
        ("Basilia", "capital start-land"),
        ("Colonia Agrippina", "capital start-sea"),
    ]
    assert 'href="#row-basilia"' not in page
    assert "A schematic of this board" in by_id(page, "map-schematic").text
    assert "land line" not in page


def test_tapping_germania_cities_builds_and_a_start_space_is_refused(
    client, germania_session
):
    client = _signed_in(client)
    for city in ("Traiectum", "Aliso", "Bonna"):
        response = client.post(
            _url("session-board", germania_session),
            {"seat": "0", "add": city},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200
    assert "(3 of 15 built)" in response.content.decode()
    assert set(SeatHouse.objects.values_list("city", flat=True)) == {
        "Traiectum",
        "Aliso",
        "Bonna",
    }
    refused = client.post(
        _url("session-board", germania_session), {"seat": "0", "add": "Basilia"}
    ).content.decode()
    assert "Nobody builds a house in the capital, Basilia" in refused
    assert SeatHouse.objects.count() == 3
