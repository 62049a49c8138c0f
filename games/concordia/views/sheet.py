"""The Concordia score sheet: the hand count, its live preview, and where a
game entered on the board sends the sheet's address.

These are the pages of the shared addresses ``…/sheet/`` and
``…/sheet/preview/`` for a Concordia game: `games.views` checks the method,
the sign-in and the club, loads the game and its seats, and `games.dispatch`
hands them here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

from concordia_site.http import AuthedHtmxRequest
from games import adapters, services
from games.concordia.selectors import session_rules
from games.concordia.views.base import positions_recorded
from games.forms import MODULE_FIELD_LABELS, ScoreSheetForms, SeatSheetForm
from games.models import Seat, TableSession
from games.scoreboard import scoreboard, strip_checked
from games.sheet_prefill import sheet_prefill
from games.sheet_views import (
    sheet_record_or_conflict,
)
from games.vocabulary import (
    god_label,
    good_label,
    problem_message,
    specialist_label,
    team_label,
)
from scoring.catalog import STOREHOUSE_SPACES
from scoring.maps import MAPS
from scoring.types import Good, Problem, ScoreSheet, SheetResult


@dataclass(slots=True)
class FieldView:
    html_name: str
    id: str
    label: str
    value: object
    min: int
    max: int
    errors: list[str]
    # Typing a digit moves on to the next field once the number is complete
    # (static/js/app.js); a count that cannot change is passed over.
    skip: bool = False
    # − / + steppers for the small counts; money is typed.
    steps: bool = True


@dataclass(slots=True)
class GroupView:
    id: str
    legend: str
    fields: list[FieldView]
    errors: list[str] = field(default_factory=list)
    # A line under the fields where a rule is known from one source only.
    help: str = ""


@dataclass(slots=True)
class SeatPanel:
    index: int
    seat: Seat
    groups: list[GroupView]
    specialists: list[tuple[str, str, str, str, bool]]
    specialists_id: str
    specialists_errors: list[str]
    errors: list[str]
    # The seat's team in a team game (Venus), as the page names it; "".
    team: str = ""


# The most houses of one good a player can have on any map: a city of that
# good holds one house per player (§8, §9). The number pad moves on after one
# digit when no count of two digits is possible.
_HOUSES_MAX = {
    good: max(spec.cities_per_good[good] for spec in MAPS.values()) for good in Good
}


def _seat_panels(forms: ScoreSheetForms) -> list[SeatPanel]:
    panels = []
    rules = forms.rules
    # §4: the starting hand plus every sale card of that god in the decks in play.
    cards_max = rules.max_cards_per_player(len(forms.seats))
    for index, (seat, form) in enumerate(
        zip(forms.seats, forms.seat_forms, strict=True)
    ):

        def field_view(
            name: str,
            label: object,
            low: int = 0,
            high: int = 99,
            *,
            form: SeatSheetForm = form,
            index: int = index,
        ) -> FieldView:
            bound = form[name]
            return FieldView(
                html_name=bound.html_name,
                id=bound.auto_id,
                label=str(label),
                value=bound.value(),
                min=low,
                max=high,
                errors=forms.errors_for(index, name),
                skip=high <= low + 1 and name.startswith("cards_"),
                steps=name != "sestertii",
            )

        # The order a player reads their own board in, and the order the number
        # pad walks through: houses, provinces, colonists, cards, money. The
        # storehouse comes last: its goods are few, one tap each on a stepper.
        groups = [
            GroupView(
                id=f"s{index}-board",
                legend=_("Houses by the good of their city"),
                fields=[
                    *(
                        field_view(
                            f"houses_{g.value}",
                            good_label(g),
                            0,
                            max(_HOUSES_MAX[g], rules.cities_per_good[g]),
                        )
                        for g in rules.goods
                    ),
                    field_view("provinces", _("Provinces with a house"), 0, 12),
                    # Venus: the provinces its god counts, after the provinces.
                    *(
                        field_view(name, MODULE_FIELD_LABELS[name], 0, 12)
                        for name in form.module_fields
                    ),
                    field_view("colonists_on_board", _("Colonists on the board"), 2, 6),
                ],
                errors=forms.errors_for(index, "houses"),
            ),
            GroupView(
                id=f"s{index}-cards",
                legend=_("Cards by god (hand and discard pile)"),
                fields=[
                    field_view(f"cards_{god.value}", god_label(god), 0, cards_max[god])
                    for god in rules.gods
                ],
                errors=forms.errors_for(index, "cards"),
            ),
            GroupView(
                id=f"s{index}-money",
                legend=_("Money and storehouse"),
                fields=[
                    field_view("sestertii", _("Sestertii"), 0, 9999),
                    *(
                        field_view(
                            f"storehouse_{g.value}", good_label(g), 0, STOREHOUSE_SPACES
                        )
                        for g in rules.goods
                    ),
                ],
                errors=forms.errors_for(index, "storehouse"),
                help=(
                    _(
                        "Salt counts 7 for Vesta, as cloth: it may be swapped for any"
                        " good (one source)."
                    )
                    if rules.wildcards
                    else ""
                ),
            ),
        ]
        if rules.module_fields:
            # Salsa's forum: what its cards won or lost (an auction bid is negative).
            groups.append(
                GroupView(
                    id=f"s{index}-forum",
                    legend=_("Forum"),
                    fields=[
                        field_view(name, _("Forum points"), -99, 99)
                        for name in rules.module_fields
                    ],
                    errors=forms.errors_for(index, "forum_points"),
                    help=_(
                        "No forum card is known to score: write what the table"
                        " agreed (an auction bid is negative)."
                    ),
                )
            )
        chosen = form["specialists"].value() or []
        panels.append(
            SeatPanel(
                index=index,
                seat=seat,
                groups=groups,
                specialists=[
                    (
                        f"{form.prefix}-specialists-{s.value}",
                        form["specialists"].html_name,
                        s.value,
                        str(specialist_label(s)),
                        s.value in chosen,
                    )
                    for s in rules.specialists
                ],
                specialists_id=f"s{index}-specialists",
                specialists_errors=forms.errors_for(index, "specialists"),
                errors=forms.errors_for(index, "__all__"),
                team=team_label(seat.team) if seat.team else "",
            )
        )
    return panels


@dataclass(slots=True)
class LiveProblem:
    slot_id: str
    label: str
    message: str


def _evaluate(forms: ScoreSheetForms) -> tuple[SheetResult | None, list[LiveProblem]]:
    """Score the forms as they stand and attach every problem to its slot."""
    live: list[LiveProblem] = []
    if not forms.is_valid() and not forms.provisional():
        for index, form in enumerate(forms.seat_forms):
            for name, errors in form.errors.items():
                slot = f"{form.prefix}-{name}" if name != "__all__" else f"s{index}"
                live.extend(
                    LiveProblem(slot, forms.seats[index].player.name, str(e))
                    for e in errors
                )
        for name, errors in forms.table.errors.items():
            # "This field is required." says nothing at the top of the page:
            # the summary names the field.
            label = str(forms.table.fields[name].label) if name != "__all__" else ""
            live.extend(LiveProblem(name, label, str(e)) for e in errors)
        return None, live
    evaluation = services.concordia_sheet_evaluate(forms.sheet())
    return evaluation.result, _live_problems(forms, evaluation.problems)


def _live_problems(
    forms: ScoreSheetForms, problems: Sequence[Problem]
) -> list[LiveProblem]:
    """The rules' problems, each by its field (and in the page's summary)."""
    live = []
    for problem in problems:
        seat, slot = adapters.form_field_for_path(problem.path)
        message = problem_message(problem)
        forms.add_problem(seat, slot, message)
        slot_id = _slot_id(seat, slot)
        label = forms.seats[seat].player.name if seat is not None else ""
        live.append(LiveProblem(slot_id, label, message))
    return live


def _card_slot(slot: str) -> bool:
    """A check of the cards in play (a count past the decks or under the starting
    hand, a specialist twice): nothing typed elsewhere puts it right."""
    return "-cards" in slot or slot.endswith("-specialists")


def _not_missing(live: Sequence[LiveProblem], sheet: ScoreSheet | None) -> list[str]:
    """The slots of the problems but a Praefectus Magnus or a Concordia card not
    chosen yet (the page says "not final yet" for those)."""
    missing = set()
    if sheet is not None:
        if sheet.praefectus_magnus is None:
            missing.add("praefectus_magnus")
        if not any(board.concordia_card for board in sheet.players):
            missing.add("concordia_card")
    return [p.slot_id for p in live if p.slot_id not in missing]


def _slot_id(seat: int | None, slot: str) -> str:
    if seat is None:
        return slot
    if slot in {"storehouse"}:
        return f"s{seat}-money"
    if slot in {"houses"}:
        return f"s{seat}-board"
    if slot in {"cards"}:
        return f"s{seat}-cards"
    if slot == "__all__":
        return f"s{seat}"
    return f"s{seat}-{slot}"


def _sheet_context(
    session: TableSession,
    seats: list[Seat],
    forms: ScoreSheetForms,
    *,
    evaluate: bool,
    inputs: bool = True,
) -> dict[str, object]:
    """Build the sheet page's context; ``inputs=False`` skips the form's fields.

    The live preview re-renders only the scoreboard, so it needs no view of the
    hundred-odd inputs: skipping them keeps every keystroke's request cheap.
    """
    result, live = _evaluate(forms) if evaluate else (None, [])
    context: dict[str, object] = {
        "club": session.club,
        "session": session,
        "forms": forms,
        "table": forms.table,
        "live_problems": live,
        **scoreboard(result, seats),
    }
    # An impossible sheet: the strip says so, and shows no totals.
    sheet = forms.sheet() if result is not None else None
    context.update(
        strip_checked(
            context["strip"],  # type: ignore[arg-type]
            _not_missing(live, sheet),
            impossible=_card_slot,
        )
    )
    if inputs:
        context.update(_sheet_inputs(forms))
    return context


def _sheet_inputs(forms: ScoreSheetForms) -> dict[str, object]:
    return {
        "panels": _seat_panels(forms),
        "table_errors": {
            name: forms.errors_for(None, name)
            for name in ("map", "praefectus_magnus", "concordia_card")
        },
    }


def board_sheet(
    request: AuthedHtmxRequest, session: TableSession, seats: list[Seat]
) -> HttpResponse:
    # A game tapped on the board is scored from the board; a hand count saved
    # here would override it unasked (switching modes asks first).
    board_score = reverse(
        "games:session-board-score",
        kwargs={"club_slug": session.club.slug, "session_id": session.pk},
    )
    if request.htmx:
        return HttpResponseClientRedirect(board_score)
    return redirect(board_score)


def concordia_sheet(
    request: AuthedHtmxRequest, session: TableSession, seats: list[Seat]
) -> HttpResponse:
    if request.method == "GET":
        initial = (
            adapters.sheet_from_seats(
                map_name=session.map, seats=seats, expansions=session.expansions
            )
            if session.is_finished and positions_recorded(seats)
            else None
        )
        # A game played with the table assistant opens with what it tracked.
        offered = None if session.is_finished else sheet_prefill(session)
        prefill = offered if isinstance(offered, ScoreSheet) else None
        forms = ScoreSheetForms(
            seats=seats, initial=initial or prefill, rules=session_rules(session)
        )
        forms.table.initial.setdefault("map", session.map)
        forms.table.initial["version"] = session.version
        context = _sheet_context(session, seats, forms, evaluate=False)
        # What the page opens with is scored at once: the strip shows the
        # totals before anything is typed.
        opened = initial or prefill
        if opened is not None:
            evaluation = services.concordia_sheet_evaluate(opened)
            live = _live_problems(forms, evaluation.problems)
            context.update(scoreboard(evaluation.result, seats))
            # The checks of what was tracked show at once, not after Save.
            context["live_problems"] = live
            context.update(
                strip_checked(
                    context["strip"],  # type: ignore[arg-type]
                    _not_missing(live, opened),
                    impossible=_card_slot,
                )
            )
        return render(request, "games/session_sheet.html", context)

    # The form's inputs are only built when the page is shown again.
    forms = ScoreSheetForms(
        seats=seats, data=request.POST, rules=session_rules(session)
    )
    context = _sheet_context(session, seats, forms, evaluate=True, inputs=False)
    if (
        context["result"] is not None
        and not context["live_problems"]
        and forms.is_valid()
    ):
        saved = sheet_record_or_conflict(
            request=request,
            session=session,
            table=forms.table,
            context=context,
            record=lambda: services.concordia_sheet_record(
                session=session,
                sheet=forms.sheet(),
                expected_version=forms.table.cleaned_data.get("version"),
                seats=seats,
            ),
        )
        if saved is not None:
            return saved
    context.update(_sheet_inputs(forms))
    template = "games/session_sheet.html" + ("#sheet-form" if request.htmx else "")
    return render(request, template, context)


def concordia_sheet_preview(
    request: AuthedHtmxRequest, session: TableSession, seats: list[Seat]
) -> HttpResponse:
    forms = ScoreSheetForms(
        seats=seats, data=request.POST, rules=session_rules(session)
    )
    context = _sheet_context(
        session, seats, forms, evaluate=True, inputs=not request.htmx
    )
    template = "games/session_sheet.html" + ("#score-preview" if request.htmx else "")
    return render(request, template, context)
