"""Who may do what in a club: owner > admin > member.

Reads only; the views turn a refusal into 404 (not a member) or 403 (a member
lacking the role), and the services re-check under a row lock.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Role

MANAGER_ROLES = frozenset({Role.OWNER, Role.ADMIN})


def membership_get(user: User | AnonymousUser, club: Club) -> Membership | None:
    """Return ``user``'s membership of ``club``, or None for a non-member."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


def can_manage(membership: Membership | None) -> bool:
    """Return whether the member may manage the club's members, players and invites."""
    return membership is not None and membership.role in MANAGER_ROLES


def role_change_problem(
    *, actor: Membership, target: Membership, role: str, owners: int
) -> str | None:
    """Return why ``actor`` may not give ``target`` the ``role``, or None if they may.

    ``owners`` is the club's number of owners, counted by the caller.
    """
    if not can_manage(actor):
        return _("Only the club's owners and admins manage its members.")
    if actor.role != Role.OWNER and Role.OWNER in (target.role, role):
        return _("Only an owner can make someone owner or change an owner's role.")
    if target.role == Role.OWNER and role != Role.OWNER and owners <= 1:
        return _("A club needs an owner: make someone else owner first.")
    return None


def removal_problem(
    *, actor: Membership, target: Membership, owners: int
) -> str | None:
    """Return why ``actor`` may not remove ``target`` from the club, or None if they may."""
    if not can_manage(actor):
        return _("Only the club's owners and admins manage its members.")
    if actor.role != Role.OWNER and target.role == Role.OWNER:
        return _("Only an owner can remove an owner.")
    if target.role == Role.OWNER and owners <= 1:
        return _("A club needs an owner: make someone else owner first.")
    return None


def roles_assignable(
    *, actor: Membership, target: Membership, owners: int
) -> list[Role]:
    """Return the roles ``actor`` may give ``target``; empty when none would change it."""
    roles = [
        role
        for role in Role
        if role_change_problem(actor=actor, target=target, role=role, owners=owners)
        is None
    ]
    return roles if roles != [target.role] else []
