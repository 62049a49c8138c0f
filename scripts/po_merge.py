"""Resolve merge conflicts in the translation catalogues by taking both sides.

Two branches that each add strings (and their translations) conflict in every
``locale/*/LC_MESSAGES/django.po`` they both touched. After ``git merge`` stops on
such conflicts, run::

    .venv/bin/python scripts/po_merge.py      # then: make messages

For each conflicted catalogue it reads the common ancestor, "ours" and "theirs"
from git's index (stages 1, 2 and 3) and keeps every entry of both sides; for an
entry both have, the side that changed it since the ancestor wins (a corrected
translation on one branch is not undone by the other branch's old one), and
when both changed it, a translated, non-fuzzy entry wins over an empty or fuzzy
one, then "theirs" (the branch being merged in). It writes the catalogue and
stages it. ``make messages`` then drops the strings the merged code no longer
has and puts the rest in the code's order. A developer tool: nothing runs it.
"""

from __future__ import annotations

import subprocess
import sys
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent


def _git(*args: str) -> bytes:
    return subprocess.run(
        ["git", *args], cwd=ROOT, check=True, capture_output=True
    ).stdout


def _conflicted_catalogues() -> list[str]:
    names = _git("diff", "--name-only", "--diff-filter=U").decode().split()
    return [name for name in names if name.endswith(".po")]


def _stage_bytes(path: str, stage: int) -> bytes | None:
    try:
        return _git("show", f":{stage}:{path}")
    except subprocess.CalledProcessError:
        return None


def _header(data: bytes) -> bytes:
    """Return the catalogue's comments and header entry, as gettext wrote them."""
    return data.split(b"\n\n", 1)[0]


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings) and not message.fuzzy


def _take(mine: Message, message: Message) -> None:
    # Catalog.__setitem__ keeps an existing entry's translation: copy it over.
    mine.string = message.string
    mine.flags = set(message.flags)


def _merge(base: Catalog | None, ours: Catalog, theirs: Catalog) -> Catalog:
    for message in theirs:
        if not message.id:
            continue
        mine = ours.get(message.id, context=message.context)
        if mine is None:
            ours[message.id] = message
            continue
        if (mine.string, mine.fuzzy) == (message.string, message.fuzzy):
            continue
        original = (
            None if base is None else base.get(message.id, context=message.context)
        )
        if original is not None:
            before = (original.string, original.fuzzy)
            if (message.string, message.fuzzy) == before:
                continue  # only ours changed it
            if (mine.string, mine.fuzzy) == before:
                _take(mine, message)  # only theirs changed it
                continue
        if _translated(message) or not _translated(mine):
            _take(mine, message)
    return ours


def main() -> int:
    paths = _conflicted_catalogues()
    if not paths:
        print("no conflicted catalogue")
        return 0
    for path in paths:
        ours_data, theirs_data = _stage_bytes(path, 2), _stage_bytes(path, 3)
        if ours_data is None or theirs_data is None:
            print(f"{path}: one side deleted it; resolve by hand", file=sys.stderr)
            return 1
        locale = Path(path).parts[1]
        ours = read_po(BytesIO(ours_data), locale=locale)
        theirs = read_po(BytesIO(theirs_data), locale=locale)
        base_data = _stage_bytes(path, 1)
        base = None if base_data is None else read_po(BytesIO(base_data), locale=locale)
        merged = _merge(base, ours, theirs)
        buffer = BytesIO()
        write_po(buffer, merged, width=79, omit_header=True, sort_output=False)
        # Babel would rewrite the header (dates, "Generated-By"): keep ours as is.
        body = buffer.getvalue().lstrip(b"\n")
        (ROOT / path).write_bytes(_header(ours_data) + b"\n\n" + body)
        _git("add", path)
        print(f"{path}: merged ({len(merged)} entries)")
    print("now run: make messages (and translate any entry it leaves empty)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
