"""Issue #7: a page costs the same number of queries for 1 item as for 20.

Every list-like page and API list is loaded twice by a signed-in member (an
owner where only owners and admins may look): once with one item, once with
twenty, in the same club; the two counts must be equal, and a page that
lists the items must have grown (so that an empty page cannot pass). On a
game's own pages the items are its seats: 2, then 5 (4 for Magnanimous, its
most). A query run once per row shows up as the difference, and the failure
message names both counts and the statements that were repeated.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.authtoken.models import Token

from clubs import services as clubs_services
from clubs.models import Club, Player, Role
from games import services
from games.concordia import services as board_services
from games.magnanimous.services import (
    magnanimous_session_create,
    magnanimous_sheet_record,
)
from games.models import EntryMode, Game, TableSession
from scoring.board import sale_cards_in_play
from scoring.magnanimous import MagnanimousBoard, MagnanimousEnding, MagnanimousSheet
from scoring.maps import MAPS
from scoring.types import MapName
from stats import services as stats_services
from tests.games.magnanimous_helpers import post_data as magnanimous_post_data
from tests.rulebook_board import IMPERIUM_GOODS
from tests.scoring.builders import board, ender, table
from tests.sheets import sheet_post_data
from tests.stats.conftest import record

NAMES = ("Ana", "Bruno", "Caio", "Dora", "Edu")
START = dt.datetime(2026, 1, 3, 20, tzinfo=dt.UTC)
HTMX = {"HX-Request": "true"}


# --- counting -------------------------------------------------------------------


def _normalised(sql: str) -> str:
    # Ids and other literals differ between rows; the statement's shape does not.
    return re.sub(r"\b\d+\b", "N", sql)


@dataclass(frozen=True)
class Measured:
    queries: list[str]
    size: int


def _count(
    client: Client,
    url: str,
    *,
    method: str = "get",
    data: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
    status: int = 200,
) -> Measured:
    """Request ``url``; return the SQL it ran and the size of its body."""
    with CaptureQueriesContext(connection) as captured:
        response = getattr(client, method)(url, data or {}, headers=headers or {})
    assert response.status_code == status, f"{url}: {response.status_code}"
    return Measured(
        queries=[query["sql"] for query in captured.captured_queries],
        size=len(response.content),
    )


def _assert_same(
    one: Measured, many: Measured, label: str, *, lists: bool = True
) -> None:
    """Assert both cost the same; ``lists``: the page shows the items, so it grew."""
    repeated = Counter(map(_normalised, many.queries)) - Counter(
        map(_normalised, one.queries)
    )
    extra = "\n".join(f"  +{n} {sql[:300]}" for sql, n in repeated.most_common(5))
    assert len(one.queries) == len(many.queries), (
        f"{label}: {len(one.queries)} queries with the fewer items, "
        f"{len(many.queries)} with more\n{extra}"
    )
    if lists:
        grew = many.size > one.size
        assert grew, f"{label}: {one.size} bytes then {many.size}: no items shown"


# --- building the data, through the services the pages use ------------------------


def _day(index: int) -> dt.datetime:
    return START + dt.timedelta(days=index)


def concordia_game(
    club: Club, by: User, seats: int, *, finished: bool = True, day: int = 0
) -> TableSession:
    """A game of Concordia on Imperium for ``NAMES[:seats]``, scored unless told not to."""
    names = NAMES[:seats]
    session = services.session_create(
        club=club,
        created_by=by,
        map_name="imperium",
        played_at=_day(day),
        place="Café",
        seats=[services.SeatInput(new_name=name) for name in names],
    )
    if finished:
        first, *others = names
        sheet = table(
            ender(first, sestertii=5),
            *(board(name, sestertii=6 + i) for i, name in enumerate(others)),
        )
        services.concordia_sheet_record(session=session, sheet=sheet)
        session.refresh_from_db()
    return session


def magnanimous_sheet(seats: int) -> MagnanimousSheet:
    return MagnanimousSheet(
        ending=MagnanimousEnding.REPUBLIC,
        players=tuple(
            MagnanimousBoard(
                name=name,
                nobility=3 + 2 * i,
                commerce_spaces=i,
                commerce_tokens=i,
                troops=i,
                reis=4 + i,
                governor=i == 0,
            )
            for i, name in enumerate(NAMES[:seats])
        ),
    )


def magnanimous_game(
    club: Club, by: User, seats: int, *, finished: bool = True, day: int = 0
) -> TableSession:
    """A game of Magnanimous for ``NAMES[:seats]``, ended by the Republic unless a draft."""
    session = magnanimous_session_create(
        club=club,
        created_by=by,
        played_at=_day(day),
        seats=[services.SeatInput(new_name=name) for name in NAMES[:seats]],
    )
    if finished:
        magnanimous_sheet_record(session=session, sheet=magnanimous_sheet(seats))
        session.refresh_from_db()
    return session


def board_game(club: Club, by: User, seats: int, *, day: int = 0) -> TableSession:
    """A Concordia game entered on the board: goods dealt, a house and a card per seat."""
    session = concordia_game(club, by, seats, finished=False, day=day)
    board_services.session_entry_mode_set(session=session, mode=EntryMode.BOARD)
    board_services.session_city_goods_set(session=session, goods=IMPERIUM_GOODS)
    cities = [city.name for city in MAPS[MapName("imperium")].cities]
    cards = [card.id for card in sale_cards_in_play(seats)]
    for seat in session.seats.order_by("seat_order"):
        board_services.seat_house_set(
            seat=seat, city=cities[seat.seat_order], built=True
        )
        board_services.seat_card_set(seat=seat, card=cards[seat.seat_order], owned=True)
    session.refresh_from_db()
    return session


def mixed_games(club: Club, by: User, count: int, *, first_day: int) -> None:
    """``count`` games of every kind: finished and drafts, both games, 2 to 5 seats."""
    for index in range(count):
        day = first_day + index
        seats = 2 + index % 3
        match index % 4:
            case 0:
                concordia_game(club, by, seats + 1, day=day)
            case 1:
                magnanimous_game(club, by, seats, day=day)
            case 2:
                concordia_game(club, by, seats, finished=False, day=day)
            case _:
                magnanimous_game(club, by, seats, finished=False, day=day)


# --- who asks ---------------------------------------------------------------------


@pytest.fixture
def as_user(club: Club, alice: User, bob: User) -> Callable[[str], Client]:
    """Return a client for ``who``: "member" (bob) or "owner" (alice), by session
    or, with "+token", by API token."""

    def client_for(who: str) -> Client:
        user = {"member": bob, "owner": alice}[who.removesuffix("+token")]
        if who.endswith("+token"):
            token, _created = Token.objects.get_or_create(user=user)
            return Client(headers={"Authorization": f"Token {token.key}"})
        client = Client()
        client.force_login(user)
        return client

    return client_for


API_AUTH = ["", "+token"]


# --- lists of games -----------------------------------------------------------------

GAME_LISTS = [
    ("games:club-detail", "member"),
    ("games:club-results-csv", "member"),
    ("games:club-bgstats-download", "member"),
    ("games:club-backup-download", "owner"),
    *(
        (name, who + auth)
        for name, who in (
            ("api:session-list", "member"),
            ("api:results-csv", "member"),
            ("api:bgstats-export", "member"),
            ("api:backup-export", "owner"),
        )
        for auth in API_AUTH
    ),
]


@pytest.mark.parametrize(("name", "who"), GAME_LISTS)
def test_a_list_of_games_costs_the_same_for_1_and_20_games(
    club, alice, as_user, name, who
):
    client = as_user(who)
    url = reverse(name, kwargs={"club_slug": club.slug})
    concordia_game(club, alice, 3)
    one = _count(client, url)
    mixed_games(club, alice, 19, first_day=1)
    assert club.sessions.count() == 20
    _assert_same(one, _count(client, url), name)


# --- lists of players, members, invites and clubs ----------------------------------

PLAYER_LISTS = [
    ("clubs:player-list", "member"),
    ("clubs:player-list", "owner"),
    ("games:session-create", "member"),
    *(("api:player-list", "member" + auth) for auth in API_AUTH),
]


def _more_players(club: Club, count: int) -> None:
    """Add guests and players linked to accounts, some of whom have played."""
    for index in range(count):
        player = clubs_services.player_get_or_create(club=club, name=f"Player {index}")
        if index % 2:
            player.user = User.objects.create_user(f"player{index}")
            player.save(update_fields=["user"])


@pytest.mark.parametrize(("name", "who"), PLAYER_LISTS)
def test_a_list_of_players_costs_the_same_for_1_and_20_players(
    club, alice, as_user, name, who
):
    client = as_user(who)
    url = reverse(name, kwargs={"club_slug": club.slug})
    clubs_services.player_get_or_create(club=club, name="Ana")
    one = _count(client, url)
    _more_players(club, 17)
    concordia_game(club, alice, 3)  # Bruno and Caio: 20 players, 3 with a game.
    assert club.players.count() == 20
    _assert_same(one, _count(client, url), name)


@pytest.fixture
def solo(alice: User) -> Club:
    """A club whose only member is its owner, alice."""
    return clubs_services.club_create(name="Solo", slug="solo", owner=alice)


def test_the_members_pages_cost_the_same_for_1_and_20_members(solo, alice):
    """The members page, and a player's page whose account choice lists them."""
    client = Client()
    client.force_login(alice)
    guest = clubs_services.player_get_or_create(club=solo, name="Ana")
    urls = {
        "members": reverse("clubs:membership-list", kwargs={"club_slug": solo.slug}),
        "player": reverse(
            "clubs:player-edit", kwargs={"club_slug": solo.slug, "player_id": guest.pk}
        ),
    }
    one = {
        **{label: _count(client, url) for label, url in urls.items()},
        "htmx": _count(client, urls["members"], headers=HTMX),
    }
    for index in range(19):
        user = User.objects.create_user(f"member{index}")
        role = (Role.MEMBER, Role.ADMIN, Role.OWNER)[index % 3]
        clubs_services.membership_add(club=solo, user=user, role=role)
    assert solo.memberships.count() == 20
    for label, url in urls.items():
        _assert_same(one[label], _count(client, url), label)
    _assert_same(one["htmx"], _count(client, urls["members"], headers=HTMX), "htmx")


