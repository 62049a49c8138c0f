"""Typed access to the bundled reference data, ``scoring/data/concordia.json``.

The file is read once, on first use. A malformed file is a packaging bug, not
user input, so the accessors raise ``TypeError`` instead of reporting problems.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib.resources import files


@cache
def reference() -> Mapping[str, object]:
    """Return the decoded reference document (read from the package once)."""
    text = files("scoring").joinpath("data/concordia.json").read_text(encoding="utf-8")
    document: object = json.loads(text)
    return as_mapping(document)


def at(mapping: Mapping[str, object], *keys: str) -> object:
    """Return the value found by following ``keys`` down nested objects."""
    value: object = mapping
    for key in keys:
        value = as_mapping(value)[key]
    return value


def as_mapping(value: object) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise TypeError(f"expected an object in concordia.json, got {value!r}")
    return value


def as_list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list in concordia.json, got {value!r}")
    return value


def as_int(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer in concordia.json, got {value!r}")
    return value


def as_str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string in concordia.json, got {value!r}")
    return value
