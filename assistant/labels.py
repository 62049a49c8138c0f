"""The names the assistant's pages show for cards and goods, translatable."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

CARD_LABELS: dict[str, StrPromise] = {
    "Tribune": _("Tribune"),
    "Architect": _("Architect"),
    "Prefect": _("Prefect"),
    "Mercator": _("Mercator"),
    "Senator": _("Senator"),
    "Diplomat": _("Diplomat"),
    "Consul": _("Consul"),
    "Colonist": _("Colonist"),
    "Mason": _("Mason"),
    "Farmer": _("Farmer"),
    "Smith": _("Smith"),
    "Vintner": _("Vintner"),
    "Weaver": _("Weaver"),
}
GOOD_LABELS: dict[str, StrPromise] = {
    "brick": _("brick"),
    "food": _("food"),
    "tool": _("tool"),
    "wine": _("wine"),
    "cloth": _("cloth"),
    "?": _("any good"),
}
STATUS_LABELS: dict[str, StrPromise] = {
    "playing": _("playing"),
    "last_turns": _("last turns"),
    "finished": _("finished"),
    "abandoned": _("abandoned"),
}
