"""A player's name in the web app: the one rule of `scoring.names`, as Django validates it.

The model field, every form that takes a name and every service that creates a
player use these, so that a name refused on one path is refused on all of them
(imports and the API included) with the same message.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from scoring.names import NAME_MAX_LENGTH, NAME_TOO_LONG, name_problem, normalize_name


def validate_player_name(value: str) -> None:
    """Raise `ValidationError` (code ``"name"``) unless ``value`` may be a name.

    The length is left to the field's ``max_length`` (`NAME_MAX_LENGTH`), whose
    own validator says it: a second message for the same fault would repeat it.
    """
    refusal = name_problem(value)
    if refusal is not None and refusal[0] != NAME_TOO_LONG:
        template, params = refusal
        raise ValidationError(gettext_lazy(template), code="name", params=params)


class PlayerNameField(forms.CharField):
    """A name as the player typed it, composed (NFC) and trimmed, then checked."""

    default_validators = [validate_player_name]

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", NAME_MAX_LENGTH)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> str | None:
        text = super().to_python(value)
        return normalize_name(text) if text else text
