"""The one access-rule table: every URL of the project, tried by every role.

One row per URL name (with the methods it answers) in `RULES`; the roles are
anonymous, an outsider (charlie, who owns another club), a member (bob), an
admin (dora) and the owner (alice) of the URL's club, and, for the read-only
link of an assistant game, whoever holds it (a follower needs no account, so
those rows are `PUBLIC`). The API is tried signed in by session and by token.
The URLs come from the resolver, so a new page or endpoint without a rule
fails `test_every_url_pattern_has_a_rule`: whoever adds a URL decides here who
may use it, or says in `EXCLUDED_NAMESPACES` why it has no rule. For each
rule and role the table checks

- the status (anonymous pages go to sign in, API calls are refused; an outsider
  gets 404 for anything of a club they are not in, a member 403 where only the
  club's owners and admins may act);
- that no response names anything of a club the actor is not a member of;
- that a refused request, and any GET, leaves the database as it was;

and, for every URL with an object id, the same with the other club's ids swapped
in (under the actor's own club, and the ids of Lisboa under Porto's slug). The
pages of a game are tried on a Concordia game and on a Magnanimous one, since
each game's room answers them (`games.dispatch`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.authtoken.models import Token

from assistant import guests
from assistant.models import AssistantEvent, AssistantGame
from clubs.models import Club, Invite, Membership, Player
from games.models import Seat, SeatResult, TableSession
from tests.security.conftest import ACTORS as VISITORS
from tests.security.conftest import (
    LISBOA_MARKERS,
    PORTO_MARKERS,
    Cast,
    ClubData,
    markers_pattern,
    reset_ids,
)

# Who may use a URL.
PUBLIC = "public"  # anyone, signed in or not
GUEST = "guest"  # anyone; a signed-in visitor is sent on (sign in, sign up)
SIGNED_IN = "signed in"  # any account
MEMBER = "member"  # members of the URL's club
ADMIN = "admin"  # owners and admins of the URL's club

# The roles of the table: the security cast's visitors, the club's owner, and
# a guest phone of the club's assistant game (no account: a cookie for that
# one game, issue #25).
TABLE_GUEST = "table guest"
ACTORS = (*VISITORS, "owner", TABLE_GUEST)

# URL patterns without a rule here, and why. Anything else the resolver knows
# (static files, if ever served by Django; the i18n ``set_language`` view and
# the API schema pages, which are in `RULES`) needs a rule.
EXCLUDED_NAMESPACES = {
    # Django's own admin site: guarded by its own staff login, its URLs are
    # generated per model rather than written here; tested on its own below.
    "admin",
}


@dataclass(frozen=True)
class Rule:
    access: str
    # What an allowed actor gets for the probe (a plain GET, or a POST of
    # ``data``, empty by default): 200 for a page or a form shown with its
    # errors, 302 when the action is done or the page sends them on, 400 for an
    # API call with a wrong body.
    status: int
    # GUEST pages: what a signed-in visitor gets instead.
    signed_in_status: int = 302
    data: Mapping[str, Any] = field(default_factory=dict)
    # The page names the URL's club to someone who is not (yet) a member:
    # an invite link shows whom it invites to.
    shows_club: bool = False
    # A guest phone of the club's game may use it (a move of that game) and
    # gets what a member gets; on any other page of a club a guest gets 404.
    table_guest: bool = False


def _get(access: str, status: int = 200, **kwargs: Any) -> dict[str, Rule]:
    return {"get": Rule(access, status, **kwargs)}


def _post(access: str, status: int, **kwargs: Any) -> dict[str, Rule]:
    return {"post": Rule(access, status, **kwargs)}


RULES: dict[str, dict[str, Rule]] = {
    # The site
    "healthz": _get(PUBLIC),
    # The service worker and the web manifest: the app installable, no data.
    "service-worker": _get(PUBLIC),
    "web-manifest": _get(PUBLIC),
    # Accounts
    "login": {
        **_get(GUEST, 200),
        **_post(GUEST, 200),
    },
    "logout": _post(PUBLIC, 302),
    "signup": {**_get(GUEST, 200), **_post(GUEST, 200)},
    "password_reset": {**_get(PUBLIC, 200), **_post(PUBLIC, 200)},
    "password_reset_done": _get(PUBLIC, 200),
    "password_reset_confirm": {**_get(PUBLIC, 200), **_post(PUBLIC, 200)},
    "password_reset_complete": _get(PUBLIC, 200),
    "set_language": {**_get(PUBLIC, 302), **_post(PUBLIC, 302)},
    # Clubs
    "games:home": _get(SIGNED_IN, 302),
    "clubs:club-create": {**_get(SIGNED_IN, 200), **_post(SIGNED_IN, 200)},
    "clubs:invite-accept": {
        **_get(SIGNED_IN, 200, shows_club=True),
        **_post(SIGNED_IN, 302, shows_club=True),
    },
    "games:club-detail": _get(MEMBER),
    "clubs:membership-list": _get(MEMBER),
    "clubs:membership-role": _post(ADMIN, 200),
    "clubs:membership-remove": _post(ADMIN, 302),
    "clubs:invite-list": {**_get(ADMIN), **_post(ADMIN, 200)},
    "clubs:invite-revoke": _post(ADMIN, 302),
    "clubs:player-list": {**_get(MEMBER), **_post(ADMIN, 200)},
    "clubs:player-edit": {**_get(ADMIN), **_post(ADMIN, 200)},
    # Games
    "games:session-create": {**_get(MEMBER), **_post(MEMBER, 200)},
    "games:session-detail": _get(MEMBER),
    "games:session-sheet": {**_get(MEMBER), **_post(MEMBER, 200)},
    "games:session-sheet-preview": _post(MEMBER, 200),
    "games:session-edit": {**_get(MEMBER), **_post(MEMBER, 200)},
    "games:session-delete": {**_get(MEMBER), **_post(MEMBER, 302)},
    "games:session-restore": _post(MEMBER, 302),
    "games:session-entry-mode": {**_get(MEMBER), **_post(MEMBER, 200)},
    # A game entered by hand sends the board pages to the entry-mode switch.
    "games:session-board": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    "games:session-cities": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    "games:session-cards": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    "games:session-board-score": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    # Backup and export
    "games:club-portability": _get(MEMBER),
    "games:club-backup-download": _get(ADMIN),
    "games:club-backup-restore": _post(ADMIN, 200),
    "games:club-results-csv": _get(MEMBER),
    "games:club-bgstats-download": _get(MEMBER),
    "games:club-bgstats-import": _post(ADMIN, 200),
    "games:club-bgstats-import-undo": {**_get(ADMIN), **_post(ADMIN, 302)},
    # Statistics
    "stats:index": _get(MEMBER, 302),
    "stats:leaderboard": _get(MEMBER),
    # Without htmx the status fragment sends the browser to its page.
    "stats:status": _get(MEMBER, 302),
    "stats:club-summary": _get(MEMBER),
    "stats:player-detail": _get(MEMBER),
    # Table assistant
    "assistant:game-list": _get(MEMBER),
    "assistant:game-create": {**_get(MEMBER), **_post(MEMBER, 200)},
    # The setup wizard's later screens: without a draft (no players named yet)
    # they send the phone back to the first screen.
    "assistant:game-create-colours": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    "assistant:game-create-seating": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    "assistant:game-create-map": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    "assistant:game-create-modules": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    "assistant:game-create-tracking": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    "assistant:game-create-scoring": {**_get(MEMBER, 302), **_post(MEMBER, 302)},
    # Without a code the join page asks for one: anyone may hold a code (a
    # member opens the game, anyone else may join it as a guest).
    "assistant:game-join": {**_get(PUBLIC), **_post(PUBLIC, 200)},
    # Without a file the list comes back with the reason.
    "assistant:game-import": _post(MEMBER, 200),
    "assistant:game-turn": _get(MEMBER, table_guest=True),
    "assistant:game-setup": _get(MEMBER),
    # The game of the cast has started: its setup is shown with the reason.
    "assistant:game-setup-display": {**_get(MEMBER), **_post(MEMBER, 200)},
    "assistant:game-setup-cities": {**_get(MEMBER), **_post(MEMBER, 200)},
    # Without a card the helper sends the phone back to the turn screen; a move
    # the rules refuse (an empty form) goes back there with the reason.
    "assistant:game-play": {
        **_get(MEMBER, 302, table_guest=True),
        **_post(MEMBER, 302, table_guest=True),
    },
    "assistant:game-reveal": _post(MEMBER, 302, table_guest=True),
    "assistant:game-undo": _post(MEMBER, 302, table_guest=True),
    # The cast's game tracks only the cards: nothing to correct, back to the game.
    "assistant:game-adjust": {
        **_get(MEMBER, 302, table_guest=True),
        **_post(MEMBER, 302, table_guest=True),
    },
    # Abandon asks first: a GET, or a POST without the confirmation, is that page.
    "assistant:game-abandon": {**_get(MEMBER), **_post(MEMBER, 200)},
    # The cast's game is played without the forum: back to the game (its setup).
    # A guest phone at the table opens it like the other move pages.
    "assistant:game-forum": {
        **_get(MEMBER, 302, table_guest=True),
        **_post(MEMBER, 302, table_guest=True),
    },
    "assistant:game-setup-forum": _post(MEMBER, 302),
    # Without htmx a changed head sends the browser to the turn screen.
    "assistant:game-head": _get(MEMBER, 302, table_guest=True),
    "assistant:game-share": {**_get(MEMBER), **_post(MEMBER, 302)},
    "assistant:game-export": _get(MEMBER),
    # A game still in play has no sheet yet: back to the turn screen.
    "assistant:game-finish": _post(MEMBER, 302),
    # Magnanimous' wizard: its first screen, then as Concordia's later ones.
    "assistant:magnanimous-create": {**_get(MEMBER), **_post(MEMBER, 200)},
    "assistant:magnanimous-create-seating": {
        **_get(MEMBER, 302),
        **_post(MEMBER, 302),
    },
    "assistant:magnanimous-create-tracking": {
        **_get(MEMBER, 302),
        **_post(MEMBER, 302),
    },
    "assistant:magnanimous-create-rulings": {
        **_get(MEMBER, 302),
        **_post(MEMBER, 302),
    },
    # Magnanimous' own pages of a game: the cast's game is Concordia's, and a
    # game of another kind has none of them (404, to members too).
    "assistant:magnanimous-move": _post(MEMBER, 404),
    "assistant:magnanimous-place": _get(MEMBER, 404),
    "assistant:magnanimous-take": _get(MEMBER, 404),
    "assistant:magnanimous-correct": {**_get(MEMBER, 404), **_post(MEMBER, 404)},
    "assistant:magnanimous-offensive": {**_get(MEMBER, 404), **_post(MEMBER, 404)},
    "assistant:magnanimous-setup-start": {
        **_get(MEMBER, 404),
        **_post(MEMBER, 404),
    },
    # The read-only link needs no account: whoever holds it sees that game.
    "assistant:follow": _get(PUBLIC, shows_club=True),
    "assistant:follow-head": _get(PUBLIC, 302, shows_club=True),
    # API (/api/v1/)
    "api:schema": _get(PUBLIC),
    "api:swagger-ui": _get(PUBLIC),
    "api:redoc": _get(PUBLIC),
    "api:auth-token": _post(PUBLIC, 400),
    "api:score-sheet": _post(PUBLIC, 400),
    "api:club-list": _get(SIGNED_IN),
    "api:club-detail": _get(MEMBER),
    "api:player-list": _get(MEMBER),
    "api:player-detail": _get(MEMBER),
    "api:player-statistics": _get(MEMBER),
    # An empty body is no score sheet, setup, log or move: 400 for a member.
    "api:session-list": {**_get(MEMBER), **_post(MEMBER, 400)},
    "api:session-detail": _get(MEMBER),
    "api:leaderboard": _get(MEMBER),
    "api:club-statistics": _get(MEMBER),
    "api:backup-export": _get(ADMIN),
    "api:backup-restore": _post(ADMIN, 400),
    "api:results-csv": _get(MEMBER),
    "api:bgstats-export": _get(MEMBER),
    "api:bgstats-preview": _post(ADMIN, 400),
    "api:bgstats-import": _post(ADMIN, 400),
    "api:table-game-list": {**_get(MEMBER), **_post(MEMBER, 400)},
    "api:table-game-import": _post(MEMBER, 400),
    "api:table-game-detail": _get(MEMBER),
    "api:table-game-state": _get(MEMBER),
    "api:table-game-log": _get(MEMBER),
    "api:table-game-events": _post(MEMBER, 400),
    # Any other address under /api/v1/ answers a JSON 404 to everyone.
    "api:not-found": {**_get(PUBLIC, 404), **_post(PUBLIC, 404)},
}

# The pages of a game that each game's room answers: tried on a Magnanimous
# game too, with the same rule (the board pages are Concordia's only).
BOTH_GAMES = {
    "games:session-detail",
    "games:session-sheet",
    "games:session-sheet-preview",
    "games:session-edit",
    "games:session-delete",
    "games:session-restore",
}

OBJECT_IDS = {
    "session_id",
    "player_id",
    "membership_id",
    "invite_id",
    "game_id",
    "follow_token",
    "import_id",
}


def _routes() -> dict[str, set[str]]:
    """Return every named URL pattern with the names of its parameters."""
    found: dict[str, set[str]] = {}

    def walk(
        patterns: list[URLPattern | URLResolver], namespace: str, params: set[str]
    ) -> None:
        for pattern in patterns:
            names = params | set(pattern.pattern.regex.groupindex)
            if isinstance(pattern, URLResolver):
                inner = namespace
                if pattern.namespace:
                    inner = f"{namespace}:{pattern.namespace}".lstrip(":")
                if inner.split(":")[0] in EXCLUDED_NAMESPACES:
                    continue
                walk(pattern.url_patterns, inner, names)
            else:
                name = f"{namespace}:{pattern.name}".lstrip(":")
                found[name if pattern.name else f"<unnamed {pattern.pattern}>"] = names

    walk(get_resolver().url_patterns, "", set())
    return found


ROUTES = _routes()
CASES = [
    (name, method, rule)
    for name, methods in RULES.items()
    for method, rule in methods.items()
    if name in ROUTES
]
# Each case once per game where both games' rooms answer the URL.
TABLE = [
    (name, method, rule, game)
    for name, method, rule in CASES
    for game in (("concordia", "magnanimous") if name in BOTH_GAMES else ("",))
]
TABLE_IDS = [f"{name}-{method}{'-' * bool(g)}{g}" for name, method, _r, g in TABLE]
SWAPPABLE = [case for case in TABLE if ROUTES[case[0]] & OBJECT_IDS]
SWAPPABLE_IDS = [
    f"{name}-{method}{'-' * bool(g)}{g}" for name, method, _r, g in SWAPPABLE
]
UNLISTED = [
    (name, method)
    for name in RULES
    if name in ROUTES
    for method in ("get", "post")
    if method not in RULES[name]
]


def test_every_url_pattern_has_a_rule():
    assert sorted(set(ROUTES) - set(RULES)) == []


def test_every_rule_names_a_url_pattern():
    assert sorted(set(RULES) - set(ROUTES)) == []


def _url(
    name: str,
    rule: Rule,
    data: ClubData,
    people: dict[str, User | None],
    game: str = "",
) -> str:
    params = ROUTES[name]
    values: dict[str, Any] = {**data.ids(), "game": "concordia", "path": "nothing/"}
    if game == "magnanimous":
        values["session_id"] = data.magnanimous_id
    if "uidb64" in params:
        bob = people["member"]
        assert bob is not None
        values.update(reset_ids(bob))
    return reverse(name, kwargs={p: values[p] for p in params})


def _is_api(name: str) -> bool:
    return name.startswith("api:")


def _snapshot() -> tuple[object, ...]:
    """Everything a refused request, or any GET, must leave as it was."""
    return (
        sorted(Club.objects.values_list("pk", "name", "slug")),
        sorted(Membership.objects.values_list("club_id", "user_id", "role")),
        sorted(Player.objects.values_list("pk", "club_id", "name", "user_id")),
        sorted(
            TableSession.objects.values_list(
                "pk", "club_id", "place", "notes", "version", "status", "entry_mode"
            )
        ),
        sorted(Seat.objects.values_list("pk", "session_id", "player_id")),
        sorted(SeatResult.objects.values_list("pk", "total", "rank")),
        sorted(Invite.objects.values_list("pk", "revoked_at", "use_count")),
        Token.objects.count(),
        User.objects.count(),
        sorted(AssistantGame.objects.values_list("pk", "club_id", "follow_token")),
        sorted(AssistantEvent.objects.values_list("pk", "game_id", "seq")),
    )


def _expected(actor: str, name: str, rule: Rule, url: str = "") -> int:
    if actor == TABLE_GUEST:
        return _expected_for_guest(name, rule, url)
    if rule.access == PUBLIC:
        return rule.status
    if rule.access == GUEST:
        return rule.status if actor == "anonymous" else rule.signed_in_status
    if actor == "anonymous":
        return 401 if _is_api(name) else 302
    if rule.access == SIGNED_IN:
        return rule.status
    if actor == "outsider":
        return 404
    if actor == "member" and rule.access == ADMIN:
        return 403
    return rule.status


def _expected_for_guest(name: str, rule: Rule, url: str) -> int:
    """A guest phone: its game's move pages as a member; 404 on any other page of
    a club; elsewhere, an anonymous visitor."""
    if rule.table_guest or rule.access == PUBLIC:
        return rule.status
    if url.startswith("/clubs/") and not _is_api(name):
        return 404
    return _expected("anonymous", name, rule)


def _sent_to_login(actor: str, rule: Rule) -> bool:
    """Whether a 302 for ``actor`` must go to the sign-in page."""
    if actor == TABLE_GUEST:
        return not rule.table_guest
    return actor == "anonymous"


def _foreign_markers(actor: str, rule: Rule) -> tuple[str, ...]:
    """The words of every club ``actor`` is not a member of (a guest phone sees
    its own game's players, never its club's name)."""
    lisboa = () if rule.shows_club else LISBOA_MARKERS
    if actor == TABLE_GUEST:
        return PORTO_MARKERS + (("Lisboa",) if rule.table_guest else lisboa)
    if actor == "anonymous":
        return lisboa + PORTO_MARKERS
    if actor == "outsider":
        return lisboa
    return PORTO_MARKERS


# The cast is built once for this module (`cast_once`): every request of the
# table is rolled back (`_try`), and each test runs in its own savepoint.
@pytest.fixture
def cast(cast_once: Cast, db: None) -> Cast:
    return cast_once


@pytest.fixture
def people(cast: Cast) -> dict[str, User | None]:
    return cast.people


@pytest.fixture
def lisboa(cast: Cast) -> ClubData:
    return cast.lisboa


@pytest.fixture
def porto(cast: Cast) -> ClubData:
    return cast.porto


@pytest.fixture
def everyone(cast: Cast) -> dict[str, User | None]:
    """The security cast's visitors, the owner of their club and a guest phone."""
    _GUEST_COOKIES[TABLE_GUEST] = guests.guest_cookie_value(
        cast.lisboa.assistant_game, "Gil"
    )
    return {**cast.people, "owner": cast.owner, TABLE_GUEST: None}


