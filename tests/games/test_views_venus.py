"""Venus on the web: the new-game page's modules and team play, the sheet's
Venus counts, the winning team on the sheet and the result page."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import SeatResult, TableSession
from tests.factories import PASSWORD
from tests.markup import by_id
from tests.sheets import example_sheet, sheet_post_data


def _create_url() -> str:
    return reverse("games:session-create", kwargs={"club_slug": "lisboa"})


def _sheet_url(session: TableSession) -> str:
    return reverse(
        "games:session-sheet",
        kwargs={"club_slug": session.club.slug, "session_id": session.pk},
    )


def _seats(count: int) -> dict[str, str]:
    names = ("Ana", "Bia", "Caio", "Duda", "Eli", "Fabi")
    return {f"seat{i}_new_name": names[i] for i in range(count)}


def _post_new(client: Client, **data: Any) -> Any:
    assert client.login(username="alice", password=PASSWORD)
    return client.post(
        _create_url(), {"map": "imperium", "played_at": "2026-11-20", **data}
    )


def test_the_new_game_page_offers_venus_team_play_and_six_seats(client, club):
    assert client.login(username="alice", password=PASSWORD)
    html = client.get(_create_url()).content.decode()
    assert 'name="expansions" value="venus"' in html
    assert 'name="team_play"' in html
    assert 'name="seat5_new_name"' in html


@pytest.mark.parametrize(
    ("count", "teams"), [(4, "ABAB"), (6, "ABCABC")], ids=["four", "six"]
)
def test_team_play_seats_partners_alternately(client, club, count, teams):
    response = _post_new(client, expansions=["venus"], team_play="on", **_seats(count))
    assert response.status_code == 302
    session = TableSession.objects.get()
    assert session.expansions == ["venus"]
    assert "".join(s.team for s in session.seats.order_by("seat_order")) == teams


def test_a_venus_game_without_teams_has_no_teams(client, club):
    assert _post_new(client, expansions=["venus"], **_seats(3)).status_code == 302
    session = TableSession.objects.get()
    assert session.expansions == ["venus"]
    assert {s.team for s in session.seats.all()} == {""}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"team_play": "on", **_seats(4)},
            "Team play needs the Venus expansion: tick it too.",
        ),
        (
            {"expansions": ["venus"], "team_play": "on", **_seats(5)},
            "Team play is for 4 or 6 players; 5 are seated.",
        ),
        (
            {"expansions": ["venus"], **_seats(6)},
            "Concordia is played by at most 5 players.",
        ),
        ({**_seats(6)}, "Concordia is played by at most 5 players."),
    ],
    ids=["without-venus", "five-in-teams", "six-alone", "six-base"],
)
def test_tables_team_play_refuses(client, club, data, message):
    response = _post_new(client, **data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not TableSession.objects.exists()


def _team_session(club: Any, alice: Any) -> TableSession:
    sheet = example_sheet("concordia-venus-teams")
    return services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[
            services.SeatInput(
                new_name=b.name, team={"Red": "A", "Blue": "B"}[b.team or ""]
            )
            for b in sheet.players
        ],
        expansions=["venus"],
    )


def test_a_team_game_entered_on_the_sheet_shows_the_winning_team(client, club, alice):
    session = _team_session(club, alice)
    assert client.login(username="alice", password=PASSWORD)
    html = client.get(_sheet_url(session)).content.decode()
    assert 'name="s0-cards_venus"' in html
    assert 'name="s0-venus_team_provinces"' in html
    assert 'name="s0-venus_provinces"' not in html
    seats = list(session.seats.order_by("seat_order"))
    sheet = example_sheet("concordia-venus-teams")
    response = client.post(_sheet_url(session), sheet_post_data(sheet, seats))
    assert response.status_code == 302, response.content.decode()
    results = {
        r.seat.player.name: (r.total, r.rank, r.won, r.breakdown["venus"])
        for r in SeatResult.objects.filter(session=session)
    }
    # Ana scores best, but her team (A: Ana and Caio, 115) loses to B's 132.
    assert results == {
        "Ana": (79, 1, False, 6),
        "Bia": (72, 2, True, 2),
        "Caio": (36, 4, False, 6),
        "Duda": (60, 3, True, 2),
    }
    detail = client.get(session.get_absolute_url()).content.decode()
    assert by_id(detail, "winner-team").text == "Winning team: Team B (Bia and Duda)"
    assert 'data-team="A" data-rank="2" data-total="115"' in detail
    assert 'data-team="B" data-rank="1" data-total="132"' in detail
    assert 'id="winner"' not in detail


def test_a_venus_sheet_stores_and_shows_the_provinces_with_two_houses(
    client, club, alice
):
    sheet = example_sheet("concordia-venus")
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=b.name) for b in sheet.players],
        expansions=["venus"],
    )
    seats = list(session.seats.order_by("seat_order"))
    assert client.login(username="alice", password=PASSWORD)
    html = client.get(_sheet_url(session)).content.decode()
    assert 'name="s0-venus_provinces"' in html
    response = client.post(_sheet_url(session), sheet_post_data(sheet, seats))
    assert response.status_code == 302, response.content.decode()
    ana = seats[0]
    ana.refresh_from_db()
    assert ana.concordia_position.module_counts == {"venus_provinces": 4}
    assert ana.result.breakdown["venus"] == 16
    assert ana.result.total == 140
    # Opened again, the sheet shows what was saved.
    html = client.get(_sheet_url(session)).content.decode()
    assert by_id(html, "id_s0-venus_provinces").attrs.get("value") == "4"


def test_a_venus_sheet_with_too_many_provinces_says_so_next_to_the_field(
    client, club, alice
):
    sheet = example_sheet("concordia-venus")
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=b.name) for b in sheet.players],
        expansions=["venus"],
    )
    seats = list(session.seats.order_by("seat_order"))
    data = sheet_post_data(sheet, seats)
    data["s1-venus_provinces"] = 2
    assert client.login(username="alice", password=PASSWORD)
    response = client.post(_sheet_url(session), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert (
        "Only a province holding the player&#x27;s houses can hold two of them, and"
        " there are 1; 2 given"
    ) in html
    assert not SeatResult.objects.exists()


def test_a_venus_team_game_can_be_tapped_on_the_board(client, club, alice):
    # The board entry counts Venus' cards and the provinces each team shares
    # (tests/games/test_views_board_modules.py): the switch is offered.
    session = _team_session(club, alice)
    assert client.login(username="alice", password=PASSWORD)
    html = client.get(_sheet_url(session)).content.decode()
    assert 'id="entry-mode-switch"' in html
    response = client.post(
        reverse(
            "games:session-entry-mode",
            kwargs={"club_slug": "lisboa", "session_id": session.pk},
        ),
        {"mode": "board", "confirm": "on"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "games:session-cities",
        kwargs={"club_slug": "lisboa", "session_id": session.pk},
    )
    session.refresh_from_db()
    assert session.entry_mode == "board"
