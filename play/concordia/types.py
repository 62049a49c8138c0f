"""The vocabulary of a game log and of the state computed from it: frozen values.

A `GameLog` is the parsed document (setup and events); a `State` is where the
game stands after replaying it. Both are immutable: applying an event makes a
new `State`, and every state keeps the one before its last undoable event
(`State.before`), which is what `undo` returns to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from play.concordia.data import Card, CardKind
from play.core import Abandon as Abandon
from play.core import Undo as Undo
from scoring.catalog import STOREHOUSE_SPACES, SurchargeGood
from scoring.maps import MAPS, MapSpec
from scoring.ruleset import Ruleset, ruleset
from scoring.types import Good, GoodCounts, MapName


class Tracking(StrEnum):
    """``light``: cards, purchases, the display, the Praefectus Magnus and the end;
    ``full``: also money, goods, colonists and houses."""

    LIGHT = "light"
    FULL = "full"


class Status(StrEnum):
    PLAYING = "playing"
    LAST_TURNS = "last_turns"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class ColonistKind(StrEnum):
    LAND = "land"
    SEA = "sea"


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    name: str
    colour: str
    # The player's team, with a module that has team play (Venus); None else.
    team: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """What a played card did, as the log says it; ``given`` names the fields present.

    A Diplomat's ``copy`` is the seat whose top discard it copies; the other
    fields then belong to the copied card.
    """

    given: frozenset[str] = frozenset()
    colonist: ColonistKind | None = None
    intermediate_points: int | None = None
    build: tuple[str, ...] = ()
    fifteenth_house: bool = False
    province: str | None = None
    # The bonus good the producer chose, where the province has no marker.
    bonus: Good | None = None
    cash: bool = False
    amount: int | None = None
    drop: Mapping[int, GoodCounts] = field(default_factory=dict)
    trade: Mapping[Good, int] = field(default_factory=dict)
    buy: tuple[str, ...] = ()
    pay: GoodCounts = field(default_factory=GoodCounts)
    reveal: tuple[str, ...] = ()
    copy: int | None = None
    place: tuple[ColonistKind, ...] = ()
    # A Magister or Diplomat repeating a double-role card: the role it
    # carries out (``"role"``); None otherwise.
    role: CardKind | None = None
    # Salsa's forum: Titus Valerius' exchange on a Tribune (given goods
    # negative, the good taken positive); Claudius Pompeius' bonus good sold
    # at once on a Prefect.
    exchange: Mapping[Good, int] = field(default_factory=dict)
    sell_bonus: bool = False
    # Lucius Flavius' Diplomat: the display card whose action it copies.
    copy_card: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Play:
    """A ``play`` event: ``seat`` played ``card``; ``index`` is its place in ``events``."""

    index: int
    seat: int
    card: Card
    action: Action
    # The role carried out: the card's own, or the one a double-role card's
    # play names (``"role"``).
    role: CardKind | None = None

    @property
    def played_role(self) -> CardKind:
        return self.role or self.card.kind


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal:
    index: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Adjust:
    """Full tracking: what lies on the table for one player (None: unchanged)."""

    index: int
    seat: int
    sestertii: int | None = None
    storehouse: Mapping[Good, int] = field(default_factory=dict)
    colonists_board: int | None = None
    colonists_storehouse: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ForumTake:
    """Salsa's forum: ``seat`` took ``card`` from the tableau; ``refill`` is the
    card laid in its place from the stack (None: not named, the place stays empty)."""

    index: int
    seat: int
    card: str
    refill: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CitizenUse:
    """Salsa's forum: ``seat`` used its citizen ``card`` (then discarded);
    ``good`` is the good chosen where the card lets the player choose."""

    index: int
    seat: int
    card: str
    good: Good | None = None
    # What the citizen did, where it says (each optional: without it the
    # card is only recorded). Augustus' exchange (given goods negative, the
    # goods taken positive), Marcus' and Mamercus' house, Tiberius' province,
    # Publius' colonist.
    exchange: Mapping[Good, int] = field(default_factory=dict)
    city: str | None = None
    province: str | None = None
    colonist: ColonistKind | None = None


Event = Play | Reveal | Undo | Adjust | Abandon | ForumTake | CitizenUse


@dataclass(frozen=True, slots=True, kw_only=True)
class ForumSetup:
    """Salsa's forum at setup: the patrician each seat kept, the four cards of the tableau."""

    patricians: tuple[str, ...]
    tableau: tuple[str, ...]
    # The two patricians dealt to each seat, when the log names them
    # (optional: the kept one is then one of them).
    dealt: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ForumState:
    """The forum now: the tableau (None: a place not refilled yet), each seat's
    cards (patricians kept, citizens not used yet) and the citizens used."""

    tableau: tuple[str | None, ...]
    held: tuple[tuple[str, ...], ...]
    used: tuple[str, ...] = ()
    # The citizens used on turn number ``turn`` (an effect that lasts the turn).
    turn_used: tuple[str, ...] = ()
    turn: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class GameLog:
    """A parsed game log (``docs/game-log.md``). ``cities`` maps full city names to goods.

    ``documents`` holds each event as the log gave it (a plain JSON value), so
    that the log can be written back exactly.
    """

    map: MapName
    tracking: Tracking
    intermediate_scoring: bool
    players: tuple[Seat, ...]
    cities: Mapping[str, Good] | None
    display: tuple[str, ...]
    events: tuple[Event, ...]
    documents: tuple[object, ...] = field(default=(), compare=False, repr=False)
    # The expansion modules played (the score sheet's ``expansions``); none
    # in the base game, and then the document has no such field.
    expansions: tuple[str, ...] = ()
    # The side of the card display (Venus' ``"wine"`` side, expansions §2d);
    # the classic ``"cloth"`` side by default, and then the document has no
    # such field.
    display_side: str = "cloth"
    # Salsa's forum setup (with the forum module only).
    forum: ForumSetup | None = None

    @property
    def spec(self) -> MapSpec:
        return MAPS[self.map]

    @property
    def rules(self) -> Ruleset:
        """The game's ruleset: its map with its modules."""
        return ruleset(self.map, self.expansions)

    @property
    def surcharge(self) -> tuple[tuple[SurchargeGood, ...], ...]:
        """The Senator's surcharge per display position on this game's side."""
        return self.rules.surcharge_of(self.display_side)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerState:
    """One player. ``hand`` is sorted by card id, ``discard`` bottom to top.

    With light tracking the money, goods, colonists and houses stay as at setup
    and mean nothing; the state document leaves them out.
    """

    name: str
    colour: str
    hand: tuple[str, ...]
    discard: tuple[str, ...]
    sestertii: int
    storehouse: GoodCounts
    colonists_board: int
    colonists_storehouse: int
    houses: tuple[str, ...]
    # The storehouse's spaces: 12, 16 with Salsa's Claudia Agrippina.
    spaces: int = STOREHOUSE_SPACES

    @property
    def cards(self) -> tuple[str, ...]:
        return self.hand + self.discard

    @property
    def free_spaces(self) -> int:
        return self.spaces - self.storehouse.total - self.colonists_storehouse


