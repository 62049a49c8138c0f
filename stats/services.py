"""Recompute the aggregate tables of a club×game from its finished games.

Two entry points, both idempotent because they recompute from source rows and
never increment: `stats_refresh` applies the pending `StatsChange`s (what the
worker runs a moment after a game is saved, and what beat's minutely sweep
runs for changes whose task never reached a worker), `stats_rebuild`
recomputes everything (what Celery beat runs nightly). Both hold the
club×game's `StatsState` row locked, so two refreshes of one club×game never
interleave; readers keep seeing the previous numbers until the refresh commits.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import (
    Count,
    Exists,
    F,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Window,
)
from django.db.models.functions import RowNumber
from django.utils import timezone

from clubs.models import Club
from games.models import Seat, SeatResult, SessionStatus
from games.vocabulary import CATEGORIES
from stats.aggregate import (
    GameBuckets,
    GameRow,
    HeadToHeadTable,
    PlayerBuckets,
    Rating,
    RatingReplay,
    group_games,
    group_partial_games,
)
from stats.bulk import insert_rows
from stats.models import (
    POINT_SLOTS,
    GameBucket,
    HeadToHead,
    PlayerBucket,
    PlayerRating,
    RatingHistory,
    StatsChange,
    StatsState,
)

# Rows read per round trip when streaming a whole history.
CHUNK = 5000
# Rating history rows written at once while a rebuild streams the games.
FLUSH = 20_000
# More pending changes than this and a refresh rebuilds everything instead.
REBUILD_ABOVE = 100


@dataclass(frozen=True, slots=True, kw_only=True)
class RefreshOutcome:
    """What a refresh did: how many changes it applied and games it replayed."""

    changes: int
    replayed_games: int


def _finished_results(club_id: int, game: str) -> QuerySet[SeatResult]:
    return SeatResult.objects.filter(
        session__club_id=club_id,
        session__game=game,
        session__status=SessionStatus.FINISHED,
        session__deleted_at__isnull=True,
    )


_SEAT_RESULT_COLUMNS = (
    "session_id", "session__played_at", "session__map", "seat__player_id",
    "total", "rank", "won", "breakdown", "seat__team",
)  # fmt: skip
_REPLAY_ORDER = ("session__played_at", "session_id", "seat__seat_order")


def _games(results: QuerySet[SeatResult]) -> Iterator[GameRow]:
    """Stream ``results`` (every seat of some games) as games in replay order."""
    rows = results.order_by(*_REPLAY_ORDER).values_list(*_SEAT_RESULT_COLUMNS)
    return group_games(rows.iterator(chunk_size=CHUNK))


def _partial_games(results: QuerySet[SeatResult]) -> Iterator[GameRow]:
    """Stream some seats of some games, in replay order, as games that say the rest.

    Each game carries its table size and whether anybody won it, so that the
    seats left out are not needed: a fraction of the rows for a big club.
    """
    seats = Seat.objects.filter(session=OuterRef("session_id")).order_by()
    rows = (
        results.annotate(
            table_size=Subquery(
                seats.values("session_id").annotate(n=Count("*")).values("n")
            ),
            has_winner=Exists(
                SeatResult.objects.filter(session=OuterRef("session_id"), won=True)
            ),
        )
        .order_by(*_REPLAY_ORDER)
        .values_list(*_SEAT_RESULT_COLUMNS, "table_size", "has_winner")
    )
    return group_partial_games(rows.iterator(chunk_size=CHUNK))


def _locked_state(club_id: int, game: str) -> StatsState | None:
    """Return the club×game's state row locked for this transaction (None: no club)."""
    if not Club.objects.filter(pk=club_id).exists():
        return None
    StatsState.objects.get_or_create(club_id=club_id, game=game)
    return StatsState.objects.select_for_update().get(club_id=club_id, game=game)


def _mark_refreshed(state: StatsState) -> None:
    state.refreshed_at = timezone.now()
    state.generation += 1
    state.save(update_fields=["refreshed_at", "generation"])


PLAYER_BUCKET_FIELDS = (
    "club_id", "game", "player_id", "map", "player_count", "year", "month",
    "games", "wins", "total_sum", "best_total",
    *(f"points_{slot}" for slot in range(POINT_SLOTS)),
)  # fmt: skip
GAME_BUCKET_FIELDS = (
    "club_id", "game", "month", "map", "player_count",
    "games", "winner_seats", "winner_points", "winning_scores",
)  # fmt: skip
HEAD_TO_HEAD_FIELDS = (
    "club_id", "game", "player_id", "opponent_id", "meetings", "wins", "losses", "ties",
)  # fmt: skip
HISTORY_FIELDS = (
    "club_id", "game", "player_id", "session_id", "played_at",
    "mu", "sigma", "ordinal", "rated_games",
)  # fmt: skip
RATING_FIELDS = (
    "club_id", "game", "player_id", "mu", "sigma", "ordinal", "rated_games", "last_played_at",
)  # fmt: skip

