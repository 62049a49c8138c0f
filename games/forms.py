"""Input parsing for the pages: shape only; the rules live in `scoring`."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from clubs.models import Player
from games import seating
from games.models import (
    MAX_NOTES_LENGTH,
    ConcordiaMap,
    Game,
    Seat,
    played_on_range,
    validate_played_on,
)
from games.registry import game_spec
from games.vocabulary import god_label, good_label, module_label, specialist_label
from scoring.ruleset import Ruleset, base, module_fields, modules, ruleset
from scoring.types import (
    CardCounts,
    GoodCounts,
    MapName,
    PlayerBoard,
    ScoreSheet,
    SheetKind,
)
from scoring.validation import MAX_SESTERTII

# The names the app gives the teams of a team game, by seat (Venus).
TEAM_NAMES = ("A", "B", "C")
MAX_PLAYERS = seating.MAX_PLAYERS
MIN_PLAYERS = seating.MIN_PLAYERS


def _bound_played_on(field: forms.Field) -> None:
    """Refuse a date no game can have: before Concordia, or days ahead.

    The browser's date picker gets the same bounds; the message next to the
    field comes from the server either way.
    """
    first, last = played_on_range()
    field.widget.attrs.update(min=first.isoformat(), max=last.isoformat())
    field.validators.append(validate_played_on)


class SessionCreateForm(forms.Form):
    """A new game: which game, map, date, place and up to five seats in seating order.

    Each seat either names an existing club player or types a new name, so that
    a guest who never played before can be seated without leaving the page.
    Magnanimous has no map (whatever the select sends is ignored), 2 to 4
    seats and four colours; a submission without a game is Concordia.
    """

    game = forms.ChoiceField(
        label=_("Game"),
        choices=Game.choices,
        initial=Game.CONCORDIA,
        required=False,
        widget=forms.RadioSelect,
    )
    map = forms.ChoiceField(
        label=_("Map"),
        choices=ConcordiaMap.choices,
        initial=ConcordiaMap.IMPERIUM,
        required=False,
        help_text=_("Concordia only."),
    )
    # Concordia's expansion modules the data knows (`scoring.ruleset.modules`).
    expansions = forms.MultipleChoiceField(
        label=_("Expansions"),
        choices=[(module, module_label(module)) for module in modules()],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Concordia only. None for the base game."),
    )
    played_at = forms.DateField(
        label=_("Played on"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    place = forms.CharField(label=_("Place"), max_length=100, required=False)
    team_play = forms.BooleanField(
        label=_("Team play (Venus): 4 or 6 players in teams of 2"),
        required=False,
        help_text=_(
            "Partners sit alternately: seats 1 and 3 (and 5) against seats 2 and 4 (and 6)."
        ),
    )
    # A fresh key each time the form is shown: a double tap or a resend on a
    # flaky connection then creates one game, not two (`services.session_create`).
    idempotency_key = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, players: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["played_at"].initial = timezone.localdate()
        _bound_played_on(self.fields["played_at"])
        self.fields["idempotency_key"].initial = uuid.uuid4().hex
        self._players = {str(p.pk): p for p in players}
        self.fields.update(
            seating.seat_fields(players, new_name_label=_("or a new player"))
        )

    def seat_rows(
        self,
    ) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return seating.seat_rows(self)

    def clean_idempotency_key(self) -> str:
        # Nobody can fix a hidden field: a mangled key only loses the
        # protection against a resend, never the game being entered.
        key = str(self.cleaned_data.get("idempotency_key") or "")
        try:
            return uuid.UUID(hex=key).hex
        except ValueError:
            return ""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        game = cleaned.get("game") or Game.CONCORDIA
        cleaned["game"] = game
        spec = game_spec(game)
        if not spec.has_map:
            cleaned["map"] = ""
            cleaned["expansions"] = []
        elif not cleaned.get("map") and "map" not in self.errors:
            self.add_error("map", _("Choose the map."))
        reading = seating.read_seats(
            cleaned,
            self._players,
            both_message=_("Pick a player or type a new name, not both."),
            colour_refused=lambda colour: (
                spec.colours_refused if colour not in spec.colours else None
            ),
        )
        for field, message in reading.errors:
            self.add_error(field, message)
        seats = [(seat.player, seat.new_name, seat.colour) for seat in reading.seats]
        if not self.errors and (too_few := seating.too_few_seats(reading.seats)):
            raise too_few
        expansions = tuple(cleaned.get("expansions") or ()) if spec.has_map else ()
        cleaned["expansions"] = list(expansions)
        team_play = bool(cleaned.get("team_play")) and spec.has_map
        cleaned["teams"] = [""] * len(seats)
        if spec.has_map and cleaned.get("map") in set(MapName):
            rules = ruleset(cleaned["map"], expansions)
            if team_play and not rules.teams:
                self.add_error(
                    "team_play", _("Team play needs the Venus expansion: tick it too.")
                )
            elif team_play:
                if len(seats) not in rules.team_table_sizes:
                    self.add_error(
                        "team_play",
                        _("Team play is for 4 or 6 players; %(count)d are seated.")
                        % {"count": len(seats)},
                    )
                # Partners sit alternately (expansions §2c): A B A B (A B C A B C).
                count = max(len(seats) // rules.team_size, 1)
                cleaned["teams"] = [TEAM_NAMES[i % count] for i in range(len(seats))]
            elif len(seats) > rules.individual_max:
                raise forms.ValidationError(
                    spec.too_many % {"count": rules.individual_max}
                )
        most = spec.table_sizes.stop - 1
        if len(seats) > most:
            raise forms.ValidationError(spec.too_many % {"count": most})
        cleaned["seats"] = seats
        return cleaned


class _SharedIntegerField(forms.IntegerField):
    """An integer field that every form instance shares instead of deep-copying.

    Django deep-copies a form's fields for each instance so that one instance
    may change its own (choices, widgets). The seat forms never do, and the live
    preview builds five of them per keystroke: copying their hundred fields was
    a third of the request's time.
    """

    def __deepcopy__(self, memo: dict[int, object]) -> _SharedIntegerField:
        return self

    def clean(self, value: Any) -> Any:
        # Every save and every keystroke of the live preview cleans the sheet's
        # sixty-odd counts: a plain number in range needs none of the
        # localisation and validator machinery. Anything else goes through it,
        # and gets Django's messages.
        low, high = self.min_value, self.max_value
        if type(value) is str and value.isascii() and value.isdigit():
            number = int(value)
            if low is not None and high is not None and low <= number <= high:
                return number
        return super().clean(value)


class _SharedMultipleChoiceField(forms.MultipleChoiceField):
    """A multiple choice field with fixed choices, shared as `_SharedIntegerField`."""

    def __deepcopy__(self, memo: dict[int, object]) -> _SharedMultipleChoiceField:
        return self


def _count(label: str | StrPromise, initial: int = 0) -> forms.IntegerField:
    return _SharedIntegerField(label=label, min_value=0, max_value=99, initial=initial)


class SeatSheetForm(forms.Form):
    """One seat's position on the table; its prefix is ``s<seat index>``.

    Sized by the game's ruleset: a count per good (``storehouse_<good>``,
    ``houses_<good>``) and per god (``cards_<god>``). Use `seat_sheet_form`
    for the class of a ruleset.
    """

    rules: ClassVar[Ruleset]
    # The counts a module adds (Venus' provinces), in page order.
    module_fields: ClassVar[tuple[str, ...]] = ()

    def board(self, *, name: str, concordia_card: bool, team: str = "") -> PlayerBoard:
        """Return the board this (valid) form describes (``team``: the seat's)."""
        data = self.cleaned_data
        rules = self.rules
        return PlayerBoard(
            name=name,
            sestertii=data["sestertii"],
            storehouse=GoodCounts(
                {good: data[f"storehouse_{good.value}"] for good in rules.goods}
            ),
            colonists_on_board=data["colonists_on_board"],
            houses=GoodCounts(
                {good: data[f"houses_{good.value}"] for good in rules.goods}
            ),
            provinces=data["provinces"],
            cards=CardCounts({god: data[f"cards_{god.value}"] for god in rules.gods}),
            specialists=tuple(
                s
                for s in rules.specialists
                if s.value in (data.get("specialists") or ())
            ),
            concordia_card=concordia_card,
            team=team or None,
            **{field: data[field] for field in self.module_fields},
            **{name: data.get(name) or 0 for name in rules.module_fields},
        )


# The labels of the counts a module adds to a player's sheet.
MODULE_FIELD_LABELS: dict[str, StrPromise] = {
    "venus_provinces": _("Provinces with 2 or more houses (Venus)"),
    "venus_team_provinces": _("Provinces where both partners have a house (Venus)"),
}


def module_count_fields(rules: Ruleset, *, team_play: bool) -> tuple[str, ...]:
    """The counts a module adds to each player's sheet: Venus' provinces,
    with two houses alone, or shared with the partner in team play."""
    fields = tuple(
        name
        for name, module in module_fields().items()
        if module in rules.expansions and name in MODULE_FIELD_LABELS
    )
    unused = "venus_provinces" if team_play else "venus_team_provinces"
    return tuple(name for name in fields if name != unused)


@cache
def seat_sheet_form(rules: Ruleset, team_play: bool = False) -> type[SeatSheetForm]:
    """Return the seat form class of a ruleset (made once per ruleset).

    Its fields are declared on the class, not added in __init__: the live
    preview builds five of these forms on every keystroke, and per-instance
    fields cost a millisecond each time.
    """
    fields: dict[str, object] = {
        "sestertii": _SharedIntegerField(
            label=_("Sestertii"), min_value=0, max_value=MAX_SESTERTII, initial=0
        ),
        **{
            f"storehouse_{good.value}": _count(good_label(good)) for good in rules.goods
        },
        **{f"houses_{good.value}": _count(good_label(good)) for good in rules.goods},
        # The starting hand (rules digest §4a) is where every count begins.
        **{
            f"cards_{god.value}": _count(god_label(god), rules.starting_hand[god])
            for god in rules.gods
        },
        "colonists_on_board": _count(_("Colonists on the board"), 2),
        "provinces": _count(_("Provinces with a house")),
        "specialists": _SharedMultipleChoiceField(
            label=_("Minerva specialists"),
            choices=[(s.value, specialist_label(s)) for s in rules.specialists],
            required=False,
            widget=forms.CheckboxSelectMultiple,
        ),
        **{
            name: _count(MODULE_FIELD_LABELS[name])
            for name in module_count_fields(rules, team_play=team_play)
        },
        # A module's own row (the forum's points, negative for an auction bid).
        **{
            name: _SharedIntegerField(
                label=_("Forum points"),
                min_value=-99,
                max_value=99,
                initial=0,
                required=False,
            )
            for name in rules.module_fields
        },
        "rules": rules,
        "module_fields": module_count_fields(rules, team_play=team_play),
    }
    name = "SeatSheetForm_" + "_".join(
        (rules.map.name.value, *rules.expansions, *(["teams"] if team_play else []))
    )
    return type(name, (SeatSheetForm,), fields)


class TableSheetForm(forms.Form):
    """The table-wide part of the sheet: map, Praefectus Magnus, Concordia card."""

    map = forms.ChoiceField(label=_("Map"), choices=ConcordiaMap.choices)
    praefectus_magnus = forms.TypedChoiceField(
        label=_("Praefectus Magnus"), coerce=int, widget=forms.RadioSelect
    )
    concordia_card = forms.TypedChoiceField(
        label=_("Concordia card (ended the game)"), coerce=int, widget=forms.RadioSelect
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, seats: Sequence[Seat], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(seat.seat_order, seat.player.name) for seat in seats]
        self.fields["praefectus_magnus"].choices = choices  # type: ignore[attr-defined]
        self.fields["concordia_card"].choices = choices  # type: ignore[attr-defined]


class ScoreSheetForms:
    """The whole entry page: the table form and one form per seat, bound together."""

    def __init__(
        self,
        *,
        seats: Sequence[Seat],
        data: Any = None,
        initial: ScoreSheet | None = None,
        rules: Ruleset | None = None,
    ) -> None:
        self.seats = list(seats)
        # The seats' counts: the base game's goods and gods unless a
        # ruleset is given (every base map has the same).
        self.rules = rules or base(next(iter(MapName)))
        # Team play (Venus): the seats carry their teams.
        self.team_play = any(seat.team for seat in self.seats)
        form_class = seat_sheet_form(self.rules, self.team_play)
        self.problems: dict[tuple[int | None, str], list[str]] = {}
        self._sheet: ScoreSheet | None = None
        table_initial: dict[str, Any] = {}
        seat_initials: list[dict[str, Any]] = [{} for _ in self.seats]
        if initial is not None:
            table_initial["map"] = initial.map.value
            for index, board in enumerate(initial.players):
                seat_initials[index] = _board_initial(board)
                if board.concordia_card:
                    table_initial["concordia_card"] = index
                if board.name == initial.praefectus_magnus:
                    table_initial["praefectus_magnus"] = index
        self.table = TableSheetForm(data, seats=self.seats, initial=table_initial)
        self.seat_forms: list[SeatSheetForm] = [
            form_class(data, prefix=f"s{index}", initial=seat_initials[index])
            for index in range(len(self.seats))
        ]

    def is_valid(self) -> bool:
        # Evaluate every form, so that all errors are shown at once.
        results = [self.table.is_valid(), *(f.is_valid() for f in self.seat_forms)]
        return all(results)

    def provisional(self) -> bool:
        """Say whether the sheet can be scored though it is not complete yet.

        Every count is readable and only the Praefectus Magnus or the Concordia
        card is still to be chosen: the live totals then show from the first
        count typed, and the rules say what is missing (`validate_sheet`), so
        nothing incomplete is ever saved.
        """
        if not all(form.is_valid() for form in self.seat_forms):
            return False
        errors = self.table.errors.as_data()
        return bool(errors) and all(
            name in {"praefectus_magnus", "concordia_card"}
            and all(error.code == "required" for error in found)
            for name, found in errors.items()
        )

    def sheet(self) -> ScoreSheet:
        """Return the score sheet the (valid or `provisional`) forms describe.

        Built once: saving scores it for the page, then records it.
        """
        if self._sheet is None:
            self._sheet = self._build_sheet()
        return self._sheet

    def _build_sheet(self) -> ScoreSheet:
        table = self.table.cleaned_data
        players = tuple(
            form.board(
                name=seat.player.name,
                concordia_card=table.get("concordia_card") == seat.seat_order,
                team=seat.team,
            )
            for seat, form in zip(self.seats, self.seat_forms, strict=True)
        )
        praefectus = next(
            (
                s.player.name
                for s in self.seats
                if s.seat_order == table.get("praefectus_magnus")
            ),
            None,
        )
        return ScoreSheet(
            kind=SheetKind.FINAL,
            map=MapName(table["map"]),
            players=players,
            praefectus_magnus=praefectus,
            expansions=self.rules.expansions,
        )

    def add_problem(self, seat: int | None, slot: str, message: str) -> None:
        """Attach a rule problem to its slot: a field, or a group like "houses"."""
        self.problems.setdefault((seat, slot), []).append(message)

    def errors_for(self, seat: int | None, slot: str) -> list[str]:
        """Return the shape errors and rule problems of one field or group."""
        form: forms.Form = self.table if seat is None else self.seat_forms[seat]
        problems = self.problems.get((seat, slot), [])
        if seat is None and problems:
            # A provisional sheet: the rules' message says more than "required".
            return problems
        shape = [str(e) for e in form.errors.get(slot, [])] if form.is_bound else []
        return shape + problems


def _board_initial(board: PlayerBoard) -> dict[str, Any]:
    initial: dict[str, Any] = {
        "sestertii": board.sestertii,
        "colonists_on_board": board.colonists_on_board,
        "provinces": board.provinces,
        "specialists": [s.value for s in board.specialists],
    }
    for good, count in board.storehouse.nonzero().items():
        initial[f"storehouse_{good}"] = count
    for good, count in board.houses.nonzero().items():
        initial[f"houses_{good}"] = count
    for god, count in board.cards.nonzero().items():
        initial[f"cards_{god}"] = count
    for name in MODULE_FIELD_LABELS:
        initial[name] = getattr(board, name)
    if board.forum_points:
        initial["forum_points"] = board.forum_points
    return initial


class SessionDetailsForm(forms.Form):
    """When and where a game was played; the sheet itself is edited on its own page."""

    played_at = forms.DateField(
        label=_("Played on"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    place = forms.CharField(label=_("Place"), max_length=100, required=False)
    notes = forms.CharField(
        label=_("Notes"),
        required=False,
        max_length=MAX_NOTES_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _bound_played_on(self.fields["played_at"])
