"""Check a score sheet against the score-sheet format and the rules (digest §2-§5, §7, §9).

`validate_sheet` returns every problem at once, each addressed by the JSON path
of the field to fix (``players[1].houses.cloth``), so that a form can mark the
fields and the score-sheet contract can list them. A sheet without problems is
one that could lie on a real table at the end of a game.
"""

from __future__ import annotations

import sys
from typing import Final

from scoring.catalog import (
    MAX_COLONISTS,
    MAX_HOUSES,
    MAX_PLAYERS,
    MIN_COLONISTS_ON_BOARD,
    MIN_PLAYERS,
    SALE_CARDS,
    STARTING_HAND,
    STOREHOUSE_SPACES,
    cards_in_play,
    max_cards_per_player,
)
from scoring.i18n import Plural, gettext_noop, ngettext
from scoring.maps import MAPS, MapSpec
from scoring.names import name_problem
from scoring.types import (
    CardCounts,
    God,
    Good,
    GoodCounts,
    MapName,
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
# One message per good or god, so that each language can inflect it.
HOUSES_OVER_CITIES: Final[dict[Good, Plural]] = {
    Good.BRICK: ngettext(
        "%(map)s has only %(cities)d brick city; %(given)d given",
        "%(map)s has only %(cities)d brick cities; %(given)d given",
    ),
    Good.FOOD: ngettext(
        "%(map)s has only %(cities)d food city; %(given)d given",
        "%(map)s has only %(cities)d food cities; %(given)d given",
    ),
    Good.TOOL: ngettext(
        "%(map)s has only %(cities)d tool city; %(given)d given",
        "%(map)s has only %(cities)d tool cities; %(given)d given",
    ),
    Good.WINE: ngettext(
        "%(map)s has only %(cities)d wine city; %(given)d given",
        "%(map)s has only %(cities)d wine cities; %(given)d given",
    ),
    Good.CLOTH: ngettext(
        "%(map)s has only %(cities)d cloth city; %(given)d given",
        "%(map)s has only %(cities)d cloth cities; %(given)d given",
    ),
}
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
CARDS_UNDER_STARTING_HAND: Final[dict[God, str]] = {
    God.VESTA: gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Vesta cards; %(given)d given"
    ),
    God.JUPITER: gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Jupiter cards; %(given)d given"
    ),
    God.SATURNUS: gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Saturnus cards; %(given)d given"
    ),
    God.MERCURIUS: gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Mercurius cards; %(given)d given"
    ),
    God.MARS: gettext_noop(
        "Count the starting hand too: no one holds fewer than %(minimum)d of the Mars cards; %(given)d given"
    ),
}
CARDS_OVER_DECKS: Final[dict[God, str]] = {
    God.VESTA: gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Vesta cards; %(given)d given"
    ),
    God.JUPITER: gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Jupiter cards; %(given)d given"
    ),
    God.SATURNUS: gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Saturnus cards; %(given)d given"
    ),
    God.MERCURIUS: gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Mercurius cards; %(given)d given"
    ),
    God.MARS: gettext_noop(
        "With %(players)d players no one can hold more than %(maximum)d of the Mars cards; %(given)d given"
    ),
}
CARDS_OVER_TABLE: Final[dict[God, Plural]] = {
    God.VESTA: ngettext(
        "With %(players)d players only %(available)d Vesta card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Vesta cards are in the game, but the players up to this one hold %(given)d",
    ),
    God.JUPITER: ngettext(
        "With %(players)d players only %(available)d Jupiter card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Jupiter cards are in the game, but the players up to this one hold %(given)d",
    ),
    God.SATURNUS: ngettext(
        "With %(players)d players only %(available)d Saturnus card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Saturnus cards are in the game, but the players up to this one hold %(given)d",
    ),
    God.MERCURIUS: ngettext(
        "With %(players)d players only %(available)d Mercurius card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Mercurius cards are in the game, but the players up to this one hold %(given)d",
    ),
    God.MARS: ngettext(
        "With %(players)d players only %(available)d Mars card is in the game, but the players up to this one hold %(given)d",
        "With %(players)d players only %(available)d Mars cards are in the game, but the players up to this one hold %(given)d",
    ),
}
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

_GOODS: Final = tuple(Good)
_GODS: Final = tuple(God)
_FINAL: Final = SheetKind.FINAL
_PREFIXES: Final = tuple(f"players[{seat}]" for seat in range(MAX_PLAYERS))


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