Row = tuple[object, ...]


def _player_bucket_rows(
    club_id: int, game: str, buckets: PlayerBuckets
) -> Iterator[Row]:
    categories = CATEGORIES[game]
    unused = (0,) * (POINT_SLOTS - len(categories))
    for (player_id, map_name, player_count, year, month), s in buckets.sums.items():
        best = s.best_total if s.best_total is not None else 0
        points = tuple(s.points.get(category, 0) for category in categories)
        yield (
            club_id, game, player_id, map_name, player_count, year, month,
            s.games, s.wins, s.total_sum, best, *points, *unused,
        )  # fmt: skip


def _game_bucket_rows(club_id: int, game: str, buckets: GameBuckets) -> Iterator[Row]:
    for (month, map_name, player_count), s in buckets.sums.items():
        yield (
            club_id, game, month, map_name, player_count,
            s.games, s.winner_seats, s.winner_points, s.winning_scores,
        )  # fmt: skip


def _head_to_head_rows(
    club_id: int, game: str, table: HeadToHeadTable
) -> Iterator[Row]:
    for (player_id, opponent_id), s in table.sums.items():
        yield (
            club_id,
            game,
            player_id,
            opponent_id,
            s.meetings,
            s.wins,
            s.losses,
            s.ties,
        )


def _history_rows(
    club_id: int, game: str, played: GameRow, rated: list[tuple[int, Rating]]
) -> Iterator[Row]:
    for player_id, r in rated:
        yield (
            club_id, game, player_id, played.session_id, played.played_at,
            r.mu, r.sigma, r.ordinal, r.rated_games,
        )  # fmt: skip


def _rating_rows(
    club_id: int,
    game: str,
    ratings: Mapping[int, Rating],
    last_played: Mapping[int, dt.datetime],
) -> Iterator[Row]:
    for player_id, r in ratings.items():
        yield (
            club_id, game, player_id, r.mu, r.sigma, r.ordinal, r.rated_games,
            last_played[player_id],
        )  # fmt: skip


def stats_rebuild(*, club_id: int, game: str) -> int:
    """Recompute every aggregate of a club×game from its finished games.

    Streams the history once, in replay order; returns the number of games.
    Applies (and deletes) every change pending when it started.
    """
    with transaction.atomic():
        state = _locked_state(club_id, game)
        if state is None:
            return 0
        return _rebuild(state)


def _rebuild(state: StatsState) -> int:
    """Do `stats_rebuild` for the club×game of ``state``, locked by the caller."""
    club_id, game = state.club_id, state.game
    changes = StatsChange.objects.filter(club_id=club_id, game=game)
    last_change = changes.aggregate(last=Max("pk"))["last"]
    for model in (
        PlayerBucket,
        GameBucket,
        HeadToHead,
        RatingHistory,
        PlayerRating,
    ):
        model._default_manager.filter(club_id=club_id, game=game).delete()

    player_buckets = PlayerBuckets()
    game_buckets = GameBuckets()
    head_to_head = HeadToHeadTable()
    replay = RatingReplay()
    games = 0
    history: list[Row] = []
    month: dt.date | None = None
    for played in _games(_finished_results(club_id, game)):
        # The games come in date order, so a month's buckets are complete
        # when the next month starts: they and the rating history are written
        # as the games stream by, and a long history never sits in memory.
        if played.month != month:
            _write_player_buckets(club_id, game, player_buckets)
            month = played.month
        games += 1
        player_buckets.add(played)
        game_buckets.add(played)
        head_to_head.add(played)
        history.extend(_history_rows(club_id, game, played, replay.add(played)))
        if len(history) >= FLUSH:
            insert_rows(RatingHistory, HISTORY_FIELDS, history)
            history = []
    insert_rows(RatingHistory, HISTORY_FIELDS, history)
    _write_player_buckets(club_id, game, player_buckets)
    _roll_up(club_id, game)
    insert_rows(
        GameBucket,
        GAME_BUCKET_FIELDS,
        _game_bucket_rows(club_id, game, game_buckets),
    )
    insert_rows(
        HeadToHead,
        HEAD_TO_HEAD_FIELDS,
        _head_to_head_rows(club_id, game, head_to_head),
    )
    ratings = _rating_rows(club_id, game, replay.current, replay.last_played)
    insert_rows(PlayerRating, RATING_FIELDS, ratings)
    if last_change is not None:
        changes.filter(pk__lte=last_change).delete()
    _mark_refreshed(state)
    return games


