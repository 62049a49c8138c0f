"""Salsa's salt and forum on the web: the new-game choice, the sheet sized by the
game's modules, the stored position and result, the result page's reasons."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from clubs.models import Club
from games import services
from games.models import ConcordiaPosition, SeatResult, TableSession
from scoring.types import ScoreSheet
from tests.factories import PASSWORD
from tests.markup import by_id
from tests.sheets import example_sheet, sheet_post_data


def _signed_in(client: Client) -> Client:
    assert client.login(username="alice", password=PASSWORD)
    return client


@pytest.fixture
def salsa_sheet() -> ScoreSheet:
    return example_sheet("concordia-salsa")


@pytest.fixture
def salsa_session(club: Club, alice: User, salsa_sheet: ScoreSheet) -> TableSession:
    return services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        expansions=["salt", "forum"],
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=b.name) for b in salsa_sheet.players],
    )


def _sheet_url(session: TableSession) -> str:
    return reverse(
        "games:session-sheet",
        kwargs={"club_slug": session.club.slug, "session_id": session.pk},
    )


def test_a_new_game_can_be_played_with_salt_and_the_forum(client, club):
    url = reverse("games:session-create", kwargs={"club_slug": "lisboa"})
    html = _signed_in(client).get(url).content.decode()
    assert 'name="expansions" value="salt"' in html
    assert "Salsa: the forum" in html
    response = client.post(
        url,
        {
            "map": "imperium",
            "expansions": ["salt", "forum"],
            "played_at": "2026-11-20",
            "seat0_new_name": "Ana",
            "seat1_new_name": "Bia",
        },
    )
    assert response.status_code == 302
    assert TableSession.objects.get().expansions == ["salt", "forum"]


def test_an_unknown_module_is_a_field_error(client, club):
    url = reverse("games:session-create", kwargs={"club_slug": "lisboa"})
    response = _signed_in(client).post(
        url,
        {
            "map": "imperium",
            "expansions": ["pepper"],
            "played_at": "2026-11-20",
            "seat0_new_name": "Ana",
            "seat1_new_name": "Bia",
        },
    )
    assert response.status_code == 200
    assert "Select a valid choice. pepper is not one of the available choices." in (
        response.content.decode()
    )
    assert not TableSession.objects.exists()


def test_the_sheet_of_a_salsa_game_asks_for_salt_and_forum_points(
    client, salsa_session, draft_session
):
    html = _signed_in(client).get(_sheet_url(salsa_session)).content.decode()
    for seat in range(3):
        assert f'name="s{seat}-houses_salt"' in html
        assert f'name="s{seat}-storehouse_salt"' in html
        assert f'name="s{seat}-forum_points"' in html
    base = client.get(_sheet_url(draft_session)).content.decode()
    assert 'name="s0-houses_salt"' not in base
    assert 'name="s0-forum_points"' not in base


def test_saving_a_salsa_sheet_stores_salt_and_the_forum_row(
    client, salsa_session, salsa_sheet
):
    seats = list(salsa_session.seats.order_by("seat_order"))
    response = _signed_in(client).post(
        _sheet_url(salsa_session), sheet_post_data(salsa_sheet, seats)
    )
    assert response.status_code == 302
    totals = [
        (r.seat.player.name, r.total, r.breakdown["minerva"], r.breakdown["forum"])
        for r in SeatResult.objects.filter(session=salsa_session).order_by(
            "seat__seat_order"
        )
    ]
    assert totals == [("Ana", 146, 37, 0), ("Bruno", 82, 9, -2), ("Caio", 44, 0, 0)]
    bruno = ConcordiaPosition.objects.get(seat=seats[1])
    assert bruno.houses["salt"] == 1
    assert bruno.storehouse["salt"] == 1
    assert bruno.rows == {"forum_points": -2}
    # The result page says where the salt cities went and what the forum did.
    page = client.get(salsa_session.get_absolute_url()).content.decode()
    ana = page[page.index('id="result-seat-0"') : page.index('id="result-seat-1"')]
    assert (
        "Minerva: Farmer 3 × 4 food cities + Weaver 5 × 2 cloth cities"
        " + 5 × 3 salt cities = 37"
    ) in ana
    bruno_card = page[page.index('id="result-seat-1"') :]
    assert "Forum: won or lost through the forum = -2" in bruno_card


def test_too_many_salt_cities_is_shown_next_to_the_field(
    client, salsa_session, salsa_sheet
):
    seats = list(salsa_session.seats.order_by("seat_order"))
    data = sheet_post_data(salsa_sheet, seats)
    data["s0-houses_salt"] = 5
    response = _signed_in(client).post(_sheet_url(salsa_session), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Imperium has only 4 salt cities; 5 given" in html
    assert not SeatResult.objects.filter(session=salsa_session).exists()


def test_a_forum_bid_out_of_range_is_a_field_error(client, salsa_session, salsa_sheet):
    seats = list(salsa_session.seats.order_by("seat_order"))
    data = sheet_post_data(salsa_sheet, seats)
    data["s1-forum_points"] = "-100"
    response = _signed_in(client).post(_sheet_url(salsa_session), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Ensure this value is greater than or equal to -99." in html
    assert by_id(html, "score-preview") is not None
