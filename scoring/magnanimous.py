"""Magnanimous: score sheet, validation, scoring and ranking (rules digest ``magnanimous.md``).

The digest's sections are cited by name: "How a game ends", "Victory points".
Where the rulebook is silent the choice is written next to the code:

- Commerce with a full tie (same spaces and tokens): the tied players share the
  higher award and the next award is skipped (10, 10, 0), like the standard
  competition ranking the Concordia intermediate scoring uses.
- Ranks repeat only for a shared victory; every other tie left after points and
  réis is ordered by seat, so the table still reads 1..n.
- The ``nobility`` ending: points are computed and shown as for ``republic``,
  but the noble(s) who won come first; the others follow by points.
- ``rio_occupied``: nobody wins; the players are still ranked by points.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal, TypedDict

from scoring.i18n import gettext_noop
from scoring.names import name_problem
from scoring.shape import WRONG_GAME, ShapeReader, SheetInvalid
from scoring.types import Problem


class MagnanimousEnding(StrEnum):
    REPUBLIC = "republic"
    NOBILITY = "nobility"
    RIO_OCCUPIED = "rio_occupied"


@dataclass(frozen=True, slots=True, kw_only=True)
class MagnanimousBoard:
    """One player's end of game, as the score-sheet format's Magnanimous section lists it."""

    name: str
    nobility: int = 0
    commerce_spaces: int = 0
    commerce_tokens: int = 0
    referendums: int = 0
    troops: int = 0
    reis: int = 0
    occupied_provinces: int = 0
    governor: bool = False
    votes: int | None = None
    reached_20_first: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class MagnanimousSheet:
    """A whole table, players in seating order."""

    ending: MagnanimousEnding
    players: tuple[MagnanimousBoard, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MagnanimousPlayerScore:
    name: str
    seat: int
    court: int
    commerce: int
    politics: int
    military: int
    economy: int
    territory: int
    total: int
    rank: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MagnanimousResult:
    """The scored table: ``players`` in seating order; ``winners`` empty when Rio fell."""

    ending: MagnanimousEnding
    players: tuple[MagnanimousPlayerScore, ...]
    winners: tuple[str, ...]


MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
NOBILITY_TOP: Final = 20
# "Victory points", Court: the title of the Nobility track position, as
# (lowest space of the title, points): Baron 0, Viscount 1-6, Count 7-12,
# Marquis 13-18, Duke 19-20.
COURT_TITLES: Final = ((19, 12), (13, 9), (7, 6), (1, 3), (0, 0))
COMMERCE_AWARDS: Final = (10, 5)
POINTS_PER_REFERENDUM: Final = 3
POINTS_PER_TROOP: Final = 2
REIS_PER_POINT: Final = 3
POINTS_PER_OCCUPIED_PROVINCE: Final = -5
GOVERNOR_POINTS: Final = 5


def court(nobility: int) -> int:
    """Return the Court points of a Nobility track position."""
    # "Victory points", Court.
    for lowest, points in COURT_TITLES:
        if nobility >= lowest:
            return points
    return 0


def commerce(boards: tuple[MagnanimousBoard, ...]) -> tuple[int, ...]:
    """Return each player's Commerce award, in seat order."""
    # "Victory points", Commerce: most spaces 10, second 5, a tie on spaces goes
    # to more tokens; with 2 players only the first is paid. A player without a
    # space places nowhere. Full ties: see the module docstring.
    awards = COMMERCE_AWARDS if len(boards) > 2 else COMMERCE_AWARDS[:1]
    keys = [(board.commerce_spaces, board.commerce_tokens) for board in boards]
    result = []
    for key in keys:
        ahead = sum(other > key for other in keys)
        result.append(awards[ahead] if key[0] > 0 and ahead < len(awards) else 0)
    return tuple(result)


def politics(referendums: int) -> int:
    """Return the Politics points: 3 per referendum card."""
    return POINTS_PER_REFERENDUM * max(referendums, 0)


def military(troops: int) -> int:
    """Return the Military points: 2 per Brazilian troop in the player's provinces."""
    return POINTS_PER_TROOP * max(troops, 0)


def economy(reis: int) -> int:
    """Return the Economy points: 1 per 3 réis, rounded down."""
    return max(reis, 0) // REIS_PER_POINT