# The guest cookie of the table guest, for the club's game of the test.
_GUEST_COOKIES: dict[str, str] = {}


# How an API caller signs in: the browser's session, or a token.
API_AUTHS = ("session", "token")


def _client(
    people: dict[str, User | None], actor: str, auth: str = "session"
) -> Client:
    client = Client()
    if actor == TABLE_GUEST:
        client.cookies[guests.COOKIE] = _GUEST_COOKIES[TABLE_GUEST]
        return client
    user = people[actor]
    if user is None:
        return client
    if auth == "token":
        token, _created = Token.objects.get_or_create(user=user)
        client.defaults["HTTP_AUTHORIZATION"] = f"Token {token.key}"
    else:
        client.force_login(user)
    return client


@dataclass
class Outcome:
    status: int
    location: str
    leaks: list[str]
    changed: bool


def _try(
    people: dict[str, User | None],
    actor: str,
    method: str,
    url: str,
    rule: Rule,
    name: str,
    markers: tuple[str, ...],
    auth: str = "session",
) -> Outcome:
    """Send one request and undo whatever it wrote, so the next actor finds the cast as it was."""
    client = _client(people, actor, auth)
    before = _snapshot()
    with transaction.atomic():
        if method == "get":
            response = client.get(url)
        elif _is_api(name):
            response = client.post(url, data=b"", content_type="application/json")
        else:
            response = client.post(url, dict(rule.data))
        changed = _snapshot() != before
        transaction.set_rollback(True)
    body = b"".join(response) if response.streaming else response.content
    leaks = (
        markers_pattern(markers).findall(body.decode(errors="replace"))
        if markers
        else []
    )
    return Outcome(
        status=response.status_code,
        location=response.get("Location", ""),
        leaks=leaks,
        changed=changed,
    )


