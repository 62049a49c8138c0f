"""Input parsing for board entry: shape only; the rules live in `scoring.board`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from games.concordia.adapters import SeatExtras
from games.models import EntryMode, Seat
from games.vocabulary import good_label
from scoring.maps import City
from scoring.ruleset import Ruleset
from scoring.types import Good, GoodCounts
from scoring.validation import MAX_SESTERTII


def city_slug(name: str) -> str:
    """Return the id-safe form of a city name ("Leptis Magna" → "leptis-magna")."""
    return slugify(name)


class CityGoodsForm(forms.Form):
    """The good of every city of the map: one choice per city, blank until set.

    ``goods``: the game's (salt too when it is played).
    """

    def __init__(
        self, *args: Any, cities: Sequence[City], goods: Sequence[Good], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.cities = list(cities)
        choices = [("", "—"), *((good.value, good_label(good)) for good in goods)]
        for city in self.cities:
            self.fields[self.field_name(city)] = forms.ChoiceField(
                label=city.name, choices=choices, required=False
            )

    @staticmethod
    def field_name(city: City) -> str:
        return f"city-{city_slug(city.name)}"

    def goods(self) -> dict[str, Good]:
        """Return the goods chosen so far (cities left blank are left out)."""
        chosen: dict[str, Good] = {}
        for city in self.cities:
            value = self.cleaned_data.get(self.field_name(city)) or ""
            if value:
                chosen[city.name] = Good(value)
        return chosen

    def chosen(self, city: City) -> str:
        """Return the good value the form shows for ``city`` ("" when blank)."""
        value = self[self.field_name(city)].value()
        return value if isinstance(value, str) else ""


class SeatTapForm(forms.Form):
    """One tap of the board or card pages: a seat, and a thing to add or remove.

    The buttons carry the thing: ``add=<city or card>`` or ``remove=<…>``, so
    that a resent tap asks for the same end state instead of toggling back.
    """

    seat = forms.TypedChoiceField(coerce=int)
    add = forms.CharField(max_length=40, required=False)
    remove = forms.CharField(max_length=40, required=False)

    def __init__(self, *args: Any, seats: Sequence[Seat], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [  # type: ignore[attr-defined]
            (seat.seat_order, seat.player.name) for seat in seats
        ]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        add, remove = cleaned.get("add") or "", cleaned.get("remove") or ""
        if bool(add) == bool(remove):
            raise forms.ValidationError(_("Tap one city or card at a time."))
        cleaned["target"] = add or remove
        cleaned["present"] = bool(add)
        return cleaned


class CardTapForm(SeatTapForm):
    """A tap on a sale card: the card is its number (1 to 30, §4b)."""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        target = cleaned.get("target", "")
        if not target.isdigit():
            raise forms.ValidationError(_("Tap one of the cards."))
        cleaned["card"] = int(target)
        return cleaned


class SeatExtrasForm(forms.Form):
    """What a board-entered seat still types (prefix s<seat>): money, the
    storehouse in the game's goods, colonists, and the forum's points when
    the forum is played (its ruleset's ``module_fields``)."""

    sestertii = forms.IntegerField(
        label=_("Sestertii"), min_value=0, max_value=MAX_SESTERTII
    )
    colonists_on_board = forms.IntegerField(
        label=_("Colonists on the board"), min_value=0, max_value=99
    )

    def __init__(self, *args: Any, rules: Ruleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.goods = rules.goods
        self.rows = rules.module_fields
        for good in self.goods:
            self.fields[f"storehouse_{good.value}"] = forms.IntegerField(
                label=good_label(good), min_value=0, max_value=99
            )
        for name in self.rows:
            # Negative for the expert start's auction bid (the sheet's bounds).
            self.fields[name] = forms.IntegerField(
                label=_("Forum points"), min_value=-99, max_value=99
            )
        # The order of the page: money first, then the storehouse, then colonists.
        self.order_fields(
            [
                "sestertii",
                *(f"storehouse_{good.value}" for good in self.goods),
                "colonists_on_board",
                *self.rows,
            ]
        )

    def extras(self) -> SeatExtras:
        """Return what the (valid) form says."""
        data = self.cleaned_data
        return SeatExtras(
            sestertii=data["sestertii"],
            storehouse=GoodCounts.from_mapping(
                {good: data[f"storehouse_{good.value}"] for good in self.goods}
            ),
            colonists_on_board=data["colonists_on_board"],
            **{name: data[name] for name in self.rows},
        )


def extras_initial(extras: SeatExtras, rules: Ruleset) -> dict[str, int]:
    """Return the initial values of a `SeatExtrasForm` showing ``extras``."""
    initial = {
        "sestertii": extras.sestertii,
        "colonists_on_board": extras.colonists_on_board,
        **{name: getattr(extras, name) for name in rules.module_fields},
    }
    for good, count in extras.storehouse.items(rules.goods):
        initial[f"storehouse_{good.value}"] = count
    return initial


class BoardTableForm(forms.Form):
    """The table-wide part: who holds the Praefectus Magnus and the Concordia card.

    Both are optional here: the rules say what is missing, next to the choice.
    """

    praefectus_magnus = forms.TypedChoiceField(
        label=_("Praefectus Magnus"),
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
    )
    concordia_card = forms.TypedChoiceField(
        label=_("Concordia card (ended the game)"),
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, seats: Sequence[Seat], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(seat.seat_order, seat.player.name) for seat in seats]
        self.fields["praefectus_magnus"].choices = choices  # type: ignore[attr-defined]
        self.fields["concordia_card"].choices = choices  # type: ignore[attr-defined]


class EntryModeForm(forms.Form):
    """A switch between counting by hand and tapping the board, confirmed or not."""

    mode = forms.ChoiceField(choices=EntryMode.choices)
    confirm = forms.BooleanField(required=False)
