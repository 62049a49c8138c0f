"""A final result counted straight off a finished game's table.

The random games (tests/play/test_random_games.py) compare the engine's result
(``final_sheet`` scored by ``scoring``) with this second, independent count:
it reads the houses city by city, the storehouse, the colonists and the cards
of the final state and applies the rules' formulas as written
(docs/rules-concordia.md §3, §5, §10; the expansions' salt and Venus), with
its own prices and values. Only the game data (each card's god, each city's
province) is shared.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import play
from scoring.maps import MAPS

# §2: the storehouse roof; salt is valued as cloth (§10, M).
PRICES = {"brick": 3, "food": 4, "tool": 5, "wine": 6, "cloth": 7, "salt": 7}
# §5: a specialist's points per own house in a city of its good.
SPECIALISTS = {"mason": 3, "farmer": 3, "smith": 3, "vintner": 4, "weaver": 5}
SPECIALIST_GOOD = {
    "mason": "brick",
    "farmer": "food",
    "smith": "tool",
    "vintner": "wine",
    "weaver": "cloth",
}
CONCORDIA_CARD = 7


def _lines(state: play.State, seat: int) -> dict[str, int]:
    log = state.log
    player = state.players[seat]
    province_of = {city.name: city.province for city in MAPS[log.map].cities}
    goods = [str((log.cities or {})[city]) for city in player.houses]
    per_province = Counter(province_of[city] for city in player.houses)
    gods: Counter[str] = Counter()
    specialists: list[str] = []
    for card in player.cards:
        data = play.CARDS[card]
        if data.god is not None:
            gods[data.god.value] += 1
        if data.specialist is not None:
            specialists.append(data.specialist.value)
    wealth = player.sestertii + sum(
        PRICES[good.value] * n for good, n in player.storehouse.items()
    )
    # Salt cities count for one specialist each: the player's most valuable.
    salt_for = max(specialists, key=SPECIALISTS.__getitem__, default=None)
    minerva = sum(
        SPECIALISTS[s] * goods.count(SPECIALIST_GOOD[s])
        + (SPECIALISTS[s] * goods.count("salt") if s == salt_for else 0)
        for s in specialists
    )
    venus = "venus" in log.expansions
    return {
        "vesta": gods["vesta"] * (wealth // 10),
        "jupiter": gods["jupiter"] * min(15, len([g for g in goods if g != "brick"])),
        "saturnus": gods["saturnus"] * len(per_province),
        "mercurius": gods["mercurius"] * 2 * len(set(goods) - {"salt"}),
        "mars": gods["mars"] * 2 * player.colonists_board,
        "venus": gods["venus"] * 2 * sum(n >= 2 for n in per_province.values())
        if venus
        else 0,
        "minerva": minerva,
        "concordia": CONCORDIA_CARD if state.concordia_seat == seat else 0,
        # No forum card is known to score: the table's row stays 0.
        "forum": 0,
    }


def table_result(state: play.State) -> dict[str, Any]:
    """Return the result document of a finished, fully tracked game."""
    names = [p.name for p in state.players]
    players: list[dict[str, Any]] = []
    for seat, name in enumerate(names):
        lines = _lines(state, seat)
        players.append({"name": name, **lines, "total": sum(lines.values())})
    # Ties go to the Praefectus Magnus' holder, then to whoever would receive
    # it next: it passes to the right, seat i - 1.
    holder = names.index(state.praefectus_magnus or names[0])
    reach = {(holder - k) % len(names): k for k in range(len(names))}
    order = sorted(
        range(len(names)), key=lambda seat: (-players[seat]["total"], reach[seat])
    )
    for rank, seat in enumerate(order, start=1):
        players[seat]["rank"] = rank
    return {
        "game": "concordia",
        "kind": "final",
        "winner": names[order[0]],
        "players": players,
    }
