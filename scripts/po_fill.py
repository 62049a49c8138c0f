"""List the catalogues' untranslated entries, or fill them from a JSON file.

    .venv/bin/python scripts/po_fill.py                   # what is empty or fuzzy
    .venv/bin/python scripts/po_fill.py translations.json # fill, then: make messages

The JSON file maps a language to its translations, by English message (a
message with a context is keyed "context\\x04message"; a plural takes a list of
its forms, in the catalogue's order)::

    {"fr": {"Enter a name": "Saisissez un nom", "%(n)d game": ["%(n)d partie", "%(n)d parties"]}}

Filling clears the fuzzy mark. The header is kept as gettext wrote it, and
``make messages`` afterwards puts everything back in gettext's layout. A
developer tool for translators: nothing runs it.
"""

from __future__ import annotations

import json
import sys
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.pofile import read_po, write_po

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def _key(message: Message) -> str:
    text = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context}\x04{text}" if message.context else text


def _missing(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return bool(message.id) and (message.fuzzy or not all(strings))


def main(argv: list[str]) -> int:
    fills: dict[str, dict[str, str | list[str]]] = {}
    if argv:
        fills = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    left = 0
    for po_path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/django.po")):
        language = po_path.parent.parent.name
        raw = po_path.read_bytes()
        catalogue = read_po(BytesIO(raw), locale=language)
        given = fills.get(language, {})
        changed = False
        for message in catalogue:
            translation = given.get(_key(message))
            if translation is not None:
                message.string = (
                    tuple(translation) if isinstance(translation, list) else translation
                )
                message.flags.discard("fuzzy")
                changed = True
            elif _missing(message):
                left += 1
                print(f"{language}: {_key(message)!r}")
        if changed:
            buffer = BytesIO()
            write_po(buffer, catalogue, width=79, omit_header=True)
            header = raw.split(b"\n\n", 1)[0]
            po_path.write_bytes(header + b"\n\n" + buffer.getvalue().lstrip(b"\n"))
    print(f"{left} entries left to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
