from __future__ import annotations

import datetime as dt

import time_machine
from django.urls import reverse

from clubs import services
from clubs.models import Invite
from tests.clubs.conftest import HTMX, signed_in
from tests.markup import elements, has_id

START = dt.datetime(2026, 11, 20, 12, tzinfo=dt.UTC)


def _list_url() -> str:
    return reverse("clubs:invite-list", kwargs={"club_slug": "lisboa"})


def _revoke_url(invite: Invite) -> str:
    return reverse(
        "clubs:invite-revoke", kwargs={"club_slug": "lisboa", "invite_id": invite.pk}
    )


def test_invites_page_is_a_full_page(client, dora):
    response = signed_in(client, dora).get(_list_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert 'name="expires_in"' in html
    assert has_id(html, "no-invites")


def test_invites_page_for_htmx_is_the_list_only(client, dora):
    response = signed_in(client, dora).get(_list_url(), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="invite-list">')


def test_the_invites_page_shows_the_full_link_to_copy(client, dora, invite):
    html = signed_in(client, dora).get(_list_url()).content.decode()
    assert f'value="http://testserver/join/{invite.token}/"' in html
    assert f'data-copy="invite-url-{invite.pk}"' in html


def test_creating_an_invite_without_javascript(client, dora):
    with time_machine.travel(START, tick=False):
        response = signed_in(client, dora).post(
            _list_url(), {"expires_in": "7", "max_uses": "5"}
        )
    assert response.status_code == 302
    assert response["Location"] == _list_url()
    invite = Invite.objects.get()
    assert invite.expires_at == dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC)
    assert (invite.max_uses, invite.created_by) == (5, dora)
    with time_machine.travel(START, tick=False):
        html = client.get(_list_url()).content.decode()
    assert "Invite link created" in html
    assert f"/join/{invite.token}/" in html
    assert elements(html, "p", data_used="0", data_max_uses="5")


def test_creating_an_invite_with_htmx_shows_it_marked_new(client, dora):
    response = signed_in(client, dora).post(
        _list_url(), {"expires_in": "1", "max_uses": ""}, headers=HTMX
    )
    html = response.content.decode()
    invite = Invite.objects.get()
    assert response.status_code == 200
    assert "<html" not in html
    assert f'class="invite-row new" id="invite-{invite.pk}"' in html
    assert f"http://testserver/join/{invite.token}/" in html
    assert invite.max_uses is None


def test_a_bad_limit_is_shown_next_to_the_field(client, dora):
    response = signed_in(client, dora).post(
        _list_url(), {"expires_in": "7", "max_uses": "0"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert "Ensure this value is greater than or equal to 1." in html
    assert not Invite.objects.exists()


def test_a_bad_expiry_with_htmx_re_renders_the_list(client, dora):
    response = signed_in(client, dora).post(
        _list_url(), {"expires_in": "365"}, headers=HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "Select a valid choice. 365 is not one of the available choices." in html
    assert not Invite.objects.exists()


def test_revoking_an_invite_without_javascript(client, dora, invite):
    response = signed_in(client, dora).post(_revoke_url(invite))
    assert response.status_code == 302
    assert response["Location"] == _list_url()
    invite.refresh_from_db()
    assert invite.revoked_at is not None


def test_revoking_an_invite_with_htmx_hides_its_link(client, dora, invite):
    response = signed_in(client, dora).post(_revoke_url(invite), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "Invite link revoked: it no longer lets anyone in." in html
    assert f"/join/{invite.token}/" not in html
    assert '<span class="badge">revoked</span>' in html


def test_an_expired_invite_is_listed_without_its_link(client, club, alice):
    with time_machine.travel(START, tick=False):
        invite = services.invite_create(
            club=club, created_by=alice, expires_in=dt.timedelta(days=1), max_uses=None
        )
    with time_machine.travel(START + dt.timedelta(days=2), tick=False):
        html = signed_in(client, alice).get(_list_url()).content.decode()
    assert '<span class="badge">expired</span>' in html
    assert f"/join/{invite.token}/" not in html


def test_a_member_is_told_to_ask_an_admin_for_a_link(client, bob, invite):
    response = signed_in(client, bob).get(_list_url())
    html = response.content.decode()
    assert response.status_code == 403
    assert "Only the club&#x27;s owners and admins make invite links" in html
    assert invite.token not in html
