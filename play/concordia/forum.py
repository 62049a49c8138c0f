"""Salsa's forum in the game log (concordia-expansions.md §1b; data: ``forum_cards``).

The setup (``"forum"`` in the log's header, with the module): the patrician
each player kept of the two dealt, and the four cards laid on the tableau.
Two events: ``forum`` (a player takes a card from the tableau, and the card
laid in its place from the stack may be named) and ``citizen`` (a player uses
one of their citizens, which is then discarded). How and when a card is
taken, and at what price, is not known (U): the log records what the table
did, any price paid with an ``adjust``.

Effects (full tracking), by the data's ``applied``: the citizens here
(`EFFECTS`), each with the field of its event where it says what it did
(`CITIZEN_FIELDS`; without it the card is only recorded, as in the logs
written before); the patricians for as long as their holder has them, where
the card they change is carried out (`play.concordia.cards`: Aulus, Gaius,
Donatus, Titus, Servius, Faustus, Claudius, Cornelius, Lucius; Sextus in
`log._role` and `cards.diplomat`) and Mamilius for the
turn it is used (`Board.in_effect`), Claudia Agrippina when gained (at setup
or taken: `_gained`). ``board_only`` cards change colonists'
moves, which no log tracks. The unknown cards (Novius, Quintus, Victoria)
are recorded, and the table sets what they changed with an ``adjust`` event
(the assistant says so beside the card's text).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from play.concordia import log as log_module
from play.concordia import messages as m
from play.concordia import replay as replay_module
from play.concordia.board import Board
from play.concordia.cards import build_house, exchange, provinces_by_name
from play.concordia.data import forum_goods, forum_number
from play.concordia.types import (
    CitizenUse,
    ColonistKind,
    ForumSetup,
    ForumState,
    ForumTake,
    Seat,
    State,
)
from play.errors import invalid
from scoring.board import province_bonus
from scoring.reference import as_int, as_list, as_mapping, as_str, reference
from scoring.ruleset import Ruleset
from scoring.shape import EXPECTED_OBJECT, ShapeReader, child, describe
from scoring.types import Good

_DATA: Final = as_mapping(reference()["forum_cards"])


@dataclass(frozen=True, slots=True, kw_only=True)
class ForumCard:
    """One forum card: a patrician (kept) or a citizen (used once)."""

    name: str
    patrician: bool
    when: str
    effect: str
    confidence: str
    # The effect the rules of play carry out (full tracking), or "".
    applied: str = ""


FORUM_CARDS: Final[Mapping[str, ForumCard]] = MappingProxyType(
    {
        as_str(raw["name"]): ForumCard(
            name=as_str(raw["name"]),
            patrician=raw["type"] == "patrician",
            when=as_str(raw["when"]),
            effect=as_str(raw["effect"]),
            confidence=as_str(raw["confidence"]),
            applied=as_str(raw.get("applied", "")),
        )
        for raw in map(as_mapping, as_list(_DATA["cards"]))
    }
)
TABLEAU: Final = as_int(_DATA["tableau"])
DEALT: Final = as_int(_DATA["patricians_dealt"])


def _setup(
    reader: ShapeReader,
    top: Mapping[str, object],
    rules: Ruleset,
    players: tuple[Seat, ...],
) -> ForumSetup | None:
    """Read the header's ``forum``: required with the module, refused without it."""
    played = "forum" in rules.expansions
    if "forum" not in top:
        if played:
            reader.report("forum", m.FORUM_SETUP_MISSING)
        return None
    if not played:
        reader.report("forum", m.FORUM_NOT_PLAYED)
        return None
    fields = reader.fields(
        top["forum"], "forum", required=("patricians", "tableau"), optional=("dealt",)
    )
    dealt = _dealt(reader, fields, players)
    seen: set[str] = set()
    patricians: list[str] = []
    raw = fields.get("patricians", {})
    if not isinstance(raw, dict):
        reader.report("forum.patricians", EXPECTED_OBJECT, got=describe(raw))
        raw = {}
    for name in raw:
        if name not in {seat.name for seat in players}:
            reader.report(f"forum.patricians.{name}", m.PLAYER_UNKNOWN, given=name)
    for seat in players:
        here = f"forum.patricians.{seat.name}"
        card = raw.get(seat.name)
        if card is None:
            reader.report(here, m.FORUM_PATRICIAN_MISSING, player=seat.name)
            continue
        if _card(reader, card, here, seen) and not FORUM_CARDS[card].patrician:
            reader.report(here, m.FORUM_NOT_PATRICIAN, card=card)
        elif dealt and card not in dealt[len(patricians)]:
            reader.report(here, m.FORUM_NOT_DEALT, player=seat.name, card=str(card))
        patricians.append(str(card))
    tableau = [
        str(card)
        for index, card in enumerate(reader.items(fields, "tableau", "forum"))
        if _card(reader, card, f"forum.tableau[{index}]", seen)
    ]
    if "tableau" in fields and len(tableau) != TABLEAU:
        reader.report(
            "forum.tableau", m.FORUM_TABLEAU, size=TABLEAU, given=len(tableau)
        )
    return ForumSetup(patricians=tuple(patricians), tableau=tuple(tableau), dealt=dealt)


