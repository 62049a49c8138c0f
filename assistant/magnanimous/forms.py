"""The Magnanimous wizard's own screen: the table's rulings, each a plain question."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from assistant.magnanimous.setup import RULINGS, TRACKINGS


class SetupRulingsForm(forms.Form):
    """One radio group per open rule, the digest's reading preselected."""

    def __init__(
        self, data: Any = None, *, rulings: Mapping[str, object] | None = None
    ) -> None:
        given = rulings or {}
        super().__init__(
            data,
            initial={
                ruling.key: ruling.token(given.get(ruling.key, ruling.default))
                for ruling in RULINGS
            },
        )
        for ruling in RULINGS:
            self.fields[ruling.key] = forms.ChoiceField(
                label=ruling.question,
                choices=[
                    (ruling.token(value), label) for value, label in ruling.answers
                ],
                widget=forms.RadioSelect,
            )

    def rulings(self) -> dict[str, object]:
        """The rulings as the log writes them (valid form only)."""
        return {
            ruling.key: ruling.read(self.cleaned_data[ruling.key]) for ruling in RULINGS
        }


class SetupTrackingForm(forms.Form):
    """Light (the tracks, the turns, the war) or full (the dice, réis, goods, troops…)."""

    tracking = forms.ChoiceField(choices=[(t, t) for t in TRACKINGS])
