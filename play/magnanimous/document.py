"""The state document of ``docs/magnanimous-log.md`` (what ``replay_log`` prints), and the log's own."""

from __future__ import annotations

from typing import Any

from play.magnanimous.sheet import final_sheet
from play.magnanimous.table import QUADRANTS
from play.magnanimous.types import PORT, Expects, GameLog, Party, State, Status
from scoring.shape import SheetInvalid
from scoring.sheet_io import score_document


def state_document(state: State) -> dict[str, Any]:
    """Return the contract's state: keys in its order, players in seating order.

    Réis, deputies, ships, trains, provinces, the dice and the Commerce track
    appear with full tracking only. A finished game adds ``ending``, ``sheet``
    and ``result`` (light tracking: ``sheet`` and ``missing``).
    """
    full = state.full
    players: list[dict[str, Any]] = []
    for player in state.players:
        entry: dict[str, Any] = {
            "name": player.name,
            "colour": player.colour.value,
            "nobility": player.nobility,
            "title": player.title.value,
            "ministers": [
                {"party": party.value, "votes": votes}
                for party, votes in sorted(player.ministers.items())
            ],
            "referendums": player.referendums,
            "hand": player.hand,
            "reached_20": player.reached_20,
        }
        if full:
            entry["reis"] = player.reis
            entry["deputies"] = {party.value: player.deputies[party] for party in Party}
            entry["ships"] = {
                "port": player.ships_port,
                "rio": player.ships_rio,
                "supply": player.ships_supply,
            }
            entry["train"] = (
                None
                if player.train is None
                else {"at": player.train.at, "carrying": player.train.carrying}
            )
            provinces: dict[str, Any] = {
                province.name: {
                    "goods": province.goods,
                    "in_transit": province.in_transit,
                    "troops": province.troops,
                    "improvement": (
                        None
                        if province.improvement is None
                        else province.improvement.value
                    ),
                    "die": province.die,
                    "occupied": province.occupied,
                }
                for province in player.provinces
            }
            provinces[f"{player.colour.value}:{PORT}"] = {
                "ships": player.ships_port,
                "occupied": player.port_occupied,
            }
            entry["provinces"] = provinces
        players.append(entry)
    pending: list[dict[str, Any]] = [
        {"minister": {"player": state.players[due.seat].name, "space": due.space}}
        for due in state.pending_ministers
    ]
    if state.auction is not None:
        pending.append(
            {
                "auction": {
                    "players": [state.players[s].name for s in state.auction.seats]
                }
            }
        )
    turn: dict[str, Any] | None = None
    if (
        state.status is Status.PLAYING
        and state.seat is not None
        and state.expects is not None
    ):
        turn = {
            "player": state.players[state.seat].name,
            "expects": state.expects.value,
        }
    document: dict[str, Any] = {
        "status": state.status.value,
        "round": state.round,
        "phase": state.phase.value,
        "turn": turn,
        "pending": pending,
        "governor": state.players[state.governor].name,
        "order": [state.players[seat].name for seat in state.order],
        "republic": state.republic,
        "commerce_open": state.republic,
        "paraguay_die": {
            "value": state.paraguay_die,
            "on": "rio_card" if state.die_on_card else "paraguay",
        },
        "imperial_area": state.imperial,
        "uncontrolled": [colour.value for colour in state.log.uncontrolled],
        "occupied": sorted(state.occupied),
        "throne_pile": state.throne_pile,
        "events_in_play": list(state.events_in_play),
        "morale": [
            {
                "province": bonus.province,
                "value": bonus.value,
                "defence_only": bonus.defence_only,
            }
            for bonus in state.morale
        ],
        "deck": state.deck,
        "discard_pile": state.discard_pile,
        "ministers_pile": state.ministers_pile,
        "improvements": {
            "display": [tile.value for tile in state.display],
            "pile": state.tile_pile,
        },
    }
    if state.referendum is not None:
        document["referendum"] = {
            "card": state.referendum.card,
            "party": state.referendum.party.value,
        }
    if full:
        document["dice"] = {
            quadrant.value: [state.dice[i * 2], state.dice[i * 2 + 1]]
            for i, quadrant in enumerate(QUADRANTS)
        }
        document["commerce"] = [
            {
                "space": space.space,
                "good": space.good.value,
                "owner": state.players[space.owner].name,
                "tokens": space.tokens,
            }
            for space in state.commerce
        ]
    document["adjusted"] = state.adjusted
    document["players"] = players
    if state.expects is Expects.TIEBREAK or state.tiebreak_votes:
        document["tiebreak"] = {
            state.players[seat].name: votes
            for seat, votes in state.tiebreak_votes.items()
        }
    if state.status is Status.FINISHED:
        assert state.ending is not None
        document["ending"] = {"kind": state.ending.value, "round": state.ending_round}
        document["winners"] = [state.players[seat].name for seat in state.winners]
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
    players: list[dict[str, Any]] = []
    for seat in log.players:
        entry: dict[str, Any] = {"name": seat.name, "colour": seat.colour.value}
        if seat.baron is not None:
            entry["baron"] = seat.baron
        if log.full:
            start = seat.start
            entry["start"] = {
                "reis": start.reis,
                "goods": dict(start.goods),
                "troops": dict(start.troops),
                "improvements": {k: v.value for k, v in start.improvements.items()},
                "ships": start.ships,
                "deputies": {k.value: v for k, v in start.deputies.items()},
            }
        players.append(entry)
    document: dict[str, Any] = {
        "format": "magnanimous-log/1",
        "game": "magnanimous",
        "tracking": log.tracking.value,
        "board": None,
        "rulings": log.rulings.document(),
        "players": players,
    }
    if log.improvements:
        document["improvements"] = [tile.value for tile in log.improvements]
    document["events"] = list(log.documents)
    return document