_FEWEST_PROVINCES: Final[dict[MapName, tuple[int, ...]]] = {
    name: _fewest_provinces(spec) for name, spec in MAPS.items()
}
_MOST_CITIES: Final[dict[MapName, int]] = {
    name: max(len(province.cities) for province in spec.provinces)
    for name, spec in MAPS.items()
}


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
    spec = MAPS[sheet.map]
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

    decks = _DECKS.get(count)
    if decks is None:
        problems.append(
            Problem(
                path="players",
                template=PLAYER_COUNT,
                params={"minimum": MIN_PLAYERS, "maximum": MAX_PLAYERS, "given": count},
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
    held = [0] * len(_GODS)
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

        _check_counts(board, spec, province_count, prefix, problems)
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

    if final and concordia_holder is None and players:
        problems.append(Problem(path="players", template=CONCORDIA_NOBODY))
    elif concordia_holder is not None and decks is not None:
        _check_game_end(players, concordia_seat, count, problems)
    return tuple(problems)


def _check_game_end(
    players: tuple[PlayerBoard, ...],
    seat: int,
    player_count: int,
    problems: list[Problem],
) -> None:
    # §2, §11.8: the game ends, and its ender takes the Concordia card, when a
    # player builds their last house or buys the last card of the display. The
    # display is refilled until decks I...N are empty, so the second way needs
    # every sale card in play bought: the cards the players hold beyond their
    # starting hands (§4a; specialists included) then add up to those decks.
    built = _positive_total(players[seat].houses)
    if built >= MAX_HOUSES:
        return
    sale = _SALE_CARDS_IN_PLAY[player_count]
    bought = 0
    for board in players:
        cards = _as_tuple(board.cards)
        bought += len(board.specialists) + sum(
            count - start
            for count, start in zip(cards, _STARTING_HAND, strict=True)
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
    spec: MapSpec,
    province_count: int,
    prefix: str,
    problems: list[Problem],
) -> None:
    if board.sestertii < 0:
        problems.append(
            Problem(
                path=f"{prefix}.sestertii",
                template=SESTERTII_NEGATIVE,
                params={"given": board.sestertii},
            )
        )

    # §2: 12 storehouse spaces, each holding one good or one colonist; the
    # colonists not on the board are still in it (6 - on board).
    storehouse = board.storehouse
    if not _all_non_negative(storehouse):
        for good in _GOODS:
            if storehouse[good] < 0:
                problems.append(
                    Problem(
                        path=f"{prefix}.storehouse.{good.value}",
                        template=GOODS_NEGATIVE,
                        params={"given": storehouse[good]},
                    )
                )
    goods = _positive_total(storehouse)
    colonists = board.colonists_on_board
    # An out-of-range colonist count is reported on its own field; clamp it
    # here so the storehouse is not blamed for it as well.
    if colonists < MIN_COLONISTS_ON_BOARD:
        stored = MAX_COLONISTS - MIN_COLONISTS_ON_BOARD
    elif colonists > MAX_COLONISTS:
        stored = 0
    else:
        stored = MAX_COLONISTS - colonists
    if goods + stored > STOREHOUSE_SPACES:
        problems.append(
            Problem(
                path=f"{prefix}.storehouse",
                template=STOREHOUSE_OVERFULL,
                params={
                    "spaces": STOREHOUSE_SPACES,
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
    cities = spec.cities_per_good
    if not _within(houses, cities):
        for good in _GOODS:
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
                problems.append(
                    Problem(
                        path=f"{prefix}.houses.{good.value}",
                        template=HOUSES_OVER_CITIES[good].singular,
                        plural=HOUSES_OVER_CITIES[good].plural,
                        count="cities",
                        params={
                            "map": spec.title,
                            "cities": cities[good],
                            "given": given,
                        },
                    )
                )
    built = _positive_total(houses)
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
    fewest = _FEWEST_PROVINCES[spec.name]
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
            cities=_MOST_CITIES[spec.name],
            houses=built,
            minimum=fewest[built],
        )
    problems.append(
        Problem(path=f"{prefix}.provinces", template=template, params=params)
    )


def _as_tuple(cards: CardCounts) -> tuple[int, ...]:
    return (cards.vesta, cards.jupiter, cards.saturnus, cards.mercurius, cards.mars)


_STARTING_HAND: Final = _as_tuple(STARTING_HAND)
# §7, §4b: per player count, the cards of each god in the game and the most one
# player can hold (starting hand plus every sale card of the god in play).
_DECKS: Final = {
    count: (_as_tuple(cards_in_play(count)), _as_tuple(max_cards_per_player(count)))
    for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
# §4b: the sale cards of decks I...N, Minerva's specialists included.
_SALE_CARDS_IN_PLAY: Final = {
    count: sum(1 for card in SALE_CARDS if card.deck <= count)
    for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
# With an impossible player count the decks in play are unknown: no maximum.
_NO_MAXIMUM: Final = (sys.maxsize,) * len(_GODS)


def _check_cards(
    cards: CardCounts,
    player_count: int,
    decks: tuple[tuple[int, ...], tuple[int, ...]] | None,
    held: list[int],
    blamed: set[int],
    prefix: str,
    problems: list[Problem],
) -> None:
    # §4: every card counts, starting hand included (§4a); a player holds at
    # most the starting hand plus every sale card of the god in decks I...N
    # (§4b), and the whole table at most what the decks in play hold (§7).
    vesta, jupiter, saturnus, mercurius, mars = given = (
        cards.vesta,
        cards.jupiter,
        cards.saturnus,
        cards.mercurius,
        cards.mars,
    )
    maximum = decks[1] if decks else _NO_MAXIMUM
    # Written out rather than looped: this runs for every player of every preview.
    if not (
        _STARTING_HAND[0] <= vesta <= maximum[0]
        and _STARTING_HAND[1] <= jupiter <= maximum[1]
        and _STARTING_HAND[2] <= saturnus <= maximum[2]
        and _STARTING_HAND[3] <= mercurius <= maximum[3]
        and _STARTING_HAND[4] <= mars <= maximum[4]
    ):
        for index, god in enumerate(_GODS):
            count = given[index]
            if count < _STARTING_HAND[index]:
                problems.append(
                    Problem(
                        path=f"{prefix}.cards.{god.value}",
                        template=CARDS_UNDER_STARTING_HAND[god],
                        params={
                            "minimum": _STARTING_HAND[index],
                            "given": count,
                        },
                    )
                )
            elif count > maximum[index]:
                blamed.add(index)
                problems.append(
                    Problem(
                        path=f"{prefix}.cards.{god.value}",
                        template=CARDS_OVER_DECKS[god],
                        params={
                            "players": player_count,
                            "maximum": maximum[index],
                            "given": count,
                        },
                    )
                )
    if decks is None:
        return
    available = decks[0]
    held[0] += vesta if vesta > 0 else 0
    held[1] += jupiter if jupiter > 0 else 0
    held[2] += saturnus if saturnus > 0 else 0
    held[3] += mercurius if mercurius > 0 else 0
    held[4] += mars if mars > 0 else 0
    if (
        held[0] <= available[0]
        and held[1] <= available[1]
        and held[2] <= available[2]
        and held[3] <= available[3]
        and held[4] <= available[4]
    ):
        return
    for index, god in enumerate(_GODS):
        # Report on the player whose cards carry the total past the decks,
        # unless one player alone holds too many (reported above).
        added = given[index] if given[index] > 0 else 0
        if (
            held[index] > available[index] >= held[index] - added
            and index not in blamed
        ):
            problems.append(
                Problem(
                    path=f"{prefix}.cards.{god.value}",
                    template=CARDS_OVER_TABLE[god].singular,
                    plural=CARDS_OVER_TABLE[god].plural,
                    count="available",
                    params={
                        "players": player_count,
                        "available": available[index],
                        "given": held[index],
                    },
                )
            )


def _all_non_negative(counts: GoodCounts) -> bool:
    return (
        counts.brick >= 0
        and counts.food >= 0
        and counts.tool >= 0
        and counts.wine >= 0
        and counts.cloth >= 0
    )


def _within(counts: GoodCounts, caps: GoodCounts) -> bool:
    return (
        0 <= counts.brick <= caps.brick
        and 0 <= counts.food <= caps.food
        and 0 <= counts.tool <= caps.tool
        and 0 <= counts.wine <= caps.wine
        and 0 <= counts.cloth <= caps.cloth
    )


def _positive_total(counts: GoodCounts) -> int:
    brick, food, tool, wine, cloth = (
        counts.brick,
        counts.food,
        counts.tool,
        counts.wine,
        counts.cloth,
    )
    return (
        (brick if brick > 0 else 0)
        + (food if food > 0 else 0)
        + (tool if tool > 0 else 0)
        + (wine if wine > 0 else 0)
        + (cloth if cloth > 0 else 0)
    )
