"""The vocabulary of a Magnanimous game log and of the state computed from it.

Everything here is plain, frozen data. A `GameLog` is the parsed document (the
setup and its events, ``docs/magnanimous-log.md``); a `State` is where the game
stands after replaying it. The mutable bookkeeping of a replay lives in
`play.magnanimous.table`; a `State` is what it freezes into.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Final


class Tracking(StrEnum):
    """``light``: the round, turns, tracks, purple die, occupation and endings;
    ``full``: also dice, réis, goods, troops, deputies, ships, trains, Commerce."""

    LIGHT = "light"
    FULL = "full"


class Status(StrEnum):
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class Phase(StrEnum):
    """The round's steps that wait for the table (play §4); the Republic phase is instantaneous."""

    EMPEROR = "emperor"
    PRODUCTION = "production"
    OFFENSIVES = "offensives"
    NOBLES = "nobles"
    END_OF_ROUND = "end_of_round"


class Expects(StrEnum):
    """What the next event must be (the state's ``turn.expects``)."""

    REVEAL = "reveal"
    VOTE = "vote"
    AUCTION = "auction"
    TAKE = "take"
    GOVERN = "govern"
    OFFENSIVE = "offensive"
    PLACE = "place"
    END_ROUND = "end_round"
    TIEBREAK = "tiebreak"


class Ending(StrEnum):
    REPUBLIC = "republic"
    NOBILITY = "nobility"
    RIO_OCCUPIED = "rio_occupied"


class Colour(StrEnum):
    """The seat colours, in seating order (play §3)."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"


class Good(StrEnum):
    """The four goods, in the order of the Commerce track (space n shows good n mod 4)."""

    COTTON = "cotton"
    SUGAR = "sugar"
    LEATHER = "leather"
    COFFEE = "coffee"


class Improvement(StrEnum):
    RAILWAY = "railway"
    MACHINERY = "machinery"
    WAREHOUSE = "warehouse"
    FORTIFICATION = "fortification"


class Party(StrEnum):
    CONSERVATIVE = "conservative"
    LIBERAL = "liberal"

    @property
    def other(self) -> Party:
        return Party.LIBERAL if self is Party.CONSERVATIVE else Party.CONSERVATIVE


class Title(StrEnum):
    BARON = "baron"
    VISCOUNT = "viscount"
    COUNT = "count"
    MARQUIS = "marquis"
    DUKE = "duke"


class Quadrant(StrEnum):
    """The 8 quadrants of the Action area, named by their Production action (red first)."""

    COTTON = "cotton"
    SUGAR = "sugar"
    LEATHER = "leather"
    COFFEE = "coffee"
    RECRUIT = "recruit"
    IMPROVEMENT = "improvement"
    DEPUTY = "deputy"
    SHIP = "ship"

    @property
    def good(self) -> Good | None:
        """The good a red quadrant produces; None for a blue one."""
        try:
            return Good(self.value)
        except ValueError:
            return None


class Mode(StrEnum):
    """How a die is used: its own action, a Precise action, sold to the others, or just placed."""

    ACT = "act"
    PRECISE = "precise"
    SOLD = "sold"
    IDLE = "idle"


class NoblesAction(StrEnum):
    TRAIN = "train"
    SELL = "sell"
    TROOPS = "troops"
    ATTACK = "attack"
    DISCARD = "discard"
    THRONE = "throne"
    EXPORT = "export"
    SAIL = "sail"
    NONE = "none"


class CardKind(StrEnum):
    EVENT = "event"
    REFERENDUM = "referendum"


class Keep(StrEnum):
    """A Minister prompt's answer: take the new tile, keep the one held, or decline (A23)."""

    NEW = "new"
    OLD = "old"
    NONE = "none"


class Track(StrEnum):
    NOBILITY = "nobility"
    REPUBLIC = "republic"


class ShipMove(StrEnum):
    """Rio effect 3 (play §6.6)."""

    HIRE = "hire"
    TO_RIO = "to_rio"
    TO_PORT = "to_port"


# Places on the map that are no player's board province.
RIO: Final = "rio"
PARAGUAY: Final = "paraguay"
IMPERIAL: Final = "imperial"
PORT: Final = "port"