def test_the_invites_page_costs_the_same_for_1_and_20_invites(club, alice):
    client = Client()
    client.force_login(alice)
    url = reverse("clubs:invite-list", kwargs={"club_slug": club.slug})

    def invite(index: int) -> None:
        created = clubs_services.invite_create(
            club=club,
            created_by=alice,
            expires_in=dt.timedelta(days=7),
            max_uses=None if index % 3 else 2,
        )
        if index % 5 == 4:
            clubs_services.invite_revoke(invite=created)

    invite(0)
    one = _count(client, url)
    for index in range(1, 20):
        invite(index)
    _assert_same(one, _count(client, url), "invites")


@pytest.mark.parametrize("who", ["page", *("api" + auth for auth in API_AUTH)])
def test_the_list_of_ones_clubs_costs_the_same_for_2_and_20_clubs(alice, who):
    # With one club the home page goes straight to it: two is its shortest list.
    if who == "page":
        client, url = Client(), reverse("games:home")
        client.force_login(alice)
    else:
        client, url = Client(), reverse("api:club-list")
        if who.endswith("+token"):
            token = Token.objects.create(user=alice)
            client = Client(headers={"Authorization": f"Token {token.key}"})
        else:
            client.force_login(alice)
    for index in range(2):
        clubs_services.club_create(name=f"Club {index}", owner=alice)
    few = _count(client, url)
    for index in range(2, 20):
        clubs_services.club_create(name=f"Club {index}", owner=alice)
    _assert_same(few, _count(client, url), who)


