"""Compact Magnanimous logs for table tests: a setup, then events added one by one.

`Session.add` appends an event with `apply_event` (which must accept it);
`Session.refused` returns the problems of an event the engine must refuse.
The ``until_*`` helpers play the uneventful parts of a round (dice taken
without acting, dice placed without acting) so that a test can reach the
moment it is about.
"""

from __future__ import annotations

import copy
from typing import Any

from play import magnanimous as mg
from play.errors import LogInvalid
from play.magnanimous.types import Expects
from scoring.shape import ErrorDocument

NAMES = ("Ana", "Bia", "Caio", "Duda")
COLOURS = ("red", "green", "blue", "yellow")


def setup(
    players: int = 2,
    tracking: str = "full",
    *,
    starts: dict[str, dict[str, Any]] | None = None,
    rulings: dict[str, Any] | None = None,
    improvements: list[str] | None = None,
) -> dict[str, Any]:
    seats = []
    for seat in range(players):
        entry: dict[str, Any] = {"name": NAMES[seat], "colour": COLOURS[seat]}
        if tracking == "full":
            entry["baron"] = f"Baron {seat + 1}"
            entry["start"] = (starts or {}).get(NAMES[seat], {"reis": 10})
        seats.append(entry)
    document: dict[str, Any] = {
        "format": "magnanimous-log/1",
        "game": "magnanimous",
        "tracking": tracking,
        "board": None,
        "players": seats,
        "events": [],
    }
    if rulings:
        document["rulings"] = rulings
    if tracking == "full":
        document["improvements"] = improvements or [
            "fortification",
            "railway",
            "machinery",
            "warehouse",
        ]
    return document


class Session:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = copy.deepcopy(document)
        self.log = mg.load_log(self.document)
        self.state = mg.replay(self.log)

    @property
    def full(self) -> bool:
        return self.state.full

    def add(self, event: dict[str, Any]) -> mg.State:
        self.log, self.state = mg.apply_event(self.log, self.state, event)
        self.document["events"].append(event)
        return self.state

    def refused(self, event: dict[str, Any]) -> list[ErrorDocument]:
        try:
            mg.apply_event(self.log, self.state, event)
        except LogInvalid as refusal:
            return mg.errors_document(refusal)["errors"]
        raise AssertionError(f"accepted: {event}")

    def replay(self) -> mg.State:
        return mg.replay(mg.load_log(self.document))

    def player(self, name: str) -> mg.PlayerState:
        return next(p for p in self.state.players if p.name == name)

    def province(self, name: str, province: str) -> Any:
        return self.player(name).province(province)

    @property
    def current(self) -> str:
        player = mg.turn(self.state).player
        assert player is not None
        return player

    def take_idle(self) -> None:
        """The current player takes a die and does nothing with it."""
        player = self.current
        if not self.full:
            self.add(
                {
                    "type": "take",
                    "player": player,
                    "province": mg.free_provinces(self.state, player)[0],
                }
            )
            return
        dice = self.state.dice

        def left(option: mg.TakeOption) -> int:
            base = list(mg.Quadrant).index(option.quadrant) * 2
            return (dice[base] is not None) + (dice[base + 1] is not None)

        # Spread the takes over the quadrants, so every quadrant keeps a free space.
        option = max(mg.take_options(self.state), key=left)
        self.add(
            {
                "type": "take",
                "player": player,
                "province": option.provinces[0],
                "quadrant": option.quadrant.value,
                "space": option.space,
                "mode": "idle",
            }
        )

    def govern(self, player: str, effect: dict[str, Any] | None = None) -> None:
        if effect is None:
            effect = {mg.purple_die(self.state).rio_effect: None}
            if "track" in effect:
                effect = {"track": "republic"}
        self.add({"type": "govern", "player": player, "effect": effect})

    def until_offensives(
        self, governor: str, effect: dict[str, Any] | None = None
    ) -> None:
        """Play the Production phase: idle takes, ``governor`` takes the card on their turn."""
        while self.state.expects in (Expects.TAKE, Expects.GOVERN):
            if self.current == governor and not self.state.governed:
                self.govern(governor, effect)
            elif self.state.expects is Expects.GOVERN:
                raise AssertionError(f"{self.current} must govern, not {governor}")
            else:
                self.take_idle()

    def place_idle(self) -> None:
        player = self.current
        option = mg.place_options(self.state)[0]
        event: dict[str, Any] = {
            "type": "place",
            "player": player,
            "from": option.province,
            "action": "none",
        }
        if self.full:
            free: dict[mg.Quadrant, int] = {}
            for where, _, _ in option.spaces:
                free[where] = free.get(where, 0) + 1
            # Keep a free space in every quadrant as long as possible.
            quadrant, space, _ = max(option.spaces, key=lambda s: free[s[0]])
            event.update({"quadrant": quadrant.value, "space": space})
        self.add(event)

    def until_turn_of(self, player: str) -> None:
        while self.state.expects is Expects.PLACE and self.current != player:
            self.place_idle()

    def until_end_of_round(self) -> None:
        while self.state.expects is Expects.PLACE:
            self.place_idle()

    def end_round(self) -> None:
        event: dict[str, Any] = {"type": "end_round"}
        if self.full:
            event["improvements"] = [
                "railway",
                "warehouse",
                "fortification",
                "machinery",
            ]
        self.add(event)

    def quiet_round(self, governor: str) -> None:
        """A whole round where nothing happens but the Governor's change."""
        self.until_offensives(governor)
        self.add({"type": "offensive", "attacks": []})
        self.until_end_of_round()
        self.end_round()
