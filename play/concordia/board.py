"""The scratch copy of a `State` that one event changes, then freezes into a new `State`.

States are immutable; applying an event copies the few tuples it touches into
lists, lets the card functions (`play.cards`) change them, and builds the next
`State`. Every rule check raises `LogInvalid` with the path of the offending
field, before anything is frozen, so a refused event leaves no trace.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from play.concordia import messages as m
from play.concordia.data import CARDS
from play.concordia.types import IntermediateScore, PlayerState, State, Status
from play.errors import invalid, invalid_count
from scoring.types import Good, GoodCounts

GOODS = tuple(Good)
T = TypeVar("T")


class Purse:
    """One player's belongings while an event is applied."""

    __slots__ = (
        "colonists_board",
        "colonists_storehouse",
        "colour",
        "discard",
        "goods",
        "hand",
        "houses",
        "name",
        "sestertii",
        "spaces",
        "wildcards",
    )

    def __init__(self, player: PlayerState, wildcards: tuple[Good, ...] = ()) -> None:
        # The goods that stand for any other when paying (salt, with its
        # module): the game's ruleset's, none in the base game.
        self.wildcards = wildcards
        self.name = player.name
        self.colour = player.colour
        self.hand = list(player.hand)
        self.discard = list(player.discard)
        self.sestertii = player.sestertii
        storehouse = player.storehouse
        # Every good of the data, in `GoodCounts.vector` order (a good of a
        # module not played stays at 0: nothing pays or brings it).
        self.goods: dict[Good, int] = dict(zip(GOODS, storehouse.vector, strict=True))
        self.colonists_board = player.colonists_board
        self.colonists_storehouse = player.colonists_storehouse
        self.houses = list(player.houses)
        self.spaces = player.spaces

    @property
    def free_spaces(self) -> int:
        return self.spaces - sum(self.goods.values()) - self.colonists_storehouse

    def earn(self, amount: int) -> None:
        self.sestertii += amount

    def pay(self, amount: int, path: str) -> None:
        """Pay ``amount`` sestertii; money never goes below 0."""
        if amount > self.sestertii:
            raise invalid_count(
                path,
                m.SHORT_OF_MONEY,
                "needed",
                player=self.name,
                needed=amount,
                has=self.sestertii,
            )
        self.sestertii -= amount

    def spend(self, goods: Mapping[Good, int], path: str) -> None:
        """Take ``goods`` out of the storehouse, all or nothing.

        A good the player lacks is paid with a wildcard good (salt) when the
        game has one and the player holds it; the base game has none.
        """
        short = {
            good: count - self.goods[good]
            for good, count in goods.items()
            if count > self.goods[good]
        }
        spare = {
            wildcard: self.goods[wildcard] - goods.get(wildcard, 0)
            for wildcard in self.wildcards
        }
        if short and sum(spare.values()) < sum(short.values()):
            good = next(iter(short))
            known = m.SHORT_OF_GOODS.get(good)
            named = {} if known else {"good": good.value}
            raise invalid_count(
                path,
                known or m.SHORT_OF_GOODS_ANY,
                "needed",
                player=self.name,
                needed=goods[good],
                has=self.goods[good],
                **named,
            )
        for good, count in goods.items():
            self.goods[good] -= min(count, self.goods[good])
        missing = sum(short.values())
        for wildcard in self.wildcards:
            used = min(missing, spare[wildcard])
            self.goods[wildcard] -= used
            missing -= used

    def store(
        self, goods: Mapping[Good, int], path: str, *, full: str = m.STOREHOUSE_FULL
    ) -> None:
        """Put ``goods`` into the storehouse; all must fit (§2 Storehouse).

        ``full`` says what to do when they do not: production names what does
        not fit in ``drop``; a purchase (the Mercator's) buys fewer.
        """
        arriving = sum(goods.values())
        if arriving > self.free_spaces:
            raise invalid(
                path,
                full,
                player=self.name,
                needed=self.spaces - self.free_spaces + arriving,
                spaces=self.spaces,
            )
        for good, count in goods.items():
            self.goods[good] += count

    def freeze(self) -> PlayerState:
        goods = self.goods
        return PlayerState(
            name=self.name,
            colour=self.colour,
            hand=tuple(sorted(self.hand)),
            discard=tuple(self.discard),
            sestertii=self.sestertii,
            storehouse=GoodCounts.of_vector(tuple(goods.values())),
            colonists_board=self.colonists_board,
            colonists_storehouse=self.colonists_storehouse,
            houses=tuple(sorted(self.houses)),
            spaces=self.spaces,
        )


