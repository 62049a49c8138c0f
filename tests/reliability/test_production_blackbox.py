"""Trust in production (issue #21), checked from outside the production-like site.

The site runs as production runs it (`tests/reliability/production_site.py`:
gunicorn with 2 sync workers, ``DJANGO_DEBUG=0``, PostgreSQL and Redis), and
every assertion is made over HTTP:

- after signing out, 0 of 40 requests with the old session cookie are signed
  in, and it cannot add a player (the session was in one worker's memory: 20
  of 40 were);
- the setup wizard, whose draft lives in the session, completes 10 runs of 10
  (it completed 1 of 10);
- 100 anonymous calls in a row to the API meet at least 30 answers 429 (each
  worker counted its own: none did);
- every hostile request of `tests/security/hostile.py`, and the game-log
  imports that are no log, answer 4xx (a page's own error on a form page) and
  change nothing.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest

from tests.reliability.production_site import Answer, Site, Visitor, postgres_url
from tests.security.hostile import ANONYMOUS, LONG_NAME, SIGNED_IN, bgstats_with
from tests.sheets import example_document

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(not postgres_url(), reason="needs a PostgreSQL DATABASE_URL"),
]

DRAFT = re.compile(r'name="draft" value="([^"]+)"')
WIZARD = "/clubs/lisboa/assistant/new/"
SETUP = re.compile(r"^/clubs/lisboa/assistant/(\d+)/setup/$")


def _counts(site: Site) -> tuple[int, ...]:
    [row] = site.query(
        "SELECT (SELECT count(*) FROM auth_user), (SELECT count(*) FROM games_club), "
        "(SELECT count(*) FROM games_player), (SELECT count(*) FROM games_tablesession), "
        "(SELECT count(*) FROM assistant_assistantgame)"
    )
    return tuple(row)


def _member(site: Site, source: str = "") -> Visitor:
    visitor = Visitor(site.port, source=source)
    visitor.sign_in("alice", site.seed["password"])
    return visitor


def test_after_sign_out_the_old_cookie_opens_nothing_on_either_worker(site):
    alice = _member(site)
    assert alice.request("GET", "/clubs/lisboa/").status == 200
    old = dict(alice.cookies)
    token = alice.csrf("/clubs/lisboa/players/")
    out = alice.post_form("/accounts/logout/", {}, token=token)
    assert out.status == 302
    assert "sessionid" not in alice.cookies

    stolen = Visitor(site.port)
    stolen.cookies = old
    answers = [stolen.request("GET", "/clubs/lisboa/") for _ in range(40)]
    signed_in = [a for a in answers if a.status == 200]
    assert len(signed_in) == 0, f"{len(signed_in)} of 40 still signed in"
    assert {a.status for a in answers} == {302}
    assert {a.headers["location"] for a in answers} == {
        "/accounts/login/?next=/clubs/lisboa/"
    }
    players = _counts(site)[2]
    stolen.cookies = dict(old)
    added = stolen.post_form(
        "/clubs/lisboa/players/", {"name": "Intruder"}, token=token
    )
    assert added.status in {302, 403}
    assert _counts(site)[2] == players


def _step(visitor: Visitor, path: str, fields: dict[str, str]) -> Answer:
    page = visitor.request("GET", path)
    assert page.status == 200, (path, page.status)
    found = DRAFT.search(page.text)
    assert found, path
    return visitor.post_form(path, {"draft": found.group(1), **fields})


def _wizard_run(visitor: Visitor, run: int) -> int | None:
    """Set up a game screen by screen; return its id, or None where the draft was lost."""
    answer = _step(
        visitor,
        WIZARD,
        {"seat0_new_name": f"Ana {run}", "seat1_new_name": f"Bia {run}", "go": "next"},
    )
    # The shell's screens, then Concordia's (`assistant.concordia.game`: map,
    # modules, tracking), each skipped; a lost draft sends the phone back to
    # the first screen instead.
    for step in ("colours", "seating", "map", "modules", "tracking"):
        if answer.headers.get("location") != f"{WIZARD}{step}/":
            return None
        answer = _step(visitor, f"{WIZARD}{step}/", {"go": "skip"})
    if answer.headers.get("location") != f"{WIZARD}scoring/":
        return None
    answer = _step(visitor, f"{WIZARD}scoring/", {"intermediate_scoring": "off"})
    created = SETUP.match(answer.headers.get("location", ""))
    return int(created.group(1)) if created else None


def test_the_setup_wizard_completes_ten_runs_of_ten_across_the_workers(site):
    alice = _member(site)
    games = [_wizard_run(alice, run) for run in range(10)]
    assert None not in games, games
    assert len(set(games)) == 10
    rows = site.query(
        "SELECT players FROM assistant_assistantgame WHERE id = ANY(%s) ORDER BY id",
        (games,),
    )
    assert [[p["name"] for p in players] for (players,) in rows] == [
        [f"Ana {run}", f"Bia {run}"] for run in range(10)
    ]


def test_the_anonymous_api_rate_holds_across_the_workers(site):
    # An address of its own: the other tests' anonymous calls count elsewhere.
    script = Visitor(site.port, source="127.0.0.2")
    sheet = json.dumps(example_document("concordia-rulebook")).encode()
    statuses = [
        script.request(
            "POST",
            "/api/v1/score-sheet/",
            body=sheet,
            headers={"Content-Type": "application/json"},
        ).status
        for _ in range(100)
    ]
    assert set(statuses) <= {200, 429}
    # 60 a minute are allowed (DJANGO_API_THROTTLE_ANON's default).
    assert statuses.count(200) <= 60
    assert statuses.count(429) >= 30


def _send(visitor: Visitor, method: str, path: str, body: Any, kind: str) -> Answer:
    if method == "GET":
        return visitor.request("GET", path)
    raw = json.dumps(body).encode() if kind == "json" else str(body).encode()
    return visitor.request(
        "POST", path, body=raw, headers={"Content-Type": "application/json"}
    )


@pytest.mark.parametrize(("method", "path", "body", "kind"), ANONYMOUS)
def test_an_anonymous_hostile_request_answers_4xx(site, method, path, body, kind):
    before = _counts(site)
    answer = _send(Visitor(site.port, source="127.0.0.3"), method, path, body, kind)
    assert 400 <= answer.status < 500, (answer.status, answer.text[:300])
    if path.startswith("/api/"):
        assert answer.headers["content-type"] == "application/json"
        assert answer.json()["errors"][0]["message"]
    assert _counts(site) == before


@pytest.mark.parametrize(("method", "path", "body"), SIGNED_IN)
def test_a_members_hostile_request_answers_4xx(site, method, path, body):
    before = _counts(site)
    if path.startswith("/api/"):
        # The API as a program calls it: with the token.
        document = (
            json.loads(bgstats_with("Bruno\x00")) if body == "bgstats-nul" else None
        )
        if isinstance(body, str) and body != "bgstats-nul":
            headers = {
                "Authorization": f"Token {site.seed['token']}",
                "Content-Type": "application/json",
            }
            answer = Visitor(site.port).request(
                method, path, body=body.encode(), headers=headers
            )
        else:
            answer = site.api(method, path, document)
        assert 400 <= answer.status < 500, (answer.status, answer.text[:300])
        assert answer.json()["errors"][0]["message"]
    else:
        alice = _member(site, source="127.0.0.4")
        if method == "GET":
            answer = alice.request("GET", path)
        else:
            token = alice.csrf("/clubs/lisboa/")
            answer = alice.post_form(path, body, token=token)
        assert 400 <= answer.status < 500, (answer.status, answer.text[:300])
        assert "NUL" in answer.text
    assert _counts(site) == before


@pytest.mark.parametrize(
    "username", [LONG_NAME, "a" * 10_000], ids=["256 characters", "10,000 characters"]
)
def test_a_sign_in_with_a_name_no_account_has_says_so(site, username):
    visitor = Visitor(site.port, source="127.0.0.5")
    answer = visitor.post_form(
        "/accounts/login/",
        {"username": username, "password": "wrong"},
        token=visitor.csrf("/accounts/login/"),
    )
    # The sign-in page's own error, as for any wrong password.
    assert answer.status == 200
    assert "Please enter a correct username and password" in answer.text
    token = visitor.request(
        "POST",
        "/api/v1/auth/token/",
        body=json.dumps({"username": username, "password": "wrong"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    assert token.status == 400, token.text[:300]
    assert token.json()["errors"][0]["message"]


@pytest.mark.parametrize(
    "raw",
    [b"42", b"null", b'"a game"', b"[" * 100_000 + b"]" * 100_000, b"\x00"],
    ids=["a number", "null", "a string", "100,000 deep", "a NUL"],
)
def test_a_game_log_import_that_is_no_log_says_why_and_imports_nothing(site, raw):
    alice = _member(site, source="127.0.0.6")
    before = _counts(site)
    answer = alice.upload(
        "/clubs/lisboa/assistant/",
        "/clubs/lisboa/assistant/import/",
        {},
        raw,
        field="log",
    )
    assert answer.status in {200, 400}, (answer.status, answer.text[-500:])
    assert 'role="alert"' in answer.text or "field-error" in answer.text
    assert _counts(site) == before


def test_a_game_log_naming_a_player_with_a_nul_is_refused_with_its_path(site):
    alice = _member(site, source="127.0.0.6")
    before = _counts(site)
    log = {
        "format": "game-log/1",
        "game": "concordia",
        "map": "imperium",
        "tracking": "light",
        "players": [
            {"name": "Ana\u0000", "colour": "red"},
            {"name": "Bia", "colour": "blue"},
        ],
        "events": [],
        "key": uuid.uuid4().hex,
    }
    answer = alice.upload(
        "/clubs/lisboa/assistant/",
        "/clubs/lisboa/assistant/import/",
        {},
        json.dumps(log).encode(),
        field="log",
    )
    assert answer.status in {200, 400}
    assert "players[0].name" in answer.text
    assert _counts(site) == before
