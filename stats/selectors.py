"""Reads of the statistics: always from the aggregate tables, never from the games.

Each function's query count is fixed, whatever the size of the club's history.
The club passed in must come from `clubs.selectors.club_qs_visible_to`.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from django.core.cache import cache
from django.db.models import (
    Count,
    F,
    FilteredRelation,
    FloatField,
    Max,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Window,
)
from django.db.models.expressions import CombinedExpression
from django.db.models.functions import Cast, Lower
from django.utils import timezone
from django.utils.functional import Promise

from clubs.models import Club, Player
from games.models import ConcordiaMap, Game, SessionStatus, TableSession
from games.vocabulary import CATEGORIES, category_label
from scoring.ruleset import base
from scoring.types import MapName
from stats.aggregate import ANY_TABLE, PROVISIONAL_GAMES, SCORE_BIN, month_of
from stats.models import (
    GameBucket,
    HeadToHead,
    PlayerBucket,
    PlayerRating,
    RatingHistory,
    StatsChange,
    StatsState,
)

PAGE_SIZE: Final = 50
LEADERBOARD_CACHE_SECONDS: Final = 600
OPPONENTS_PAGE_SIZE: Final = 20
# Two players are rivals, or one the other's nemesis, only once they have met
# this many times: fewer meetings say more about luck than about either.
RIVALRY_MEETINGS: Final = 3
# A worker applies a change within seconds; one still pending after this long
# waits for the broker or a worker to come back (beat's minutely sweep then
# applies it).
STALLED_AFTER: Final = dt.timedelta(minutes=5)


@dataclass(frozen=True, slots=True, kw_only=True)
class StatsStatus:
    """How fresh a club×game's numbers are."""

    refreshed_at: dt.datetime | None
    generation: int
    # When the oldest saved game not yet counted was saved (None: all counted).
    pending_since: dt.datetime | None
    # The first days of the first and last months with games (None: no games).
    first_month: dt.date | None = None
    last_month: dt.date | None = None

    @property
    def years(self) -> list[int]:
        """Return every year from the last with games to the first, newest first."""
        if self.first_month is None or self.last_month is None:
            return []
        return list(range(self.last_month.year, self.first_month.year - 1, -1))

    @property
    def just_refreshed(self) -> bool:
        """Whether the last refresh is under a minute old ("0 minutes ago" reads oddly)."""
        return (
            self.refreshed_at is not None
            and timezone.now() - self.refreshed_at < dt.timedelta(minutes=1)
        )

    @property
    def stalled(self) -> bool:
        """Whether a pending change has waited so long that no worker is coming soon."""
        return (
            self.pending_since is not None
            and timezone.now() - self.pending_since > STALLED_AFTER
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderboardFilters:
    """Which games the leaderboard counts; months are first days, both inclusive."""

    date_from: dt.date | None = None
    date_to: dt.date | None = None
    map: str = ""
    player_count: int | None = None

    @property
    def is_dated(self) -> bool:
        return self.date_from is not None or self.date_to is not None

    @property
    def is_active(self) -> bool:
        return self.is_dated or bool(self.map) or self.player_count is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderboardRow:
    position: int
    player_id: int
    name: str
    games: int
    wins: int
    win_rate: float
    average: float
    best: int
    averages: tuple[float, ...]
    rating: float | None
    rated_games: int

    @property
    def provisional(self) -> bool:
        return self.rating is not None and self.rated_games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True, kw_only=True)
class Leaderboard:
    rows: list[LeaderboardRow]
    players: int
    page: int
    pages: int
    order: str
    categories: tuple[str, ...]


def _module_categories(game: str) -> frozenset[str]:
    """The categories only a module scores (Venus'): a club that never scored
    one is not shown its column. Their storage slots stay where they are."""
    if game != Game.CONCORDIA:
        return frozenset()
    played = {c.value for c in base(next(iter(MapName))).categories}
    return frozenset(CATEGORIES[game]) - played


def _shown(
    game: str, categories: Sequence[str], scored: Callable[[str], bool]
) -> tuple[str, ...]:
    """``categories`` less the modules' that nobody ``scored``."""
    optional = _module_categories(game)
    return tuple(c for c in categories if c not in optional or scored(c))


def _category_sums(categories: Sequence[str]) -> dict[str, Sum]:
    return {f"p_{c}": Sum(f"points_{slot}") for slot, c in enumerate(categories)}


