"""The standing cast (healthchecks' alice/bob/charlie): a club, its members and an outsider.

- alice owns the club "Lisboa" and records games;
- bob is a member of the same club and sits at the table;
- charlie is an outsider: a member of another club only.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from hypothesis import settings as hypothesis_settings

from games import services
from games.models import Club, Seat, TableSession
from scoring import parse_concordia
from scoring.types import ScoreSheet, Specialist

hypothesis_settings.register_profile("ci", deadline=None, max_examples=100)
hypothesis_settings.load_profile("ci")

EXAMPLES = Path(__file__).parent / "scoring" / "data"
PASSWORD = "correct-horse-battery"


def example_document(name: str) -> object:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def example_sheet(name: str) -> ScoreSheet:
    return parse_concordia(example_document(name))


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: object) -> None:
    # PBKDF2's deliberate slowness protects real passwords; in tests it only
    # makes every login take a quarter of a second.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _axes_only_where_tested(request: pytest.FixtureRequest, settings: object) -> None:
    # django-axes refuses authenticate() without a request, which Client.login()
    # never passes. Tests of the lockout, and the real-browser tests, opt in
    # with @pytest.mark.axes / e2e and sign in through the login page instead.
    if not any(request.node.get_closest_marker(m) for m in ("axes", "e2e")):
        settings.AXES_ENABLED = False  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    # The API throttles count requests in the cache: without this, a test
    # would inherit the requests of every test before it and get 429. The
    # "tasks" cache holds the queued-refresh marks (`stats.coalesce`): a mark
    # left by a test whose task no worker took would hold back the next one's.
    for alias in ("default", "tasks"):
        caches[alias].clear()
    yield
    for alias in ("default", "tasks"):
        caches[alias].clear()


@pytest.fixture
def alice(db: None) -> User:
    return User.objects.create_user("alice", password=PASSWORD)


@pytest.fixture
def bob(db: None) -> User:
    return User.objects.create_user("bob", password=PASSWORD)


@pytest.fixture
def charlie(db: None) -> User:
    return User.objects.create_user("charlie", password=PASSWORD)


@pytest.fixture
def club(alice: User, bob: User) -> Club:
    club = services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    services.membership_add(club=club, user=bob)
    return club


@pytest.fixture
def other_club(charlie: User) -> Club:
    return services.club_create(name="Porto", slug="porto", owner=charlie)


@pytest.fixture
def rulebook_sheet() -> ScoreSheet:
    return example_sheet("concordia-rulebook")


@pytest.fixture
def draft_session(club: Club, alice: User, rulebook_sheet: ScoreSheet) -> TableSession:
    """The rulebook's three players seated on Imperium, sheet not yet entered."""
    return services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        place="Café",
        seats=[services.SeatInput(new_name=b.name) for b in rulebook_sheet.players],
    )


@pytest.fixture
def finished_session(
    draft_session: TableSession, rulebook_sheet: ScoreSheet
) -> TableSession:
    services.concordia_sheet_record(session=draft_session, sheet=rulebook_sheet)
    draft_session.refresh_from_db()
    return draft_session


def swapped_hands(sheet: ScoreSheet) -> ScoreSheet:
    """Move the rulebook game's Concordia card, Praefectus Magnus and specialists.

    Ana gets the Praefectus and the Mason, Caio the card and the Farmer (he
    keeps his Weaver: every sale card stays bought, which ends the game).
    """
    ana, bruno, caio = sheet.players
    return dataclasses.replace(
        sheet,
        players=(
            dataclasses.replace(
                ana, specialists=(Specialist.MASON,), concordia_card=False
            ),
            bruno,
            dataclasses.replace(
                caio,
                specialists=(Specialist.FARMER, Specialist.WEAVER),
                concordia_card=True,
            ),
        ),
        praefectus_magnus="Ana",
    )


def sheet_post_data(
    sheet: ScoreSheet, seats: list[Seat], *, version: int | None = None
) -> dict[str, object]:
    """Return the POST body the score entry page sends for ``sheet``."""
    data: dict[str, object] = {"map": sheet.map.value}
    if version is not None:
        data["version"] = version
    for seat, board in zip(seats, sheet.players, strict=True):
        prefix = f"s{seat.seat_order}-"
        data[prefix + "sestertii"] = board.sestertii
        data[prefix + "colonists_on_board"] = board.colonists_on_board
        data[prefix + "provinces"] = board.provinces
        for good, count in board.storehouse.items():
            data[f"{prefix}storehouse_{good.value}"] = count
        for good, count in board.houses.items():
            data[f"{prefix}houses_{good.value}"] = count
        for god, count in board.cards.items():
            data[f"{prefix}cards_{god.value}"] = count
        data[prefix + "specialists"] = [s.value for s in board.specialists]
        if board.concordia_card:
            data["concordia_card"] = seat.seat_order
        if board.name == sheet.praefectus_magnus:
            data["praefectus_magnus"] = seat.seat_order
    return data
