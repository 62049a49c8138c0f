"""Who gets what on every club URL: the permission matrix.

- anonymous: sent to sign in;
- outsider (a member of another club only): 404, so that guessed slugs and ids
  reveal nothing about a club;
- member: allowed where a member may act, 403 on the pages that manage the club
  (they are in the club, so hiding it would only confuse them);
- admin and owner: allowed everywhere.

Every URL of the games and clubs namespaces that takes a ``club_slug`` needs a
rule below; `test_every_club_url_has_a_rule` fails for a new URL without one.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from clubs.models import Invite, Membership, Player
from games.models import TableSession
from portability.models import BgStatsImport

MEMBER = "member"
ADMIN = "admin"
ACTORS = ("anonymous", "outsider", "member", "admin", "owner")


@dataclass(frozen=True)
class Rule:
    method: str
    needs: str
    # What an allowed user gets for an empty POST or a plain GET on the cast's
    # finished game: 200 when the page (or the form with its errors) is shown,
    # 302 when the action is done or the page sends them on (the board pages
    # send a game entered by hand to the entry-mode switch first).
    status: int


RULES: dict[str, tuple[Rule, ...]] = {
    "games:club-detail": (Rule("get", MEMBER, 200),),
    "games:session-create": (Rule("get", MEMBER, 200), Rule("post", MEMBER, 200)),
    "games:session-detail": (Rule("get", MEMBER, 200),),
    "games:session-sheet": (Rule("get", MEMBER, 200), Rule("post", MEMBER, 200)),
    "games:session-sheet-preview": (Rule("post", MEMBER, 200),),
    "games:session-edit": (Rule("get", MEMBER, 200), Rule("post", MEMBER, 200)),
    "games:session-delete": (Rule("get", MEMBER, 200), Rule("post", MEMBER, 302)),
    "games:session-restore": (Rule("post", MEMBER, 302),),
    "games:session-entry-mode": (Rule("get", MEMBER, 200), Rule("post", MEMBER, 200)),
    "games:session-board": (Rule("get", MEMBER, 302), Rule("post", MEMBER, 302)),
    "games:session-cities": (Rule("get", MEMBER, 302), Rule("post", MEMBER, 302)),
    "games:session-cards": (Rule("get", MEMBER, 302), Rule("post", MEMBER, 302)),
    "games:session-board-score": (Rule("get", MEMBER, 302), Rule("post", MEMBER, 302)),
    "clubs:membership-list": (Rule("get", MEMBER, 200),),
    "clubs:membership-role": (Rule("post", ADMIN, 200),),
    "clubs:membership-remove": (Rule("post", ADMIN, 302),),
    "clubs:invite-list": (Rule("get", ADMIN, 200), Rule("post", ADMIN, 200)),
    "clubs:invite-revoke": (Rule("post", ADMIN, 302),),
    "clubs:player-list": (Rule("get", MEMBER, 200), Rule("post", ADMIN, 200)),
    "clubs:player-edit": (Rule("get", ADMIN, 200), Rule("post", ADMIN, 200)),
    "games:club-portability": (Rule("get", MEMBER, 200),),
    "games:club-results-csv": (Rule("get", MEMBER, 200),),
    "games:club-bgstats-download": (Rule("get", MEMBER, 200),),
    "games:club-backup-download": (Rule("get", ADMIN, 200),),
    "games:club-backup-restore": (Rule("post", ADMIN, 200),),
    "games:club-bgstats-import": (Rule("post", ADMIN, 200),),
    "games:club-bgstats-import-undo": (
        Rule("get", ADMIN, 200),
        Rule("post", ADMIN, 302),
    ),
}

CASES = [(name, rule) for name, rules in RULES.items() for rule in rules]


def _club_url_params() -> dict[str, set[str]]:
    """Return every games/clubs URL name that takes a club_slug, with its parameters."""
    found: dict[str, set[str]] = {}

    def walk(
        patterns: list[URLPattern | URLResolver],
        namespace: str | None,
        params: set[str],
    ) -> None:
        for pattern in patterns:
            names = params | set(pattern.pattern.regex.groupindex)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, pattern.namespace or namespace, names)
            elif (
                isinstance(pattern, URLPattern)
                and namespace in {"games", "clubs"}
                and "club_slug" in names
            ):
                found[f"{namespace}:{pattern.name}"] = names

    walk(get_resolver().url_patterns, None, set())
    return found


def test_every_club_url_has_a_rule():
    assert set(_club_url_params()) == set(RULES)


def _import_of(session: TableSession) -> BgStatsImport:
    record = BgStatsImport.objects.create(club=session.club)
    record.sessions.add(session)
    return record


@pytest.fixture
def cast(club, alice, bob, charlie, other_club, dora, finished_session, invite):
    return {
        "users": {"outsider": charlie, "member": bob, "admin": dora, "owner": alice},
        "ids": {
            "session_id": finished_session.pk,
            "membership_id": Membership.objects.get(club=club, user=bob).pk,
            "invite_id": invite.pk,
            "player_id": Player.objects.get(club=club, name="Ana").pk,
            "import_id": _import_of(finished_session).pk,
        },
    }


def _url(name: str, club_slug: str, ids: dict[str, int]) -> str:
    params = _club_url_params()[name] - {"club_slug"}
    return reverse(name, kwargs={"club_slug": club_slug, **{p: ids[p] for p in params}})


def _snapshot() -> tuple[object, ...]:
    """Everything a refused request must leave as it was."""
    return (
        list(TableSession.objects.values_list("pk", "place", "version")),
        sorted(Membership.objects.values_list("club_id", "user_id", "role")),
        list(Invite.objects.values_list("pk", "revoked_at", "use_count")),
        sorted(Player.objects.values_list("pk", "name", "user_id")),
    )


def _expected(actor: str, rule: Rule) -> int:
    if actor == "anonymous":
        return 302
    if actor == "outsider":
        return 404
    if actor == "member" and rule.needs == ADMIN:
        return 403
    return rule.status


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(
    ("name", "rule"), CASES, ids=[f"{n}-{r.method}" for n, r in CASES]
)
def test_permission_matrix(client, cast, actor, name, rule):
    if actor != "anonymous":
        client.force_login(cast["users"][actor])
    url = _url(name, "lisboa", cast["ids"])
    before = _snapshot()
    response = getattr(client, rule.method)(url)
    expected = _expected(actor, rule)
    assert response.status_code == expected
    if actor == "anonymous":
        assert response["Location"] == f"{reverse('login')}?next={url}"
    elif expected == 302:
        assert not response["Location"].startswith(reverse("login"))
    if expected in {403, 404} or actor == "anonymous":
        assert _snapshot() == before


GUESSED = [(name, rule) for name, rule in CASES if len(_club_url_params()[name]) > 1]


@pytest.mark.parametrize(
    ("name", "rule"), GUESSED, ids=[f"{n}-{r.method}" for n, r in GUESSED]
)
def test_an_owner_of_another_club_cannot_reach_objects_through_their_own_slug(
    client, cast, other_club, name, rule
):
    """charlie owns Porto; Lisboa's ids under /clubs/porto/ must still be 404."""
    client.force_login(cast["users"]["outsider"])
    before = _snapshot()
    response = getattr(client, rule.method)(_url(name, other_club.slug, cast["ids"]))
    assert response.status_code == 404
    assert _snapshot() == before


def test_an_unknown_club_is_404_even_for_a_member_of_another(client, cast):
    client.force_login(cast["users"]["member"])
    assert client.get("/clubs/atlantis/members/").status_code == 404


def test_a_member_refused_a_page_is_told_why(client, cast):
    client.force_login(cast["users"]["member"])
    response = client.get(_url("clubs:player-edit", "lisboa", cast["ids"]))
    assert response.status_code == 403
    assert "Only the club&#x27;s owners and admins can do this." in (
        response.content.decode()
    )


def test_the_matrix_covers_every_role_of_the_cast(cast):
    roles = {
        actor: Membership.objects.filter(user=user, club__slug="lisboa")
        .values_list("role", flat=True)
        .first()
        for actor, user in cast["users"].items()
    }
    assert roles == {
        "outsider": None,
        "member": "member",
        "admin": "admin",
        "owner": "owner",
    }
    assert isinstance(cast["users"]["owner"], User)
