"""A request that finds the database unreachable gets a 503 "try again" page, not a 500.

The restart test (`test_postgres_restart`) shows it with a real PostgreSQL
going down under gunicorn; these tests pin the page and the rule that only a
lost database (PEP 249's OperationalError, InterfaceError) earns it.
"""

from __future__ import annotations

import logging

import pytest
from django.db import (
    DatabaseError,
    IntegrityError,
    InterfaceError,
    OperationalError,
    connection,
)

from concordia_site.errors import _database_unreachable
from tests.markup import elements

# The 503 page's "try again" notice, by its id: its message is translated.
TRY_AGAIN = 'id="unavailable"'


def _connection_lost() -> Exception:
    """The driver's own error for a cut connection (sqlite3's or psycopg's).

    Raised where the driver would raise it, Django wraps it as its own
    OperationalError, as it does in production.
    """
    driver = connection.Database  # type: ignore[attr-defined]
    error: Exception = driver.OperationalError("server closed the connection")
    return error


def _break_cursors(patch: pytest.MonkeyPatch, error: Exception) -> None:
    def create_cursor(name=None):
        raise error

    patch.setattr(connection, "create_cursor", create_cursor)


@pytest.fixture
def broken_database(db):
    """Call it to make every new cursor fail, as a database that went away does.

    Mended before the test database is torn down (pytest's own ``monkeypatch``
    is set up before it, by pytest-django, so it would be mended after).
    """
    with pytest.MonkeyPatch.context() as patch:
        yield lambda error: _break_cursors(patch, error)


def test_a_page_whose_database_is_gone_answers_503_try_again(
    client, alice, finished_session, broken_database, caplog
):
    client.force_login(alice)
    client.raise_request_exception = False
    broken_database(_connection_lost())

    response = client.get(f"/clubs/lisboa/games/{finished_session.pk}/")

    html = response.content.decode()
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert TRY_AGAIN in html
    # Its button reloads the page.
    assert elements(html, "a", class_="primary", href="")
    assert '<html lang="en">' in html
    assert "server closed the connection" not in html
    assert "Traceback" not in html
    # Still an error in the log, with what went wrong.
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.levelno == logging.ERROR
    assert record.getMessage() == (
        f"Service Unavailable: /clubs/lisboa/games/{finished_session.pk}/"
    )
    assert record.exc_info is not None
    assert isinstance(record.exc_info[1], OperationalError)


def test_a_live_preview_whose_database_is_gone_answers_503(
    client, alice, finished_session, broken_database
):
    client.force_login(alice)
    client.raise_request_exception = False
    broken_database(_connection_lost())

    response = client.post(
        f"/clubs/lisboa/games/{finished_session.pk}/sheet/preview/",
        {"map": "imperium"},
        headers={"HX-Request": "true"},
    )

    assert response.status_code == 503
    assert TRY_AGAIN in response.content.decode()


def test_any_other_error_still_answers_the_plain_500(client, alice, broken_database):
    client.force_login(alice)
    client.raise_request_exception = False
    broken_database(ValueError("a bug, not an outage"))

    response = client.get("/clubs/new/")

    html = response.content.decode()
    assert response.status_code == 500
    assert "<h1>Server Error (500)</h1>" in html
    assert TRY_AGAIN not in html
    assert not response.has_header("Retry-After")


def _raised_while_handling(first: Exception, second: Exception) -> Exception:
    try:
        try:
            raise first
        except Exception:
            # No "from": the implicit __context__ is what is being tested.
            raise second
    except Exception as error:
        return error


@pytest.mark.parametrize(
    ("error", "unreachable"),
    [
        (OperationalError("connection refused"), True),
        (InterfaceError("connection already closed"), True),
        (
            _raised_while_handling(
                OperationalError("server closed the connection"), KeyError("seat")
            ),
            True,
        ),
        (IntegrityError("duplicate key"), False),
        (DatabaseError("division by zero"), False),
        (ValueError("bug"), False),
        (None, False),
    ],
)
def test_only_a_lost_database_counts_as_unreachable(error, unreachable):
    assert _database_unreachable(error) is unreachable


def test_the_api_answers_503_in_its_errors_document_when_the_database_is_gone(
    client, alice, broken_database
):
    client.force_login(alice)
    client.raise_request_exception = False
    broken_database(_connection_lost())

    response = client.get("/api/v1/clubs/")

    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"] == "5"
    assert response.json() == {
        "errors": [
            {
                "path": "",
                "message": "The scores cannot be reached just now. "
                "Please try again in a moment.",
            }
        ]
    }


def test_any_other_api_error_answers_500_in_its_errors_document(
    client, alice, broken_database
):
    client.force_login(alice)
    client.raise_request_exception = False
    broken_database(ValueError("a bug, not an outage"))

    response = client.get("/api/v1/clubs/")

    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert not response.has_header("Retry-After")
    assert response.json() == {
        "errors": [
            {
                "path": "",
                "message": "Something went wrong on our side; nothing was changed.",
            }
        ]
    }
    assert "a bug" not in response.content.decode()