# play §2.2: crowns (a Minister each) and titles by Nobility position.
CROWNS: Final = (1, 4, 7, 10, 13, 16, 19)
NOBILITY_TOP: Final = 20
TITLE_FROM: Final = (
    (19, Title.DUKE),
    (13, Title.MARQUIS),
    (7, Title.COUNT),
    (1, Title.VISCOUNT),
    (0, Title.BARON),
)
# play §6.5: the Governor's title money.
TITLE_MONEY: Final[Mapping[Title, int]] = MappingProxyType(
    {
        Title.BARON: 0,
        Title.VISCOUNT: 3,
        Title.COUNT: 6,
        Title.MARQUIS: 9,
        Title.DUKE: 12,
    }
)
TITLE_RANK: Final[Mapping[Title, int]] = MappingProxyType(
    {title: rank for rank, title in enumerate(Title)}
)


def title_of(nobility: int) -> Title:
    """Return the title held at a Nobility position (play §2.2)."""
    for lowest, title in TITLE_FROM:
        if nobility >= lowest:
            return title
    return Title.BARON


def province_name(colour: Colour, place: Good | str) -> str:
    """Return a province's contract name, ``red:cotton`` or ``red:port``."""
    return f"{colour.value}:{place}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rulings:
    """The table's readings of the rules the rulebook leaves open (play §17), fixed at setup."""

    republic_first: bool = True  # A1
    troop_limit: int = 4  # A2
    absent_ports_uncontrolled: bool = True  # A3
    referendum_tie_approved: bool = True  # A9
    recruit_any_province: bool = False  # A14
    sold_first_buyer_only: bool = False  # A20
    offensive_round_robin: bool = True  # A25
    failed_attack_loses: bool = False  # A29
    precise_nobles_joiners_pay: bool = False  # A31

    def document(self) -> dict[str, object]:
        """Return the rulings as the log writes them."""
        return {
            "republic_first": self.republic_first,
            "troop_limit": self.troop_limit,
            "absent_ports_uncontrolled": self.absent_ports_uncontrolled,
            "referendum_tie": "approved"
            if self.referendum_tie_approved
            else "rejected",
            "recruit_province": "any" if self.recruit_any_province else "die",
            "sold_action_buyers": "first" if self.sold_first_buyer_only else "each",
            "offensive_order": (
                "round_robin" if self.offensive_round_robin else "grouped"
            ),
            "failed_attack": "lose" if self.failed_attack_loses else "keep",
            "precise_nobles_joiners_pay": self.precise_nobles_joiners_pay,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Start:
    """A Baron's starting resources as placed (full tracking)."""

    reis: int = 0
    goods: Mapping[str, int] = field(default_factory=dict)
    troops: Mapping[str, int] = field(default_factory=dict)
    improvements: Mapping[str, Improvement] = field(default_factory=dict)
    ships: int = 0
    deputies: Mapping[Party, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    name: str
    colour: Colour
    baron: str | None = None
    start: Start = field(default_factory=Start)


# ---------------------------------------------------------------------------
# Events, as read from the log. ``index`` is the event's place in ``events``.


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal:
    index: int
    card: str
    kind: CardKind
    republic: int = 0
    party: Party | None = None
    nobility: int = 0
    min_title: Title | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteParts:
    ministers: int = 0
    other: int = 0
    deputies: int = 0
    cards: int = 0

    @property
    def total(self) -> int:
        return self.ministers + self.other + self.deputies + self.cards


@dataclass(frozen=True, slots=True, kw_only=True)
class Ballot:
    seat: int
    for_: VoteParts
    against: VoteParts


@dataclass(frozen=True, slots=True, kw_only=True)
class Vote:
    index: int
    ballots: tuple[Ballot, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Auction:
    index: int
    winner: int
    paid: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Minister:
    index: int
    seat: int
    space: int
    party: Party
    votes: int
    name: str | None
    keep: Keep


@dataclass(frozen=True, slots=True, kw_only=True)
class MoraleBonus:
    """A morale bonus lasting until the end of the round (``province`` may be ``imperial``)."""

    province: str
    value: int = 1
    defence_only: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Changes:
    """An `Effect`'s plain changes; counts are signed steps."""

    nobility: Mapping[int, int] = field(default_factory=dict)
    republic: int = 0
    paraguay_die: int = 0
    imperial: int = 0
    liberate: tuple[str, ...] = ()
    occupy: tuple[str, ...] = ()
    morale: tuple[MoraleBonus, ...] = ()
    reis: Mapping[int, int] = field(default_factory=dict)
    goods: Mapping[str, int] = field(default_factory=dict)
    troops: Mapping[str, int] = field(default_factory=dict)
    deputies: Mapping[int, Mapping[Party, int]] = field(default_factory=dict)
    ships: Mapping[int, int] = field(default_factory=dict)
    hand: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Effect:
    index: int
    source: str
    changes: Changes


@dataclass(frozen=True, slots=True, kw_only=True)
class ProductionOptions:
    """The options of a Production action (full tracking)."""

    troop_to: str | None = None
    improvement: Improvement | None = None
    party: Party | None = None
    ship_to: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Joiner:
    """A player who joins a Precise action or buys a sold one; ``path`` addresses it."""

    seat: int
    province: str | None
    options: ProductionOptions
    path: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Take:
    index: int
    seat: int
    province: str
    quadrant: Quadrant | None = None
    space: int | None = None
    mode: Mode = Mode.ACT
    options: ProductionOptions = field(default_factory=ProductionOptions)
    joiners: tuple[Joiner, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainMove:
    start: str | None = None
    path: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Govern:
    """Rio effects by the die's value: 1 ``train``, 2 ``troops``, 3 ``ship``, 4 ``party``,
    5 ``track``, 6 ``liberate``. ``chosen`` names the one key the effect gave."""

    index: int
    seat: int
    chosen: str | None = None
    train: TrainMove | None = None
    troops: Mapping[str, int] = field(default_factory=dict)
    ship: ShipMove | None = None
    party: Party | None = None
    track: Track | None = None
    liberate: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack:
    source: str
    target: str
    fell: bool
    lost: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Offensive:
    index: int
    attacks: tuple[Attack, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class NoblesFields:
    """The fields of one Nobles action (``given`` names those present)."""

    given: frozenset[str] = frozenset()
    path: tuple[str, ...] = ()
    start: str | None = None
    province: str | None = None
    in_transit: bool = False
    move_from: str | None = None
    move_to: str | None = None
    move_count: int = 0
    imperial: str | None = None
    attack_from: str | None = None
    target: str | None = None
    count: int = 0
    liberated: bool = False
    cards: int = 0
    commerce_space: int | None = None
    tokens: int = 0
    via: str = PORT


@dataclass(frozen=True, slots=True, kw_only=True)
class NoblesJoiner:
    seat: int
    action: NoblesAction
    fields: NoblesFields
    path: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Place:
    index: int
    seat: int
    source: str
    action: NoblesAction
    quadrant: Quadrant | None = None
    space: int | None = None
    mode: Mode = Mode.ACT
    fields: NoblesFields = field(default_factory=NoblesFields)
    again: NoblesFields | None = None
    joiners: tuple[NoblesJoiner, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class EndRound:
    index: int
    improvements: tuple[Improvement, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Tiebreak:
    index: int
    votes: Mapping[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvinceAdjust:
    goods: int | None = None
    in_transit: int | None = None
    troops: int | None = None
    improvement: Improvement | None = None
    no_improvement: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerAdjust:
    seat: int
    nobility: int | None = None
    hand: int | None = None
    reis: int | None = None
    deputies: Mapping[Party, int] = field(default_factory=dict)
    ships_port: int | None = None
    ships_rio: int | None = None
    train_given: bool = False
    train_at: str | None = None
    train_carrying: str | None = None
    provinces: Mapping[str, ProvinceAdjust] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Adjust:
    index: int
    republic: int | None = None
    paraguay_die: int | None = None
    imperial: int | None = None
    occupied: tuple[str, ...] | None = None
    players: tuple[PlayerAdjust, ...] = ()
    dice: Mapping[Quadrant, tuple[int | None, int | None]] = field(default_factory=dict)
    # The whole Commerce track, as (space, owner seat, tokens); None: unchanged.
    commerce: tuple[tuple[int, int, int], ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo:
    index: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Abandon:
    index: int


Event = (
    Reveal
    | Vote
    | Auction
    | Minister
    | Effect
    | Take
    | Govern
    | Offensive
    | Place
    | EndRound
    | Tiebreak
    | Adjust
    | Undo
    | Abandon
)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLog:
    """A parsed Magnanimous game log. ``documents`` keeps each event as given."""

    tracking: Tracking
    rulings: Rulings
    players: tuple[Seat, ...]
    improvements: tuple[Improvement, ...]
    events: tuple[Event, ...]
    rulings_given: frozenset[str] = frozenset()
    documents: tuple[object, ...] = field(default=(), compare=False, repr=False)

    @property
    def full(self) -> bool:
        return self.tracking is Tracking.FULL

    @property
    def colours(self) -> tuple[Colour, ...]:
        return tuple(seat.colour for seat in self.players)

    @property
    def uncontrolled(self) -> tuple[Colour, ...]:
        return tuple(Colour)[len(self.players) :]


# ---------------------------------------------------------------------------
# The state.


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvinceState:
    """A player's board province. ``die`` is the die's value (0: a die of unknown value,
    light tracking), None without a die."""

    name: str
    goods: int = 0
    in_transit: int = 0
    troops: int = 0
    improvement: Improvement | None = None
    die: int | None = None
    occupied: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Train:
    at: str
    carrying: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerState:
    name: str
    colour: Colour
    nobility: int
    ministers: Mapping[Party, int]
    referendums: int
    hand: int
    reached_20: int | None
    reis: int
    deputies: Mapping[Party, int]
    ships_port: int
    ships_rio: int
    train: Train | None
    provinces: tuple[ProvinceState, ...]
    port_occupied: bool

    @property
    def title(self) -> Title:
        return title_of(self.nobility)

    @property
    def ships_supply(self) -> int:
        return SHIPS_PER_PLAYER - self.ships_port - self.ships_rio

    def province(self, name: str) -> ProvinceState:
        """Return the player's board province ``name``; KeyError if it is not theirs."""
        for province in self.provinces:
            if province.name == name:
                return province
        raise KeyError(name)


@dataclass(frozen=True, slots=True, kw_only=True)
class CommerceSpace:
    space: int
    good: Good
    owner: int
    tokens: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PendingMinister:
    seat: int
    space: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PendingAuction:
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenReferendum:
    """A revealed referendum waiting for its vote (or, once approved, its auction)."""

    card: str
    party: Party
    republic: int
    nobility: int
    min_title: Title | None


@dataclass(frozen=True, slots=True, kw_only=True)
class State:
    """Where the game stands after a log's events (see ``docs/magnanimous-log.md``, The state).

    ``seat`` is who acts next and ``expects`` what (None once over);
    ``occupied`` maps each occupied province to the round it fell in;
    ``dice`` lists the 16 Action-area spaces, quadrant by quadrant, left space
    first (full tracking). ``last`` is the index of the latest event applied.
    """

    log: GameLog = field(compare=False, repr=False)
    status: Status
    ending: Ending | None
    ending_round: int | None
    round: int
    phase: Phase
    seat: int | None
    expects: Expects | None
    pending_ministers: tuple[PendingMinister, ...]
    auction: PendingAuction | None
    referendum: OpenReferendum | None
    governor: int
    governed: bool
    republic: int
    republic_20_at: int | None
    paraguay_die: int
    die_on_card: bool
    imperial: int
    occupied: Mapping[str, int]
    throne_pile: int
    # Cards revealed in this round's Emperor phase (0: it was skipped).
    revealed: int
    events_in_play: tuple[str, ...]
    morale: tuple[MoraleBonus, ...]
    deck: int
    discard_pile: int
    ministers_pile: int
    ministers_discard: int
    display: tuple[Improvement, ...]
    tile_pile: int
    dice: tuple[int | None, ...]
    commerce: tuple[CommerceSpace, ...]
    players: tuple[PlayerState, ...]
    tiebreak_votes: Mapping[int, int]
    winners: tuple[int, ...]
    adjusted: bool
    last: int

    @property
    def full(self) -> bool:
        return self.log.full

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def order(self) -> tuple[int, ...]:
        """Seats from the first player (the Governor), clockwise."""
        count = len(self.players)
        return tuple((self.governor + step) % count for step in range(count))

    @property
    def current_player(self) -> str | None:
        return None if self.seat is None else self.players[self.seat].name


SHIPS_PER_PLAYER: Final = 4
