"""The only module of the assistant that imports the rules-of-play engine `play`.

Like `games.adapters` for `scoring`: if a name of the engine changes, this is
the one place to adapt. ``rules`` is the engine as the shell reaches it
(`assistant.engine.Rules`: its `LogInvalid` becomes the shell's
`RulesRefused`, with the same path-addressed problems).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

import play
from assistant.engine import Rules
from play import (
    CardKind,
    DiplomatOption,
    DisplayPrice,
    FinalSheet,
    HouseCost,
    PlayerState,
    PrefectOptions,
    State,
    Status,
    Tracking,
    TribuneBonus,
)
from play.concordia.data import (
    DISPLAY_SIZE,
    SPECIALIST_KINDS,
    STARTING_GOODS,
    STARTING_MONEY,
)
from play.concordia.forum import FORUM_CARDS

__all__ = [
    "DISPLAY_SIZE",
    "FORMAT",
    "FORUM_CARDS",
    "GAME",
    "SPECIALIST_KINDS",
    "STARTING_GOODS",
    "STARTING_MONEY",
    "CardKind",
    "DiplomatOption",
    "DisplayPrice",
    "FinalSheet",
    "HouseCost",
    "PlayerState",
    "PrefectOptions",
    "State",
    "Status",
    "Tracking",
    "TribuneBonus",
]

FORMAT: Final = "game-log/1"
GAME: Final = "concordia"
# The header of a log, in the order the export writes it: the setup's keys
# before the players, then those after them.
_BEFORE_PLAYERS: Final = ("map", "expansions", "tracking", "intermediate_scoring")

rules: Final = Rules[State](play)


def log_document(
    *,
    players: Sequence[Mapping[str, object]],
    setup: Mapping[str, object],
    events: Sequence[Mapping[str, object]],
) -> dict[str, object]:
    """Return the game-log document (format game-log/1) of a setup with ``events``."""
    document: dict[str, object] = {"format": FORMAT, "game": GAME}
    document.update((key, setup[key]) for key in _BEFORE_PLAYERS if key in setup)
    document.update(
        (key, value)
        for key, value in setup.items()
        if key not in _BEFORE_PLAYERS and key not in {"cities", "display"}
    )
    # Each seat as the game's header writes it (a team, with Venus, too).
    document["players"] = [dict(player) for player in players]
    if setup.get("cities"):
        document["cities"] = dict(setup["cities"])  # type: ignore[call-overload]
    document["display"] = list(setup.get("display") or [])  # type: ignore[call-overload]
    document["events"] = [dict(event) for event in events]
    return document


# The engine's queries, as the presenters ask them.
legal_cards = play.legal_cards
magister_repeats = play.magister_repeats
game_cards = play.game_cards
starting_hand_ids = play.starting_hand_ids


def card(card_id: str) -> play.Card:
    """The card a log names (``II:Consul``, ``I:Prefect/Architect``, ``Magister``)."""
    return play.CARDS[card_id]


diplomat_options = play.diplomat_options
display_prices = play.display_prices
tribune_bonus = play.tribune_bonus
mercator_income = play.mercator_income
prefect_options = play.prefect_options
colonist_cash = play.colonist_cash
house_cost = play.house_cost
final_sheet: Callable[[State], FinalSheet] = play.final_sheet


def card_category(card: str) -> str:
    """The god a card counts for (``jupiter``), ``minerva`` for a specialist; "" if unknown."""
    found = play.CARDS.get(card)
    if found is None:
        return ""
    return found.god.value if found.god is not None else "minerva"


def card_kind(card: str) -> str:
    """The kind of a card (``II:Consul`` → ``Consul``); "" if unknown."""
    found = play.CARDS.get(card)
    return found.kind.value if found is not None else ""
