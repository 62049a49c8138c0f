"""The Magnanimous pages: new game, score sheet with live preview, result, club list."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.magnanimous.services import magnanimous_sheet_record
from games.models import (
    MagnanimousPosition,
    Seat,
    SeatResult,
    SessionStatus,
    TableSession,
)
from scoring.magnanimous import MagnanimousEnding
from tests.factories import PASSWORD
from tests.games.magnanimous_helpers import (
    post_data,
    republic_example,
    seat_table,
    shared_victory,
    with_ending,
    with_player,
)
from tests.markup import by_id, elements, has_id


def _signed_in(client: Client, username: str = "alice") -> Client:
    assert client.login(username=username, password=PASSWORD)
    return client


def _outcome(html: str) -> tuple[str, str]:
    """How many won (``data-winners``) and the headline naming them."""
    element = by_id(html, "outcome")
    return element.attrs["data-winners"], element.text


def _kwargs(session: TableSession) -> dict[str, object]:
    return {"club_slug": session.club.slug, "session_id": session.pk}


def _sheet_url(session: TableSession) -> str:
    return reverse("games:session-sheet", kwargs=_kwargs(session))


def _preview_url(session: TableSession) -> str:
    return reverse("games:session-sheet-preview", kwargs=_kwargs(session))


def _seats(session: TableSession) -> list[Seat]:
    return list(session.seats.order_by("seat_order"))


def _results(session: TableSession) -> dict[str, tuple[int, int, bool]]:
    return {
        r.seat.player.name: (r.total, r.rank, r.won)
        for r in SeatResult.objects.filter(session=session).select_related(
            "seat__player"
        )
    }


def _cards(html: str) -> list[tuple[int, int, int, bool, list[tuple[str, str]]]]:
    """Return each result card in page order: rank, seat, total, winner's, why lines."""
    found = []
    for block in re.findall(r'<li class="result-card.*?</ul>', html, re.S):
        head = re.match(
            r'<li class="result-card( first)?" id="result-seat-(\d)" '
            r'data-rank="(\d)" data-seat="(\d)" data-total="(-?\d+)"',
            block,
        )
        assert head is not None, block
        first, seat_id, rank, seat, total = head.groups()
        assert seat_id == seat
        lines = re.findall(r'<li data-category="(\w+)">([^<]*)</li>', block)
        found.append((int(rank), int(seat), int(total), bool(first), lines))
    return found


@pytest.fixture
def table(club, alice):
    return seat_table(club, alice, republic_example())


@pytest.fixture
def finished_table(table):
    magnanimous_sheet_record(session=table, sheet=republic_example())
    table.refresh_from_db()
    return table


# --- the new-game page ----------------------------------------------------------


def test_new_game_page_offers_both_games(client, club):
    url = reverse("games:session-create", kwargs={"club_slug": "lisboa"})
    html = _signed_in(client).get(url).content.decode()
    assert 'name="game" value="concordia"' in html
    assert 'name="game" value="magnanimous"' in html
    preselected = client.get(url + "?game=magnanimous").content.decode()
    assert 'value="magnanimous" id="id_game_1" checked' in preselected


def test_new_magnanimous_game_ignores_the_map_and_deals_the_colours(client, club):
    url = reverse("games:session-create", kwargs={"club_slug": "lisboa"})
    response = _signed_in(client).post(
        url,
        {
            "game": "magnanimous",
            "map": "imperium",
            "played_at": "2026-11-08",
            "seat0_new_name": "Bia",
            "seat1_new_name": "Davi",
            "seat1_colour": "yellow",
            "seat2_new_name": "Lia",
        },
    )
    session = TableSession.objects.get()
    assert response.status_code == 302
    assert response["Location"] == _sheet_url(session)
    assert (session.game, session.map) == ("magnanimous", "")
    assert [(s.player.name, s.colour) for s in _seats(session)] == [
        ("Bia", "red"),
        ("Davi", "yellow"),
        ("Lia", "green"),
    ]


def test_new_magnanimous_game_takes_at_most_four_players(client, club):
    url = reverse("games:session-create", kwargs={"club_slug": "lisboa"})
    data = {"game": "magnanimous", "played_at": "2026-11-08"}
    data |= {f"seat{n}_new_name": name for n, name in enumerate("ABCDE")}
    response = _signed_in(client).post(url, data)
    assert response.status_code == 200
    assert "Magnanimous is played by at most 4 players." in response.content.decode()
    assert not TableSession.objects.exists()


