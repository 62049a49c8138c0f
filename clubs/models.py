"""Clubs, their members and players (guests too), and invite links.

Club, Membership and Player keep the tables they were created with in the
`games` app (`games_club`, ...): moving them here changed only where Django
looks for them, not a single row (`clubs/migrations/0002_...`).
"""

from __future__ import annotations

import datetime as dt
import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.names import validate_player_name
from scoring.names import NAME_MAX_LENGTH


class Role(models.TextChoices):
    OWNER = "owner", _("Owner")
    ADMIN = "admin", _("Admin")
    MEMBER = "member", _("Member")


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "games_club"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("games:club-detail", kwargs={"club_slug": self.slug})


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "games_membership"
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"], name="membership_one_per_user_and_club"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


class Player(models.Model):
    """Someone who sits at the table; an account is optional (guests play too)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(
        _("name"), max_length=NAME_MAX_LENGTH, validators=[validate_player_name]
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "games_player"
        ordering = ["name"]
        constraints = [
            # Names identify players on a score sheet, so two "Ana"s in one club
            # would make a sheet ambiguous; the comparison ignores case.
            models.UniqueConstraint(
                Lower("name"), "club", name="player_name_unique_in_club"
            ),
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(user__isnull=False),
                name="player_one_per_user_and_club",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


def _new_token() -> str:
    # 24 random bytes: unguessable, and still short enough to paste into a chat.
    return secrets.token_urlsafe(24)


class InviteState(models.TextChoices):
    ACTIVE = "active", _("active")
    EXPIRED = "expired", _("expired")
    REVOKED = "revoked", _("revoked")
    USED_UP = "used_up", _("used up")


class Invite(models.Model):
    """A link that lets whoever is signed in and opens it join a club as a member."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, default=_new_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(_("expires at"))
    revoked_at = models.DateTimeField(null=True, blank=True)
    # None: anyone with the link may join until it expires.
    max_uses = models.PositiveIntegerField(_("most uses"), null=True, blank=True)
    use_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(token=""), name="invite_token_not_empty"
            ),
            models.CheckConstraint(
                condition=Q(expires_at__gt=F("created_at")),
                name="invite_expires_after_creation",
            ),
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(max_uses__gte=1),
                name="invite_max_uses_at_least_one",
            ),
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(use_count__lte=F("max_uses")),
                name="invite_use_count_within_max_uses",
            ),
        ]

    def __str__(self) -> str:
        return f"Invite to {self.club} until {self.expires_at:%Y-%m-%d %H:%M}"

    def get_absolute_url(self) -> str:
        return reverse("clubs:invite-accept", kwargs={"token": self.token})

    def state(self, now: dt.datetime | None = None) -> InviteState:
        # Revocation wins over expiry: it is the admin's explicit word.
        if self.revoked_at is not None:
            return InviteState.REVOKED
        if (now or timezone.now()) >= self.expires_at:
            return InviteState.EXPIRED
        if self.max_uses is not None and self.use_count >= self.max_uses:
            return InviteState.USED_UP
        return InviteState.ACTIVE


class UserPreference(models.Model):
    """What one account chose for itself: the language its pages are shown in.

    Signed out, the choice lives in the language cookie only; signed in, it is
    kept here too and comes back on the next sign-in, on any device.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference"
    )
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, blank=True
    )

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"
