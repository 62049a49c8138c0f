"""Every state change of the clubs app: accounts, clubs, memberships, invites, players."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from clubs import permissions
from clubs.models import (
    Club,
    Invite,
    InviteState,
    Membership,
    Player,
    Role,
    UserPreference,
)
from scoring.names import name_problem, normalize_name

# Club slugs that a fixed URL already uses ("clubs/new/" creates a club).
RESERVED_SLUGS = frozenset({"new"})

INVITE_STATE_MESSAGES = {
    InviteState.EXPIRED: gettext_lazy(
        "This invite link has expired. Ask an admin of the club for a new one."
    ),
    InviteState.REVOKED: gettext_lazy(
        "This invite link was withdrawn. Ask an admin of the club for a new one."
    ),
    InviteState.USED_UP: gettext_lazy(
        "This invite link has been used as many times as it allows. "
        "Ask an admin of the club for a new one."
    ),
}


class InviteUnusable(ValidationError):
    """The invite cannot let anyone in any more; ``state`` says why."""

    def __init__(self, state: InviteState) -> None:
        self.state = state
        super().__init__(str(INVITE_STATE_MESSAGES[state]))


def club_create(*, name: str, owner: User, slug: str = "") -> Club:
    """Create a club whose first member is its owner."""
    club = Club(name=name, slug=slug or slugify(name)[:60])
    club.full_clean()
    with transaction.atomic():
        club.save()
        Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    return club


def membership_add(*, club: Club, user: User, role: Role = Role.MEMBER) -> Membership:
    """Make ``user`` a member of ``club`` (idempotent; keeps an existing role)."""
    membership, _created = Membership.objects.get_or_create(
        club=club, user=user, defaults={"role": role}
    )
    return membership


def player_get_or_create(*, club: Club, name: str) -> Player:
    """Return the club's player of that name (any case), creating a guest if needed."""
    name = normalize_name(name)
    existing = club.players.filter(name__iexact=name).first()
    if existing is not None:
        return existing
    player = Player(club=club, name=name)
    player.full_clean()
    player.save()
    return player


def account_create(*, username: str, email: str, password: str) -> User:
    """Create a sign-in account; ``password`` is expected to be validated already."""
    user = User(username=username, email=User.objects.normalize_email(email))
    user.set_password(password)
    user.full_clean()
    user.save()
    return user


def club_found(*, name: str, owner: User) -> Club:
    """Create a club under a free short name derived from ``name``, owned by ``owner``.

    Costs one query to find the short name, whatever the number of clubs.
    """
    # Non-Latin names (Київ) slugify to nothing; the URL still needs a name.
    base = slugify(name)[:50].strip("-") or "club"
    taken = set(
        Club.objects.filter(slug__startswith=base).values_list("slug", flat=True)
    )
    taken |= RESERVED_SLUGS
    slug = base
    suffix = 2
    while slug in taken:
        slug = f"{base}-{suffix}"
        suffix += 1
    return club_create(name=name.strip(), slug=slug, owner=owner)


def invite_create(
    *, club: Club, created_by: User, expires_in: dt.timedelta, max_uses: int | None
) -> Invite:
    """Create an invite link to ``club`` that works for ``expires_in`` from now."""
    now = timezone.now()
    invite = Invite(
        club=club,
        created_by=created_by,
        created_at=now,
        expires_at=now + expires_in,
        max_uses=max_uses,
    )
    invite.full_clean()
    invite.save()
    return invite


def invite_revoke(*, invite: Invite) -> Invite:
    """Stop the invite from letting anyone in; revoking twice keeps the first time."""
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])
    return invite


@transaction.atomic
def invite_accept(*, invite: Invite, user: User) -> Membership:
    """Make ``user`` a member of the invite's club and count the use.

    Idempotent: a member opening the link again keeps their membership and role
    and uses nothing up, even when the link has expired since. Raises
    `InviteUnusable` for an expired, revoked or used-up link.
    """
    # The lock serialises joins through one link, so max_uses cannot be overrun.
    locked = Invite.objects.select_for_update().select_related("club").get(pk=invite.pk)
    existing = Membership.objects.filter(club_id=locked.club_id, user=user).first()
    if existing is not None:
        return existing
    state = locked.state()
    if state != InviteState.ACTIVE:
        raise InviteUnusable(state)
    membership = membership_add(club=locked.club, user=user)
    locked.use_count += 1
    locked.save(update_fields=["use_count"])
    invite.use_count = locked.use_count
    return membership


