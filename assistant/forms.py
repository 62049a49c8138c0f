"""Input parsing for the assistant's pages: shape only; the rules live in `play`."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from assistant.models import Tracking
from assistant.setup_draft import RANDOM_START, DraftSeat
from clubs.models import Player
from games import seating
from games.models import Colour, ConcordiaMap

GOODS = ("brick", "food", "tool", "wine", "cloth")


def new_key() -> str:
    return uuid.uuid4().hex


def clean_key(raw: object) -> str:
    """A mangled key only loses the protection against a resend, never the move."""
    try:
        return uuid.UUID(hex=str(raw or "")).hex
    except ValueError:
        return ""


class SetupPlayersForm(forms.Form):
    """The wizard's first screen: who plays, club players or guests, in seating order.

    Colours may come with the seats (a seat without one keeps its default);
    every other choice has a default on the later screens.
    """

    def __init__(self, *args: Any, players: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._players = {str(p.pk): p for p in players}
        self.fields.update(seating.seat_fields(players, new_name_label=_("or a guest")))

    def seat_rows(
        self,
    ) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return seating.seat_rows(self)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        reading = seating.read_seats(
            cleaned,
            self._players,
            both_message=_("Pick a player or type a guest's name, not both."),
        )
        for field, message in reading.errors:
            self.add_error(field, message)
        if not self.errors and (too_few := seating.too_few_seats(reading.seats)):
            raise too_few
        cleaned["seats"] = [
            DraftSeat(
                player=str(seat.player.pk) if seat.player else "",
                new_name=seat.new_name,
                colour=seat.colour,
            )
            for seat in reading.seats
        ]
        return cleaned


class SetupColoursForm(forms.Form):
    """One colour per player, each colour once: fields ``colour0`` … in seating order."""

    def __init__(self, *args: Any, names: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for index, name in enumerate(names):
            self.fields[f"colour{index}"] = forms.ChoiceField(
                label=name, choices=Colour.choices, widget=forms.RadioSelect
            )

    def rows(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        seen: set[str] = set()
        for name in self.fields:
            colour = cleaned.get(name)
            if colour and colour in seen:
                self.add_error(name, _("Two seats cannot share a colour."))
            elif colour:
                seen.add(colour)
        cleaned["colours"] = [cleaned.get(name, "") for name in self.fields]
        return cleaned


class SetupSeatingForm(forms.Form):
    """The start player: a seat's number, or ``random`` for the app's draw."""

    start = forms.ChoiceField(label=_("Start player"), widget=forms.RadioSelect)

    def __init__(self, *args: Any, names: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["start"].choices = [  # type: ignore[attr-defined]
            *((str(i), name) for i, name in enumerate(names)),
            ("random", _("Let the app choose the start player")),
        ]

    def clean_start(self) -> int:
        raw = self.cleaned_data["start"]
        return RANDOM_START if raw == "random" else int(raw)


class SetupMapForm(forms.Form):
    map = forms.ChoiceField(label=_("Map"), choices=ConcordiaMap.choices)


class SetupTrackingForm(forms.Form):
    tracking = forms.ChoiceField(
        label=_("What the app keeps track of"), choices=Tracking.choices
    )


class SetupScoringForm(forms.Form):
    intermediate_scoring = forms.TypedChoiceField(
        label=_("Intermediate scoring (each player's first Tribune)"),
        choices=[("off", _("Off")), ("on", _("On"))],
        coerce=lambda value: value == "on",
        widget=forms.RadioSelect,
    )


def _count(data: QueryDict, name: str) -> int:
    try:
        return max(0, min(99, int(data.get(name) or 0)))
    except ValueError:
        return 0


def _drop(data: QueryDict, players: Sequence[str]) -> dict[str, dict[str, int]]:
    """Goods that did not fit, per player: fields ``drop-<seat>-<good>``."""
    drop: dict[str, dict[str, int]] = {}
    for seat, name in enumerate(players):
        goods = {g: n for g in GOODS if (n := _count(data, f"drop-{seat}-{g}"))}
        if goods:
            drop[name] = goods
    return drop


def play_document(
    *,
    data: QueryDict,
    player: str,
    card: str,
    full: bool,
    players: Sequence[str] = (),
) -> dict[str, object]:
    """Build the ``play`` event a helper's form sends, as the game-log contract writes it.

    Only the shape is read here; whether the move is legal is the engine's word.
    """
    kind = card.rpartition(":")[2]
    event: dict[str, object] = {"type": "play", "player": player, "card": card}
    action = kind
    copy = data.get("copy", "")
    if kind == "Diplomat" and copy:
        event["copy"] = copy
        action = data.get("copied", "").rpartition(":")[2]
    if action == "Tribune":
        if full and data.get("colonist") in {"land", "sea"}:
            event["colonist"] = data["colonist"]
        if data.get("intermediate_points", "") != "":
            event["intermediate_points"] = _count(data, "intermediate_points")
    elif action == "Architect":
        if full:
            event["build"] = [c for c in data.getlist("build") if c]
        elif data.get("fifteenth_house"):
            event["fifteenth_house"] = True
    elif action == "Prefect":
        if data.get("cash"):
            event["cash"] = True
            # Full tracking: the coins counted on the table, when they differ.
            if full and data.get("amount", "") != "":
                event["amount"] = _count(data, "amount")
        else:
            event["province"] = data.get("province", "")
    elif action == "Mercator":
        if full:
            trade: dict[str, int] = {}
            for good in GOODS:
                amount = _signed(data.get(f"trade_{good}", ""))
                if amount:
                    trade[good] = amount
            event["trade"] = trade
    elif action in {"Senator", "Consul"}:
        one = data.get("buy_one", "")
        event["buy"] = [one] if one else [c for c in data.getlist("buy") if c]
        # Only the Senator's surcharges have goods of the buyer's choice.
        if full and action == "Senator":
            chosen = [g for g in data.get("pay", "").split("+") if g in GOODS]
            event["pay"] = (
                {g: chosen.count(g) for g in dict.fromkeys(chosen)}
                if chosen
                else {g: n for g in GOODS if (n := _count(data, f"pay_{g}"))}
            )
    elif action in {"Mason", "Farmer", "Smith", "Vintner", "Weaver"}:
        pass
    elif action == "Colonist":
        if data.get("cash"):
            event["cash"] = True
        else:
            place = ["land"] * _count(data, "place_land") + ["sea"] * _count(
                data, "place_sea"
            )
            event["place"] = place
    production = action in {"Prefect", "Mason", "Farmer", "Smith", "Vintner", "Weaver"}
    if full and production and "cash" not in event:
        drop = _drop(data, players)
        if drop:
            event["drop"] = drop
    return event


def _signed(raw: str) -> int:
    try:
        return max(-99, min(99, int(raw)))
    except ValueError:
        return 0
