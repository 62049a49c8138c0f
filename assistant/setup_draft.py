"""The setup wizard's draft: what the group chose so far, kept in the session.

The wizard asks one thing per screen (players, colours, seating, map, tracking,
intermediate scoring). Between screens the choices live in the Django session,
one draft per club, as plain JSON. Every screen reads the draft back through
`draft_read`, which checks its whole shape against the club's players; a stale
draft (a player removed since) or a tampered one reads as None and the wizard
starts again at the players. Every field but the players has its default, so
any screen after the first may be skipped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from assistant.models import Tracking
from clubs.models import Player
from games.models import Colour, ConcordiaMap
from games.seating import MAX_PLAYERS, MIN_PLAYERS

# The screens in order; the first is the game-create URL, the others its steps.
STEPS = ("players", "colours", "seating", "map", "tracking", "scoring")
RANDOM_START = -1
_KEY = re.compile(r"[0-9a-f]{32}")
_NAME_MAX = 40


@dataclass(frozen=True, slots=True)
class DraftSeat:
    """A club player's key (or "") and a guest's name (or ""), and a colour (or "")."""

    player: str
    new_name: str
    colour: str = ""


@dataclass(frozen=True, slots=True)
class Draft:
    key: str
    seats: tuple[DraftSeat, ...]
    # Index into ``seats`` of the start player, or RANDOM_START.
    start: int = 0
    map: str = ConcordiaMap.IMPERIUM.value
    tracking: str = Tracking.LIGHT.value
    intermediate_scoring: bool = False
    names: tuple[str, ...] = field(default=(), compare=False)

    def colours(self) -> list[str]:
        """Each seat's colour; a seat without one gets the next free one, as the game will."""
        chosen = [seat.colour for seat in self.seats]
        free = [c for c in Colour.values if c not in chosen]
        return [colour or free.pop(0) for colour in chosen]

    def table(self, start: int) -> list[tuple[str, str]]:
        """(name, colour) in seating order from ``start``: the last holds the Praefectus Magnus."""
        seats = list(zip(self.names, self.colours(), strict=True))
        return seats[start:] + seats[:start]


def session_key(club_id: int) -> str:
    return f"assistant-setup-draft:{club_id}"


def draft_dump(draft: Draft) -> dict[str, object]:
    return {
        "key": draft.key,
        "seats": [[s.player, s.new_name, s.colour] for s in draft.seats],
        "start": draft.start,
        "map": draft.map,
        "tracking": draft.tracking,
        "intermediate_scoring": draft.intermediate_scoring,
    }


def draft_read(raw: object, players: Mapping[str, Player]) -> Draft | None:
    """Return the draft stored as ``raw``, or None when anything in it is off."""
    if not isinstance(raw, dict) or set(raw) != {
        "key",
        "seats",
        "start",
        "map",
        "tracking",
        "intermediate_scoring",
    }:
        return None
    key, seats_raw, start = raw["key"], raw["seats"], raw["start"]
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        return None
    if not isinstance(seats_raw, list) or not (
        MIN_PLAYERS <= len(seats_raw) <= MAX_PLAYERS
    ):
        return None
    seats: list[DraftSeat] = []
    for item in seats_raw:
        seat = _seat_read(item, players)
        if seat is None:
            return None
        seats.append(seat)
    names = tuple(
        players[s.player].name if s.player else s.new_name.strip() for s in seats
    )
    if len({n.casefold() for n in names}) != len(names):
        return None
    colours = [s.colour for s in seats if s.colour]
    if len(set(colours)) != len(colours):
        return None
    if type(start) is not int or not RANDOM_START <= start < len(seats):
        return None
    if raw["map"] not in ConcordiaMap.values or raw["tracking"] not in Tracking.values:
        return None
    if type(raw["intermediate_scoring"]) is not bool:
        return None
    return Draft(
        key=key,
        seats=tuple(seats),
        start=start,
        map=raw["map"],
        tracking=raw["tracking"],
        intermediate_scoring=raw["intermediate_scoring"],
        names=names,
    )


def _seat_read(item: object, players: Mapping[str, Player]) -> DraftSeat | None:
    if not isinstance(item, list) or len(item) != 3:
        return None
    if not all(isinstance(part, str) for part in item):
        return None
    player, new_name, colour = item
    if bool(player) == bool(new_name.strip()):
        return None  # exactly one of a club player and a guest's name
    if player and player not in players:
        return None
    if len(new_name) > _NAME_MAX:
        return None
    if colour and colour not in Colour.values:
        return None
    return DraftSeat(player=player, new_name=new_name, colour=colour)


def draft_with_seats(
    draft: Draft | None,
    *,
    key: str,
    seats: Sequence[DraftSeat],
    players: Mapping[str, Player],
) -> Draft:
    """The draft after the players screen: its other choices kept where they still fit.

    A seat typed without a colour keeps the colour its player had in the draft,
    unless another seat has taken it.
    """
    before: dict[str, str] = {}
    if draft is not None:
        before = {
            name.casefold(): seat.colour
            for name, seat in zip(draft.names, draft.seats, strict=True)
        }
    names = tuple(players[s.player].name if s.player else s.new_name for s in seats)
    taken = {s.colour for s in seats if s.colour}
    kept: list[DraftSeat] = []
    for name, seat in zip(names, seats, strict=True):
        colour = seat.colour
        if not colour and (old := before.get(name.casefold(), "")) not in taken:
            colour = old
            taken.add(old)
        kept.append(replace(seat, colour=colour))
    if draft is None:
        return Draft(key=key, seats=tuple(kept), names=names)
    start = draft.start if draft.start < len(kept) else 0
    return replace(draft, seats=tuple(kept), names=names, start=start)


def draft_moved(draft: Draft, index: int, step: int) -> Draft:
    """Seat ``index`` moved one place up (step -1) or down (+1); the start player follows."""
    other = index + step
    if not (0 <= index < len(draft.seats) and 0 <= other < len(draft.seats)):
        return draft
    seats, names = list(draft.seats), list(draft.names)
    seats[index], seats[other] = seats[other], seats[index]
    names[index], names[other] = names[other], names[index]
    start = draft.start
    if start == index:
        start = other
    elif start == other:
        start = index
    return replace(draft, seats=tuple(seats), names=tuple(names), start=start)


def step_data(draft: Draft) -> dict[str, Any]:
    """The initial data of the players screen, to show a draft again after Back."""
    data: dict[str, Any] = {}
    for index, seat in enumerate(draft.seats):
        data[f"seat{index}_player"] = seat.player
        data[f"seat{index}_new_name"] = seat.new_name
        data[f"seat{index}_colour"] = seat.colour
    return data