def _periods(filters: LeaderboardFilters) -> Q:
    """Return the buckets that cover the filters' months exactly, coarsest first.

    Whole years in the range read the yearly buckets and only the months at
    its ragged ends read monthly ones; no range at all reads the all-time
    ones. A range of any length thus reads a bounded number of rows per
    player, map and table size.
    """
    if not filters.is_dated:
        return Q(year=0)
    low, high = filters.date_from, filters.date_to
    if low is not None and high is not None and low.year == high.year:
        if (low.month, high.month) == (1, 12):
            return Q(year=low.year, month=0)
        return Q(year=low.year, month__gte=low.month, month__lte=high.month)
    # The whole years inside the range, bounded or not on each side.
    covered = Q(year__gt=0, month=0)
    if low is not None:
        covered &= Q(year__gte=low.year + (low.month != 1))
    if high is not None:
        covered &= Q(year__lte=high.year - (high.month != 12))
    # Then the months of the ragged first and last years.
    if low is not None and low.month != 1:
        covered |= Q(year=low.year, month__gte=low.month)
    if high is not None and high.month != 12:
        covered |= Q(year=high.year, month__gte=1, month__lte=high.month)
    return covered


def stats_status_annotate(clubs: QuerySet[Club], *, game: str) -> QuerySet[Club]:
    """Annotate ``clubs`` with what `stats_status_of` reads, so that a page
    looks up its club and the freshness of its numbers in one query."""
    state = StatsState.objects.filter(club=OuterRef("pk"), game=game)
    changes = StatsChange.objects.filter(club=OuterRef("pk"), game=game).order_by()
    months = GameBucket.objects.filter(club=OuterRef("pk"), game=game).order_by()
    return clubs.annotate(
        stats_refreshed_at=Subquery(state.values("refreshed_at")[:1]),
        stats_generation=Subquery(state.values("generation")[:1]),
        stats_pending_since=Subquery(
            changes.values("club").annotate(first=Min("created_at")).values("first")
        ),
        stats_first_month=Subquery(months.order_by("month").values("month")[:1]),
        stats_last_month=Subquery(months.order_by("-month").values("month")[:1]),
    )


def stats_status_of(club: Club) -> StatsStatus:
    """Return the status of a club that comes from `stats_status_annotate`."""
    return StatsStatus(
        refreshed_at=getattr(club, "stats_refreshed_at", None),
        generation=getattr(club, "stats_generation", None) or 0,
        pending_since=getattr(club, "stats_pending_since", None),
        first_month=getattr(club, "stats_first_month", None),
        last_month=getattr(club, "stats_last_month", None),
    )


def stats_status_get(*, club: Club, game: str) -> StatsStatus:
    """Return when the club×game's numbers were refreshed and what is pending (1 query)."""
    clubs = Club.objects.filter(pk=club.pk)
    return stats_status_of(stats_status_annotate(clubs, game=game).get())


_ORDER_COLUMNS: Final = ("rating", "games", "wins", "win_rate", "average", "best")
DEFAULT_ORDER: Final = "-rating"


def leaderboard_orders(game: str) -> list[str]:
    """Return every column the leaderboard of ``game`` can be sorted by."""
    return ["name", *_ORDER_COLUMNS, *CATEGORIES[game]]


def _per_game(total: str) -> CombinedExpression:
    return Cast(F(total), FloatField()) / F("n_games")


_SUMMED: Final = {
    "rating": "rating",
    "games": "n_games",
    "wins": "n_wins",
    "best": "n_best",
}


def _sort_expression(
    column: str, categories: Sequence[str]
) -> Lower | F | CombinedExpression:
    # Only the sorted column is divided in the database; the page's own
    # averages are divided in Python, which leaves fewer expressions to build.
    if column == "name":
        return Lower("player__name")
    if column == "win_rate":
        return _per_game("n_wins")
    if column == "average":
        return _per_game("n_total")
    if column in categories:
        return _per_game(f"p_{column}")
    return F(_SUMMED[column])


