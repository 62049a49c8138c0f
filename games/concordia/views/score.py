"""The board's score page: money, storehouse and colonists, then check or save."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from concordia_site.http import AuthedHtmxRequest
from games import adapters
from games.concordia import adapters as board_adapters
from games.concordia import services as board_services
from games.concordia.drawing import SeatStyle
from games.concordia.forms import (
    BoardTableForm,
    SeatExtrasForm,
    extras_initial,
)
from games.concordia.presenters import (
    BoardState,
    SeatCounts,
    seat_count_rows,
)
from games.concordia.views.base import board_only, concordia_session
from games.models import Seat
from games.services import VersionConflict
from games.sheet_views import sheet_conflict_context, sheet_saved_response
from games.vocabulary import problem_message
from scoring.board import (
    validate_board,
)
from scoring.types import Problem, SheetResult


@dataclass(slots=True)
class ExtrasPanel:
    seat: Seat
    style: SeatStyle
    form: SeatExtrasForm
    counts: SeatCounts
    errors: list[str]


_PLAYER_PATH = re.compile(r"^players\[(\d+)\]")


def _score_context(
    state: BoardState,
    forms: list[SeatExtrasForm],
    table_form: BoardTableForm,
    result: SheetResult | None,
    problems: Sequence[Problem] = (),
    **extra: object,
) -> dict[str, object]:
    board_problems: list[str] = []
    table_errors: dict[str, list[str]] = {"praefectus_magnus": [], "concordia_card": []}
    seat_errors: dict[int, list[str]] = {}
    for problem in problems:
        message = problem_message(problem)
        seat, slot = adapters.form_field_for_path(problem.path)
        if (
            problem.path.startswith(("city_goods", "letters"))
            or ".houses" in problem.path
            or ".cards" in problem.path
        ):
            board_problems.append(message)
        elif seat is None:
            table_errors.setdefault(slot, []).append(message)
        elif slot in forms[seat].fields:
            forms[seat].add_error(slot, message)
        else:
            seat_errors.setdefault(seat, []).append(message)
    counts = seat_count_rows(state.table, state.seats, state.styles, -1)
    return {
        **state.context(state.seats[0], result),
        "panels": [
            ExtrasPanel(
                seat=seat,
                style=state.styles[seat.seat_order],
                form=form,
                counts=count,
                errors=seat_errors.get(index, []),
            )
            for index, (seat, form, count) in enumerate(
                zip(state.seats, forms, counts, strict=True)
            )
        ],
        "table": table_form,
        "table_errors": table_errors,
        "board_problems": board_problems,
        **extra,
    }


def _score_forms(
    state: BoardState, data: object = None
) -> tuple[list[SeatExtrasForm], BoardTableForm]:
    praefectus, concordia = board_adapters.stored_holders(state.seats)
    forms = [
        SeatExtrasForm(
            data,
            prefix=f"s{seat.seat_order}",
            rules=state.rules,
            initial=extras_initial(board_adapters.stored_extras(seat), state.rules),
        )
        for seat in state.seats
    ]
    table = BoardTableForm(
        data,
        seats=state.seats,
        initial={
            "praefectus_magnus": praefectus,
            "concordia_card": concordia,
            "version": state.session.version,
        },
    )
    return forms, table


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_board_score(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """Money, storehouse and colonists, then the score of the board: check or save it."""
    session = concordia_session(request, club_slug, session_id)
    if (response := board_only(session)) is not None:
        return response
    state = BoardState.load(session)
    if request.method == "GET":
        forms, table_form = _score_forms(state)
        return render(
            request,
            "games/concordia/session_board_score.html",
            _score_context(state, forms, table_form, state.result()),
        )

    forms, table_form = _score_forms(state, request.POST)
    preview = request.POST.get("action") == "preview"
    valid = all([table_form.is_valid(), *(form.is_valid() for form in forms)])
    result: SheetResult | None = None
    problems: Sequence[Problem] = ()
    extra: dict[str, object] = {}
    if valid:
        extras = {
            seat.seat_order: form.extras()
            for seat, form in zip(state.seats, forms, strict=True)
        }
        holders = table_form.cleaned_data
        table = board_adapters.table_board(
            rules=state.rules,
            seats=state.seats,
            rows=state.rows,
            extras=extras,
            praefectus_magnus=holders["praefectus_magnus"],
            concordia_card=holders["concordia_card"],
        )
        result = state.result(table)
        if preview:
            problems = validate_board(table)
        else:
            try:
                board_services.board_sheet_record(
                    session=session,
                    extras=extras,
                    praefectus_magnus=holders["praefectus_magnus"],
                    concordia_card=holders["concordia_card"],
                    expected_version=holders.get("version"),
                )
            except board_services.BoardRejected as rejected:
                problems = rejected.problems
            except VersionConflict as conflict:
                extra |= sheet_conflict_context(
                    request=request,
                    session=session,
                    table=table_form,
                    conflict=conflict,
                )
            else:
                return sheet_saved_response(request, session)
    context = _score_context(state, forms, table_form, result, problems, **extra)
    if request.htmx:
        partial = "score-preview" if preview else "board-score-form"
        return render(
            request, f"games/concordia/session_board_score.html#{partial}", context
        )
    return render(request, "games/concordia/session_board_score.html", context)
