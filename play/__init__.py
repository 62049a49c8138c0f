"""The rules of play: a game computed from its log. Pure Python, no Django.

A table session is an append-only game log: its setup, then every move. The
core every game shares is `play.core` (decoding, the header, undo and
abandon, the errors of `play.errors`); each game is a package beside it:
Concordia in `play.concordia` (``docs/game-log.md``), Magnanimous in
`play.magnanimous`.

The names below are Concordia's, importable from ``play`` as they always were:
`load_log` reads the JSON document, `replay` applies its events in order
(`LogInvalid` at the first that breaks a rule), `state_document` prints the
contract's state, `apply_event` adds one event cheaply, and the queries answer
what the table assistant asks. Decisions where the contract and the rules
digest are silent or disagree are listed in ``docs/game-log.md`` ("Decisions").
"""

from __future__ import annotations

from play.concordia.data import CARDS, Card, CardKind, game_cards, starting_hand_ids
from play.concordia.document import log_document, state_document
from play.concordia.log import load_log
from play.concordia.queries import (
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
    magister_repeats,
    mercator_income,
    prefect_options,
    tribune_bonus,
)
from play.concordia.replay import (
    apply_event,
    initial_state,
    replay,
    replay_document,
    step,
)
from play.concordia.sheet import FinalSheet
from play.concordia.types import (
    Action,
    ColonistKind,
    Event,
    GameLog,
    PlayerState,
    State,
    Status,
    Tracking,
)
from play.core import Abandon, Undo, decode
from play.errors import LogInvalid, errors_document

__all__ = [
    "CARDS",
    "Abandon",
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
    "Undo",
    "apply_event",
    "colonist_cash",
    "decode",
    "diplomat_options",
    "display_prices",
    "errors_document",
    "final_sheet",
    "game_cards",
    "house_cost",
    "initial_state",
    "legal_cards",
    "load_log",
    "log_document",
    "magister_repeats",
    "mercator_income",
    "prefect_options",
    "replay",
    "replay_document",
    "starting_hand_ids",
    "state_document",
    "step",
    "tribune_bonus",
]
