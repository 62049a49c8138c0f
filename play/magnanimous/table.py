"""The mutable bookkeeping of a replay, and its frozen `State`.

A replay applies events to one `Table` in place (cheap); `freeze` turns it into
the immutable `State` the rest of the code reads, `thaw` the reverse (what
`apply_event` starts from). `copy` is the snapshot an ``undo`` returns to.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from play.magnanimous.types import (
    PORT,
    RIO,
    Colour,
    CommerceSpace,
    Ending,
    Expects,
    GameLog,
    Good,
    Improvement,
    MoraleBonus,
    OpenReferendum,
    Party,
    PendingAuction,
    PendingMinister,
    Phase,
    PlayerState,
    ProvinceState,
    Quadrant,
    State,
    Status,
    Train,
)

QUADRANTS: Final = tuple(Quadrant)
GOODS: Final = tuple(Good)
# "What the log implies": 7 Ministers on the crowns, 14 in the pile; 80 tiles, 4 shown.
MINISTERS_PILE: Final = 14
IMPROVEMENT_TILES: Final = 80
EMPIRE_CARDS: Final = 56
HAND_SIZE: Final = 5
IMPERIAL_START: Final = 2
IMPERIAL_LIMIT: Final = 5
PARAGUAY_DIE_START: Final = 6


# The good of each of the 16 Action-area spaces' quadrant (None: a blue quadrant).
SLOT_GOOD: Final = tuple(
    quadrant.value if quadrant.good is not None else None
    for quadrant in QUADRANTS
    for _ in (0, 1)
)


class Layout:
    """What a log's setup fixes for the whole game, computed once: each seat's
    province names, each province's owner, names and colours."""

    __slots__ = ("colours", "count", "names", "owners", "provinces")

    def __init__(self, log: GameLog) -> None:
        self.count = len(log.players)
        self.names = tuple(seat.name for seat in log.players)
        self.colours = tuple(seat.colour for seat in log.players)
        self.provinces = tuple(
            tuple(f"{seat.colour.value}:{good.value}" for good in GOODS)
            for seat in log.players
        )
        self.owners: dict[str, int] = {}
        for index, seat in enumerate(log.players):
            for place in (*GOODS, PORT):
                self.owners[f"{seat.colour.value}:{place}"] = index


