"""The vocabulary of a Concordia score sheet: enums and frozen value types.

Everything here is plain data. The web app (`games/`) reuses the enum values as
model ``choices`` so that there is one vocabulary, and renders the structured
results into translated sentences; nothing in this package formats text for a
player except the English validation messages of the score-sheet contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class Good(StrEnum):
    """The five goods, cheapest first (rules digest §2)."""

    BRICK = "brick"
    FOOD = "food"
    TOOL = "tool"
    WINE = "wine"
    CLOTH = "cloth"


class God(StrEnum):
    """The gods a personality card can belong to, besides Minerva (§3, §4)."""

    VESTA = "vesta"
    JUPITER = "jupiter"
    SATURNUS = "saturnus"
    MERCURIUS = "mercurius"
    MARS = "mars"


class Category(StrEnum):
    """One line of a final score: a god, Minerva's specialists, or the Concordia card."""

    VESTA = "vesta"
    JUPITER = "jupiter"
    SATURNUS = "saturnus"
    MERCURIUS = "mercurius"
    MARS = "mars"
    MINERVA = "minerva"
    CONCORDIA = "concordia"


class Specialist(StrEnum):
    """The Minerva cards; each exists once in the game (§4b, §5)."""

    MASON = "mason"
    FARMER = "farmer"
    SMITH = "smith"
    VINTNER = "vintner"
    WEAVER = "weaver"


class MapName(StrEnum):
    IMPERIUM = "imperium"
    ITALIA = "italia"


class SheetKind(StrEnum):
    FINAL = "final"
    INTERMEDIATE = "intermediate"


@dataclass(frozen=True, slots=True, kw_only=True)
class GoodCounts:
    """A count per good (storehouse contents, or houses by the good of their city)."""

    brick: int = 0
    food: int = 0
    tool: int = 0
    wine: int = 0
    cloth: int = 0

    def __getitem__(self, good: Good) -> int:
        value: int = getattr(self, good.value)
        return value

    def items(self) -> tuple[tuple[Good, int], ...]:
        return tuple((good, self[good]) for good in Good)

    @property
    def total(self) -> int:
        return self.brick + self.food + self.tool + self.wine + self.cloth

    @classmethod
    def from_mapping(cls, counts: Mapping[Good, int]) -> GoodCounts:
        return cls(**{good.value: count for good, count in counts.items()})


@dataclass(frozen=True, slots=True, kw_only=True)
class CardCounts:
    """A player's personality cards per god, hand and discard pile, without Minerva."""

    vesta: int = 0
    jupiter: int = 0
    saturnus: int = 0
    mercurius: int = 0
    mars: int = 0

    def __getitem__(self, god: God) -> int:
        value: int = getattr(self, god.value)
        return value

    def items(self) -> tuple[tuple[God, int], ...]:
        return tuple((god, self[god]) for god in God)

    @property
    def total(self) -> int:
        return self.vesta + self.jupiter + self.saturnus + self.mercurius + self.mars

    @classmethod
    def from_mapping(cls, counts: Mapping[God, int]) -> CardCounts:
        return cls(**{god.value: count for god, count in counts.items()})


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerBoard:
    """What lies on the table for one player at the end (or at an intermediate scoring)."""

    name: str
    sestertii: int = 0
    storehouse: GoodCounts = field(default_factory=GoodCounts)
    colonists_on_board: int = 2
    houses: GoodCounts = field(default_factory=GoodCounts)
    provinces: int = 0
    cards: CardCounts = field(
        default_factory=lambda: CardCounts(
            vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1
        )
    )
    specialists: tuple[Specialist, ...] = ()
    concordia_card: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheet:
    """A whole table: players in seating order, clockwise, start player first."""

    map: MapName
    players: tuple[PlayerBoard, ...]
    praefectus_magnus: str | None = None
    kind: SheetKind = SheetKind.FINAL


@dataclass(frozen=True, slots=True, kw_only=True)
class CategoryScore:
    """The points of one god for one player, with what they were computed from.

    ``points == cards * per_card``. ``counted`` is what one card counts before any
    cap: the wealth in sestertii for Vesta, houses in non-brick cities for Jupiter,
    provinces for Saturnus, kinds of goods for Mercurius, colonists for Mars. For
    the Concordia card ``cards`` is 1 or 0 and ``per_card`` is 7. For Minerva the
    parts are in ``PlayerScore.specialists`` and ``cards`` is their number.
    """

    category: Category
    cards: int
    counted: int
    per_card: int
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SpecialistScore:
    """One Minerva card: its value times the player's houses in cities of its good."""

    specialist: Specialist
    good: Good
    houses: int
    per_house: int
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerScore:
    """One player's result; ``lines`` holds one entry per `Category`, in order."""

    name: str
    seat: int
    lines: tuple[CategoryScore, ...]
    specialists: tuple[SpecialistScore, ...]
    goods_value: int
    total: int
    rank: int
    bonus_sestertii: int | None = None

    def points(self, category: Category) -> int:
        for line in self.lines:
            if line.category is category:
                return line.points
        raise KeyError(category)


class TieBreak(StrEnum):
    """What put the first of several players with the same total ahead (§3 tie-break)."""

    # The first of them holds the Praefectus Magnus.
    HOLDS_PRAEFECTUS_MAGNUS = "holds_praefectus_magnus"
    # The card passes to the right: the first of them would receive it soonest.
    NEXT_FOR_PRAEFECTUS_MAGNUS = "next_for_praefectus_magnus"
    # Nobody at the table holds it (a sheet still being filled in): seating order.
    SEATING_ORDER = "seating_order"


@dataclass(frozen=True, slots=True, kw_only=True)
class Tie:
    """Players with the same total, in the order the tie-break placed them."""

    total: int
    # Seat indexes, the best placed first.
    seats: tuple[int, ...]
    reason: TieBreak


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetResult:
    """The scored table; ``players`` come back in seating (input) order.

    ``ties`` lists each group of equal totals, best placed group first, with
    the rule that ordered it; ``praefectus_magnus`` is the holder's seat, or
    None when no player at the table holds it.
    """

    kind: SheetKind
    players: tuple[PlayerScore, ...]
    winner: str
    praefectus_magnus: int | None = None
    ties: tuple[Tie, ...] = ()

    @property
    def winner_decided(self) -> bool:
        """Whether the rules name the winner: one best total, or a tie the
        Praefectus Magnus breaks (not the seating order of an unfinished sheet)."""
        top = max((score.total for score in self.players), default=None)
        if top is None:
            return False
        return not any(
            tie.total == top and tie.reason is TieBreak.SEATING_ORDER
            for tie in self.ties
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One thing wrong with a score sheet, addressed by the JSON path of its field.

    ``template`` is an English message with ``%(name)s`` placeholders, marked for
    translation where it is defined, so that the web app can show it in the
    player's language (``gettext(template) % params``, or ``ngettext`` with
    ``plural`` and the ``count`` parameter) while the score-sheet contract gets
    ``message``.
    """

    path: str
    template: str
    params: Mapping[str, str | int] = field(default_factory=dict)
    # A count with a noun: the English plural of ``template`` and the name of
    # the parameter that counts (see `scoring.i18n.ngettext`).
    plural: str = ""
    count: str = ""

    @property
    def message(self) -> str:
        template = self.template
        if self.plural and self.params.get(self.count) != 1:
            template = self.plural
        return template % dict(self.params) if self.params else template