def _write_player_buckets(club_id: int, game: str, buckets: PlayerBuckets) -> None:
    insert_rows(
        PlayerBucket, PLAYER_BUCKET_FIELDS, _player_bucket_rows(club_id, game, buckets)
    )
    buckets.sums.clear()


def stats_refresh(*, club_id: int, game: str) -> RefreshOutcome:
    """Apply the pending changes of a club×game to its aggregates.

    Recomputes only what the changes touch: the buckets and head-to-head rows
    of the players involved (their months and their all-time rows), the club's
    buckets of those months, and the ratings from the earliest changed game on.
    With nothing pending it does nothing, so a repeated task is harmless.
    """
    with transaction.atomic():
        state = _locked_state(club_id, game)
        if state is None:
            return RefreshOutcome(changes=0, replayed_games=0)
        changes = list(
            StatsChange.objects.filter(club_id=club_id, game=game).order_by("pk")
        )
        if not changes:
            return RefreshOutcome(changes=0, replayed_games=0)
        if len(changes) > REBUILD_ABOVE:
            # A restored backup or an import: one pass over the history beats
            # hundreds of overlapping partial refreshes.
            return RefreshOutcome(changes=len(changes), replayed_games=_rebuild(state))
        since = min(change.since for change in changes)
        months = {dt.date.fromisoformat(month) for c in changes for month in c.months}
        players = {int(player_id) for c in changes for player_id in c.player_ids}
        _refresh_players(club_id, game, players, months)
        _refresh_game_buckets(club_id, game, months)
        replayed = _replay_ratings(club_id, game, since, players)
        StatsChange.objects.filter(pk__in=[change.pk for change in changes]).delete()
        _mark_refreshed(state)
    return RefreshOutcome(changes=len(changes), replayed_games=replayed)


def _refresh_players(
    club_id: int, game: str, players: Collection[int], months: Collection[dt.date]
) -> None:
    """Recompute the buckets (of ``months``, their years and all time) of ``players``,
    and the head-to-head rows between two of them.

    Reads only those players' seats in those months, and in the games where
    two of them met. Rows between one of ``players`` and somebody else are
    left alone: a change of a game only touches the pairs at its table, whose
    players are all in ``players``.
    """
    if not players:
        return
    buckets = PlayerBuckets(players=players)
    seats = _finished_results(club_id, game).filter(seat__player_id__in=players)
    for played in _partial_games(seats.filter(_in_months(months))):
        buckets.add(played)
    mine = PlayerBucket.objects.filter(
        club_id=club_id, game=game, player_id__in=players
    )
    in_months = Q(pk__in=[])
    for month in months:
        in_months |= Q(year=month.year, month=month.month)
    mine.filter(in_months).delete()
    insert_rows(
        PlayerBucket, PLAYER_BUCKET_FIELDS, _player_bucket_rows(club_id, game, buckets)
    )
    _roll_up(club_id, game, players=players, years={month.year for month in months})

    met = (
        Seat.objects.filter(
            player_id__in=players,
            session__club_id=club_id,
            session__game=game,
            session__status=SessionStatus.FINISHED,
            session__deleted_at__isnull=True,
        )
        .values("session_id")
        .annotate(together=Count("*"))
        .filter(together__gte=2)
        .values("session_id")
    )
    head_to_head = HeadToHeadTable(players=players)
    for played in _partial_games(seats.filter(session_id__in=Subquery(met))):
        head_to_head.add(played)
    HeadToHead.objects.filter(
        club_id=club_id, game=game, player_id__in=players, opponent_id__in=players
    ).delete()
    insert_rows(
        HeadToHead, HEAD_TO_HEAD_FIELDS, _head_to_head_rows(club_id, game, head_to_head)
    )


_BUCKET_SUMS = {
    "n_games": Sum("games"),
    "n_wins": Sum("wins"),
    "n_total": Sum("total_sum"),
    "n_best": Max("best_total"),
    **{f"n_points_{slot}": Sum(f"points_{slot}") for slot in range(POINT_SLOTS)},
}


def _roll_up(
    club_id: int,
    game: str,
    *,
    players: Collection[int] | None = None,
    years: Collection[int] | None = None,
) -> None:
    """Recompute yearly buckets as sums of monthly ones, then all-time ones of yearly ones.

    Limited to ``players`` and ``years`` when given (a refresh); the all-time
    buckets of those players are always redone.
    """
    buckets = PlayerBucket.objects.filter(club_id=club_id, game=game)
    if players is not None:
        buckets = buckets.filter(player_id__in=players)
    of_years = buckets if years is None else buckets.filter(year__in=years)
    of_years.filter(year__gt=0, month=0).delete()
    insert_rows(
        PlayerBucket,
        PLAYER_BUCKET_FIELDS,
        _rolled_up(club_id, game, of_years.filter(month__gt=0), by_year=True),
    )
    buckets.filter(year=0).delete()
    insert_rows(
        PlayerBucket,
        PLAYER_BUCKET_FIELDS,
        _rolled_up(club_id, game, buckets.filter(year__gt=0, month=0), by_year=False),
    )