class Table:
    """Everything a replay changes, in plain dicts and lists (see `State` for the meaning)."""

    __slots__ = (
        "adjusted",
        "auction",
        "commerce",
        "deck",
        "deputies",
        "dice",
        "die",
        "die_on_card",
        "discard_pile",
        "display",
        "ending",
        "ending_round",
        "events_in_play",
        "expects",
        "goods",
        "governed",
        "governor",
        "hand",
        "imperial",
        "improvement",
        "last",
        "layout",
        "log",
        "ministers",
        "ministers_discard",
        "ministers_pile",
        "morale",
        "nobility",
        "occupied",
        "pending",
        "phase",
        "province_die",
        "reached_20",
        "referendum",
        "referendums",
        "reis",
        "republic",
        "republic_20_at",
        "revealed",
        "round",
        "seat",
        "ships_port",
        "ships_rio",
        "status",
        "throne_pile",
        "tiebreak_votes",
        "tile_pile",
        "train",
        "transit",
        "troops",
        "winners",
    )

    def __init__(self, log: GameLog) -> None:
        count = len(log.players)
        self.log = log
        self.layout = Layout(log)
        self.status = Status.PLAYING
        self.ending: Ending | None = None
        self.ending_round: int | None = None
        self.round = 1
        # Round 1 has no Emperor phase (play §4).
        self.phase = Phase.PRODUCTION
        self.seat: int | None = 0
        self.expects: Expects | None = Expects.TAKE
        self.pending: list[PendingMinister] = []
        self.auction: PendingAuction | None = None
        self.referendum: OpenReferendum | None = None
        self.governor = 0
        self.governed = False
        self.republic = 0
        self.republic_20_at: int | None = None
        self.die = PARAGUAY_DIE_START
        self.die_on_card = False
        self.imperial = IMPERIAL_START
        self.occupied: dict[str, int] = {}
        self.throne_pile = 0
        self.revealed = 0
        self.events_in_play: list[str] = []
        self.morale: list[MoraleBonus] = []
        self.deck = EMPIRE_CARDS - HAND_SIZE * count
        self.discard_pile = 0
        self.ministers_pile = MINISTERS_PILE
        self.ministers_discard = 0
        self.display: list[Improvement] = list(log.improvements)
        self.tile_pile = IMPROVEMENT_TILES - 4
        self.dice: list[int | None] = [1] * 16
        # Commerce space → (owner seat, tokens).
        self.commerce: dict[int, tuple[int, int]] = {}
        self.nobility = [0] * count
        self.ministers: list[dict[Party, int]] = [{} for _ in range(count)]
        self.referendums = [0] * count
        self.hand = [HAND_SIZE] * count
        self.reached_20: list[int | None] = [None] * count
        self.reis = [seat.start.reis for seat in log.players]
        self.deputies: list[dict[Party, int]] = [
            {party: seat.start.deputies.get(party, 0) for party in Party}
            for seat in log.players
        ]
        self.ships_port = [seat.start.ships for seat in log.players]
        self.ships_rio = [0] * count
        self.train: list[tuple[str, str] | None] = [None] * count
        self.goods: dict[str, int] = {}
        self.transit: dict[str, int] = {}
        self.troops: dict[str, int] = {}
        self.improvement: dict[str, Improvement] = {}
        self.province_die: dict[str, int] = {}
        for seat in log.players:
            for good in GOODS:
                name = f"{seat.colour.value}:{good.value}"
                self.goods[name] = seat.start.goods.get(name, 0)
                self.transit[name] = 0
                self.troops[name] = seat.start.troops.get(name, 0)
                tile = seat.start.improvements.get(name)
                if tile is not None:
                    self.improvement[name] = tile
        self.imperial += sum(
            seat.start.troops.get("imperial", 0) for seat in log.players
        )
        self.tiebreak_votes: dict[int, int] = {}
        self.winners: tuple[int, ...] = ()
        self.adjusted = False
        self.last = -1

    def copy(self) -> Table:
        """Return an independent copy (a snapshot for ``undo``)."""
        other = Table.__new__(Table)
        for name in Table.__slots__:
            value = getattr(self, name)
            if name in ("log", "layout"):
                pass
            elif isinstance(value, list):
                if value and isinstance(value[0], dict):
                    value = [dict(item) for item in value]
                else:
                    value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            setattr(other, name, value)
        return other

    # -- who owns what -----------------------------------------------------

    @property
    def count(self) -> int:
        return self.layout.count

    def colour(self, seat: int) -> Colour:
        return self.layout.colours[seat]

    def name(self, seat: int) -> str:
        return self.layout.names[seat]

    def owner(self, province: str) -> int | None:
        """The seat whose colour the province has; None for Rio and uncontrolled colours."""
        return self.layout.owners.get(province)

    def board_provinces(self, seat: int) -> tuple[str, ...]:
        return self.layout.provinces[seat]

    def in_game(self, province: str) -> bool:
        """Whether the province takes part: not an absent colour's port under A3 (b)."""
        if province == RIO:
            return True
        if self.owner(province) is not None:
            return True
        return self.log.rulings.absent_ports_uncontrolled or not province.endswith(
            ":" + PORT
        )

    def is_board_province(self, province: str) -> bool:
        return province in self.goods

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.count

    def order(self) -> list[int]:
        """Seats from the first player (the Governor), clockwise."""
        return [(self.governor + step) % self.count for step in range(self.count)]

    # -- freezing ---------------------------------------------------------

    def freeze(self) -> State:
        players = tuple(self._player(seat) for seat in range(self.count))
        return State(
            log=self.log,
            status=self.status,
            ending=self.ending,
            ending_round=self.ending_round,
            round=self.round,
            phase=self.phase,
            seat=self.seat,
            expects=self.expects,
            pending_ministers=tuple(self.pending),
            auction=self.auction,
            referendum=self.referendum,
            governor=self.governor,
            governed=self.governed,
            republic=self.republic,
            republic_20_at=self.republic_20_at,
            paraguay_die=self.die,
            die_on_card=self.die_on_card,
            imperial=self.imperial,
            occupied=MappingProxyType(dict(sorted(self.occupied.items()))),
            throne_pile=self.throne_pile,
            revealed=self.revealed,
            events_in_play=tuple(self.events_in_play),
            morale=tuple(self.morale),
            deck=self.deck,
            discard_pile=self.discard_pile,
            ministers_pile=self.ministers_pile,
            ministers_discard=self.ministers_discard,
            display=tuple(self.display),
            tile_pile=self.tile_pile,
            dice=tuple(self.dice),
            commerce=tuple(
                CommerceSpace(
                    space=space, good=GOODS[space % 4], owner=owner, tokens=tokens
                )
                for space, (owner, tokens) in sorted(self.commerce.items())
            ),
            players=players,
            tiebreak_votes=MappingProxyType(dict(self.tiebreak_votes)),
            winners=self.winners,
            adjusted=self.adjusted,
            last=self.last,
        )

    def _player(self, seat: int) -> PlayerState:
        train = self.train[seat]
        colour = self.colour(seat)
        return PlayerState(
            name=self.name(seat),
            colour=colour,
            nobility=self.nobility[seat],
            ministers=MappingProxyType(dict(self.ministers[seat])),
            referendums=self.referendums[seat],
            hand=self.hand[seat],
            reached_20=self.reached_20[seat],
            reis=self.reis[seat],
            deputies=MappingProxyType(dict(self.deputies[seat])),
            ships_port=self.ships_port[seat],
            ships_rio=self.ships_rio[seat],
            train=None if train is None else Train(at=train[0], carrying=train[1]),
            provinces=tuple(
                ProvinceState(
                    name=name,
                    goods=self.goods[name],
                    in_transit=self.transit[name],
                    troops=self.troops[name],
                    improvement=self.improvement.get(name),
                    die=self.province_die.get(name),
                    occupied=name in self.occupied,
                )
                for name in self.board_provinces(seat)
            ),
            port_occupied=f"{colour.value}:{PORT}" in self.occupied,
        )


