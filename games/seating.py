"""Reading the seats of a table: who sits where, in which colour.

The game-entry form (`games.forms.SessionCreateForm`) and the assistant's setup
form both ask the same thing, seat by seat: a club player chosen or a new name
typed (not both), nobody twice, no colour twice, at least two players. The
fields, their rows and that reading live here once; each form keeps its own
wording of the "not both" message and adds its own rules (Magnanimous colours).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from clubs.models import Player
from games.models import Colour
from scoring import catalog
from scoring.ruleset import modules, ruleset
from scoring.types import MapName

# The most seats any game has (Concordia with its modules: Venus' team play
# seats six), and the fewest (the data's, via `scoring`; each game's own
# range is its registry entry's ``table_sizes``).
MAX_PLAYERS = ruleset(next(iter(MapName)), modules()).max_players
MIN_PLAYERS = catalog.MIN_PLAYERS


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """One filled seat: a club player, or a new name typed; its colour or ""."""

    player: Player | None
    new_name: str
    colour: str

    @property
    def name(self) -> str:
        return self.player.name if self.player is not None else self.new_name


@dataclass(frozen=True, slots=True)
class SeatReading:
    seats: list[SeatChoice]
    # (field name, message), in the order met; the form adds them to its fields.
    errors: list[tuple[str, str | StrPromise]]


def seat_fields(
    players: Sequence[Player], *, new_name_label: str | StrPromise
) -> dict[str, forms.Field]:
    """Return the three fields of every seat: player, new name, colour."""
    choices = [("", _("— nobody —")), *((str(p.pk), p.name) for p in players)]
    fields: dict[str, forms.Field] = {}
    for index in range(MAX_PLAYERS):
        fields[f"seat{index}_player"] = forms.ChoiceField(
            label=_("Seat %(number)d") % {"number": index + 1},
            choices=choices,
            required=False,
        )
        fields[f"seat{index}_new_name"] = forms.CharField(
            label=new_name_label, max_length=40, required=False
        )
        fields[f"seat{index}_colour"] = forms.ChoiceField(
            label=_("Colour"), choices=[("", "—"), *Colour.choices], required=False
        )
    return fields


def seat_rows(
    form: forms.Form, count: int = MAX_PLAYERS
) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
    """Return the first ``count`` seats' bound fields (player, new name,
    colour) for the template; a form for fewer seats (a game of at most 4)
    has fewer rows."""
    return [
        (
            form[f"seat{index}_player"],
            form[f"seat{index}_new_name"],
            form[f"seat{index}_colour"],
        )
        for index in range(count)
        if f"seat{index}_player" in form.fields
    ]


def read_seats(
    cleaned: Mapping[str, Any],
    players: Mapping[str, Player],
    *,
    both_message: str | StrPromise,
    colour_refused: Callable[[str], str | StrPromise | None] = lambda colour: None,
) -> SeatReading:
    """Read the seats of ``cleaned`` (a form's cleaned data) in seating order.

    ``players`` maps a chosen player's key to the player; ``colour_refused``
    returns the message for a colour the game has no pieces of, else None.
    A seat with an error is left out, so a duplicate is reported once.
    """
    seats: list[SeatChoice] = []
    errors: list[tuple[str, str | StrPromise]] = []
    names: set[str] = set()
    colours: set[str] = set()
    for index in range(MAX_PLAYERS):
        player = players.get(cleaned.get(f"seat{index}_player") or "")
        new_name = (cleaned.get(f"seat{index}_new_name") or "").strip()
        colour = cleaned.get(f"seat{index}_colour") or ""
        if player is not None and new_name:
            errors.append((f"seat{index}_new_name", both_message))
            continue
        if player is None and not new_name:
            continue
        seat = SeatChoice(player=player, new_name=new_name, colour=colour)
        if seat.name.casefold() in names:
            errors.append(
                (
                    f"seat{index}_player" if player else f"seat{index}_new_name",
                    _("%(name)s already has a seat.") % {"name": seat.name},
                )
            )
            continue
        if colour and colour in colours:
            errors.append(
                (f"seat{index}_colour", _("Two seats cannot share a colour."))
            )
            continue
        if colour and (refused := colour_refused(colour)) is not None:
            errors.append((f"seat{index}_colour", refused))
            continue
        names.add(seat.name.casefold())
        if colour:
            colours.add(colour)
        seats.append(seat)
    return SeatReading(seats=seats, errors=errors)


def too_few_seats(seats: Sequence[SeatChoice]) -> forms.ValidationError | None:
    """Return the error for a table of fewer than two players, else None."""
    if len(seats) >= MIN_PLAYERS:
        return None
    return forms.ValidationError(
        _("A game needs at least %(count)d players.") % {"count": MIN_PLAYERS}
    )