def _login_redirect(url: str) -> str:
    return f"{reverse('login')}?next={url}"


@pytest.mark.parametrize(("name", "method", "rule", "game"), TABLE, ids=TABLE_IDS)
def test_each_actor_gets_what_the_rule_says(
    everyone, lisboa, porto, name, method, rule, game
):
    people = everyone
    url = _url(name, rule, lisboa, people, game)
    problems = []
    auths = API_AUTHS if _is_api(name) else ("session",)
    for actor, auth in ((a, auth) for a in ACTORS for auth in auths):
        got = _try(
            people, actor, method, url, rule, name, _foreign_markers(actor, rule), auth
        )
        expected = _expected(actor, name, rule, url)
        if auth == "token":
            actor = f"{actor} (token)"
        if got.status != expected:
            problems.append(f"{actor}: {got.status} instead of {expected}")
        elif (
            expected == 302
            and rule.access in {SIGNED_IN, MEMBER, ADMIN}
            and (got.location == _login_redirect(url)) != _sent_to_login(actor, rule)
        ):
            problems.append(f"{actor}: sent to {got.location}")
        refused = (
            actor == "anonymous" or (actor == TABLE_GUEST and not rule.table_guest)
        ) and rule.access in {SIGNED_IN, MEMBER, ADMIN}
        if (refused or expected in {401, 403, 404} or method == "get") and got.changed:
            problems.append(f"{actor}: the database changed")
        if got.leaks:
            problems.append(f"{actor}: the response names {sorted(set(got.leaks))}")
    assert problems == []