@dataclass(frozen=True, slots=True, kw_only=True)
class IntermediateScore:
    """The optional intermediate scoring: each seat's total once it has played a Tribune."""

    totals: tuple[int | None, ...]
    bonus: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class State:
    """Where the game stands. ``seat`` is whose turn it is (None once over).

    ``display`` has ``None`` for the places waiting for a ``reveal``; ``pile``
    lists the cards still in the draw pile, lowest deck first (their order
    within a deck is unknown). ``coin_side`` holds the provinces whose bonus
    marker shows its coins. ``before`` is the state before the latest event an
    ``undo`` would withdraw, or None.
    """

    log: GameLog = field(compare=False, repr=False)
    status: Status
    turn_number: int
    seat: int | None
    pm_seat: int
    concordia_seat: int | None
    display: tuple[str | None, ...]
    pile: tuple[str, ...]
    coin_side: frozenset[str]
    players: tuple[PlayerState, ...]
    intermediate: IntermediateScore | None
    adjusted: frozenset[int] = frozenset()
    before: State | None = field(default=None, compare=False, repr=False)
    # Salsa's forum (with its module only).
    forum: ForumState | None = None

    @property
    def tracking(self) -> Tracking:
        return self.log.tracking

    @property
    def map(self) -> MapSpec:
        return self.log.spec

    @property
    def full(self) -> bool:
        return self.log.tracking is Tracking.FULL

    @property
    def current_player(self) -> str | None:
        return None if self.seat is None else self.players[self.seat].name

    @property
    def praefectus_magnus(self) -> str:
        return self.players[self.pm_seat].name

    @property
    def concordia_card(self) -> str | None:
        seat = self.concordia_seat
        return None if seat is None else self.players[seat].name

    @property
    def pile_count(self) -> int:
        return len(self.pile)

    @property
    def undoable(self) -> bool:
        # An abandon is withdrawn like any other event (issue #25).
        return self.before is not None

    @property
    def over(self) -> bool:
        return self.status in (Status.FINISHED, Status.ABANDONED)

    def seat_of(self, name: str) -> int | None:
        for seat, player in enumerate(self.players):
            if player.name == name:
                return seat
        return None