# --- a game's own pages: its seats ---------------------------------------------------

Build = Callable[[Club, User, int], TableSession]


def _concordia_draft(club: Club, by: User, seats: int) -> TableSession:
    return concordia_game(club, by, seats, finished=False, day=seats)


def _concordia_finished(club: Club, by: User, seats: int) -> TableSession:
    return concordia_game(club, by, seats, day=seats)


def _magnanimous_draft(club: Club, by: User, seats: int) -> TableSession:
    return magnanimous_game(club, by, seats, finished=False, day=seats)


def _magnanimous_finished(club: Club, by: User, seats: int) -> TableSession:
    return magnanimous_game(club, by, seats, day=seats)


def _on_the_board(club: Club, by: User, seats: int) -> TableSession:
    return board_game(club, by, seats, day=seats)


KINDS: dict[str, tuple[Build, int]] = {
    "concordia-draft": (_concordia_draft, 5),
    "concordia-finished": (_concordia_finished, 5),
    "magnanimous-draft": (_magnanimous_draft, 4),
    "magnanimous-finished": (_magnanimous_finished, 4),
    "board": (_on_the_board, 5),
}

GAME_PAGES = [
    ("games:session-detail", kind, "member")
    for kind in (
        "concordia-finished",
        "concordia-draft",
        "magnanimous-finished",
        "magnanimous-draft",
    )
] + [
    ("games:session-sheet", kind, "member")
    for kind in (
        "concordia-draft",
        "concordia-finished",
        "magnanimous-draft",
        "magnanimous-finished",
    )
]
GAME_PAGES += [
    (name, "board", "member")
    for name in (
        "games:session-board",
        "games:session-cities",
        "games:session-cards",
        "games:session-board-score",
        "games:session-entry-mode",
    )
]
GAME_PAGES += [("games:session-entry-mode", "concordia-finished", "member")]
# Pages about the game as a whole, whose length does not follow its seats; a
# draft's result page only says that the sheet is still to be entered.
NOT_BY_SEAT = {
    *((name, "board") for name in ("games:session-cities", "games:session-entry-mode")),
    ("games:session-entry-mode", "concordia-finished"),
    ("games:session-detail", "concordia-draft"),
    ("games:session-detail", "magnanimous-draft"),
}
GAME_PAGES += [
    ("api:session-detail", kind, "member" + auth)
    for kind in ("concordia-finished", "magnanimous-finished")
    for auth in API_AUTH
]


