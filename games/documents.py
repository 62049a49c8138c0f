"""Reading a JSON document someone sent us: every import and API body goes through here.

Backups, BG Stats files, game logs and API bodies come from people and programs
we do not control. `document_load` reads one with bounds and says what is wrong
as problems with the JSON path of their place (`ImportRejected`), so that no file
costs unbounded memory or time and none reaches the database with what it
cannot store: PostgreSQL refuses a NUL character in text, and a lone surrogate
("\\udc80") cannot be encoded at all. Each format's own reader then checks the
shape and the rules.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Final

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_noop

from games import vocabulary
from scoring.shape import child
from scoring.types import Problem

# Larger than any real club's history (a game is about 2 kB in a backup), small
# enough that a hostile upload cannot exhaust the server's memory.
MAX_IMPORT_BYTES: Final = 20 * 1024 * 1024
# No format of ours nests deeper than about 6 levels; 64 leaves room for
# others' and keeps every later walk over the document far from Python's
# recursion limit.
MAX_DEPTH: Final = 64

NOT_UTF8: Final = gettext_noop("The file is not UTF-8 text")
NOT_JSON: Final = gettext_noop(
    "The file is not valid JSON: %(error)s at line %(line)d, column %(column)d"
)
UNREADABLE_JSON: Final = gettext_noop("The file is not valid JSON: %(error)s")
TOO_DEEP: Final = gettext_noop("The file is nested too deeply to read")
TOO_LARGE: Final = gettext_noop("The file is larger than %(limit)d MB")
NUL_CHARACTER: Final = gettext_noop(
    "This text holds a NUL character (\\u0000), which cannot be stored"
)
LONE_SURROGATE: Final = gettext_noop(
    "This text holds half of a UTF-16 surrogate pair, which is not a character"
)


def problem_message(problem: Problem) -> str:
    """Return the problem's message in the active language."""
    return vocabulary.problem_message(problem)


class ImportRejected(ValidationError):
    """A document cannot be read or breaks the rules; nothing was written."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__([problem_message(p) for p in self.problems])


def reject(template: str, path: str = "", **params: str | int) -> ImportRejected:
    return ImportRejected([Problem(path=path, template=template, params=params)])


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number in JSON")


def _text_problem(text: str, path: str) -> Problem | None:
    if "\x00" in text:
        return Problem(path=path, template=NUL_CHARACTER)
    if any("\ud800" <= character <= "\udfff" for character in text):
        return Problem(path=path, template=LONE_SURROGATE)
    return None


def document_problems(document: object) -> list[Problem]:
    """Return what no format can accept in ``document``: too deep, NUL, lone surrogates.

    Walks the document without recursion, keys included (a key becomes a
    name or a city in some formats).
    """
    problems: list[Problem] = []
    # (value, its path, its depth, its key when it is a member of an object)
    stack: list[tuple[object, str, int, str | None]] = [(document, "", 0, None)]
    while stack:
        value, path, depth, key = stack.pop()
        for text in (key, value):
            if isinstance(text, str):
                problem = _text_problem(text, path)
                if problem is not None:
                    problems.append(problem)
                    break
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                return [Problem(path=path, template=TOO_DEEP)]
            # Pushed last first, so that problems come in document order.
            if isinstance(value, dict):
                stack.extend(
                    (item, child(path, str(name)), depth + 1, str(name))
                    for name, item in reversed(value.items())
                )
            else:
                stack.extend(
                    (item, f"{path}[{index}]", depth + 1, None)
                    for index, item in reversed(list(enumerate(value)))
                )
    return problems


def document_load(raw: bytes | str) -> object:
    """Decode a JSON document; raise `ImportRejected` saying what is wrong."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise reject(TOO_LARGE, limit=MAX_IMPORT_BYTES // (1024 * 1024))
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise reject(NOT_UTF8) from None
    try:
        document = json.loads(
            raw.removeprefix("\ufeff"), parse_constant=_reject_constant
        )
    except json.JSONDecodeError as error:
        raise reject(
            NOT_JSON, error=error.msg, line=error.lineno, column=error.colno
        ) from None
    except RecursionError:
        raise reject(TOO_DEEP) from None
    except ValueError as error:
        # A number too long for int(), or NaN: json gives no position for those.
        raise reject(UNREADABLE_JSON, error=str(error)) from None
    problems = document_problems(document)
    if problems:
        raise ImportRejected(problems)
    return document
