"""`manage.py replay_log FILE|-`: replay a Concordia or Magnanimous game log.

The log's ``format`` field says which game it is (``game-log/1`` for
Concordia, ``magnanimous-log/1`` for Magnanimous). Prints the state document
(exit 0) or the errors document (exit 2) of that game's contract; never a
traceback. All the logic is in `play` and `play.magnanimous`.
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from pathlib import Path
from typing import IO, cast

from django.core.management.base import BaseCommand

from games.management.commands.score_sheet import _utf8_stdout
from play import (
    LogInvalid,
    decode,
    errors_document,
    magnanimous,
    replay_document,
    state_document,
)
from play.errors import invalid
from play.messages import UNREADABLE_FILE


class Command(BaseCommand):
    help = (
        "Replay a Concordia or Magnanimous game log (JSON) and print the state "
        "it leads to."
    )
    # Tests may pass stdin=... to call_command, as stdout=... is passed.
    stealth_options = ("stdin",)

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "file", help='the game log (JSON), or "-" to read standard input'
        )

    def handle(self, *args: object, **options: object) -> None:
        _utf8_stdout()
        try:
            stdin = cast("IO[str] | IO[bytes]", options.get("stdin") or sys.stdin)
            raw = _read(str(options["file"]), stdin)
            document = _replay(decode(raw))
        except LogInvalid as refused:
            self._print(errors_document(refused))
            raise SystemExit(2) from None
        self._print(document)

    def _print(self, document: object) -> None:
        self.stdout.write(json.dumps(document, indent=1, ensure_ascii=False))


def _replay(log: object) -> dict[str, object]:
    """Return the state document of a decoded log, by its ``format``."""
    if isinstance(log, dict) and log.get("format") == magnanimous.FORMAT:
        return magnanimous.state_document(magnanimous.replay_document(log))
    return state_document(replay_document(log))


def _read(source: str, stdin: IO[str] | IO[bytes]) -> str | bytes:
    """Return the raw game log; raise `LogInvalid` when it cannot be read."""
    try:
        if source != "-":
            return Path(source).read_bytes()
        buffer: IO[bytes] | None = getattr(stdin, "buffer", None)
        return buffer.read() if buffer is not None else stdin.read()
    except OSError as error:
        raise invalid(
            "", UNREADABLE_FILE, file=source, error=error.strerror or str(error)
        ) from None
