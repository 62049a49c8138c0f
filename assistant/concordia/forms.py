"""Concordia's forms: the wizard's screens, and the events the helpers' forms send.

Shape only: which fields a move carries, read as the game-log contract writes
them (``docs/game-log.md``); whether the move is legal is the engine's word.
Each kind of card reads its own fields (`_CARD_FIELDS`), so a new kind is a
row, not a branch.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from assistant.concordia.adapter import SPECIALIST_KINDS, CardKind
from assistant.concordia.labels import TRACKING_LABELS
from assistant.concordia.setup import GOODS, MODULES, MODULES_SCREEN
from assistant.interface import Move
from games.models import ConcordiaMap
from games.vocabulary import module_label

# A posted form's fields: a `QueryDict`, or the shell's `Move` (the same reads).
FormData = QueryDict | Move


class SetupMapForm(forms.Form):
    map = forms.ChoiceField(label=_("Map"), choices=ConcordiaMap.choices)


class SetupTrackingForm(forms.Form):
    tracking = forms.ChoiceField(
        label=_("What the app keeps track of"),
        choices=list(TRACKING_LABELS.items()),
    )


class SetupModulesForm(forms.Form):
    """The modules played: Venus' individual play, and the display's side."""

    venus = forms.TypedChoiceField(
        label=_("Venus (the seventh god)"),
        choices=[("off", _("Off")), ("on", _("Individual play"))],
        coerce=lambda value: value == "on",
        widget=forms.RadioSelect,
    )
    display_side = forms.ChoiceField(
        label=_("Side of the card display"),
        choices=[
            ("cloth", _("cloth (the classic side)")),
            ("wine", _("cloth and wine (Venus)")),
        ],
        widget=forms.RadioSelect,
    )


class SetupScoringForm(forms.Form):
    intermediate_scoring = forms.TypedChoiceField(
        label=_("Intermediate scoring (each player's first Tribune)"),
        choices=[("off", _("Off")), ("on", _("On"))],
        coerce=lambda value: value == "on",
        widget=forms.RadioSelect,
    )
    expansions = forms.MultipleChoiceField(
        label=_("Expansions"),
        # Venus is asked on the modules screen (with the display's side).
        choices=[
            (module, module_label(module))
            for module in MODULES
            if module not in MODULES_SCREEN
        ],
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )


_NUMBER: Final = re.compile(r"[+-]?[0-9]{1,9}")


def number_of(raw: object) -> int | None:
    """A whole number typed in a field, or None (blank, not a number, or absurdly long)."""
    text = str(raw if raw is not None else "").strip()
    return int(text) if _NUMBER.fullmatch(text) else None


def _count(data: FormData, name: str) -> int:
    value = number_of(data.get(name) or 0)
    return max(0, min(99, value)) if value is not None else 0


def _signed(raw: str) -> int:
    value = number_of(raw)
    return max(-99, min(99, value)) if value is not None else 0


def _drop(data: FormData, players: Sequence[str]) -> dict[str, dict[str, int]]:
    """Goods that did not fit, per player: fields ``drop-<seat>-<good>``."""
    drop: dict[str, dict[str, int]] = {}
    for seat, name in enumerate(players):
        goods = {g: n for g in GOODS if (n := _count(data, f"drop-{seat}-{g}"))}
        if goods:
            drop[name] = goods
    # The answer to "which goods stay on the table?": ``<seat>:brick+food``,
    # one per player asked so far.
    for pick in data.getlist("drop_pick"):
        seat_text, _sep, chosen = pick.partition(":")
        asked = number_of(seat_text)
        picked = [g for g in chosen.split("+") if g in GOODS]
        if asked is not None and 0 <= asked < len(players) and picked:
            drop[players[asked]] = {g: picked.count(g) for g in dict.fromkeys(picked)}
    return drop


# What each kind of card's helper posts, read into the event's fields. Each
# gets the form and whether the game tracks money and goods (full).
_Fields = Callable[[FormData, bool], dict[str, object]]


def _tribune(data: FormData, full: bool) -> dict[str, object]:
    fields: dict[str, object] = {}
    if full and data.get("colonist") in {"land", "sea"}:
        fields["colonist"] = data.get("colonist")
    give, take = data.get("exchange_give", ""), data.get("exchange_take", "")
    if full and give in GOODS and take in GOODS and give != take:
        # Salsa's forum: Titus Valerius' exchange of 1 good.
        fields["exchange"] = {give: -1, take: 1}
    if data.get("intermediate_points", "") != "":
        fields["intermediate_points"] = _count(data, "intermediate_points")
    return fields


def _architect(data: FormData, full: bool) -> dict[str, object]:
    if full:
        return {"build": [c for c in data.getlist("build") if c]}
    return {"fifteenth_house": True} if data.get("fifteenth_house") else {}


def _prefect(data: FormData, full: bool) -> dict[str, object]:
    chosen = str(data.get("chosen_bonus") or "")
    if full and chosen and not data.get("cash"):
        # A province without a marker (Gavdos): "<province>:<good>" tapped.
        province, _, good = chosen.rpartition(":")
        chosen_fields: dict[str, object] = {"province": province, "bonus": good}
        if data.get("sell_bonus"):
            chosen_fields["sell_bonus"] = True
        return chosen_fields
    if not data.get("cash"):
        fields: dict[str, object] = {"province": data.get("province", "")}
        if full and data.get("sell_bonus"):
            # Salsa's forum: Claudius Pompeius sells the bonus good at once.
            fields["sell_bonus"] = True
        return fields
    fields = {"cash": True}
    # Full tracking: the coins counted on the table, when they differ.
    if full and data.get("amount", "") != "":
        fields["amount"] = _count(data, "amount")
    return fields


def _mercator(data: FormData, full: bool) -> dict[str, object]:
    if not full:
        return {}
    # Each good's steppers: how many sold, how many bought (no minus key); a
    # signed ``trade_<good>`` (a script's, an older page's) is read too.
    trade = {
        good: amount
        for good in GOODS
        if (
            amount := _count(data, f"trade_buy_{good}")
            - _count(data, f"trade_sell_{good}")
            or _signed(data.get(f"trade_{good}", ""))
        )
    }
    return {"trade": trade}


def _buying(*, surcharge: bool) -> _Fields:
    def fields(data: FormData, full: bool) -> dict[str, object]:
        one = data.get("buy_one", "")
        # "Buy nothing" is a legal turn (up to 2 cards, at most 1): the button
        # says it, whatever was ticked.
        chosen = [] if data.get("buy_nothing") else data.getlist("buy")
        read: dict[str, object] = {"buy": [one] if one else [c for c in chosen if c]}
        # Only the Senator's surcharges have goods of the buyer's choice.
        if full and surcharge:
            paid = [g for g in data.get("pay", "").split("+") if g in GOODS]
            read["pay"] = (
                {}
                if not read["buy"]
                else {g: paid.count(g) for g in dict.fromkeys(paid)}
                if paid
                else {g: n for g in GOODS if (n := _count(data, f"pay_{g}"))}
            )
        return read

    return fields


def _colonist(data: FormData, full: bool) -> dict[str, object]:
    if data.get("cash"):
        return {"cash": True}
    land, sea = _count(data, "place_land"), _count(data, "place_sea")
    return {"place": ["land"] * land + ["sea"] * sea}


def _nothing(data: FormData, full: bool) -> dict[str, object]:
    return {}


_CARD_FIELDS: Final[Mapping[CardKind, _Fields]] = {
    CardKind.TRIBUNE: _tribune,
    CardKind.ARCHITECT: _architect,
    CardKind.PREFECT: _prefect,
    CardKind.MERCATOR: _mercator,
    CardKind.SENATOR: _buying(surcharge=True),
    CardKind.CONSUL: _buying(surcharge=False),
    CardKind.COLONIST: _colonist,
    **dict.fromkeys(SPECIALIST_KINDS, _nothing),
}
# The moves that bring goods: those that did not fit a storehouse are named.
_PRODUCING: Final = frozenset({CardKind.PREFECT, *SPECIALIST_KINDS})


_ROLES: Final = frozenset(
    {CardKind.ARCHITECT.value, CardKind.PREFECT.value, CardKind.MERCATOR.value}
)


def _kind(card: str) -> CardKind | None:
    name = card.rpartition(":")[2]
    return CardKind(name) if name in CardKind.__members__.values() else None


def play_document(
    *,
    data: FormData,
    player: str,
    card: str,
    full: bool,
    players: Sequence[str] = (),
) -> dict[str, object]:
    """Build the ``play`` event a helper's form sends, as the game-log contract writes it.

    Only the shape is read here; whether the move is legal is the engine's word.
    """
    event: dict[str, object] = {"type": "play", "player": player, "card": card}
    kind = _kind(card)
    if kind is CardKind.PREFECT and data.get("role") == CardKind.DIPLOMAT.value:
        # Salsa's forum: Sextus Pompeius' holder plays the Prefect as a Diplomat.
        event["role"] = CardKind.DIPLOMAT.value
        kind = CardKind.DIPLOMAT
    copy = data.get("copy", "")
    if kind is CardKind.DIPLOMAT and copy:
        event["copy"] = copy
        kind = _kind(data.get("copied", ""))
    elif kind is CardKind.DIPLOMAT and data.get("copied"):
        # Salsa's forum: Lucius Flavius' Diplomat copies a display card.
        event["copy_card"] = data.get("copied", "")
        kind = _kind(data.get("copied", ""))
    elif kind is CardKind.MAGISTER:
        # Venus: the card the Magister repeats decides its fields.
        kind = _kind(data.get("repeated", ""))
    role = data.get("role", "")
    if role in _ROLES:
        # A double-role card (Venus), or a copy of one: the role played.
        event["role"] = role
        kind = CardKind(role)
    if kind is None or kind not in _CARD_FIELDS:
        return event
    event.update(_CARD_FIELDS[kind](data, full))
    if full and kind in _PRODUCING and "cash" not in event:
        drop = _drop(data, players)
        if drop:
            event["drop"] = drop
    return event


def citizen_fields(data: FormData) -> dict[str, object]:
    """What a citizen did, as its form says (Salsa's forum; each left out when blank).

    Augustus' goods given (``give``, up to 2) for salt, or for the goods
    taken (``take``) without salt; Marcus' and Mamercus' ``city``, Tiberius'
    ``province``, Publius' ``colonist``.
    """
    fields: dict[str, object] = {}
    given = [g for g in data.getlist("give") if g in GOODS]
    if given:
        taken = [g for g in data.getlist("take") if g in GOODS] or ["salt"] * len(given)
        exchange: dict[str, int] = {}
        for good in given:
            exchange[good] = exchange.get(good, 0) - 1
        for good in taken:
            exchange[good] = exchange.get(good, 0) + 1
        fields["exchange"] = exchange
    for name in ("city", "province", "colonist"):
        value = str(data.get(name) or "")
        if value:
            fields[name] = value
    return fields


def reveal_document(data: FormData) -> dict[str, object]:
    """The ``reveal`` event of the refill form: the cards drawn, in order."""
    return {"type": "reveal", "cards": [c for c in data.getlist("card") if c]}


def adjust_document(data: FormData, player: str) -> dict[str, object]:
    """The ``adjust`` event of the correction form: what lies on the table.

    A field left blank (or not a number) is not corrected.
    """
    event: dict[str, object] = {"type": "adjust", "player": player}
    sestertii = number_of(data.get("sestertii", ""))
    if sestertii is not None:
        event["sestertii"] = sestertii
    event["storehouse"] = {
        good: value
        for good in GOODS
        if (value := number_of(data.get(f"storehouse_{good}", ""))) is not None
    }
    event["colonists"] = {
        where: value
        for where in ("board", "storehouse")
        if (value := number_of(data.get(f"colonists_{where}", ""))) is not None
    }
    return event
