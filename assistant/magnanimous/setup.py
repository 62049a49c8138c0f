"""What the app sets up for a Magnanimous table: the tracking and the table's rulings.

The setup of a game is the game-log header without its format, game and
players (``docs/magnanimous-log.md``): ``tracking``, ``board`` (always null:
no board-data file exists, A-1) and ``rulings``, the table's reading of each
rule the rulebook leaves open, asked once in the wizard with the digest's
defaults (play §17).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from assistant.interface import Seat
from assistant.magnanimous.adapter import Tracking

TRACKINGS: Final = (Tracking.LIGHT.value, Tracking.FULL.value)
# The improvement tiles, in the contract's order; a full game's display until
# the table enters the four it drew (the setup page).
TILES: Final = ("railway", "machinery", "warehouse", "fortification")
GOODS: Final = ("cotton", "sugar", "leather", "coffee")
PARTIES: Final = ("conservative", "liberal")


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruling:
    """One ruling of the log's ``rulings``: the players' question and its answers,
    the default (the digest's reading) first; ``values`` as the log writes them."""

    key: str
    ambiguity: str
    question: StrPromise
    answers: tuple[tuple[object, StrPromise], ...]

    @property
    def default(self) -> object:
        return self.answers[0][0]

    def token(self, value: object) -> str:
        """The form's value of ``value`` (a JSON value, as text)."""
        return str(value).lower() if isinstance(value, bool) else str(value)

    def read(self, token: str) -> object | None:
        for value, _label in self.answers:
            if self.token(value) == token:
                return value
        return None


RULINGS: Final = (
    Ruling(
        key="referendum_tie",
        ambiguity="A9",
        question=_("A referendum ties, as many votes for as against:"),
        answers=(
            ("approved", _("it is approved (a tie is no majority against)")),
            ("rejected", _("it is rejected (approval needs more votes for)")),
        ),
    ),
    Ruling(
        key="republic_first",
        ambiguity="A1",
        question=_(
            "The Republic reaches 20 in the round a noble reaches 20 of Nobility:"
        ),
        answers=(
            (True, _("the Republic wins (checked first at the end of the round)")),
            (False, _("whoever got there first in the round wins")),
        ),
    ),
    Ruling(
        key="offensive_order",
        ambiguity="A25",
        question=_("Paraguay attacks one occupied province's neighbours:"),
        answers=(
            (
                "round_robin",
                _("one player's province, then the next player's, in turn"),
            ),
            ("grouped", _("all of one player's provinces, then the next player's")),
        ),
    ),
    Ruling(
        key="failed_attack",
        ambiguity="A29",
        question=_("A player's attack on an occupied province fails:"),
        answers=(
            ("keep", _("the troop tokens sent stay with the player")),
            ("lose", _("the troop tokens sent are lost")),
        ),
    ),
    Ruling(
        key="absent_ports_uncontrolled",
        ambiguity="A3",
        question=_("With fewer than 4 players, the missing colours' ports:"),
        answers=(
            (True, _("are uncontrolled provinces, like the rest of that colour")),
            (False, _("are not in play")),
        ),
    ),
    Ruling(
        key="troop_limit",
        ambiguity="A2",
        question=_("The most troop tokens on one province:"),
        answers=((4, _("4")), (5, _("5"))),
    ),
    Ruling(
        key="recruit_province",
        ambiguity="A14",
        question=_("A recruited troop token goes:"),
        answers=(
            ("die", _("on the province where the die was put")),
            ("any", _("on any of the player's provinces")),
        ),
    ),
    Ruling(
        key="sold_action_buyers",
        ambiguity="A20",
        question=_("A player sells a Production action:"),
        answers=(
            ("each", _("every other player may buy it")),
            ("first", _("only the first buyer gets it")),
        ),
    ),
    Ruling(
        key="precise_nobles_joiners_pay",
        ambiguity="A31",
        question=_("Players joining a Precise Nobles action:"),
        answers=(
            (False, _("join for free")),
            (True, _("pay the die's value to the bank")),
        ),
    ),
)
RULING_KEYS: Final = tuple(ruling.key for ruling in RULINGS)


def rulings_default() -> dict[str, object]:
    return {ruling.key: ruling.default for ruling in RULINGS}


def choices_default() -> dict[str, object]:
    """The usual setup: light tracking, the digest's reading of every open rule."""
    return {"tracking": Tracking.LIGHT.value, "rulings": rulings_default()}


def choices_read(raw: Mapping[str, object]) -> dict[str, object] | None:
    """The wizard's choices read back from a stored draft; None when anything is off."""
    if set(raw) != {"tracking", "rulings"} or raw["tracking"] not in TRACKINGS:
        return None
    rulings = raw["rulings"]
    if not isinstance(rulings, dict) or set(rulings) != set(RULING_KEYS):
        return None
    for ruling in RULINGS:
        value = rulings[ruling.key]
        if not any(
            type(value) is type(known) and value == known
            for known, _label in ruling.answers
        ):
            return None
    return {"tracking": raw["tracking"], "rulings": dict(rulings)}


def setup_new(
    *, choices: Mapping[str, object], seats: Sequence[Seat], rng: random.Random
) -> dict[str, object]:
    """A new game's setup: nothing is dealt by the app (the table draws its cards:
    ``rng`` is left unused).

    With full tracking the four improvement tiles drawn and each seat's Baron
    and starting resources are the table's to enter on the setup page before
    the first move (``seats``, in seating order, folded into the log's
    players); until then the tiles are the four kinds and the Barons empty.
    """
    del rng
    rulings = choices["rulings"]
    assert isinstance(rulings, Mapping)
    setup: dict[str, object] = {
        "tracking": str(choices["tracking"]),
        "board": None,
        "rulings": dict(rulings),
    }
    if choices["tracking"] == Tracking.FULL.value:
        setup["improvements"] = list(TILES)
        setup["seats"] = [{"baron": "", "start": {}} for _seat in seats]
    return setup


def start_of(
    *,
    colour: str,
    reis: int,
    goods: Mapping[str, int],
    troops: Mapping[str, int],
    imperial: int,
    ships: int,
    deputies: Mapping[str, int],
    improvements: Mapping[str, str],
) -> dict[str, object]:
    """A Baron's starting resources as the contract's ``start`` writes them."""
    start: dict[str, object] = {"reis": reis}
    start["goods"] = {f"{colour}:{g}": n for g, n in goods.items() if n}
    placed = {f"{colour}:{g}": n for g, n in troops.items() if n}
    if imperial:
        placed["imperial"] = imperial
    start["troops"] = placed
    start["improvements"] = {f"{colour}:{g}": t for g, t in improvements.items() if t}
    start["ships"] = ships
    start["deputies"] = {party: n for party, n in deputies.items() if n}
    return start


def rulings_read(setup: Mapping[str, object]) -> list[tuple[Ruling, StrPromise]]:
    """Each ruling of a game with the table's answer, for the setup and rules pages."""
    chosen = setup.get("rulings")
    given = chosen if isinstance(chosen, Mapping) else {}
    rows = []
    for ruling in RULINGS:
        value = given.get(ruling.key, ruling.default)
        label = next(
            (text for known, text in ruling.answers if known == value),
            ruling.answers[0][1],
        )
        rows.append((ruling, label))
    return rows
