"""War powers (play §8.1, §9.2 action 5) and what an occupation or liberation changes (§8.2).

Shared by the replay (which checks the table's results) and the queries (which
show them before the table answers).
"""

from __future__ import annotations

from typing import Final

from play.magnanimous.table import Table
from play.magnanimous.types import IMPERIAL, PORT, RIO, Ending, Improvement, Status

_PORT_SUFFIX: Final = ":" + PORT


def morale(table: Table, place: str, *, defence: bool) -> int:
    """The round's morale bonuses on ``place`` (``imperial`` for Rio and the uncontrolled)."""
    return sum(
        bonus.value
        for bonus in table.morale
        if bonus.province == place and (defence or not bonus.defence_only)
    )


def defence(table: Table, province: str) -> int:
    """The imperial war power defending ``province`` against Paraguay (play §8.1).

    Rio and the uncontrolled provinces: the Imperial area plus its morale (with
    at least 1 token); a port: its owner's docked ships, no morale (A24); a
    board province: its troop tokens plus morale and the Fortification, both
    only with at least 1 token.
    """
    owner = table.owner(province)
    if owner is None or province == RIO:
        tokens = table.imperial
        return tokens + (morale(table, IMPERIAL, defence=True) if tokens else 0)
    if province.endswith(_PORT_SUFFIX):
        return table.ships_port[owner]
    tokens = table.troops[province]
    if not tokens:
        return 0
    bonus = morale(table, province, defence=True)
    if table.improvement.get(province) is Improvement.FORTIFICATION:
        bonus += 1
    return tokens + bonus


def defenders(table: Table, province: str) -> int:
    """The troop tokens (or ships, for a port) a fall of ``province`` destroys; 0 for Rio
    and the uncontrolled provinces, whose Imperial area is not touched (play §8.2)."""
    owner = table.owner(province)
    if owner is None or province == RIO:
        return 0
    if province.endswith(_PORT_SUFFIX):
        return table.ships_port[owner]
    return table.troops[province]


def attack_power(table: Table, attack_from: str | None, count: int) -> int:
    """Troops committed plus the round's morale where they attack from (no Fortification)."""
    place = attack_from if attack_from is not None else ""
    return count + (morale(table, place, defence=False) if place else 0)


def occupy(table: Table, province: str) -> None:
    """Paraguay takes ``province`` (play §8.2 steps 2–5, without the die's fall)."""
    owner = table.owner(province)
    table.occupied[province] = table.round
    if province == RIO:
        finish(table, Ending.RIO_OCCUPIED)
        return
    if owner is not None:
        if province.endswith(_PORT_SUFFIX):
            table.ships_port[owner] = 0
        elif province in table.goods:
            table.troops[province] = 0
            table.goods[province] = 0
            table.improvement.pop(province, None)
    for seat, train in enumerate(table.train):
        if train is not None and train[0] == province:
            table.transit[train[1]] = 0
            table.train[seat] = None


def liberate(table: Table, province: str) -> None:
    table.occupied.pop(province, None)


def finish(table: Table, ending: Ending, winners: tuple[int, ...] = ()) -> None:
    table.status = Status.FINISHED
    table.ending = ending
    table.ending_round = table.round
    table.winners = winners
    table.seat = None
    table.expects = None
    table.pending.clear()
    table.auction = None