def territory(occupied_provinces: int, *, governor: bool) -> int:
    """Return the Territory points: -5 per occupied province, +5 for the Governor of Rio."""
    return POINTS_PER_OCCUPIED_PROVINCE * max(occupied_provinces, 0) + (
        GOVERNOR_POINTS if governor else 0
    )


def score_magnanimous(sheet: MagnanimousSheet) -> MagnanimousResult:
    """Score and rank every player of ``sheet``; never raise on well-typed input."""
    boards = sheet.players
    commerce_awards = commerce(boards)
    lines = [
        (
            court(board.nobility),
            award,
            politics(board.referendums),
            military(board.troops),
            economy(board.reis),
            territory(board.occupied_provinces, governor=board.governor),
        )
        for board, award in zip(boards, commerce_awards, strict=True)
    ]
    totals = [sum(parts) for parts in lines]
    # "Victory points": most points, then more réis; still tied, shared.
    by_points = sorted(
        range(len(boards)), key=lambda seat: (-totals[seat], -boards[seat].reis, seat)
    )
    if sheet.ending is MagnanimousEnding.RIO_OCCUPIED:
        # "How a game ends": Paraguayan troops took Rio, every player loses.
        winners: list[int] = []
    elif sheet.ending is MagnanimousEnding.NOBILITY:
        winners = _nobility_winners(boards)
    elif by_points:
        best = (totals[by_points[0]], boards[by_points[0]].reis)
        winners = [
            seat for seat in by_points if (totals[seat], boards[seat].reis) == best
        ]
    else:
        winners = []
    order = winners + [seat for seat in by_points if seat not in winners]
    ranks = [0] * len(boards)
    for place, seat in enumerate(order, start=1):
        ranks[seat] = 1 if seat in winners else place
    return MagnanimousResult(
        ending=sheet.ending,
        players=tuple(
            MagnanimousPlayerScore(
                name=board.name,
                seat=seat,
                court=parts[0],
                commerce=parts[1],
                politics=parts[2],
                military=parts[3],
                economy=parts[4],
                territory=parts[5],
                total=totals[seat],
                rank=ranks[seat],
            )
            for seat, (board, parts) in enumerate(zip(boards, lines, strict=True))
        ),
        winners=tuple(boards[seat].name for seat in sorted(winners)),
    )


def _nobility_winners(boards: tuple[MagnanimousBoard, ...]) -> list[int]:
    # "How a game ends", nobility: the player at 20; several: most fixed votes,
    # then who reached 20 first. Left tied (validation reports it), they share.
    reached = [
        seat for seat, board in enumerate(boards) if board.nobility >= NOBILITY_TOP
    ]
    if len(reached) < 2:
        return reached
    most = max(boards[seat].votes or 0 for seat in reached)
    tied = [seat for seat in reached if (boards[seat].votes or 0) == most]
    first = [seat for seat in tied if boards[seat].reached_20_first]
    return first if len(first) == 1 else tied


PLAYER_COUNT: Final = gettext_noop(
    "Magnanimous is played by %(minimum)d to %(maximum)d players; this sheet has %(given)d"
)
NAME_TAKEN: Final = gettext_noop(
    "Two players are called “%(name)s”; give each player a different name"
)
NOBILITY_RANGE: Final = gettext_noop(
    "The Nobility track runs from 0 to 20; %(given)d given"
)
COUNT_NEGATIVE: Final = gettext_noop("This cannot be negative; %(given)d given")
TOKENS_UNDER_SPACES: Final = gettext_noop(
    "Each Commerce space counted holds at least one of the player's tokens, so %(spaces)d spaces need at least %(spaces)d tokens; %(given)d given"
)
GOVERNOR_NOBODY: Final = gettext_noop(
    "Exactly one player is the Governor of Rio de Janeiro at the end; nobody is marked"
)
GOVERNOR_TAKEN: Final = gettext_noop(
    "Only one player can be the Governor of Rio de Janeiro, and %(holder)s is already"
)
ONLY_FOR_NOBILITY: Final = gettext_noop(
    "This only counts when the game ends on the Nobility track"
)
NOBILITY_NOBODY_AT_TOP: Final = gettext_noop(
    "The game ends on the Nobility track only when a player reaches space 20, and nobody is there"
)
VOTES_NEEDED: Final = gettext_noop(
    "Two or more players reached space 20: give the fixed votes of each of them"
)
VOTES_ONLY_FOR_TIED_NOBLES: Final = gettext_noop(
    "Fixed votes only count for a player on space 20 when two or more players are there"
)
REACHED_FIRST_NOT_AT_TOP: Final = gettext_noop(
    "Only a player on space 20 can have reached it first"
)
REACHED_FIRST_TAKEN: Final = gettext_noop(
    "Only one player reached space 20 first, and %(holder)s is already marked"
)
REACHED_FIRST_NEEDED: Final = gettext_noop(
    "Players on space 20 are tied on votes: mark which of them reached 20 first"
)

