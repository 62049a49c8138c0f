"""Who may open a club's pages and endpoints: one rule, used by every area.

A club the user is not a member of does not exist for them (404), whatever
slug they guess, so a page never tells a stranger which clubs there are; a
member who is not an owner or admin asking for a manager's action gets 403.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from clubs import permissions
from clubs.models import Club
from clubs.selectors import club_qs_visible_to


def club_for_member(user: User | AnonymousUser, club_slug: str) -> Club:
    """Return the club of that slug if ``user`` is a member; else raise Http404."""
    return get_object_or_404(club_qs_visible_to(user), slug=club_slug)


def club_for_manager(user: User | AnonymousUser, club_slug: str) -> Club:
    """Return the club if ``user`` is one of its owners or admins.

    Http404 for a non-member, PermissionDenied (403) for any other member.
    """
    club = club_for_member(user, club_slug)
    if not user_manages(user, club):
        raise PermissionDenied(_("Only the club's owners and admins can do this."))
    return club


def user_manages(user: User | AnonymousUser, club: Club) -> bool:
    """Return whether ``user`` is one of the club's owners or admins (one query)."""
    return permissions.can_manage(permissions.membership_get(user, club))
