"""Every state-changing request needs the CSRF token; htmx sends it from <body>.

The POSTs come from the authorization matrix's rules, so a new form is covered
as soon as it has its rule. Each is sent by someone allowed to make it (dora, an
admin of Lisboa, or an anonymous visitor for the public forms), so that a 403
can only be the CSRF check.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.security.test_access import (
    CASES,
    GUEST,
    PUBLIC,
    Rule,
    _expected,
    _is_api,
    _url,
)

# POSTs that need no token, and why.
EXEMPT = {
    # Scores a sheet and stores nothing; callable without an account by design.
    "api:score-sheet",
    # Trades a user name and password for a token: there is no session to
    # ride on, and another site cannot read the answer.
    "api:auth-token",
    # Answers every unknown API address with a JSON 404; nothing to protect.
    "api:not-found",
}

POSTS = [(name, rule) for name, method, rule in CASES if method == "post"]
POST_IDS = [name for name, _rule in POSTS]
PROTECTED = [(name, rule) for name, rule in POSTS if name not in EXEMPT]
PROTECTED_IDS = [name for name, _rule in PROTECTED]

HX_HEADERS = re.compile(r"<body hx-headers='([^']*)'")


def _actor(rule: Rule) -> str:
    return "anonymous" if rule.access in {PUBLIC, GUEST} else "admin"


def _client(people: dict[str, User | None], actor: str) -> Client:
    client = Client(enforce_csrf_checks=True)
    if actor != "anonymous":
        user = people[actor]
        assert user is not None
        client.force_login(user)
    return client


def _post(
    client: Client,
    name: str,
    url: str,
    rule: Rule,
    headers: dict[str, str] | None = None,
) -> Any:
    if _is_api(name):
        return client.post(
            url, data=b"", content_type="application/json", headers=headers
        )
    return client.post(url, dict(rule.data), headers=headers)


def _token_from_body(client: Client) -> str:
    """Return the token htmx would send: the one in <body hx-headers> of a page."""
    html = client.get("/accounts/password-reset/").content.decode()
    match = HX_HEADERS.search(html)
    assert match is not None
    return str(json.loads(match.group(1).replace("&quot;", '"'))["x-csrftoken"])


def test_every_post_is_protected_or_exempt_with_a_reason():
    assert {name for name, _rule in POSTS} >= EXEMPT
    assert len(PROTECTED) >= 20


@pytest.mark.parametrize(("name", "rule"), PROTECTED, ids=PROTECTED_IDS)
def test_a_post_without_the_token_is_refused(people, lisboa, porto, name, rule):
    client = _client(people, _actor(rule))
    response = _post(client, name, _url(name, rule, lisboa, people), rule)
    assert response.status_code == 403


@pytest.mark.parametrize(("name", "rule"), PROTECTED, ids=PROTECTED_IDS)
def test_a_post_with_a_wrong_token_is_refused(people, lisboa, porto, name, rule):
    client = _client(people, _actor(rule))
    _token_from_body(client)
    response = _post(
        client,
        name,
        _url(name, rule, lisboa, people),
        rule,
        {"X-CSRFToken": "x" * 32},
    )
    assert response.status_code == 403


@pytest.mark.parametrize(("name", "rule"), PROTECTED, ids=PROTECTED_IDS)
def test_a_post_with_the_token_htmx_sends_is_accepted(
    people, lisboa, porto, name, rule
):
    actor = _actor(rule)
    client = _client(people, actor)
    token = _token_from_body(client)
    response = _post(
        client,
        name,
        _url(name, rule, lisboa, people),
        rule,
        {"X-CSRFToken": token, "HX-Request": "true"},
    )
    expected = _expected(actor, name, rule)
    # An action that redirects a browser may answer htmx with HX-Redirect (200).
    assert response.status_code in ({expected, 200} if expected == 302 else {expected})


@pytest.mark.parametrize(("name", "rule"), PROTECTED, ids=PROTECTED_IDS)
def test_a_no_js_form_post_with_the_form_token_is_accepted(
    people, lisboa, porto, name, rule
):
    actor = _actor(rule)
    client = _client(people, actor)
    token = _token_from_body(client)
    data = {**rule.data, "csrfmiddlewaretoken": token}
    url = _url(name, rule, lisboa, people)
    if _is_api(name):
        # The API takes JSON, never a form: the header is its only way.
        response = client.post(
            url,
            data=b"",
            content_type="application/json",
            headers={"X-CSRFToken": token},
        )
    else:
        response = client.post(url, data)
    assert response.status_code == _expected(actor, name, rule)