def _swapped(own: ClubData, other: ClubData) -> ClubData:
    """``own`` club's slug with the ``other`` club's object ids."""
    return dataclasses.replace(other, club=own.club)


@pytest.mark.parametrize(
    ("name", "method", "rule", "game"), SWAPPABLE, ids=SWAPPABLE_IDS
)
def test_the_other_clubs_ids_are_not_found_under_any_slug(
    everyone, lisboa, porto, name, method, rule, game
):
    """bob, dora and alice of Lisboa put Porto's ids in Lisboa's URLs; charlie,
    who owns Porto, puts Lisboa's ids in Porto's."""
    people = everyone
    problems = []
    ours = _url(name, rule, _swapped(lisboa, porto), people, game)
    theirs = _url(name, rule, _swapped(porto, lisboa), people, game)
    tries = [
        ("member", ours, PORTO_MARKERS),
        ("admin", ours, PORTO_MARKERS),
        ("owner", ours, PORTO_MARKERS),
        ("outsider", theirs, LISBOA_MARKERS),
    ]
    if ours.startswith("/clubs/"):
        # A guest phone of Lisboa's game, with Porto's ids under Lisboa's slug.
        tries.append((TABLE_GUEST, ours, PORTO_MARKERS))
    for actor, url, markers in tries:
        got = _try(people, actor, method, url, rule, name, markers)
        # A member is refused an owners-and-admins action before any id is looked at.
        expected = 403 if actor == "member" and rule.access == ADMIN else 404
        if got.status != expected:
            problems.append(f"{actor} {url}: {got.status} instead of {expected}")
        if got.changed:
            problems.append(f"{actor} {url}: the database changed")
        if got.leaks:
            problems.append(f"{actor} {url}: names {sorted(set(got.leaks))}")
    assert problems == []


