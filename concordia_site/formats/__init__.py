"""How each language writes dates, where Django's own locale data gets it wrong.

``settings.FORMAT_MODULE_PATH`` points here: ``uk/formats.py`` overrides only
the formats that differ from Django's.

The month names come from Django's catalogues, and ours take precedence
(``LOCALE_PATHS``). Django's pt_BR catalogue capitalises the months
("3 de Novembro de 2024"), which Brazilian Portuguese writes in lower case, and
its abbreviations mix styles in several languages ("Ene." beside "marzo",
"Лис." beside "Березень"). The messages below repeat Django's own msgids
(``django/utils/dates.py``) so that ``makemessages`` keeps them in our
catalogues, where each language writes them as its dictionaries do. Nothing
imports them: the date filters ask Django's ``MONTHS`` and ``MONTHS_AP``, and
gettext finds our translations first.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop, pgettext_lazy

# The "F" format character (DATE_FORMAT in pt-br, YEAR_MONTH_FORMAT).
MONTHS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)

# The "N" format character: the month abbreviated, as the statistics' monthly
# chart labels its columns ("nov. 2024").
MONTHS_ABBREVIATED = (
    pgettext_lazy("abbrev. month", "Jan."),
    pgettext_lazy("abbrev. month", "Feb."),
    pgettext_lazy("abbrev. month", "March"),
    pgettext_lazy("abbrev. month", "April"),
    pgettext_lazy("abbrev. month", "May"),
    pgettext_lazy("abbrev. month", "June"),
    pgettext_lazy("abbrev. month", "July"),
    pgettext_lazy("abbrev. month", "Aug."),
    pgettext_lazy("abbrev. month", "Sept."),
    pgettext_lazy("abbrev. month", "Oct."),
    pgettext_lazy("abbrev. month", "Nov."),
    pgettext_lazy("abbrev. month", "Dec."),
)