def _dealt(
    reader: ShapeReader, fields: Mapping[str, object], players: tuple[Seat, ...]
) -> tuple[tuple[str, ...], ...]:
    """The optional ``dealt``: two patricians per player, each dealt once."""
    raw = fields.get("dealt")
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        reader.report("forum.dealt", EXPECTED_OBJECT, got=describe(raw))
        return ()
    seen: set[str] = set()
    dealt: list[tuple[str, ...]] = []
    for seat in players:
        here = f"forum.dealt.{seat.name}"
        cards = raw.get(seat.name)
        if not isinstance(cards, list) or len(cards) != DEALT:
            reader.report(here, m.FORUM_DEALT, player=seat.name, count=DEALT)
            return ()
        for index, card in enumerate(cards):
            if _card(reader, card, f"{here}[{index}]", seen) and not (
                FORUM_CARDS[card].patrician
            ):
                reader.report(f"{here}[{index}]", m.FORUM_NOT_PATRICIAN, card=card)
        dealt.append(tuple(str(card) for card in cards))
    return tuple(dealt)


def _card(reader: ShapeReader, value: object, path: str, seen: set[str]) -> bool:
    """Whether ``value`` names a forum card not met before (reported if not)."""
    if not isinstance(value, str) or value not in FORUM_CARDS:
        reader.report(path, m.FORUM_CARD_UNKNOWN, given=describe(value))
        return False
    if value in seen:
        reader.report(path, m.FORUM_CARD_TWICE, card=value)
        return False
    seen.add(value)
    return True


def _read_take(
    reader: ShapeReader, raw: Mapping[str, object], path: str, index: int, context: Any
) -> ForumTake:
    fields = reader.fields(
        raw, path, required=("type", "player", "take"), optional=("refill",)
    )
    seat = log_module._seat(
        reader, fields.get("player"), child(path, "player"), context
    )
    card = reader.text(fields, "take", path)
    refill = reader.optional_text(fields, "refill", path)
    for key, value in (("take", card), ("refill", refill)):
        if value is not None and value not in FORUM_CARDS and key in fields:
            reader.report(child(path, key), m.FORUM_CARD_UNKNOWN, given=value)
    return ForumTake(index=index, seat=seat or 0, card=card, refill=refill)


#: What a citizen's event may say it did, by the data's ``applied`` (each
#: optional: without it the card is only recorded; ``good`` goes with any).
CITIZEN_FIELDS: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {
        "augustus": frozenset({"exchange"}),
        "marcus": frozenset({"city"}),
        "mamercus": frozenset({"city"}),
        "tiberius": frozenset({"province"}),
        "publius": frozenset({"colonist"}),
    }
)
_CITIZEN_OPTIONAL: Final = ("good", "exchange", "city", "province", "colonist")


def _read_citizen(
    reader: ShapeReader, raw: Mapping[str, object], path: str, index: int, context: Any
) -> CitizenUse:
    fields = reader.fields(
        raw, path, required=("type", "player", "card"), optional=_CITIZEN_OPTIONAL
    )
    seat = log_module._seat(
        reader, fields.get("player"), child(path, "player"), context
    )
    card = reader.text(fields, "card", path)
    if "card" in fields and card not in FORUM_CARDS:
        reader.report(child(path, "card"), m.FORUM_CARD_UNKNOWN, given=card)
    known = FORUM_CARDS.get(card)
    allowed = CITIZEN_FIELDS.get(known.applied if known else "", frozenset())
    for name in _CITIZEN_OPTIONAL[1:]:
        if name in fields and known is not None and name not in allowed:
            reader.report(child(path, name), m.FORUM_FIELD, field=name, card=card)
    good = (
        reader.choice_value(fields["good"], child(path, "good"), Good, Good("brick"))
        if "good" in fields
        else None
    )
    return CitizenUse(
        index=index,
        seat=seat or 0,
        card=card,
        good=good,
        exchange=(
            log_module.read_exchange(reader, fields, path, context)
            if "exchange" in fields
            else {}
        ),
        city=(
            log_module.city(reader, fields["city"], child(path, "city"), context.spec)
            if "city" in fields
            else None
        ),
        province=(
            log_module.read_province(reader, fields, path, context)
            if "province" in fields
            else None
        ),
        colonist=(
            reader.choice(fields, "colonist", path, ColonistKind, ColonistKind.LAND)
            if "colonist" in fields
            else None
        ),
    )


