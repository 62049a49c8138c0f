from __future__ import annotations

import dataclasses

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.models import ConcordiaPosition, SeatResult, SessionStatus, TableSession
from scoring.types import GoodCounts, MapName, ScoreSheet
from tests.factories import PASSWORD
from tests.markup import by_id, has_id
from tests.sheets import sheet_post_data, swapped_hands


def _urls(session: TableSession) -> tuple[str, str]:
    kwargs = {"club_slug": session.club.slug, "session_id": session.pk}
    return (
        reverse("games:session-sheet", kwargs=kwargs),
        reverse("games:session-sheet-preview", kwargs=kwargs),
    )


def _signed_in(client: Client, username: str = "alice") -> Client:
    assert client.login(username=username, password=PASSWORD)
    return client


def _with_cloth_houses(sheet: ScoreSheet, cloth: int) -> ScoreSheet:
    ana = sheet.players[0]
    houses = ana.houses.replace(cloth=cloth)
    return dataclasses.replace(
        sheet, players=(dataclasses.replace(ana, houses=houses), *sheet.players[1:])
    )


def test_sheet_page_renders_a_field_per_seat(client, draft_session):
    sheet_url, _ = _urls(draft_session)
    response = _signed_in(client).get(sheet_url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html
    for seat in range(3):
        assert f'name="s{seat}-houses_cloth"' in html
    assert 'id="score-preview"' in html


def test_preview_with_htmx_returns_only_the_scoreboard(
    client, draft_session, rulebook_sheet
):
    _, preview_url = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    response = _signed_in(client).post(
        preview_url,
        sheet_post_data(rulebook_sheet, seats),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.strip().startswith('<section id="score-preview"')
    assert by_id(html, "winner").text.endswith("Ana")
    assert '<td class="num">114</td>' in html
    assert not draft_session.seats.filter(result__isnull=False).exists()


def test_preview_without_javascript_renders_the_whole_page(
    client, draft_session, rulebook_sheet
):
    _, preview_url = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    response = _signed_in(client).post(
        preview_url, sheet_post_data(rulebook_sheet, seats)
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert by_id(html, "winner").text.endswith("Ana")
    assert 'value="13"' in html  # what was typed stays in the form


def test_preview_places_each_problem_next_to_its_field(
    client, draft_session, rulebook_sheet
):
    _, preview_url = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    data = sheet_post_data(_with_cloth_houses(rulebook_sheet, 5), seats)
    response = _signed_in(client).post(
        preview_url, data, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-slot="s0-houses_cloth"' in html
    assert "Imperium has only 4 cloth cities; 5 given" in html


def test_saving_a_valid_sheet_stores_positions_and_results(
    client, draft_session, rulebook_sheet
):
    sheet_url, _ = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    response = _signed_in(client).post(
        sheet_url, sheet_post_data(rulebook_sheet, seats, version=draft_session.version)
    )
    assert response.status_code == 302
    assert response["Location"] == draft_session.get_absolute_url()
    draft_session.refresh_from_db()
    assert draft_session.status == SessionStatus.FINISHED
    results = {
        r.seat.player.name: (r.total, r.rank, r.won)
        for r in SeatResult.objects.filter(session=draft_session)
    }
    assert results == {
        "Ana": (114, 1, True),
        "Bruno": (95, 2, False),
        "Caio": (76, 3, False),
    }
    ana = ConcordiaPosition.objects.get(seat__player__name="Ana", session=draft_session)
    assert (
        ana.sestertii,
        ana.houses["food"],
        ana.cards["saturnus"],
        ana.has_farmer,
    ) == (
        13,
        4,
        4,
        True,
    )
    assert ana.concordia_card
    assert not ana.praefectus_magnus


def test_saving_with_htmx_redirects_the_client(client, draft_session, rulebook_sheet):
    sheet_url, _ = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    response = _signed_in(client).post(
        sheet_url,
        sheet_post_data(rulebook_sheet, seats),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == draft_session.get_absolute_url()


def test_saving_an_invalid_sheet_shows_the_error_next_to_the_field_and_saves_nothing(
    client, finished_session, rulebook_sheet
):
    sheet_url, _ = _urls(finished_session)
    seats = list(finished_session.seats.order_by("seat_order"))
    data = sheet_post_data(
        _with_cloth_houses(rulebook_sheet, 5), seats, version=finished_session.version
    )
    response = _signed_in(client).post(sheet_url, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        '<p class="field-error" id="err-s0-houses_cloth" data-error-slot>'
        "Imperium has only 4 cloth cities; 5 given </p>"
    ) in html
    ana = ConcordiaPosition.objects.get(
        seat__player__name="Ana", session=finished_session
    )
    assert ana.houses["cloth"] == 2
    assert (
        SeatResult.objects.get(seat__player__name="Ana", session=finished_session).total
        == 114
    )


def test_saving_an_invalid_sheet_with_htmx_returns_the_form_fragment(
    client, draft_session, rulebook_sheet
):
    sheet_url, _ = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    data = sheet_post_data(_with_cloth_houses(rulebook_sheet, 5), seats)
    response = _signed_in(client).post(sheet_url, data, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.strip().startswith('<form id="sheet-form"')
    assert "Imperium has only 4 cloth cities; 5 given" in html


def test_a_field_that_is_not_a_number_gets_a_message_and_no_500(
    client, draft_session, rulebook_sheet
):
    sheet_url, preview_url = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    data = sheet_post_data(rulebook_sheet, seats)
    data["s1-sestertii"] = "lots"
    data["praefectus_magnus"] = "99"
    _signed_in(client)
    for url in (sheet_url, preview_url):
        response = client.post(url, data)
        html = response.content.decode()
        assert response.status_code == 200
        assert "Enter a whole number." in html
        assert "Select a valid choice. 99 is not one of the available choices." in html
    assert not SeatResult.objects.filter(session=draft_session).exists()


def test_editing_a_finished_game_rescores_it(client, finished_session, rulebook_sheet):
    sheet_url, _ = _urls(finished_session)
    seats = list(finished_session.seats.order_by("seat_order"))
    _signed_in(client)
    page = client.get(sheet_url).content.decode()
    assert 'name="s0-sestertii" value="13"' in page
    ana = dataclasses.replace(rulebook_sheet.players[0], storehouse=GoodCounts())
    edited = dataclasses.replace(
        rulebook_sheet, players=(ana, *rulebook_sheet.players[1:])
    )
    response = client.post(
        sheet_url, sheet_post_data(edited, seats, version=finished_session.version)
    )
    assert response.status_code == 302
    # 13 sestertii and no goods: Vesta falls from 3 to 1, so Ana has 112.
    assert (
        SeatResult.objects.get(seat__player__name="Ana", session=finished_session).total
        == 112
    )


def test_a_stale_version_is_a_conflict_and_keeps_the_other_save(
    client, finished_session, rulebook_sheet
):
    sheet_url, _ = _urls(finished_session)
    seats = list(finished_session.seats.order_by("seat_order"))
    stale = finished_session.version
    _signed_in(client)
    first = client.post(
        sheet_url, sheet_post_data(rulebook_sheet, seats, version=stale)
    )
    assert first.status_code == 302
    ana = dataclasses.replace(rulebook_sheet.players[0], storehouse=GoodCounts())
    edited = dataclasses.replace(
        rulebook_sheet, players=(ana, *rulebook_sheet.players[1:])
    )
    second = client.post(sheet_url, sheet_post_data(edited, seats, version=stale))
    assert second.status_code == 200
    assert has_id(second.content.decode(), "sheet-conflict")
    assert (
        SeatResult.objects.get(seat__player__name="Ana", session=finished_session).total
        == 114
    )


def test_result_page_explains_every_number(client, finished_session):
    response = _signed_in(client, "bob").get(finished_session.get_absolute_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert by_id(html, "winner").text.endswith("Ana")
    assert "Vesta: 1 card × ⌊(13 sestertii + 25 for goods) ÷ 10⌋ = 3" in html
    assert "Jupiter: 2 cards × 9 houses in non-brick cities = 18" in html
    assert "Saturnus: 4 cards × 7 provinces = 28" in html
    assert "Mercurius: 2 cards × 2 × 4 kinds of goods = 16" in html
    assert "Mars: 3 cards × 2 × 5 colonists on the board = 30" in html
    assert "Minerva: Farmer 3 × 4 food cities = 12" in html
    assert "Concordia: ended the game = 7" in html
    assert "Minerva: Smith 3 × 2 tool cities + Vintner 4 × 3 wine cities = 18" in html


# Who holds what after `swapped_hands`.
SWAPPED = {
    "concordia_card": ["Caio"],
    "praefectus_magnus": ["Ana"],
    "has_farmer": ["Caio"],
    "has_mason": ["Ana"],
}


def _holders(session: TableSession) -> dict[str, list[str]]:
    positions = ConcordiaPosition.objects.filter(session=session)
    return {
        flag: sorted(
            positions.filter(**{flag: True}).values_list(
                "seat__player__name", flat=True
            )
        )
        for flag in ("concordia_card", "praefectus_magnus", "has_farmer", "has_mason")
    }


def test_an_edit_through_the_page_moves_the_one_per_game_flags(
    client, finished_session, rulebook_sheet
):
    sheet_url, _ = _urls(finished_session)
    seats = list(finished_session.seats.order_by("seat_order"))
    _signed_in(client)
    response = client.post(
        sheet_url,
        sheet_post_data(
            swapped_hands(rulebook_sheet), seats, version=finished_session.version
        ),
    )
    assert response.status_code == 302
    assert _holders(finished_session) == SWAPPED


def test_a_first_save_has_no_flags_to_clear(client, draft_session, rulebook_sheet):
    sheet_url, _ = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    _signed_in(client)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(
            sheet_url, sheet_post_data(rulebook_sheet, seats, version=1)
        )
    assert response.status_code == 302
    writes = [
        q["sql"].split(" SET ")[0] for q in captured if q["sql"].startswith("UPDATE")
    ]
    assert writes == ['UPDATE "games_tablesession"']
    assert _holders(draft_session)["concordia_card"] == ["Ana"]


def test_a_draft_that_already_holds_positions_saves_with_the_flags_moved(
    client, draft_session, rulebook_sheet
):
    # An imported draft may come with positions: the flags it holds are cleared
    # before the new ones are stored, as on any edit.
    services.concordia_sheet_record(session=draft_session, sheet=rulebook_sheet)
    TableSession.objects.filter(pk=draft_session.pk).update(status=SessionStatus.DRAFT)
    sheet_url, _ = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    _signed_in(client)
    response = client.post(
        sheet_url, sheet_post_data(swapped_hands(rulebook_sheet), seats, version=2)
    )
    assert response.status_code == 302
    assert _holders(draft_session) == SWAPPED


def test_a_game_end_no_table_can_reach_is_shown_at_the_concordia_card(
    client, draft_session, rulebook_sheet
):
    # Without Caio's Weaver one card for sale is left and Ana has 12 houses.
    ana, bruno, caio = rulebook_sheet.players
    caio = dataclasses.replace(caio, specialists=caio.specialists[:1])
    sheet = dataclasses.replace(rulebook_sheet, players=(ana, bruno, caio))
    sheet_url, _ = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    _signed_in(client)
    response = client.post(sheet_url, sheet_post_data(sheet, seats, version=1))
    assert response.status_code == 200
    html = response.content.decode()
    error = html.split('id="err-concordia_card" data-error-slot>', 1)[1]
    error = error.split("</p>", 1)[0]
    assert error.strip() == (
        "The Concordia card goes to whoever builds their last house or buys the "
        "last card for sale, but Ana has built 12 of 15 houses and the players "
        "have bought 20 of the 21 cards for sale"
    )
    assert not SeatResult.objects.filter(session=draft_session).exists()


def test_the_sheet_checks_an_expansion_board_with_its_own_token_mix(
    client, draft_session, rulebook_sheet
):
    sheet_url, preview_url = _urls(draft_session)
    page = _signed_in(client).get(sheet_url).content.decode()
    for map_name in ("britannia", "ionium_small", "balearica"):
        assert f'<option value="{map_name}"' in page
    seats = list(draft_session.seats.order_by("seat_order"))
    corsica = dataclasses.replace(
        _with_cloth_houses(rulebook_sheet, 4), map=MapName("corsica")
    )
    response = client.post(
        preview_url, sheet_post_data(corsica, seats), headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    # Corsica's A, B and D tokens hold 3 cloth (Imperium's 4 would be fine).
    assert "Corsica has only 3 cloth cities; 4 given" in html
    small = dataclasses.replace(rulebook_sheet, map=MapName("ionium_small"))
    html = client.post(
        preview_url, sheet_post_data(small, seats), headers={"HX-Request": "true"}
    ).content.decode()
    assert by_id(html, "winner").text.endswith("Ana")
