"""Aggregate tables: everything here is derived from finished games and can be rebuilt.

The source rows are `games.models.TableSession`, `Seat` and `SeatResult`; the
services in `stats.services` recompute these tables from them, so no row here
is ever the only copy of anything. Each table is keyed by club and game because
a club's Concordia and Magnanimous players are ranked separately.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone

from clubs.models import Club, Player
from games.models import Game, TableSession
from stats.aggregate import ANY_TABLE


class StatsState(models.Model):
    """When a club×game's aggregates were last refreshed.

    Its row is also the lock that keeps two refreshes of one club×game from
    interleaving (`select_for_update`); saving a game never touches it, so a
    long rebuild cannot make a save wait.
    """

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="stats_states"
    )
    game = models.CharField(max_length=12, choices=Game.choices)
    refreshed_at = models.DateTimeField(null=True, blank=True)
    # Bumped by every refresh, so that an open page can tell cheaply whether
    # its numbers are still the newest.
    generation = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "game"], name="stats_state_one_per_game"
            ),
        ]

    def __str__(self) -> str:
        return f"Stats of {self.club} ({self.game}), generation {self.generation}"


class StatsChange(models.Model):
    """A saved, edited or deleted game whose aggregates are not refreshed yet.

    Written in the same transaction as the game, so the change is known even
    when the broker is down; the refresh that applies it deletes the row.
    """

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="stats_changes"
    )
    game = models.CharField(max_length=12, choices=Game.choices)
    # The earliest `played_at` involved: ratings are replayed from there on.
    since = models.DateTimeField()
    # First days of the months whose buckets the change touches ("2026-11-01").
    months = models.JSONField(default=list)
    player_ids = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["club", "game"], name="stats_change_club_game")]

    def __str__(self) -> str:
        return f"Change of {self.club} ({self.game}) since {self.since:%Y-%m-%d}"


# Category sums are columns rather than JSON so that a leaderboard sums them in
# SQL at the cost of integers; `points_<i>` holds the i-th category of the
# game in `games.vocabulary.CATEGORIES`. For Concordia that order is the data's
# append-only list of categories (``ruleset.categories`` in
# ``scoring/data/concordia.json``), so a category added later (Venus, the
# forum's points) takes a free slot at the end and every stored sum keeps its
# meaning. Twelve slots: Concordia's seven, Magnanimous' six, and room for the
# expansions' categories without a migration.
POINT_SLOTS = 12


class PlayerBucket(models.Model):
    """One player's results in one club×game, for one map, table size and period.

    The period is a month (``year`` and ``month`` set), a whole year (``month``
    0) or the whole history (``year`` 0). The coarser periods duplicate sums of
    the finer ones on purpose: a leaderboard over all time or over seasons
    then reads one row per player, map and table size and period instead of
    one per month, whatever the length of the history. Likewise a bucket with
    ``player_count`` `ANY_TABLE` (and no map) sums all the others of its
    player and period, so that an unfiltered leaderboard reads one row per
    player.
    """

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    game = models.CharField(max_length=12, choices=Game.choices)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="stats_buckets", db_index=False
    )
    map = models.CharField(max_length=12, blank=True)
    player_count = models.PositiveSmallIntegerField()
    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    total_sum = models.IntegerField(default=0)
    best_total = models.IntegerField(default=0)
    points_0 = models.IntegerField(default=0)
    points_1 = models.IntegerField(default=0)
    points_2 = models.IntegerField(default=0)
    points_3 = models.IntegerField(default=0)
    points_4 = models.IntegerField(default=0)
    points_5 = models.IntegerField(default=0)
    points_6 = models.IntegerField(default=0)
    points_7 = models.IntegerField(default=0)
    points_8 = models.IntegerField(default=0)
    points_9 = models.IntegerField(default=0)
    points_10 = models.IntegerField(default=0)
    points_11 = models.IntegerField(default=0)

    class Meta:
        constraints = [
            # The period leads so that a leaderboard reads one slice of the index.
            models.UniqueConstraint(
                fields=[
                    "club",
                    "game",
                    "year",
                    "month",
                    "map",
                    "player_count",
                    "player",
                ],
                name="player_bucket_one_per_period",
            ),
            models.CheckConstraint(
                condition=Q(month__lte=12) & (Q(year__gt=0) | Q(month=0)),
                name="player_bucket_period_valid",
            ),
            models.CheckConstraint(
                condition=Q(player_count__gt=ANY_TABLE) | Q(map=""),
                name="player_bucket_any_table_has_no_map",
            ),
        ]
        indexes = [
            models.Index(
                fields=["club", "game", "player", "year", "month"],
                name="player_bucket_player",
            ),
        ]

    def __str__(self) -> str:
        period = f"{self.year}-{self.month:02d}" if self.year else "all time"
        return f"{self.player} in {self.game} ({self.map or '-'}, {self.player_count}p, {period})"


class GameBucket(models.Model):
    """One club×game's games in one month, for one map and table size.

    ``winning_scores`` counts games per winning score in tens ({"110": 2}:
    two games won with 110 to 119 points); a game that everybody lost has
    none. ``winner_points`` sums each category over
    the winning seats (a shared victory has several), ``winner_seats`` counts
    them.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=12, choices=Game.choices)
    month = models.DateField()
    map = models.CharField(max_length=12, blank=True)
    player_count = models.PositiveSmallIntegerField()
    games = models.PositiveIntegerField(default=0)
    winner_seats = models.PositiveIntegerField(default=0)
    winner_points = models.JSONField(default=dict)
    winning_scores = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "game", "month", "map", "player_count"],
                name="game_bucket_one_per_month",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.game} {self.month:%Y-%m}: {self.games} games"


class PlayerRating(models.Model):
    """A player's current OpenSkill (Plackett-Luce) rating in one club×game."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=12, choices=Game.choices)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu - 3 sigma: a rating the player is very likely above, so that one lucky
    # evening (high mu, still high sigma) does not top the board.
    ordinal = models.FloatField()
    rated_games = models.PositiveIntegerField()
    last_played_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "game", "player"], name="player_rating_one_per_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.ordinal:.1f} after {self.rated_games} games"


class RatingHistory(models.Model):
    """A player's rating right after one rated game, in replay order."""

    # The composite indexes below serve every lookup by club or player.
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    game = models.CharField(max_length=12, choices=Game.choices)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_history", db_index=False
    )
    session = models.ForeignKey(
        TableSession, on_delete=models.CASCADE, related_name="+"
    )
    played_at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    rated_games = models.PositiveIntegerField()

    class Meta:
        indexes = [
            # A replay deletes from a date on, and reads each player's last
            # rating before it.
            models.Index(
                fields=["club", "game", "played_at"], name="rating_history_replay"
            ),
            models.Index(
                fields=["club", "game", "player", "played_at"],
                name="rating_history_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} after game {self.session_id}: {self.ordinal:.1f}"


class HeadToHead(models.Model):
    """How ``player`` fared against ``opponent`` in the games both played.

    Stored once from each side, so a player page reads its rows with one
    query. A win is finishing ahead; a game everybody lost is a tie.
    """

    # The unique constraint's index serves lookups by club and player; an
    # opponent is only looked up when a player is deleted, which is rare.
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    game = models.CharField(max_length=12, choices=Game.choices)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="head_to_head", db_index=False
    )
    opponent = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    meetings = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    ties = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "game", "player", "opponent"],
                name="head_to_head_one_per_pair",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} v {self.opponent}: {self.wins}-{self.losses}-{self.ties}"
