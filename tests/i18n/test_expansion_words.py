"""The expansions' words (issue #23, item 7): the catalogues say what the
glossary's tables say (docs/glossary.md, "The expansions").

A term of the tables that is itself a message (a map's name, ``salt``,
``Magister``, ``Prefect/Architect``, a province's colour) is translated with
the glossary's word; and every message that speaks of a concept of the
expansions (team, partner, salt city, forum card, …) uses the glossary's word
for it in all four languages.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from scoring.types import MapName
from tests.i18n.catalogues import messages, po_path, read_catalogue

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"
LOCALES = ["pt_BR", "es", "fr", "uk"]


@functools.cache
def _catalogue(locale: str) -> dict[tuple[str | None, str], list[str]]:
    """Every message of ``locale``: (context, msgid) → its translations."""
    entries = {}
    for message in messages(read_catalogue(po_path(locale))):
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string or ())
        )
        entries[(message.context, ids[0])] = strings
    return entries


def _glossary_terms() -> list[tuple[str, dict[str, str]]]:
    """(English term, {locale: word}) for every cell of the expansions' tables,
    a cell's terms split on " · "."""
    section = GLOSSARY.read_text(encoding="utf-8").split(
        "## The expansions (issue #23)", 1
    )[1]
    terms = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 5 or cells[0] in ("en", "en (board)") or "---" in cells[0]:
            continue
        english = cells[0].split(" · ")
        words = [cell.split(" · ") for cell in cells[1:5]]
        if any(len(w) != len(english) for w in words):
            continue
        for i, term in enumerate(english):
            by_locale = {locale: w[i] for locale, w in zip(LOCALES, words, strict=True)}
            terms.append((term, by_locale))
            # "patrician (blue, permanent)": the term without what describes it.
            bare = re.sub(r" \([a-z][^)]*\)$", "", term)
            if bare != term and not any(w.endswith(")") for w in by_locale.values()):
                terms.append((bare, by_locale))
    return terms


def _as_message(locale: str, term: str) -> tuple[str | None, str, bool] | None:
    """The (context, msgid, capitalised) the catalogue holds ``term`` as."""
    catalogue = _catalogue(locale)
    for context in (None, "province"):
        if (context, term) in catalogue:
            return context, term, False
        if (context, term[:1].upper() + term[1:]) in catalogue:
            return context, term[:1].upper() + term[1:], True
    return None


@pytest.mark.parametrize("locale", LOCALES)
def test_every_glossary_term_that_is_a_message_takes_the_glossarys_word(locale):
    checked = set()
    for term, words in _glossary_terms():
        found = _as_message(locale, term)
        if found is None:
            continue
        context, msgid, capitalised = found
        word = words[locale]
        if capitalised:
            word = word[:1].upper() + word[1:]
        assert _catalogue(locale)[(context, msgid)] == [word], (msgid, locale)
        checked.add(term)
    # Every board's name and the modules' own words are among them.
    boards = {"Ionium (small)"} | {
        name.value.capitalize() for name in MapName if name.value != "ionium_small"
    }
    assert boards - {"Imperium", "Italia"} <= checked
    assert {
        "salt",
        "forum",
        "forum points",
        "patrician",
        "citizen",
        "Venus",
        "Magister",
        "Prefect/Architect",
        "Architect/Mercator",
        "Prefect/Mercator",
        "individual play",
        "Blue",
        "Red",
    } <= checked


# The glossary's word for each concept of the expansions, by language: every
# message whose English names the concept uses it.
CONCEPTS = {
    r"\bteams?\b": ("equipe", "equipo", "équipe", "команд"),
    r"\bpartners?\b": ("parceir", "compañer", "partenaire", "партнер"),
    r"\bpatricians?\b": ("patríci", "patrici", "patricien", "патриці"),
    r"\bcitizens?\b": ("cidad", "ciudadan", "citoyen", "громадян"),
    r"\bsalt cit(y|ies)\b": (
        "cidades? de sal",
        "ciudad(es)? de sal",
        "cités? de type sel",
        r"міст\w*, що виробля",
    ),
    r"\bforum cards?\b": (
        "cartas? do fórum",
        "cartas? del foro",
        "cartes? Forum",
        "карт[аиу] форуму",
    ),
    r"\bforum\b": ("fórum", "foro", "forum", "форум"),
    r"\bsalt\b": (r"\bsal\b", r"\bsal\b", r"\bsel\b", "сіль|сол"),
    r"\bVenus\b": ("Vênus", "Venus", "Venus", "Венер"),
    r"\bMagister\b": ("Magister", "Magister", "Magister", "Магістр"),
    # (not the JSON field "expansions", named as it is spelt)
    r"(?<!“)\bexpansions?\b(?!”)": (
        "expans",
        "expansi",
        "extension",
        "доповнен",
    ),
    r"\bdouble-role\b": (
        "função dupla",
        "doble función",
        "double rôle",
        "двома ролями",
    ),
}


@pytest.mark.parametrize("concept", list(CONCEPTS))
@pytest.mark.parametrize("locale", LOCALES)
def test_a_concept_of_the_expansions_takes_one_word(locale, concept):
    word = CONCEPTS[concept][LOCALES.index(locale)]
    found = [
        (msgid, string)
        for (_context, msgid), strings in _catalogue(locale).items()
        if re.search(concept, msgid)
        for string in strings
    ]
    assert found, "update this table"
    assert [pair for pair in found if not re.search(word, pair[1], re.I)] == []
