"""Club and player names full of markup, htmx attributes and template syntax stay text.

For each generated set of names the club page, the score sheet and the result
page (full and htmx renderings) must have exactly the elements and attributes
they have with plain names, show every name as typed, and contain nothing a
strict CSP would block. Each example renames the cast inside a transaction that
is rolled back, so the examples do not see each other's names.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Club, Player
from games.models import TableSession
from tests.security.html_audit import audit, csp_problems

FRAGMENTS = [
    "<script>alert(1)</script>",
    "</title><script>alert(1)</script>",
    '" onmouseover="alert(1)',
    "' onfocus='alert(1)' autofocus='",
    '"><img src=x onerror=alert(1)>',
    '" hx-get="/admin/" hx-trigger="load',
    "<div hx-post='/clubs/lisboa/games/1/delete/' hx-trigger='load'>",
    "hx-on:click=alert(1)",
    "{{ request.user.password }}",
    "{% debug %}",
    "{# hidden #}",
    "javascript:alert(1)",
    "<svg onload=alert(1)>",
    "&lt;b&gt;",
    "&amp;",
    "<!--",
    "]]>",
    "`${1}`",
]
_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")),
    max_size=6,
)


def _names(max_size: int) -> st.SearchStrategy[str]:
    return (
        st.lists(st.sampled_from(FRAGMENTS) | _TEXT, min_size=1, max_size=4)
        .map("".join)
        .map(str.strip)
        .filter(lambda name: 0 < len(name) <= max_size)
    )


PLAYER_NAMES = st.lists(
    _names(40), min_size=3, max_size=3, unique_by=lambda name: name.casefold()
)


def _pages(session: TableSession) -> list[tuple[str, dict[str, str]]]:
    kwargs = {"club_slug": session.club.slug, "session_id": session.pk}
    urls = [
        reverse("games:club-detail", kwargs={"club_slug": session.club.slug}),
        reverse("games:session-sheet", kwargs=kwargs),
        reverse("games:session-detail", kwargs=kwargs),
    ]
    return [(url, headers) for url in urls for headers in ({}, {"HX-Request": "true"})]


def _skeleton(html: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.tag, tuple(sorted(e.attrs))) for e in audit(html).elements]


def _shown(html: str) -> str:
    found = audit(html)
    return "".join(found.text) + "".join(
        value for element in found.elements for value in element.attrs.values()
    )


@pytest.fixture
def member(bob: User, finished_session: TableSession) -> Client:
    client = Client()
    client.force_login(bob)
    return client


class Skeletons(dict[tuple[str, str], list[tuple[str, tuple[str, ...]]]]):
    def __repr__(self) -> str:
        # Hypothesis prints the arguments of a failing example; the pages
        # themselves would drown the names that broke them.
        return f"<skeletons of {len(self)} pages>"


@pytest.fixture
def plain_pages(member: Client, finished_session: TableSession) -> Skeletons:
    """The pages' skeletons with the cast's plain names, to compare against."""
    return Skeletons(
        {
            (url, str(headers)): _skeleton(
                member.get(url, headers=headers).content.decode()
            )
            for url, headers in _pages(finished_session)
        }
    )


def _rename(session: TableSession, club_name: str, player_names: list[str]) -> None:
    Club.objects.filter(pk=session.club_id).update(name=club_name)
    seats = list(session.seats.select_related("player").order_by("seat_order"))
    # Through a free name first: two players may swap names between examples.
    for seat in seats:
        Player.objects.filter(pk=seat.player_id).update(name=f"tmp-{seat.player_id}")
    for seat, name in zip(seats, player_names, strict=True):
        Player.objects.filter(pk=seat.player_id).update(name=name)


# DB-backed examples roll back each example's renaming themselves, so the
# function-scoped cast is safe to share between examples.
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(club_name=_names(100), player_names=PLAYER_NAMES)
def test_names_full_of_markup_render_as_text(
    member, finished_session, plain_pages, club_name, player_names
):
    with transaction.atomic():
        _rename(finished_session, club_name, player_names)
        for url, headers in _pages(finished_session):
            response = member.get(url, headers=headers)
            assert response.status_code == 200
            html = response.content.decode()
            assert _skeleton(html) == plain_pages[url, str(headers)]
            assert csp_problems(html) == []
            shown = _shown(html)
            for name in player_names:
                assert name in shown
            if not headers:
                assert club_name in shown
        transaction.set_rollback(True)


def test_a_script_in_a_name_is_escaped_on_the_result_page(member, finished_session):
    """The property above, once by hand: the exact escaped text is in the page."""
    player = finished_session.seats.get(seat_order=0).player
    player.name = '<script>alert("x")</script>'
    player.save(update_fields=["name"])
    html = member.get(finished_session.get_absolute_url()).content.decode()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    assert '<script>alert("x")' not in html
