"""Ukrainian dates with the year written out: "3 листопада 2024 року".

Django's uk formats end a date with the abbreviation "р." ("03 листопада 2024
р."), so every sentence that ends with a date printed two full stops ("…не
ранішу за 01 січня 2013 р.."). "року" is as standard as "р." and ends in no
full stop, so no sentence can meet it; the day is not zero-padded in prose.
"""  # noqa: RUF002 (Ukrainian words whose letters look Latin)

from __future__ import annotations

DATE_FORMAT = "j E Y року"
DATETIME_FORMAT = "j E Y року о H:i"  # noqa: RUF001 (Ukrainian "at")
