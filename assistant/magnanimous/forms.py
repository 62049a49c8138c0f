"""The Magnanimous wizard's own screen: the table's rulings, each a plain question."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from assistant.magnanimous.labels import GOOD_LABELS, IMPROVEMENT_LABELS, PARTY_LABELS
from assistant.magnanimous.setup import (
    GOODS,
    PARTIES,
    RULINGS,
    TILES,
    TRACKINGS,
    start_of,
)


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


def _count(label: str | StrPromise, maximum: int) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, min_value=0, max_value=maximum, initial=0, required=False
    )


class SetupStartForm(forms.Form):
    """Full tracking, before the first move: the four tiles drawn and each seat's
    Baron with its starting resources as placed (play §3)."""

    def __init__(
        self,
        data: Any = None,
        *,
        seats: Sequence[Mapping[str, object]],
        setup: Mapping[str, object],
    ) -> None:
        super().__init__(data)
        self.seats = list(seats)
        tiles = list(setup.get("improvements") or TILES)  # type: ignore[call-overload]
        for index in range(4):
            self.fields[f"tile{index}"] = forms.ChoiceField(
                label=_("Improvement %(number)d") % {"number": index + 1},
                choices=[(t, IMPROVEMENT_LABELS[t]) for t in TILES],
                initial=tiles[index] if index < len(tiles) else TILES[index],
            )
        known = setup.get("seats")
        entered = list(known) if isinstance(known, list) else []
        for index, seat in enumerate(self.seats):
            start: Mapping[str, Any] = {}
            baron = ""
            if index < len(entered) and isinstance(entered[index], Mapping):
                baron = str(entered[index].get("baron", ""))
                start = entered[index].get("start") or {}
            colour = str(seat["colour"])
            prefix = f"s{index}_"
            self.fields[prefix + "baron"] = forms.CharField(
                label=_("Baron"), max_length=80, required=False, initial=baron
            )
            self.fields[prefix + "reis"] = _count(_("Réis"), 99)
            self.fields[prefix + "reis"].initial = start.get("reis", 0)
            goods = start.get("goods") or {}
            troops = start.get("troops") or {}
            tiles_laid = start.get("improvements") or {}
            for good in GOODS:
                where = f"{colour}:{good}"
                self.fields[f"{prefix}goods_{good}"] = _count(GOOD_LABELS[good], 5)
                self.fields[f"{prefix}goods_{good}"].initial = goods.get(where, 0)
                self.fields[f"{prefix}troops_{good}"] = _count(GOOD_LABELS[good], 5)
                self.fields[f"{prefix}troops_{good}"].initial = troops.get(where, 0)
                self.fields[f"{prefix}tile_{good}"] = forms.ChoiceField(
                    label=GOOD_LABELS[good],
                    choices=[("", "—"), *((t, IMPROVEMENT_LABELS[t]) for t in TILES)],
                    required=False,
                    initial=tiles_laid.get(where, ""),
                )
            self.fields[prefix + "imperial"] = _count(_("Imperial area"), 5)
            self.fields[prefix + "imperial"].initial = troops.get("imperial", 0)
            self.fields[prefix + "ships"] = _count(_("Ships in the port"), 4)
            self.fields[prefix + "ships"].initial = start.get("ships", 0)
            deputies = start.get("deputies") or {}
            for party in PARTIES:
                self.fields[f"{prefix}deputies_{party}"] = _count(
                    PARTY_LABELS[party], 4
                )
                self.fields[f"{prefix}deputies_{party}"].initial = deputies.get(
                    party, 0
                )

    def seat_fields(self, index: int) -> dict[str, Any]:
        """The bound fields of one seat, grouped for the template."""
        prefix = f"s{index}_"
        return {
            "name": self.seats[index]["name"],
            "colour": self.seats[index]["colour"],
            "baron": self[prefix + "baron"],
            "reis": self[prefix + "reis"],
            "goods": [self[f"{prefix}goods_{g}"] for g in GOODS],
            "troops": [self[f"{prefix}troops_{g}"] for g in GOODS],
            "imperial": self[prefix + "imperial"],
            "tiles": [self[f"{prefix}tile_{g}"] for g in GOODS],
            "ships": self[prefix + "ships"],
            "deputies": [self[f"{prefix}deputies_{p}"] for p in PARTIES],
        }

    def rows(self) -> list[dict[str, Any]]:
        return [self.seat_fields(index) for index in range(len(self.seats))]

    def setup(self, setup: Mapping[str, object]) -> dict[str, object]:
        """The game's setup with what was entered (valid form only)."""
        data = self.cleaned_data
        seats = []
        for index, seat in enumerate(self.seats):
            prefix = f"s{index}_"
            seats.append(
                {
                    "baron": data[prefix + "baron"].strip(),
                    "start": start_of(
                        colour=str(seat["colour"]),
                        reis=data[prefix + "reis"] or 0,
                        goods={g: data[f"{prefix}goods_{g}"] or 0 for g in GOODS},
                        troops={g: data[f"{prefix}troops_{g}"] or 0 for g in GOODS},
                        imperial=data[prefix + "imperial"] or 0,
                        ships=data[prefix + "ships"] or 0,
                        deputies={
                            p: data[f"{prefix}deputies_{p}"] or 0 for p in PARTIES
                        },
                        improvements={g: data[f"{prefix}tile_{g}"] for g in GOODS},
                    ),
                }
            )
        return {
            **setup,
            "improvements": [data[f"tile{index}"] for index in range(4)],
            "seats": seats,
        }
