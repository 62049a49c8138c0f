from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from scoring.magnanimous import MagnanimousEnding as Ending
from scoring.maps import MAPS
from scoring.types import Good, MapName, Specialist


class Game(models.TextChoices):
    CONCORDIA = "concordia", "Concordia"
    MAGNANIMOUS = "magnanimous", "Magnanimous"


# Each map's name as players of each language say it (docs/glossary.md, "Maps");
# which maps exist, and in what order, is the data's (`MapName`): a map the
# data adds shows its English title until it gets a word here.
_MAP_WORDS: dict[str, Promise] = {
    "imperium": _("Imperium"),
    "italia": _("Italia"),
    "britannia": _("Britannia"),
    "germania": _("Germania"),
    "byzantium": _("Byzantium"),
    "hispania": _("Hispania"),
    "gallia": _("Gallia"),
    "corsica": _("Corsica"),
    "aegyptus": _("Aegyptus"),
    "creta": _("Creta"),
    "ionium": _("Ionium"),
    "ionium_small": _("Ionium (small)"),
    "hellas": _("Hellas"),
    "cyprus": _("Cyprus"),
    "balearica": _("Balearica"),
}

ConcordiaMap = models.TextChoices(  # type: ignore[call-overload]
    "ConcordiaMap",
    [
        (name.value.upper(), (name.value, _MAP_WORDS.get(name.value, MAPS[name].title)))
        for name in MapName
    ],
)


class Colour(models.TextChoices):
    RED = "red", _("red")
    BLUE = "blue", _("blue")
    GREEN = "green", _("green")
    YELLOW = "yellow", _("yellow")
    BLACK = "black", _("black")
    # Venus' sixth colour (a callable's choices: no migration).
    WHITE = "white", _("white")


def concordia_maps() -> list[tuple[str, str]]:
    """The maps a Concordia game can be played on (a callable, so that a map
    added to the data needs no migration)."""
    return [(str(value), str(label)) for value, label in ConcordiaMap.choices]


def goods() -> list[tuple[str, str]]:
    """Every good of the data (a callable, as `concordia_maps`)."""
    return [(good.value, good.value) for good in Good]


def colours() -> list[tuple[str, str]]:
    """Every seat colour (a callable, as `concordia_maps`)."""
    return [(str(value), str(label)) for value, label in Colour.choices]


class EntryMode(models.TextChoices):
    # Quick: the players count houses, provinces and cards themselves.
    QUICK = "quick", _("counted by hand")
    # Board: they tap cities and cards, and the app counts (issue #3).
    BOARD = "board", _("tapped on the board")


class MagnanimousEnding(models.TextChoices):
    # The values are scoring's; the labels are the app's.
    REPUBLIC = Ending.REPUBLIC.value, _("the Republic was proclaimed")
    NOBILITY = Ending.NOBILITY.value, _("a noble reached the top of the Nobility track")
    RIO_OCCUPIED = Ending.RIO_OCCUPIED.value, _("Rio de Janeiro fell")


class SessionStatus(models.TextChoices):
    DRAFT = "draft", _("being entered")
    FINISHED = "finished", _("finished")


# Concordia was published in 2013 (Magnanimous later): no game is older.
FIRST_PLAY_DAY = dt.date(2013, 1, 1)


def played_on_range(today: dt.date | None = None) -> tuple[dt.date, dt.date]:
    """Return the first and last day a game can be dated on.

    A day ahead of the server's today: a club east of UTC is a day ahead of it
    in the evening, and its game is not in the future.
    """
    today = today or timezone.localdate()
    return FIRST_PLAY_DAY, today + dt.timedelta(days=1)


def validate_played_on(day: dt.date) -> None:
    """Raise `ValidationError` unless a game can have been played on ``day``."""
    first, last = played_on_range()
    if day < first:
        raise ValidationError(
            _("Concordia was published in 2013: enter a date from %(first)s on."),
            code="before_concordia",
            params={"first": date_format(first, "DATE_FORMAT")},
        )
    if day > last:
        raise ValidationError(
            _("That is more than a day ahead: enter a date up to %(last)s."),
            code="in_the_future",
            params={"last": date_format(last, "DATE_FORMAT")},
        )


# How long a deleted game can be brought back before it is purged.
UNDO_DELETE_FOR = dt.timedelta(hours=24)
# A game's notes: a few lines about the evening, never a file (issue #21).
MAX_NOTES_LENGTH = 2_000


class LiveSessionManager(models.Manager["TableSession"]):
    """The games that are not deleted: what every page, export and figure reads."""

    def get_queryset(self) -> models.QuerySet[TableSession]:
        return super().get_queryset().filter(deleted_at__isnull=True)