def leaderboard_get(
    *,
    club: Club,
    game: str,
    filters: LeaderboardFilters,
    order: str = DEFAULT_ORDER,
    page: int = 1,
) -> Leaderboard:
    """Return one page of the club×game's leaderboard (1 query; 3 for a page past the end).

    One GROUP BY over the buckets that cover the filters (`_periods`), with
    each player's rating, which always covers the whole history, sorted and
    cut to the page in the database. ``order`` is a column of
    `leaderboard_orders`, "-" first for descending; an unknown one falls back
    to the rating. Equal values keep the players in name order.
    """
    categories = CATEGORIES[game]
    if order.lstrip("-") not in leaderboard_orders(game):
        order = DEFAULT_ORDER
    buckets = PlayerBucket.objects.filter(club=club, game=game).filter(
        _periods(filters)
    )
    if not filters.map and filters.player_count is None:
        buckets = buckets.filter(player_count=ANY_TABLE)
    else:
        buckets = buckets.filter(player_count__gt=ANY_TABLE)
    if filters.map:
        buckets = buckets.filter(map=filters.map)
    if filters.player_count is not None:
        buckets = buckets.filter(player_count=filters.player_count)
    # A join, not a subquery per bucket row: the rating is grouped with the
    # player's name, once per player.
    grouped = (
        buckets.order_by()
        .annotate(
            this_rating=FilteredRelation(
                "player__ratings",
                condition=Q(player__ratings__club=club, player__ratings__game=game),
            )
        )
        .values(
            "player_id",
            "player__name",
            rating=F("this_rating__ordinal"),
            rated_games=F("this_rating__rated_games"),
        )
        .annotate(
            n_games=Sum("games"),
            n_wins=Sum("wins"),
            n_total=Sum("total_sum"),
            n_best=Max("best_total"),
            **_category_sums(categories),
        )
        .annotate(players=Window(Count("*")))
    )
    sort = _sort_expression(order.lstrip("-"), categories)
    # Players without a rating (only games everybody lost) sort as the lowest.
    first = (
        sort.desc(nulls_last=True)
        if order.startswith("-")
        else sort.asc(nulls_first=True)
    )
    ordered = grouped.order_by(first, Lower("player__name"), "player_id")

    page = max(page, 1)
    found = list(ordered[(page - 1) * PAGE_SIZE : page * PAGE_SIZE])
    players = found[0]["players"] if found else ordered.count() if page > 1 else 0
    pages = max(1, -(-players // PAGE_SIZE))
    if not found and page > pages:
        # A page past the end (an old link after games were deleted): the last one.
        page = pages
        found = list(ordered[(page - 1) * PAGE_SIZE : page * PAGE_SIZE])
    start = (page - 1) * PAGE_SIZE
    categories = _shown(game, categories, lambda c: any(row[f"p_{c}"] for row in found))
    return Leaderboard(
        rows=[
            LeaderboardRow(
                position=start + index + 1,
                player_id=row["player_id"],
                name=row["player__name"],
                games=row["n_games"],
                wins=row["n_wins"],
                win_rate=row["n_wins"] / row["n_games"],
                average=row["n_total"] / row["n_games"],
                best=row["n_best"],
                averages=tuple(row[f"p_{c}"] / row["n_games"] for c in categories),
                rating=row["rating"],
                rated_games=row["rated_games"] or 0,
            )
            for index, row in enumerate(found)
        ],
        players=players,
        page=page,
        pages=pages,
        order=order,
        categories=categories,
    )


def leaderboard_cached(
    *,
    club: Club,
    game: str,
    status: StatsStatus,
    filters: LeaderboardFilters,
    order: str = DEFAULT_ORDER,
    page: int = 1,
) -> tuple[Leaderboard, str | None]:
    """Return `leaderboard_get`, kept in the cache, and the key it is kept under.

    The figures only change when a refresh bumps the generation, which is in
    the key, so a cached board is never stale by more than a player's rename
    (at most `LEADERBOARD_CACHE_SECONDS`). Nothing is cached before the first
    refresh: the key is None then. 0 or 1 query.
    """
    if status.refreshed_at is None:
        board = leaderboard_get(
            club=club, game=game, filters=filters, order=order, page=page
        )
        return board, None
    key = "stats:leaderboard:" + ":".join(
        str(part)
        for part in (
            club.pk,
            game,
            status.generation,
            # With the time too, a test database that reuses ids and
            # generations never meets another test's page.
            status.refreshed_at.timestamp(),
            filters.date_from,
            filters.date_to,
            filters.map,
            filters.player_count,
            order,
            page,
        )
    )
    cached: Leaderboard | None = cache.get(key)
    if cached is None:
        cached = leaderboard_get(
            club=club, game=game, filters=filters, order=order, page=page
        )
        cache.set(key, cached, LEADERBOARD_CACHE_SECONDS)
    return cached, key


@dataclass(frozen=True, slots=True, kw_only=True)
class CategoryComparison:
    category: str
    label: str | Promise
    player: float
    club: float


@dataclass(frozen=True, slots=True, kw_only=True)
class OpponentRecord:
    opponent_id: int
    name: str
    meetings: int
    wins: int
    losses: int
    ties: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RatingPoint:
    played_at: dt.datetime
    ordinal: float


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerProfile:
    player: Player
    games: int
    wins: int
    average: float
    best: int | None
    rating: float | None
    mu: float | None
    sigma: float | None
    rated_games: int
    history: list[RatingPoint]
    categories: list[CategoryComparison]
    # One page of opponents, most met first.
    opponents: list[OpponentRecord]
    opponents_page: int
    opponents_pages: int
    rival: OpponentRecord | None
    nemesis: OpponentRecord | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def provisional(self) -> bool:
        return self.rating is not None and self.rated_games < PROVISIONAL_GAMES


def player_qs_for_club(club: Club) -> QuerySet[Player]:
    """Return the club's players, whose pages its members may open."""
    return Player.objects.filter(club=club)


def player_profile_get(
    *, club: Club, game: str, player: Player, opponents_page: int = 1
) -> PlayerProfile:
    """Return a player's statistics in one club×game (6 queries, 7 past the last page).

    The player's all-time bucket, the club's, the rating, its history, the
    opponents met often enough to be a rival or nemesis, and one page of
    head-to-head rows.
    """
    categories = CATEGORIES[game]
    all_time = PlayerBucket.objects.filter(
        club=club, game=game, year=0, player_count=ANY_TABLE
    )
    sums = {"n_games": Sum("games"), **_category_sums(categories)}
    mine = all_time.filter(player=player).aggregate(
        **sums, n_wins=Sum("wins"), n_total=Sum("total_sum"), n_best=Max("best_total")
    )
    everybody = all_time.aggregate(**sums)
    categories = _shown(game, categories, lambda c: bool(everybody[f"p_{c}"]))
    games = mine["n_games"] or 0
    club_games = everybody["n_games"] or 0
    comparisons = [
        CategoryComparison(
            category=c,
            label=category_label(c),
            player=(mine[f"p_{c}"] or 0) / games if games else 0.0,
            club=(everybody[f"p_{c}"] or 0) / club_games if club_games else 0.0,
        )
        for c in categories
    ]

    rating = PlayerRating.objects.filter(club=club, game=game, player=player).first()
    history = [
        RatingPoint(played_at=played_at, ordinal=ordinal)
        for played_at, ordinal in RatingHistory.objects.filter(
            club=club, game=game, player=player
        )
        .order_by("played_at", "session_id")
        .values_list("played_at", "ordinal")
    ]
    pairs = HeadToHead.objects.filter(club=club, game=game, player=player)
    columns = ("opponent_id", "opponent__name", "meetings", "wins", "losses", "ties")
    often = [
        _record(*row)
        for row in pairs.filter(meetings__gte=RIVALRY_MEETINGS).values_list(*columns)
    ]
    nemesis = _nemesis(often)
    rival = _rival([o for o in often if o != nemesis])
    most_met = pairs.annotate(total=Window(Count("*"))).order_by(
        "-meetings", Lower("opponent__name"), "opponent_id"
    )
    opponents_page = max(opponents_page, 1)
    page = list(_page(most_met, opponents_page).values_list(*columns, "total"))
    if not page and opponents_page > 1:
        opponents_page = max(1, -(-pairs.count() // OPPONENTS_PAGE_SIZE))
        page = list(_page(most_met, opponents_page).values_list(*columns, "total"))
    total = page[0][-1] if page else 0
    opponents = [_record(*row[:-1]) for row in page]
    return PlayerProfile(
        player=player,
        games=games,
        wins=mine["n_wins"] or 0,
        average=(mine["n_total"] or 0) / games if games else 0.0,
        best=mine["n_best"],
        rating=rating.ordinal if rating else None,
        mu=rating.mu if rating else None,
        sigma=rating.sigma if rating else None,
        rated_games=rating.rated_games if rating else 0,
        history=history,
        categories=comparisons,
        opponents=opponents,
        opponents_page=opponents_page,
        opponents_pages=max(1, -(-total // OPPONENTS_PAGE_SIZE)),
        rival=rival,
        nemesis=nemesis,
    )


def _record(
    opponent_id: int, name: str, meetings: int, wins: int, losses: int, ties: int
) -> OpponentRecord:
    return OpponentRecord(
        opponent_id=opponent_id,
        name=name,
        meetings=meetings,
        wins=wins,
        losses=losses,
        ties=ties,
    )


def _page(pairs: QuerySet[HeadToHead], page: int) -> QuerySet[HeadToHead]:
    return pairs[(page - 1) * OPPONENTS_PAGE_SIZE : page * OPPONENTS_PAGE_SIZE]


def _nemesis(opponents: Sequence[OpponentRecord]) -> OpponentRecord | None:
    """The opponent, met often enough, who finished ahead most often; must lead the record."""
    candidates = [
        o for o in opponents if o.meetings >= RIVALRY_MEETINGS and o.losses > o.wins
    ]
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda o: (-o.losses / o.meetings, -o.meetings, o.name.casefold()),
    )


def _rival(opponents: Sequence[OpponentRecord]) -> OpponentRecord | None:
    """The opponent, met often enough, with the closest record; most meetings breaks ties."""
    candidates = [o for o in opponents if o.meetings >= RIVALRY_MEETINGS]
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda o: (
            abs(o.wins - o.losses) / o.meetings,
            -o.meetings,
            o.name.casefold(),
        ),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Tally:
    label: str | Promise
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClubSummary:
    games: int
    lost_by_all: int
    games_per_month: list[tuple[dt.date, int]]
    winning_scores: list[Tally]
    winner_categories: list[tuple[str | Promise, float]]
    maps: list[Tally]
    player_counts: list[Tally]
    # The categories of ``winner_categories``, in their order (a module's
    # only when the club scored it).
    categories: tuple[str, ...] = ()


def club_summary_get(*, club: Club, game: str) -> ClubSummary:
    """Return the club×game's statistics page figures (1 query over the monthly buckets)."""
    categories = CATEGORIES[game]
    per_month: Counter[dt.date] = Counter()
    per_map: Counter[str] = Counter()
    per_count: Counter[int] = Counter()
    winning_bins: Counter[str] = Counter()
    winner_points: Counter[str] = Counter()
    winner_seats = 0
    rows = GameBucket.objects.filter(club=club, game=game).values_list(
        "month",
        "map",
        "player_count",
        "games",
        "winner_seats",
        "winner_points",
        "winning_scores",
    )
    for month, map_name, player_count, games_, seats, points, totals in rows:
        per_month[month] += games_
        per_map[map_name] += games_
        per_count[player_count] += games_
        winner_seats += seats
        winner_points.update(points)
        winning_bins.update(totals)
    winning = {int(total): count for total, count in winning_bins.items()}
    games = sum(per_month.values())
    categories = _shown(game, categories, lambda c: bool(winner_points[c]))
    map_labels = dict(ConcordiaMap.choices)
    return ClubSummary(
        games=games,
        lost_by_all=games - sum(winning.values()),
        games_per_month=_every_month(per_month),
        winning_scores=_binned(winning),
        categories=categories,
        winner_categories=[
            (
                category_label(c),
                winner_points[c] / winner_seats if winner_seats else 0.0,
            )
            for c in categories
        ],
        maps=[
            Tally(label=map_labels.get(name, name), value=count)
            for name, count in sorted(per_map.items(), key=lambda item: -item[1])
            if name
        ],
        player_counts=[
            Tally(label=str(n), value=per_count[n]) for n in sorted(per_count)
        ],
    )


def _every_month(per_month: Mapping[dt.date, int]) -> list[tuple[dt.date, int]]:
    """Return the counts from the first month to the last, months without games as 0."""
    if not per_month:
        return []
    month, last = min(per_month), max(per_month)
    result = []
    while month <= last:
        result.append((month, per_month.get(month, 0)))
        month = month_of(month + dt.timedelta(days=32))
    return result


def _binned(counts: dict[int, int]) -> list[Tally]:
    """Return the counts per bin of `SCORE_BIN` points, empty bins between included."""
    if not counts:
        return []
    low = min(counts) // SCORE_BIN * SCORE_BIN
    high = max(counts) // SCORE_BIN * SCORE_BIN
    bins = dict.fromkeys(range(low, high + 1, SCORE_BIN), 0)
    for total, count in counts.items():
        bins[total // SCORE_BIN * SCORE_BIN] += count
    return [
        Tally(label=f"{start}–{start + SCORE_BIN - 1}", value=count)
        for start, count in bins.items()
    ]


def stats_rebuild_targets() -> list[tuple[int, str]]:
    """Return every club×game with games or aggregates to rebuild (3 queries)."""
    targets: set[tuple[int, str]] = set()
    targets.update(
        TableSession.objects.filter(status=SessionStatus.FINISHED)
        .order_by()
        .values_list("club_id", "game")
        .distinct()
    )
    # A club×game whose last game was deleted still has aggregates to clear.
    targets.update(StatsState.objects.values_list("club_id", "game"))
    targets.update(stats_pending_targets())
    return sorted(targets)


def stats_pending_targets() -> list[tuple[int, str]]:
    """Return every club×game with changes not yet applied (1 query)."""
    return sorted(
        StatsChange.objects.order_by().values_list("club_id", "game").distinct()
    )
