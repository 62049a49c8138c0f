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
from scoring.ruleset import Ruleset, base, modules
from scoring.types import (
    CardCounts,
    GoodCounts,
    MapName,
    PlayerBoard,
    ScoreSheet,
    SheetKind,
)
from scoring.validation import MAX_SESTERTII

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

    def board(self, *, name: str, concordia_card: bool) -> PlayerBoard:
        """Return the board this (valid) form describes."""
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
            **{name: data.get(name) or 0 for name in rules.module_fields},
        )


@cache
def seat_sheet_form(rules: Ruleset) -> type[SeatSheetForm]:
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
    }
    name = "SeatSheetForm_" + "_".join((rules.map.name.value, *rules.expansions))
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
        form_class = seat_sheet_form(self.rules)
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
