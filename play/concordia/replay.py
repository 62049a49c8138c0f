"""Replaying a game log: the state after every event, one event at a time.

`replay` applies the events in order and stops at the first that breaks a rule
(`LogInvalid` with that event's path). States are immutable and each keeps the
state before its latest undoable event, so `undo` costs nothing and
`apply_event` adds one event without replaying the log.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final

from play.concordia import messages as m
from play.concordia.board import Board
from play.concordia.cards import EFFECTS
from play.concordia.data import (
    STARTING_MONEY,
    STARTING_STORED_COLONISTS,
    pile_at_setup,
    starting_hand_ids,
)
from play.concordia.log import load_event, load_log
from play.concordia.types import (
    Abandon,
    Adjust,
    Event,
    ForumState,
    GameLog,
    IntermediateScore,
    Play,
    PlayerState,
    Reveal,
    State,
    Status,
    Undo,
)
from play.core import history_step
from play.errors import invalid
from scoring.catalog import MAX_COLONISTS, MIN_COLONISTS_ON_BOARD
from scoring.shape import child


def initial_state(log: GameLog) -> State:
    """Return the state at setup (``docs/game-log.md``, What the log implies)."""
    count = len(log.players)
    players = tuple(
        PlayerState(
            name=seat.name,
            colour=seat.colour,
            hand=starting_hand_ids(log.rules),
            discard=(),
            sestertii=STARTING_MONEY[index],
            # §2 setup, with the modules' changes (salt: 1 salt for the second food).
            storehouse=log.rules.starting_goods,
            colonists_board=MIN_COLONISTS_ON_BOARD,
            colonists_storehouse=STARTING_STORED_COLONISTS,
            houses=(),
        )
        for index, seat in enumerate(log.players)
    )
    state = State(
        log=log,
        status=Status.PLAYING,
        turn_number=1,
        seat=0,
        # §2 setup: the Praefectus Magnus starts with the last player.
        pm_seat=count - 1,
        concordia_seat=None,
        display=log.display,
        pile=pile_at_setup(count, log.display, log.rules),
        coin_side=frozenset(),
        players=players,
        intermediate=(
            IntermediateScore(totals=(None,) * count)
            if log.intermediate_scoring
            else None
        ),
        forum=(
            None
            if log.forum is None
            else ForumState(
                tableau=log.forum.tableau,
                held=tuple((card,) for card in log.forum.patricians),
            )
        ),
    )
    for setup_step in SETUP_STEPS:
        state = setup_step(state)
    return state


#: What a module changes at setup, after the base game's (the forum: the
#: patricians kept, `play.concordia.forum`).
SETUP_STEPS: Final[list[Callable[[State], State]]] = []


def replay(log: GameLog) -> State:
    """Apply every event of ``log``; raise `LogInvalid` at the first illegal one."""
    state = initial_state(log)
    for event in log.events:
        state = step(state, event)
    return state


def replay_document(document: object) -> State:
    """Parse a decoded game-log document and replay it."""
    return replay(load_log(document))


def apply_event(
    log: GameLog, state: State, event_document: object
) -> tuple[GameLog, State]:
    """Check one new event against ``state`` (the replay of ``log``) and apply it.

    Returns the longer log and the new state; raises `LogInvalid` (path
    ``events[<n>]…``) when the event is malformed or breaks a rule. Costs one
    event, not a replay.
    """
    event, document = load_event(log, event_document)
    new_state = step(state, event)
    new_log = dataclasses.replace(
        log, events=(*log.events, event), documents=(*log.documents, document)
    )
    return new_log, dataclasses.replace(new_state, log=new_log)


def step(state: State, event: Event) -> State:
    """Return the state after ``event``; raise `LogInvalid` if it breaks a rule."""
    path = f"events[{event.index}]"
    if isinstance(event, Undo | Abandon):
        # The core's events (`play.core`): undo returns to the state before
        # the latest undoable event; abandoning stops the game.
        return history_step(
            state,
            event,
            path,
            abandoned=state.status is Status.ABANDONED,
            finished=state.status is Status.FINISHED,
            abandon_changes={"status": Status.ABANDONED, "seat": None},
            game_over=m.GAME_OVER,
        )
    if state.status is Status.ABANDONED:
        raise invalid(path, m.GAME_ABANDONED)
    if state.status is Status.FINISHED:
        raise invalid(path, m.GAME_OVER)
    return EVENT_STEPS[type(event)](state, event, path)


def _reveal(state: State, event: Reveal, path: str) -> State:
    board = Board(state)
    board.reveal(event.cards, child(path, "cards"))
    return _after_turn(board, state, ended_turn=False)


def _play(state: State, event: Play, path: str) -> State:
    seat = event.seat
    if seat != state.seat:
        raise invalid(
            child(path, "player"),
            m.NOT_YOUR_TURN,
            current=state.current_player or "",
            given=state.players[seat].name,
        )
    board = Board(state)
    purse = board.purse(seat)
    card = event.card
    if card.id not in purse.hand:
        raise invalid(
            child(path, "card"), m.NOT_IN_HAND, player=purse.name, card=card.id
        )
    purse.hand.remove(card.id)
    purse.discard.append(card.id)
    EFFECTS[event.played_role](board, seat, event.action, path, card)
    return _after_turn(board, state, ended_turn=True)


def _after_turn(board: Board, state: State, *, ended_turn: bool) -> State:
    if not ended_turn:
        return board.freeze(seat=state.seat, turn_number=state.turn_number)
    assert state.seat is not None
    count = len(state.players)
    next_seat = (state.seat + 1) % count
    status = state.status
    if board.concordia_seat is not None:
        # §2: after the Concordia card, every other player plays exactly one more turn.
        status = Status.LAST_TURNS
        if next_seat == board.concordia_seat:
            return board.freeze(
                status=Status.FINISHED, seat=None, turn_number=state.turn_number + 1
            )
    return board.freeze(
        status=status, seat=next_seat, turn_number=state.turn_number + 1
    )


def _adjust(state: State, event: Adjust, path: str) -> State:
    board = Board(state)
    purse = board.purse(event.seat)
    if event.sestertii is not None:
        purse.sestertii = event.sestertii
    for good, count in event.storehouse.items():
        purse.goods[good] = count
    if event.colonists_board is not None:
        purse.colonists_board = event.colonists_board
    if event.colonists_storehouse is not None:
        purse.colonists_storehouse = event.colonists_storehouse
    here = child(path, "colonists")
    if purse.colonists_board < MIN_COLONISTS_ON_BOARD:
        raise invalid(
            child(here, "board"), m.ADJUST_COLONISTS_BOARD, given=purse.colonists_board
        )
    if purse.colonists_board + purse.colonists_storehouse > MAX_COLONISTS:
        raise invalid(
            here,
            m.ADJUST_COLONISTS,
            maximum=MAX_COLONISTS,
            board=purse.colonists_board,
            stored=purse.colonists_storehouse,
        )
    if purse.free_spaces < 0:
        raise invalid(
            path,
            m.ADJUST_STOREHOUSE,
            goods=purse.spaces - purse.free_spaces - purse.colonists_storehouse,
            colonists=purse.colonists_storehouse,
            spaces=purse.spaces,
        )
    return board.freeze(
        seat=state.seat,
        turn_number=state.turn_number,
        adjusted=state.adjusted | {event.seat},
    )


#: What each kind of event does to the state, by its class (the core's `Undo`
#: and `Abandon` are handled first, in `step`). An expansion's module adds its
#: events here, and their readers to `log.EVENT_READERS`.
EVENT_STEPS: Final[dict[type, Callable[[State, Any, str], State]]] = {
    Play: _play,
    Reveal: _reveal,
    Adjust: _adjust,
}
