"""The JSON parser of every API body DRF reads (``DEFAULT_PARSER_CLASSES``).

DRF's own lets two kinds of body through to a 500: JSON nested deeper than
Python's recursion limit (``json`` raises RecursionError, which DRF does not
catch), and text no database can store or no answer can encode (a NUL, half
a surrogate pair), which reached django-axes' table and the error messages
that echo a value. Both are refused here with the errors document's 400, the
way `games.documents.document_load` refuses them in an import.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from games.documents import document_problems, problem_message


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing what no document of ours may hold, with its path."""

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("The file is nested too deeply to read")) from None
        problems = document_problems(data)
        if problems:
            raise ParseError(
                {p.path or "detail": [problem_message(p)] for p in problems}
            )
        return data
