"""A Content-Security-Policy without 'unsafe-inline' or 'unsafe-eval', and pages that need neither.

The header comes from django-csp. htmx is told in _base.html not to inject its
indicator style and not to evaluate code; every template and every rendered
page is checked for inline scripts, inline styles, event-handler attributes,
hx-on and js: expressions, which the policy would block.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from games.models import EntryMode, TableSession
from tests.games.board_helpers import tap_rulebook_board
from tests.security.conftest import ClubData
from tests.security.html_audit import audit, csp_problems
from tests.security.test_access import CASES, _url

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_DIRS = [ROOT / "templates", *ROOT.glob("*/templates")]
SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))

# What a strict policy blocks, as it can appear in a template's source.
TEMPLATE_PATTERNS = {
    "style attribute": re.compile(r"\sstyle\s*=", re.IGNORECASE),
    "<style> block": re.compile(r"<style[\s>]", re.IGNORECASE),
    "inline <script>": re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.IGNORECASE),
    "event handler attribute": re.compile(r"\son[a-z]+\s*=\s*[\"']", re.IGNORECASE),
    "hx-on": re.compile(r"\b(data-)?hx-on", re.IGNORECASE),
    "javascript: URL": re.compile(r"javascript:", re.IGNORECASE),
    "js: expression": re.compile(r"hx-va(ls|rs)\s*=\s*[\"']\s*js:", re.IGNORECASE),
    "hx-trigger filter": re.compile(r"hx-trigger\s*=\s*[\"'][^\"']*\[", re.IGNORECASE),
}
# What needs 'unsafe-eval' or an inline style in our own scripts.
SCRIPT_PATTERNS = {
    "eval": re.compile(r"\beval\s*\("),
    "new Function": re.compile(r"\bnew\s+Function\s*\("),
    "string timer": re.compile(r"set(Timeout|Interval)\s*\(\s*[\"'`]"),
    "style attribute": re.compile(r"setAttribute\s*\(\s*[\"']style[\"']"),
    "htmx eval": re.compile(r"allowEval\s*=\s*true"),
}


def _policy(response: HttpResponse) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: values for name, *values in directives}


def test_pages_send_a_strict_policy(client, db):
    policy = _policy(client.get(reverse("login")))
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    values = [value for values in policy.values() for value in values]
    assert "'unsafe-inline'" not in values
    assert "'unsafe-eval'" not in values


def test_htmx_fragments_and_api_answers_carry_the_policy_too(client, alice, club):
    client.force_login(alice)
    fragment = client.get(
        reverse("games:club-detail", args=["lisboa"]), HTTP_HX_REQUEST="true"
    )
    api = client.get("/api/v1/clubs/")
    assert _policy(fragment)["script-src"] == ["'self'"]
    assert _policy(api)["script-src"] == ["'self'"]


def test_htmx_is_configured_to_need_no_inline_style_and_no_eval(client, db):
    found = audit(client.get(reverse("login")).content.decode())
    meta = next(
        e
        for e in found.elements
        if e.tag == "meta" and e.attrs.get("name") == "htmx-config"
    )
    config = json.loads(meta.attrs["content"])
    assert config["includeIndicatorStyles"] is False
    assert config["allowEval"] is False
    assert config["allowScriptTags"] is False
    scripts = [e.attrs["src"] for e in found.elements if e.tag == "script"]
    assert any("htmx-2" in src for src in scripts)
    assert found.inline_scripts == []


def test_the_indicator_style_htmx_would_inject_is_in_our_stylesheet():
    css = (ROOT / "static" / "css" / "app.css").read_text(encoding="utf-8")
    assert ".htmx-indicator" in css
    assert ".htmx-request .htmx-indicator" in css


DJANGO_COMMENTS = re.compile(
    r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", re.DOTALL
)


def _template_findings() -> list[tuple[str, str, int]]:
    findings = []
    for directory in TEMPLATE_DIRS:
        for path in sorted(directory.rglob("*.html")):
            source = DJANGO_COMMENTS.sub(
                lambda m: "\n" * m.group().count("\n"),
                path.read_text(encoding="utf-8"),
            )
            for what, pattern in TEMPLATE_PATTERNS.items():
                for match in pattern.finditer(source):
                    line = source.count("\n", 0, match.start()) + 1
                    findings.append((str(path.relative_to(ROOT)), what, line))
    return findings


def test_no_template_needs_an_unsafe_policy():
    found = [f"{path}:{line}: {what}" for path, what, line in _template_findings()]
    assert found == []


def test_the_template_check_sees_what_it_looks_for():
    bad = (
        '<p style="color:red" onclick="x()" hx-on:click="y()"><script>z()</script>'
        "<style>p{}</style><a href=\"javascript:void(0)\" hx-vals='js:{a:1}'>"
        "<div hx-trigger=\"keyup[key=='Enter']\">"
    )
    hits = {what for what, pattern in TEMPLATE_PATTERNS.items() if pattern.search(bad)}
    assert hits == set(TEMPLATE_PATTERNS)
    assert len(csp_problems(bad)) == 8


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_our_scripts_need_no_eval_and_set_no_style_attribute(script):
    source = script.read_text(encoding="utf-8")
    assert [what for what, p in SCRIPT_PATTERNS.items() if p.search(source)] == []


GETS = [
    pytest.param(name, rule, htmx, id=f"{name}-{'htmx' if htmx else 'page'}")
    for name, method, rule in CASES
    if method == "get"
    for htmx in (False, True)
]


@pytest.mark.parametrize(("name", "rule", "htmx"), GETS)
def test_every_page_renders_without_inline_script_or_style(
    people, lisboa, porto, name, rule, htmx
):
    client = Client()
    client.force_login(people["admin"])
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(_url(name, rule, lisboa, people), headers=headers)
    if not response.get("Content-Type", "").startswith("text/html"):
        return
    assert csp_problems(response.content.decode()) == []


@pytest.fixture
def board_session(lisboa: ClubData) -> TableSession:
    session = TableSession.objects.get(pk=lisboa.session_id)
    tap_rulebook_board(session)
    session.refresh_from_db()
    assert session.entry_mode == EntryMode.BOARD
    return session


@pytest.mark.parametrize(
    "page",
    ["session-board", "session-cities", "session-cards", "session-board-score"],
)
def test_the_board_pages_render_without_inline_script_or_style(
    client, people, board_session, page
):
    client.force_login(people["member"])
    url = reverse(
        f"games:{page}",
        kwargs={"club_slug": "lisboa", "session_id": board_session.pk},
    )
    response = client.get(url)
    assert response.status_code == 200
    assert csp_problems(response.content.decode()) == []


@pytest.mark.parametrize("page", ["session-sheet", "session-detail"])
def test_the_magnanimous_pages_render_without_inline_script_or_style(
    client, people, lisboa, page
):
    client.force_login(people["member"])
    url = reverse(
        f"games:{page}",
        kwargs={"club_slug": "lisboa", "session_id": lisboa.magnanimous_id},
    )
    response = client.get(url)
    assert response.status_code == 200
    assert csp_problems(response.content.decode()) == []
