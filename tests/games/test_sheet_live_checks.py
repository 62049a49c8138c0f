"""The score sheet's checks in the live strip while typing (issue #25 item 6).

With 3 players 6 Mercurius cards are in the game; three players holding 4 each
is impossible. The live preview (htmx) and the page without JavaScript both
say so in the players' strip, and the strip then shows no totals or ranks.
"""

from __future__ import annotations

from django.urls import reverse

from games.models import SeatResult, TableSession
from scoring.types import ScoreSheet
from tests.conftest import sheet_post_data
from tests.markup import by_id, elements, has_id


def _urls(session: TableSession) -> tuple[str, str]:
    kwargs = {"club_slug": session.club.slug, "session_id": session.pk}
    return (
        reverse("games:session-sheet", kwargs=kwargs),
        reverse("games:session-sheet-preview", kwargs=kwargs),
    )


def _too_many_mercurius(session: TableSession, sheet: ScoreSheet) -> dict[str, object]:
    data = sheet_post_data(sheet, list(session.seats.order_by("seat_order")))
    for seat in range(3):
        data[f"s{seat}-cards_mercurius"] = 4
    return data


def test_the_live_preview_puts_the_card_check_in_the_strip_without_totals(
    client, alice, draft_session, rulebook_sheet
):
    client.force_login(alice)
    _sheet, preview = _urls(draft_session)
    html = client.post(
        preview,
        _too_many_mercurius(draft_session, rulebook_sheet),
        headers={"HX-Request": "true"},
    ).content.decode()
    (data,) = elements(html, "ul", class_="strip-data")
    assert data.attrs["data-alert"] == (
        "1 problem on the sheet: no totals until it is put right."
    )
    items = elements(html, "li", **{"data-total": None})
    assert [(i.attrs["data-total"], i.attrs["data-rank"]) for i in items] == [
        ("–", ""),
        ("–", ""),
        ("–", ""),
    ]
    # Bruno's count is the one that goes past the deck.
    assert ["data-problem" in i.attrs for i in items] == [False, True, False]
    assert "only 6 Mercurius cards are in the game" in html


def test_without_javascript_the_strip_says_so_and_shows_no_totals(
    client, alice, draft_session, rulebook_sheet
):
    client.force_login(alice)
    sheet, preview = _urls(draft_session)
    data = _too_many_mercurius(draft_session, rulebook_sheet)
    for url in (preview, sheet):
        html = client.post(url, data).content.decode()
        alert = by_id(html, "strip-alert")
        assert "hidden" not in alert.attrs
        assert alert.text == "1 problem on the sheet: no totals until it is put right."
        assert by_id(html, "tab-s1").attrs.get("data-problem") is not None
        assert "data-problem" not in by_id(html, "tab-s0").attrs
        totals = [t.text for t in elements(html, "span", class_="strip-total")]
        assert totals == ["–", "–", "–"]
    assert not SeatResult.objects.exists()


def test_a_possible_sheet_keeps_its_totals_and_no_alert(
    client, alice, draft_session, rulebook_sheet
):
    client.force_login(alice)
    _sheet, preview = _urls(draft_session)
    data = sheet_post_data(
        rulebook_sheet, list(draft_session.seats.order_by("seat_order"))
    )
    html = client.post(preview, data, headers={"HX-Request": "true"}).content.decode()
    (strip,) = elements(html, "ul", class_="strip-data")
    assert "data-alert" not in strip.attrs
    assert [
        i.attrs["data-total"] for i in elements(html, "li", **{"data-total": None})
    ] == [
        "114",
        "95",
        "76",
    ]
    page = client.post(preview, data).content.decode()
    assert "hidden" in by_id(page, "strip-alert").attrs
    assert not has_id(page, "not-final")


def test_a_problem_typing_elsewhere_may_fix_keeps_the_totals_and_is_counted(
    client, alice, draft_session, rulebook_sheet
):
    # Too few provinces for Ana's houses: counted in the strip's alert, while
    # the totals stay (the sheet is typed one player after another).
    client.force_login(alice)
    _sheet, preview = _urls(draft_session)
    data = sheet_post_data(
        rulebook_sheet, list(draft_session.seats.order_by("seat_order"))
    )
    data["s0-provinces"] = 1
    html = client.post(preview, data, headers={"HX-Request": "true"}).content.decode()
    (strip,) = elements(html, "ul", class_="strip-data")
    assert strip.attrs["data-alert"] == (
        "1 problem on the sheet: see the list below the players."
    )
    items = elements(html, "li", **{"data-total": None})
    assert all(i.attrs["data-total"] != "–" for i in items)
    assert not any("data-problem" in i.attrs for i in items)
