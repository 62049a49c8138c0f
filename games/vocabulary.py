"""The games' vocabulary as the pages say it: categories in page order, their labels.

`scoring` owns the facts (which gods, which Magnanimous categories); this is
the one place the app names them, for every area (stats, portability, api).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy, pgettext_lazy
from django_stubs_ext import StrPromise

from games.models import Colour, ConcordiaMap, Game
from play import Tracking
from scoring import MagnanimousPlayerScore, catalog
from scoring import magnanimous as magnanimous_rules
from scoring.types import Category, God, Good, Problem, Specialist

# A Magnanimous score's categories are the fields of its per-player score
# between the seat and the total; deriving them keeps one vocabulary.
_MAGNANIMOUS_NOT_CATEGORIES = {"name", "seat", "total", "rank"}

CATEGORIES: Final[dict[str, tuple[str, ...]]] = {
    Game.CONCORDIA: tuple(category.value for category in Category),
    Game.MAGNANIMOUS: tuple(
        f.name
        for f in dataclasses.fields(MagnanimousPlayerScore)
        if f.name not in _MAGNANIMOUS_NOT_CATEGORIES
    ),
}

# The one table of the gods' names: Spanish and Ukrainian rulebooks translate
# them (Júpiter, Юпітер), the others keep the Latin, but for the Brazilian
# "Júpiter" (docs/glossary.md).
CATEGORY_LABELS: Final[dict[str, StrPromise]] = {
    "vesta": _("Vesta"),
    "jupiter": _("Jupiter"),
    "saturnus": _("Saturnus"),
    "mercurius": _("Mercurius"),
    "mars": _("Mars"),
    "minerva": _("Minerva"),
    "concordia": _("Concordia"),
    "court": _("Court"),
    "commerce": _("Commerce"),
    "politics": _("Politics"),
    "military": _("Military"),
    "economy": _("Economy"),
    "territory": _("Territory"),
}

GOD_LABELS: Final[dict[God, StrPromise]] = {
    god: CATEGORY_LABELS[god.value] for god in God
}

GOOD_LABELS: Final[dict[Good, StrPromise]] = {
    Good.BRICK: _("brick"),
    Good.FOOD: _("food"),
    Good.TOOL: _("tool"),
    Good.WINE: _("wine"),
    Good.CLOTH: _("cloth"),
}

# "2 food, 1 brick": one message per good with its plural forms (English counts
# goods as the rulebook does: "2 brick").
GOOD_COUNTS: Final[dict[Good, StrPromise]] = {
    Good.BRICK: ngettext_lazy("%(n)d brick", "%(n)d brick", "n"),
    Good.FOOD: ngettext_lazy("%(n)d food", "%(n)d food", "n"),
    Good.TOOL: ngettext_lazy("%(n)d tool", "%(n)d tool", "n"),
    Good.WINE: ngettext_lazy("%(n)d wine", "%(n)d wine", "n"),
    Good.CLOTH: ngettext_lazy("%(n)d cloth", "%(n)d cloth", "n"),
}


def good_count(good: Good, count: int) -> str:
    """Return "2 food" in the reader's language."""
    return str(GOOD_COUNTS[good] % {"n": count})


SPECIALIST_LABELS: Final[dict[Specialist, StrPromise]] = {
    Specialist.MASON: _("Mason"),
    Specialist.FARMER: _("Farmer"),
    Specialist.SMITH: _("Smith"),
    Specialist.VINTNER: _("Vintner"),
    Specialist.WEAVER: _("Weaver"),
}

# The names printed on the personality cards (§4); the Minerva cards are the
# specialists.
CARD_LABELS: Final[dict[str, StrPromise]] = {
    "Tribune": _("Tribune"),
    "Architect": _("Architect"),
    "Prefect": _("Prefect"),
    "Mercator": _("Mercator"),
    "Senator": _("Senator"),
    "Colonist": _("Colonist"),
    "Consul": _("Consul"),
    "Diplomat": _("Diplomat"),
    **{
        specialist.value.capitalize(): SPECIALIST_LABELS[specialist]
        for specialist in Specialist
    },
}

# The maps' names: the model's choices are the one table (pt and uk translate them).
MAP_LABELS: Final[dict[str, str | StrPromise]] = {
    **{str(value): label for value, label in ConcordiaMap.choices},
    **{str(value).capitalize(): label for value, label in ConcordiaMap.choices},
}

# How closely a game log follows the table, as a problem names it inside a
# sentence ("with full tracking"): each language's adjective for its own
# word for tracking, never the log's raw value.
TRACKING_LABELS: Final[dict[str, StrPromise]] = {
    Tracking.LIGHT.value: pgettext_lazy("tracking", "light"),
    Tracking.FULL.value: pgettext_lazy("tracking", "full"),
}

COLOUR_LABELS: Final[dict[str, str | StrPromise]] = {
    str(value): label for value, label in Colour.choices
}

GAME_LABELS: Final[dict[str, str]] = {
    str(value): label for value, label in Game.choices
}

# How many players sit at a table of each game (scoring's limits).
TABLE_SIZES: Final[dict[str, range]] = {
    Game.CONCORDIA: range(catalog.MIN_PLAYERS, catalog.MAX_PLAYERS + 1),
    Game.MAGNANIMOUS: range(
        magnanimous_rules.MIN_PLAYERS, magnanimous_rules.MAX_PLAYERS + 1
    ),
}


def category_label(category: str) -> str | Promise:
    return CATEGORY_LABELS.get(category, category)


def _param_label(key: str, value: str | int) -> str | int:
    """Return a problem's parameter as the page names it (goods, gods, maps,
    cards, colours, tracking)."""
    if not isinstance(value, str):
        return value
    labels: Mapping[str, str | StrPromise] = {}
    if key == "good":
        labels = {good.value: label for good, label in GOOD_LABELS.items()}
    elif key == "god":
        labels = {god.value.capitalize(): label for god, label in GOD_LABELS.items()}
    elif key == "map":
        labels = MAP_LABELS
    elif key in ("specialist", "name", "card"):
        labels = CARD_LABELS
    elif key == "tracking":
        labels = TRACKING_LABELS
    elif key == "colour":
        labels = COLOUR_LABELS
    label = labels.get(value)
    return str(label) if label is not None else value


def problem_message(problem: Problem) -> str:
    """Return a `scoring`/`play` problem in the active language, names included.

    The pure packages keep English templates marked with ``gettext_noop``; every
    page, the API and the commands show them through here.
    """
    if problem.plural:
        count = problem.params.get(problem.count)
        template = ngettext(
            problem.template, problem.plural, count if isinstance(count, int) else 0
        )
    else:
        template = gettext_now(problem.template)
    if not problem.params:
        return template
    return template % {
        key: _param_label(key, value) for key, value in problem.params.items()
    }
