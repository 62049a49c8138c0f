"""A player of random legal games, built only on the engine's queries.

Every move is chosen from `play.legal_cards` and the option queries
(`display_prices`, `prefect_options`, `diplomat_options`, `house_cost`,
`tribune_bonus`), then added with `play.apply_event`, which must accept it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import play
from play.concordia.data import SPECIALIST_KINDS
from play.concordia.forum import FORUM_CARDS
from scoring.catalog import GOOD_PRICE
from scoring.maps import MAPS
from scoring.ruleset import ruleset
from scoring.types import Good, GoodCounts, MapName
from tests.play.builders import CITIES, COLOURS, NAMES, salt_cities

GOODS = tuple(Good)


def _afford(
    goods: Counter[Good], need: Counter[Good], wildcards: tuple[Good, ...]
) -> Counter[Good] | None:
    """What is left of ``goods`` after paying ``need``, a wildcard (salt) paying
    for what is short; None when it cannot be paid."""
    left = Counter(goods)
    short = 0
    for good, count in need.items():
        paid = min(left[good], count)
        left[good] -= paid
        short += count - paid
    for wildcard in wildcards:
        used = min(short, left[wildcard])
        left[wildcard] -= used
        short -= used
    return None if short else +left


@dataclass
class Game:
    log: play.GameLog
    state: play.State
    documents: list[dict[str, Any]] = field(default_factory=list)
    states: list[play.State] = field(default_factory=list)


def deal_cities(
    rng: random.Random, map_name: str, expansions: tuple[str, ...] = ()
) -> dict[str, str]:
    """Deal the map's own city tokens, each letter's among its cities (§8),
    salt's among them with the salt module."""
    spec = MAPS[MapName(map_name)]
    pools = ruleset(map_name, expansions).token_pools
    cities: dict[str, str] = {}
    for letter in spec.letters:
        tokens = [g.value for g in GOODS for _ in range(pools[letter][g])]
        rng.shuffle(tokens)
        names = [city.name for city in spec.cities if city.letter is letter]
        cities.update(zip(names, tokens, strict=True))
    return cities


def new_game(
    rng: random.Random,
    players: int,
    tracking: str,
    intermediate: bool,
    expansions: tuple[str, ...] = (),
    map_name: str = "imperium",
    display_side: str = "cloth",
) -> Game:
    rules = ruleset(map_name, expansions)
    colours = (*COLOURS, *(c for c in rules.colours if c not in COLOURS))
    deck_one = [c.id for c in play.game_cards(rules).values() if c.deck == 1]
    rng.shuffle(deck_one)
    # Imperium keeps the rulebook's deal (with salt's tokens swapped in), so
    # that its seeds replay as before.
    if map_name == "imperium":
        cities = salt_cities() if "salt" in expansions else CITIES
    else:
        cities = deal_cities(rng, map_name, expansions)
    document: dict[str, Any] = {
        "format": "game-log/1",
        "game": "concordia",
        "map": map_name,
        **({"expansions": list(expansions)} if expansions else {}),
        "tracking": tracking,
        "intermediate_scoring": intermediate,
        "players": [{"name": NAMES[i], "colour": colours[i]} for i in range(players)],
        "cities": cities,
        "display": deck_one[:7],
        **({"display_side": display_side} if display_side != "cloth" else {}),
        "events": [],
    }
    if expansions:
        document["expansions"] = list(expansions)
    if "forum" in expansions:
        # Salsa's forum: each player kept 1 of 2 patricians; 4 cards on the tableau.
        patricians = [n for n, c in FORUM_CARDS.items() if c.patrician]
        rng.shuffle(patricians)
        rest = [n for n in FORUM_CARDS if n not in patricians[:players]]
        rng.shuffle(rest)
        document["forum"] = {
            "patricians": {NAMES[i]: patricians[i] for i in range(players)},
            "tableau": rest[:4],
        }
    log = play.load_log(document)
    state = play.replay(log)
    return Game(log=log, state=state, states=[state])