def _game_url(name: str, session: TableSession) -> str:
    return reverse(
        name, kwargs={"club_slug": session.club.slug, "session_id": session.pk}
    )


@pytest.mark.parametrize(("name", "kind", "who"), GAME_PAGES)
def test_a_games_page_costs_the_same_for_2_and_most_seats(
    club, alice, as_user, name, kind, who
):
    build, most = KINDS[kind]
    client = as_user(who)
    two = _count(client, _game_url(name, build(club, alice, 2)))
    full = _count(client, _game_url(name, build(club, alice, most)))
    label = f"{name} ({kind}, 2 and {most} seats)"
    _assert_same(two, full, label, lists=(name, kind) not in NOT_BY_SEAT)


def _concordia_post(session: TableSession, *, version: int | None) -> dict[str, Any]:
    seats = list(session.seats.order_by("seat_order"))
    names = [seat.player.name for seat in session.seats.select_related("player")]
    sheet = table(*(board(name, sestertii=20) for name in names))
    return sheet_post_data(sheet, seats, version=version)


def _magnanimous_post(session: TableSession, *, version: int | None) -> dict[str, Any]:
    seats = list(session.seats.order_by("seat_order"))
    return magnanimous_post_data(magnanimous_sheet(len(seats)), seats, version=version)


POSTED = {
    Game.CONCORDIA: ("concordia-finished", _concordia_post),
    Game.MAGNANIMOUS: ("magnanimous-finished", _magnanimous_post),
}


@pytest.mark.parametrize("game", [Game.CONCORDIA, Game.MAGNANIMOUS])
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["no-js", "htmx"])
def test_the_live_preview_costs_the_same_for_2_and_most_seats(
    club, alice, as_user, game, headers
):
    kind, body = POSTED[game]
    build, most = KINDS[kind]
    client = as_user("member")

    def preview(seats: int) -> Measured:
        session = build(club, alice, seats)
        url = _game_url("games:session-sheet-preview", session)
        return _count(
            client,
            url,
            method="post",
            data=body(session, version=None),
            headers=headers,
        )

    _assert_same(preview(2), preview(most), f"preview of {game}")


