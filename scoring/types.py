"""The vocabulary of a Concordia score sheet: enums and frozen value types.

Everything here is plain data. The web app (`games/`) reuses the enum values as
model ``choices`` so that there is one vocabulary, and renders the structured
results into translated sentences; nothing in this package formats text for a
player except the English validation messages of the score-sheet contract.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from operator import le
from typing import ClassVar, Self

from scoring._data import category_ids, god_ids, good_ids, map_ids, specialist_ids


def _members(ids: Iterable[str]) -> dict[str, str]:
    return {identifier.upper(): identifier for identifier in ids}


# The vocabulary is the data's (`scoring._data`): a good, god, specialist or
# map added to ``scoring/data/concordia.json`` is a member here with no code.
# Code never names a member (``Good("brick")`` in a test, never ``Good("brick")``
# in the product): which of them a game uses is its `scoring.ruleset.Ruleset`.

#: Every good the data knows, cheapest first (rules digest §2).
Good = StrEnum("Good", _members(good_ids()))  # type: ignore[misc]
#: Every god a personality card can belong to, besides Minerva (§3, §4).
God = StrEnum("God", _members(god_ids()))  # type: ignore[misc]
#: One line of a final score: each god, Minerva's specialists, the Concordia card.
Category = StrEnum("Category", _members(category_ids()))  # type: ignore[misc]
#: The Minerva cards; each exists once in the game (§4b, §5).
Specialist = StrEnum("Specialist", _members(specialist_ids()))  # type: ignore[misc]
#: Every map (side of a board) the data describes.
MapName = StrEnum("MapName", _members(map_ids()))  # type: ignore[misc]


class SheetKind(StrEnum):
    FINAL = "final"
    INTERMEDIATE = "intermediate"


class _Counts:
    """An immutable count per member of an open vocabulary (goods or gods).

    The counts are a tuple, ``vector``, in the vocabulary's order (every good,
    or every god, the data knows), so that the engine's sums and comparisons
    run in C; a member not given counts 0. Look a count up by member (a `Good`
    or `God` is a ``str``, so either does). Which members a game has is its
    ruleset's business (`scoring.ruleset`), not this shape's: a member of
    another module simply counts 0 here.
    """

    __slots__ = ("vector",)

    # Set by each subclass: its vocabulary, and each member's place in it.
    members: ClassVar[tuple[str, ...]] = ()
    index: ClassVar[Mapping[str, int]] = {}
    _zero: ClassVar[tuple[int, ...]] = ()

    vector: tuple[int, ...]

    def __init__(
        self,
        counts: Mapping[str, int]
        | Mapping[Good, int]
        | Mapping[God, int]
        | None = None,
        /,
        **named: int,
    ):
        if not counts and not named:
            self.vector = self._zero
            return
        vector = list(self._zero)
        index = self.index
        sources: tuple[Mapping[str, int], ...] = (counts or {}, named)  # type: ignore[assignment]
        for source in sources:
            for member, count in source.items():
                try:
                    vector[index[member]] = count
                except KeyError:
                    raise TypeError(
                        f"{type(self).__name__}: no {member!r} in the data"
                    ) from None
        self.vector = tuple(vector)

    @classmethod
    def of_vector(cls, vector: tuple[int, ...]) -> Self:
        """The counts whose ``vector`` this is (in the vocabulary's order)."""
        counts = object.__new__(cls)
        counts.vector = vector
        return counts

    def __getitem__(self, member: str) -> int:
        return self.vector[self.index[member]]

    def get(self, member: str, default: int = 0) -> int:
        place = self.index.get(member)
        return default if place is None else self.vector[place]

    def nonzero(self) -> dict[str, int]:
        """The members with a count other than 0."""
        return {
            member: count
            for member, count in zip(self.members, self.vector, strict=True)
            if count
        }

    def in_order(self, members: Iterable[str]) -> tuple[int, ...]:
        """The counts of ``members``, in their order."""
        vector, index = self.vector, self.index
        return tuple([vector[index[member]] for member in members])

    def within(self, caps: _Counts) -> bool:
        """Whether no count is negative or above its cap in ``caps``."""
        vector = self.vector
        return (not vector or min(vector) >= 0) and all(map(le, vector, caps.vector))

    def capped(self, caps: _Counts) -> Self:
        """These counts with each at most its cap in ``caps`` (self when none is over)."""
        if all(map(le, self.vector, caps.vector)):
            return self
        return self.of_vector(tuple(map(min, self.vector, caps.vector)))

    def replace(self, **changes: int) -> Self:
        """These counts with the members named in ``changes`` set to their count."""
        return type(self)(self.nonzero(), **changes)

    @property
    def total(self) -> int:
        return sum(self.vector)

    @property
    def positive_total(self) -> int:
        """The sum of the counts above 0 (a negative count is a typo, not a debt)."""
        vector = self.vector
        # min() and sum() run in C: this is on every player of every preview.
        if not vector or min(vector) >= 0:
            return sum(vector)
        return sum(count for count in vector if count > 0)

    @property
    def has_negative(self) -> bool:
        return bool(self.vector) and min(self.vector) < 0

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Counts)
        return self.vector == other.vector

    def __hash__(self) -> int:
        return hash(self.vector)

    def __repr__(self) -> str:
        inner = ", ".join(f"{key}={value}" for key, value in self.nonzero().items())
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[type[Self], tuple[dict[str, int]]]:
        return type(self), (self.nonzero(),)

    def __init_subclass__(
        cls, vocabulary: Iterable[str] = (), **kwargs: object
    ) -> None:
        super().__init_subclass__()
        cls.members = tuple(str(member) for member in vocabulary)
        cls.index = {member: place for place, member in enumerate(cls.members)}
        cls._zero = (0,) * len(cls.members)


