from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from clubs import services
from clubs.models import Membership, Player, Role


def _role(membership: Membership) -> str:
    membership.refresh_from_db()
    return membership.role


def test_owner_makes_a_member_admin(alice_membership, bob_membership):
    services.membership_role_change(
        membership=bob_membership, role=Role.ADMIN, changed_by=alice_membership
    )
    assert _role(bob_membership) == Role.ADMIN


def test_owner_hands_over_ownership_and_steps_down(alice_membership, bob_membership):
    services.membership_role_change(
        membership=bob_membership, role=Role.OWNER, changed_by=alice_membership
    )
    services.membership_role_change(
        membership=alice_membership, role=Role.MEMBER, changed_by=alice_membership
    )
    assert (_role(alice_membership), _role(bob_membership)) == (Role.MEMBER, Role.OWNER)


def test_the_last_owner_cannot_step_down(alice_membership):
    with pytest.raises(ValidationError) as refused:
        services.membership_role_change(
            membership=alice_membership, role=Role.ADMIN, changed_by=alice_membership
        )
    assert refused.value.messages == [
        "A club needs an owner: make someone else owner first."
    ]
    assert _role(alice_membership) == Role.OWNER


def test_the_last_owner_cannot_be_removed(alice_membership):
    with pytest.raises(ValidationError):
        services.membership_remove(
            membership=alice_membership, removed_by=alice_membership
        )
    assert Membership.objects.filter(pk=alice_membership.pk).exists()


def test_an_admin_cannot_demote_the_owner(alice_membership, dora_membership):
    with pytest.raises(ValidationError) as refused:
        services.membership_role_change(
            membership=alice_membership, role=Role.MEMBER, changed_by=dora_membership
        )
    assert refused.value.messages == [
        "Only an owner can make someone owner or change an owner's role."
    ]
    assert _role(alice_membership) == Role.OWNER


def test_an_admin_cannot_remove_the_owner_even_with_two_owners(
    alice_membership, bob_membership, dora_membership
):
    services.membership_role_change(
        membership=bob_membership, role=Role.OWNER, changed_by=alice_membership
    )
    with pytest.raises(ValidationError):
        services.membership_remove(
            membership=bob_membership, removed_by=dora_membership
        )
    assert _role(bob_membership) == Role.OWNER


def test_an_admin_promotes_a_member_to_admin(bob_membership, dora_membership):
    services.membership_role_change(
        membership=bob_membership, role=Role.ADMIN, changed_by=dora_membership
    )
    assert _role(bob_membership) == Role.ADMIN


def test_a_member_cannot_change_roles(bob_membership, dora_membership):
    with pytest.raises(ValidationError):
        services.membership_role_change(
            membership=dora_membership, role=Role.MEMBER, changed_by=bob_membership
        )
    assert _role(dora_membership) == Role.ADMIN


def test_an_admin_removes_a_member_whose_player_and_games_stay(
    finished_session, bob, bob_membership, dora_membership
):
    bruno = Player.objects.get(club=finished_session.club, name="Bruno")
    bruno.user = bob
    bruno.save()
    services.membership_remove(membership=bob_membership, removed_by=dora_membership)
    assert not Membership.objects.filter(pk=bob_membership.pk).exists()
    bruno.refresh_from_db()
    assert bruno.user == bob
    assert bruno.seats.count() == 1


def test_a_stale_target_is_reported_not_crashed(bob_membership, alice_membership):
    Membership.objects.filter(pk=bob_membership.pk).delete()
    with pytest.raises(ValidationError) as refused:
        services.membership_remove(
            membership=bob_membership, removed_by=alice_membership
        )
    assert refused.value.messages == ["That person is no longer a member of this club."]


def test_a_membership_of_another_club_is_refused(alice_membership, other_club, charlie):
    charlies = Membership.objects.get(club=other_club, user=charlie)
    with pytest.raises(ValidationError):
        services.membership_remove(membership=charlies, removed_by=alice_membership)
    assert Membership.objects.filter(pk=charlies.pk).exists()
