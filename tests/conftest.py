"""The standing cast (healthchecks' alice/bob/charlie): a club, its members and an outsider.

- alice owns the club "Lisboa" and records games;
- bob is a member of the same club and sits at the table;
- charlie is an outsider: a member of another club only.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import caches
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from clubs import services as clubs_services
from clubs.models import Club
from games import services
from games.models import TableSession
from scoring.types import ScoreSheet

# The helpers test modules used to import from here live in tests/sheets.py and
# tests/factories.py; the names stay importable from here too.
from tests.factories import PASSWORD, UserFactory
from tests.sheets import (
    EXAMPLES,
    example_document,
    example_sheet,
    sheet_post_data,
    swapped_hands,
)

__all__ = [
    "EXAMPLES",
    "PASSWORD",
    "example_document",
    "example_sheet",
    "sheet_post_data",
    "swapped_hands",
]

hypothesis_settings.register_profile("ci", deadline=None, max_examples=100)
hypothesis_settings.load_profile("ci")


# Which tests `make test` also runs on SQLite when the full suite runs on
# PostgreSQL: those whose behaviour can differ by database. A test is one when
# it commits for real (transactional tests, a live server), lives in a module
# of database behaviour (constraints and triggers in ``test_models``, the
# migrations, the races and the reliability drills, the backup drill), or says
# so itself with ``@pytest.mark.both_databases``. Everything else runs once.
_BOTH_DATABASES_MODULES = ("test_models.py", "test_race.py", "test_backup")
_BOTH_DATABASES_PREFIXES = ("test_migration",)
_BOTH_DATABASES_FOLDERS = ("reliability",)


def in_both_databases(item: pytest.Item) -> bool:
    path = item.path
    if path.parent.name in _BOTH_DATABASES_FOLDERS:
        return True
    if path.name.startswith(_BOTH_DATABASES_MODULES + _BOTH_DATABASES_PREFIXES):
        return True
    marker = item.get_closest_marker("django_db")
    if marker is not None and marker.kwargs.get("transaction"):
        return True
    names = getattr(item, "fixturenames", ())
    return any(name in names for name in ("transactional_db", "live_server"))


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by the markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if in_both_databases(item):
            item.add_marker(pytest.mark.both_databases)


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
def _source_language() -> Iterator[None]:
    # LocaleMiddleware activates a request's language for the whole thread and
    # never switches back: after a page asked for in Portuguese, a message built
    # outside a request (a service's, a command's) would come out in Portuguese.
    # Every test starts, and ends, in the source language.
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


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


@pytest.fixture(autouse=True)
def _event_logs_cleared_for_the_flush(request: pytest.FixtureRequest) -> Iterator[None]:
    # A transactional test commits for real and is flushed afterwards; the
    # assistant's append-only event table refuses that flush while it holds
    # events (tests/event_logs.py). This teardown runs before the flush.
    yield
    marker = request.node.get_closest_marker("django_db")
    committed = (marker is not None and marker.kwargs.get("transaction")) or any(
        name in request.fixturenames for name in ("transactional_db", "live_server")
    )
    if committed:
        from tests.event_logs import event_logs_clear

        event_logs_clear()


@pytest.fixture
def alice(db: None) -> User:
    return UserFactory.create(username="alice")


@pytest.fixture
def bob(db: None) -> User:
    return UserFactory.create(username="bob")


@pytest.fixture
def charlie(db: None) -> User:
    return UserFactory.create(username="charlie")


@pytest.fixture
def club(alice: User, bob: User) -> Club:
    return club_lisboa_create(alice=alice, bob=bob)


def club_lisboa_create(*, alice: User, bob: User) -> Club:
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    clubs_services.membership_add(club=club, user=bob)
    return club


@pytest.fixture
def other_club(charlie: User) -> Club:
    return club_porto_create(charlie=charlie)


def club_porto_create(*, charlie: User) -> Club:
    return clubs_services.club_create(name="Porto", slug="porto", owner=charlie)


@pytest.fixture
def rulebook_sheet() -> ScoreSheet:
    return example_sheet("concordia-rulebook")


@pytest.fixture
def draft_session(club: Club, alice: User, rulebook_sheet: ScoreSheet) -> TableSession:
    """The rulebook's three players seated on Imperium, sheet not yet entered."""
    return session_draft_create(club=club, alice=alice, sheet=rulebook_sheet)


def session_draft_create(*, club: Club, alice: User, sheet: ScoreSheet) -> TableSession:
    return services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        place="Café",
        seats=[services.SeatInput(new_name=b.name) for b in sheet.players],
    )


@pytest.fixture
def finished_session(
    draft_session: TableSession, rulebook_sheet: ScoreSheet
) -> TableSession:
    services.concordia_sheet_record(session=draft_session, sheet=rulebook_sheet)
    draft_session.refresh_from_db()
    return draft_session


def session_finished_create(
    *, club: Club, alice: User, sheet: ScoreSheet
) -> TableSession:
    """`finished_session`, outside a fixture (for casts built once a module)."""
    session = session_draft_create(club=club, alice=alice, sheet=sheet)
    services.concordia_sheet_record(session=session, sheet=sheet)
    session.refresh_from_db()
    return session
