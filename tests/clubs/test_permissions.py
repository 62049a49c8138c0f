"""Role rules on unsaved memberships: no database needed."""

from __future__ import annotations

import pytest

from clubs.models import Membership, Role
from clubs.permissions import (
    can_manage,
    removal_problem,
    role_change_problem,
    roles_assignable,
)

OWNER, ADMIN, MEMBER = Role.OWNER, Role.ADMIN, Role.MEMBER


def _m(pk: int, role: Role) -> Membership:
    return Membership(pk=pk, role=role)


@pytest.mark.parametrize(
    ("role", "expected"),
    [(OWNER, True), (ADMIN, True), (MEMBER, False)],
)
def test_owners_and_admins_manage_members_do_not(role, expected):
    assert can_manage(_m(1, role)) is expected


def test_nobody_without_a_membership_manages():
    assert can_manage(None) is False


@pytest.mark.parametrize(
    ("actor", "target", "role", "owners", "allowed"),
    [
        # Owners may give any role, to anyone, while another owner remains.
        (OWNER, MEMBER, ADMIN, 1, True),
        (OWNER, MEMBER, OWNER, 1, True),
        (OWNER, ADMIN, MEMBER, 1, True),
        (OWNER, OWNER, ADMIN, 2, True),
        # ... but never leave the club without one.
        (OWNER, OWNER, ADMIN, 1, False),
        (OWNER, OWNER, MEMBER, 1, False),
        # Admins move people between member and admin only.
        (ADMIN, MEMBER, ADMIN, 1, True),
        (ADMIN, ADMIN, MEMBER, 1, True),
        (ADMIN, MEMBER, OWNER, 1, False),
        (ADMIN, OWNER, MEMBER, 2, False),
        (ADMIN, OWNER, ADMIN, 2, False),
        # Members change nothing.
        (MEMBER, MEMBER, ADMIN, 1, False),
        (MEMBER, ADMIN, MEMBER, 1, False),
    ],
)
def test_role_change_rules(actor, target, role, owners, allowed):
    problem = role_change_problem(
        actor=_m(1, actor), target=_m(2, target), role=role, owners=owners
    )
    assert (problem is None) is allowed


def test_the_last_owner_cannot_demote_themselves():
    me = _m(1, OWNER)
    assert role_change_problem(actor=me, target=me, role=MEMBER, owners=1) == (
        "A club needs an owner: make someone else owner first."
    )


def test_an_admin_is_told_why_they_cannot_demote_the_owner():
    assert (
        role_change_problem(
            actor=_m(1, ADMIN), target=_m(2, OWNER), role=MEMBER, owners=1
        )
        == "Only an owner can make someone owner or change an owner's role."
    )


@pytest.mark.parametrize(
    ("actor", "target", "owners", "allowed"),
    [
        (OWNER, MEMBER, 1, True),
        (OWNER, ADMIN, 1, True),
        (OWNER, OWNER, 2, True),
        (OWNER, OWNER, 1, False),
        (ADMIN, MEMBER, 1, True),
        (ADMIN, ADMIN, 1, True),
        (ADMIN, OWNER, 2, False),
        (MEMBER, MEMBER, 1, False),
    ],
)
def test_removal_rules(actor, target, owners, allowed):
    problem = removal_problem(actor=_m(1, actor), target=_m(2, target), owners=owners)
    assert (problem is None) is allowed


@pytest.mark.parametrize(
    ("actor", "target", "owners", "expected"),
    [
        (OWNER, MEMBER, 1, [OWNER, ADMIN, MEMBER]),
        (OWNER, OWNER, 2, [OWNER, ADMIN, MEMBER]),
        # The only choice left would be no change: no choice is offered.
        (OWNER, OWNER, 1, []),
        (ADMIN, MEMBER, 1, [ADMIN, MEMBER]),
        (ADMIN, OWNER, 1, []),
        (MEMBER, MEMBER, 1, []),
    ],
)
def test_roles_offered_to_a_manager(actor, target, owners, expected):
    assert (
        roles_assignable(actor=_m(1, actor), target=_m(2, target), owners=owners)
        == expected
    )
