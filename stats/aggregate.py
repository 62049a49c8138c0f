"""The arithmetic of the statistics, over plain rows: no ORM, no clock.

`stats.services` reads finished games as `GameRow`s (in replay order) and feeds
them to these accumulators; a full rebuild feeds every game of a club×game in
one pass, an incremental refresh only the games a change touches. Keeping the
sums here, away from the queries, lets both paths share them exactly.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import Final

from openskill.models import PlackettLuce

# OpenSkill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300); the tests
# compare against a fresh `PlackettLuce()` so a change here must be deliberate.
MODEL: Final = PlackettLuce()
# Below this many rated games a rating is shown as provisional.
PROVISIONAL_GAMES: Final = 5
# Winning scores are counted in bins this wide (110-119, 120-129, ...).
SCORE_BIN: Final = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRow:
    player_id: int
    total: int
    rank: int
    won: bool
    points: Mapping[str, int]
    # The seat's team in a team game (Venus), "" when everyone plays alone.
    team: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRow:
    """One finished game with its seats (or only some of them), as the statistics need it."""

    session_id: int
    played_at: dt.datetime
    map: str
    seats: tuple[SeatRow, ...]
    player_count: int
    # Magnanimous "rio_occupied": the game ends with every player losing.
    lost_by_all: bool

    @property
    def month(self) -> dt.date:
        return month_of(self.played_at)

    @property
    def is_rated(self) -> bool:
        """Whether the game moves ratings: it needs a winner and an opponent."""
        return self.player_count >= 2 and not self.lost_by_all


def month_of(moment: dt.datetime | dt.date) -> dt.date:
    """Return the first day of the month of ``moment`` (in UTC for a datetime)."""
    if isinstance(moment, dt.datetime):
        moment = moment.astimezone(dt.UTC).date()
    return moment.replace(day=1)


@dataclass(slots=True)
class BucketSums:
    games: int = 0
    wins: int = 0
    total_sum: int = 0
    best_total: int | None = None
    points: dict[str, int] = field(default_factory=dict)

    def add(self, seat: SeatRow) -> None:
        self.games += 1
        self.wins += seat.won
        self.total_sum += seat.total
        if self.best_total is None or seat.total > self.best_total:
            self.best_total = seat.total
        for category, points in seat.points.items():
            self.points[category] = self.points.get(category, 0) + points


# (player id, map, player count, year, month); year 0 is all time, month 0 a
# whole year, and player count 0 (map "") every map and table size, as in
# `stats.models.PlayerBucket`.
BucketKey = tuple[int, str, int, int, int]
ANY_TABLE = 0


class PlayerBuckets:
    """Per-player sums by map, table size and month, plus the month's sums over all tables.

    Only months: the yearly and all-time buckets are sums of these, which the
    services add up in the database. ``players`` narrows whose seats count.
    """

    def __init__(self, *, players: Collection[int] | None = None) -> None:
        self.players = players
        self.sums: dict[BucketKey, BucketSums] = {}

    def add(self, game: GameRow) -> None:
        month = game.month
        for seat in game.seats:
            if self.players is not None and seat.player_id not in self.players:
                continue
            for key in (
                (seat.player_id, game.map, game.player_count, month.year, month.month),
                (seat.player_id, "", ANY_TABLE, month.year, month.month),
            ):
                sums = self.sums.get(key)
                if sums is None:
                    sums = self.sums[key] = BucketSums()
                sums.add(seat)


@dataclass(slots=True)
class GameSums:
    games: int = 0
    winner_seats: int = 0
    winner_points: dict[str, int] = field(default_factory=dict)
    winning_scores: dict[str, int] = field(default_factory=dict)


class GameBuckets:
    """Club-wide sums per month, map and table size (the club statistics page)."""

    def __init__(self, *, months: Collection[dt.date] | None = None) -> None:
        self.months = months
        self.sums: dict[tuple[dt.date, str, int], GameSums] = {}

    def add(self, game: GameRow) -> None:
        month = game.month
        if self.months is not None and month not in self.months:
            return
        key = (month, game.map, game.player_count)
        sums = self.sums.get(key)
        if sums is None:
            sums = self.sums[key] = GameSums()
        sums.games += 1
        winners = [seat for seat in game.seats if seat.won]
        if not winners:
            return
        # A shared victory is one game with one winning score, but each
        # winner's points count towards "which gods winners score with".
        # Counted in tens: the page shows them so, and a month of a big club
        # then has a dozen keys rather than a hundred.
        winning = str(winners[0].total // SCORE_BIN * SCORE_BIN)
        sums.winning_scores[winning] = sums.winning_scores.get(winning, 0) + 1
        for seat in winners:
            sums.winner_seats += 1
            for category, points in seat.points.items():
                sums.winner_points[category] = (
                    sums.winner_points.get(category, 0) + points
                )


@dataclass(slots=True)
class PairSums:
    meetings: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0


class HeadToHeadTable:
    """For every ordered pair of players at one table: who finished ahead."""

    def __init__(self, *, players: Collection[int] | None = None) -> None:
        self.players = players
        self.sums: dict[tuple[int, int], PairSums] = {}

    def add(self, game: GameRow) -> None:
        lost_by_all = game.lost_by_all
        for seat, other in permutations(game.seats, 2):
            if self.players is not None and seat.player_id not in self.players:
                continue
            key = (seat.player_id, other.player_id)
            sums = self.sums.get(key)
            if sums is None:
                sums = self.sums[key] = PairSums()
            sums.meetings += 1
            if lost_by_all or seat.rank == other.rank:
                sums.ties += 1
            elif seat.rank < other.rank:
                sums.wins += 1
            else:
                sums.losses += 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Rating:
    """A player's OpenSkill rating and how many rated games it rests on."""

    mu: float
    sigma: float
    rated_games: int = 0

    @property
    def ordinal(self) -> float:
        """Return the conservative estimate mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.rated_games < PROVISIONAL_GAMES


def initial_rating() -> Rating:
    return Rating(mu=MODEL.mu, sigma=MODEL.sigma)


def rate_game(
    ratings: Sequence[Rating],
    ranks: Sequence[int],
    teams: Sequence[str] | None = None,
) -> list[Rating]:
    """Return the ratings after one game; equal ranks are a tie (a shared victory).

    With ``teams`` (a team game, Venus: each seat's team) OpenSkill rates the
    teams, and ``ranks`` are the teams' places, the same for both partners:
    partners win or lose together.
    """
    if not teams or not all(teams):
        groups = [[index] for index in range(len(ratings))]
    else:
        members: dict[str, list[int]] = {}
        for index, team in enumerate(teams):
            members.setdefault(team, []).append(index)
        groups = list(members.values())
    rated = MODEL.rate(
        [
            [MODEL.rating(mu=ratings[i].mu, sigma=ratings[i].sigma) for i in group]
            for group in groups
        ],
        ranks=[float(ranks[group[0]]) for group in groups],
    )
    after: list[Rating | None] = [None] * len(ratings)
    for group, rated_team in zip(groups, rated, strict=True):
        for index, rating in zip(group, rated_team, strict=True):
            after[index] = Rating(
                mu=rating.mu,
                sigma=rating.sigma,
                rated_games=ratings[index].rated_games + 1,
            )
    return [rating for rating in after if rating is not None]


def team_ranks(seats: Sequence[SeatRow]) -> list[int]:
    """Return each seat's team's place in a team game (Venus).

    The team that won first (its partners are marked ``won``: the Praefectus
    Magnus broke any tie when the game was scored), then by team total, the
    sum of the partners' totals; equal totals share a place.
    """
    totals: dict[str, int] = {}
    won: set[str] = set()
    for seat in seats:
        totals[seat.team] = totals.get(seat.team, 0) + seat.total
        if seat.won:
            won.add(seat.team)
    keys = {team: (team not in won, -total) for team, total in totals.items()}
    ordered = sorted(set(keys.values()))
    return [ordered.index(keys[seat.team]) + 1 for seat in seats]


class RatingReplay:
    """Replays rated games in order, starting from the ratings held before them."""

    def __init__(self, start: Mapping[int, Rating] | None = None) -> None:
        self.current: dict[int, Rating] = dict(start or {})
        self.last_played: dict[int, dt.datetime] = {}

    def add(self, game: GameRow) -> list[tuple[int, Rating]]:
        """Rate ``game`` and return each seat's new rating (none if it is unrated)."""
        if not game.is_rated:
            return []
        players = [seat.player_id for seat in game.seats]
        before = [self.current.get(player) or initial_rating() for player in players]
        teams = [seat.team for seat in game.seats]
        if all(teams):
            after = rate_game(before, team_ranks(game.seats), teams)
        else:
            after = rate_game(before, [seat.rank for seat in game.seats])
        for player, rating in zip(players, after, strict=True):
            self.current[player] = rating
            self.last_played[player] = game.played_at
        return list(zip(players, after, strict=True))


# (session id, played at, map, player id, total, rank, won, points, team)
SeatResultRow = tuple[
    int, dt.datetime, str, int, int, int, bool, Mapping[str, int], str
]
# The same, then the game's number of seats and whether anybody won it.
PartialSeatResultRow = tuple[
    int, dt.datetime, str, int, int, int, bool, Mapping[str, int], str, int, bool
]


def group_games(rows: Iterable[SeatResultRow]) -> Iterator[GameRow]:
    """Group every seat row of some games, ordered by game, into `GameRow`s."""
    for (session_id, played_at, map_name), seats in _grouped(rows):
        yield GameRow(
            session_id=session_id,
            played_at=played_at,
            map=map_name,
            seats=seats,
            player_count=len(seats),
            lost_by_all=not any(seat.won for seat in seats),
        )


def group_partial_games(rows: Iterable[PartialSeatResultRow]) -> Iterator[GameRow]:
    """Group the rows of only some seats of each game, which say the rest."""
    shape: dict[int, tuple[int, bool]] = {}

    def seat_rows() -> Iterator[SeatResultRow]:
        for row in rows:
            shape[row[0]] = (row[9], row[10])
            yield row[:9]

    for (session_id, played_at, map_name), seats in _grouped(seat_rows()):
        player_count, has_winner = shape.pop(session_id)
        yield GameRow(
            session_id=session_id,
            played_at=played_at,
            map=map_name,
            seats=seats,
            player_count=player_count,
            lost_by_all=not has_winner,
        )


def _grouped(
    rows: Iterable[SeatResultRow],
) -> Iterator[tuple[tuple[int, dt.datetime, str], tuple[SeatRow, ...]]]:
    """Group consecutive rows of one game; yield its (id, date, map) and seats."""
    current: tuple[int, dt.datetime, str] | None = None
    seats: list[SeatRow] = []
    for row in rows:
        session_id, played_at, map_name, player_id, total, rank, won, points, team = row
        if current is not None and current[0] != session_id:
            yield current, tuple(seats)
            seats = []
        current = (session_id, played_at, map_name)
        seats.append(
            SeatRow(
                player_id=player_id,
                total=total,
                rank=rank,
                won=won,
                points=points,
                team=team,
            )
        )
    if current is not None:
        yield current, tuple(seats)