class GoodCounts(_Counts, vocabulary=Good):
    """A count per good (storehouse contents, or houses by the good of their city)."""

    __slots__ = ()

    def items(
        self, goods: Iterable[Good] | None = None
    ) -> tuple[tuple[Good, int], ...]:
        """Each good of ``goods`` (every good of the data by default) with its count."""
        return tuple((good, self[good]) for good in (goods or Good))

    @classmethod
    def from_mapping(cls, counts: Mapping[Good, int]) -> GoodCounts:
        return cls(counts)


class CardCounts(_Counts, vocabulary=God):
    """A player's personality cards per god, hand and discard pile, without Minerva."""

    __slots__ = ()

    def items(self, gods: Iterable[God] | None = None) -> tuple[tuple[God, int], ...]:
        """Each god of ``gods`` (every god of the data by default) with its count."""
        return tuple((god, self[god]) for god in (gods or God))

    @classmethod
    def from_mapping(cls, counts: Mapping[God, int]) -> CardCounts:
        return cls(counts)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerBoard:
    """What lies on the table for one player at the end (or at an intermediate scoring)."""

    name: str
    sestertii: int = 0
    storehouse: GoodCounts = field(default_factory=GoodCounts)
    colonists_on_board: int = 2
    houses: GoodCounts = field(default_factory=GoodCounts)
    provinces: int = 0
    # Without a ruleset at hand: the base game's starting hand (§4a); a
    # sheet from `scoring.sheet_io` or the web app always gives the cards.
    cards: CardCounts = field(default_factory=lambda: _base_starting_hand())
    specialists: tuple[Specialist, ...] = ()
    concordia_card: bool = False
    # Venus (expansions §2a): individual play counts the provinces holding at
    # least 2 of the player's houses; team play, where every player has a
    # ``team``, the provinces holding a house of each partner.
    venus_provinces: int = 0
    team: str | None = None
    venus_team_provinces: int = 0
    # With the forum: the victory points won or lost through it (the
    # expert start's auction bid is negative); its own line of the score.
    forum_points: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheet:
    """A whole table: players in seating order, clockwise, start player first."""

    map: MapName
    players: tuple[PlayerBoard, ...]
    praefectus_magnus: str | None = None
    kind: SheetKind = SheetKind.FINAL
    # The expansion modules played (``"salt"``, ``"forum"``, ``"venus"``),
    # in the score-sheet format's order; none for the base game.
    expansions: tuple[str, ...] = ()


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
    # Of ``houses``, those in cities of a wildcard good (salt) the player
    # counts for this specialist.
    wildcard_houses: int = 0


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
class TeamScore:
    """One team of a team game (Venus): its partners' seats and their summed total.

    The partners win or lose together; the team total is the sum of theirs
    (the best reading the sources give, expansions §2c). ``rank`` orders
    the teams as `rank` orders players, the Praefectus Magnus breaking ties.
    """

    team: str
    seats: tuple[int, ...]
    total: int
    rank: int


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
    # Team play: each team, in the order of their first seat; the winning
    # team's name (None without teams).
    teams: tuple[TeamScore, ...] = ()
    winner_team: str | None = None

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


def _base_starting_hand() -> CardCounts:
    from scoring._data import starting_hand_counts

    return CardCounts(starting_hand_counts())
