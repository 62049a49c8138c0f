"""`manage.py score_sheet FILE|-`: score a score sheet from the command line.

Prints the result document (exit 0) or the errors document (exit 2) of the
score-sheet contract; never a traceback. All the logic is in `scoring.sheet_io`.
"""

from __future__ import annotations

import codecs
import io
import json
import sys
from argparse import ArgumentParser
from pathlib import Path
from typing import IO, cast

from django.core.management.base import BaseCommand

from scoring.sheet_io import (
    SheetInvalid,
    errors_document,
    load_document,
    score_document,
    unreadable,
)


class Command(BaseCommand):
    help = "Score a Concordia or Magnanimous score sheet (JSON) and print the result."
    # Tests may pass stdin=... to call_command, as stdout=... is passed.
    stealth_options = ("stdin",)

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "file", help='the score sheet (JSON), or "-" to read standard input'
        )

    def handle(self, *args: object, **options: object) -> None:
        _utf8_stdout()
        try:
            stdin = cast("IO[str] | IO[bytes]", options.get("stdin") or sys.stdin)
            raw = _read(str(options["file"]), stdin)
            document = score_document(load_document(raw))
        except SheetInvalid as invalid:
            self._print(errors_document(invalid.problems))
            raise SystemExit(2) from None
        self._print(document)

    def _print(self, document: object) -> None:
        self.stdout.write(json.dumps(document, indent=1, ensure_ascii=False))


def _read(source: str, stdin: IO[str] | IO[bytes]) -> str | bytes:
    """Return the raw score sheet; raise `SheetInvalid` when it cannot be read."""
    try:
        if source != "-":
            return Path(source).read_bytes()
        # Bytes from a real standard input, so that load_document checks the
        # encoding; text from a replaced one (tests).
        buffer: IO[bytes] | None = getattr(stdin, "buffer", None)
        return buffer.read() if buffer is not None else stdin.read()
    except OSError as error:
        raise unreadable(source, error.strerror or str(error)) from None


def _utf8_stdout() -> None:
    # The contract's JSON is UTF-8 with the players' names unescaped; a console
    # set to another encoding would otherwise fail on the first "ç".
    if (
        isinstance(sys.stdout, io.TextIOWrapper)
        and codecs.lookup(sys.stdout.encoding).name != "utf-8"
    ):
        sys.stdout.reconfigure(encoding="utf-8")
