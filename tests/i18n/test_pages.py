"""Every page renders in every language (issue #16, parts 1 and 5).

A member of a club with a finished Concordia and Magnanimous game and an
assistant game opens every page of the authorization matrix with each of the
five languages active: 200, ``<html lang>`` says the language, and no
placeholder or template syntax is left over. The "why" lines and the API's
errors come out in the reader's language, counts with their plural forms.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.concordia.explain import category_why
from games.magnanimous.services import magnanimous_sheet_record
from games.models import TableSession
from scoring import score_sheet
from scoring.magnanimous import MagnanimousBoard, MagnanimousEnding, MagnanimousSheet
from scoring.types import Category
from tests.conftest import example_sheet
from tests.i18n.catalogues import po_path, read_catalogue
from tests.security.conftest import ClubData, dora, lisboa, people  # noqa: F401
from tests.security.test_access import (
    ADMIN,
    CASES,
    GUEST,
    MEMBER,
    PUBLIC,
    SIGNED_IN,
    _url,
)

LANGUAGES = [code for code, _name in settings.LANGUAGES]
LEFTOVERS = re.compile(r"%\(\w+\)|\{\{|\{%|msgid")

# The pages a person reads: every GET the matrix says answers 200, but the
# API's (JSON; its errors are checked below) and the password-reset link's.
PAGES = [
    (name, rule)
    for name, method, rule in CASES
    if method == "get"
    and rule.status == 200
    and not name.startswith("api:")
    and name != "password_reset_confirm"
]


@pytest.fixture
def club_data(lisboa: ClubData) -> ClubData:  # noqa: F811
    """Lisboa, with its Magnanimous game finished (the Republic was proclaimed)."""
    session = TableSession.objects.get(pk=lisboa.magnanimous_id)
    magnanimous_sheet_record(
        session=session,
        sheet=MagnanimousSheet(
            ending=MagnanimousEnding.REPUBLIC,
            players=(
                MagnanimousBoard(
                    name="Ana",
                    nobility=5,
                    commerce_spaces=2,
                    commerce_tokens=2,
                    troops=1,
                    reis=7,
                    governor=True,
                ),
                MagnanimousBoard(
                    name="Bruno",
                    nobility=3,
                    commerce_spaces=1,
                    commerce_tokens=1,
                    troops=2,
                    reis=1,
                ),
            ),
        ),
    )
    return lisboa


def _client(language: str, user: object | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)  # type: ignore[arg-type]
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_renders_in_every_language(language, club_data, people):  # noqa: F811
    admin = people["admin"]
    urls = [
        (
            _url(name, rule, club_data, people),
            rule.access in (PUBLIC, GUEST),
        )
        for name, rule in PAGES
        if rule.access in (PUBLIC, GUEST, SIGNED_IN, MEMBER, ADMIN)
    ]
    magnanimous = reverse(
        "games:session-detail",
        kwargs={
            "club_slug": club_data.club.slug,
            "session_id": club_data.magnanimous_id,
        },
    )
    urls += [(magnanimous, False), (magnanimous + "sheet/", False)]
    signed_in = _client(language, admin)
    anonymous = _client(language, None)
    problems: list[tuple[str, object]] = []
    for url, as_guest in urls:
        response = (anonymous if as_guest else signed_in).get(url)
        if response.status_code != 200:
            problems.append((url, response.status_code))
            continue
        if not response["Content-Type"].startswith("text/html"):
            continue
        html = response.content.decode()
        if f'<html lang="{language}">' not in html:
            problems.append((url, "html lang"))
        leftovers = LEFTOVERS.findall(html)
        if leftovers:
            problems.append((url, leftovers[:3]))
    assert problems == []
    assert len(urls) > 30


def _forms(locale: str, msgid: str) -> tuple[str, ...]:
    """The translated forms of a plural message in the committed catalogue."""
    for message in read_catalogue(po_path(locale)):
        if isinstance(message.id, tuple) and message.id[0] == msgid:
            return tuple(message.string or ())
    return ()


def _vesta_line(sestertii: int) -> str:
    sheet = example_sheet("concordia-rulebook")
    first = dataclasses.replace(sheet.players[0], sestertii=sestertii)
    sheet = dataclasses.replace(sheet, players=(first, *sheet.players[1:]))
    score = score_sheet(sheet).players[0]
    line = next(line for line in score.lines if line.category is Category("vesta"))
    return category_why(line, score)


def test_the_vesta_line_says_1_2_and_5_sestertii_in_the_three_ukrainian_forms():
    # Ukrainian: 1 сестерцій, 2 сестерції, 5 сестерціїв (forms 0, 1 and 2).
    forms = _forms("uk", "%(n)d sestertius")
    assert len(forms) >= 3, "the uk catalogue has no %(n)d sestertius / sestertii"
    assert all(forms[:3]), f"the uk catalogue leaves a form empty: {forms}"
    assert len(set(forms[:3])) == 3, f"the three uk forms are not distinct: {forms}"
    with translation.override("uk"):
        for count, form in ((1, 0), (2, 1), (5, 2)):
            assert forms[form] % {"n": count} in _vesta_line(count)


def test_the_vesta_line_reads_right_in_english():
    assert "1 sestertius +" in _vesta_line(1)
    assert "5 sestertii +" in _vesta_line(5)


def test_the_api_answers_errors_in_the_language_asked_for(db):
    with translation.override("fr"):
        expected = translation.gettext("The score sheet is not valid JSON: %(error)s")
    response = Client().post(
        reverse("api:score-sheet"),
        data="{not json",
        content_type="application/json",
        headers={"Accept-Language": "fr"},
    )
    assert response.status_code == 400
    assert response.headers["Content-Language"] == "fr"
    message = response.json()["errors"][0]["message"]
    # The message is the French template, not the English one.
    assert expected != "The score sheet is not valid JSON: %(error)s"
    assert message.startswith(expected.split("%(")[0])


def test_chart_labels_take_the_readers_decimal_separator_and_dates_stay_whole():
    from stats.templatetags.stats_extras import local_decimal

    with translation.override("pt-br"):
        assert local_decimal("12.5") == "12,5"
        assert local_decimal("−3.5") == "−3,5"
        assert local_decimal("12") == "12"
    with translation.override("uk"):
        assert local_decimal("лист. 2026") == "лист. 2026"
    with translation.override("en"):
        assert local_decimal("12.5") == "12.5"


def test_brazilian_portuguese_says_zero_in_the_plural():
    # "0 sestércios", "0 pontos": the catalogue's own rule (n != 1), not the
    # French-style n > 1 that Django's pt_BR catalogue declares.
    with translation.override("pt-br"):
        for count, words in (
            (0, "0 sestércios"),
            (1, "1 sestércio"),
            (2, "2 sestércios"),
        ):
            assert (
                translation.ngettext("%(n)d sestertius", "%(n)d sestertii", count)
                % {"n": count}
                == words
            )


def test_the_password_reset_mail_is_in_the_language_of_the_page_it_was_asked_on(db):
    from django.contrib.auth.models import User
    from django.core import mail

    User.objects.create_user("olena", email="olena@example.org", password="x" * 12)
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "uk"
    response = client.post(reverse("password_reset"), {"email": "olena@example.org"})
    assert response.status_code == 302
    (message,) = mail.outbox
    with translation.override("uk"):
        assert message.subject == translation.gettext("Reset your Tabularium password")
        assert (
            translation.gettext(
                "If you did not ask for it, ignore this message: your password stays as it is."
            )
            in message.body
        )
    assert message.subject != "Reset your Tabularium password"
