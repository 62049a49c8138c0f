"""The one reader of documents sent to us (`games.documents.document_load`)."""

from __future__ import annotations

import json

import pytest

from games.documents import (
    LONE_SURROGATE,
    MAX_DEPTH,
    NOT_JSON,
    NOT_UTF8,
    NUL_CHARACTER,
    TOO_DEEP,
    TOO_LARGE,
    ImportRejected,
    document_load,
)


def _problems(raw: bytes | str) -> list[tuple[str, str]]:
    with pytest.raises(ImportRejected) as rejected:
        document_load(raw)
    return [(p.path, p.template) for p in rejected.value.problems]


def test_a_document_is_read_with_or_without_a_byte_order_mark():
    assert document_load(b'\xef\xbb\xbf{"a": [1, "b"]}') == {"a": [1, "b"]}
    assert document_load('{"a": 1}') == {"a": 1}


def test_nul_characters_are_refused_at_their_path_in_keys_and_values():
    raw = json.dumps({"players": [{"name": "Ana\u0000"}], "Ro\u0000ma": 1})
    assert _problems(raw) == [
        ("players[0].name", NUL_CHARACTER),
        ("Ro\x00ma", NUL_CHARACTER),
    ]


def test_a_lone_surrogate_is_refused_at_its_path():
    assert _problems('{"game": "\\udc80"}') == [("game", LONE_SURROGATE)]


def test_nesting_deeper_than_the_limit_is_refused_before_any_reader_walks_it():
    assert _problems("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)) == [
        ("[0]" * MAX_DEPTH, TOO_DEEP)
    ]
    assert document_load("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_nesting_beyond_the_parsers_recursion_is_refused_not_raised():
    assert _problems("[" * 100_000 + "]" * 100_000) == [("", TOO_DEEP)]


def test_not_utf8_not_json_and_too_large_are_refused():
    assert _problems(b"\xff\xfe") == [("", NOT_UTF8)]
    assert _problems("{") == [("", NOT_JSON)]
    assert _problems(b" " * (20 * 1024 * 1024 + 1)) == [("", TOO_LARGE)]
