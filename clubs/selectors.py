"""Reads of the clubs app."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Case, Count, IntegerField, QuerySet, Value, When

from clubs.models import Club, Invite, Membership, Player, Role, UserPreference

# How many invites the invites page lists; older ones are history nobody needs.
INVITE_LIST_LIMIT = 50


def club_qs_visible_to(user: User | AnonymousUser) -> QuerySet[Club]:
    """Return the clubs ``user`` is a member of (none for an anonymous user)."""
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(memberships__user=user)


def membership_list_for_club(club: Club) -> QuerySet[Membership]:
    """Return the club's memberships, owners first, then admins, then members by name."""
    rank = Case(
        When(role=Role.OWNER, then=Value(0)),
        When(role=Role.ADMIN, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    return (
        club.memberships.select_related("user")
        .annotate(role_rank=rank)
        .order_by("role_rank", "user__username")
    )


def member_users_for_club(club: Club) -> QuerySet[User]:
    """Return the accounts that are members of the club, by user name."""
    return User.objects.filter(memberships__club=club).order_by("username")


def player_list_for_club(club: Club) -> QuerySet[Player]:
    """Return the club's players by name, with their account and ``games`` count.

    One query whatever the number of players.
    """
    return (
        club.players.select_related("user")
        .annotate(games=Count("seats"))
        .order_by("name")
    )


def invite_list_for_club(club: Club) -> QuerySet[Invite]:
    """Return the club's most recent invites, newest first (at most `INVITE_LIST_LIMIT`)."""
    return (
        Invite.objects.filter(club=club)
        .select_related("created_by")
        .order_by("-created_at", "-pk")[:INVITE_LIST_LIMIT]
    )


def invite_qs() -> QuerySet[Invite]:
    """Return all invites with their club, for looking one up by its token."""
    return Invite.objects.select_related("club")


def language_preference_get(user: User) -> str:
    """Return the language ``user`` chose, or "" if they never chose one."""
    preference = UserPreference.objects.filter(user=user).only("language").first()
    return preference.language if preference is not None else ""
