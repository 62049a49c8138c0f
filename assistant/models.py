"""The table assistant: a game in play and its append-only log (issues #14, #22).

The state of a game is never stored: it is replayed from its setup (the
header of its game-log document) and its events, by the game's own package
(`assistant.concordia`). These tables know no game: ``game`` names it,
``players`` holds each seat's name and colour, and ``setup`` the rest of the
log's header as that game's contract writes it.
"""

from __future__ import annotations

import secrets

import pgtrigger
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from games.models import Game, TableSession

# Join codes are read aloud and typed on a phone: no 0/O, 1/I/l look-alikes.
JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
JOIN_CODE_LENGTH = 6


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def new_follow_token() -> str:
    return secrets.token_urlsafe(18)


class GameStatus(models.TextChoices):
    """Where a game stands, as the list of the club's games needs it."""

    PLAYING = "playing", _("playing")
    FINISHED = "finished", _("finished")
    ABANDONED = "abandoned", _("abandoned")


class AssistantGame(models.Model):
    """A game played with the assistant on the table."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="assistant_games"
    )
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    # The game-log header: the players in seating order ({"name", "colour"},
    # and whatever else the game's contract gives a player), and the rest of
    # the header but its "format" and "game" (Concordia: map, tracking, the
    # intermediate scoring, the city tokens, the display dealt).
    players = models.JSONField(default=list)
    setup = models.JSONField(default=dict, blank=True)
    # Written with every event, so that a list of games replays none of them;
    # "" for a game recorded before this column existed (its state says).
    status = models.CharField(
        max_length=10, choices=GameStatus.choices, blank=True, default=""
    )
    join_code = models.CharField(max_length=12, unique=True, default=new_join_code)
    # Empty when revoked: whoever held the old link can no longer follow.
    follow_token = models.CharField(max_length=40, blank=True, default=new_follow_token)
    # The number of the latest event; 0 before the first. The append service
    # moves it under the row's lock, the head endpoint reads only this.
    head_seq = models.PositiveIntegerField(default=0)
    session = models.OneToOneField(
        TableSession,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="assistant_game",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)
    # The setup wizard's draft key: "Start" tapped twice, or sent to two
    # workers at once, makes one game (the second finds the first by its key).
    setup_key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["follow_token"],
                condition=~Q(follow_token=""),
                name="assistant_game_follow_token_unique",
            ),
            models.UniqueConstraint(
                fields=["club", "setup_key"],
                condition=~Q(setup_key=""),
                name="assistant_game_setup_key_unique",
            ),
        ]

    def __str__(self) -> str:
        names = ", ".join(str(p.get("name", "")) for p in self.players)
        return f"Assistant game {self.pk} ({self.club}: {names})"

    def get_absolute_url(self) -> str:
        return reverse(
            "assistant:game-turn",
            kwargs={"club_slug": self.club.slug, "game_id": self.pk},
        )

    @property
    def closed(self) -> bool:
        """Whether the final score sheet exists: the game takes no more moves."""
        return self.session_id is not None


class AssistantEvent(models.Model):
    """One event of a game's log; rows are only ever added (a trigger refuses the rest)."""

    game = models.ForeignKey(
        AssistantGame, on_delete=models.CASCADE, related_name="events"
    )
    seq = models.PositiveIntegerField()
    # Set by the phone for each tap, so that a tap sent twice records one event.
    idempotency_key = models.CharField(max_length=64, blank=True)
    document = models.JSONField()
    # The account that recorded it, as a bare reference: no database
    # constraint and nothing done when the account is deleted, because the
    # log is append-only and deleting an account must not rewrite it (a
    # SET_NULL would UPDATE every event, which the trigger refuses). Once the
    # account is gone the number leads nowhere: what remains of a deleted
    # user in a log is that number. Empty for events no account recorded.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seq"], name="assistant_event_one_per_seq"
            ),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="assistant_event_idempotency_key_unique",
            ),
            models.CheckConstraint(
                condition=Q(seq__gte=1), name="assistant_event_seq_from_1"
            ),
        ]
        # The log is append-only (issue #14): nothing rewrites or removes an
        # event, an undo is an event of its own. SQLite gets the same rule from
        # migration 0002.
        triggers = [
            pgtrigger.Protect(
                name="assistant_event_append_only",
                operation=pgtrigger.Update | pgtrigger.Delete,
            ),
            # A row trigger does not see TRUNCATE: a statement trigger refuses
            # it while the table holds an event (emptying an empty table loses
            # nothing, and Django's flush between tests truncates every table).
            # SQLite has no TRUNCATE: its "DELETE FROM" without WHERE fires the
            # row triggers of migration 0002, which refuse it.
            pgtrigger.Trigger(
                name="assistant_event_no_truncate",
                level=pgtrigger.Statement,
                when=pgtrigger.Before,
                operation=pgtrigger.Truncate,
                func=(
                    "IF EXISTS (SELECT 1 FROM assistant_assistantevent) THEN"
                    " RAISE EXCEPTION 'Cannot truncate % while it holds events:"
                    " the log is append-only', TG_TABLE_NAME;"
                    " END IF; RETURN NULL;"
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"Event {self.seq} of game {self.game_id}: {self.document.get('type')}"
