"""Input parsing for the clubs pages: shape only; who may do what is in `permissions`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.models import Role
from clubs.names import PlayerNameField

INVITE_LIFETIMES = {
    "1": dt.timedelta(days=1),
    "7": dt.timedelta(days=7),
    "30": dt.timedelta(days=30),
}


class SignUpForm(UserCreationForm[User]):
    """A new account: user name, e-mail (to reset the password) and password twice."""

    email = forms.EmailField(
        label=_("E-mail"),
        help_text=_("Only used to reset your password if you forget it."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta:
        model = User
        fields = ("username", "email")
        field_classes = {"username": UsernameField}

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"]
        # A reset link goes to every account with the address; one each keeps
        # "forgot my password" from reaching someone else's account.
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(
                _(
                    "An account with this e-mail already exists. Sign in or reset its password."
                )
            )
        return email


class ClubCreateForm(forms.Form):
    name = forms.CharField(label=_("Name of the club"), max_length=100)


class InviteCreateForm(forms.Form):
    expires_in = forms.ChoiceField(
        label=_("Valid for"),
        choices=[
            ("1", _("1 day")),
            ("7", _("7 days")),
            ("30", _("30 days")),
        ],
        initial="7",
    )
    max_uses = forms.IntegerField(
        label=_("How many people may join with it"),
        help_text=_("Leave empty for no limit."),
        min_value=1,
        max_value=1000,
        required=False,
    )

    def lifetime(self) -> dt.timedelta:
        return INVITE_LIFETIMES[self.cleaned_data["expires_in"]]


class MembershipRoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)


class PlayerAddForm(forms.Form):
    name = PlayerNameField(label=_("Name"))


class PlayerEditForm(forms.Form):
    """A player's name and the member account it belongs to (none for a guest)."""

    name = PlayerNameField(label=_("Name"))
    user = forms.ModelChoiceField(
        label=_("Account"),
        queryset=User.objects.none(),
        required=False,
        empty_label=_("— a guest, no account —"),
        help_text=_("Link the player to a member, so their games count as theirs."),
    )

    def __init__(self, *args: Any, members: QuerySet[User], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only the club's members can be chosen; anybody else is "not a valid choice".
        self.fields["user"].queryset = members  # type: ignore[attr-defined]
