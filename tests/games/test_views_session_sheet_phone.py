"""The phone-first score sheet (issue #15, part 1): the players' strip with the
totals, a tab per player, steppers and the number pad's walk, and the summary
of problems with a link to each, with and without JavaScript."""

from __future__ import annotations

import dataclasses
import re

from django.test import Client
from django.urls import reverse

from games.models import SeatResult, TableSession
from scoring.types import ScoreSheet
from tests.conftest import PASSWORD, sheet_post_data
from tests.games.magnanimous_helpers import post_data as magnanimous_post_data
from tests.games.magnanimous_helpers import republic_example, seat_table
from tests.markup import by_id, has_id


def _urls(session: TableSession) -> tuple[str, str]:
    kwargs = {"club_slug": session.club.slug, "session_id": session.pk}
    return (
        reverse("games:session-sheet", kwargs=kwargs),
        reverse("games:session-sheet-preview", kwargs=kwargs),
    )


def _signed_in(client: Client) -> Client:
    assert client.login(username="alice", password=PASSWORD)
    return client


def _with_cloth_houses(sheet: ScoreSheet, cloth: int) -> ScoreSheet:
    ana = sheet.players[0]
    houses = ana.houses.replace(cloth=cloth)
    return dataclasses.replace(
        sheet, players=(dataclasses.replace(ana, houses=houses), *sheet.players[1:])
    )


def _found(pattern: str, text: str) -> str:
    match = re.search(pattern, text)
    assert match is not None, pattern
    return match.group(1)


def _tab(html: str, seat: int) -> str:
    match = re.search(rf'<a class="strip-tab" href="#s{seat}".*?</a>', html, re.S)
    assert match is not None, f"no tab for seat {seat}"
    return match.group(0)


def test_the_strip_has_a_tab_per_player_in_seating_order(client, draft_session):
    sheet_url, _ = _urls(draft_session)
    html = _signed_in(client).get(sheet_url).content.decode()
    tabs = re.findall(r'<a class="strip-tab" href="#s(\d)" id="tab-s\d"', html)
    assert tabs == ["0", "1", "2"]
    names = [
        _found(r'<span class="strip-name">([^<]*)</span>', _tab(html, s))
        for s in range(3)
    ]
    assert names == ["Ana", "Bruno", "Caio"]
    # Nothing is scored yet: no total, no rank.
    assert "data-total>–</span>" in _tab(html, 0)
    assert "data-rank></span>" in _tab(html, 0)
    # Each panel is what its tab links to, without JavaScript too.
    for seat in range(3):
        assert f'<fieldset class="seat" id="s{seat}">' in html
    # The Praefectus Magnus and the Concordia card: one chip per player.
    assert (
        html.count('<label class="chip"><input type="radio" name="praefectus_magnus"')
        == 3
    )
    assert (
        html.count('<label class="chip"><input type="radio" name="concordia_card"') == 3
    )


def test_counts_come_in_the_number_pads_order_with_their_real_maximum(
    client, draft_session
):
    sheet_url, _ = _urls(draft_session)
    html = _signed_in(client).get(sheet_url).content.decode()
    panel = html[html.index('id="s0"') : html.index('id="s1"')]
    names = re.findall(r'<input type="number"[^>]* name="s0-(\w+)"', panel)
    assert names == [
        "houses_brick",
        "houses_food",
        "houses_tool",
        "houses_wine",
        "houses_cloth",
        "provinces",
        "colonists_on_board",
        "cards_vesta",
        "cards_jupiter",
        "cards_saturnus",
        "cards_mercurius",
        "cards_mars",
        "sestertii",
        "storehouse_brick",
        "storehouse_food",
        "storehouse_tool",
        "storehouse_wine",
        "storehouse_cloth",
    ]
    # Imperium has 8 brick cities; with 3 players decks I-III hold 5 more
    # Jupiter cards than the 2 of the starting hand; only one Vesta card exists
    # per player, so the number pad passes over it.
    assert 'name="s0-houses_brick" value="0" min="0" max="8"' in panel
    assert 'name="s0-cards_jupiter" value="2" min="0" max="7"' in panel
    assert (
        'name="s0-cards_vesta" value="1" min="0" max="1" aria-describedby="err-s0-cards_vesta" data-skip'
        in panel
    )
    # Steppers: hidden until app.js shows them; a plain number field without it.
    # Money is typed: every count but the sestertii has them.
    assert panel.count('<button type="button" class="step"') == 2 * (len(names) - 1)
    assert 'aria-controls="id_s0-sestertii"' not in panel
    assert panel.count('class="step" data-step="1" aria-controls="id_s0-') == (
        len(names) - 1
    )
    buttons = re.findall(r'<button type="button" class="step"[^>]*>', panel)
    assert len(buttons) == 2 * (len(names) - 1)
    assert all(button.endswith(" hidden>") for button in buttons)


