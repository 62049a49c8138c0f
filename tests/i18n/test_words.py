# Ukrainian words whose letters all look Latin ("гру", "За", "р."):
# ruff: noqa: RUF001, RUF003
"""The words a review of the catalogues found wrong (issue #25, item 7).

Each test names the fault it guards against and fails on the old wording: a
catalogue entry read from the ``.po`` file, or a page or message rendered in
the reader's language. The terms are those of ``docs/glossary.md``.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Message
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format

from games.models import validate_played_on
from stats.charts import ColumnChart
from stats.templatetags.stats_extras import monthly_chart
from tests.assistant.conftest import example
from tests.i18n.catalogues import messages, po_path, read_catalogue

# The locales' folder names (tests.i18n.catalogues.LOCALES), by language.
PT, ES, FR, UK = "pt_BR", "es", "fr", "uk"
LANGUAGES = [code for code, _name in settings.LANGUAGES]


@functools.cache
def _messages(locale: str) -> tuple[Message, ...]:
    return tuple(messages(read_catalogue(po_path(locale))))


def _catalogue(locale: str) -> dict[tuple[str | None, str], Message]:
    return {
        (m.context, m.id if isinstance(m.id, str) else m.id[0]): m
        for m in _messages(locale)
    }


def _forms(locale: str, msgid: str, context: str | None = None) -> list[str]:
    """Every translation of ``msgid``: one string, or each plural form."""
    string = _catalogue(locale)[(context, msgid)].string
    return [string] if isinstance(string, str) else list(string or ())


def _translation(locale: str, msgid: str, context: str | None = None) -> str:
    (string,) = _forms(locale, msgid, context)
    return string


def _all_translations(locale: str) -> list[tuple[str, str]]:
    """(msgid, translation) for every form of every message of ``locale``."""
    pairs = []
    for message in _messages(locale):
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = (
            [message.string]
            if isinstance(message.string, str)
            else list(message.string or ())
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


# --- Dates ------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_date_ends_with_a_full_stop_that_a_sentence_would_double(language):
    # Django's uk formats end with "р." ("01 січня 2013 р."): every sentence
    # ending with a date printed "р..". Ours write the year out ("року").
    # (English's 12-hour clock ends "p.m.", but no English sentence ends on
    # a time of day.)
    moment = dt.datetime(2024, 11, 3, 20, 5)
    with translation.override(language):
        assert not date_format(moment.date(), "DATE_FORMAT").endswith(".")
        if language != "en":
            assert not date_format(moment, "DATETIME_FORMAT").endswith(".")


def test_uk_the_earliest_date_message_ends_with_one_full_stop():
    with translation.override("uk"):
        with pytest.raises(ValidationError) as error:
            validate_played_on(dt.date(2012, 12, 31))
        assert error.value.messages == [
            "Concordia вийшла 2013 року: введіть дату, не ранішу за 1 січня 2013 року."
        ]


def test_pt_months_are_written_in_lower_case():
    # Django's pt_BR catalogue capitalises them ("3 de Novembro de 2024");
    # our catalogue, which takes precedence, writes them as Brazil does.
    with translation.override("pt-br"):
        assert date_format(dt.date(2024, 11, 3), "DATE_FORMAT") == (
            "3 de novembro de 2024"
        )
        assert date_format(dt.datetime(2024, 5, 1, 20, 5), "DATETIME_FORMAT") == (
            "1 de maio de 2024 às 20:05"
        )


@pytest.mark.parametrize(
    ("language", "labels"),
    [
        ("en", ["Nov. 2024", "May 2025"]),
        ("pt-br", ["nov. 2024", "maio 2025"]),
        ("es", ["nov. 2024", "may. 2025"]),
        ("fr", ["nov. 2024", "mai 2025"]),
        ("uk", ["листоп. 2024", "трав. 2025"]),
    ],
)
def test_the_monthly_chart_abbreviates_months_as_each_language_does(language, labels):
    # The chart said "Nov 2024" in every language (Django's "M" title-cases).
    months = [(dt.date(2024, 11, 1), 3), (dt.date(2025, 5, 1), 1)]
    with translation.override(language):
        chart = monthly_chart(months, "Games per month")["chart"]
    assert isinstance(chart, ColumnChart)
    assert [column.label for column in chart.columns] == labels


# --- Values inside translated messages ----------------------------------------


def _import_log(client: Client, document: dict[str, Any], language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse("assistant:game-import", kwargs={"club_slug": "lisboa"})
    upload = SimpleUploadedFile("log.json", json.dumps(document).encode())
    response = client.post(url, {"log": upload})
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pt-br", "com o acompanhamento completo"),
        ("es", "con seguimiento completo"),
        ("fr", "avec le suivi complet"),
        ("uk", "коли відстеження повне"),
    ],
)
def test_an_import_error_names_the_tracking_in_the_readers_language(
    client, alice, club, language, expected
):
    # The log's value "full" was put into the translated sentence as it was
    # ("avec le suivi full").
    client.force_login(alice)
    log = example("game-log-short.json")
    del log["events"][0]["build"]
    html = _import_log(client, log, language)
    assert expected in html
    assert "full" not in html


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pt-br", "Dois jogadores jogam com vermelho"),
        ("es", "Dos jugadores juegan con rojo"),
        ("fr", "Deux joueurs ont la couleur rouge"),
        ("uk", "Колір «червоний» у двох гравців"),
    ],
)
def test_an_import_error_names_the_colour_in_the_readers_language(
    client, alice, club, language, expected
):
    client.force_login(alice)
    log = example("game-log-short.json")
    log["players"][1]["colour"] = "red"
    assert expected in _import_log(client, log, language)


# --- French typography and the colon ------------------------------------------

# French puts a no-break space before a colon (U+00A0) and a narrow one before
# ; ! ? (U+202F), and a no-break space inside « ». A colon between two
# non-spaces ("II:Consul", "20:05", "https:") is not punctuation.
_FR_PUNCTUATION = re.compile(r"(?<=.)(\s?)(:(?=\s|$)|[;!?](?=[\s»)]|$))")
_FR_QUOTES = re.compile(r"«(.)|(.)»")


def test_fr_every_translation_spaces_its_punctuation_the_french_way():
    wrong = []
    for msgid, string in _all_translations(FR):
        for match in _FR_PUNCTUATION.finditer(string):
            space, mark = match.groups()
            if space != ("\u00a0" if mark == ":" else "\u202f"):
                wrong.append((msgid, string[max(0, match.start() - 12) : match.end()]))
        for match in _FR_QUOTES.finditer(string):
            if "\u00a0" not in match.group():
                wrong.append((msgid, match.group()))
    assert wrong == []


# Left for the assistant's own restructuring (issue #25; another branch owns
# templates/assistant/ now): its hard-coded ": " are listed in that step.
_NOT_YET: tuple[str, ...] = ()


def _text_outside_translations(template: str) -> str:
    """The template's own text: no translation, tag, variable, comment or markup."""
    text = re.sub(r"\{#.*?#\}", " ", template, flags=re.S)
    text = re.sub(r"\{% comment %\}.*?\{% endcomment %\}", " ", text, flags=re.S)
    text = re.sub(
        r"\{% blocktranslate.*?\{% endblocktranslate %\}", " ", text, flags=re.S
    )
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}", " ", text, flags=re.S)
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    return re.sub(r"<[^>]*>", " ", text, flags=re.S)


