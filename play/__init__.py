"""The rules of play of Concordia: a game computed from its log. Pure Python, no Django.

A table session is an append-only game log (``docs/game-log.md``): the setup,
then every card played and what it did. `load_log` reads the JSON document,
`replay` applies its events in order (`LogInvalid` at the first that breaks a
rule), `state_document` prints the contract's state, `apply_event` adds one
event cheaply, and the queries answer what the table assistant asks.

Decisions where the contract and the rules digest are silent or disagree are
listed in ``docs/game-log.md`` ("Decisions").
"""

from __future__ import annotations

from play.data import CARDS, Card, CardKind
from play.document import log_document, state_document
from play.errors import LogInvalid, errors_document
from play.log import decode, load_log
from play.queries import (
    CardOption,
    DiplomatOption,
    DisplayPrice,
    HouseCost,
    PrefectOptions,
    ProvinceOption,
    TribuneBonus,
    colonist_cash,
    diplomat_options,
    display_prices,
    final_sheet,
    house_cost,
    legal_cards,
    mercator_income,
    prefect_options,
    tribune_bonus,
)
from play.replay import apply_event, initial_state, replay, replay_document, step
from play.sheet import FinalSheet
from play.types import (
    Action,
    ColonistKind,
    Event,
    GameLog,
    PlayerState,
    State,
    Status,
    Tracking,
)

__all__ = [
    "CARDS",
    "Action",
    "Card",
    "CardKind",
    "CardOption",
    "ColonistKind",
    "DiplomatOption",
    "DisplayPrice",
    "Event",
    "FinalSheet",
    "GameLog",
    "HouseCost",
    "LogInvalid",
    "PlayerState",
    "PrefectOptions",
    "ProvinceOption",
    "State",
    "Status",
    "Tracking",
    "TribuneBonus",
    "apply_event",
    "colonist_cash",
    "decode",
    "diplomat_options",
    "display_prices",
    "errors_document",
    "final_sheet",
    "house_cost",
    "initial_state",
    "legal_cards",
    "load_log",
    "log_document",
    "mercator_income",
    "prefect_options",
    "replay",
    "replay_document",
    "state_document",
    "step",
    "tribune_bonus",
]
