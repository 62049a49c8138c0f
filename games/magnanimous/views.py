"""The Magnanimous score sheet and result pages.

They answer the game's usual addresses: `games.views.session_sheet`,
`session_sheet_preview` and `session_detail` check the method, the sign-in and
the club, then `games.dispatch` hands a Magnanimous game over to the views
here, so every link to a game works whatever the game. As on the Concordia sheet, the
preview re-renders the scoreboard alone and lists each problem with the id of
its field's error slot, where ``static/js/app.js`` puts it; without
JavaScript, "Check the score" renders the whole page.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import render

from clubs.models import Club
from concordia_site.http import AuthedHtmxRequest
from games import adapters
from games.magnanimous import services as magnanimous_services
from games.magnanimous.explain import (
    CATEGORIES,
    ending_reason,
    seat_reasons,
    tie_reason,
)
from games.magnanimous.forms import SEAT_FIELDS, MagnanimousSheetForms
from games.magnanimous.selectors import magnanimous_session_seats
from games.models import Seat, TableSession
from games.scoreboard import scoreboard, strip_checked
from games.services import SeatInput
from games.sheet_prefill import sheet_prefill
from games.sheet_views import (
    sheet_record_or_conflict,
)
from games.vocabulary import problem_message
from scoring.magnanimous import (
    NOBILITY_TOP,
    MagnanimousPlayerScore,
    MagnanimousResult,
    MagnanimousSheet,
)

# The largest value the number pad suggests for each seat field; the forms and
# the rules say what is really allowed.
_HTML_MAX = {"nobility": NOBILITY_TOP, "reis": 9999, "votes": 99}


@dataclass(slots=True)
class FieldView:
    html_name: str
    id: str
    label: str
    value: object
    max: int
    errors: list[str]
    min: int = 0
    # The tie-break votes count only in a rare ending: the number pad's walk
    # through the sheet (static/js/app.js) passes them over.
    skip: bool = False
    # − / + steppers for the small counts; money is typed.
    steps: bool = True


@dataclass(slots=True)
class SeatPanel:
    index: int
    seat: Seat
    fields: list[FieldView]
    errors: list[str]


@dataclass(slots=True)
class Choice:
    value: str
    label: str
    checked: bool


@dataclass(frozen=True, slots=True)
class WhyLine:
    category: str
    text: str


@dataclass(frozen=True, slots=True)
class ResultCard:
    """One player's stacked card on the result page (``games/_result_card.html``)."""

    seat: Seat
    score: MagnanimousPlayerScore
    why: list[WhyLine]
    # A winner's card stands out; when Rio falls nobody's does.
    first: bool
    holds_praefectus_magnus: bool = False


@dataclass(slots=True)
class LiveProblem:
    slot_id: str
    label: str
    message: str


def _seat_panels(forms: MagnanimousSheetForms) -> list[SeatPanel]:
    panels = []
    names = [name for name, _label, _maximum in SEAT_FIELDS] + ["votes"]
    for index, (seat, form) in enumerate(
        zip(forms.seats, forms.seat_forms, strict=True)
    ):
        fields = []
        for name in names:
            bound = form[name]
            fields.append(
                FieldView(
                    html_name=bound.html_name,
                    id=bound.auto_id,
                    label=str(bound.label),
                    value=bound.value(),
                    max=_HTML_MAX.get(name, 99),
                    errors=forms.errors_for(index, name),
                    skip=name == "votes",
                    steps=name != "reis",
                )
            )
        panels.append(
            SeatPanel(
                index=index,
                seat=seat,
                fields=fields,
                errors=forms.errors_for(index, "__all__"),
            )
        )
    return panels


def _choices(forms: MagnanimousSheetForms, name: str) -> list[Choice]:
    bound = forms.table[name]
    current = "" if bound.value() is None else str(bound.value())
    return [
        Choice(value=str(value), label=str(label), checked=str(value) == current)
        for value, label in forms.table.fields[name].choices  # type: ignore[attr-defined]
    ]


def _slot_id(seat: int | None, slot: str) -> str:
    if seat is None:
        return "table" if slot == "__all__" else slot
    return f"s{seat}" if slot == "__all__" else f"s{seat}-{slot}"


def _evaluate(
    forms: MagnanimousSheetForms,
) -> tuple[MagnanimousResult | None, list[LiveProblem]]:
    """Score the forms as they stand and attach every problem to its slot."""
    live: list[LiveProblem] = []
    if not forms.is_valid():
        for index, form in enumerate(forms.seat_forms):
            for name, errors in form.errors.items():
                live.extend(
                    LiveProblem(
                        _slot_id(index, name), forms.seats[index].player.name, str(e)
                    )
                    for e in errors
                )
        for name, errors in forms.table.errors.items():
            label = str(forms.table.fields[name].label) if name != "__all__" else ""
            live.extend(
                LiveProblem(_slot_id(None, name), label, str(e)) for e in errors
            )
        return None, live
    evaluation = magnanimous_services.magnanimous_sheet_evaluate(forms.sheet())
    for problem in evaluation.problems:
        seat, slot = adapters.magnanimous_slot_for_problem(problem)
        message = problem_message(problem)
        forms.add_problem(seat, slot, message)
        label = forms.seats[seat].player.name if seat is not None else ""
        live.append(LiveProblem(_slot_id(seat, slot), label, message))
    return evaluation.result, live