def test_no_template_writes_a_colon_that_french_cannot_space():
    # "{{ label }}: {{ value }}" in a template gives French "Rival: Ana"; the
    # translatable "%(label)s: %(value)s" lets it write "Rival : Ana".
    root = Path(settings.BASE_DIR) / "templates"
    found = []
    for path in sorted(root.rglob("*.html")):
        if path.relative_to(root).parts[0] in _NOT_YET:
            continue
        text = _text_outside_translations(path.read_text(encoding="utf-8"))
        found += [
            f"{path.relative_to(root)}: {text[max(0, m.start() - 20) : m.end()]!r}"
            for m in re.finditer(r"[:;!?](?=\s|$)", text)
        ]
    assert found == []


def test_fr_the_monthly_chart_spaces_the_colon_of_each_column():
    months = [(dt.date(2024, 11, 1), 3)]
    with translation.override("fr"):
        html = render_to_string(
            "stats/charts/columns.html", monthly_chart(months, "Parties par mois")
        )
    assert "<title>nov. 2024\u00a0: 3</title>" in html


# --- One term per concept (docs/glossary.md) --------------------------------

# (locale, the messages that name the concept, the glossary's word, the words
# the catalogue also used for it)
_DISPLAY_PLACES = (
    r"^(The display has no empty place|Only %\(places\)d places of the display"
    r"|The display has places waiting|One card for each empty place"
    r"|Place %\(position\)s|All 7 places are filled|Tap the card that lies at place"
    r"|Buy up to 2 cards of the display|Tap the card to buy \(each)"
)
_COMMERCE_SPACES = r"Commerce.*\bspaces?\b|\bspaces?\b.*Commerce"
CONCEPTS = [
    # A place of the display, with its surcharge: "en 6e position" (fr rules).
    (FR, _DISPLAY_PLACES, r"\bpositions?\b", r"\bplaces?\b|emplacement"),
    # A space of the storehouse: "12 emplacements de stockage" (fr rules).
    (FR, r"storehouse.*\bspaces?\b|free space", r"emplacement", r"\bplaces?\b"),
    # A space of Magnanimous' Commerce track: "espaços … na Trilha do Comércio"
    # (pt rules); a space of the Nobility or Republic track is a "casa".
    (PT, _COMMERCE_SPACES, r"espaços?\b", r"\bcasas?\b"),
    (ES, _COMMERCE_SPACES, r"espacios?\b", r"casillas?"),
    (UK, _COMMERCE_SPACES, r"місц|місто", r"поділк"),
    # Clockwise: the glossary's "sens des aiguilles d'une montre" ("sens
    # horlogique" is Belgian) and "sentido de las agujas del reloj".
    (FR, r"clockwise", r"sens des aiguilles d’une montre", r"sens horaire"),
    (ES, r"clockwise", r"sentido de las agujas del reloj", r"sentido horario"),
    # French has no settled gender for Rio de Janeiro ("tombé" or "tombée"):
    # the glossary's active sentence avoids it.
    (FR, r"Rio de Janeiro fell", r"ont pris Rio de Janeiro", r"tomb"),
    # The map is the "plateau" (fr rules: "Plateau de jeu"); "carte" is a card.
    (FR, r"(?<!%\()\bmaps?\b(?!\))", r"\bplateaux?\b", r"\bcartes?\b"),
    # A seat at the table: "lugar", as the rest of the pt catalogue says.
    (PT, r"(?<!%\()\bseats?\b(?!\))", r"\blugar(es)?\b", r"assento"),
]