@pytest.mark.parametrize(
    ("name", "method"), UNLISTED, ids=[f"{n}-{m}" for n, m in UNLISTED]
)
def test_a_method_without_a_rule_is_refused_and_changes_nothing(
    everyone, lisboa, porto, name, method
):
    people = everyone
    rule = next(iter(RULES[name].values()))
    url = _url(name, rule, lisboa, people)
    problems = []
    for actor in ACTORS:
        got = _try(
            people, actor, method, url, rule, name, _foreign_markers(actor, rule)
        )
        if got.status == 302:
            if actor not in ("anonymous", TABLE_GUEST) or (
                got.location != _login_redirect(url)
            ):
                problems.append(f"{actor}: sent to {got.location}")
        elif got.status not in {401, 403, 404, 405}:
            problems.append(f"{actor}: {got.status}")
        if got.changed:
            problems.append(f"{actor}: the database changed")
        if got.leaks:
            problems.append(f"{actor}: the response names {sorted(set(got.leaks))}")
    assert problems == []


def test_a_swapped_url_keeps_the_slug_and_takes_the_other_ids(lisboa, porto):
    swapped = _swapped(lisboa, porto).ids()
    assert swapped["club_slug"] == "lisboa"
    assert swapped["session_id"] == porto.session_id != lisboa.session_id
    assert swapped["membership_id"] == porto.membership_id != lisboa.membership_id