def _sheet_context(
    session: TableSession,
    seats: list[Seat],
    forms: MagnanimousSheetForms,
    *,
    evaluate: bool,
) -> dict[str, object]:
    result, live = _evaluate(forms) if evaluate else (None, [])
    context: dict[str, object] = {
        "club": session.club,
        "session": session,
        "forms": forms,
        "table": forms.table,
        "panels": _seat_panels(forms),
        "choices": {
            name: _choices(forms, name)
            for name in ("ending", "governor", "reached_20_first")
        },
        # Keyed by slot id: templates cannot read a key such as "__all__".
        "table_errors": {
            _slot_id(None, name): forms.errors_for(None, name)
            for name in ("__all__", "ending", "governor", "reached_20_first")
        },
        "live_problems": live,
        **scoreboard(result, seats),
    }
    # An impossible sheet: the strip says so, and shows no totals.
    context.update(
        strip_checked(context["strip"], [p.slot_id for p in live])  # type: ignore[arg-type]
    )
    return context


def magnanimous_sheet(
    request: AuthedHtmxRequest, session: TableSession, _seats: list[Seat]
) -> HttpResponse:
    """The score entry page of a Magnanimous game: GET shows it, POST saves it.

    Reached through `games.views.session_sheet`, which has already checked the
    method, the sign-in and that the game is the member's club's. Its seats
    are read again here, with the Magnanimous positions.
    """
    seats = magnanimous_session_seats(session)
    if request.method == "GET":
        initial = (
            adapters.magnanimous_sheet_from_seats(ending=session.ending, seats=seats)
            if session.is_finished
            else None
        )
        # A game played with the table assistant opens with what it tracked.
        offered = None if session.is_finished else sheet_prefill(session)
        if isinstance(offered, MagnanimousSheet):
            initial = offered
        forms = MagnanimousSheetForms(seats=seats, initial=initial)
        forms.table.initial["version"] = session.version
        context = _sheet_context(session, seats, forms, evaluate=False)
        if initial is not None:
            evaluation = magnanimous_services.magnanimous_sheet_evaluate(initial)
            context.update(scoreboard(evaluation.result, seats))
        return render(request, "games/magnanimous/session_sheet.html", context)

    forms = MagnanimousSheetForms(seats=seats, data=request.POST)
    context = _sheet_context(session, seats, forms, evaluate=True)
    if context["result"] is not None and not context["live_problems"]:
        saved = sheet_record_or_conflict(
            request=request,
            session=session,
            table=forms.table,
            context=context,
            record=lambda: magnanimous_services.magnanimous_sheet_record(
                session=session,
                sheet=forms.sheet(),
                expected_version=forms.table.cleaned_data.get("version"),
                seats=seats,
            ),
        )
        if saved is not None:
            return saved
    template = "games/magnanimous/session_sheet.html" + (
        "#sheet-form" if request.htmx else ""
    )
    return render(request, template, context)


def magnanimous_sheet_preview(
    request: AuthedHtmxRequest, session: TableSession, _seats: list[Seat]
) -> HttpResponse:
    """Score the sheet as typed so far; writes nothing.

    Reached through `games.views.session_sheet_preview`.
    """
    seats = magnanimous_session_seats(session)
    forms = MagnanimousSheetForms(seats=seats, data=request.POST)
    context = _sheet_context(session, seats, forms, evaluate=True)
    template = "games/magnanimous/session_sheet.html" + (
        "#score-preview" if request.htmx else ""
    )
    return render(request, template, context)


def magnanimous_detail(
    request: AuthedHtmxRequest, session: TableSession, _seats: list[Seat]
) -> HttpResponse:
    """The result page: the points, who won (or that nobody did) and why.

    Reached through `games.views.session_detail`.
    """
    seats = magnanimous_session_seats(session)
    context: dict[str, object] = {
        "club": session.club,
        "session": session,
        "seats": seats,
    }
    if session.is_finished:
        sheet = adapters.magnanimous_sheet_from_seats(
            ending=session.ending, seats=seats
        )
        result = magnanimous_services.magnanimous_sheet_evaluate(sheet).result
        context.update(scoreboard(result, seats))
        context["ending_reason"] = ending_reason(sheet, result)
        context["tie_reason"] = tie_reason(sheet, result)
        # One stacked card per player in rank order (seat order among equals),
        # each with its "why" lines, as on the Concordia result page.
        cards = [
            ResultCard(
                seat=seat,
                score=score,
                why=[
                    WhyLine(category, line)
                    for category, line in zip(CATEGORIES, lines, strict=True)
                ],
                first=score.name in result.winners,
            )
            for seat, (score, lines) in zip(
                seats, seat_reasons(sheet, result), strict=True
            )
        ]
        context["cards"] = sorted(cards, key=lambda card: card.score.rank)
    return render(request, "games/magnanimous/session_detail.html", context)


def magnanimous_start(
    *,
    club: Club,
    created_by: User | None,
    map_name: str,
    played_at: dt.datetime,
    seats: Sequence[SeatInput],
    place: str,
    idempotency_key: str,
    expansions: Sequence[str] = (),
) -> TableSession:
    """Create the game of the shared new-game page when Magnanimous is chosen.

    Magnanimous is played on no map and has no modules: the form leaves
    ``map_name`` and ``expansions`` empty.
    """
    del map_name, expansions
    return magnanimous_services.magnanimous_session_create(
        club=club,
        created_by=created_by,
        played_at=played_at,
        place=place,
        seats=seats,
        idempotency_key=idempotency_key,
    )