@pytest.mark.parametrize(("locale", "source", "term", "other"), CONCEPTS)
def test_one_term_per_concept(locale, source, term, other):
    found = [
        (msgid, re.sub(r"%\(\w+\)[sd]", "", string))
        for msgid, string in _all_translations(locale)
        if re.search(source, msgid)
    ]
    assert len({msgid for msgid, _ in found}) >= 4, "update this table"
    assert [pair for pair in found if re.search(other, pair[1], re.I)] == []
    assert [pair for pair in found if not re.search(term, pair[1], re.I)] == []


def test_uk_a_goods_city_is_named_one_way():
    # The catalogue said "місто з цеглою", "місто без цегли" and "місто, що
    # виробляє цеглу" for the same thing; the glossary's form is the last.
    cities = [
        (msgid, string)
        for msgid, string in _all_translations(UK)
        if re.search(r"\b(brick|food|tool|wine|cloth) (city|cities)\b", msgid)
    ]
    assert len(cities) >= 16
    assert [c for c in cities if "виробля" not in c[1]] == []
    other = (
        r"місt\w* (з|без) |з цеглою|без цегли|з їжею|з інструментами|з вином|з тканиною"
    )
    assert [s for _, s in _all_translations(UK) if re.search(other, s)] == []


def test_pt_the_rating_is_translated():
    assert _translation(PT, "Rating") == "Nível"
    assert [s for _, s in _all_translations(PT) if re.search("rating", s, re.I)] == []