@pytest.mark.parametrize("game", [Game.CONCORDIA, Game.MAGNANIMOUS])
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["no-js", "htmx"])
def test_a_version_conflict_costs_the_same_for_2_and_most_seats(
    club, alice, as_user, game, headers
):
    """The conflict re-renders the sheet with the saved totals: no query per seat."""
    kind, body = POSTED[game]
    build, most = KINDS[kind]
    client = as_user("member")

    def conflict(seats: int) -> Measured:
        session = build(club, alice, seats)
        url = _game_url("games:session-sheet", session)
        stale = body(session, version=session.version - 1)
        return _count(client, url, method="post", data=stale, headers=headers)

    _assert_same(conflict(2), conflict(most), f"conflict on {game}")


def _first_city_and_card(session: TableSession) -> tuple[str, int]:
    """A city and a card nobody has yet (`board_game` gave seat n the n-th of each)."""
    cities = [city.name for city in MAPS[MapName("imperium")].cities]
    return cities[6], sale_cards_in_play(2)[6].id


def _board_score_data(session: TableSession) -> dict[str, Any]:
    data: dict[str, Any] = {
        "praefectus_magnus": "0",
        "concordia_card": "0",
        "version": session.version,
        "action": "preview",
    }
    for order in range(session.seats.count()):
        data[f"s{order}-sestertii"] = 10
        data[f"s{order}-colonists_on_board"] = 2
        for good in ("brick", "food", "tool", "wine", "cloth"):
            data[f"s{order}-storehouse_{good}"] = 0
    return data


BOARD_POSTS = ["house", "card", "score-preview"]


@pytest.mark.parametrize("action", BOARD_POSTS)
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["no-js", "htmx"])
def test_a_tap_on_the_board_costs_the_same_for_2_and_5_seats(
    club, alice, as_user, action, headers
):
    client = as_user("member")
    # Without JavaScript a recorded tap answers with a redirect, which lists nothing.
    redirects = not headers and action != "score-preview"

    def tap(seats: int) -> Measured:
        session = board_game(club, alice, seats, day=seats)
        city, card = _first_city_and_card(session)
        taps: dict[str, tuple[str, dict[str, Any]]] = {
            "house": ("games:session-board", {"seat": 1, "add": city}),
            "card": ("games:session-cards", {"seat": 1, "add": card}),
            "score-preview": ("games:session-board-score", _board_score_data(session)),
        }
        name, data = taps[action]
        return _count(
            client,
            _game_url(name, session),
            method="post",
            data=data,
            headers=headers,
            status=302 if redirects else 200,
        )

    _assert_same(tap(2), tap(5), f"{action} tap", lists=not redirects)


@pytest.mark.parametrize("game", [Game.CONCORDIA, Game.MAGNANIMOUS])
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["no-js", "htmx"])
def test_a_sheet_with_errors_costs_the_same_for_2_and_most_seats(
    club, alice, as_user, game, headers
):
    """A sheet sent with a field wrong comes back with its errors, nothing saved."""
    kind, body = POSTED[game]
    build, most = KINDS[kind]
    client = as_user("member")

    def wrong(seats: int) -> Measured:
        session = build(club, alice, seats)
        data = body(session, version=session.version)
        data["s1-" + ("sestertii" if game == Game.CONCORDIA else "reis")] = "lots"
        url = _game_url("games:session-sheet", session)
        return _count(client, url, method="post", data=data, headers=headers)

    _assert_same(wrong(2), wrong(most), f"sheet with errors ({game})")


# --- statistics ------------------------------------------------------------------------


def _stats_game(club: Club, game: str, *, day: int, seats: list[str]) -> None:
    """Store a finished game's rows as the statistics tests do (`record`)."""
    specs = [(name, 100 - 10 * i, i + 1) for i, name in enumerate(seats)]
    if game == Game.CONCORDIA:
        record(club, day=f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}", seats=specs)
    else:
        record(
            club,
            day=f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}",
            seats=specs,
            game=Game.MAGNANIMOUS,
            ending=MagnanimousEnding.REPUBLIC,
            points={name: {"court": total} for name, total, _rank in specs},
        )


