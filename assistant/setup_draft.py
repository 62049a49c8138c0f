"""The setup wizard's draft: what the group chose so far, kept in the session.

The wizard asks one thing per screen: the players, their colours and the
seating (every game), then the game's own screens (Concordia: map, tracking,
intermediate scoring), whose answers are the draft's ``choices``. Between
screens the draft lives in the Django session, one per club and game (the key
names both), as plain JSON. Every screen reads the draft back through
`draft_read`, which checks its whole shape against the club's players and the
game (its player counts, colours and choices); a stale draft (a player
removed since) or a tampered one reads as None and the wizard starts again at
the players. Every field but the players has its default, so any screen after
the first may be skipped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from assistant.interface import GameAssistant
from clubs.models import Player
from scoring.names import NAME_MAX_LENGTH

# The screens every game asks first; the first is the wizard's own URL.
SHARED_STEPS = ("players", "colours", "seating")
RANDOM_START = -1
_KEY = re.compile(r"[0-9a-f]{32}")
_SHARED_FIELDS = frozenset({"key", "seats", "start"})


def steps(game: GameAssistant[Any]) -> tuple[str, ...]:
    """Every screen of ``game``'s wizard, in order (no colours when the seats give them)."""
    shared = tuple(
        step for step in SHARED_STEPS if step != "colours" or not game.colours_by_seat
    )
    return (*shared, *(step.name for step in game.wizard_steps))


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
    # The answers of the game's own screens (its `choices_default` until asked).
    choices: Mapping[str, object] = field(default_factory=dict)
    names: tuple[str, ...] = field(default=(), compare=False)
    # The game's colours, in the order seats without one take them.
    palette: tuple[str, ...] = field(default=(), compare=False)

    def colours(self) -> list[str]:
        """Each seat's colour; a seat without one gets the next free one, as the game will."""
        chosen = [seat.colour for seat in self.seats]
        free = [c for c in self.palette if c not in chosen]
        return [colour or free.pop(0) for colour in chosen]

    def table(self) -> list[tuple[str, str]]:
        """(name, colour) of every seat, around the table as entered."""
        return list(zip(self.names, self.colours(), strict=True))

    @property
    def start_seat(self) -> int | None:
        """The start player's seat; None when the app is to draw it."""
        return None if self.start == RANDOM_START else self.start


def session_key(game: str, club_id: int) -> str:
    """The session key of a club's draft for one game: two games' wizards never mix."""
    return f"assistant-setup-draft:{game}:{club_id}"


def draft_dump(draft: Draft) -> dict[str, object]:
    return {
        "key": draft.key,
        "seats": [[s.player, s.new_name, s.colour] for s in draft.seats],
        "start": draft.start,
        **draft.choices,
    }


def draft_read(
    raw: object, players: Mapping[str, Player], game: GameAssistant[Any]
) -> Draft | None:
    """Return the draft stored as ``raw``, or None when anything in it is off."""
    if not isinstance(raw, dict) or not set(raw) >= _SHARED_FIELDS:
        return None
    key, seats_raw, start = raw["key"], raw["seats"], raw["start"]
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        return None
    if not isinstance(seats_raw, list) or not (
        game.min_players <= len(seats_raw) <= game.max_players
    ):
        return None
    palette = tuple(value for value, _label in game.colours)
    seats: list[DraftSeat] = []
    for item in seats_raw:
        seat = _seat_read(item, players, palette)
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
    choices = game.choices_read(
        {name: value for name, value in raw.items() if name not in _SHARED_FIELDS}
    )
    if choices is None:
        return None
    return Draft(
        key=key,
        seats=tuple(seats),
        start=start,
        choices=choices,
        names=names,
        palette=palette,
    )


def _seat_read(
    item: object, players: Mapping[str, Player], palette: tuple[str, ...]
) -> DraftSeat | None:
    if not isinstance(item, list) or len(item) != 3:
        return None
    if not all(isinstance(part, str) for part in item):
        return None
    player, new_name, colour = item
    if bool(player) == bool(new_name.strip()):
        return None  # exactly one of a club player and a guest's name
    if player and player not in players:
        return None
    if len(new_name) > NAME_MAX_LENGTH:
        return None
    if colour and colour not in palette:
        return None
    return DraftSeat(player=player, new_name=new_name, colour=colour)


def draft_with_seats(
    draft: Draft | None,
    *,
    key: str,
    seats: Sequence[DraftSeat],
    players: Mapping[str, Player],
    game: GameAssistant[Any],
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
        return Draft(
            key=key,
            seats=tuple(kept),
            choices=game.choices_default(),
            names=names,
            palette=tuple(value for value, _label in game.colours),
        )
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
