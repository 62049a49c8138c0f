"""Strict reading of a decoded JSON score sheet, shared by both games' parsers.

A `ShapeReader` walks the document and records a `Problem` for every wrong type,
missing required field and unknown field, with its JSON path, instead of
stopping at the first one; the readers return a harmless default so the walk
can go on. `bool` is never accepted as a number and ``3.0`` is not a whole
number: the contract says which JSON type every field has.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Final, TypedDict, TypeVar

from scoring.i18n import gettext_noop
from scoring.types import Problem

NOT_UTF8: Final = gettext_noop("The score sheet is not UTF-8 text")
NOT_JSON: Final = gettext_noop(
    "The score sheet is not valid JSON: %(error)s at line %(line)d, column %(column)d"
)
UNREADABLE_JSON: Final = gettext_noop("The score sheet is not valid JSON: %(error)s")
UNREADABLE_FILE: Final = gettext_noop("Cannot read the score sheet %(file)s: %(error)s")
EXPECTED_OBJECT: Final = gettext_noop("Expected an object {…}, not %(got)s")
EXPECTED_LIST: Final = gettext_noop("Expected a list […], not %(got)s")
EXPECTED_INTEGER: Final = gettext_noop("Expected a whole number, not %(got)s")
EXPECTED_TEXT: Final = gettext_noop("Expected text in quotes, not %(got)s")
EXPECTED_BOOLEAN: Final = gettext_noop("Expected true or false, not %(got)s")
MISSING_FIELD: Final = gettext_noop("The field “%(field)s” is missing")
UNKNOWN_FIELD: Final = gettext_noop("Unknown field “%(field)s”")
WRONG_GAME: Final = gettext_noop(
    "Expected a score sheet of %(expected)s, not of “%(given)s”"
)
UNKNOWN_CHOICE: Final = gettext_noop(
    "Unknown value “%(given)s”; expected one of: %(choices)s"
)

E = TypeVar("E", bound=StrEnum)


class SheetInvalid(Exception):
    """A score sheet that cannot be scored; ``problems`` says where and why."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(
            "; ".join(
                f"{problem.path or '(document)'}: {problem.message}"
                for problem in self.problems
            )
        )


class ErrorDocument(TypedDict):
    path: str
    message: str


class ErrorsDocument(TypedDict):
    errors: list[ErrorDocument]


def errors_document(problems: Iterable[Problem]) -> ErrorsDocument:
    """Return the contract's errors document for ``problems``, in their order."""
    return {
        "errors": [
            {"path": problem.path, "message": problem.message} for problem in problems
        ]
    }


def child(path: str, key: str) -> str:
    """Return the JSON path of field ``key`` inside the object at ``path``."""
    return f"{path}.{key}" if path else key


def describe(value: object) -> str:
    """Return how a wrong value reads in a message: the JSON text of a scalar, or its kind."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


_ABSENT: Final = object()


class ShapeReader:
    """Collect the shape problems of one document while reading it."""

    __slots__ = ("problems",)

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def report(self, path: str, template: str, **params: str | int) -> None:
        self.problems.append(Problem(path=path, template=template, params=params))

    def fields(
        self,
        value: object,
        path: str,
        *,
        required: tuple[str, ...],
        optional: tuple[str, ...] = (),
    ) -> Mapping[str, object]:
        """Return the object at ``path``, reporting missing and unknown fields.

        A value that is no object reads as an empty one (its type is reported once).
        """
        if not isinstance(value, dict):
            self.report(path, EXPECTED_OBJECT, got=describe(value))
            return {}
        for key in value:
            if key not in required and key not in optional:
                self.report(child(path, str(key)), UNKNOWN_FIELD, field=str(key))
        for key in required:
            if key not in value:
                self.report(child(path, key), MISSING_FIELD, field=key)
        return value

    def integer(
        self, fields: Mapping[str, object], key: str, path: str, default: int = 0
    ) -> int:
        value = fields.get(key, _ABSENT)
        # bool is an int subclass in Python, but `true` is no count in JSON.
        if type(value) is int:
            return value
        if value is not _ABSENT:
            self.report(child(path, key), EXPECTED_INTEGER, got=describe(value))
        return default

    def optional_integer(
        self, fields: Mapping[str, object], key: str, path: str
    ) -> int | None:
        value = fields.get(key)
        if value is None:
            return None
        return self.integer(fields, key, path)

    def boolean(
        self, fields: Mapping[str, object], key: str, path: str, default: bool = False
    ) -> bool:
        value = fields.get(key, _ABSENT)
        if isinstance(value, bool):
            return value
        if value is not _ABSENT:
            self.report(child(path, key), EXPECTED_BOOLEAN, got=describe(value))
        return default

    def text(
        self, fields: Mapping[str, object], key: str, path: str, default: str = ""
    ) -> str:
        value = fields.get(key, _ABSENT)
        if isinstance(value, str):
            return value
        if value is not _ABSENT:
            self.report(child(path, key), EXPECTED_TEXT, got=describe(value))
        return default

    def optional_text(
        self, fields: Mapping[str, object], key: str, path: str
    ) -> str | None:
        value = fields.get(key)
        if value is None:
            return None
        return self.text(fields, key, path)

    def items(self, fields: Mapping[str, object], key: str, path: str) -> list[object]:
        """Return the list under ``key`` (empty when absent or not a list)."""
        value = fields.get(key, _ABSENT)
        if isinstance(value, list):
            return value
        if value is not _ABSENT:
            self.report(child(path, key), EXPECTED_LIST, got=describe(value))
        return []

    def choice(
        self,
        fields: Mapping[str, object],
        key: str,
        path: str,
        choices: type[E],
        default: E,
    ) -> E:
        value = fields.get(key, _ABSENT)
        if value is _ABSENT:
            return default
        return self.choice_value(value, child(path, key), choices, default)

    def choice_value(self, value: object, path: str, choices: type[E], default: E) -> E:
        """Return ``value`` as a member of ``choices``, reporting text outside them."""
        if not isinstance(value, str):
            self.report(path, EXPECTED_TEXT, got=describe(value))
            return default
        try:
            return choices(value)
        except ValueError:
            self.report(
                path,
                UNKNOWN_CHOICE,
                given=value,
                choices=", ".join(member.value for member in choices),
            )
            return default

    def counts(
        self,
        fields: Mapping[str, object],
        key: str,
        path: str,
        keys: Iterable[E],
        *,
        all_required: bool,
        hints: Mapping[str, str] | None = None,
    ) -> dict[E, int]:
        """Return an object of whole numbers keyed by the members of ``keys``.

        Other keys are reported as unknown values (with the template in
        ``hints`` for that key, if any); absent keys count 0 unless
        ``all_required``.
        """
        value = fields.get(key, _ABSENT)
        if value is _ABSENT:
            return {}
        here = child(path, key)
        if not isinstance(value, dict):
            self.report(here, EXPECTED_OBJECT, got=describe(value))
            return {}
        members = {member.value: member for member in keys}
        counted: dict[E, int] = {}
        for name, count in value.items():
            member = members.get(name) if isinstance(name, str) else None
            if member is None:
                hint = hints.get(name) if hints else None
                self.report(
                    child(here, str(name)),
                    hint or UNKNOWN_CHOICE,
                    given=str(name),
                    choices=", ".join(members),
                )
                continue
            if type(count) is int:
                counted[member] = count
            else:
                self.report(
                    child(here, member.value), EXPECTED_INTEGER, got=describe(count)
                )
        if all_required:
            for member in members.values():
                if member.value not in value:
                    self.report(
                        child(here, member.value), MISSING_FIELD, field=member.value
                    )
        return counted