STATS_PAGES = [
    ("stats:leaderboard", "member"),
    ("stats:leaderboard?htmx&order=-games&players=2", "member"),
    ("stats:leaderboard?date_from=2026-01&date_to=2026-12", "member"),
    ("stats:club-summary", "member"),
    *(
        (name, "member" + auth)
        for name in ("api:leaderboard", "api:club-statistics")
        for auth in API_AUTH
    ),
]


def _stats_url(name: str, club: Club, game: str) -> tuple[str, dict[str, str]]:
    """Return the URL of ``name`` (which may carry a query, "htmx" in it: a fragment)."""
    name, _mark, query = name.partition("?")
    headers = HTMX if "htmx" in query else {}
    query = "&".join(part for part in query.split("&") if part and part != "htmx")
    if name.startswith("api:"):
        url = reverse(name, kwargs={"club_slug": club.slug}) + f"?game={game}"
        return url + (f"&{query}" if query else ""), headers
    url = reverse(name, kwargs={"club_slug": club.slug, "game": game})
    return url + (f"?{query}" if query else ""), headers


@pytest.mark.parametrize("game", [Game.CONCORDIA, Game.MAGNANIMOUS])
@pytest.mark.parametrize(("name", "who"), STATS_PAGES)
def test_a_statistics_page_costs_the_same_for_2_and_20_rows(
    club, as_user, game, name, who
):
    """Two players on the leaderboard (a game has two seats at least), then twenty."""
    client = as_user(who)
    url, headers = _stats_url(name, club, game)
    _stats_game(club, game, day=0, seats=["P0", "P1"])
    stats_services.stats_rebuild(club_id=club.pk, game=game)
    one = _count(client, url, headers=headers)
    for index in range(2, 20):
        _stats_game(club, game, day=index, seats=[f"P{index}", f"P{index - 1}"])
    stats_services.stats_rebuild(club_id=club.pk, game=game)
    assert Player.objects.filter(club=club).count() == 20
    many = _count(client, url, headers=headers)
    # The club's figures are per month and per score: they do not list players.
    lists = "leaderboard" in name
    _assert_same(one, many, f"{name} ({game})", lists=lists)


PLAYER_PAGES = [
    ("stats:player-detail", "member"),
    ("stats:player-detail?htmx", "member"),
    *(("api:player-statistics", "member" + auth) for auth in API_AUTH),
]


@pytest.mark.parametrize("game", [Game.CONCORDIA, Game.MAGNANIMOUS])
@pytest.mark.parametrize(("name", "who"), PLAYER_PAGES)
def test_a_players_statistics_cost_the_same_for_1_and_20_games_and_opponents(
    club, as_user, game, name, who
):
    """Ana's page after one game against one opponent, then after twenty games
    against twenty opponents, Rex among them in eleven (enough for a rival)."""
    client = as_user(who)
    _stats_game(club, game, day=0, seats=["Ana", "Rex"])
    stats_services.stats_rebuild(club_id=club.pk, game=game)
    ana = Player.objects.get(club=club, name="Ana")
    name, _mark, query = name.partition("?")
    headers = HTMX if query == "htmx" else {}
    if name.startswith("api:"):
        url = reverse(name, kwargs={"club_slug": club.slug, "player_id": ana.pk})
        url += f"?game={game}"
    else:
        url = reverse(
            name, kwargs={"club_slug": club.slug, "game": game, "player_id": ana.pk}
        )
    one = _count(client, url, headers=headers)
    for index in range(1, 20):
        seats = ["Ana", "Rex", f"O{index}"] if index % 2 else [f"O{index}", "Ana"]
        _stats_game(club, game, day=index, seats=seats)
    stats_services.stats_rebuild(club_id=club.pk, game=game)
    _assert_same(one, _count(client, url, headers=headers), f"{name} ({game})")