def test_new_magnanimous_game_has_no_black_pieces(client, club):
    url = reverse("games:session-create", kwargs={"club_slug": "lisboa"})
    response = _signed_in(client).post(
        url,
        {
            "game": "magnanimous",
            "played_at": "2026-11-08",
            "seat0_new_name": "Bia",
            "seat0_colour": "black",
            "seat1_new_name": "Davi",
        },
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        '<p class="field-error" id="id_seat0_colour_error">'
        "Magnanimous has red, green, blue and yellow pieces only.</p>"
    ) in html
    assert not TableSession.objects.exists()


def test_new_concordia_game_still_needs_its_map(client, club):
    url = reverse("games:session-create", kwargs={"club_slug": "lisboa"})
    response = _signed_in(client).post(
        url,
        {
            "game": "concordia",
            "played_at": "2026-11-08",
            "seat0_new_name": "Ana",
            "seat1_new_name": "Bruno",
        },
    )
    assert response.status_code == 200
    assert "Choose the map." in response.content.decode()
    assert not TableSession.objects.exists()


# --- the score sheet ----------------------------------------------------------


def test_sheet_page_has_a_field_per_seat_and_the_table_choices(client, table):
    response = _signed_in(client).get(_sheet_url(table))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    for seat in range(3):
        for field in ("nobility", "commerce_tokens", "reis", "votes"):
            assert f'name="s{seat}-{field}"' in html
    assert html.count('name="governor"') == 3
    assert html.count('name="ending"') == 3
    assert f'hx-post="{_preview_url(table)}"' in html
    assert 'id="score-preview"' in html