def test_pt_jupiter_takes_its_accent():
    # The Latin names stay (Saturnus, Mercurius), but "Jupiter" reads as a
    # misspelt Portuguese word: the rulebook glosses it "JVPITER (Júpiter)".
    assert _translation(PT, "Jupiter") == "Júpiter"
    assert [s for _, s in _all_translations(PT) if "Jupiter" in s] == []


# --- Ukrainian counts -----------------------------------------------------------


def test_uk_a_count_outside_ngettext_never_declines_its_noun():
    # "%(has)d жетонів" reads "2 жетонів" for 2 (it must be "2 жетони"); a
    # message without plural forms puts the number after the noun instead
    # ("жетонів війська: %(has)d").
    nouns = r"(жетон|депутат|голос|реал|товар|крок)\w*"
    singular = _singular_messages(UK)
    declined = [
        (msgid, string)
        for msgid, string in _all_translations(UK)
        if msgid in singular and re.search(r"%\(\w+\)d " + nouns, string)
    ]
    assert declined == []


def _singular_messages(locale: str) -> set[str]:
    return {message.id for message in _messages(locale) if isinstance(message.id, str)}


def test_uk_one_kind_of_goods_is_typ_tovaru():
    assert _forms(UK, "%(n)d kind of goods") == [
        "%(n)d тип товару",
        "%(n)d типи товарів",
        "%(n)d типів товарів",
    ]


# --- The project's glossary -------------------------------------------------------


def test_the_readme_points_to_the_projects_own_glossary():
    # A clone has no ../shared: the terms must be in the repository.
    base = Path(settings.BASE_DIR)
    readme = (base / "README.md").read_text(encoding="utf-8")
    assert "docs/glossary.md" in readme
    assert "../shared" not in readme
    glossary = (base / "docs" / "glossary.md").read_text(encoding="utf-8")
    expansion_maps = [
        "Britannia",
        "Germania",
        "Byzantium",
        "Hispania",
        "Gallia",
        "Corsica",
        "Aegyptus",
        "Creta",
        "Ionium",
        "Hellas",
        "Cyprus",
        "Balearica",
    ]
    assert all(f"| {name} |" in glossary for name in expansion_maps)
    for term in ("Magister", "Praetor", "Proconsul", "Legatus", "Praefectus Piscatus"):
        assert term in glossary


# --- The assistant's words left from the review (issue #25, item 4 of table) --


def test_a_cards_deck_numeral_never_wraps_onto_its_own_line():
    from assistant.concordia.labels import card_label

    # "Fazendeiro / I" at 360 px: the numeral is held to the name.
    with translation.override("pt-br"):
        assert card_label("I:Farmer") == "Fazendeiro\u00a0I"
    with translation.override("uk"):
        assert card_label("II:Consul").endswith("\u00a0II")
    assert card_label("Prefect") == "Prefect"


def test_the_mercators_full_storehouse_names_no_drop_field():
    # The Mercator's screen has no "drop": a purchase that does not fit buys fewer.
    for language in LANGUAGES:
        with translation.override(language):
            text = translation.gettext(
                "%(player)s's storehouse has %(spaces)d spaces: %(needed)d would be"
                " needed; buy fewer goods"
            )
        assert "drop" not in text
        assert "“" not in text, (language, text)


class _Helper:
    full = False
    colonist_cash = None
    colonists_in_storehouse = 0


@pytest.mark.parametrize(
    ("language", "differs"),
    [("en", False), ("pt-br", False), ("es", False), ("fr", True), ("uk", True)],
)
def test_the_colonist_helper_says_the_right_rule_and_where_the_rulebook_differs(
    language, differs
):
    with translation.override(language):
        html = render_to_string(
            "assistant/concordia/helpers/colonist.html", {"helper": _Helper()}
        )
        rule = translation.gettext(
            "The cash option: 5 sestertii + 1 per colonist of yours on the board."
        )
    assert rule in html
    assert "5" in rule
    assert ('id="rulebook-differs"' in html) is differs
    if differs:
        assert "2" in html.split('id="rulebook-differs"')[1]


def test_the_architects_rules_count_the_brick_of_a_house():
    from assistant.concordia.labels import CARD_RULES

    assert "1 brick and 1 of its city's good (in a brick city: 1 food)" in str(
        CARD_RULES["Architect"]
    )
