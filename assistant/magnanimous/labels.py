"""The words of Magnanimous on the assistant's pages, in the reader's language.

The engine names things by their contract values (``red:cotton``,
``liberal``, ``viscount``) and passes them as English parameters into its
messages; the pages show them through these labels (the Portuguese
rulebook's terms in pt-BR, the glossary's elsewhere).
"""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_stubs_ext import StrPromise

PHASE_LABELS: Final[dict[str, StrPromise]] = {
    "emperor": _("Emperor phase"),
    "production": _("Production phase"),
    "offensives": _("Paraguay's offensives"),
    "nobles": _("Nobles phase"),
    "end_of_round": _("End of the round"),
}
COLOUR_LABELS: Final[dict[str, StrPromise]] = {
    "red": _("red"),
    "green": _("green"),
    "blue": _("blue"),
    "yellow": _("yellow"),
}
GOOD_LABELS: Final[dict[str, StrPromise]] = {
    "cotton": _("cotton"),
    "sugar": _("sugar"),
    "leather": _("leather"),
    "coffee": _("coffee"),
    "port": pgettext_lazy("a province of Magnanimous", "port"),
}
IMPROVEMENT_LABELS: Final[dict[str, StrPromise]] = {
    "railway": _("Railway"),
    "machinery": _("Machinery"),
    "warehouse": _("Warehouse"),
    "fortification": _("Fortification"),
}
QUADRANT_LABELS: Final[dict[str, StrPromise]] = {
    "cotton": _("cotton"),
    "sugar": _("sugar"),
    "leather": _("leather"),
    "coffee": _("coffee"),
    "recruit": _("recruit troops"),
    "improvement": _("improvement"),
    "deputy": _("deputy"),
    "ship": _("ship"),
}
PARTY_LABELS: Final[dict[str, StrPromise]] = {
    "conservative": _("Conservative"),
    "liberal": _("Liberal"),
}
TITLE_LABELS: Final[dict[str, StrPromise]] = {
    "baron": _("Baron"),
    "viscount": _("Viscount"),
    "count": pgettext_lazy("court title", "Count"),
    "marquis": _("Marquis"),
    "duke": _("Duke"),
}
RIO_EFFECT_LABELS: Final[dict[str, StrPromise]] = {
    "train": _("a train trip"),
    "troops": _("up to 2 troop tokens"),
    "ship": _("a ship: hire one or sail it"),
    "party": _("a deputy"),
    "track": _("Nobility or Republic +1"),
    "liberate": _("liberate an occupied province"),
}
ACTION_LABELS: Final[dict[str, StrPromise]] = {
    "train": _("Move the train"),
    "sell": _("Sell a goods token"),
    "troops": _("Move troops"),
    "attack": _("Attack an occupied province"),
    "discard": _("Discard a card: Nobility +1"),
    "throne": _("Cards to the Throne Room"),
    "export": _("Export"),
    "sail": _("Sail a ship to Rio"),
    "none": _("Place the die without acting"),
}
ENDING_LABELS: Final[dict[str, StrPromise]] = {
    "republic": _("The Republic was proclaimed"),
    "nobility": _("A noble reached space 20 of Nobility"),
    "rio_occupied": _("Rio de Janeiro fell"),
}
KEEP_LABELS: Final[dict[str, StrPromise]] = {
    "new": _("Take the new Minister"),
    "old": _("Keep the Minister held"),
    "none": _("Leave it on its crown"),
}


def province_label(province: str) -> str:
    """``red:cotton`` → "cotton (red)"; ``rio`` and ``paraguay`` by their names."""
    if province == "rio":
        return str(_("Rio de Janeiro"))
    if province == "paraguay":
        return str(_("Paraguay"))
    if province == "imperial":
        return str(_("the Imperial area"))
    colour, _sep, good = province.partition(":")
    if colour not in COLOUR_LABELS or good not in GOOD_LABELS:
        return province
    return str(
        _("%(good)s (%(colour)s)")
        % {"good": GOOD_LABELS[good], "colour": COLOUR_LABELS[colour]}
    )
