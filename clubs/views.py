"""Club pages: sign up, found a club, members, invite links and players.

Access: a stranger is sent to sign in; someone who is not a member of the club
gets 404, so guessed slugs and ids reveal nothing; a member lacking the owner or
admin role gets 403 on the pages that manage the club.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import check_for_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django.views.i18n import set_language
from django_htmx.http import HttpResponseClientRedirect

from clubs import access, permissions, selectors, services
from clubs.forms import (
    ClubCreateForm,
    InviteCreateForm,
    MembershipRoleForm,
    PlayerAddForm,
    PlayerEditForm,
    SignUpForm,
)
from clubs.models import Club, Invite, InviteState, Membership, Role
from concordia_site.http import AuthedHtmxRequest, HtmxHttpRequest


def _club_for_member(
    request: AuthedHtmxRequest, club_slug: str
) -> tuple[Club, Membership]:
    club = access.club_for_member(request.user, club_slug)
    membership = permissions.membership_get(request.user, club)
    if membership is None:  # pragma: no cover - a visible club is one of the user's
        raise Http404
    return club, membership


def _club_for_manager(
    request: AuthedHtmxRequest, club_slug: str, refusal: str = ""
) -> tuple[Club, Membership]:
    club, membership = _club_for_member(request, club_slug)
    if not permissions.can_manage(membership):
        raise PermissionDenied(
            refusal or _("Only the club's owners and admins can do this.")
        )
    return club, membership


def _done(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """Navigate to ``url`` after a POST: htmx follows HX-Redirect, a browser the 302."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def _safe_next(request: HtmxHttpRequest) -> str:
    url = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return url
    return ""


# Accounts


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def account_signup(request: HtmxHttpRequest) -> HttpResponse:
    """Create an account and sign in with it, then go where the visitor was headed."""
    next_url = _safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url or "games:home")
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = services.account_create(
            username=form.cleaned_data["username"],
            email=form.cleaned_data["email"],
            password=form.cleaned_data["password1"],
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request, _("Welcome, %(name)s!") % {"name": user.get_username()}
        )
        return _done(request, next_url or reverse("games:home"))
    template = "clubs/account_signup.html" + ("#signup-form" if request.htmx else "")
    return render(request, template, {"form": form, "next": next_url})


# Clubs


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def club_create(request: AuthedHtmxRequest) -> HttpResponse:
    """Found a club; whoever creates it becomes its owner."""
    form = ClubCreateForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_found(
                name=form.cleaned_data["name"], owner=request.user
            )
        except ValidationError as error:
            form.add_error(None, error.messages)
        else:
            messages.success(
                request,
                _("Club created. Invite the other players from its members page."),
            )
            return _done(request, club.get_absolute_url())
    template = "clubs/club_create.html" + ("#club-form" if request.htmx else "")
    return render(request, template, {"form": form})


# Members


@dataclass(slots=True)
class MemberRow:
    membership: Membership
    is_me: bool
    roles: list[tuple[str, str]]
    can_remove: bool
    errors: list[str]


def _render_members(
    request: AuthedHtmxRequest,
    club: Club,
    me: Membership,
    *,
    errors: dict[int, list[str]] | None = None,
    notice: str = "",
) -> HttpResponse:
    memberships = list(selectors.membership_list_for_club(club))
    owners = sum(1 for m in memberships if m.role == Role.OWNER)
    rows = [
        MemberRow(
            membership=m,
            is_me=m.pk == me.pk,
            roles=[
                (role.value, str(role.label))
                for role in permissions.roles_assignable(
                    actor=me, target=m, owners=owners
                )
            ],
            can_remove=permissions.removal_problem(actor=me, target=m, owners=owners)
            is None,
            errors=(errors or {}).get(m.pk, []),
        )
        for m in memberships
    ]
    context = {
        "club": club,
        "rows": rows,
        "can_manage": permissions.can_manage(me),
        "notice": notice,
    }
    template = "clubs/membership_list.html" + ("#member-list" if request.htmx else "")
    return render(request, template, context)