def test_checking_without_javascript_lands_on_the_summary_with_every_total(
    client, draft_session, rulebook_sheet
):
    sheet_url, preview_url = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    client = _signed_in(client)
    page = client.get(sheet_url).content.decode()
    assert f'formaction="{preview_url}#score-preview"' in page

    response = client.post(preview_url, sheet_post_data(rulebook_sheet, seats))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    # The strip has every total and rank; the points by god are open below.
    totals = [
        (
            _found(r"data-total>([^<]*)<", _tab(html, s)),
            _found(r"data-rank>([^<]*)<", _tab(html, s)),
        )
        for s in range(3)
    ]
    assert totals == [("114", "#1"), ("95", "#2"), ("76", "#3")]
    assert '<details id="score-details" open>' in html
    assert by_id(html, "winner").text.endswith("Ana")
    assert not SeatResult.objects.exists()


def test_the_live_preview_carries_the_totals_for_the_strip(
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
    assert (
        '<ul class="strip-data" hidden><li data-total="114" data-rank="1"></li>'
        '<li data-total="95" data-rank="2"></li>'
        '<li data-total="76" data-rank="3"></li></ul>'
    ) in html
    # Folded: the strip shows the totals; app.js keeps it open once opened.
    assert '<details id="score-details">' in html


def test_problems_are_summed_up_at_the_top_with_a_link_to_each_field(
    client, draft_session, rulebook_sheet
):
    sheet_url, _ = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    data = sheet_post_data(_with_cloth_houses(rulebook_sheet, 5), seats)
    del data["praefectus_magnus"]
    response = _signed_in(client).post(sheet_url, data)
    html = response.content.decode()
    assert response.status_code == 200
    summary = html[html.index('<ul class="problems"') : html.index("</ul>")]
    # The summary comes before the players' panels.
    assert html.index('<ul class="problems"') < html.index('id="s0"')
    pm = "Say who holds the Praefectus Magnus at the end of the game: it breaks ties"
    assert f'<a href="#err-praefectus_magnus">{pm}</a>' in summary
    assert (
        '<a href="#err-s0-houses_cloth">'
        "Ana: Imperium has only 4 cloth cities; 5 given</a>"
    ) in summary
    # Each message is next to its field too, the rules' words, not "required".
    assert (
        f'<p class="field-error" id="err-praefectus_magnus" data-error-slot>{pm} </p>'
    ) in html
    assert (
        '<p class="field-error" id="err-s0-houses_cloth" data-error-slot>'
        "Imperium has only 4 cloth cities; 5 given </p>"
    ) in html
    assert not SeatResult.objects.exists()


def test_totals_show_before_the_praefectus_and_the_concordia_card_are_chosen(
    client, draft_session, rulebook_sheet
):
    sheet_url, preview_url = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    data = sheet_post_data(rulebook_sheet, seats)
    del data["praefectus_magnus"]
    del data["concordia_card"]
    client = _signed_in(client)
    html = client.post(
        preview_url, data, headers={"HX-Request": "true"}
    ).content.decode()
    # Ana without the Concordia card's 7: 107.
    assert (
        '<li data-total="107" data-rank="1"></li>'
        '<li data-total="95" data-rank="2"></li>'
        '<li data-total="76" data-rank="3"></li>'
    ) in html
    assert has_id(html, "not-final")
    assert (
        '<li data-slot="concordia_card" data-message="In a final sheet exactly one '
        'player has the Concordia card: the one who ended the game">'
    ) in html
    # Saving refuses it, and says what is missing.
    response = client.post(sheet_url, data)
    assert response.status_code == 200
    assert "Say who holds the Praefectus Magnus" in response.content.decode()
    assert not SeatResult.objects.exists()


def test_the_whole_sheet_posted_without_javascript_is_saved(
    client, draft_session, rulebook_sheet
):
    sheet_url, _ = _urls(draft_session)
    seats = list(draft_session.seats.order_by("seat_order"))
    response = _signed_in(client).post(
        sheet_url, sheet_post_data(rulebook_sheet, seats)
    )
    assert response.status_code == 302
    assert response["Location"] == draft_session.get_absolute_url()
    totals = dict(
        SeatResult.objects.filter(seat__session=draft_session).values_list(
            "seat__player__name", "total"
        )
    )
    assert totals == {"Ana": 114, "Bruno": 95, "Caio": 76}


def test_the_magnanimous_sheet_has_the_strip_and_the_governor_chips(
    client, club, alice
):
    table = seat_table(club, alice, republic_example())
    seats = list(table.seats.order_by("seat_order"))
    sheet_url, preview_url = _urls(table)
    client = _signed_in(client)
    html = client.get(sheet_url).content.decode()
    assert html.count('<label class="chip"><input type="radio" name="governor"') == 3
    panel = html[html.index('id="s0"') : html.index('id="s1"')]
    # The tie-break votes are rare: the number pad passes over them.
    assert re.findall(r'name="s0-(\w+)"[^>]*data-skip', panel) == ["votes"]

    response = client.post(
        preview_url, magnanimous_post_data(republic_example(), seats)
    )
    html = response.content.decode()
    totals = [_found(r"data-total>([^<]*)<", _tab(html, s)) for s in range(3)]
    assert totals == ["35", "40", "16"]
    outcome = by_id(html, "outcome")
    assert (outcome.attrs["data-winners"], outcome.text.endswith("Davi")) == ("1", True)