def _forum_of(state: State, path: str) -> ForumState:
    if state.forum is None:
        raise invalid(child(path, "type"), m.FORUM_NOT_PLAYED)
    return state.forum


def _take(state: State, event: ForumTake, path: str) -> State:
    forum = _forum_of(state, path)
    if event.card not in forum.tableau:
        raise invalid(child(path, "take"), m.FORUM_NOT_ON_TABLEAU, card=event.card)
    tableau = list(forum.tableau)
    place = tableau.index(event.card)
    tableau[place] = None
    if event.refill is not None:
        gone = {c for c in tableau if c} | {c for h in forum.held for c in h}
        if (
            event.refill in gone
            or event.refill in forum.used
            or (event.refill == event.card)
        ):
            raise invalid(child(path, "refill"), m.FORUM_CARD_TWICE, card=event.refill)
        tableau[place] = event.refill
    held = list(forum.held)
    held[event.seat] = (*held[event.seat], event.card)
    board = Board(state)
    _gained(board, event.seat, event.card, path)
    board.forum = dataclasses.replace(forum, tableau=tuple(tableau), held=tuple(held))
    return board.freeze(seat=state.seat, turn_number=state.turn_number)


def _gained(board: Board, seat: int, card: str, path: str) -> None:
    """Claudia Agrippina, once, when gained: the storehouse grows to the
    forum's spaces (12 to 16) and takes her brick (full tracking)."""
    if FORUM_CARDS[card].applied != "claudia":
        return
    purse = board.purse(seat)
    purse.spaces = board.state.log.rules.storehouse_spaces
    if board.full:
        purse.store(forum_goods(card, "gains"), path)


def _kept_at_setup(state: State) -> State:
    """The patricians kept at setup are gained then (Claudia Agrippina)."""
    if state.forum is None:
        return state
    board = Board(state)
    for seat, cards in enumerate(state.forum.held):
        for card in cards:
            _gained(board, seat, card, f"forum.patricians.{state.players[seat].name}")
    return board.freeze(seat=state.seat, turn_number=state.turn_number)


def _provinces_with_houses(board: Board, seat: int) -> int:
    spec = board.state.map
    houses = set(board.houses_of(seat))
    return sum(
        1 for p in spec.provinces if any(city.name in houses for city in p.cities)
    )


