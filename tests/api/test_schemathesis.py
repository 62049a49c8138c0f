"""Fuzz the API from its own OpenAPI schema: no server errors, every answer as documented.

Schemathesis generates requests for every operation of ``/api/v1/schema/``
(valid and invalid ones) and sends them through the WSGI app as a signed-in
member of "lisboa", whose club holds the rulebook game and a table-assistant
game in play.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import CHECKS as CHECKS_REGISTRY
from schemathesis.config import SchemathesisConfig

from assistant import services as assistant_services
from clubs.models import Club
from concordia_site.wsgi import application
from games.models import TableSession

# `--checks all` and both kinds of data: valid requests (which must be
# accepted) and invalid ones (which must be refused). A valid score sheet or
# game log by the schema is one whose rules the schema cannot state (a
# Concordia card holder with every sale card bought, a card in the hand), so
# a 400 with the errors document is an acceptance too; so is 409 for a move on
# a head that moved.
CONFIG = SchemathesisConfig.from_dict(
    {
        "generation": {"mode": "all"},
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "400", "401", "403", "404", "409", "429"]
            }
        },
    }
)
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", application, config=CONFIG)

CHECKS = CHECKS_REGISTRY.get_all()


@pytest.fixture(autouse=True)
def _keep_the_test_connection() -> Iterator[None]:
    # Each WSGI call fires request_started/request_finished, whose
    # close_old_connections would close the test's database connection inside
    # its transaction (PostgreSQL then answers "the connection is closed").
    # Django's own test client disconnects it for the same reason.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def member_token(finished_session: TableSession, bob: User, other_club: Club) -> str:
    return str(Token.objects.create(user=bob).key)


@pytest.fixture
def real_ids(finished_session: TableSession, bob: User) -> dict[str, object]:
    log = json.loads(
        (
            Path(__file__).parent.parent / "play" / "data" / "game-log-short.json"
        ).read_text()
    )
    table_game = assistant_services.game_import(
        club=finished_session.club, created_by=bob, document=log
    )
    return {
        "club_slug": "lisboa",
        "session_id": finished_session.pk,
        "player_id": finished_session.seats.get(seat_order=0).player_id,
        "game_id": table_game.pk,
    }


@schema.parametrize()
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_the_api_never_fails_and_always_answers_as_documented(
    case, member_token, real_ids
):
    from django.core.cache import cache

    # Every example is one more request: the throttles must not turn the
    # fuzzing into a test of themselves.
    cache.clear()
    # Half the examples address the member's real club and objects, so that
    # the fuzzing reaches past the 404 of an unknown slug or id.
    if case.path_parameters and zlib.crc32(repr(case.path_parameters).encode()) % 2:
        case.path_parameters = {
            name: real_ids.get(name, value)
            for name, value in case.path_parameters.items()
        }
    # The WSGI transport hands schemathesis the body as sent, and it does not
    # undo GZipMiddleware's gzip as an HTTP client would: ask for none.
    # (tests/reliability/test_page_weight.py covers the compression.)
    case.call_and_validate(
        headers={
            "Authorization": f"Token {member_token}",
            "Accept-Encoding": "identity",
        },
        checks=CHECKS,
    )
