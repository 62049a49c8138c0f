"""Input parsing for the Magnanimous score sheet: shape only; the rules live in `scoring`.

The numbers are taken as typed (a negative count or a Nobility space past 20
included) so that `scoring.magnanimous.validate_magnanimous` can say what is
wrong in the rules' own words; the forms only refuse what is not a whole
number, or too large for the database to hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import MagnanimousEnding, Seat
from scoring.magnanimous import MagnanimousBoard, MagnanimousSheet
from scoring.magnanimous import MagnanimousEnding as Ending

if TYPE_CHECKING:
    # Only django-stubs names the type of a lazy translation.
    from django.utils.functional import _StrPromise

# What each seat field asks for, in the order of the rules digest's "Victory
# points" table; the largest value keeps a typo from overflowing the column.
SEAT_FIELDS: Final[tuple[tuple[str, _StrPromise, int], ...]] = (
    ("nobility", _("Nobility track space"), 999),
    ("commerce_spaces", _("Commerce spaces with your goods"), 999),
    ("commerce_tokens", _("Goods tokens on the Commerce track"), 999),
    ("referendums", _("Referendum cards"), 999),
    ("troops", _("Brazilian troops in your provinces"), 999),
    ("reis", _("Réis"), 99_999),
    ("occupied_provinces", _("Your provinces occupied by Paraguay"), 999),
)


class MagnanimousSeatForm(forms.Form):
    """One seat's end of game; its prefix is ``s<seat index>``."""

    votes = forms.IntegerField(
        label=_("Fixed votes (only if several reached 20)"),
        max_value=999,
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, label, maximum in SEAT_FIELDS:
            self.fields[name] = forms.IntegerField(
                label=label, max_value=maximum, initial=0
            )
        # Field order is the page's order: the counts first, the tie-break last.
        self.order_fields([name for name, _label, _maximum in SEAT_FIELDS])


class MagnanimousTableForm(forms.Form):
    """The table-wide part: how the game ended, the Governor, who reached 20 first."""

    ending = forms.ChoiceField(
        label=_("How the game ended"),
        choices=MagnanimousEnding.choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Say how the game ended.")},
    )
    # Not required here: left empty, the rules say what is missing and the live
    # preview keeps showing the points while the sheet is filled in.
    governor = forms.TypedChoiceField(
        label=_("Governor of Rio de Janeiro at the end"),
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )
    reached_20_first = forms.TypedChoiceField(
        label=_("Reached space 20 first (only if tied on votes)"),
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, seats: Sequence[Seat], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(seat.seat_order, seat.player.name) for seat in seats]
        self.fields["governor"].choices = choices  # type: ignore[attr-defined]
        self.fields["reached_20_first"].choices = [  # type: ignore[attr-defined]
            ("", _("nobody: not needed")),
            *choices,
        ]


class MagnanimousSheetForms:
    """The whole entry page: the table form and one form per seat, bound together."""

    def __init__(
        self,
        *,
        seats: Sequence[Seat],
        data: Any = None,
        initial: MagnanimousSheet | None = None,
    ) -> None:
        self.seats = list(seats)
        self.problems: dict[tuple[int | None, str], list[str]] = {}
        table_initial: dict[str, Any] = {"ending": MagnanimousEnding.REPUBLIC}
        seat_initials: list[dict[str, Any]] = [{} for _seat in self.seats]
        if initial is not None:
            table_initial["ending"] = initial.ending.value
            for index, board in enumerate(initial.players):
                seat_initials[index] = {
                    name: getattr(board, name) for name, _l, _m in SEAT_FIELDS
                }
                seat_initials[index]["votes"] = board.votes
                if board.governor:
                    table_initial["governor"] = self.seats[index].seat_order
                if board.reached_20_first:
                    table_initial["reached_20_first"] = self.seats[index].seat_order
        self.table = MagnanimousTableForm(data, seats=self.seats, initial=table_initial)
        self.seat_forms = [
            MagnanimousSeatForm(data, prefix=f"s{index}", initial=seat_initials[index])
            for index in range(len(self.seats))
        ]

    def is_valid(self) -> bool:
        # Evaluate every form, so that all errors are shown at once.
        results = [self.table.is_valid(), *(f.is_valid() for f in self.seat_forms)]
        return all(results)

    def sheet(self) -> MagnanimousSheet:
        """Return the sheet the (valid) forms describe."""
        table = self.table.cleaned_data
        players = []
        for seat, form in zip(self.seats, self.seat_forms, strict=True):
            data = form.cleaned_data
            players.append(
                MagnanimousBoard(
                    name=seat.player.name,
                    nobility=data["nobility"],
                    commerce_spaces=data["commerce_spaces"],
                    commerce_tokens=data["commerce_tokens"],
                    referendums=data["referendums"],
                    troops=data["troops"],
                    reis=data["reis"],
                    occupied_provinces=data["occupied_provinces"],
                    governor=table["governor"] == seat.seat_order,
                    votes=data["votes"],
                    reached_20_first=table["reached_20_first"] == seat.seat_order,
                )
            )
        return MagnanimousSheet(ending=Ending(table["ending"]), players=tuple(players))

    def add_problem(self, seat: int | None, slot: str, message: str) -> None:
        """Attach a rule problem to its slot: a field, or ``"__all__"``."""
        self.problems.setdefault((seat, slot), []).append(message)

    def errors_for(self, seat: int | None, slot: str) -> list[str]:
        """Return the shape errors and rule problems of one field or slot."""
        form: forms.Form = self.table if seat is None else self.seat_forms[seat]
        shape = [str(e) for e in form.errors.get(slot, [])] if form.is_bound else []
        return shape + self.problems.get((seat, slot), [])