def test_preview_with_htmx_returns_only_the_scoreboard(client, table):
    response = _signed_in(client).post(
        _preview_url(table),
        post_data(republic_example(), _seats(table)),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.strip().startswith('<section id="score-preview"')
    winners, outcome = _outcome(html)
    assert (winners, outcome.endswith("Davi")) == ("1", True)
    assert (
        '<tr class="total"><th scope="row">Total</th><td class="num">35</td><td class="num">40</td><td class="num">16</td></tr>'
        in html
    )
    assert not SeatResult.objects.exists()


def test_preview_without_javascript_renders_the_whole_page(client, table):
    response = _signed_in(client).post(
        _preview_url(table), post_data(republic_example(), _seats(table))
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    winners, outcome = _outcome(html)
    assert (winners, outcome.endswith("Davi")) == ("1", True)
    assert 'name="s0-reis" value="17"' in html
    assert not SeatResult.objects.exists()


def test_preview_places_each_problem_next_to_its_field(client, table):
    sheet = with_player(republic_example(), 0, nobility=21, governor=False)
    sheet = with_player(sheet, 1, votes=4)
    response = _signed_in(client).post(
        _preview_url(table),
        post_data(sheet, _seats(table)),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert has_id(html, "not-final")
    assert (
        '<li data-slot="s0-nobility" data-message="The Nobility track runs from 0 to 20; '
        '21 given"><a href="#err-s0-nobility">'
        "Bia: The Nobility track runs from 0 to 20; 21 given</a></li>"
    ) in html
    assert (
        '<li data-slot="s1-votes" data-message="This only counts when the game ends '
        'on the Nobility track">'
    ) in html
    assert (
        '<li data-slot="governor" data-message="Exactly one player is the Governor'
        in html
    )


def test_saving_a_valid_sheet_stores_it_and_redirects_to_the_result(client, table):
    response = _signed_in(client).post(
        _sheet_url(table), post_data(republic_example(), _seats(table), version=1)
    )
    assert response.status_code == 302
    assert response["Location"] == table.get_absolute_url()
    assert _results(table) == {
        "Bia": (35, 2, False),
        "Davi": (40, 1, True),
        "Lia": (16, 3, False),
    }
    table.refresh_from_db()
    assert (table.status, table.ending) == (SessionStatus.FINISHED, "republic")


def test_saving_with_htmx_redirects_the_client(client, table):
    response = _signed_in(client).post(
        _sheet_url(table),
        post_data(republic_example(), _seats(table)),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == table.get_absolute_url()
    assert _results(table)["Davi"] == (40, 1, True)


def test_saving_an_invalid_sheet_shows_the_error_next_to_the_field_and_keeps_the_saved_one(
    client, finished_table
):
    sheet = with_player(republic_example(), 0, nobility=21)
    response = _signed_in(client).post(
        _sheet_url(finished_table), post_data(sheet, _seats(finished_table), version=2)
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert (
        '<p class="field-error" id="err-s0-nobility" data-error-slot>'
        "The Nobility track runs from 0 to 20; 21 given </p>"
    ) in html
    assert 'name="s0-nobility" value="21"' in html
    bia = MagnanimousPosition.objects.get(
        session=finished_table, seat__player__name="Bia"
    )
    assert bia.nobility == 14
    assert _results(finished_table)["Bia"] == (35, 2, False)


def test_saving_an_invalid_sheet_with_htmx_returns_the_form_fragment(client, table):
    sheet = with_player(republic_example(), 2, commerce_tokens=0)
    response = _signed_in(client).post(
        _sheet_url(table),
        post_data(sheet, _seats(table)),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.strip().startswith('<form id="sheet-form"')
    assert (
        '<p class="field-error" id="err-s2-commerce_tokens" data-error-slot>'
        "Each Commerce space counted holds at least one of the player&#x27;s tokens, "
        "so 1 spaces need at least 1 tokens; 0 given </p>"
    ) in html
    assert not SeatResult.objects.exists()


def test_a_field_that_is_not_a_number_gets_a_message_and_no_500(client, table):
    data = post_data(republic_example(), _seats(table))
    data["s1-reis"] = "lots"
    data["ending"] = "coup"
    _signed_in(client)
    for url in (_sheet_url(table), _preview_url(table)):
        response = client.post(url, data)
        html = response.content.decode()
        assert response.status_code == 200
        assert (
            '<p class="field-error" id="err-s1-reis" data-error-slot>Enter a whole number. </p>'
        ) in html
        assert (
            '<p class="field-error" id="err-ending" data-error-slot>'
            "Select a valid choice. coup is not one of the available choices. </p>"
        ) in html
    assert not SeatResult.objects.exists()


def test_a_stale_version_is_a_conflict_and_keeps_the_other_save(client, table):
    seats = _seats(table)
    _signed_in(client)
    first = client.post(
        _sheet_url(table), post_data(republic_example(), seats, version=1)
    )
    assert first.status_code == 302
    rio = with_ending(republic_example(), MagnanimousEnding.RIO_OCCUPIED)
    second = client.post(_sheet_url(table), post_data(rio, seats, version=1))
    html = second.content.decode()
    assert second.status_code == 200
    assert "<html" in html
    assert has_id(html, "sheet-conflict")
    # What the first phone saved, best first, to compare before saving over it.
    assert by_id(html, "saved-meanwhile").text.endswith("Davi 40, Bia 35, Lia 16")
    assert '<input type="hidden" name="version" value="2"' in html
    table.refresh_from_db()
    assert table.ending == "republic"


def test_a_conflict_sent_by_htmx_gets_the_form_with_the_saved_totals(
    client, finished_table
):
    """The second phone still has the draft's version: the game was saved since."""
    seats = _seats(finished_table)
    stale = post_data(
        with_player(republic_example(), 2, reis=30),
        seats,
        version=finished_table.version - 1,
    )
    response = _signed_in(client, "bob").post(
        _sheet_url(finished_table), stale, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<form id="sheet-form"')
    assert by_id(html, "sheet-conflict").attrs["role"] == "alert"
    assert by_id(html, "saved-meanwhile").text.endswith("Davi 40, Bia 35, Lia 16")
    assert '<input type="hidden" name="version" value="2"' in html
    assert _results(finished_table)["Lia"] == (16, 3, False)


def test_editing_a_finished_game_shows_what_was_saved(client, finished_table):
    html = _signed_in(client).get(_sheet_url(finished_table)).content.decode()
    assert 'name="s0-nobility" value="14"' in html
    assert 'name="s1-commerce_tokens" value="9"' in html
    assert '<input type="radio" name="governor" value="0" checked>' in html
    assert '<input type="radio" name="ending" value="republic" checked>' in html
    winners, outcome = _outcome(html)
    assert (winners, outcome.endswith("Davi")) == ("1", True)


def test_an_edit_through_the_page_hands_the_governor_to_an_earlier_seat(client, table):
    # Davi (second seat) held the Governor; the edit gives it to Bia (first
    # seat), whose row is written before Davi's gives it up.
    davi_governs = with_player(
        with_player(republic_example(), 0, governor=False), 1, governor=True
    )
    magnanimous_sheet_record(session=table, sheet=davi_governs)
    table.refresh_from_db()
    response = _signed_in(client).post(
        _sheet_url(table),
        post_data(republic_example(), _seats(table), version=table.version),
    )
    assert response.status_code == 302
    assert _results(table) == {
        "Bia": (35, 2, False),
        "Davi": (40, 1, True),
        "Lia": (16, 3, False),
    }
    governors = MagnanimousPosition.objects.filter(session=table, governor=True)
    assert [p.seat.player.name for p in governors] == ["Bia"]


# --- the result page and the club's list --------------------------------------


def test_result_page_explains_every_number(client, finished_table):
    response = _signed_in(client, "bob").get(finished_table.get_absolute_url())
    html = response.content.decode()
    assert response.status_code == 200
    winners, outcome = _outcome(html)
    assert (winners, outcome.endswith("Davi")) == ("1", True)
    assert "The Republic was proclaimed: the most points wins." in html
    # No table with the names as column headings (issue #15): a stacked card
    # per player in rank order, the winner's marked, each with its why lines.
    assert '<table class="scoreboard">' not in html
    assert _cards(html) == [
        (
            1,
            1,
            40,
            True,
            [
                ("court", "Court: Count (nobility 11) = 6"),
                ("commerce", "Commerce: most spaces (3, 9 tokens) = 10"),
                ("politics", "Politics: 1 referendum card × 3 = 3"),
                ("military", "Military: 7 troops × 2 = 14"),
                ("economy", "Economy: 23 réis ÷ 3 = 7"),
                ("territory", "Territory: no occupied province = 0"),
            ],
        ),
        (
            2,
            0,
            35,
            False,
            [
                ("court", "Court: Marquis (nobility 14) = 9"),
                ("commerce", "Commerce: second most spaces (3, 7 tokens) = 5"),
                ("politics", "Politics: 2 referendum cards × 3 = 6"),
                ("military", "Military: 5 troops × 2 = 10"),
                ("economy", "Economy: 17 réis ÷ 3 = 5"),
                (
                    "territory",
                    "Territory: 1 occupied province × −5 + governor of Rio +5 = 0",
                ),
            ],
        ),
        (
            3,
            2,
            16,
            False,
            [
                ("court", "Court: Duke (nobility 19) = 12"),
                ("commerce", "Commerce: 1 space, 4 tokens: not among the two most = 0"),
                ("politics", "Politics: 3 referendum cards × 3 = 9"),
                ("military", "Military: 2 troops × 2 = 4"),
                ("economy", "Economy: 5 réis ÷ 3 = 1"),
                ("territory", "Territory: 2 occupied provinces × −5 = −10"),
            ],
        ),
    ]
    assert "data-tie-reason" not in html


def test_result_page_says_nobody_wins_when_rio_falls(client, table):
    rio = with_ending(republic_example(), MagnanimousEnding.RIO_OCCUPIED)
    magnanimous_sheet_record(session=table, sheet=rio)
    html = _signed_in(client).get(table.get_absolute_url()).content.decode()
    assert _outcome(html)[0] == "0"
    assert "nobody" in by_id(html, "outcome").attrs["class"].split()
    assert "Paraguayan troops occupied Rio de Janeiro" in html
    # Still ranked by points, but no card is a winner's.
    cards = _cards(html)
    assert [(rank, seat, total) for rank, seat, total, _w, _l in cards] == [
        (1, 1, 40),
        (2, 0, 35),
        (3, 2, 16),
    ]
    assert not any(won for _r, _s, _t, won, _l in cards)


def test_result_page_names_a_shared_victory(client, club, alice):
    sheet = shared_victory()
    session = seat_table(club, alice, sheet)
    magnanimous_sheet_record(session=session, sheet=sheet)
    html = _signed_in(client).get(session.get_absolute_url()).content.decode()
    winners, outcome = _outcome(html)
    assert (winners, "Ana" in outcome, "Bia" in outcome) == ("2", True, True)
    assert (
        '<p class="tie-break" id="ending-reason" data-tie-reason="shared">'
        "The Republic was proclaimed. Ana and Bia have 25 points and 12 réis each: "
        "they share the victory.</p>"
    ) in html
    cards = _cards(html)
    assert [(rank, seat, total, won) for rank, seat, total, won, _l in cards] == [
        (1, 0, 25, True),
        (1, 1, 25, True),
        (3, 2, 10, False),
    ]
    assert ("commerce", "Commerce: most spaces (3, 4 tokens) = 10") in cards[1][4]
    assert ("territory", "Territory: 2 occupied provinces × −5 = −10") in cards[2][4]


def test_result_page_of_a_nobility_ending_says_why_the_noble_wins(client, table):
    sheet = with_ending(republic_example(), MagnanimousEnding.NOBILITY)
    sheet = with_player(sheet, 0, nobility=20, votes=6)
    sheet = with_player(sheet, 2, nobility=20, votes=4)
    magnanimous_sheet_record(session=table, sheet=sheet)
    html = _signed_in(client).get(table.get_absolute_url()).content.decode()
    winners, outcome = _outcome(html)
    assert (winners, outcome.endswith("Bia")) == ("1", True)
    assert (
        '<p class="tie-break" id="ending-reason" data-tie-reason="votes">'
        "Bia and Lia reached space 20 in the same round; Bia wins with the most "
        "fixed votes (6).</p>"
    ) in html
    # The noble comes first whatever the points.
    rank, seat, _total, won, _lines = _cards(html)[0]
    assert (rank, seat, won) == (1, 0, True)


def test_result_page_before_the_sheet_is_saved(client, table):
    html = _signed_in(client).get(table.get_absolute_url()).content.decode()
    assert has_id(html, "not-scored")


def test_club_page_names_the_game_and_who_won(client, club, alice, finished_table):
    rio_sheet = with_ending(republic_example(), MagnanimousEnding.RIO_OCCUPIED)
    rio = seat_table(club, alice, rio_sheet)
    magnanimous_sheet_record(session=rio, sheet=rio_sheet)
    shared = shared_victory()
    shared_session = seat_table(club, alice, shared)
    magnanimous_sheet_record(session=shared_session, sheet=shared)
    html = _signed_in(client).get(club.get_absolute_url()).content.decode()
    assert html.count("· Magnanimous") == 3
    assert "<strong>🏆 Davi 40</strong>" in html
    assert "<strong>🏆 Ana 25</strong> · <strong>🏆 Bia 25</strong> · Caio 10" in html
    assert html.count('data-ending="rio_occupied"') == 1
    assert html.count("🏆") == 3


# --- who may see the pages ------------------------------------------------------


def _urls(session: TableSession) -> list[tuple[str, str]]:
    return [
        ("get", _sheet_url(session)),
        ("post", _sheet_url(session)),
        ("post", _preview_url(session)),
        ("get", session.get_absolute_url()),
    ]


@pytest.mark.parametrize("index", range(4))
def test_outsider_gets_404(client, charlie, other_club, finished_table, index):
    method, url = _urls(finished_table)[index]
    _signed_in(client, "charlie")
    data = post_data(republic_example(), _seats(finished_table))
    response = (
        getattr(client, method)(url, data) if method == "post" else client.get(url)
    )
    assert response.status_code == 404
    assert _results(finished_table)["Davi"] == (40, 1, True)


@pytest.mark.parametrize("index", range(4))
def test_anonymous_visitor_is_sent_to_sign_in(client, finished_table, index):
    method, url = _urls(finished_table)[index]
    response = getattr(client, method)(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_sheet_and_the_result_say_how_each_category_scores(client, finished_table):
    signed_in = _signed_in(client, "bob")
    for url in (_sheet_url(finished_table), finished_table.get_absolute_url()):
        html = signed_in.get(url).content.decode()
        fold = by_id(html, "scoring-rules")
        assert fold.tag == "details"
        assert [dt.attrs["data-category"] for dt in elements(html, "dt")] == [
            "court",
            "commerce",
            "politics",
            "military",
            "economy",
            "territory",
        ]
    # In the reader's language, from the Portuguese rulebook's terms.
    signed_in.cookies["django_language"] = "pt-br"
    html = signed_in.get(_sheet_url(finished_table)).content.decode()
    assert "Marquês (13–18) 9" in by_id(html, "scoring-rules").text