class Board:
    """A `State` opened for change by one event."""

    __slots__ = (
        "coin_side",
        "concordia_seat",
        "display",
        "forum",
        "intermediate",
        "pile",
        "pm_seat",
        "purses",
        "state",
    )

    def __init__(self, state: State) -> None:
        self.state = state
        # Copied into lists only by the events that change them.
        self.display: Sequence[str | None] = state.display
        self.pile: Sequence[str] = state.pile
        self.coin_side: frozenset[str] = state.coin_side
        self.pm_seat = state.pm_seat
        self.concordia_seat = state.concordia_seat
        self.intermediate = state.intermediate
        self.forum = state.forum
        self.purses: dict[int, Purse] = {}

    @property
    def full(self) -> bool:
        return self.state.full

    @property
    def seats(self) -> int:
        return len(self.state.players)

    def purse(self, seat: int) -> Purse:
        purse = self.purses.get(seat)
        if purse is None:
            purse = self.purses[seat] = Purse(
                self.state.players[seat], wildcards=self.state.log.rules.wildcards
            )
        return purse

    def holds(self, seat: int, card: str) -> bool:
        """Salsa's forum: whether ``seat`` holds the forum card ``card`` now
        (a patrician kept, or a citizen not used yet)."""
        return self.forum is not None and card in self.forum.held[seat]

    def in_effect(self, card: str) -> bool:
        """Salsa's forum: whether the citizen ``card`` was used this turn (its
        effect lasts the turn: Mamilius' houses without brick)."""
        forum = self.forum
        return (
            forum is not None
            and forum.turn == self.state.turn_number
            and card in forum.turn_used
        )

    def houses_in(self, city: str) -> int:
        """Every player's houses in ``city`` as they stand now."""
        return sum(
            city in (self.purses[s].houses if s in self.purses else p.houses)
            for s, p in enumerate(self.state.players)
        )

    def houses_of(self, seat: int) -> tuple[str, ...] | list[str]:
        purse = self.purses.get(seat)
        return purse.houses if purse is not None else self.state.players[seat].houses

    def take_concordia(self, seat: int) -> None:
        """§2: the first to end the game takes the Concordia card; it is taken once."""
        if self.concordia_seat is None:
            self.concordia_seat = seat

    def reveal(self, cards: tuple[str, ...], path: str) -> None:
        """Fill the display's waiting places, left to right (§6), from the pile's current deck."""
        if not cards:
            return
        places = self.display.count(None)
        if len(cards) > places:
            if places == 0:
                raise invalid(path, m.NOTHING_TO_REVEAL, given=len(cards))
            raise invalid(path, m.TOO_MANY_REVEALED, places=places, given=len(cards))
        pile = list(self.pile)
        display = list(self.display)
        for index, card in enumerate(cards):
            here = f"{path}[{index}]"
            if card not in pile:
                raise invalid(here, m.NOT_IN_PILE, card=card)
            # The draw pile is decks I…N stacked in order: deck I is used up first.
            deck = CARDS[pile[0]].deck
            if CARDS[card].deck != deck:
                raise invalid(here, m.NOT_CURRENT_DECK, deck=_roman(deck), card=card)
            pile.remove(card)
            display[display.index(None)] = card
        self.pile = pile
        self.display = display

    def buy(self, cards: tuple[str, ...], path: str) -> list[int]:
        """Take ``cards`` off the display; return their positions (1-based) at the start.

        The remaining cards slide left and the emptied places wait for the pile
        (as many as it still holds).
        """
        if None in self.display:
            raise invalid(path, m.DISPLAY_NOT_FULL)
        positions = []
        for index, card in enumerate(cards):
            if cards.index(card) != index:
                raise invalid(f"{path}[{index}]", m.BUY_TWICE, card=card)
            if card not in self.display:
                raise invalid(f"{path}[{index}]", m.NOT_ON_DISPLAY, card=card)
            positions.append(self.display.index(card) + 1)
        remaining = [card for card in self.display if card not in cards]
        refill = min(len(cards), len(self.pile))
        self.display = [*remaining, *([None] * refill)]
        return positions

    def freeze(
        self,
        *,
        status: Status | None = None,
        seat: int | None,
        turn_number: int,
        adjusted: frozenset[int] | None = None,
    ) -> State:
        state = self.state
        players = state.players
        if self.purses:
            players = tuple(
                self.purses[s].freeze() if s in self.purses else p
                for s, p in enumerate(players)
            )
        return State(
            log=state.log,
            status=status or state.status,
            turn_number=turn_number,
            seat=seat,
            pm_seat=self.pm_seat,
            concordia_seat=self.concordia_seat,
            display=_frozen(self.display),
            pile=_frozen(self.pile),
            coin_side=self.coin_side,
            players=players,
            intermediate=self.intermediate,
            adjusted=state.adjusted if adjusted is None else adjusted,
            before=state,
            forum=self.forum,
        )


def _frozen(items: Sequence[T]) -> tuple[T, ...]:
    return items if isinstance(items, tuple) else tuple(items)


def with_intermediate(
    current: IntermediateScore, seat: int, total: int
) -> IntermediateScore:
    totals = list(current.totals)
    totals[seat] = total
    return IntermediateScore(totals=tuple(totals), bonus=current.bonus)


def _roman(deck: int) -> str:
    from scoring.board import ROMAN

    return ROMAN[deck]
