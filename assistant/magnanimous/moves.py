"""A Magnanimous move: the log event each of the pages' forms asks for.

`move_event` reads the fields of each action the pages post, named by the
event's type (``take``, ``govern``, ``place``…), into the contract's event
(``docs/magnanimous-log.md``); the engine then checks it against the rules.
Only the shape is read here: a number that is not one, a choice the page
never offers. The API sends the event itself (``move.document``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from django.utils.translation import gettext_noop

from assistant.interface import Completion, Move, RulesRefused
from assistant.magnanimous import adapter
from assistant.magnanimous.adapter import State
from scoring.types import Problem

GAME_OVER: Final = gettext_noop("The game is over.")
UNKNOWN_MOVE: Final = gettext_noop("This is not a move of the game.")
NOT_A_NUMBER: Final = gettext_noop("Type a whole number.")
CHOOSE_ONE: Final = gettext_noop("Choose one of the answers offered.")
NAME_THE_CARD: Final = gettext_noop("Type the card's name as printed.")
NO_ATTACK_LISTED: Final = gettext_noop(
    "An attack names where it comes from, its target and whether it held or fell."
)

# Every province a page may name (each colour's four board provinces and its
# port, then Rio), in the board's order.
GOODS: Final = ("cotton", "sugar", "leather", "coffee")
COLOURS: Final = ("red", "green", "blue", "yellow")
ALL_PROVINCES: Final = (
    *(f"{colour}:{good}" for colour in COLOURS for good in (*GOODS, "port")),
    "rio",
)

# What a move may send as the attacks of the offensives: "source|target|result|lost".
ATTACK_SEPARATOR: Final = "|"


def _refused(template: str, path: str = "") -> RulesRefused:
    return RulesRefused([Problem(path=path, template=template)])


def _int(move: Move, name: str, default: int | None = None) -> int:
    raw = move.get(name).strip()
    if raw == "" and default is not None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise _refused(NOT_A_NUMBER, name) from None


def _choice(move: Move, name: str, allowed: tuple[str, ...]) -> str:
    value = move.get(name)
    if value not in allowed:
        raise _refused(CHOOSE_ONE, name)
    return value


def _current(state: State) -> str:
    player = state.current_player
    if player is None:
        raise _refused(GAME_OVER)
    return player


def _names(state: State) -> tuple[str, ...]:
    return tuple(player.name for player in state.players)


def _reveal(state: State, move: Move) -> dict[str, object]:
    card = move.get("card").strip()
    if not card:
        raise _refused(NAME_THE_CARD, "card")
    kind = _choice(move, "kind", ("event", "referendum"))
    event: dict[str, object] = {
        "type": "reveal",
        "card": card,
        "kind": kind,
        "republic": _int(move, "republic", 0),
    }
    if kind == "referendum":
        event["party"] = _choice(move, "party", ("conservative", "liberal"))
        event["nobility"] = _int(move, "nobility", 0)
        if move.get("min_title"):
            event["min_title"] = _choice(
                move, "min_title", ("viscount", "count", "marquis", "duke")
            )
    return event


_VOTE_PARTS: Final = ("ministers", "other", "deputies", "cards")


def _vote(state: State, move: Move) -> dict[str, object]:
    sheet = adapter.vote_sheet(state)
    votes: dict[str, object] = {}
    if sheet is None:
        return {"type": "vote", "votes": votes}
    for index, row in enumerate(sheet.rows):
        if not row.may_vote:
            continue
        sides: dict[str, dict[str, int]] = {}
        for side, minister in (
            ("for", row.ministers_for),
            ("against", row.ministers_against),
        ):
            counts: dict[str, int] = {}
            for part in _VOTE_PARTS:
                name = f"{side}_{part}_{index}"
                if part == "ministers":
                    if move.get(name) and minister is not None:
                        counts[part] = minister
                    continue
                value = _int(move, name, 0)
                if value:
                    counts[part] = value
            if counts:
                sides[side] = counts
        if sides:
            votes[row.name] = sides
    return {"type": "vote", "votes": votes}


def _auction(state: State, move: Move) -> dict[str, object]:
    return {
        "type": "auction",
        "winner": _choice(move, "winner", _names(state)),
        "paid": _int(move, "paid", 0),
    }


def _minister(state: State, move: Move) -> dict[str, object]:
    due = adapter.turn(state).minister
    if due is None:
        raise _refused(UNKNOWN_MOVE)
    event: dict[str, object] = {
        "type": "minister",
        "player": due[0],
        "space": due[1],
        "party": _choice(move, "party", ("conservative", "liberal")),
        "votes": _int(move, "votes"),
        "keep": _choice(move, "keep", ("new", "old", "none")),
    }
    if name := move.get("name").strip():
        event["name"] = name
    return event


QUADRANTS: Final = (
    "cotton",
    "sugar",
    "leather",
    "coffee",
    "recruit",
    "improvement",
    "deputy",
    "ship",
)
MODES: Final = ("act", "precise", "sold", "idle")
TILES: Final = ("railway", "machinery", "warehouse", "fortification")


def _where(move: Move) -> tuple[str, int]:
    """A die's space in the Action area, posted as ``quadrant:space``."""
    quadrant, _sep, space = move.get("where").partition(":")
    if quadrant not in QUADRANTS or space not in ("0", "1"):
        raise _refused(CHOOSE_ONE, "where")
    return quadrant, int(space)


