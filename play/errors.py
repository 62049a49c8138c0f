"""The error of a game log that cannot be replayed, and the contract's errors document.

Each `Problem` (shared with `scoring`) carries the JSON path of the offending
field (``events[12].card``), an English template marked for translation and
its parameters; ``message`` is the rendered English text.
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.i18n import Plural
from scoring.shape import ErrorsDocument
from scoring.shape import errors_document as _errors_document
from scoring.types import Problem


class LogInvalid(Exception):
    """A game log that is malformed, or whose replay stopped at an illegal event."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(
            "; ".join(
                f"{problem.path or '(document)'}: {problem.message}"
                for problem in self.problems
            )
        )


def errors_document(exc: LogInvalid) -> ErrorsDocument:
    """Return ``{"errors": [{"path": …, "message": …}]}`` for a refused log."""
    return _errors_document(exc.problems)


def invalid(path: str, template: str, **params: str | int) -> LogInvalid:
    """Return the error for one broken rule at ``path``."""
    return LogInvalid([Problem(path=path, template=template, params=params)])


def invalid_count(
    path: str, message: Plural, count: str, **params: str | int
) -> LogInvalid:
    """Return the error for one broken rule whose message counts ``params[count]``
    of something (a singular/plural pair, see `scoring.i18n.ngettext`)."""
    return LogInvalid(
        [
            Problem(
                path=path,
                template=message.singular,
                plural=message.plural,
                count=count,
                params=params,
            )
        ]
    )