_COUNTS: Final = (
    "commerce_spaces",
    "commerce_tokens",
    "referendums",
    "troops",
    "reis",
    "occupied_provinces",
)


def validate_magnanimous(sheet: MagnanimousSheet) -> tuple[Problem, ...]:
    """Return every problem of ``sheet`` with its JSON path; ``()`` when it is valid."""
    problems: list[Problem] = []
    boards = sheet.players
    nobility_ending = sheet.ending is MagnanimousEnding.NOBILITY
    if not MIN_PLAYERS <= len(boards) <= MAX_PLAYERS:
        problems.append(
            Problem(
                path="players",
                template=PLAYER_COUNT,
                params={
                    "minimum": MIN_PLAYERS,
                    "maximum": MAX_PLAYERS,
                    "given": len(boards),
                },
            )
        )
    at_top = [board for board in boards if board.nobility == NOBILITY_TOP]
    if nobility_ending and not at_top:
        problems.append(Problem(path="ending", template=NOBILITY_NOBODY_AT_TOP))

    names: set[str] = set()
    governor: str | None = None
    reached_first: str | None = None
    for seat, board in enumerate(boards):
        prefix = f"players[{seat}]"
        refusal = name_problem(board.name)
        if refusal is not None:
            template, params = refusal
            problems.append(
                Problem(path=f"{prefix}.name", template=template, params=params)
            )
        elif board.name in names:
            problems.append(
                Problem(
                    path=f"{prefix}.name",
                    template=NAME_TAKEN,
                    params={"name": board.name},
                )
            )
        names.add(board.name)
        if not 0 <= board.nobility <= NOBILITY_TOP:
            problems.append(
                Problem(
                    path=f"{prefix}.nobility",
                    template=NOBILITY_RANGE,
                    params={"given": board.nobility},
                )
            )
        for field in _COUNTS:
            given: int = getattr(board, field)
            if given < 0:
                problems.append(
                    Problem(
                        path=f"{prefix}.{field}",
                        template=COUNT_NEGATIVE,
                        params={"given": given},
                    )
                )
        # "Victory points", Commerce: the spaces counted hold the player's tokens.
        if board.commerce_tokens < board.commerce_spaces and board.commerce_tokens >= 0:
            problems.append(
                Problem(
                    path=f"{prefix}.commerce_tokens",
                    template=TOKENS_UNDER_SPACES,
                    params={
                        "spaces": board.commerce_spaces,
                        "given": board.commerce_tokens,
                    },
                )
            )
        # Score-sheet format: exactly one Governor of Rio de Janeiro at the end.
        if board.governor:
            if governor is None:
                governor = board.name
            else:
                problems.append(
                    Problem(
                        path=f"{prefix}.governor",
                        template=GOVERNOR_TAKEN,
                        params={"holder": governor},
                    )
                )
        problems.extend(
            _nobility_tie_break_problems(board, prefix, nobility_ending, len(at_top))
        )
        if (
            board.reached_20_first
            and nobility_ending
            and board.nobility == NOBILITY_TOP
        ):
            if reached_first is None:
                reached_first = board.name
            else:
                problems.append(
                    Problem(
                        path=f"{prefix}.reached_20_first",
                        template=REACHED_FIRST_TAKEN,
                        params={"holder": reached_first},
                    )
                )
    if boards and governor is None:
        problems.append(Problem(path="players", template=GOVERNOR_NOBODY))
    if nobility_ending and len(at_top) > 1:
        most = max(board.votes or 0 for board in at_top)
        tied = [board for board in at_top if (board.votes or 0) == most]
        if len(tied) > 1 and not any(board.reached_20_first for board in tied):
            problems.append(Problem(path="players", template=REACHED_FIRST_NEEDED))
    return tuple(problems)