def _take(state: State, move: Move) -> dict[str, object]:
    player = _current(state)
    event: dict[str, object] = {
        "type": "take",
        "player": player,
        "province": _choice(
            move, "province", adapter.free_provinces(state, player) or ("",)
        ),
    }
    if not state.full:
        return event
    quadrant, space = _where(move)
    event.update({"quadrant": quadrant, "space": space})
    event["mode"] = _choice(move, "mode", MODES) if move.get("mode") else "act"
    if quadrant == "recruit" and move.get("troop_to"):
        event["troop_to"] = _choice(move, "troop_to", (*ALL_PROVINCES, "imperial"))
    elif quadrant == "improvement" and event["mode"] in ("act", "precise"):
        event["improvement"] = _choice(move, "improvement", TILES)
    elif quadrant == "deputy" and event["mode"] in ("act", "precise"):
        event["party"] = _choice(move, "party", ("conservative", "liberal"))
    elif quadrant == "ship" and move.get("ship_to"):
        event["ship_to"] = _choice(move, "ship_to", ("port", "rio"))
    if event["mode"] in ("precise", "sold"):
        joiners = _joiners(state, move)
        if joiners:
            event["joiners"] = joiners
    return event


def _joiners(state: State, move: Move) -> list[dict[str, object]]:
    """The players who join a Precise or sold action, in seat order from the actor's left."""
    assert state.seat is not None
    count = len(state.players)
    joiners: list[dict[str, object]] = []
    for step in range(1, count):
        seat = (state.seat + step) % count
        if not move.get(f"join_{seat}"):
            continue
        entry: dict[str, object] = {"player": state.players[seat].name}
        if move.get(f"join_{seat}_province"):
            entry["province"] = _choice(move, f"join_{seat}_province", ALL_PROVINCES)
        joiners.append(entry)
    return joiners


def _govern(state: State, move: Move) -> dict[str, object]:
    player = _current(state)
    effect = adapter.purple_die(state).rio_effect
    event: dict[str, object] = {"type": "govern", "player": player}
    if effect == "track":
        event["effect"] = {"track": _choice(move, "track", ("nobility", "republic"))}
    elif effect == "liberate":
        occupied = tuple(o.province for o in adapter.war_map(state).occupied)
        chosen = move.get("liberate")
        event["effect"] = {
            "liberate": _choice(move, "liberate", occupied) if chosen else None
        }
    elif state.full:
        event["effect"] = {effect: _govern_full(effect, move)}
    return event


def _govern_full(effect: str, move: Move) -> object:
    """Full tracking: the Rio de Janeiro card's effect 1–4 as the table chose it
    (None: nothing could be done, A-4)."""
    if move.get("nothing"):
        return None
    if effect == "train":
        path = [p for p in (move.get("path1"), move.get("path2")) if p]
        for index, step in enumerate(path):
            if step not in ALL_PROVINCES:
                raise _refused(CHOOSE_ONE, f"path{index + 1}")
        train: dict[str, object] = {"path": path}
        if move.get("start"):
            train["start"] = _choice(move, "start", ALL_PROVINCES)
        return train
    if effect == "troops":
        placed: dict[str, int] = {}
        for index in (1, 2):
            where = move.get(f"troops{index}")
            if where:
                _choice(move, f"troops{index}", (*ALL_PROVINCES, "imperial"))
                placed[where] = placed.get(where, 0) + 1
        return placed
    if effect == "ship":
        return _choice(move, "ship", ("hire", "to_rio", "to_port"))
    return _choice(move, "party", ("conservative", "liberal"))


