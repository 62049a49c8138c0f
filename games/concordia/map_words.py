"""A map's words as the pages show them: province, start space and city names,
and what each board adds to the setup, with how sure the sources are.

The facts are the data's (`scoring.maps`: start spaces, letters in use, the
token mix, each board's ``setup_notes`` with a confidence mark); this module
only has the sentences, one per kind of fact, so that a board added to the
data with notes of known kinds needs no code. City and province names stay in
Latin (docs/glossary.md, rule 5); the provinces the boards name only by a
colour (Corsica, Creta, Cyprus, Balearica) and the app's stand-ins for
unnamed spaces are translated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.vocabulary import good_count, good_label, names_list
from scoring.maps import ConnectionKind, MapSpec, SetupNote
from scoring.types import Good

# The boards that name their provinces by colour only (concordia-maps.json).
PROVINCE_COLOURS: Final[Mapping[str, Promise]] = {
    "Blue": pgettext_lazy("province", "Blue"),
    "Brown": pgettext_lazy("province", "Brown"),
    "Cyan": pgettext_lazy("province", "Cyan"),
    "Gold": pgettext_lazy("province", "Gold"),
    "Gray": pgettext_lazy("province", "Grey"),
    "Grey": pgettext_lazy("province", "Grey"),
    "Green": pgettext_lazy("province", "Green"),
    "Maroon": pgettext_lazy("province", "Maroon"),
    "Olive": pgettext_lazy("province", "Olive"),
    "Orange": pgettext_lazy("province", "Orange"),
    "Purple": pgettext_lazy("province", "Purple"),
    "Red": pgettext_lazy("province", "Red"),
    "Yellow": pgettext_lazy("province", "Yellow"),
}

# Spaces the data has no printed name for: the app's names, in words.
SPACE_NAMES: Final[Mapping[str, Promise]] = {
    "Gallia sea start": _("the sea space between Massilia and Genua"),
    "Ebussus boat": _("the boat by Ebussus"),
    "Minorica boat": _("the boat by Minorica"),
    "Laconia III": _("Laconia's third city (name not known)"),
}

# The same, short enough for the map drawing.
SPACE_SHORT: Final[Mapping[str, Promise]] = {
    "Gallia sea start": _("sea start"),
    "Ebussus boat": _("Ebussus boat"),
    "Minorica boat": _("Minorica boat"),
    "Laconia III": _("Laconia III (name unknown)"),
}

CONFIDENCE_NOTES: Final[Mapping[str, Promise]] = {
    "L": _("Weakly sourced: check your rulebook."),
    "U": _("Not known to this app: agree on it at the table."),
}


def province_label(name: str) -> str:
    """A province's name as shown: Latin, or a colour in the reader's language."""
    label = PROVINCE_COLOURS.get(name)
    return str(label) if label is not None else name


def space_label(name: str) -> str:
    """A city's or start space's name as shown (the app's stand-ins translated)."""
    label = SPACE_NAMES.get(name)
    return str(label) if label is not None else name


def space_short(name: str) -> str:
    """A space's name as the map drawing writes it (short)."""
    label = SPACE_SHORT.get(name)
    return str(label) if label is not None else name


@dataclass(frozen=True, slots=True)
class MapLine:
    """One sentence of a map's setup, and whether its sources are weak (L/U)."""

    kind: str
    text: str
    confidence: str
    note: str = ""


def _note_text(note: SetupNote) -> str:
    params = note.params
    if note.kind == "castles":
        return gettext(
            "Roman castles: shuffle the bonus markers left over and lay one, good "
            "side up, on each of the %(count)s castles; the rest go back in the box."
        ) % {"count": params.get("count", 10)}
    if note.kind == "castles_in_play":
        return gettext("What the castles' markers do in play is not known.")
    if note.kind == "extra_bonus_marker":
        return gettext(
            "Nile flood: lay a %(good)s bonus marker, good side up, in %(province)s "
            "beside its own."
        ) % {
            "good": good_label(Good(str(params.get("good", "food")))),
            "province": province_label(str(params.get("province", ""))),
        }
    if note.kind == "extra_bonus_marker_in_play":
        return gettext("What the Nile flood marker does in play is not known.")
    if note.kind == "no_bonus_marker":
        return gettext(
            "%(province)s (%(city)s) gets no bonus marker: lay one marker of each "
            "good beside the board; whoever makes it produce with a Prefect "
            "chooses the bonus good."
        ) % {
            "province": province_label(str(params.get("province", ""))),
            "city": space_label(str(params.get("city", ""))),
        }
    if note.kind == "non_stop_line":
        return gettext(
            "The dashed land line between %(first)s and %(second)s may be crossed "
            "but no colonist stops on it."
        ) % {"first": params.get("from", ""), "second": params.get("to", "")}
    if note.kind == "separate_display":
        return gettext("The board has no card display: use the separate display board.")
    if note.kind == "display_over_b":
        return gettext(
            "Lay the display board over the Italian provinces: their cities and the "
            "B tokens are not used."
        )
    if note.kind == "unnamed_city":
        return gettext(
            "%(province)s has a third city whose name no source gives; the app "
            "calls it “%(city)s”."
        ) % {
            "province": province_label(str(params.get("province", ""))),
            "city": space_label(str(params.get("city", ""))),
        }
    if note.kind == "start_replaces_roma":
        return gettext(
            "The Tribune's and the Colonist's new colonists go to %(start)s instead "
            "of Roma."
        ) % {"start": params.get("start", "")}
    if note.kind == "start_for_new_colonists":
        return gettext(
            "New colonists (Tribune, Colonist) go to the start space of their kind."
        )
    if note.kind == "sea_start_unknown":
        return gettext(
            "How a sea colonist leaves the sea start space, and where the Tribune "
            "and the Colonist place new ones, is not known."
        )
    if note.kind == "boats":
        return gettext(
            "No start city: each player's two starting colonists are sea colonists, "
            "one on each boat."
        )
    if note.kind == "boats_storehouse":
        return gettext(
            "So each storehouse starts with 3 land colonists and 1 sea colonist."
        )
    if note.kind == "fish_market":
        return gettext(
            "Fish market: fish tiles replace the bonus markers and the Praefectus "
            "Piscatus replaces the Praefectus Magnus."
        )
    if note.kind == "fish_market_prices":
        return gettext(
            "The fish market's prices and what fish are worth at the end are not "
            "known: record them with an adjustment."
        )
    return note.kind


def _starts_text(spec: MapSpec) -> str:
    land = spec.start(ConnectionKind.LAND)
    sea = spec.start(ConnectionKind.SEA)
    if land is None:
        boats = [space_label(s.name) for s in spec.starts]
        return gettext("Each player's 2 sea colonists start on %(spaces)s.") % {
            "spaces": names_list(boats)
        }
    if sea is None or sea.name == land.name:
        return gettext(
            "1 land and 1 sea colonist of each player start in %(start)s."
        ) % {"start": space_label(land.name)}
    return gettext(
        "Each player's land colonist starts in %(land)s, the sea colonist in %(sea)s."
    ) % {"land": space_label(land.name), "sea": space_label(sea.name)}


def _letters_text(spec: MapSpec) -> str:
    letters = ", ".join(letter.value for letter in spec.letters)
    pools = "; ".join(
        f"{letter.value} "
        + ", ".join(
            good_count(good, count)
            for good, count in spec.token_pool[letter].items()
            if count
        )
        for letter in spec.letters
    )
    return gettext(
        "City tokens of the letters %(letters)s (%(cities)s cities, %(provinces)s "
        "provinces): %(pools)s."
    ) % {
        "letters": letters,
        "cities": len(spec.cities),
        "provinces": spec.province_count,
        "pools": pools,
    }


def map_lines(spec: MapSpec) -> list[MapLine]:
    """What the table lays out for ``spec``, one sentence per fact, each marked."""
    lines = [
        MapLine("letters", _letters_text(spec), _mark(spec, "tokens")),
        MapLine("starts", _starts_text(spec), _mark(spec, "starts")),
    ]
    for note in spec.setup_notes:
        params = dict(note.params)
        if note.kind == "start_replaces_roma":
            params["start"] = spec.capital
            note = SetupNote(kind=note.kind, confidence=note.confidence, params=params)
        lines.append(MapLine(note.kind, _note_text(note), note.confidence.value))
    if spec.uncertain("players"):
        lines.append(
            MapLine(
                "players",
                gettext(
                    "No player range is printed for this board: the app allows "
                    "%(minimum)s to %(maximum)s players."
                )
                % {"minimum": spec.min_players, "maximum": spec.max_players},
                spec.confidence["players"].value,
            )
        )
    return [
        MapLine(
            line.kind,
            line.text,
            line.confidence,
            str(CONFIDENCE_NOTES.get(line.confidence, "")),
        )
        for line in lines
    ]


def _mark(spec: MapSpec, fact: str) -> str:
    mark = spec.confidence.get(fact)
    return mark.value if mark is not None else "H"
