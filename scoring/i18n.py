"""Translation markers that keep `scoring` free of Django.

Django's ``makemessages`` extracts every string wrapped in ``gettext_noop(...)``;
the web app translates the stored English template at display time with
``gettext(problem.template) % problem.params``.

A count with a noun needs the plural forms of each language (Ukrainian has
three: 1 сестерцій, 2 сестерції, 5 сестерціїв): such a message is a pair marked
with `ngettext` (a keyword xgettext knows, so makemessages extracts it as one
plural entry), stored in the problem's ``template`` and ``plural`` with the
name of the parameter that counts (``count``); the app passes the pair to
Django's ``ngettext``.
"""

from __future__ import annotations

from typing import NamedTuple


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation and return it unchanged."""
    return message


class Plural(NamedTuple):
    """An English singular and plural, marked for translation as one message."""

    singular: str
    plural: str


def ngettext(singular: str, plural: str) -> Plural:
    """Mark a singular/plural pair for translation and return it unchanged.

    Named like gettext's ``ngettext`` so that makemessages extracts the pair;
    unlike it, it chooses nothing: the app does, with the count.
    """
    return Plural(singular, plural)