def _spurius(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """Take 1 salt (without salt: any good, named in ``good``)."""
    rules = board.state.log.rules
    good = rules.wildcards[0] if rules.wildcards else event.good
    if good is None:
        raise invalid(child(path, "good"), m.FORUM_GOOD_NEEDED, card=event.card)
    board.purse(seat).store({good: 1}, path)


def _laurentius(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """Take 1 brick and 1 food."""
    board.purse(seat).store({Good("brick"): 1, Good("food"): 1}, path)


def _numerius(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """2 sestertii per province holding at least one of the player's houses."""
    board.purse(seat).earn(2 * _provinces_with_houses(board, seat))


def _commodus(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """1 tool per 3 provinces holding one of the player's houses, rounded down."""
    tools = _provinces_with_houses(board, seat) // 3
    if tools:
        board.purse(seat).store({Good("tool"): tools}, path)


def _augustus(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """Exchange up to 2 goods for salt (without salt: for other goods), as
    ``exchange`` says; without it, only recorded."""
    if event.exchange:
        most = forum_number(event.card, "exchange")
        exchange(board, seat, event.exchange, child(path, "exchange"), most=most)


def _marcus(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """Build 1 house in a salt city (without salt: any city) for 1 tool only,
    in ``city``; without it, only recorded."""
    if event.city is None:
        return
    here = child(path, "city")
    wildcards = board.state.log.rules.wildcards
    good = (board.state.log.cities or {}).get(event.city)
    if wildcards and good not in wildcards:
        raise invalid(here, m.FORUM_NOT_SALT_CITY, city=event.city)
    goods = forum_goods(event.card, "house_goods")
    build_house(board, seat, event.city, here, goods=goods, coins=0)


def _mamercus(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """Build 1 house in ``city`` without its sestertii (its goods paid);
    without ``city``, only recorded."""
    if event.city is None:
        return
    build_house(board, seat, event.city, child(path, "city"), coins=0)


def _tiberius(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """Take the bonus good of ``province``, whose marker shows its good (the
    marker stays as it is: the card says no more, our reading)."""
    if event.province is None:
        return
    here = child(path, "province")
    if event.province in board.coin_side:
        raise invalid(here, m.FORUM_BONUS_COINS, province=event.province)
    province = provinces_by_name(board.state.map.name)[event.province]
    good = province_bonus(province, board.state.log.cities or {})
    if good is None:
        raise invalid(here, m.FORUM_NO_BONUS)
    board.purse(seat).store({good: 1}, here)


def _publius(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """Place 1 colonist (``colonist``: land or sea) for 5 sestertii instead of
    1 food and 1 tool; without ``colonist``, only recorded."""
    if event.colonist is None:
        return
    here = child(path, "colonist")
    purse = board.purse(seat)
    if purse.colonists_storehouse == 0:
        raise invalid(here, m.NO_COLONIST_LEFT, player=purse.name)
    purse.pay(forum_number(event.card, "colonist_price"), here)
    purse.colonists_storehouse -= 1
    purse.colonists_board += 1


def _mamilius(board: Board, seat: int, event: CitizenUse, path: str) -> None:
    """This turn's houses need no brick: `cards.house_price` asks
    `Board.in_effect`, which the use itself records."""


#: The citizens' effects the rules of play carry out, by the data's ``applied``.
EFFECTS: Final[Mapping[str, Callable[[Board, int, CitizenUse, str], None]]] = (
    MappingProxyType(
        {
            "spurius": _spurius,
            "laurentius": _laurentius,
            "numerius": _numerius,
            "commodus": _commodus,
            "augustus": _augustus,
            "marcus": _marcus,
            "mamercus": _mamercus,
            "tiberius": _tiberius,
            "publius": _publius,
            "mamilius": _mamilius,
        }
    )
)


def _use(state: State, event: CitizenUse, path: str) -> State:
    forum = _forum_of(state, path)
    here = child(path, "card")
    name = state.players[event.seat].name
    if event.card not in forum.held[event.seat]:
        raise invalid(here, m.FORUM_NOT_HELD, player=name, card=event.card)
    card = FORUM_CARDS[event.card]
    if card.patrician:
        raise invalid(here, m.FORUM_PATRICIAN_KEPT, card=event.card)
    if event.seat != state.seat:
        raise invalid(
            child(path, "player"),
            m.NOT_YOUR_TURN,
            current=state.current_player or "",
            given=name,
        )
    board = Board(state)
    effect = EFFECTS.get(card.applied)
    if effect is not None and board.full:
        effect(board, event.seat, event, path)
    held = list(forum.held)
    mine = list(held[event.seat])
    mine.remove(event.card)
    held[event.seat] = tuple(mine)
    this_turn = forum.turn_used if forum.turn == state.turn_number else ()
    board.forum = dataclasses.replace(
        forum,
        held=tuple(held),
        used=(*forum.used, event.card),
        turn_used=(*this_turn, event.card),
        turn=state.turn_number,
    )
    return board.freeze(seat=state.seat, turn_number=state.turn_number)


def forum_document(state: State) -> dict[str, object] | None:
    """The forum as the state document shows it: tableau, each player's cards, used."""
    forum = state.forum
    if forum is None:
        return None
    return {
        "tableau": list(forum.tableau),
        "players": {
            player.name: list(cards)
            for player, cards in zip(state.players, forum.held, strict=True)
        },
        "used": list(forum.used),
    }


log_module.FORUM_SETUP.append(_setup)
log_module.EVENT_READERS["forum"] = _read_take
log_module.EVENT_READERS["citizen"] = _read_citizen
replay_module.EVENT_STEPS[ForumTake] = _take
replay_module.EVENT_STEPS[CitizenUse] = _use
replay_module.SETUP_STEPS.append(_kept_at_setup)