def test_the_admin_site_is_for_staff_only(client, people, lisboa):
    """Left out of the matrix, but an ordinary account must not get into it."""
    client.force_login(people["admin"])
    response = client.get("/admin/")
    assert response.status_code == 302
    assert response["Location"] == "/admin/login/?next=/admin/"


def test_an_unknown_club_is_404_even_for_a_member_of_another(client, people, lisboa):
    client.force_login(people["member"])
    assert client.get("/clubs/atlantis/members/").status_code == 404


def test_a_member_refused_a_page_is_told_why(client, people, lisboa):
    client.force_login(people["member"])
    response = client.get(
        _url("clubs:player-edit", RULES["clubs:player-edit"]["get"], lisboa, people)
    )
    assert response.status_code == 403
    assert "Only the club&#x27;s owners and admins can do this." in (
        response.content.decode()
    )


def test_the_table_covers_every_role_of_the_cast(everyone, lisboa):
    roles = {
        actor: Membership.objects.filter(user=user, club__slug="lisboa")
        .values_list("role", flat=True)
        .first()
        for actor, user in everyone.items()
        if user is not None
    }
    assert set(everyone) == set(ACTORS)
    assert everyone[TABLE_GUEST] is None  # no account: a cookie
    assert roles == {
        "outsider": None,
        "member": "member",
        "admin": "admin",
        "owner": "owner",
    }


BOARD_PAGES = [
    "games:session-board",
    "games:session-cities",
    "games:session-cards",
    "games:session-board-score",
    "games:session-entry-mode",
]


@pytest.mark.parametrize("name", BOARD_PAGES)
def test_the_board_pages_of_a_magnanimous_game_are_not_found(everyone, lisboa, name):
    """Only Concordia is entered on a board: even its owner gets 404."""
    url = reverse(
        name,
        kwargs={"club_slug": "lisboa", "session_id": lisboa.magnanimous_id},
    )
    for method in ("get", "post"):
        got = _try(everyone, "owner", method, url, Rule(MEMBER, 404), name, ())
        assert (got.status, got.changed) == (404, False), method
