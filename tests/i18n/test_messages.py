"""Problems of the pure packages with a count: English reads right for 1 and
many, and the pages pick the plural form with Django's ngettext."""

from __future__ import annotations

from django.utils import translation

from games.vocabulary import problem_message
from play.concordia import messages as m
from scoring.board import LETTER_OVER_POOL
from scoring.i18n import Plural
from scoring.types import God, Good, Problem
from scoring.validation import CARDS_OVER_DECKS, HOUSES_OVER_CITIES


def _counted(message: Plural, count: str, **params: str | int) -> Problem:
    return Problem(
        path="x",
        template=message.singular,
        plural=message.plural,
        count=count,
        params=params,
    )


def test_a_count_of_one_takes_the_singular_and_others_the_plural():
    one = _counted(m.SHORT_OF_MONEY, "needed", player="Ana", needed=1, has=0)
    five = _counted(m.SHORT_OF_MONEY, "needed", player="Ana", needed=5, has=2)
    assert one.message == "Ana needs 1 sestertius and has 0"
    assert five.message == "Ana needs 5 sestertii and has 2"
    assert problem_message(one) == one.message
    assert problem_message(five) == five.message


def test_one_message_per_good_and_god_with_no_slot_for_the_name():
    city = _counted(
        HOUSES_OVER_CITIES[Good("cloth")], "cities", map="Imperium", cities=1, given=2
    )
    assert city.message == "Imperium has only 1 cloth city; 2 given"
    pool = _counted(
        LETTER_OVER_POOL[Good("brick")], "given", tokens=2, letter="A", given=3
    )
    assert (
        pool.message
        == "Only 2 of the A tokens show brick, but 3 A cities are set to brick"
    )
    for messages in (HOUSES_OVER_CITIES, LETTER_OVER_POOL):
        assert "%(good)s" not in "".join(
            p.singular + p.plural for p in messages.values()
        )
    assert all("%(god)s" not in text for text in CARDS_OVER_DECKS.values())
    assert "Mars cards" in CARDS_OVER_DECKS[God("mars")]


def test_the_map_and_card_names_of_a_problem_come_from_the_label_tables():
    problem = Problem(
        path="",
        template="%(map)s: %(name)s",
        params={"map": "Italia", "name": "Consul"},
    )
    with translation.override("en"):
        assert problem_message(problem) == "Italia: Consul"
