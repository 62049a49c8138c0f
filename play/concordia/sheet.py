"""The final score sheet (``docs/score-sheet.md``) built from a replayed game.

With full tracking every field comes from the log; with light tracking the
money, goods, colonists, houses and provinces were not tracked: the sheet
leaves them out and `FinalSheet.missing` lists their JSON paths.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from play.concordia.data import CARDS
from play.concordia.types import GameLog, State
from scoring.engine import score_sheet
from scoring.ruleset import module_fields
from scoring.types import (
    CardCounts,
    God,
    Good,
    GoodCounts,
    MapName,
    PlayerBoard,
    ScoreSheet,
    SheetKind,
    Specialist,
)

if TYPE_CHECKING:
    from play.concordia.board import Board

# Venus' count of provinces holding two of a player's houses (its sheet field).
VENUS_PROVINCES = "venus_provinces"
UNTRACKED_IN_LIGHT = (
    "sestertii",
    "storehouse",
    "colonists_on_board",
    "houses",
    "provinces",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalSheet:
    """``document`` is a score-sheet document; ``missing`` the JSON paths it lacks."""

    document: dict[str, Any]
    missing: tuple[str, ...]


def card_counts(cards: Iterable[str]) -> tuple[CardCounts, tuple[Specialist, ...]]:
    """Return a player's cards per god (hand and discard pile) and their specialists."""
    gods: Counter[God] = Counter()
    specialists: list[Specialist] = []
    for card_id in cards:
        card = CARDS[card_id]
        if card.god is not None:
            gods[card.god] += 1
        elif card.specialist is not None:
            specialists.append(card.specialist)
    return (
        CardCounts(gods),
        tuple(s for s in Specialist if s in specialists),
    )


def house_counts(
    houses: Iterable[str], cities: Mapping[str, Good], map_name: MapName
) -> tuple[GoodCounts, int]:
    """Return a player's houses counted by the good of their city, and their provinces."""
    from scoring.maps import MAPS

    spec = MAPS[map_name]
    per_good: Counter[Good] = Counter()
    provinces: set[str] = set()
    for name in houses:
        per_good[cities[name]] += 1
        city = spec.city(name)
        if city is not None:
            provinces.add(city.province)
    return GoodCounts(per_good), len(provinces)


def provinces_with_two(houses: Iterable[str], map_name: MapName) -> int:
    """Return the provinces holding at least 2 of these houses (Venus'
    individual scoring, expansions §2a)."""
    from scoring.maps import MAPS

    spec = MAPS[map_name]
    per_province: Counter[str] = Counter()
    for name in houses:
        city = spec.city(name)
        if city is not None:
            per_province[city.province] += 1
    return sum(1 for count in per_province.values() if count >= 2)


def _venus(log: GameLog) -> bool:
    """Whether the game scores Venus' provinces with two houses (its module,
    individual play: the assistant plays no team game)."""
    return VENUS_PROVINCES in module_fields() and (
        module_fields()[VENUS_PROVINCES] in log.expansions
    )


def purse_total(board: Board, seat: int) -> int:
    """Score one player now, as an intermediate scoring does (§3, ``kind: intermediate``)."""
    purse = board.purse(seat)
    log = board.state.log
    cards, specialists = card_counts([*purse.hand, *purse.discard])
    houses, provinces = house_counts(purse.houses, log.cities or {}, log.map)
    player = PlayerBoard(
        name=purse.name,
        sestertii=purse.sestertii,
        storehouse=GoodCounts.from_mapping(purse.goods),
        colonists_on_board=purse.colonists_board,
        houses=houses,
        provinces=provinces,
        cards=cards,
        specialists=specialists,
        venus_provinces=(
            provinces_with_two(purse.houses, log.map) if _venus(log) else 0
        ),
    )
    sheet = ScoreSheet(
        map=log.map,
        players=(player,),
        kind=SheetKind.INTERMEDIATE,
        expansions=log.expansions,
    )
    return score_sheet(sheet).players[0].total


def _goods(counts: GoodCounts, goods: Iterable[Good]) -> dict[str, int]:
    return {good.value: counts[good] for good in goods}


def final_sheet(state: State) -> FinalSheet:
    """Return the final score sheet of ``state`` (meant for a finished game).

    Before the end it describes the table as it stands, with the Concordia
    card wherever it is (nowhere yet, perhaps).
    """
    log = state.log
    rules = log.rules
    players: list[dict[str, Any]] = []
    missing: list[str] = []
    for seat, player in enumerate(state.players):
        cards, specialists = card_counts(player.cards)
        entry: dict[str, Any] = {"name": player.name}
        if state.full:
            houses, provinces = house_counts(player.houses, log.cities or {}, log.map)
            entry["sestertii"] = player.sestertii
            entry["storehouse"] = _goods(player.storehouse, rules.goods)
            entry["colonists_on_board"] = player.colonists_board
            entry["houses"] = _goods(houses, rules.goods)
            entry["provinces"] = provinces
            if _venus(log):
                entry[VENUS_PROVINCES] = provinces_with_two(player.houses, log.map)
        else:
            missing.extend(f"players[{seat}].{name}" for name in UNTRACKED_IN_LIGHT)
            if _venus(log):
                missing.append(f"players[{seat}].{VENUS_PROVINCES}")
        entry["cards"] = {god.value: cards[god] for god in rules.gods}
        entry["specialists"] = [s.value for s in specialists]
        entry["concordia_card"] = state.concordia_seat == seat
        # A module's own row (the forum's points): no forum card is known to
        # score, so 0 until the table says otherwise on the sheet.
        for name in rules.module_fields:
            entry[name] = 0
        players.append(entry)
    document: dict[str, Any] = {
        "game": "concordia",
        "kind": "final",
        "map": log.map.value,
        **({"expansions": list(log.expansions)} if log.expansions else {}),
        "praefectus_magnus": state.praefectus_magnus,
        "players": players,
    }
    return FinalSheet(document=document, missing=tuple(missing))
