"""The words a review of the catalogues found wrong (issue #25, item 7).

Each test names the fault it guards against and fails on the old wording: a
catalogue entry read from the ``.po`` file, or a page or message rendered in
the reader's language. The terms are those of ``docs/glossary.md``.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Message

from tests.i18n.catalogues import messages, po_path, read_catalogue

# The locales' folder names (tests.i18n.catalogues.LOCALES), by language.
PT, ES, FR, UK = "pt_BR", "es", "fr", "uk"


def _catalogue(locale: str) -> dict[tuple[str | None, str], Message]:
    return {
        (m.context, m.id if isinstance(m.id, str) else m.id[0]): m
        for m in messages(read_catalogue(po_path(locale)))
    }


def _forms(locale: str, msgid: str, context: str | None = None) -> list[str]:
    """Every translation of ``msgid``: one string, or each plural form."""
    string = _catalogue(locale)[(context, msgid)].string
    return [string] if isinstance(string, str) else list(string)


def _translation(locale: str, msgid: str, context: str | None = None) -> str:
    (string,) = _forms(locale, msgid, context)
    return string


def _all_translations(locale: str) -> list[tuple[str, str]]:
    """(msgid, translation) for every form of every message of ``locale``."""
    pairs = []
    for message in messages(read_catalogue(po_path(locale))):
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string)
        )
        pairs += [(msgid, string) for string in strings]
    return pairs


# --- Single strings ---------------------------------------------------------


def test_fr_the_magnanimous_sheet_counts_your_own_occupied_provinces():
    # Each occupied province of *yours* costs 5 points: without "Vos" the row
    # reads as every province Paraguay holds.
    assert (
        _translation(FR, "Your provinces occupied by Paraguay")
        == "Vos provinces occupées par le Paraguay"
    )


def test_uk_the_setup_lays_out_the_game_not_the_table():
    # "Розкладіть стіл" would be "unfold the table" (the furniture).
    assert _translation(UK, "Lay out the table") == "Розкладіть гру"


def test_uk_the_statistics_ask_what_winners_score_points_with():
    assert (
        _translation(UK, "What winners score with") == "За що переможці отримують очки"
    )


def test_uk_undo_is_skasuvaty_everywhere():
    assert _translation(UK, "Undo") == "Скасувати"
    assert _translation(UK, "Undo this import") == "Скасувати цей імпорт"
    old = [
        msgid
        for msgid, string in _all_translations(UK)
        if re.search(r"[Вв]ідмін", string)
    ]
    assert old == []


def test_uk_the_payment_question_asks_with_which_good():
    # "Який товар платить" is "which good pays"; the player pays *with* a good.
    singular, *plural = _forms(
        UK,
        "Buying %(cards)s: the surcharge asks for %(goods)s good of your choice. "
        "Which good does %(name)s pay?",
    )
    assert singular.endswith("Яким товаром платить %(name)s?")
    assert all(form.endswith("Якими товарами платить %(name)s?") for form in plural)


_QUOTED = re.compile(r"[“«]\s*(.+?)\s*[”»]")


@pytest.mark.parametrize("locale", [PT, ES, FR, UK])
def test_the_price_tiles_and_the_payment_box_name_any_good_alike(locale):
    # The tile shows "brick, any good" (or "2 goods of any kind"); the payment
    # box then asks for each "any good": the words must be the same, or the
    # player cannot tell which tile item the box means.
    tile = _translation(locale, "any good")
    (box,) = _QUOTED.findall(_translation(locale, "Goods paid for each “any good”"))
    assert box == tile
    assert _forms(locale, "%(n)d good of any kind")[0] == f"%(n)d {tile}"
