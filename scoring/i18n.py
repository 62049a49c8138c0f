"""Translation markers that keep `scoring` free of Django.

Django's ``makemessages`` extracts every string wrapped in ``gettext_noop(...)``;
the web app translates the stored English template at display time with
``gettext(problem.template) % problem.params``.
"""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation and return it unchanged."""
    return message