def _rolled_up(
    club_id: int, game: str, finer: QuerySet[PlayerBucket], *, by_year: bool
) -> list[Row]:
    # A list, not a generator: the sums must be read before a COPY takes
    # the connection (see `stats.bulk.insert_rows`).
    keys = ["player_id", "map", "player_count", *(["year"] if by_year else [])]
    return [
        (
            club_id,
            game,
            row["player_id"],
            row["map"],
            row["player_count"],
            row["year"] if by_year else 0,
            0,
            row["n_games"],
            row["n_wins"],
            row["n_total"],
            row["n_best"],
            *(row[f"n_points_{slot}"] for slot in range(POINT_SLOTS)),
        )
        for row in finer.order_by().values(*keys).annotate(**_BUCKET_SUMS)
    ]


def _in_months(months: Collection[dt.date]) -> Q:
    in_months = Q(pk__in=[])
    for month in months:
        start, end = _month_range(month)
        in_months |= Q(session__played_at__gte=start, session__played_at__lt=end)
    return in_months


def _month_range(month: dt.date) -> tuple[dt.datetime, dt.datetime]:
    start = dt.datetime.combine(month, dt.time(), tzinfo=dt.UTC)
    following = (month + dt.timedelta(days=32)).replace(day=1)
    return start, dt.datetime.combine(following, dt.time(), tzinfo=dt.UTC)


def _refresh_game_buckets(club_id: int, game: str, months: Collection[dt.date]) -> None:
    if not months:
        return
    in_months = _in_months(months)
    buckets = GameBuckets(months=months)
    # The club's buckets need each game and its winners only: the first seat
    # stands for a game that nobody won.
    needed = Q(won=True) | Q(seat__seat_order=0)
    for played in _partial_games(
        _finished_results(club_id, game).filter(in_months, needed)
    ):
        buckets.add(played)
    GameBucket.objects.filter(club_id=club_id, game=game, month__in=months).delete()
    insert_rows(
        GameBucket, GAME_BUCKET_FIELDS, _game_bucket_rows(club_id, game, buckets)
    )


def _replay_ratings(
    club_id: int, game: str, since: dt.datetime, changed: Collection[int]
) -> int:
    """Replay the ratings of a club×game from ``since`` on; return the games replayed.

    Every player who played since then, whose rating history since then is
    dropped, or who sat in a changed game (a deleted game's history rows are
    already gone with it) restarts from their last rating before ``since``:
    one windowed query over those players' earlier history.
    """
    history = RatingHistory.objects.filter(club_id=club_id, game=game)
    dropped = set(
        history.filter(played_at__gte=since)
        .values_list("player_id", flat=True)
        .distinct()
    )
    games = list(
        _games(_finished_results(club_id, game).filter(session__played_at__gte=since))
    )
    involved = (
        dropped
        | set(changed)
        | {seat.player_id for played in games for seat in played.seats}
    )
    if not involved:
        return 0

    latest_first: list[Any] = [F("played_at").desc(), F("session_id").desc()]
    before = (
        history.filter(player_id__in=involved, played_at__lt=since)
        .annotate(
            newest=Window(
                RowNumber(), partition_by=[F("player_id")], order_by=latest_first
            )
        )
        .filter(newest=1)
        .values_list("player_id", "mu", "sigma", "rated_games", "played_at")
    )
    start: dict[int, Rating] = {}
    last_played: dict[int, dt.datetime] = {}
    for player_id, mu, sigma, rated_games, played_at in before:
        start[player_id] = Rating(mu=mu, sigma=sigma, rated_games=rated_games)
        last_played[player_id] = played_at
    replay = RatingReplay(start)
    new_history = [
        row
        for played in games
        for row in _history_rows(club_id, game, played, replay.add(played))
    ]
    history.filter(played_at__gte=since).delete()
    insert_rows(RatingHistory, HISTORY_FIELDS, new_history)
    last_played.update(replay.last_played)
    PlayerRating.objects.filter(
        club_id=club_id, game=game, player_id__in=involved
    ).delete()
    final = {
        player: rating
        for player, rating in replay.current.items()
        if player in involved
    }
    insert_rows(
        PlayerRating, RATING_FIELDS, _rating_rows(club_id, game, final, last_played)
    )
    return len(games)