def add(game: Game, event: dict[str, Any]) -> None:
    game.log, game.state = play.apply_event(game.log, game.state, event)
    game.documents.append(event)
    game.states.append(game.state)


def _goods(counts: GoodCounts) -> Counter[Good]:
    return Counter({good: n for good, n in counts.items() if n})


def _reveal_cards(rng: random.Random, state: play.State, places: int) -> list[str]:
    pile = list(state.pile)
    cards = []
    for _ in range(min(places, len(pile))):
        deck = play.CARDS[pile[0]].deck
        current = [c for c in pile if play.CARDS[c].deck == deck]
        card = rng.choice(current)
        pile.remove(card)
        cards.append(card)
    return cards


def _drops(state: play.State, receives: dict[int, GoodCounts]) -> dict[str, Any]:
    """What does not fit: drop the cheapest arriving goods first."""
    drop: dict[str, Any] = {}
    for seat, goods in receives.items():
        player = state.players[seat]
        excess = goods.total - player.free_spaces
        if excess <= 0:
            continue
        dropped: dict[str, int] = {}
        for good in state.log.rules.goods:
            take = min(goods[good], excess)
            if take:
                dropped[good.value] = take
                excess -= take
        drop[player.name] = dropped
    return drop


def _prefect(rng: random.Random, state: play.State) -> dict[str, Any]:
    options = play.prefect_options(state)
    if not options.provinces or (options.cash >= 4 and rng.random() < 0.5):
        return {"cash": True}
    option = rng.choice(options.provinces)
    fields: dict[str, Any] = {"province": option.province}
    if state.full:
        receives = {state.seat_of(name) or 0: goods for name, goods in option.receives}
        drop = _drops(state, receives)
        if drop:
            fields["drop"] = drop
        elif option.good and _holds(state, "Claudius Pompeius") and rng.random() < 0.5:
            # Salsa's forum: Claudius Pompeius sells the bonus good at once.
            fields["sell_bonus"] = True
    return fields


def _architect(rng: random.Random, state: play.State) -> dict[str, Any]:
    if not state.full:
        # Light tracking counts no houses: now and then a late Architect says
        # it built the 15th.
        late = state.turn_number > 12 * len(state.players)
        return {"fifteenth_house": True} if late and rng.random() < 0.1 else {}
    seat = state.seat
    assert seat is not None
    player = state.players[seat]
    goods = _goods(player.storehouse)
    money = player.sestertii
    cities = [c for c in (state.log.cities or {}) if c not in player.houses]
    rng.shuffle(cities)
    build: list[str] = []
    room = 15 - len(player.houses)
    for city in cities:
        if len(build) >= min(room, rng.randint(1, 4)):
            break
        cost = play.house_cost(state, city)
        left = _afford(goods, _goods(cost.goods), state.log.rules.wildcards)
        if cost.coins <= money and left is not None:
            goods = left
            money -= cost.coins
            build.append(city)
    return {"build": build}


