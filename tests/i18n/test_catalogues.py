"""The translation catalogues are complete and sound (issue #16, part 5).

`make test` fails when a string of the code is missing from a catalogue, when a
translation is empty or fuzzy, when a header lacks its language or plural
forms, or when a translation's placeholders differ from its source's. Until
the translators have filled a new msgid these fail: that is the point.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from tests.i18n.catalogues import (
    LOCALES,
    MAKEMESSAGES_IGNORE,
    header_text,
    key,
    messages,
    placeholders,
    po_path,
    read_catalogue,
)

BASE_DIR = Path(settings.BASE_DIR)
# Not copied for makemessages: what it ignores anyway (the options of
# `make messages`), and what only takes time to copy.
NOT_COPIED = {*MAKEMESSAGES_IGNORE, ".git", "artifacts", "node_modules", "db.sqlite3"}


def _label(entry: tuple[str | None, str, str | None]) -> str:
    context, msgid, plural = entry
    return f"{context + ' | ' if context else ''}{msgid!r}{' / ' + repr(plural) if plural else ''}"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """makemessages run on a copy of the project, with a copy of the catalogues."""
    # Without xgettext the check cannot run, and a catalogue missing a string
    # would pass unseen: fail and say what to install instead of skipping.
    if shutil.which("xgettext") is None:
        pytest.fail(
            "xgettext (GNU gettext) is missing: `make test` installs Debian's "
            "gettext as root; otherwise sudo apt-get install gettext"
        )
    root = tmp_path_factory.mktemp("project")
    for entry in BASE_DIR.iterdir():
        if entry.name in NOT_COPIED or entry.name.startswith("."):
            continue
        if entry.is_dir():
            shutil.copytree(
                entry, root / entry.name, ignore=shutil.ignore_patterns("__pycache__")
            )
        else:
            shutil.copy2(entry, root / entry.name)
    cwd = Path.cwd()
    try:
        os.chdir(root)
        call_command(
            "makemessages",
            locale=list(LOCALES),
            no_location=True,
            ignore_patterns=list(MAKEMESSAGES_IGNORE),
            verbosity=0,
        )
    finally:
        os.chdir(cwd)
    return {
        locale: root / "locale" / locale / "LC_MESSAGES" / "django.po"
        for locale in LOCALES
    }


@pytest.mark.parametrize("locale", LOCALES)
def test_makemessages_leaves_the_catalogue_unchanged(locale, extracted):
    committed = {key(m) for m in messages(read_catalogue(po_path(locale)))}
    fresh = {key(m) for m in messages(read_catalogue(extracted[locale]))}
    missing = sorted(fresh - committed, key=str)
    stale = sorted(committed - fresh, key=str)
    hint = f"{locale}: run `make messages`, then translate"
    assert not missing, f"{hint}; missing from the catalogue:\n" + "\n".join(
        _label(m) for m in missing
    )
    assert not stale, f"{hint}; no longer in the code:\n" + "\n".join(
        _label(m) for m in stale
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_the_header_names_the_language_and_its_plural_forms(locale):
    header = header_text(po_path(locale))
    fields = dict(line.split(":", 1) for line in header.splitlines() if ":" in line)
    assert fields.get("Language", "").strip(), f"{locale}: empty Language header"
    assert "nplurals=" in fields.get("Plural-Forms", ""), f"{locale}: no Plural-Forms"
    assert "charset=UTF-8" in fields.get("Content-Type", "")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_is_translated_and_none_is_fuzzy(locale):
    catalogue = read_catalogue(po_path(locale))
    assert not catalogue.fuzzy, f"{locale}: the header is marked fuzzy"
    fuzzy = [_label(key(m)) for m in messages(catalogue) if m.fuzzy]
    empty = [
        _label(key(m))
        for m in messages(catalogue)
        if not m.string or (isinstance(m.string, tuple | list) and not all(m.string))
    ]
    assert fuzzy == [], f"{locale}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:10]}"
    assert empty == [], f"{locale}: {len(empty)} untranslated, e.g. {empty[:10]}"
    # Ukrainian needs every one of its forms: 1 сестерцій, 2 сестерції, 5 сестерціїв.
    for message in messages(catalogue):
        if isinstance(message.string, tuple | list):
            assert len(message.string) == catalogue.num_plurals, _label(key(message))


@pytest.mark.parametrize("locale", LOCALES)
def test_translations_keep_the_placeholders_of_their_source(locale):
    wrong = []
    for message in messages(read_catalogue(po_path(locale))):
        python_format = "python-format" in message.flags
        if isinstance(message.id, tuple | list):
            sources = [message.id[1]]
            strings = message.string if isinstance(message.string, tuple | list) else ()
            translations = [s for s in strings if s]
        else:
            sources = [message.id]
            translations = (
                [message.string]
                if isinstance(message.string, str) and message.string
                else []
            )
        expected = placeholders(sources[0], python_format=python_format)
        singular = (
            placeholders(message.id[0], python_format=python_format)
            if isinstance(message.id, tuple | list)
            else expected
        )
        for translation in translations:
            found = placeholders(translation, python_format=python_format)
            if found not in (expected, singular):
                wrong.append((_label(key(message)), translation))
    assert wrong == [], f"{locale}: placeholders differ in {len(wrong)}: {wrong[:10]}"


def test_a_broken_placeholder_is_caught():
    assert placeholders("%(n)d cards", python_format=True) != placeholders(
        "%(n)s карти", python_format=True
    )
    assert placeholders("%(name)s wins", python_format=True) != placeholders(
        "%(nom)s gagne", python_format=True
    )
    assert placeholders("{count} games", python_format=False) != placeholders(
        "{total} jeux", python_format=False
    )
    assert placeholders("%s and %s", python_format=True) != placeholders(
        "%s", python_format=True
    )
    assert placeholders("100%% sure: %(n)d", python_format=True) == placeholders(
        "%(n)d: 100%%", python_format=True
    )
