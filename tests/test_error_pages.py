"""The 404 page is the site's own, and each 4xx answer is logged once."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.conftest import PASSWORD
from tests.markup import elements


@pytest.mark.django_db
def test_an_unknown_address_gets_the_styled_404_page(client):
    response = client.get("/no-such-page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert [t.name for t in response.templates][:2] == ["404.html", "_base.html"]
    # The page's title is its heading, in the site's frame.
    heading = elements(html, "h1")[0].text
    assert elements(html, "title")[0].text == f"{heading} · Tabularium"
    assert 'href="/static/css/app.css"' in html
    assert 'id="not-found"' in html
    assert f'href="{reverse("games:home")}"' in html


@pytest.mark.django_db
def test_an_outsider_gets_the_styled_404_page_for_a_club(client, club, charlie):
    client.login(username="charlie", password=PASSWORD)
    response = client.get(reverse("clubs:membership-list", args=[club.slug]))
    assert response.status_code == 404
    assert 'id="not-found"' in response.content.decode()
    # The site's header, with the signed-in visitor's sign-out form.
    assert f'action="{reverse("logout")}"' in response.content.decode()


@contextmanager
def _console() -> Iterator[io.StringIO]:
    """Send every console handler of the logging setup to one buffer for a while.

    What a developer sees in the terminal: the root's handler and the ones
    Django's default logging adds (pytest's own capture handlers left out).
    """
    buffer = io.StringIO()
    names = ("", "django", "django.request", "django.server", "django.security")
    handlers = {
        handler
        for name in names
        for handler in logging.getLogger(name or None).handlers
        if isinstance(handler, logging.StreamHandler)
        and not type(handler).__module__.startswith("_pytest")
    }
    assert handlers
    streams = {handler: handler.setStream(buffer) for handler in handlers}
    try:
        yield buffer
    finally:
        for handler, stream in streams.items():
            handler.setStream(stream)


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True])
def test_a_404_is_logged_once(client, debug):
    with override_settings(DEBUG=debug), _console() as console:
        assert client.get("/no-such-page/").status_code == 404
    assert console.getvalue() == "Not Found: /no-such-page/\n"


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True])
def test_a_403_is_logged_once_without_a_traceback(client, club, debug):
    client.login(username="bob", password=PASSWORD)
    url = reverse("clubs:invite-list", args=[club.slug])
    with override_settings(DEBUG=debug), _console() as console:
        assert client.get(url).status_code == 403
    assert console.getvalue() == f"Forbidden (Permission denied): {url}\n"


@pytest.mark.django_db
def test_a_refused_api_call_is_logged_once(client, club):
    with _console() as console:
        response = client.get(f"/api/v1/clubs/{club.slug}/")
    assert response.status_code in {401, 403}
    assert console.getvalue().count("\n") == 1
    assert "Traceback" not in console.getvalue()


@pytest.mark.django_db
def test_a_rejected_host_is_logged_once_without_a_traceback(client):
    with _console() as console:
        assert client.get("/", HTTP_HOST="evil.example").status_code == 400
    lines = console.getvalue().splitlines()
    assert lines == [
        "Invalid HTTP_HOST header: 'evil.example'. You may need to add 'evil.example' to ALLOWED_HOSTS."
    ]


def test_runservers_line_for_a_4xx_is_left_to_django_request():
    # `make run`: runserver also writes an access line per request; for a 4xx
    # django.request has said it already (with the path), so it is dropped.
    server = logging.getLogger("django.server")
    with _console() as console:
        server.warning('"%s" %s %s', "GET /no-such-page/ HTTP/1.1", "404", "179")
        server.info('"%s" %s %s', "GET / HTTP/1.1", "200", "5120")
    (line,) = console.getvalue().splitlines()
    assert line.endswith('] "GET / HTTP/1.1" 200 5120')


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/v1/nothing/", "/api/v1/clubs/a%0Ab/players/"])
def test_an_unknown_api_address_gets_json_not_the_404_page(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Not found."}