def _mercator(rng: random.Random, state: play.State, card: str) -> dict[str, Any]:
    if not state.full:
        return {}
    seat = state.seat
    assert seat is not None
    player = state.players[seat]
    money = player.sestertii + play.mercator_income(card)
    free = player.free_spaces
    trade: dict[str, int] = {}
    goods = state.log.rules.traded
    held = [g for g in goods if player.storehouse[g]]
    if held and rng.random() < 0.6:
        good = rng.choice(held)
        count = rng.randint(1, player.storehouse[good])
        trade[good.value] = -count
        money += GOOD_PRICE[good] * count
        free += count
    wanted = [g for g in goods if g.value not in trade]
    good = rng.choice(wanted)
    count = min(free, money // GOOD_PRICE[good], rng.randint(0, 4))
    if count > 0:
        trade[good.value] = count
    return {"trade": trade}


def _purchase(
    rng: random.Random, state: play.State, *, senator: bool
) -> dict[str, Any] | None:
    seat = state.seat
    assert seat is not None
    nothing: dict[str, Any] = {"buy": []}
    if senator and state.full:
        nothing["pay"] = {}
    # "pode comprar até duas cartas": buying nothing is a legal turn, and the
    # only one while places wait for their cards or the display is empty.
    if None in state.display or not any(state.display) or rng.random() < 0.05:
        return nothing
    holding = _goods(state.players[seat].storehouse)
    prices = list(play.display_prices(state))
    rng.shuffle(prices)
    buy: list[str] = []
    pay: Counter[Good] = Counter()
    for price in prices:
        if price.card is None or len(buy) >= (2 if senator else 1):
            continue
        need = _goods(price.goods if senator else price.consul_goods)
        choice = price.any_goods if senator else 0
        if not state.full:
            buy.append(price.card)
            continue
        rest = _afford(holding, need, state.log.rules.wildcards)
        if rest is None or sum(rest.values()) < choice:
            continue
        paid: Counter[Good] = Counter()
        for _ in range(choice):
            good = rng.choice([g for g in state.log.rules.goods if rest[g] > 0])
            rest[good] -= 1
            paid[good] += 1
        holding = +rest
        pay += paid
        buy.append(price.card)
        if rng.random() < 0.5:
            break
    if not buy:
        return nothing
    fields: dict[str, Any] = {"buy": buy}
    if senator and state.full:
        fields["pay"] = {g.value: n for g, n in pay.items()}
    if rng.random() < 0.7:
        remaining = len(state.pile)
        fields["reveal"] = _reveal_cards(rng, state, min(len(buy), remaining))
    return fields


def _colonist(rng: random.Random, state: play.State) -> dict[str, Any]:
    seat = state.seat
    assert seat is not None
    player = state.players[seat]
    can = min(
        player.colonists_storehouse,
        player.storehouse["food"],
        player.storehouse["tool"],
    )
    if not state.full:
        return {"cash": True} if rng.random() < 0.5 else {}
    if can and rng.random() < 0.6:
        count = rng.randint(1, can)
        return {"place": [rng.choice(["land", "sea"]) for _ in range(count)]}
    return {"cash": True}


def _specialist(state: play.State, kind: play.CardKind) -> dict[str, Any]:
    if not state.full:
        return {}
    seat = state.seat
    assert seat is not None
    good = SPECIALIST_KINDS[kind]
    count = sum(
        1
        for c in state.players[seat].houses
        if (state.log.cities or {})[c] == good.value
    )
    drop = _drops(state, {seat: GoodCounts.from_mapping({good: count})})
    return {"drop": drop} if drop else {}


def _holds(state: play.State, card: str) -> bool:
    forum = state.forum
    return (
        forum is not None and state.seat is not None and card in forum.held[state.seat]
    )


def _tribune(rng: random.Random, state: play.State) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    player = state.players[state.seat or 0]
    held = [g for g in state.log.rules.traded if player.storehouse[g]]
    if state.full and _holds(state, "Titus Valerius") and held and rng.random() < 0.5:
        # Salsa's forum: Titus Valerius exchanges 1 good (for salt, with it).
        given = rng.choice(held)
        wildcards = state.log.rules.wildcards
        taken = (
            wildcards[0]
            if wildcards
            else rng.choice([g for g in state.log.rules.traded if g != given])
        )
        fields["exchange"] = {given.value: -1, taken.value: 1}
    if state.full and play.tribune_bonus(state).colonist and rng.random() < 0.5:
        fields["colonist"] = rng.choice(["land", "sea"])
    if state.log.intermediate_scoring and not state.full:
        fields["intermediate_points"] = rng.randint(0, 60)
    return fields


def action_fields(
    rng: random.Random, state: play.State, card: str, *, own: bool = False
) -> dict[str, Any] | None:
    """Return the fields of a legal play of ``card`` now, or None if none is found.

    A double-role card (Venus) plays one of its roles, named in ``role``; a
    Magister repeats the player's top discard with that card's fields.
    """
    roles = list(play.CARDS[card].playable_roles)
    if len(roles) > 1:
        rng.shuffle(roles)
        for role in roles:
            fields = _role_fields(rng, state, card, role)
            if fields is not None:
                return {"role": role.value, **fields}
        return None
    kind = play.CARDS[card].kind
    if (
        own
        and kind is play.CardKind.PREFECT
        and _holds(state, "Sextus Pompeius")
        and rng.random() < 0.3
    ):
        # Salsa's forum: Sextus Pompeius plays the player's own Prefect as a Diplomat.
        fields = _role_fields(rng, state, card, play.CardKind.DIPLOMAT)
        if fields is not None and "role" not in fields:
            return {"role": play.CardKind.DIPLOMAT.value, **fields}
    if kind is play.CardKind.MAGISTER:
        repeated = play.magister_repeats(state)
        if repeated is None:
            return None
        return action_fields(rng, state, repeated.id)
    return _role_fields(rng, state, card, kind)


def _role_fields(
    rng: random.Random, state: play.State, card: str, kind: play.CardKind
) -> dict[str, Any] | None:
    if kind is play.CardKind.TRIBUNE:
        return _tribune(rng, state)
    if kind is play.CardKind.ARCHITECT:
        return _architect(rng, state)
    if kind is play.CardKind.PREFECT:
        return _prefect(rng, state)
    if kind is play.CardKind.MERCATOR:
        return _mercator(rng, state, card)
    if kind is play.CardKind.SENATOR:
        return _purchase(rng, state, senator=True)
    if kind is play.CardKind.CONSUL:
        return _purchase(rng, state, senator=False)
    if kind is play.CardKind.COLONIST:
        return _colonist(rng, state)
    if kind is play.CardKind.DIPLOMAT:
        display = [
            c
            for c in state.display
            if c is not None
            and play.CARDS[c].kind
            not in (play.CardKind.DIPLOMAT, play.CardKind.MAGISTER)
        ]
        if _holds(state, "Lucius Flavius") and display and rng.random() < 0.5:
            # Salsa's forum: Lucius Flavius copies a display card.
            copied = rng.choice(display)
            fields = action_fields(rng, state, copied)
            if fields is not None and "role" not in fields:
                return {"copy_card": copied, **fields}
        options = list(play.diplomat_options(state))
        rng.shuffle(options)
        for option in options:
            fields = action_fields(rng, state, option.card)
            if fields is not None:
                return {"copy": option.player, **fields}
        # Nothing to copy: the Diplomat is played for no effect.
        return {} if not options else None
    return _specialist(state, kind)


def _forum_event(rng: random.Random, state: play.State) -> dict[str, Any] | None:
    """Now and then take a forum card, or use a citizen while there is room."""
    forum = state.forum
    if forum is None or state.seat is None:
        return None
    name = state.current_player
    if rng.random() < 0.04:
        offered = [c for c in forum.tableau if c]
        if offered:
            card = rng.choice(offered)
            gone = {c for c in forum.tableau if c} | set(forum.used)
            gone |= {c for held in forum.held for c in held}
            stack = [c for c in FORUM_CARDS if c not in gone]
            event: dict[str, Any] = {"type": "forum", "player": name, "take": card}
            if stack and rng.random() < 0.8:
                event["refill"] = rng.choice(stack)
            return event
    citizens = [c for c in forum.held[state.seat] if not FORUM_CARDS[c].patrician]
    room = not state.full or state.players[state.seat].free_spaces >= 6
    if citizens and room and rng.random() < 0.3:
        card = rng.choice(citizens)
        use: dict[str, Any] = {"type": "citizen", "player": name, "card": card}
        if not state.log.rules.wildcards:
            # Without salt, Spurius gives the good the table names (any other
            # citizen ignores it).
            use["good"] = rng.choice(state.log.rules.traded).value
        if state.full and rng.random() < 0.8:
            use.update(_citizen_fields(rng, state, FORUM_CARDS[card].applied))
        return use
    return None


def _citizen_fields(
    rng: random.Random, state: play.State, applied: str
) -> dict[str, Any]:
    """What a citizen does, where its event may say (else only recorded)."""
    seat = state.seat
    assert seat is not None
    player = state.players[seat]
    wildcards = state.log.rules.wildcards
    cities = state.log.cities or {}
    held = [g for g in state.log.rules.traded if player.storehouse[g]]
    if applied == "augustus" and held:
        given = rng.choice(held)
        taken = (
            wildcards[0]
            if wildcards
            else rng.choice([g for g in state.log.rules.traded if g != given])
        )
        return {"exchange": {given.value: -1, taken.value: 1}}
    free = [c for c in cities if c not in player.houses and len(player.houses) < 14]
    if applied == "marcus" and player.storehouse["tool"]:
        salt = [c for c in free if not wildcards or cities[c] in wildcards]
        return {"city": rng.choice(salt)} if salt else {}
    if applied == "mamercus":
        goods = _goods(player.storehouse)
        for city in rng.sample(free, len(free)):
            cost = play.house_cost(state, city)
            if _afford(goods, _goods(cost.goods), wildcards) is not None:
                return {"city": city}
    if applied == "tiberius":
        options = [o for o in play.prefect_options(state).provinces if o.good]
        return {"province": rng.choice(options).province} if options else {}
    if applied == "publius" and player.sestertii >= 5 and player.colonists_storehouse:
        return {"colonist": rng.choice(["land", "sea"])}
    return {}


def next_event(rng: random.Random, state: play.State) -> dict[str, Any] | None:
    """Return a legal next event (a reveal or the current player's play), or None."""
    forum = _forum_event(rng, state)
    if forum is not None:
        return forum
    places = state.display.count(None)
    if places and rng.random() < 0.6:
        return {"type": "reveal", "cards": _reveal_cards(rng, state, places)}
    options = [o for o in play.legal_cards(state) if o.playable]
    # Buying and building end the game; favour them so games finish.
    options.sort(
        key=lambda o: (
            o.kind
            not in (
                play.CardKind.SENATOR,
                play.CardKind.CONSUL,
                play.CardKind.ARCHITECT,
            ),
            rng.random(),
        )
    )
    for option in options:
        fields = action_fields(rng, state, option.card, own=True)
        if fields is not None:
            return {
                "type": "play",
                "player": state.current_player,
                "card": option.card,
                **fields,
            }
    if places:
        return {"type": "reveal", "cards": _reveal_cards(rng, state, places)}
    return None


def play_to_the_end(
    rng: random.Random,
    *,
    players: int,
    tracking: str,
    intermediate: bool = False,
    undo_rate: float = 0.0,
    limit: int = 2000,
    expansions: tuple[str, ...] = (),
    map_name: str = "imperium",
    display_side: str = "cloth",
) -> Game:
    """Play a random legal game until it is over (or stuck: then it is abandoned)."""
    game = new_game(
        rng, players, tracking, intermediate, expansions, map_name, display_side
    )
    while game.state.status not in (play.Status.FINISHED, play.Status.ABANDONED):
        if len(game.documents) >= limit:
            raise AssertionError("the game did not end")
        event = next_event(rng, game.state)
        if event is None:
            add(game, {"type": "abandon"})
            break
        before = game.state
        add(game, event)
        if undo_rate and rng.random() < undo_rate:
            add(game, {"type": "undo"})
            assert game.state == before, "undo did not give the state before"
            add(game, event)
    return game
