"""The games' vocabulary as the pages say it: categories in page order, their labels.

`scoring` owns the facts (which gods, which Magnanimous categories); this is
the one place the app names them, for every area (stats, portability, api).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy, pgettext_lazy
from django_stubs_ext import StrPromise

from games.models import Colour, ConcordiaMap, Game
from games.registry import GameTable
from play import Tracking
from scoring.maps import MAPS
from scoring.types import God, Good, MapName, Problem

# Each game's categories, in their storage order (the statistics' slots), as
# its room registers them (`games.registry`): Concordia's are the data's
# append-only list, Magnanimous' the fields of its per-player score.
CATEGORIES: Final[Mapping[str, tuple[str, ...]]] = GameTable(
    lambda spec: spec.categories
)

# The one table of the gods' names: Spanish and Ukrainian rulebooks translate
# them (Júpiter, Юпітер), the others keep the Latin, but for the Brazilian
# "Júpiter" (docs/glossary.md).
CATEGORY_LABELS: Final[dict[str, StrPromise]] = {
    "vesta": _("Vesta"),
    "jupiter": _("Jupiter"),
    "saturnus": _("Saturnus"),
    "mercurius": _("Mercurius"),
    "mars": _("Mars"),
    "venus": _("Venus"),
    "minerva": _("Minerva"),
    "concordia": _("Concordia"),
    # Salsa's forum: the victory points won or lost through its cards.
    "forum": _("Forum"),
    "court": _("Court"),
    "commerce": _("Commerce"),
    "politics": _("Politics"),
    "military": _("Military"),
    "economy": _("Economy"),
    "territory": _("Territory"),
}

# The labels below are keyed by the data's ids (`scoring.types`): they are the
# translation catalogues' source, so each is written out. A good, god, card or
# map the data adds gets its line here (and its translations); until then the
# pages show its id, never an error.

GOD_LABELS: Final[dict[str, StrPromise]] = {
    god.value: CATEGORY_LABELS[god.value] for god in God if god.value in CATEGORY_LABELS
}

GOOD_LABELS: Final[dict[str, StrPromise]] = {
    "brick": _("brick"),
    "food": _("food"),
    "tool": _("tool"),
    "wine": _("wine"),
    "cloth": _("cloth"),
    # Salsa's wildcard good.
    "salt": _("salt"),
}

# "2 food, 1 brick": one message per good with its plural forms (English counts
# goods as the rulebook does: "2 brick").
GOOD_COUNTS: Final[dict[str, StrPromise]] = {
    "brick": ngettext_lazy("%(n)d brick", "%(n)d brick", "n"),
    "food": ngettext_lazy("%(n)d food", "%(n)d food", "n"),
    "tool": ngettext_lazy("%(n)d tool", "%(n)d tool", "n"),
    "wine": ngettext_lazy("%(n)d wine", "%(n)d wine", "n"),
    "cloth": ngettext_lazy("%(n)d cloth", "%(n)d cloth", "n"),
    "salt": ngettext_lazy("%(n)d salt", "%(n)d salt", "n"),
}

# Concordia's expansion modules (the score sheet's ``expansions``), as the
# pages name them: the box each comes in, then the module.
MODULE_LABELS: Final[dict[str, StrPromise]] = {
    "salt": _("Salsa: salt"),
    "forum": _("Salsa: the forum"),
    "venus": _("Venus (the seventh god)"),
}


def module_label(module: str) -> str | StrPromise:
    """The module's name in the reader's language (its id without a label yet)."""
    return MODULE_LABELS.get(module, module)


def good_label(good: str) -> str | StrPromise:
    """The good's name in the reader's language (its id when it has no label yet)."""
    return GOOD_LABELS.get(good, good)


def god_label(god: str) -> str | StrPromise:
    """The god's name in the reader's language (its id, capitalised, without a label)."""
    return CATEGORY_LABELS.get(god, god.capitalize())


def good_count(good: Good, count: int) -> str:
    """Return "2 food" in the reader's language."""
    message = GOOD_COUNTS.get(good)
    if message is None:
        return f"{count} {good_label(good)}"
    return str(message % {"n": count})


SPECIALIST_LABELS: Final[dict[str, StrPromise]] = {
    "mason": _("Mason"),
    "farmer": _("Farmer"),
    "smith": _("Smith"),
    "vintner": _("Vintner"),
    "weaver": _("Weaver"),
}


def specialist_label(specialist: str) -> str | StrPromise:
    """The specialist's name in the reader's language (its id, capitalised, without a label)."""
    return SPECIALIST_LABELS.get(specialist, specialist.capitalize())


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
    # Venus (expansions §2b): the Magister and the double-role cards.
    "Magister": _("Magister"),
    "Prefect/Architect": _("Prefect/Architect"),
    "Architect/Mercator": _("Architect/Mercator"),
    "Prefect/Mercator": _("Prefect/Mercator"),
    **{
        specialist.capitalize(): label
        for specialist, label in SPECIALIST_LABELS.items()
    },
}

# The expansion modules (the score sheet's ``expansions``), as a page names them.
# A team of a team game (Venus) as the pages name it: the app names the teams
# A, B, C by seat (partners sit alternately).
TEAM_LABEL: Final = _("Team %(team)s")


def team_label(team: str) -> str:
    return str(TEAM_LABEL) % {"team": team}


# The maps' names: the model's choices are the one table (pt and uk translate them).
MAP_LABELS: Final[dict[str, str | StrPromise]] = {
    **{str(value): label for value, label in ConcordiaMap.choices},
    **{str(value).capitalize(): label for value, label in ConcordiaMap.choices},
    # As `scoring` names a map in a problem ("Ionium (small) has only ...").
    **{MAPS[MapName(value)].title: label for value, label in ConcordiaMap.choices},
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

# How many players sit at a table of each game (scoring's limits, as each
# game's room registers them).
TABLE_SIZES: Final[Mapping[str, range]] = GameTable(lambda spec: spec.table_sizes)


# A list's last two names (a literal here, so that makemessages finds it).
_NAMES_AND: Final = _("%(names)s and %(last)s")


def names_list(names: Sequence[str]) -> str:
    """Return "A", "A and B" or "A, B and C" in the reader's language."""
    if len(names) < 2:
        return "".join(names)
    return str(_NAMES_AND) % {
        "names": ", ".join(names[:-1]),
        "last": names[-1],
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
        labels = GOOD_LABELS
    elif key == "god":
        labels = {god.capitalize(): label for god, label in GOD_LABELS.items()}
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