def _locked_memberships(
    *, actor: Membership, target: Membership
) -> tuple[Membership, Membership, int]:
    """Lock the club's owners, the actor and the target; return them and the owner count.

    Counting owners under the lock keeps two admins acting at once from leaving
    a club without an owner.
    """
    if actor.club_id != target.club_id:
        raise ValidationError(_("That person is not a member of this club."))
    rows = {
        m.pk: m
        for m in Membership.objects.select_for_update()
        .select_related("user")
        .filter(
            Q(club_id=target.club_id, role=Role.OWNER) | Q(pk__in=[actor.pk, target.pk])
        )
    }
    if actor.pk not in rows:
        raise ValidationError(_("You are no longer a member of this club."))
    if target.pk not in rows:
        raise ValidationError(_("That person is no longer a member of this club."))
    owners = sum(1 for m in rows.values() if m.role == Role.OWNER)
    return rows[actor.pk], rows[target.pk], owners


@transaction.atomic
def membership_role_change(
    *, membership: Membership, role: Role, changed_by: Membership
) -> Membership:
    """Give ``membership`` the ``role``, as ``changed_by`` asks.

    Raises `ValidationError` (with the reason) when ``changed_by`` may not, or
    when it would leave the club without an owner.
    """
    actor, target, owners = _locked_memberships(actor=changed_by, target=membership)
    problem = permissions.role_change_problem(
        actor=actor, target=target, role=role, owners=owners
    )
    if problem is not None:
        raise ValidationError(problem)
    if target.role != role:
        target.role = role
        target.full_clean()
        target.save(update_fields=["role"])
    return target


@transaction.atomic
def membership_remove(*, membership: Membership, removed_by: Membership) -> None:
    """Take ``membership``'s user out of the club; their players and games stay.

    Raises `ValidationError` (with the reason) when ``removed_by`` may not, or
    when it would leave the club without an owner.
    """
    actor, target, owners = _locked_memberships(actor=removed_by, target=membership)
    problem = permissions.removal_problem(actor=actor, target=target, owners=owners)
    if problem is not None:
        raise ValidationError(problem)
    target.delete()


def _player_check(player: Player) -> None:
    errors: dict[str, str] = {}
    refusal = name_problem(player.name)
    if refusal is not None:
        template, params = refusal
        errors["name"] = gettext(template) % params
    elif (
        Player.objects.filter(club_id=player.club_id, name__iexact=player.name)
        .exclude(pk=player.pk)
        .exists()
    ):
        errors["name"] = _("The club already has a player called %(name)s.") % {
            "name": player.name
        }
    if player.user is not None:
        user = player.user
        if not Membership.objects.filter(club_id=player.club_id, user=user).exists():
            errors["user"] = _("Only a member of the club can be linked to a player.")
        else:
            other = (
                Player.objects.filter(club_id=player.club_id, user=user)
                .exclude(pk=player.pk)
                .first()
            )
            if other is not None:
                errors["user"] = _("%(user)s already plays as %(player)s.") % {
                    "user": user.get_username(),
                    "player": other.name,
                }
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def player_add(*, club: Club, name: str) -> Player:
    """Add a guest player (no account) to the club.

    Raises `ValidationError` keyed by field when the name is empty or taken.
    """
    player = Player(club=club, name=normalize_name(name))
    _player_check(player)
    player.full_clean()
    player.save()
    return player


@transaction.atomic
def player_update(*, player: Player, name: str, user: User | None) -> Player:
    """Rename a player and link it to a member's account (None makes it a guest).

    Raises `ValidationError` keyed by field ("name", "user"); nothing is saved then.
    """
    original_name, original_user_id = player.name, player.user_id
    player.name = normalize_name(name)
    player.user = user
    try:
        _player_check(player)
        player.full_clean()
    except ValidationError:
        # The caller re-renders this instance; it must still show what is stored.
        player.name = original_name
        player.user_id = original_user_id
        raise
    player.save(update_fields=["name", "user"])
    return player


def language_preference_set(*, user: User, language: str) -> UserPreference:
    """Remember the language ``user`` chose (one of settings.LANGUAGES)."""
    preference, _created = UserPreference.objects.get_or_create(user=user)
    preference.language = language
    preference.full_clean()
    preference.save(update_fields=["language"])
    return preference
