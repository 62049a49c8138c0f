"""Compile every ``locale/*/LC_MESSAGES/django.po`` into its ``.mo``, in pure Python.

Django's ``compilemessages`` needs GNU gettext's ``msgfmt``; a fresh machine with
only Python and make has not got it, so ``make run`` and ``make test`` compile
with Babel instead (fuzzy entries are left out, as msgfmt does). A catalogue is
compiled again only when its ``.po`` is newer than its ``.mo``; ``--force``
compiles them all. No ``.mo`` is committed (``.gitignore``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def compile_catalogue(po_path: Path) -> Path:
    mo_path = po_path.with_suffix(".mo")
    with po_path.open("rb") as po_file:
        catalogue = read_po(po_file, locale=po_path.parent.parent.name)
    with mo_path.open("wb") as mo_file:
        write_mo(mo_file, catalogue, use_fuzzy=False)
    return mo_path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="compile every catalogue")
    args = parser.parse_args(argv)
    compiled = 0
    for po_path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        if (
            args.force
            or not mo_path.exists()
            or mo_path.stat().st_mtime < po_path.stat().st_mtime
        ):
            compile_catalogue(po_path)
            compiled += 1
    print(f"== translation catalogues: {compiled} compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
