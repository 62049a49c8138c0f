"""Replaying a Magnanimous game log: the state after its events.

`replay` applies the events in order to one mutable `Table` and stops at the
first that breaks a rule (`LogInvalid` with that event's path). An ``undo``
withdraws the latest event not yet withdrawn: the replay knows from the log
which events will be withdrawn and keeps a snapshot before each of them only,
so undo costs nothing in a log without it. `apply_event` adds one event to a
known state without replaying the log (an undo replays it).
"""

from __future__ import annotations

import dataclasses

from play.errors import invalid
from play.magnanimous import messages as m
from play.magnanimous.log import load_event, load_log
from play.magnanimous.rules import step
from play.magnanimous.table import Table, thaw
from play.magnanimous.types import Event, GameLog, State, Undo


def initial_state(log: GameLog) -> State:
    """Return the state at setup (``docs/magnanimous-log.md``, What the log implies)."""
    return Table(log).freeze()


def withdrawn(events: tuple[Event, ...]) -> frozenset[int]:
    """Return the indexes of the events some later ``undo`` withdraws."""
    kept: list[int] = []
    gone: set[int] = set()
    for event in events:
        if isinstance(event, Undo):
            if kept:
                gone.add(kept.pop())
        else:
            kept.append(event.index)
    return frozenset(gone)


def replay_table(log: GameLog) -> Table:
    """Apply every event of ``log`` to a new `Table`; raise `LogInvalid` at the first illegal one."""
    table = Table(log)
    targets = withdrawn(log.events)
    kept: list[int] = []
    snapshots: dict[int, Table] = {}
    for event in log.events:
        if isinstance(event, Undo):
            # An undo after ``abandon`` withdraws it, like any other event.
            if not kept:
                raise invalid(f"events[{event.index}]", m.NOTHING_TO_UNDO)
            table = snapshots.pop(kept.pop())
            continue
        if event.index in targets:
            snapshots[event.index] = table.copy()
        step(table, event)
        kept.append(event.index)
    return table


def replay(log: GameLog) -> State:
    """Return the state after every event of ``log``; raise `LogInvalid` at the first illegal one."""
    return replay_table(log).freeze()


def replay_document(document: object) -> State:
    """Parse a decoded game-log document and replay it."""
    return replay(load_log(document))


def apply_event(
    log: GameLog, state: State, event_document: object
) -> tuple[GameLog, State]:
    """Check one new event against ``state`` (the replay of ``log``) and apply it.

    Returns the longer log and its state; raises `LogInvalid` (path
    ``events[<n>]…``) when the event is malformed or breaks a rule. Costs one
    event, not a replay, except an ``undo``, which replays the log without
    the withdrawn event.
    """
    event, document = load_event(log, event_document)
    new_log = dataclasses.replace(
        log, events=(*log.events, event), documents=(*log.documents, document)
    )
    if isinstance(event, Undo):
        return new_log, replay(new_log)
    table = thaw(state)
    step(table, event)
    table.log = new_log
    return new_log, table.freeze()