def attack_read(text: str) -> adapter.Attack | None:
    """One attack as a page lists it ("source|target|held" or "…|fell|lost")."""
    parts = text.split(ATTACK_SEPARATOR)
    if len(parts) != 4 or parts[2] not in ("held", "fell") or not parts[1]:
        return None
    lost: int | None = None
    if parts[2] == "fell" and parts[3]:
        try:
            lost = int(parts[3])
        except ValueError:
            return None
    return adapter.Attack(
        source=parts[0], target=parts[1], fell=parts[2] == "fell", lost=lost
    )


def attack_text(attack: adapter.Attack) -> str:
    result = "fell" if attack.fell else "held"
    lost = "" if attack.lost is None else str(attack.lost)
    return ATTACK_SEPARATOR.join((attack.source, attack.target, result, lost))


def _offensive(state: State, move: Move) -> dict[str, object]:
    attacks: list[dict[str, object]] = []
    for index, text in enumerate(move.getlist("attack")):
        attack = attack_read(text)
        if attack is None:
            raise _refused(NO_ATTACK_LISTED, f"attack[{index}]")
        entry: dict[str, object] = {
            "source": attack.source,
            "target": attack.target,
            "result": "fell" if attack.fell else "held",
        }
        if attack.fell and attack.lost:
            entry["lost"] = attack.lost
        attacks.append(entry)
    return {"type": "offensive", "attacks": attacks}


_ACTIONS_OF_PLACE: Final = (
    "train",
    "sell",
    "troops",
    "attack",
    "discard",
    "throne",
    "export",
    "sail",
    "none",
)


def _place(state: State, move: Move) -> dict[str, object]:
    player = _current(state)
    options = tuple(option.province for option in adapter.place_options(state))
    event: dict[str, object] = {
        "type": "place",
        "player": player,
        "from": _choice(move, "from", options or ("",)),
        "action": _choice(move, "action", _ACTIONS_OF_PLACE),
    }
    action = event["action"]
    if state.full:
        quadrant, space = _where(move)
        event.update({"quadrant": quadrant, "space": space})
        if move.get("mode"):
            event["mode"] = _choice(move, "mode", MODES)
        _place_full(event, move)
        if event.get("mode") == "precise":
            joiners = _nobles_joiners(state, move)
            if joiners:
                event["joiners"] = joiners
        return event
    if action == "export":
        event["tokens"] = _int(move, "tokens")
        if move.get("commerce_space"):
            event["commerce_space"] = _int(move, "commerce_space")
    elif action == "attack":
        occupied = tuple(o.province for o in adapter.war_map(state).occupied)
        event["target"] = _choice(move, "target", occupied or ("",))
        event["count"] = _int(move, "count")
        event["result"] = _choice(move, "result", ("liberated", "failed"))
        if move.get("attack_from") == "imperial":
            event["attack_from"] = "imperial"
    elif action == "throne":
        event["cards"] = _int(move, "cards")
    return event


def _place_full(event: dict[str, object], move: Move) -> None:
    """Full tracking: the fields of the Nobles action chosen (the others are not sent)."""
    action = event["action"]
    places = (*ALL_PROVINCES, "imperial")
    if action == "train":
        path = [p for p in (move.get("path1"), move.get("path2")) if p]
        for index, step in enumerate(path):
            if step not in ALL_PROVINCES:
                raise _refused(CHOOSE_ONE, f"path{index + 1}")
        event["path"] = path
    elif action == "sell":
        event["in_transit"] = bool(move.get("in_transit"))
    elif action == "troops":
        if move.get("imperial"):
            event["imperial"] = _choice(move, "imperial", ("in", "out"))
            event["province"] = _choice(move, "province", ALL_PROVINCES)
        else:
            event["move"] = {
                "from": _choice(move, "move_from", ALL_PROVINCES),
                "to": _choice(move, "move_to", ALL_PROVINCES),
                "count": _int(move, "move_count"),
            }
    elif action == "attack":
        event["attack_from"] = _choice(move, "attack_from", places)
        event["target"] = _choice(move, "target", ALL_PROVINCES)
        event["count"] = _int(move, "count")
        event["result"] = _choice(move, "result", ("liberated", "failed"))
    elif action == "throne":
        event["cards"] = _int(move, "cards")
    elif action == "export":
        event["commerce_space"] = _int(move, "commerce_space")
        event["tokens"] = _int(move, "tokens")
        if move.get("via"):
            event["via"] = _choice(move, "via", ("port", "rio"))


JOINER_ACTIONS: Final = ("train", "sell", "discard", "sail", "none")


