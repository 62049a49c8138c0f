"""Reading the translation catalogues for the checks (Babel's .po reader)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from django.conf import settings

LOCALE_DIR = Path(settings.BASE_DIR) / "locale"
# The catalogues' folder names, as makemessages writes them (-l pt_BR ...).
LOCALES = ("pt_BR", "es", "fr", "uk")
# The same options as `make messages` (Makefile: MAKEMESSAGES_OPTIONS).
MAKEMESSAGES_IGNORE = (".venv", "tests", "staticfiles", "scripts", "docs")

# %(name)s with its conversion type, a bare %s / %d, and {name} brace fields.
_NAMED = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?([diouxXeEfFgGcrsa])")
_POSITIONAL = re.compile(r"%[-#0 +]*\d*(?:\.\d+)?([diouxXeEfFgGcrsa])")
_BRACE = re.compile(r"(?<!\{)\{(\w*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / "django.po"


def read_catalogue(path: Path) -> Catalog:
    with path.open("rb") as po_file:
        return read_po(po_file, locale=path.parent.parent.name)


def messages(catalogue: Catalog) -> list[Message]:
    """Every message but the header (whose msgid is empty)."""
    return [message for message in catalogue if message.id]


def key(message: Message) -> tuple[str | None, str, str | None]:
    """(context, msgid, msgid_plural): what identifies a message."""
    if isinstance(message.id, tuple | list):
        return (message.context, message.id[0], message.id[1])
    return (message.context, message.id, None)


def header_text(path: Path) -> str:
    """The header entry's msgstr as written in the file (lines joined)."""
    text = path.read_text(encoding="utf-8")
    match = re.search(r'^msgid ""\nmsgstr ((?:".*"\n)+)', text, re.MULTILINE)
    assert match is not None, f"{path} has no header entry"
    lines = re.findall(r'^"(.*)"$', match.group(1), re.MULTILINE)
    return "".join(lines).replace("\\n", "\n")


@dataclass(frozen=True)
class Placeholders:
    named: frozenset[tuple[str, str]]
    positional: tuple[str, ...]
    brace: frozenset[str]


def placeholders(text: str, *, python_format: bool) -> Placeholders:
    """The placeholders of ``text``; %-ones only where the message is python-format
    (a literal "50%" in a template string is not a placeholder)."""
    named: frozenset[tuple[str, str]] = frozenset()
    positional: tuple[str, ...] = ()
    if python_format:
        without_escapes = text.replace("%%", "")
        named = frozenset(_NAMED.findall(without_escapes))
        rest = _NAMED.sub("", without_escapes)
        positional = tuple(_POSITIONAL.findall(rest))
    return Placeholders(named, positional, frozenset(_BRACE.findall(text)))