def _nobility_tie_break_problems(
    board: MagnanimousBoard, prefix: str, nobility_ending: bool, at_top: int
) -> list[Problem]:
    # Score-sheet format: `votes` and `reached_20_first` break a tie between
    # nobles on space 20 ("How a game ends", nobility) and mean nothing otherwise.
    problems = []
    if not nobility_ending:
        if board.votes is not None:
            problems.append(Problem(path=f"{prefix}.votes", template=ONLY_FOR_NOBILITY))
        if board.reached_20_first:
            problems.append(
                Problem(path=f"{prefix}.reached_20_first", template=ONLY_FOR_NOBILITY)
            )
        return problems
    if board.votes is not None and (board.nobility != NOBILITY_TOP or at_top < 2):
        # The votes would be ignored: say so rather than store a number that
        # looks as if it had decided something.
        problems.append(
            Problem(path=f"{prefix}.votes", template=VOTES_ONLY_FOR_TIED_NOBLES)
        )
    elif board.votes is not None and board.votes < 0:
        problems.append(
            Problem(
                path=f"{prefix}.votes",
                template=COUNT_NEGATIVE,
                params={"given": board.votes},
            )
        )
    if at_top > 1 and board.nobility == NOBILITY_TOP and board.votes is None:
        problems.append(Problem(path=f"{prefix}.votes", template=VOTES_NEEDED))
    if board.reached_20_first and board.nobility != NOBILITY_TOP:
        problems.append(
            Problem(
                path=f"{prefix}.reached_20_first", template=REACHED_FIRST_NOT_AT_TOP
            )
        )
    return problems


_PLAYER_REQUIRED: Final = (
    "name",
    "nobility",
    "commerce_spaces",
    "commerce_tokens",
    "referendums",
    "troops",
    "reis",
    "occupied_provinces",
    "governor",
)


def parse_magnanimous(document: object) -> MagnanimousSheet:
    """Return the sheet a decoded JSON document describes.

    Raises `SheetInvalid` with every shape problem (wrong type, missing or
    unknown field) or, when the shape is right, every rule problem.
    """
    reader = ShapeReader()
    top = reader.fields(document, "", required=("game", "ending", "players"))
    game = reader.text(top, "game", "", default="magnanimous")
    if "game" in top and isinstance(top["game"], str) and game != "magnanimous":
        reader.report("game", WRONG_GAME, expected="Magnanimous", given=game)
    ending = reader.choice(
        top, "ending", "", MagnanimousEnding, MagnanimousEnding.REPUBLIC
    )
    boards = []
    for seat, raw in enumerate(reader.items(top, "players", "")):
        path = f"players[{seat}]"
        fields = reader.fields(
            raw, path, required=_PLAYER_REQUIRED, optional=("votes", "reached_20_first")
        )
        boards.append(
            MagnanimousBoard(
                name=reader.text(fields, "name", path),
                nobility=reader.integer(fields, "nobility", path),
                commerce_spaces=reader.integer(fields, "commerce_spaces", path),
                commerce_tokens=reader.integer(fields, "commerce_tokens", path),
                referendums=reader.integer(fields, "referendums", path),
                troops=reader.integer(fields, "troops", path),
                reis=reader.integer(fields, "reis", path),
                occupied_provinces=reader.integer(fields, "occupied_provinces", path),
                governor=reader.boolean(fields, "governor", path),
                votes=reader.optional_integer(fields, "votes", path),
                reached_20_first=reader.boolean(fields, "reached_20_first", path),
            )
        )
    if reader.problems:
        raise SheetInvalid(reader.problems)
    sheet = MagnanimousSheet(ending=ending, players=tuple(boards))
    problems = validate_magnanimous(sheet)
    if problems:
        raise SheetInvalid(problems)
    return sheet


class MagnanimousPlayerDocument(TypedDict):
    name: str
    court: int
    commerce: int
    politics: int
    military: int
    economy: int
    territory: int
    total: int
    rank: int


class MagnanimousResultDocument(TypedDict):
    game: Literal["magnanimous"]
    ending: str
    winners: list[str]
    players: list[MagnanimousPlayerDocument]


def magnanimous_result_document(result: MagnanimousResult) -> MagnanimousResultDocument:
    """Return the score-sheet contract's result document for ``result``."""
    return {
        "game": "magnanimous",
        "ending": result.ending.value,
        "winners": list(result.winners),
        "players": [
            {
                "name": score.name,
                "court": score.court,
                "commerce": score.commerce,
                "politics": score.politics,
                "military": score.military,
                "economy": score.economy,
                "territory": score.territory,
                "total": score.total,
                "rank": score.rank,
            }
            for score in result.players
        ],
    }
