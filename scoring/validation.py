"""Check a score sheet against the score-sheet format and the rules (digest §2-§5, §7, §9).

`validate_sheet` returns every problem at once, each addressed by the JSON path
of the field to fix (``players[1].houses.cloth``), so that a form can mark the
fields and the score-sheet contract can list them. A sheet without problems is
one that could lie on a real table at the end of a game.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import add, le
from typing import Final

from scoring.catalog import (
    MAX_COLONISTS,
    MAX_HOUSES,
    MAX_PLAYERS,
    MIN_COLONISTS_ON_BOARD,
)
from scoring.i18n import Plural, gettext_noop, ngettext
from scoring.maps import MapSpec
from scoring.names import name_problem
from scoring.ruleset import Ruleset, UnknownModule, base, ruleset
from scoring.types import (
    CardCounts,
    God,
    PlayerBoard,
    Problem,
    ScoreSheet,
    SheetKind,
    Specialist,
)

PLAYER_COUNT: Final = gettext_noop(
    "Concordia is played by %(minimum)d to %(maximum)d players; this sheet has %(given)d"
)
PM_MISSING: Final = gettext_noop(
    "Say who holds the Praefectus Magnus at the end of the game: it breaks ties"
)
PM_NOT_A_PLAYER: Final = gettext_noop(
    "The Praefectus Magnus must be held by one of the players, and “%(given)s” is not one of them"
)
NAME_TAKEN: Final = gettext_noop(
    "Two players are called “%(name)s”; give each player a different name"
)
SESTERTII_NEGATIVE: Final = gettext_noop(
    "Sestertii cannot be negative; %(given)d given"
)
# More money than any game of Concordia has seen by far (a winner holds a few
# dozen sestertii), small enough that no later sum grows without bound.
MAX_SESTERTII: Final = 10_000
SESTERTII_TOO_MANY: Final = gettext_noop(
    "A player holds at most %(maximum)d sestertii; %(given)d given"
)
GOODS_NEGATIVE: Final = gettext_noop(
    "A storehouse cannot hold a negative number of goods; %(given)d given"
)
STOREHOUSE_OVERFULL: Final = gettext_noop(
    "The storehouse has %(spaces)d spaces, but %(goods)d goods and the %(colonists)d colonists still in it need %(needed)d"
)
COLONISTS_RANGE: Final = gettext_noop(
    "A player has %(minimum)d to %(maximum)d colonists on the board (two start there, and there are six in all); %(given)d given"
)
HOUSES_NEGATIVE: Final = gettext_noop(
    "The number of houses cannot be negative; %(given)d given"
)
# One message per good or god, so that each language can inflect it; a good or
# god of the data without its own sentence here gets the general one
# (``*_ANY``), which names it with ``%(good)s`` / ``%(god)s``.
HOUSES_OVER_CITIES: Final[dict[str, Plural]] = {
    "brick": ngettext(
        "%(map)s has only %(cities)d brick city; %(given)d given",
        "%(map)s has only %(cities)d brick cities; %(given)d given",
    ),
    "food": ngettext(
        "%(map)s has only %(cities)d food city; %(given)d given",
        "%(map)s has only %(cities)d food cities; %(given)d given",
    ),
    "tool": ngettext(
        "%(map)s has only %(cities)d tool city; %(given)d given",
        "%(map)s has only %(cities)d tool cities; %(given)d given",
    ),
    "wine": ngettext(
        "%(map)s has only %(cities)d wine city; %(given)d given",
        "%(map)s has only %(cities)d wine cities; %(given)d given",
    ),
    "cloth": ngettext(
        "%(map)s has only %(cities)d cloth city; %(given)d given",
        "%(map)s has only %(cities)d cloth cities; %(given)d given",
    ),
    "salt": ngettext(
        "%(map)s has only %(cities)d salt city; %(given)d given",
        "%(map)s has only %(cities)d salt cities; %(given)d given",
    ),
}
HOUSES_OVER_CITIES_ANY: Final = ngettext(
    "%(map)s has only %(cities)d city of %(good)s; %(given)d given",
    "%(map)s has only %(cities)d cities of %(good)s; %(given)d given",
)
HOUSES_OVER_STOCK: Final = gettext_noop(
    "A player has only %(maximum)d houses; %(given)d given"
)
PROVINCES_NEGATIVE: Final = gettext_noop(
    "The number of provinces cannot be negative; %(given)d given"
)
PROVINCES_OVER_MAP: Final = gettext_noop(
    "%(map)s has only %(maximum)d provinces; %(given)d given"
)
PROVINCES_NONE_WITH_HOUSES: Final = gettext_noop(
    "Every house stands in a province, so a player with houses has at least 1; 0 given"
)
PROVINCES_OVER_HOUSES: Final = gettext_noop(
    "Each province counted needs one of the player's houses, and there are only %(houses)d; %(given)d given"
)
PROVINCES_UNDER_HOUSES: Final = gettext_noop(
    "A province of %(map)s has at most %(cities)d cities, so %(houses)d houses stand in at least %(minimum)d provinces; %(given)d given"
)
CARDS_UNDER_STARTING_HAND: Final[dict[str, str]] = {
    "vesta": gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Vesta cards; %(given)d given"
    ),
    "jupiter": gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Jupiter cards; %(given)d given"
    ),
    "saturnus": gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Saturnus cards; %(given)d given"
    ),
    "mercurius": gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Mercurius cards; %(given)d given"
    ),
    "mars": gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Mars cards; %(given)d given"
    ),
    "venus": gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Venus cards (the Magister); %(given)d given"
    ),
}
CARDS_UNDER_STARTING_HAND_ANY: Final = gettext_noop(
    "Count the starting hand too: no one holds fewer than %(minimum)d of the %(god)s cards; %(given)d given"
)
CARDS_OVER_DECKS: Final[dict[str, str]] = {
    "vesta": gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Vesta cards; %(given)d given"
    ),
    "jupiter": gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Jupiter cards; %(given)d given"
    ),
    "saturnus": gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Saturnus cards; %(given)d given"
    ),
    "mercurius": gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Mercurius cards; %(given)d given"
    ),
    "mars": gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Mars cards; %(given)d given"
    ),
    "venus": gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Venus cards; %(given)d given"
    ),
}
CARDS_OVER_DECKS_ANY: Final = gettext_noop(
    "With %(players)d players no one can hold more than %(maximum)d of the %(god)s cards; %(given)d given"
)
CARDS_OVER_TABLE: Final[dict[str, Plural]] = {
    "vesta": ngettext(
        "With %(players)d players only %(available)d Vesta card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Vesta cards are in the game, but the players up to this one hold %(given)d",
    ),
    "jupiter": ngettext(
        "With %(players)d players only %(available)d Jupiter card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Jupiter cards are in the game, but the players up to this one hold %(given)d",
    ),
    "saturnus": ngettext(
        "With %(players)d players only %(available)d Saturnus card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Saturnus cards are in the game, but the players up to this one hold %(given)d",
    ),
    "mercurius": ngettext(
        "With %(players)d players only %(available)d Mercurius card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Mercurius cards are in the game, but the players up to this one hold %(given)d",
    ),
    "mars": ngettext(
        "With %(players)d players only %(available)d Mars card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Mars cards are in the game, but the players up to this one hold %(given)d",
    ),
    "venus": ngettext(
        "With %(players)d players only %(available)d Venus card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Venus cards are in the game, but the players up to this one hold %(given)d",
    ),
}
CARDS_OVER_TABLE_ANY: Final = ngettext(
    "With %(players)d players only %(available)d %(god)s card is in the game, but the players up to this one hold %(given)d",
    "With %(players)d players only %(available)d %(god)s cards are in the game, but the players up to this one hold %(given)d",
)
MODULE_UNKNOWN: Final = gettext_noop(
    "This app does not know the expansion module “%(given)s” yet"
)
SPECIALIST_TAKEN: Final = gettext_noop(
    "There is only one %(specialist)s in the game, and %(holder)s has it already"
)
CONCORDIA_NOBODY: Final = gettext_noop(
    "In a final sheet exactly one player has the Concordia card: the one who ended the game"
)
CONCORDIA_TAKEN: Final = gettext_noop(
    "Only one player can have the Concordia card, and %(holder)s has it already"
)
CONCORDIA_TOO_EARLY: Final = gettext_noop(
    "The Concordia card goes to whoever builds their last house or buys the last card for sale, but %(holder)s has built %(built)d of %(maximum)d houses and the players have bought %(bought)d of the %(sale)d cards for sale"
)
CONCORDIA_INTERMEDIATE: Final = gettext_noop(
    "Nobody has the Concordia card at an intermediate scoring: the game is not over"
)

# Venus (expansions §2a, §2c; score-sheet format, "Concordia with its expansions").
VENUS_PROVINCES_NEGATIVE: Final = gettext_noop(
    "The number of provinces with two houses cannot be negative; %(given)d given"
)
VENUS_PROVINCES_OVER_PROVINCES: Final = gettext_noop(
    "Only a province holding the player's houses can hold two of them, and there are %(provinces)d; %(given)d given"
)
VENUS_PROVINCES_OVER_HOUSES: Final = gettext_noop(
    "Each of these provinces holds a second house, and %(houses)d houses in %(provinces)d provinces leave only %(spare)d; %(given)d given"
)
VENUS_TEAM_FIELD_ALONE: Final = gettext_noop(
    "Provinces shared with a partner count only in team play: give every player a team, or leave this at 0"
)
VENUS_PAIRS_IN_TEAM_PLAY: Final = gettext_noop(
    "In team play Venus counts the provinces shared with the partner, not those with two houses: leave this at 0"
)
TEAM_WITHOUT_MODULE: Final = gettext_noop(
    "Teams are played only with Venus: add it to the modules played, or leave the team out"
)
TEAM_MISSING: Final = gettext_noop(
    "In team play every player belongs to a team; this player has none"
)
TEAM_SIZE: Final = gettext_noop(
    "A team has exactly %(size)d players, and “%(team)s” has %(given)d"
)
TEAM_TABLE: Final = gettext_noop(
    "Team play is for %(sizes)s players; this sheet has %(given)d"
)
INDIVIDUAL_TABLE: Final = gettext_noop(
    "Without teams Concordia is played by %(minimum)d to %(maximum)d players; %(given)d play only in teams"
)
VENUS_TEAM_PROVINCES_NEGATIVE: Final = gettext_noop(
    "The number of shared provinces cannot be negative; %(given)d given"
)
VENUS_TEAM_PROVINCES_OVER: Final = gettext_noop(
    "A shared province holds a house of each partner, and %(name)s has houses in only %(provinces)d provinces; %(given)d given"
)
VENUS_TEAM_PROVINCES_DIFFER: Final = gettext_noop(
    "Partners count the same shared provinces, and %(partner)s counted %(other)d; %(given)d given"
)

_FINAL: Final = SheetKind.FINAL
_PREFIXES: Final = tuple(f"players[{seat}]" for seat in range(MAX_PLAYERS))


@cache
def _fewest_provinces(spec: MapSpec) -> tuple[int, ...]:
    """Return, for 0...15 houses, the fewest provinces of ``spec`` that hold them.

    The largest provinces first: n houses fill at best the n cities of the
    biggest provinces. Counts past the map's cities are left out.
    """
    sizes = sorted((len(province.cities) for province in spec.provinces), reverse=True)
    fewest = [0]
    for provinces, size in enumerate(sizes, start=1):
        fewest.extend([provinces] * size)
    return tuple(fewest[: MAX_HOUSES + 1])


@cache
def _most_cities(spec: MapSpec) -> int:
    return max(len(province.cities) for province in spec.provinces)


@dataclass(frozen=True, slots=True, eq=False)
class _Decks:
    """Per ruleset and player count: the card limits (in the ruleset's god order)."""

    gods: tuple[God, ...]
    # The gods' places in a `CardCounts.vector`; None when they are all of
    # them, in order (the vector is then the counts as they are).
    places: tuple[int, ...] | None
    starting: tuple[int, ...]
    # The cards of each god in the game, and the most one player can hold
    # (starting hand plus every sale card of the god in decks I...N); None for
    # an impossible player count, where the decks in play are unknown.
    available: tuple[int, ...] | None
    maximum: tuple[int, ...]
    # §4b: the sale cards of decks I...N, the specialists included.
    sale: int
    # When the gods are the vector's first ones, in order (the base game's,
    # a module's god coming after them): how many, so that a slice reads them.
    prefix: int = 0


@cache
def _decks(rules: Ruleset, count: int, team_play: bool = False) -> _Decks:
    gods = rules.gods
    places = None if gods == tuple(God) else rules.god_places
    prefix = (
        len(places) if places is not None and places == tuple(range(len(places))) else 0
    )
    starting = rules.starting_hand.in_order(gods)
    # Team play's cards for sale (Praetor, Proconsul, Legatus…) are not
    # sourced (expansions §2c): only the starting hand's minimum is checked.
    if count not in rules.player_range or team_play:
        return _Decks(
            gods, places, starting, None, (sys.maxsize,) * len(gods), 0, prefix
        )
    return _Decks(
        gods,
        places,
        starting,
        rules.cards_in_play(count).in_order(gods),
        rules.max_cards_per_player(count).in_order(gods),
        len(rules.sale_cards_in_play(count)),
        prefix,
    )


def validate_sheet(sheet: ScoreSheet) -> tuple[Problem, ...]:
    """Return every problem of ``sheet``, in document order; ``()`` when it is valid.

    Table-wide limits are reported where they are first broken: the cards of a
    god on the card field of the player whose count carries the table total past
    the decks in play (unless one player alone holds more than the decks allow,
    which is reported on that player instead), a specialist, a name or the
    Concordia card on each player after the first holder.

    Runs on every keystroke of the live preview, so the common all-valid path
    is kept to plain comparisons.
    """
    problems: list[Problem] = []
    try:
        rules = ruleset(sheet.map, sheet.expansions)
    except UnknownModule as error:
        # A typed sheet naming a module the data does not describe: said
        # once; the rest is checked against the base game.
        problems.append(
            Problem(
                path="expansions",
                template=MODULE_UNKNOWN,
                params={"given": error.module},
            )
        )
        rules = base(sheet.map)
    spec = rules.map
    players = sheet.players
    count = len(players)
    final = sheet.kind is _FINAL
    names = [board.name for board in players]

    # Score-sheet format: required for a final sheet (§3 tie-break), optional
    # for an intermediate one, and always one of the players when given.
    pm = sheet.praefectus_magnus
    if pm is None or not pm.strip():
        if final:
            problems.append(Problem(path="praefectus_magnus", template=PM_MISSING))
    elif pm not in names:
        problems.append(
            Problem(
                path="praefectus_magnus", template=PM_NOT_A_PLAYER, params={"given": pm}
            )
        )

    # Team play (Venus): a team on any seat. Without a module that has
    # teams a team is refused below (`_check_venus`).
    team_play = False
    for board in players:
        if board.team is not None:
            team_play = True
            break
    decks = _decks(rules, count, team_play)
    if count not in rules.player_range:
        problems.append(
            Problem(
                path="players",
                template=PLAYER_COUNT,
                params={
                    "minimum": rules.min_players,
                    "maximum": rules.max_players,
                    "given": count,
                },
            )
        )

    # The player-by-player walks below report names and specialists in document
    # order; a set tells at once whether there is anything to report.
    check_names = len(set(names)) < count or not all(name.strip() for name in names)
    specialists = [s for board in players for s in board.specialists]
    check_specialists = len(set(specialists)) < len(specialists)

    seen_names: set[str] = set()
    specialist_holders: dict[Specialist, str] = {}
    concordia_holder: str | None = None
    concordia_seat = 0
    held = [0] * len(decks.gods)
    blamed: set[int] = set()
    province_count = len(spec.provinces)
    for seat, board in enumerate(players):
        prefix = _PREFIXES[seat] if seat < MAX_PLAYERS else f"players[{seat}]"
        name = board.name
        if check_names:
            refusal = name_problem(name)
            if refusal is not None:
                template, params = refusal
                problems.append(
                    Problem(path=f"{prefix}.name", template=template, params=params)
                )
            elif name in seen_names:
                problems.append(
                    Problem(
                        path=f"{prefix}.name",
                        template=NAME_TAKEN,
                        params={"name": name},
                    )
                )
            seen_names.add(name)

        _check_counts(board, rules, province_count, prefix, problems)
        _check_cards(board.cards, count, decks, held, blamed, prefix, problems)

        # §4b, §5: each specialist card exists once in the game.
        for index, specialist in enumerate(
            board.specialists if check_specialists else ()
        ):
            holder = specialist_holders.get(specialist)
            if holder is None:
                specialist_holders[specialist] = name
            else:
                problems.append(
                    Problem(
                        path=f"{prefix}.specialists[{index}]",
                        template=SPECIALIST_TAKEN,
                        params={
                            "specialist": specialist.value.capitalize(),
                            "holder": holder,
                        },
                    )
                )

        # §2, §11.8: one player ends the game and takes the Concordia card.
        if board.concordia_card:
            if not final:
                problems.append(
                    Problem(
                        path=f"{prefix}.concordia_card", template=CONCORDIA_INTERMEDIATE
                    )
                )
            elif concordia_holder is None:
                concordia_holder = name
                concordia_seat = seat
            else:
                problems.append(
                    Problem(
                        path=f"{prefix}.concordia_card",
                        template=CONCORDIA_TAKEN,
                        params={"holder": concordia_holder},
                    )
                )

    if rules.teams or team_play:
        _check_venus(players, rules, team_play, problems)

    if final and concordia_holder is None and players:
        problems.append(Problem(path="players", template=CONCORDIA_NOBODY))
    elif concordia_holder is not None and decks.available is not None:
        _check_game_end(players, concordia_seat, decks, problems)
    return tuple(problems)


def _check_venus(
    players: tuple[PlayerBoard, ...],
    rules: Ruleset,
    team_play: bool,
    problems: list[Problem],
) -> None:
    """Venus' fields and team play (expansions §2a, §2c; the score-sheet format)."""
    count = len(players)
    if not rules.teams:
        for seat, board in enumerate(players):
            if board.team is not None:
                problems.append(
                    Problem(path=f"players[{seat}].team", template=TEAM_WITHOUT_MODULE)
                )
        return
    if not team_play:
        if rules.individual_max < count <= rules.max_players:
            problems.append(
                Problem(
                    path="players",
                    template=INDIVIDUAL_TABLE,
                    params={
                        "minimum": rules.min_players,
                        "maximum": rules.individual_max,
                        "given": count,
                    },
                )
            )
        for seat, board in enumerate(players):
            prefix = f"players[{seat}]"
            if board.venus_team_provinces:
                problems.append(
                    Problem(
                        path=f"{prefix}.venus_team_provinces",
                        template=VENUS_TEAM_FIELD_ALONE,
                    )
                )
            _check_venus_provinces(board, prefix, problems)
        return
    members: dict[str, list[int]] = {}
    for seat, board in enumerate(players):
        if board.team is None:
            problems.append(
                Problem(path=f"players[{seat}].team", template=TEAM_MISSING)
            )
        else:
            members.setdefault(board.team, []).append(seat)
    if count not in rules.team_table_sizes:
        problems.append(
            Problem(
                path="players",
                template=TEAM_TABLE,
                params={
                    "sizes": " / ".join(str(n) for n in rules.team_table_sizes),
                    "given": count,
                },
            )
        )
    for team, seats in members.items():
        if len(seats) != rules.team_size:
            problems.append(
                Problem(
                    path=f"players[{seats[-1]}].team",
                    template=TEAM_SIZE,
                    params={"size": rules.team_size, "team": team, "given": len(seats)},
                )
            )
    for seat, board in enumerate(players):
        prefix = f"players[{seat}]"
        if board.venus_provinces:
            problems.append(
                Problem(
                    path=f"{prefix}.venus_provinces", template=VENUS_PAIRS_IN_TEAM_PLAY
                )
            )
        given = board.venus_team_provinces
        path = f"{prefix}.venus_team_provinces"
        if given < 0:
            problems.append(
                Problem(
                    path=path,
                    template=VENUS_TEAM_PROVINCES_NEGATIVE,
                    params={"given": given},
                )
            )
            continue
        partners = members.get(board.team or "", [])
        if len(partners) != rules.team_size:
            continue
        # §2c: a shared province holds a house of each partner, so neither
        # can count more than the provinces they hold; both count the same.
        for other in partners:
            if players[other].provinces < given:
                problems.append(
                    Problem(
                        path=path,
                        template=VENUS_TEAM_PROVINCES_OVER,
                        params={
                            "name": players[other].name,
                            "provinces": max(players[other].provinces, 0),
                            "given": given,
                        },
                    )
                )
                break
        else:
            first = players[partners[0]]
            if seat != partners[0] and first.venus_team_provinces != given:
                problems.append(
                    Problem(
                        path=path,
                        template=VENUS_TEAM_PROVINCES_DIFFER,
                        params={
                            "partner": first.name,
                            "other": first.venus_team_provinces,
                            "given": given,
                        },
                    )
                )


def _check_venus_provinces(
    board: PlayerBoard, prefix: str, problems: list[Problem]
) -> None:
    # §2a: provinces holding at least 2 of the player's houses: at most the
    # provinces they hold, and each needs a second house beyond the first
    # house of every province.
    given = board.venus_provinces
    path = f"{prefix}.venus_provinces"
    provinces = max(board.provinces, 0)
    houses = board.houses.positive_total
    if given < 0:
        problems.append(
            Problem(
                path=path, template=VENUS_PROVINCES_NEGATIVE, params={"given": given}
            )
        )
    elif given > provinces:
        problems.append(
            Problem(
                path=path,
                template=VENUS_PROVINCES_OVER_PROVINCES,
                params={"provinces": provinces, "given": given},
            )
        )
    elif given > max(houses - provinces, 0):
        problems.append(
            Problem(
                path=path,
                template=VENUS_PROVINCES_OVER_HOUSES,
                params={
                    "houses": houses,
                    "provinces": provinces,
                    "spare": max(houses - provinces, 0),
                    "given": given,
                },
            )
        )


def _check_game_end(
    players: tuple[PlayerBoard, ...],
    seat: int,
    decks: _Decks,
    problems: list[Problem],
) -> None:
    # §2, §11.8: the game ends, and its ender takes the Concordia card, when a
    # player builds their last house or buys the last card of the display. The
    # display is refilled until decks I...N are empty, so the second way needs
    # every sale card in play bought: the cards the players hold beyond their
    # starting hands (§4a; specialists included) then add up to those decks.
    built = players[seat].houses.positive_total
    if built >= MAX_HOUSES:
        return
    sale = decks.sale
    starting = decks.starting
    bought = 0
    for board in players:
        cards = board.cards.in_order(decks.gods)
        bought += len(board.specialists) + sum(
            count - start
            for count, start in zip(cards, starting, strict=True)
            if count > start
        )
    if bought >= sale:
        return
    problems.append(
        Problem(
            path=f"{_PREFIXES[seat]}.concordia_card",
            template=CONCORDIA_TOO_EARLY,
            params={
                "maximum": MAX_HOUSES,
                "holder": players[seat].name,
                "built": built,
                "bought": bought,
                "sale": sale,
            },
        )
    )


def _check_counts(
    board: PlayerBoard,
    rules: Ruleset,
    province_count: int,
    prefix: str,
    problems: list[Problem],
) -> None:
    spec = rules.map
    if board.sestertii < 0:
        problems.append(
            Problem(
                path=f"{prefix}.sestertii",
                template=SESTERTII_NEGATIVE,
                params={"given": board.sestertii},
            )
        )
    elif board.sestertii > MAX_SESTERTII:
        problems.append(
            Problem(
                path=f"{prefix}.sestertii",
                template=SESTERTII_TOO_MANY,
                params={"maximum": MAX_SESTERTII, "given": board.sestertii},
            )
        )

    # §2: 12 storehouse spaces, each holding one good or one colonist; the
    # colonists not on the board are still in it (6 - on board).
    storehouse = board.storehouse
    stored_goods = storehouse.vector
    # min() and sum() on the vectors run in C: this is every player of every
    # live preview, and almost always valid.
    if min(stored_goods) >= 0:
        goods = sum(stored_goods)
    else:
        goods = storehouse.positive_total
        for good in rules.goods:
            if storehouse[good] < 0:
                problems.append(
                    Problem(
                        path=f"{prefix}.storehouse.{good.value}",
                        template=GOODS_NEGATIVE,
                        params={"given": storehouse[good]},
                    )
                )
    colonists = board.colonists_on_board
    # An out-of-range colonist count is reported on its own field; clamp it
    # here so the storehouse is not blamed for it as well.
    if colonists < MIN_COLONISTS_ON_BOARD:
        stored = MAX_COLONISTS - MIN_COLONISTS_ON_BOARD
    elif colonists > MAX_COLONISTS:
        stored = 0
    else:
        stored = MAX_COLONISTS - colonists
    if goods + stored > rules.storehouse_spaces:
        problems.append(
            Problem(
                path=f"{prefix}.storehouse",
                template=STOREHOUSE_OVERFULL,
                params={
                    "spaces": rules.storehouse_spaces,
                    "goods": goods,
                    "colonists": stored,
                    "needed": goods + stored,
                },
            )
        )

    # §2: two colonists start on the board and never leave it; six is the stock.
    if not MIN_COLONISTS_ON_BOARD <= colonists <= MAX_COLONISTS:
        problems.append(
            Problem(
                path=f"{prefix}.colonists_on_board",
                template=COLONISTS_RANGE,
                params={
                    "minimum": MIN_COLONISTS_ON_BOARD,
                    "maximum": MAX_COLONISTS,
                    "given": colonists,
                },
            )
        )

    # §8, §9: one house per player per city, so at most the map's cities of
    # that good; §2: 15 houses per player.
    houses = board.houses
    cities = rules.cities_per_good
    built_vector = houses.vector
    lowest = min(built_vector)
    if lowest < 0 or not all(map(le, built_vector, cities.vector)):
        for good in rules.goods:
            given = houses[good]
            if given < 0:
                problems.append(
                    Problem(
                        path=f"{prefix}.houses.{good.value}",
                        template=HOUSES_NEGATIVE,
                        params={"given": given},
                    )
                )
            elif given > cities[good]:
                message = HOUSES_OVER_CITIES.get(good.value, HOUSES_OVER_CITIES_ANY)
                problems.append(
                    Problem(
                        path=f"{prefix}.houses.{good.value}",
                        template=message.singular,
                        plural=message.plural,
                        count="cities",
                        params={
                            "map": spec.title,
                            "cities": cities[good],
                            "good": good.value,
                            "given": given,
                        },
                    )
                )
    built = sum(built_vector) if lowest >= 0 else houses.positive_total
    if built > MAX_HOUSES:
        problems.append(
            Problem(
                path=f"{prefix}.houses",
                template=HOUSES_OVER_STOCK,
                params={"maximum": MAX_HOUSES, "given": built},
            )
        )

    # §3 Saturnus, §11.4: provinces holding at least one house; the capital
    # never holds one.
    provinces = board.provinces
    fewest = _fewest_provinces(spec)
    if (
        0 < provinces <= built
        and provinces <= province_count
        and (built >= len(fewest) or provinces >= fewest[built])
    ) or provinces == built == 0:
        return
    params: dict[str, str | int] = {"given": provinces}
    if provinces < 0:
        template = PROVINCES_NEGATIVE
    elif provinces > province_count:
        template = PROVINCES_OVER_MAP
        params.update(map=spec.title, maximum=province_count)
    elif provinces == 0:
        template = PROVINCES_NONE_WITH_HOUSES
    elif provinces > built:
        template = PROVINCES_OVER_HOUSES
        params.update(houses=built)
    else:
        # §9: a province holds 2 or 3 cities and a player one house per city,
        # so n houses need at least the fewest provinces with n cities between
        # them (15 houses: 5 provinces of Imperium, 6 of Italia).
        template = PROVINCES_UNDER_HOUSES
        params.update(
            map=spec.title,
            cities=_most_cities(spec),
            houses=built,
            minimum=fewest[built],
        )
    problems.append(
        Problem(path=f"{prefix}.provinces", template=template, params=params)
    )


@lru_cache(maxsize=4096)
def _cards_within(decks: _Decks, given: tuple[int, ...]) -> bool:
    """Whether every count is between the starting hand and the most one player
    can hold (cached: a player's card counts are a few small numbers, and this
    runs for every player of every live preview)."""
    return all(map(le, decks.starting, given)) and all(map(le, given, decks.maximum))


def _check_cards(
    cards: CardCounts,
    player_count: int,
    decks: _Decks,
    held: list[int],
    blamed: set[int],
    prefix: str,
    problems: list[Problem],
) -> None:
    # §4: every card counts, starting hand included (§4a); a player holds at
    # most the starting hand plus every sale card of the god in decks I...N
    # (§4b), and the whole table at most what the decks in play hold (§7).
    gods = decks.gods
    vector = cards.vector
    if decks.places is None:
        given = vector
    elif decks.prefix:
        # A slice runs in C: this is every player of every live preview.
        given = vector[: decks.prefix]
    else:
        given = tuple([vector[place] for place in decks.places])
    starting = decks.starting
    maximum = decks.maximum
    if not _cards_within(decks, given):
        for index, god in enumerate(gods):
            count = given[index]
            if count < starting[index]:
                problems.append(
                    Problem(
                        path=f"{prefix}.cards.{god.value}",
                        template=CARDS_UNDER_STARTING_HAND.get(
                            god.value, CARDS_UNDER_STARTING_HAND_ANY
                        ),
                        params={
                            "minimum": starting[index],
                            "god": god.value.capitalize(),
                            "given": count,
                        },
                    )
                )
            elif count > maximum[index]:
                blamed.add(index)
                problems.append(
                    Problem(
                        path=f"{prefix}.cards.{god.value}",
                        template=CARDS_OVER_DECKS.get(god.value, CARDS_OVER_DECKS_ANY),
                        params={
                            "players": player_count,
                            "maximum": maximum[index],
                            "god": god.value.capitalize(),
                            "given": count,
                        },
                    )
                )
    available = decks.available
    if available is None:
        return
    if min(given) >= 0:
        held[:] = map(add, held, given)
    else:
        held[:] = [total + (n if n > 0 else 0) for total, n in zip(held, given)]
    over = not all(map(le, held, available))
    if not over:
        return
    for index, god in enumerate(gods):
        # Report on the player whose cards carry the total past the decks,
        # unless one player alone holds too many (reported above).
        added = given[index] if given[index] > 0 else 0
        if (
            held[index] > available[index] >= held[index] - added
            and index not in blamed
        ):
            message = CARDS_OVER_TABLE.get(god.value, CARDS_OVER_TABLE_ANY)
            problems.append(
                Problem(
                    path=f"{prefix}.cards.{god.value}",
                    template=message.singular,
                    plural=message.plural,
                    count="available",
                    params={
                        "players": player_count,
                        "available": available[index],
                        "god": god.value.capitalize(),
                        "given": held[index],
                    },
                )
            )
