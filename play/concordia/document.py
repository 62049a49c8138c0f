"""The state document of ``docs/game-log.md`` (what ``replay_log`` prints), and the log's own."""

from __future__ import annotations

from typing import Any

from play.concordia.sheet import final_sheet
from play.concordia.types import GameLog, State, Status
from scoring.shape import SheetInvalid
from scoring.sheet_io import score_document


def state_document(state: State) -> dict[str, Any]:
    """Return the contract's state: keys in its order, players in seating order.

    Money, goods, colonists and houses appear with full tracking only. A
    finished game adds ``sheet`` and ``result`` (light tracking: ``sheet`` and
    ``missing``); intermediate scoring adds ``intermediate``; an ``adjust``
    event adds ``adjusted``, the players whose belongings were set by hand.
    """
    full = state.full
    players: list[dict[str, Any]] = []
    for player in state.players:
        entry: dict[str, Any] = {
            "name": player.name,
            "hand": list(player.hand),
            "discard": list(player.discard),
        }
        if full:
            entry["sestertii"] = player.sestertii
            entry["storehouse"] = {
                good.value: player.storehouse[good] for good in state.log.rules.goods
            }
            entry["colonists"] = {
                "board": player.colonists_board,
                "storehouse": player.colonists_storehouse,
            }
            entry["houses"] = list(player.houses)
        players.append(entry)
    document: dict[str, Any] = {
        "status": state.status.value,
        "turn": (
            None
            if state.seat is None
            else {"number": state.turn_number, "player": state.current_player}
        ),
        "praefectus_magnus": state.praefectus_magnus,
        "concordia_card": state.concordia_card,
        "display": list(state.display),
        "pile": state.pile_count,
        "players": players,
    }
    if state.intermediate is not None:
        bonus = state.intermediate.bonus
        document["intermediate"] = [
            {
                "name": state.players[seat].name,
                "total": total,
                **({} if bonus is None else {"bonus_sestertii": bonus[seat]}),
            }
            for seat, total in enumerate(state.intermediate.totals)
            if total is not None
        ]
    if state.forum is not None:
        from play.concordia.forum import forum_document

        document["forum"] = forum_document(state)
    if state.adjusted:
        document["adjusted"] = [
            player.name
            for seat, player in enumerate(state.players)
            if seat in state.adjusted
        ]
    if state.status is Status.FINISHED:
        sheet = final_sheet(state)
        document["sheet"] = sheet.document
        if sheet.missing:
            document["missing"] = list(sheet.missing)
        else:
            try:
                document["result"] = score_document(sheet.document)
            except SheetInvalid as refused:
                # Only adjustments can bring a sheet the validator refuses.
                document["sheet_errors"] = [
                    {"path": p.path, "message": p.message} for p in refused.problems
                ]
    return document


def log_document(log: GameLog) -> dict[str, Any]:
    """Return the game-log document of ``log``, events exactly as they were given."""
    document: dict[str, Any] = {
        "format": "game-log/1",
        "game": "concordia",
        "map": log.map.value,
        **({"expansions": list(log.expansions)} if log.expansions else {}),
        "tracking": log.tracking.value,
        "intermediate_scoring": log.intermediate_scoring,
        "players": [
            {"name": s.name, "colour": s.colour}
            | ({"team": s.team} if s.team is not None else {})
            for s in log.players
        ],
    }
    if log.cities is not None:
        document["cities"] = {city: good.value for city, good in log.cities.items()}
    document["display"] = list(log.display)
    if log.display_side != "cloth":
        document["display_side"] = log.display_side
    if log.forum is not None:
        document["forum"] = {
            "patricians": {
                seat.name: card
                for seat, card in zip(log.players, log.forum.patricians, strict=True)
            },
            "tableau": list(log.forum.tableau),
        }
        if log.forum.dealt:
            document["forum"]["dealt"] = {
                seat.name: list(cards)
                for seat, cards in zip(log.players, log.forum.dealt, strict=True)
            }
    document["events"] = list(log.documents)
    return document
