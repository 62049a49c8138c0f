from __future__ import annotations

from django.urls import reverse

from clubs.models import Membership, Role
from tests.clubs.conftest import HTMX, signed_in
from tests.markup import elements, has_id


def _list_url() -> str:
    return reverse("clubs:membership-list", kwargs={"club_slug": "lisboa"})


def _url(name: str, membership: Membership) -> str:
    return reverse(name, kwargs={"club_slug": "lisboa", "membership_id": membership.pk})


def _role(membership: Membership) -> str:
    membership.refresh_from_db()
    return membership.role


def test_a_member_sees_who_is_in_the_club_but_no_controls(client, bob, dora):
    response = signed_in(client, bob).get(_list_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert html.index("alice") < html.index("dora") < html.index(">bob<")
    assert 'name="role"' not in html
    assert not elements(html, "button", data_action="remove")
    assert has_id(html, "ask-a-manager")


def test_members_page_for_htmx_is_the_list_only(client, club, bob):
    response = signed_in(client, bob).get(_list_url(), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="member-list">')


def test_the_owner_can_change_everyone_but_the_last_owner(
    client, alice_membership, bob_membership, dora_membership
):
    html = signed_in(client, alice_membership.user).get(_list_url()).content.decode()
    assert f'id="role-{bob_membership.pk}"' in html
    assert f'id="role-{dora_membership.pk}"' in html
    assert f'id="role-{alice_membership.pk}"' not in html
    assert _url("clubs:membership-remove", alice_membership) not in html
    assert _url("clubs:membership-remove", bob_membership) in html


def test_an_admin_cannot_touch_the_owner_nor_make_owners(
    client, alice_membership, bob_membership, dora_membership
):
    html = signed_in(client, dora_membership.user).get(_list_url()).content.decode()
    assert f'id="role-{alice_membership.pk}"' not in html
    assert _url("clubs:membership-remove", alice_membership) not in html
    bob_row = html[html.index(f'id="member-{bob_membership.pk}"') :]
    bob_select = bob_row[: bob_row.index("</select>")]
    assert '<option value="admin"' in bob_select
    assert '<option value="owner"' not in bob_select
    assert elements(html, "button", data_action="leave")


def test_changing_a_role_without_javascript_redirects_to_the_list(
    client, alice, bob_membership
):
    response = signed_in(client, alice).post(
        _url("clubs:membership-role", bob_membership), {"role": "admin"}
    )
    assert response.status_code == 302
    assert response["Location"] == _list_url()
    assert _role(bob_membership) == Role.ADMIN
    assert "bob is now: Admin." in client.get(_list_url()).content.decode()


def test_changing_a_role_with_htmx_returns_the_updated_list(
    client, alice, bob_membership
):
    response = signed_in(client, alice).post(
        _url("clubs:membership-role", bob_membership), {"role": "admin"}, headers=HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="member-list"' in html
    assert "bob is now: Admin." in html
    assert _role(bob_membership) == Role.ADMIN


def test_a_refused_role_change_shows_why_next_to_the_member(
    client, dora, alice_membership
):
    response = signed_in(client, dora).post(
        _url("clubs:membership-role", alice_membership), {"role": "member"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert f'id="member-{alice_membership.pk}-error"' in html
    assert (
        "Only an owner can make someone owner or change an owner&#x27;s role." in html
    )
    assert _role(alice_membership) == Role.OWNER


def test_a_refused_role_change_with_htmx_re_renders_the_list(
    client, alice, alice_membership
):
    response = signed_in(client, alice).post(
        _url("clubs:membership-role", alice_membership),
        {"role": "member"},
        headers=HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "A club needs an owner: make someone else owner first." in html
    assert _role(alice_membership) == Role.OWNER


def test_an_unknown_role_is_refused(client, alice, bob_membership):
    response = signed_in(client, alice).post(
        _url("clubs:membership-role", bob_membership), {"role": "emperor"}
    )
    assert response.status_code == 200
    assert "Select a valid choice. emperor is not one of the available choices." in (
        response.content.decode()
    )
    assert _role(bob_membership) == Role.MEMBER


def test_an_admin_who_steps_down_sees_the_list_as_a_member(
    client, dora, dora_membership
):
    response = signed_in(client, dora).post(
        _url("clubs:membership-role", dora_membership), {"role": "member"}, headers=HTMX
    )
    html = response.content.decode()
    assert "dora is now: Member." in html
    assert 'name="role"' not in html


def test_removing_a_member_without_javascript(client, alice, bob_membership):
    response = signed_in(client, alice).post(
        _url("clubs:membership-remove", bob_membership)
    )
    assert response.status_code == 302
    assert response["Location"] == _list_url()
    assert not Membership.objects.filter(pk=bob_membership.pk).exists()


def test_removing_a_member_with_htmx_returns_the_list_without_them(
    client, alice, bob_membership
):
    response = signed_in(client, alice).post(
        _url("clubs:membership-remove", bob_membership), headers=HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "bob is no longer a member." in html
    assert f'id="member-{bob_membership.pk}"' not in html


def test_the_last_owner_cannot_leave(client, alice, alice_membership):
    response = signed_in(client, alice).post(
        _url("clubs:membership-remove", alice_membership)
    )
    assert response.status_code == 200
    assert "A club needs an owner: make someone else owner first." in (
        response.content.decode()
    )
    assert Membership.objects.filter(pk=alice_membership.pk).exists()


def test_an_admin_who_leaves_is_sent_home(client, dora, dora_membership):
    response = signed_in(client, dora).post(
        _url("clubs:membership-remove", dora_membership)
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")
    assert not Membership.objects.filter(pk=dora_membership.pk).exists()


def test_an_admin_who_leaves_with_htmx_is_sent_home_too(client, dora, dora_membership):
    response = signed_in(client, dora).post(
        _url("clubs:membership-remove", dora_membership), headers=HTMX
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("games:home")


def test_a_member_asking_to_change_a_role_is_told_it_needs_an_admin(
    client, bob, dora_membership
):
    response = signed_in(client, bob).post(
        _url("clubs:membership-role", dora_membership), {"role": "member"}
    )
    assert response.status_code == 403
    assert "Only the club&#x27;s owners and admins can do this." in (
        response.content.decode()
    )
    assert _role(dora_membership) == Role.ADMIN
