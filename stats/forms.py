"""The leaderboard's filters: shape only; what they select is `stats.selectors`' job."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.registry import game_spec
from stats.selectors import DEFAULT_ORDER, LeaderboardFilters, leaderboard_orders

_MONTH = re.compile(r"^(\d{4})-(\d{1,2})$")


class MonthField(forms.CharField):
    """A month typed or picked as YYYY-MM; cleans to its first day."""

    widget = forms.TextInput(attrs={"type": "month", "placeholder": "2026-01"})

    def to_python(self, value: Any) -> dt.date | None:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return None
        match = _MONTH.match(text)
        try:
            if match is None:
                raise ValueError(text)
            return dt.date(int(match[1]), int(match[2]), 1)
        except ValueError:
            raise ValidationError(
                _("Enter a month as year and month, like 2026-01."), code="invalid"
            ) from None


class LeaderboardFilterForm(forms.Form):
    """Season or months, map and table size; plus the sort column and page."""

    season = forms.TypedChoiceField(
        label=_("Season"), required=False, coerce=int, empty_value=None
    )
    date_from = MonthField(label=_("From (month)"), required=False)
    date_to = MonthField(label=_("To (month)"), required=False)
    map = forms.ChoiceField(label=_("Map"), required=False)
    players = forms.TypedChoiceField(
        label=_("Players"), required=False, coerce=int, empty_value=None
    )
    order = forms.ChoiceField(required=False, widget=forms.HiddenInput)
    page = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, game: str, years: Sequence[int], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["season"].choices = [  # type: ignore[attr-defined]
            ("", _("All seasons")),
            *((str(year), str(year)) for year in years),
        ]
        spec = game_spec(game)
        self.fields["map"].choices = [("", _("Any map")), *spec.maps()]  # type: ignore[attr-defined]
        self.fields["players"].choices = [  # type: ignore[attr-defined]
            ("", _("Any number")),
            *((str(n), str(n)) for n in spec.table_sizes),
        ]
        self.fields["order"].choices = [  # type: ignore[attr-defined]
            (f"{sign}{column}", column)
            for column in leaderboard_orders(game)
            for sign in ("", "-")
        ]
        if not spec.has_map:
            # A game played on one board (Magnanimous): a map filter would be noise.
            del self.fields["map"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        season = cleaned.get("season")
        date_from = cleaned.get("date_from")
        date_to = cleaned.get("date_to")
        if season is not None and (date_from or date_to):
            self.add_error(
                "season", _("Choose a season or a range of months, not both.")
            )
        elif date_from and date_to and date_from > date_to:
            self.add_error("date_to", _("The last month comes before the first one."))
        return cleaned

    def filters(self) -> LeaderboardFilters:
        """Return the filters that are valid; a field in error filters nothing."""
        data = self.cleaned_data if self.is_bound else {}
        season = data.get("season")
        if season is not None:
            return LeaderboardFilters(
                date_from=dt.date(season, 1, 1),
                date_to=dt.date(season, 12, 1),
                map=data.get("map") or "",
                player_count=data.get("players"),
            )
        return LeaderboardFilters(
            date_from=data.get("date_from"),
            date_to=data.get("date_to"),
            map=data.get("map") or "",
            player_count=data.get("players"),
        )

    def sort_order(self) -> str:
        data = self.cleaned_data if self.is_bound else {}
        return data.get("order") or DEFAULT_ORDER

    def page_number(self) -> int:
        data = self.cleaned_data if self.is_bound else {}
        return data.get("page") or 1