def thaw(state: State) -> Table:
    """Return a `Table` holding exactly what ``state`` says."""
    table = Table.__new__(Table)
    table.log = state.log
    table.layout = Layout(state.log)
    table.status = state.status
    table.ending = state.ending
    table.ending_round = state.ending_round
    table.round = state.round
    table.phase = state.phase
    table.seat = state.seat
    table.expects = state.expects
    table.pending = list(state.pending_ministers)
    table.auction = state.auction
    table.referendum = state.referendum
    table.governor = state.governor
    table.governed = state.governed
    table.republic = state.republic
    table.republic_20_at = state.republic_20_at
    table.die = state.paraguay_die
    table.die_on_card = state.die_on_card
    table.imperial = state.imperial
    table.occupied = dict(state.occupied)
    table.throne_pile = state.throne_pile
    table.revealed = state.revealed
    table.events_in_play = list(state.events_in_play)
    table.morale = list(state.morale)
    table.deck = state.deck
    table.discard_pile = state.discard_pile
    table.ministers_pile = state.ministers_pile
    table.ministers_discard = state.ministers_discard
    table.display = list(state.display)
    table.tile_pile = state.tile_pile
    table.dice = list(state.dice)
    table.commerce = {c.space: (c.owner, c.tokens) for c in state.commerce}
    players = state.players
    table.nobility = [p.nobility for p in players]
    table.ministers = [dict(p.ministers) for p in players]
    table.referendums = [p.referendums for p in players]
    table.hand = [p.hand for p in players]
    table.reached_20 = [p.reached_20 for p in players]
    table.reis = [p.reis for p in players]
    table.deputies = [dict(p.deputies) for p in players]
    table.ships_port = [p.ships_port for p in players]
    table.ships_rio = [p.ships_rio for p in players]
    table.train = [
        None if p.train is None else (p.train.at, p.train.carrying) for p in players
    ]
    table.goods = {}
    table.transit = {}
    table.troops = {}
    table.improvement = {}
    table.province_die = {}
    for player in players:
        for province in player.provinces:
            table.goods[province.name] = province.goods
            table.transit[province.name] = province.in_transit
            table.troops[province.name] = province.troops
            if province.improvement is not None:
                table.improvement[province.name] = province.improvement
            if province.die is not None:
                table.province_die[province.name] = province.die
    table.tiebreak_votes = dict(state.tiebreak_votes)
    table.winners = state.winners
    table.adjusted = state.adjusted
    table.last = state.last
    return table