@require_GET
@login_required
@vary_on_headers("HX-Request")
def membership_list(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    """Who is in the club; owners and admins also change roles and remove members."""
    club, me = _club_for_member(request, club_slug)
    return _render_members(request, club, me)


@require_POST
@login_required
@vary_on_headers("HX-Request")
def membership_role_change(
    request: AuthedHtmxRequest, club_slug: str, membership_id: int
) -> HttpResponse:
    club, me = _club_for_manager(request, club_slug)
    target = get_object_or_404(
        club.memberships.select_related("user"), pk=membership_id
    )
    form = MembershipRoleForm(request.POST)
    if not form.is_valid():
        return _render_members(
            request, club, me, errors={target.pk: [str(e) for e in form.errors["role"]]}
        )
    try:
        changed = services.membership_role_change(
            membership=target, role=Role(form.cleaned_data["role"]), changed_by=me
        )
    except ValidationError as error:
        return _render_members(request, club, me, errors={target.pk: error.messages})
    notice = _("%(name)s is now: %(role)s.") % {
        "name": changed.user.get_username(),
        "role": changed.get_role_display(),
    }
    if not request.htmx:
        messages.success(request, notice)
        return redirect("clubs:membership-list", club_slug=club.slug)
    # Whoever changed their own role sees the page as their new role allows.
    return _render_members(
        request, club, changed if changed.pk == me.pk else me, notice=notice
    )


@require_POST
@login_required
@vary_on_headers("HX-Request")
def membership_remove(
    request: AuthedHtmxRequest, club_slug: str, membership_id: int
) -> HttpResponse:
    club, me = _club_for_manager(request, club_slug)
    target = get_object_or_404(
        club.memberships.select_related("user"), pk=membership_id
    )
    try:
        services.membership_remove(membership=target, removed_by=me)
    except ValidationError as error:
        return _render_members(request, club, me, errors={target.pk: error.messages})
    if target.pk == me.pk:
        # The club's pages are closed to someone who just left it.
        messages.success(request, _("You left %(club)s.") % {"club": club.name})
        return _done(request, reverse("games:home"))
    notice = _("%(name)s is no longer a member.") % {"name": target.user.get_username()}
    if not request.htmx:
        messages.success(request, notice)
        return redirect("clubs:membership-list", club_slug=club.slug)
    return _render_members(request, club, me, notice=notice)


# Invite links


@dataclass(slots=True)
class InviteRow:
    invite: Invite
    state: InviteState
    url: str
    is_new: bool


def _render_invites(
    request: AuthedHtmxRequest,
    club: Club,
    form: InviteCreateForm,
    *,
    created: Invite | None = None,
    notice: str = "",
) -> HttpResponse:
    rows = [
        InviteRow(
            invite=invite,
            state=invite.state(),
            url=request.build_absolute_uri(invite.get_absolute_url()),
            is_new=created is not None and invite.pk == created.pk,
        )
        for invite in selectors.invite_list_for_club(club)
    ]
    context = {"club": club, "form": form, "rows": rows, "notice": notice}
    template = "clubs/invite_list.html" + ("#invite-list" if request.htmx else "")
    return render(request, template, context)


_INVITE_REFUSAL = gettext_lazy(
    "Only the club's owners and admins make invite links; ask one of them for a link."
)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def invite_list(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    """The club's invite links: create one with an expiry, copy it, revoke it."""
    club, _me = _club_for_manager(request, club_slug, refusal=str(_INVITE_REFUSAL))
    form = InviteCreateForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        invite = services.invite_create(
            club=club,
            created_by=request.user,
            expires_in=form.lifetime(),
            max_uses=form.cleaned_data["max_uses"],
        )
        notice = _(
            "Invite link created: copy it and send it to the players you invite."
        )
        if not request.htmx:
            messages.success(request, notice)
            return redirect("clubs:invite-list", club_slug=club.slug)
        return _render_invites(
            request, club, InviteCreateForm(), created=invite, notice=notice
        )
    return _render_invites(request, club, form)


@require_POST
@login_required
@vary_on_headers("HX-Request")
def invite_revoke(
    request: AuthedHtmxRequest, club_slug: str, invite_id: int
) -> HttpResponse:
    club, _me = _club_for_manager(request, club_slug, refusal=str(_INVITE_REFUSAL))
    invite = get_object_or_404(Invite.objects.filter(club=club), pk=invite_id)
    services.invite_revoke(invite=invite)
    notice = _("Invite link revoked: it no longer lets anyone in.")
    if not request.htmx:
        messages.success(request, notice)
        return redirect("clubs:invite-list", club_slug=club.slug)
    return _render_invites(request, club, InviteCreateForm(), notice=notice)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def invite_accept(request: AuthedHtmxRequest, token: str) -> HttpResponse:
    """Join a club through its invite link.

    GET only shows the invitation: chat apps open links to preview them, and a
    preview must not make anyone a member. POST joins; joining twice changes nothing.
    """
    template = "clubs/invite_accept.html"
    invite = selectors.invite_qs().filter(token=token).first()
    if invite is None:
        problem = _("This invite link does not exist. Check that it was copied whole.")
        return render(request, template, {"problem": problem}, status=404)
    club = invite.club
    already = permissions.membership_get(request.user, club) is not None
    if request.method == "POST":
        try:
            services.invite_accept(invite=invite, user=request.user)
        except services.InviteUnusable as unusable:
            context = {"club": club, "problem": unusable.messages[0]}
            return render(request, template, context, status=410)
        if not already:
            messages.success(request, _("Welcome to %(club)s!") % {"club": club.name})
        return _done(request, club.get_absolute_url())
    if already:
        return render(request, template, {"club": club, "already": True})
    state = invite.state()
    if state != InviteState.ACTIVE:
        problem = str(services.INVITE_STATE_MESSAGES[state])
        return render(request, template, {"club": club, "problem": problem}, status=410)
    return render(request, template, {"club": club, "invite": invite})


# Players


def _render_players(
    request: AuthedHtmxRequest,
    club: Club,
    me: Membership,
    form: PlayerAddForm,
    *,
    notice: str = "",
) -> HttpResponse:
    context = {
        "club": club,
        "players": selectors.player_list_for_club(club),
        "form": form,
        "can_manage": permissions.can_manage(me),
        "notice": notice,
    }
    template = "clubs/player_list.html" + ("#player-list" if request.htmx else "")
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def player_list(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    """Everyone who has sat at the club's table; owners and admins add players."""
    if request.method == "GET":
        club, me = _club_for_member(request, club_slug)
        return _render_players(request, club, me, PlayerAddForm())
    club, me = _club_for_manager(request, club_slug)
    form = PlayerAddForm(request.POST)
    if form.is_valid():
        try:
            player = services.player_add(club=club, name=form.cleaned_data["name"])
        except ValidationError as error:
            form.add_error(None, error)
        else:
            notice = _("%(name)s added.") % {"name": player.name}
            if not request.htmx:
                messages.success(request, notice)
                return redirect("clubs:player-list", club_slug=club.slug)
            return _render_players(request, club, me, PlayerAddForm(), notice=notice)
    return _render_players(request, club, me, form)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def player_edit(
    request: AuthedHtmxRequest, club_slug: str, player_id: int
) -> HttpResponse:
    """Rename a player, or link it to a member's account (or back to a guest)."""
    club, _me = _club_for_manager(request, club_slug)
    player = get_object_or_404(club.players.select_related("user"), pk=player_id)
    form = PlayerEditForm(
        request.POST if request.method == "POST" else None,
        members=selectors.member_users_for_club(club),
        initial={"name": player.name, "user": player.user_id},
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.player_update(
                player=player,
                name=form.cleaned_data["name"],
                user=form.cleaned_data["user"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("%(name)s saved.") % {"name": player.name})
            return _done(
                request, reverse("clubs:player-list", kwargs={"club_slug": club.slug})
            )
    template = "clubs/player_edit.html" + ("#player-form" if request.htmx else "")
    return render(request, template, {"club": club, "player": player, "form": form})


def language_set(request: HtmxHttpRequest) -> HttpResponseBase:
    """Switch the language: Django's ``set_language`` (a POST; a safe ``next``,
    the cookie), and for a signed-in user the choice is also stored for next time.

    A plain POST form with a submit button; with JavaScript, app.js submits it
    as soon as the select changes.
    """
    response = set_language(request)
    language = request.POST.get("language", "")
    if (
        request.method == "POST"
        and request.user.is_authenticated
        and language in dict(settings.LANGUAGES)
        and check_for_language(language)
    ):
        services.language_preference_set(user=request.user, language=language)
    return response