class TableSession(models.Model):
    """One game played around a real table."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sessions")
    game = models.CharField(
        _("game"), max_length=12, choices=Game.choices, default=Game.CONCORDIA
    )
    map = models.CharField(_("map"), max_length=12, choices=concordia_maps, blank=True)
    # Concordia's expansion modules played (the score sheet's ``expansions``:
    # "salt", "forum", "venus"); none for the base game and for Magnanimous.
    # A database default too: rows written by code that predates the field
    # (a historical model in another app's data migration) get [].
    expansions = models.JSONField(default=list, db_default=[], blank=True)
    played_at = models.DateTimeField(_("played on"), default=timezone.now)
    entry_mode = models.CharField(
        max_length=8, choices=EntryMode.choices, default=EntryMode.QUICK
    )
    ending = models.CharField(
        _("ending"), max_length=14, choices=MagnanimousEnding.choices, blank=True
    )
    place = models.CharField(_("place"), max_length=100, blank=True)
    notes = models.TextField(
        _("notes"),
        blank=True,
        max_length=MAX_NOTES_LENGTH,
        validators=[MaxLengthValidator(MAX_NOTES_LENGTH)],
    )
    status = models.CharField(
        max_length=10, choices=SessionStatus.choices, default=SessionStatus.DRAFT
    )
    # Bumped by every change of the recorded position, so that two phones saving
    # the same game cannot overwrite each other unknowingly.
    version = models.PositiveIntegerField(default=1)
    # Set by a client that may resend the same submission; one game per key.
    idempotency_key = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    # Set when the game is deleted: it can be restored for `UNDO_DELETE_FOR`,
    # then it is purged. The default manager leaves such games out.
    deleted_at = models.DateTimeField(null=True, blank=True)

    # The first manager is the default one, and related managers
    # (``club.sessions``) use its class: deleted games are left out everywhere.
    # Seats, results and Django's cascades reach a game through the base
    # manager, which still sees it.
    objects = LiveSessionManager()
    all_objects = models.Manager()  # noqa: DJ012 (a manager; ruff knows only "objects")

    class Meta:
        ordering = ["-played_at", "-pk"]
        indexes = [
            models.Index(fields=["club", "-played_at"], name="session_club_played"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="session_idempotency_key_unique",
            ),
            # Which maps exist is the data's (`scoring.ruleset`): the
            # database only knows that Concordia has one and Magnanimous none.
            models.CheckConstraint(
                condition=Q(game=Game.MAGNANIMOUS, map="")
                | (Q(game=Game.CONCORDIA) & ~Q(map="")),
                name="session_map_fits_game",
            ),
            models.CheckConstraint(
                condition=Q(game=Game.MAGNANIMOUS) | Q(ending=""),
                name="session_ending_only_for_magnanimous",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} {self.played_at:%Y-%m-%d} ({self.club})"

    def get_absolute_url(self) -> str:
        return reverse(
            "games:session-detail",
            kwargs={"club_slug": self.club.slug, "session_id": self.pk},
        )

    def clean(self) -> None:
        if self.played_at is not None:
            try:
                validate_played_on(timezone.localdate(self.played_at))
            except ValidationError as error:
                raise ValidationError({"played_at": error}) from error

    @property
    def is_finished(self) -> bool:
        return self.status == SessionStatus.FINISHED


class Seat(models.Model):
    """A player's place at the table; ``seat_order`` 0 is the start player."""

    session = models.ForeignKey(
        TableSession, on_delete=models.CASCADE, related_name="seats"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    seat_order = models.PositiveSmallIntegerField()
    colour = models.CharField(max_length=10, choices=colours, blank=True)
    # The seat's team in a team game (Venus' team play: partners win or lose
    # together), a short name the score sheet carries as ``team``; "" when
    # everyone plays alone. Which tables may play in teams is the ruleset's.
    team = models.CharField(max_length=20, blank=True, default="", db_default="")

    class Meta:
        ordering = ["session", "seat_order"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "player"], name="seat_one_per_player"
            ),
            models.UniqueConstraint(
                fields=["session", "seat_order"], name="seat_order_unique"
            ),
            models.UniqueConstraint(
                fields=["session", "colour"],
                condition=~Q(colour=""),
                name="seat_colour_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} (seat {self.seat_order + 1})"


class ConcordiaPosition(models.Model):
    """What lay on the table for one seat at the end: every field of the score sheet.

    The counts per good (``storehouse``, ``houses``) and per god (``cards``)
    are JSON objects keyed by the data's ids, in the score sheet's shape
    (``{"brick": 1, "food": 2, …}``): a good or god a module adds needs no
    column. `games.adapters` is the one reader and writer, and `scoring`
    validates them (`scoring.ruleset`: which goods and gods a game has, and
    every rule number); the database keeps only the structure: one position
    per seat, one holder per game of each specialist, the Concordia card and
    the Praefectus Magnus.

    ``session`` repeats ``seat.session`` so that "one holder per game" rules
    (Praefectus Magnus, Concordia card, each specialist) can be database
    constraints; the service that writes positions keeps the two in step.
    """

    session = models.ForeignKey(
        TableSession, on_delete=models.CASCADE, related_name="concordia_positions"
    )
    seat = models.OneToOneField(
        Seat, on_delete=models.CASCADE, related_name="concordia_position"
    )
    sestertii = models.PositiveIntegerField(default=0)
    storehouse = models.JSONField(default=dict)
    colonists_on_board = models.PositiveSmallIntegerField(default=2)
    houses = models.JSONField(default=dict)
    provinces = models.PositiveSmallIntegerField(default=0)
    cards = models.JSONField(default=dict)
    has_mason = models.BooleanField(default=False)
    has_farmer = models.BooleanField(default=False)
    has_smith = models.BooleanField(default=False)
    has_vintner = models.BooleanField(default=False)
    has_weaver = models.BooleanField(default=False)
    concordia_card = models.BooleanField(default=False)
    praefectus_magnus = models.BooleanField(default=False)
    # The counts a module adds to a player's sheet, keyed by the score
    # sheet's field names (Venus: ``venus_provinces``, ``venus_team_provinces``):
    # a module's new count needs no column.
    module_counts = models.JSONField(default=dict, db_default={}, blank=True)
    # A module's own rows of the score sheet, keyed by the sheet's field
    # (``{"forum_points": -2}``, Salsa's forum); {} for the base game.
    rows = models.JSONField(default=dict, db_default={}, blank=True)

    class Meta:
        constraints = [
            *(
                models.UniqueConstraint(
                    fields=["session"],
                    condition=Q(**{f"has_{specialist.value}": True}),
                    name=f"position_one_{specialist.value}_per_game",
                )
                for specialist in Specialist
            ),
            models.UniqueConstraint(
                fields=["session"],
                condition=Q(concordia_card=True),
                name="position_one_concordia_card_per_game",
            ),
            models.UniqueConstraint(
                fields=["session"],
                condition=Q(praefectus_magnus=True),
                name="position_one_praefectus_magnus_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"Position of {self.seat}"

    @property
    def specialists(self) -> tuple[Specialist, ...]:
        return tuple(s for s in Specialist if getattr(self, f"has_{s.value}"))


class SessionCity(models.Model):
    """The good a city produces in one game (the city tokens are random each game)."""

    session = models.ForeignKey(
        TableSession, on_delete=models.CASCADE, related_name="city_goods"
    )
    city = models.CharField(max_length=40)
    good = models.CharField(max_length=8, choices=goods)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["session", "city"], name="session_city_one_good"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.city}: {self.good}"


class SeatHouse(models.Model):
    """A house of one seat in one city; one per player per city (rules §2)."""

    session = models.ForeignKey(
        TableSession, on_delete=models.CASCADE, related_name="houses"
    )
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="houses")
    city = models.CharField(max_length=40)

    class Meta:
        # Which cities exist (never the map's capital) is the ruleset's.
        constraints = [
            models.UniqueConstraint(
                fields=["seat", "city"], name="seat_house_one_per_city"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: house in {self.city}"


class SeatCard(models.Model):
    """A personality card a seat bought from the display (sale cards 1–30, §4b)."""

    session = models.ForeignKey(
        TableSession, on_delete=models.CASCADE, related_name="bought_cards"
    )
    seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="bought_cards"
    )
    card = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            # Each sale card exists once, so only one player can own it
            # (which numbers exist is the ruleset's).
            models.UniqueConstraint(
                fields=["session", "card"], name="seat_card_once_per_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: card {self.card}"


class MagnanimousPosition(models.Model):
    """One seat's end of a Magnanimous game (rules digest `magnanimous.md`)."""

    session = models.ForeignKey(
        TableSession, on_delete=models.CASCADE, related_name="magnanimous_positions"
    )
    seat = models.OneToOneField(
        Seat, on_delete=models.CASCADE, related_name="magnanimous_position"
    )
    nobility = models.PositiveSmallIntegerField(default=0)
    commerce_spaces = models.PositiveSmallIntegerField(default=0)
    commerce_tokens = models.PositiveSmallIntegerField(default=0)
    referendums = models.PositiveSmallIntegerField(default=0)
    troops = models.PositiveSmallIntegerField(default=0)
    reis = models.PositiveIntegerField(default=0)
    occupied_provinces = models.PositiveSmallIntegerField(default=0)
    governor = models.BooleanField(default=False)
    votes = models.PositiveSmallIntegerField(null=True, blank=True)
    reached_20_first = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(nobility__lte=20), name="magnanimous_nobility_0_to_20"
            ),
            models.UniqueConstraint(
                fields=["session"],
                condition=Q(governor=True),
                name="magnanimous_one_governor_per_game",
            ),
            models.UniqueConstraint(
                fields=["session"],
                condition=Q(reached_20_first=True),
                name="magnanimous_one_first_to_20_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"Magnanimous position of {self.seat}"


class SeatResult(models.Model):
    """The stored score of one seat, written by the service that calls the engine."""

    session = models.ForeignKey(
        TableSession, on_delete=models.CASCADE, related_name="results"
    )
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="result")
    total = models.IntegerField()
    rank = models.PositiveSmallIntegerField()
    won = models.BooleanField(default=False)
    # Points per category ("vesta", "jupiter", … or Magnanimous' "court", …).
    breakdown = models.JSONField(default=dict)

    class Meta:
        ordering = ["session", "rank"]
        # How many ranks a game has is its table size's, so the rules'.
        constraints = [
            models.CheckConstraint(condition=Q(rank__gte=1), name="result_rank_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: {self.total} points, rank {self.rank}"