def _nobles_joiners(state: State, move: Move) -> list[dict[str, object]]:
    """Full tracking: who joins a Precise Nobles action, from the actor's left, each
    with the action they take (the actor's by default; A-8) and its one field."""
    assert state.seat is not None
    count = len(state.players)
    joiners: list[dict[str, object]] = []
    for step in range(1, count):
        seat = (state.seat + step) % count
        name = f"join_{seat}"
        if not move.get(name):
            continue
        entry: dict[str, object] = {"player": state.players[seat].name}
        if move.get(f"{name}_action"):
            entry["action"] = _choice(move, f"{name}_action", JOINER_ACTIONS)
        if move.get(f"{name}_path"):
            entry["path"] = [_choice(move, f"{name}_path", ALL_PROVINCES)]
        if move.get(f"{name}_province"):
            entry["province"] = _choice(move, f"{name}_province", ALL_PROVINCES)
        joiners.append(entry)
    return joiners


def _end_round(state: State, move: Move) -> dict[str, object]:
    event: dict[str, object] = {"type": "end_round"}
    if state.full:
        count = min(4, state.tile_pile)
        event["improvements"] = [
            _choice(move, f"tile{index}", TILES) for index in range(count)
        ]
    return event


def _tiebreak(state: State, move: Move) -> dict[str, object]:
    check = adapter.endings(state)
    names = _names(state)
    votes = {
        name: _int(move, f"votes_{names.index(name)}", 0) for name in check.tiebreak
    }
    return {"type": "tiebreak", "votes": votes}


SOURCES: Final = ("event", "referendum", "baron", "minister")


def _effect(state: State, move: Move) -> dict[str, object]:
    """A card's, Baron's or Minister's effect, as the table applies it: plain changes."""
    kind = _choice(move, "source_kind", SOURCES)
    name = move.get("source_name").strip()
    if not name:
        raise _refused(NAME_THE_CARD, "source_name")
    changes: dict[str, object] = {}
    for key in ("nobility", "hand"):
        by_player = {
            player: value
            for index, player in enumerate(_names(state))
            if (value := _int(move, f"{key}_{index}", 0))
        }
        if by_player:
            changes[key] = by_player
    for key in ("republic", "paraguay_die", "imperial"):
        if value := _int(move, key, 0):
            changes[key] = value
    if move.get("liberate"):
        occupied = tuple(o.province for o in adapter.war_map(state).occupied)
        changes["liberate"] = [_choice(move, "liberate", occupied)]
    if move.get("occupy"):
        changes["occupy"] = [_choice(move, "occupy", ALL_PROVINCES)]
    if move.get("morale_province"):
        changes["morale"] = [
            {
                "province": _choice(
                    move, "morale_province", (*ALL_PROVINCES, "imperial")
                ),
                "value": _int(move, "morale_value", 1),
                "defence_only": bool(move.get("morale_defence_only")),
            }
        ]
    return {"type": "effect", "source": f"{kind}:{name}", "changes": changes}


def _adjust(state: State, move: Move) -> dict[str, object]:
    """The table is the truth: the tracks, the purple die and the occupation as they lie."""
    names = _names(state)
    occupied = [p for p in move.getlist("occupied") if p]
    for province in occupied:
        if province not in ALL_PROVINCES:
            raise _refused(CHOOSE_ONE, "occupied")
    event: dict[str, object] = {
        "type": "adjust",
        "nobility": {name: _int(move, f"nobility_{i}") for i, name in enumerate(names)},
        "hand": {name: _int(move, f"hand_{i}") for i, name in enumerate(names)},
        "republic": _int(move, "republic"),
        "paraguay_die": _int(move, "paraguay_die"),
        "imperial": _int(move, "imperial"),
        "occupied": occupied,
    }
    if state.full:
        # Full tracking: each player's réis too (the rest through the API's adjust).
        event["players"] = {
            name: {"reis": _int(move, f"reis_{i}")} for i, name in enumerate(names)
        }
    return event


_ACTIONS: Final[Mapping[str, Callable[[State, Move], dict[str, object]]]] = {
    "effect": _effect,
    "adjust": _adjust,
    "reveal": _reveal,
    "vote": _vote,
    "auction": _auction,
    "minister": _minister,
    "take": _take,
    "govern": _govern,
    "offensive": _offensive,
    "place": _place,
    "end_round": _end_round,
    "tiebreak": _tiebreak,
}


def move_event(state: State, move: Move) -> dict[str, object]:
    """The event ``move`` asks for; raises `RulesRefused` for a move no table makes."""
    if move.document is not None:
        return dict(move.document)
    build = _ACTIONS.get(move.action)
    if build is None:
        raise _refused(UNKNOWN_MOVE)
    return build(state, move)


def move_complete(state: State, event: Mapping[str, object]) -> Completion:
    """Nothing in a Magnanimous event is left for the app to fill in: it is recorded as sent."""
    return Completion(event=dict(event))
