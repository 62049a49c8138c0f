"""A player of random legal Magnanimous games, for the Hypothesis tests and the benchmark.

Moves come from the engine's option queries (`take_options`, `place_options`,
`plan_offensive`, `vote_sheet`, `endings`…) and are added with
`play.magnanimous.apply_event`. Where a query cannot know whether an action
fits (a full province, an empty purse), a few candidates are tried in random
order and the engine's refusal moves on to the next; the last candidate of
every turn (a die placed without acting, the Governor's change) is always
legal, so every game reaches an ending.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from play import magnanimous as mg
from play.errors import LogInvalid
from play.magnanimous.types import (
    IMPERIAL,
    PARAGUAY,
    RIO,
    Attack,
    Colour,
    Expects,
    Good,
    Improvement,
    NoblesAction,
    Party,
)

NAMES = ("Ana", "Bia", "Caio", "Duda")
GOODS = tuple(good.value for good in Good)
TILES = tuple(tile.value for tile in Improvement)
PARTIES = tuple(party.value for party in Party)


@dataclass
class Game:
    log: mg.GameLog
    state: mg.State
    rng: random.Random
    documents: list[dict[str, Any]] = field(default_factory=list)
    states: list[mg.State] = field(default_factory=list)
    undo_checks: int = 0
    # Hold the Republic back (a card effect each round) until this round.
    rounds: int = 0
    neighbours: dict[str, list[str]] = field(default_factory=dict)


def new_game(
    rng: random.Random, players: int, tracking: str, *, sturdy: bool = False
) -> Game:
    """A new game; ``sturdy`` Barons start with 3 troop tokens on every province
    (Paraguay then takes few provinces and the dice keep moving: a dense log)."""
    colours = [colour.value for colour in Colour][:players]
    seats: list[dict[str, Any]] = []
    for seat in range(players):
        colour = colours[seat]
        entry: dict[str, Any] = {"name": NAMES[seat], "colour": colour}
        if tracking == "full":
            entry["baron"] = f"Baron {seat + 1}"
            good = rng.choice(GOODS)
            entry["start"] = {
                "reis": rng.randint(3, 8),
                "goods": {f"{colour}:{good}": rng.randint(0, 2)},
                "troops": (
                    {f"{colour}:{good}": 3 for good in GOODS}
                    if sturdy
                    else {f"{colour}:{rng.choice(GOODS)}": rng.randint(0, 2)}
                ),
                "ships": rng.randint(0, 2),
                "deputies": {rng.choice(PARTIES): rng.randint(0, 1)},
            }
        seats.append(entry)
    document: dict[str, Any] = {
        "format": "magnanimous-log/1",
        "game": "magnanimous",
        "tracking": tracking,
        "board": None,
        "rulings": {
            "troop_limit": rng.choice([4, 5]),
            "referendum_tie": rng.choice(["approved", "rejected"]),
            "offensive_order": rng.choice(["round_robin", "grouped"]),
            "failed_attack": rng.choice(["keep", "lose"]),
            "republic_first": rng.choice([True, False]),
        },
        "players": seats,
        "events": [],
    }
    if tracking == "full":
        document["improvements"] = [rng.choice(TILES) for _ in range(4)]
    log = mg.load_log(document)
    state = mg.replay(log)
    game = Game(log=log, state=state, rng=rng, states=[state])
    game.neighbours = _map(rng, colours)
    return game


def _map(rng: random.Random, colours: list[str]) -> dict[str, list[str]]:
    """A random map the table declares: Paraguay touches one province of each colour
    (as in the rulebook's example), every province a few others, some Rio."""
    provinces = [f"{c.value}:{g}" for c in Colour for g in (*GOODS, "port")]
    board = [p for p in provinces if not p.endswith(":port")]
    result = {PARAGUAY: [f"{c.value}:{rng.choice(GOODS)}" for c in Colour]}
    for province in provinces:
        touching = rng.sample(board, 3)
        if rng.random() < 0.3:
            touching.append(RIO)
        result[province] = [p for p in touching if p != province]
    return result


def add(game: Game, event: dict[str, Any]) -> None:
    game.log, game.state = mg.apply_event(game.log, game.state, event)
    game.documents.append(event)
    game.states.append(game.state)


def const(event: dict[str, Any]) -> Callable[[], dict[str, Any] | None]:
    """A candidate that is always the same event."""
    return lambda: event


def try_add(game: Game, candidates: list[Callable[[], dict[str, Any] | None]]) -> bool:
    for build in candidates:
        event = build()
        if event is None:
            continue
        try:
            add(game, event)
        except LogInvalid:
            continue
        return True
    return False


def play_to_the_end(game: Game, *, undo_every: int = 0, max_events: int = 1500) -> None:
    """Play random legal events until the game ends; with ``undo_every``, now and then
    withdraw the latest event, check the state is the one before it, and redo it."""
    while game.state.status is mg.Status.PLAYING:
        assert len(game.documents) < max_events, "the game does not end"
        _move(game)
        if undo_every and game.rng.randrange(undo_every) == 0:
            check_undo(game, game.states[-2])


def check_undo(game: Game, before: mg.State) -> None:
    """Undo the latest event: the state must be exactly the one before it; then redo it."""
    event = game.documents[-1]
    log, undone = mg.apply_event(game.log, game.state, {"type": "undo"})
    assert mg.state_document(undone) == mg.state_document(before), event
    game.undo_checks += 1
    game.log, game.state = mg.apply_event(log, undone, event)
    game.documents.extend([{"type": "undo"}, event])
    game.states.extend([undone, game.state])


def _move(game: Game) -> None:
    state = game.state
    turn = mg.turn(state)
    if turn.minister is not None:
        _minister(game, turn.minister)
        return
    expects = state.expects
    assert expects is not None
    assert turn.player is not None
    handler = {
        Expects.REVEAL: _reveal,
        Expects.VOTE: _vote,
        Expects.AUCTION: _auction,
        Expects.TAKE: _take,
        Expects.GOVERN: _govern,
        Expects.OFFENSIVE: _offensive,
        Expects.PLACE: _place,
        Expects.END_ROUND: _end_round,
        Expects.TIEBREAK: _tiebreak,
    }[expects]
    handler(game, turn.player)
    if game.rng.random() < 0.03:
        _effect(game)


def _minister(game: Game, due: tuple[str, int]) -> None:
    rng = game.rng
    player, space = due
    held = next(p for p in game.state.players if p.name == player).ministers
    party = rng.choice(PARTIES)
    keep = rng.choice(
        ["new", "new", "none"] + (["old"] if Party(party) in held else [])
    )
    add(
        game,
        {
            "type": "minister",
            "player": player,
            "space": space,
            "party": party,
            "votes": rng.randint(1, 3),
            "keep": keep,
        },
    )


def _reveal(game: Game, player: str) -> None:
    rng = game.rng
    if rng.random() < 0.4:
        event: dict[str, Any] = {
            "type": "reveal",
            "card": f"Event {len(game.documents)}",
            "kind": "event",
            "republic": rng.choice([-1, 0, 1, 2]),
        }
    else:
        event = {
            "type": "reveal",
            "card": f"Referendum {len(game.documents)}",
            "kind": "referendum",
            "party": rng.choice(PARTIES),
            "republic": rng.choice([0, 1]),
            "nobility": rng.randint(0, 2),
        }
        if rng.random() < 0.2:
            event["min_title"] = "viscount"
    add(game, event)


def _vote(game: Game, player: str) -> None:
    rng = game.rng
    sheet = mg.vote_sheet(game.state)
    assert sheet is not None
    votes: dict[str, Any] = {}
    for row in sheet.rows:
        if not row.may_vote or rng.random() < 0.2:
            continue
        cards_for = rng.randint(0, min(row.cards, 2))
        cards_against = rng.randint(0, min(row.cards - cards_for, 1))
        side_for: dict[str, int] = {"cards": cards_for, "other": rng.randint(0, 1)}
        side_against: dict[str, int] = {"cards": cards_against}
        if row.ministers_for is not None and rng.random() < 0.7:
            side_for["ministers"] = row.ministers_for
        if row.ministers_against is not None and rng.random() < 0.3:
            side_against["ministers"] = row.ministers_against
        if row.deputies_for:
            side_for["deputies"] = rng.randint(0, row.deputies_for)
        if row.deputies_against:
            side_against["deputies"] = rng.randint(0, row.deputies_against)
        votes[row.name] = {"for": side_for, "against": side_against}
    add(game, {"type": "vote", "votes": votes})


def _auction(game: Game, player: str) -> None:
    turn = mg.turn(game.state)
    winner = game.rng.choice(turn.auction)
    reis = next(p.reis for p in game.state.players if p.name == winner)
    paid = game.rng.randint(0, reis) if game.state.full else 0
    add(game, {"type": "auction", "winner": winner, "paid": paid})


def _take(game: Game, player: str) -> None:
    rng = game.rng
    state = game.state
    wants_card = not state.governed and rng.random() < 0.25
    if (
        wants_card
        and mg.turn(state).governor != player
        and try_add(game, [lambda: _govern_event(game, player)])
    ):
        return
    if not state.full:
        free = mg.free_provinces(state, player)
        add(game, {"type": "take", "player": player, "province": rng.choice(free)})
        return
    options = list(mg.take_options(state))
    rng.shuffle(options)
    candidates: list[Callable[[], dict[str, Any] | None]] = []
    for option in options[:4]:
        province = rng.choice(option.provinces)
        base = {
            "type": "take",
            "player": player,
            "province": province,
            "quadrant": option.quadrant.value,
            "space": option.space,
        }
        extra = _production_options(game, option.quadrant.value, province)
        joiners = _joiners(game, player, option.quadrant.value)
        mode = rng.choice(["act", "act", "act", "precise", "sold"])
        if mode == "sold":
            candidates.append(const({**base, "mode": "sold", "joiners": joiners}))
        elif mode == "precise":
            candidates.append(
                const({**base, **extra, "mode": "precise", "joiners": joiners})
            )
        candidates.append(const({**base, **extra}))
        candidates.append(const({**base, "mode": "idle"}))
    if not try_add(game, candidates):
        raise AssertionError(f"no legal take for {player}: {options}")


def _production_options(game: Game, quadrant: str, province: str) -> dict[str, Any]:
    rng = game.rng
    if quadrant == "recruit":
        return {"troop_to": rng.choice([province, province, IMPERIAL])}
    if quadrant == "improvement":
        display = game.state.display
        return (
            {"improvement": rng.choice(display).value}
            if display
            else {"improvement": "railway"}
        )
    if quadrant == "deputy":
        return {"party": rng.choice(PARTIES)}
    if quadrant == "ship":
        return {"ship_to": "port"}
    return {}


def _joiners(game: Game, actor: str, quadrant: str) -> list[dict[str, Any]]:
    rng = game.rng
    names = [p.name for p in game.state.players]
    seat = names.index(actor)
    joiners = []
    for step in range(1, len(names)):
        other = game.state.players[(seat + step) % len(names)]
        if rng.random() < 0.5:
            continue
        free = [p.name for p in other.provinces if not p.occupied]
        if not free:
            continue
        entry: dict[str, Any] = {"player": other.name}
        if quadrant not in GOODS:
            entry["province"] = rng.choice(free)
            entry.update(_production_options(game, quadrant, entry["province"]))
        joiners.append(entry)
    return joiners


def _govern_event(game: Game, player: str) -> dict[str, Any]:
    rng = game.rng
    state = game.state
    effect = mg.purple_die(state).rio_effect
    me = next(p for p in state.players if p.name == player)
    own = [p.name for p in me.provinces if not p.occupied]
    value: Any
    if effect == "train":
        loaded = [p.name for p in me.provinces if p.goods and not p.occupied]
        start = rng.choice(loaded) if loaded else rng.choice(own or ["red:cotton"])
        value = {
            "start": start,
            "path": [rng.choice(game.neighbours[start] or [start])],
        }
    elif effect == "troops":
        value = (
            {IMPERIAL: 2}
            if rng.random() < 0.3 or not own
            else {rng.choice(own): 1, IMPERIAL: 1}
        )
    elif effect == "ship":
        value = rng.choice(["hire", "to_rio", "to_port"])
    elif effect == "party":
        value = rng.choice(PARTIES)
    elif effect == "track":
        value = rng.choice(["nobility", "republic"])
    else:
        occupied = sorted(state.occupied)
        value = rng.choice(occupied) if occupied and rng.random() < 0.7 else None
    return {"type": "govern", "player": player, "effect": {effect: value}}


def _govern(game: Game, player: str) -> None:
    # Forced: try the random effect, then the plain ones that always fit.
    state = game.state
    effect = mg.purple_die(state).rio_effect
    # The effects that always fit: null (nothing could be done), the Republic +1.
    fallbacks: dict[str, Any] = dict.fromkeys(
        ("train", "troops", "ship", "party", "liberate")
    )
    fallbacks["track"] = "republic"
    candidates: list[Callable[[], dict[str, Any] | None]] = [
        lambda: _govern_event(game, player) for _ in range(5)
    ]
    candidates.append(
        lambda: {
            "type": "govern",
            "player": player,
            "effect": {effect: fallbacks[effect]},
        }
    )
    if not try_add(game, candidates):
        raise AssertionError(f"{player} cannot govern: {effect}")


def _offensive(game: Game, player: str) -> None:
    rng = game.rng
    state = game.state
    sources = [o.province for o in mg.war_map(state).occupied if o.attacks_this_round]
    rng.shuffle(sources)
    answers: list[Attack] = []
    while True:
        plan = mg.plan_offensive(state, game.neighbours, sources, answers)
        if not plan or plan[-1].falls is not None:
            break
        last = plan[-1]
        fell = rng.random() < 0.4
        answers.append(
            Attack(
                source=last.source,
                target=last.target,
                fell=fell,
                lost=rng.randint(0, last.power - 1) if fell else None,
            )
        )
    attacks = []
    for attack in plan:
        entry: dict[str, Any] = {
            "source": attack.source,
            "target": attack.target,
            "result": "fell" if attack.falls else "held",
        }
        if attack.falls and not state.full and attack.lost:
            entry["lost"] = attack.lost
        attacks.append(entry)
    add(game, {"type": "offensive", "attacks": attacks})


def _place(game: Game, player: str) -> None:
    rng = game.rng
    state = game.state
    options = list(mg.place_options(state))
    rng.shuffle(options)
    candidates: list[Callable[[], dict[str, Any] | None]] = []
    fallbacks: list[Callable[[], dict[str, Any] | None]] = []
    for option in options[:3]:
        base: dict[str, Any] = {
            "type": "place",
            "player": player,
            "from": option.province,
        }
        if state.full:
            spaces = list(option.spaces)
            rng.shuffle(spaces)
            for quadrant, space, actions in spaces[:3]:
                where = {**base, "quadrant": quadrant.value, "space": space}
                for action in actions:
                    candidates.append(
                        partial(
                            _nobles,
                            game,
                            player,
                            where,
                            action,
                            option.province,
                            option.new_value,
                        )
                    )
            if spaces:
                quadrant, space, _ = spaces[0]
                fallbacks.append(
                    const(
                        {
                            **base,
                            "quadrant": quadrant.value,
                            "space": space,
                            "action": "none",
                        }
                    )
                )
        else:
            for action in rng.sample(list(NoblesAction), 4):
                candidates.append(
                    partial(_nobles, game, player, base, action, option.province, 0)
                )
            fallbacks.append(const({**base, "action": "none"}))
    rng.shuffle(candidates)
    if not try_add(game, candidates + fallbacks):
        raise AssertionError(f"no legal place for {player}: {options}")


def _nobles(
    game: Game,
    player: str,
    base: dict[str, Any],
    action: NoblesAction,
    province: str,
    value: int,
) -> dict[str, Any] | None:
    rng = game.rng
    state = game.state
    me = next(p for p in state.players if p.name == player)
    event = {**base, "action": action.value}
    if action is NoblesAction.TRAIN:
        at = me.train.at if me.train else province
        event["path"] = [
            rng.choice(game.neighbours.get(at) or [f"{me.colour.value}:port"])
        ]
        if rng.random() < 0.3:
            event["path"] = [f"{me.colour.value}:port"]
    elif action is NoblesAction.SELL:
        here = me.province(province)
        event["in_transit"] = bool(here.in_transit and not here.goods)
    elif action is NoblesAction.TROOPS:
        own = [p for p in me.provinces if not p.occupied]
        if state.governor == state.players.index(me) and rng.random() < 0.3:
            event["imperial"] = rng.choice(["in", "out"])
            event["province"] = rng.choice(own).name
        else:
            src = max(own, key=lambda p: p.troops)
            dst = rng.choice([p for p in own if p.name != src.name] or own)
            event["move"] = {
                "from": src.name,
                "to": dst.name,
                "count": max(1, src.troops // 2),
            }
    elif action is NoblesAction.ATTACK:
        occupied = sorted(state.occupied)
        if not occupied:
            return None
        governor = state.governor == state.players.index(me)
        own = [p for p in me.provinces if not p.occupied and p.troops]
        if governor and state.imperial > 1 and (not own or rng.random() < 0.5):
            origin, tokens = IMPERIAL, state.imperial - 1
        elif own:
            best = max(own, key=lambda p: p.troops)
            origin, tokens = best.name, best.troops
        elif not state.full:
            origin, tokens = "red:cotton", rng.randint(1, 3)
        else:
            return None
        count = rng.randint(1, tokens)
        morale = sum(
            b.value for b in state.morale if b.province == origin and not b.defence_only
        )
        event.update(
            {
                "attack_from": origin,
                "target": rng.choice(occupied),
                "count": count,
                "result": "liberated"
                if count + morale > state.paraguay_die
                else "failed",
            }
        )
        if not state.full and origin != IMPERIAL:
            del event["attack_from"]
    elif action is NoblesAction.THRONE:
        if me.hand < 1:
            return None
        event["cards"] = rng.randint(1, min(2, me.hand))
    elif action is NoblesAction.EXPORT:
        open_spaces = mg.commerce_spaces(state, player)
        if state.full:
            if me.train is None:
                return None
            good = me.train.carrying.partition(":")[2]
            fitting = [
                s for s in open_spaces if s.open_to_player and s.good.value == good
            ]
            if not fitting:
                return None
            target = rng.choice(fitting)
            carried = next(
                p.in_transit for p in me.provinces if p.name == me.train.carrying
            )
            event["commerce_space"] = target.space
            event["tokens"] = max(1, min(carried, target.room))
        else:
            event["tokens"] = rng.randint(1, 3)
            if rng.random() < 0.5:
                event["commerce_space"] = rng.choice(open_spaces).space
    return event


def _end_round(game: Game, player: str) -> None:
    if game.state.round < game.rounds and game.state.republic >= 1:
        changes = {"republic": -min(3, game.state.republic)}
        add(game, {"type": "effect", "source": "event:Abdicação", "changes": changes})
    event: dict[str, Any] = {"type": "end_round"}
    if game.state.full:
        event["improvements"] = [
            game.rng.choice(TILES) for _ in range(min(4, game.state.tile_pile))
        ]
    add(game, event)


def _tiebreak(game: Game, player: str) -> None:
    check = mg.endings(game.state)
    votes = {name: game.rng.randint(0, 2) for name in check.tiebreak}
    add(game, {"type": "tiebreak", "votes": votes})


def _effect(game: Game) -> None:
    rng = game.rng
    state = game.state
    if state.expects is None or state.pending_ministers:
        return
    name = rng.choice(state.players).name
    changes: dict[str, Any] = rng.choice(
        [
            {"nobility": {name: rng.randint(1, 3)}},
            {"republic": rng.choice([-1, 1])},
            {"morale": [{"province": IMPERIAL, "value": 1}]},
            {"imperial": 1},
            {"paraguay_die": -1},
        ]
    )
    add(game, {"type": "effect", "source": "event:random", "changes": changes})


def bench_game() -> Game:
    """The game of `make bench` (``data/magnanimous-4p-full-10-rounds.json``): four
    sturdy players with full tracking, the Republic held back for three rounds by a
    card, so that it is proclaimed at the end of round 10; a few undos on the way."""
    game = new_game(random.Random(0), 4, "full", sturdy=True)
    game.rounds = 4
    play_to_the_end(game, undo_every=60)
    return game
