"""htmx pages. Every page works without JavaScript; htmx only saves round trips."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from clubs import access, permissions
from clubs.models import Club
from clubs.selectors import club_qs_visible_to
from concordia_site.http import AuthedHtmxRequest
from games import adapters, selectors, services
from games.concordia.explain import category_why, tie_sentence
from games.forms import (
    ScoreSheetForms,
    SeatSheetForm,
    SessionCreateForm,
    SessionDetailsForm,
)
from games.magnanimous import services as magnanimous_services
from games.magnanimous import views as magnanimous_views
from games.models import EntryMode, Game, Seat, TableSession
from games.scoreboard import scoreboard
from games.sheet_prefill import sheet_prefill
from games.sheet_views import sheet_conflict_context, sheet_saved_response
from games.vocabulary import (
    GOD_LABELS,
    GOOD_LABELS,
    SPECIALIST_LABELS,
    problem_message,
)
from scoring.catalog import max_cards_per_player
from scoring.maps import MAPS
from scoring.types import Category, Good, PlayerScore, SheetResult, Tie


def _club(request: AuthedHtmxRequest, club_slug: str) -> Club:
    return access.club_for_member(request.user, club_slug)


def _session(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> TableSession:
    """Load one of the member's club's games with its club, in one query; else 404."""
    session = selectors.session_get_visible(
        user=request.user, club_slug=club_slug, session_id=session_id
    )
    if session is None:
        raise Http404
    return session


def _session_with_seats(
    request: AuthedHtmxRequest,
    club_slug: str,
    session_id: int,
    *related: str,
    present: Sequence[str] = (),
) -> tuple[TableSession, list[Seat]]:
    """Load a game with its club and its seats (players and ``related``) in one
    query; see `selectors.session_seats_get_visible`."""
    found = selectors.session_seats_get_visible(
        user=request.user,
        club_slug=club_slug,
        session_id=session_id,
        related=related,
        present=present,
    )
    if found is None:
        raise Http404
    return found


@require_GET
@login_required
def home(request: AuthedHtmxRequest) -> HttpResponse:
    clubs = list(club_qs_visible_to(request.user))
    if len(clubs) == 1:
        return redirect(clubs[0])
    return render(request, "games/home.html", {"clubs": clubs})


@require_GET
@login_required
def club_detail(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = _club(request, club_slug)
    sessions = selectors.session_list_for_club(club)
    # The club menu leaves out what the member may not open (invite links).
    can_manage = permissions.can_manage(permissions.membership_get(request.user, club))
    deleted = selectors.session_list_recently_deleted(club)
    return render(
        request,
        "games/club_detail.html",
        {
            "club": club,
            "sessions": sessions,
            "can_manage": can_manage,
            "deleted_sessions": deleted,
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def session_create(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = _club(request, club_slug)
    players = list(selectors.player_list_for_club(club))
    # The club page links "?game=magnanimous" to open the form on that game.
    chosen = request.GET.get("game", "")
    form = SessionCreateForm(
        request.POST or None,
        players=players,
        initial={"game": chosen} if chosen in Game.values else None,
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        seats = [
            services.SeatInput(player=player, new_name=new_name, colour=colour)
            for player, new_name, colour in data["seats"]
        ]
        if data["game"] == Game.MAGNANIMOUS:
            session = magnanimous_services.magnanimous_session_create(
                club=club,
                created_by=request.user,
                played_at=_noon(data["played_at"]),
                place=data["place"],
                seats=seats,
                idempotency_key=data["idempotency_key"],
            )
        else:
            session = services.session_create(
                club=club,
                created_by=request.user,
                map_name=data["map"],
                played_at=_noon(data["played_at"]),
                place=data["place"],
                seats=seats,
                idempotency_key=data["idempotency_key"],
            )
        return redirect(
            "games:session-sheet", club_slug=club.slug, session_id=session.pk
        )
    return render(request, "games/session_create.html", {"club": club, "form": form})


def _positions_recorded(seats: list[Seat]) -> bool:
    # The reverse one-to-one raises (an AttributeError) when there is no row.
    return all(hasattr(seat, "concordia_position") for seat in seats)


def _noon(day: dt.date) -> dt.datetime:
    # A date typed at the table has no time; noon keeps it on the same day in
    # every time zone a club is likely to be in.
    return dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC)


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


@dataclass(slots=True)
class SeatPanel:
    index: int
    seat: Seat
    groups: list[GroupView]
    specialists: list[tuple[str, str, str, str, bool]]
    specialists_id: str
    specialists_errors: list[str]
    errors: list[str]


# The most houses of one good a player can have on any map: a city of that
# good holds one house per player (§8, §9). The number pad moves on after one
# digit when no count of two digits is possible.
_HOUSES_MAX = {
    good: max(spec.cities_per_good[good] for spec in MAPS.values()) for good in Good
}


def _seat_panels(forms: ScoreSheetForms) -> list[SeatPanel]:
    panels = []
    # §4: the starting hand plus every sale card of that god in the decks in play.
    cards_max = max_cards_per_player(len(forms.seats))
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
                            f"houses_{g.value}", GOOD_LABELS[g], 0, _HOUSES_MAX[g]
                        )
                        for g in Good
                    ),
                    field_view("provinces", _("Provinces with a house"), 0, 12),
                    field_view("colonists_on_board", _("Colonists on the board"), 2, 6),
                ],
                errors=forms.errors_for(index, "houses"),
            ),
            GroupView(
                id=f"s{index}-cards",
                legend=_("Cards by god (hand and discard pile)"),
                fields=[
                    field_view(f"cards_{god.value}", label, 0, cards_max[god])
                    for god, label in GOD_LABELS.items()
                ],
                errors=forms.errors_for(index, "cards"),
            ),
            GroupView(
                id=f"s{index}-money",
                legend=_("Money and storehouse"),
                fields=[
                    field_view("sestertii", _("Sestertii"), 0, 9999),
                    *(
                        field_view(f"storehouse_{g.value}", GOOD_LABELS[g], 0, 12)
                        for g in Good
                    ),
                ],
                errors=forms.errors_for(index, "storehouse"),
            ),
        ]
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
                        str(label),
                        s.value in chosen,
                    )
                    for s, label in SPECIALIST_LABELS.items()
                ],
                specialists_id=f"s{index}-specialists",
                specialists_errors=forms.errors_for(index, "specialists"),
                errors=forms.errors_for(index, "__all__"),
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
    for problem in evaluation.problems:
        seat, slot = adapters.form_field_for_path(problem.path)
        message = problem_message(problem)
        forms.add_problem(seat, slot, message)
        slot_id = _slot_id(seat, slot)
        label = forms.seats[seat].player.name if seat is not None else ""
        live.append(LiveProblem(slot_id, label, message))
    return evaluation.result, live


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


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_sheet(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """The score entry page: GET shows it, POST saves the sheet."""
    # Showing the page needs the stored positions and results; saving needs
    # the players, and whether positions are stored (a first save has no
    # one-per-game flag to clear).
    if request.method == "GET":
        session, seats = _session_with_seats(
            request, club_slug, session_id, "concordia_position", "result"
        )
    else:
        session, seats = _session_with_seats(
            request, club_slug, session_id, present=["concordia_position"]
        )
    return _pages(session).sheet(request, session, seats)


def _board_sheet(
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


def _concordia_sheet(
    request: AuthedHtmxRequest, session: TableSession, seats: list[Seat]
) -> HttpResponse:
    if request.method == "GET":
        initial = (
            adapters.sheet_from_seats(map_name=session.map, seats=seats)
            if session.is_finished and _positions_recorded(seats)
            else None
        )
        # A game played with the table assistant opens with what it tracked.
        prefill = None if session.is_finished else sheet_prefill(session)
        forms = ScoreSheetForms(seats=seats, initial=initial or prefill)
        forms.table.initial.setdefault("map", session.map)
        forms.table.initial["version"] = session.version
        context = _sheet_context(session, seats, forms, evaluate=False)
        # What the page opens with is scored at once: the strip shows the
        # totals before anything is typed.
        opened = initial or prefill
        if opened is not None:
            context.update(
                scoreboard(services.concordia_sheet_evaluate(opened).result, seats)
            )
        return render(request, "games/session_sheet.html", context)

    # The form's inputs are only built when the page is shown again.
    forms = ScoreSheetForms(seats=seats, data=request.POST)
    context = _sheet_context(session, seats, forms, evaluate=True, inputs=False)
    if (
        context["result"] is not None
        and not context["live_problems"]
        and forms.is_valid()
    ):
        try:
            services.concordia_sheet_record(
                session=session,
                sheet=forms.sheet(),
                expected_version=forms.table.cleaned_data.get("version"),
                seats=seats,
            )
        except services.VersionConflict as conflict:
            context |= sheet_conflict_context(
                request=request, session=session, table=forms.table, conflict=conflict
            )
        else:
            return sheet_saved_response(request, session)
    context.update(_sheet_inputs(forms))
    template = "games/session_sheet.html" + ("#sheet-form" if request.htmx else "")
    return render(request, template, context)


@require_POST
@login_required
@vary_on_headers("HX-Request")
def session_sheet_preview(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """Score the sheet as typed so far; writes nothing.

    Runs on every keystroke, so it loads the game, its club and its seats
    without their stored positions in one query.
    """
    session, seats = _session_with_seats(request, club_slug, session_id)
    return _pages(session).preview(request, session, seats)


def _concordia_sheet_preview(
    request: AuthedHtmxRequest, session: TableSession, seats: list[Seat]
) -> HttpResponse:
    forms = ScoreSheetForms(seats=seats, data=request.POST)
    context = _sheet_context(
        session, seats, forms, evaluate=True, inputs=not request.htmx
    )
    template = "games/session_sheet.html" + ("#score-preview" if request.htmx else "")
    return render(request, template, context)


@require_GET
@login_required
def session_detail(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """The result page: the table of points, the winner and why each number is so."""
    session, seats = _session_with_seats(
        request, club_slug, session_id, "concordia_position", "result"
    )
    return _pages(session).detail(request, session, seats)


def _concordia_detail(
    request: AuthedHtmxRequest, session: TableSession, seats: list[Seat]
) -> HttpResponse:
    context: dict[str, object] = {
        "club": session.club,
        "session": session,
        "seats": seats,
    }
    # A game imported from BG Stats has final totals but no recorded positions:
    # its page shows the totals, with nothing to explain them from.
    context["totals_only"] = session.is_finished and not _positions_recorded(seats)
    if session.is_finished and not context["totals_only"]:
        sheet = adapters.sheet_from_seats(map_name=session.map, seats=seats)
        result = services.concordia_sheet_evaluate(sheet).result
        context.update(_result_cards(result, seats))
    return render(request, "games/session_detail.html", context)


@dataclass(frozen=True, slots=True)
class WhyLine:
    category: Category
    text: str


@dataclass(frozen=True, slots=True)
class ResultCard:
    """One player's stacked card on the result page."""

    seat: Seat
    score: PlayerScore
    why: list[WhyLine]
    holds_praefectus_magnus: bool


def _result_cards(result: SheetResult, seats: list[Seat]) -> dict[str, object]:
    """Return the result page's cards in rank order, the holder and the ties."""
    holder = result.praefectus_magnus
    cards = [
        ResultCard(
            seat=seat,
            score=score,
            why=[
                WhyLine(line.category, category_why(line, score))
                for line in score.lines
            ],
            holds_praefectus_magnus=score.seat == holder,
        )
        for seat, score in zip(seats, result.players, strict=True)
    ]
    cards.sort(key=lambda card: card.score.rank)
    ties: list[tuple[Tie, str]] = [
        (tie, tie_sentence(tie, result)) for tie in result.ties
    ]
    return {
        "result": result,
        "cards": cards,
        "holder": seats[holder] if holder is not None else None,
        "ties": ties,
    }


# --- the game played picks the pages ------------------------------------------

_Page = Callable[[AuthedHtmxRequest, TableSession, list[Seat]], HttpResponse]


@dataclass(frozen=True, slots=True)
class _GamePages:
    """What a game's usual addresses (sheet, preview, result) show for one kind of game."""

    sheet: _Page
    preview: _Page
    detail: _Page


_CONCORDIA = _GamePages(
    sheet=_concordia_sheet, preview=_concordia_sheet_preview, detail=_concordia_detail
)
_PAGES: dict[tuple[str, str], _GamePages] = {
    (Game.CONCORDIA, EntryMode.QUICK): _CONCORDIA,
    (Game.CONCORDIA, EntryMode.BOARD): dataclasses.replace(
        _CONCORDIA, sheet=_board_sheet
    ),
    # Magnanimous has one way of entering a game; its pages load their own seats.
    **{
        (Game.MAGNANIMOUS, mode): _GamePages(
            sheet=lambda request, session, _seats: magnanimous_views.magnanimous_sheet(
                request, session.club, session
            ),
            preview=lambda request, session, _seats: (
                magnanimous_views.magnanimous_sheet_preview(
                    request, session.club, session
                )
            ),
            detail=lambda request, session, _seats: (
                magnanimous_views.magnanimous_detail(request, session.club, session)
            ),
        )
        for mode in EntryMode.values
    },
}


def _pages(session: TableSession) -> _GamePages:
    """Return the pages of the game played and, for Concordia, of how it is entered.

    The one dispatch on the game: every view of a game's usual addresses checks
    the sign-in and the club, then hands over to what this picks.
    """
    return _PAGES[session.game, session.entry_mode]


@require_http_methods(["GET", "POST"])
@login_required
def session_edit(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """Change when and where a game was played, and its notes."""
    session = _session(request, club_slug, session_id)
    club = session.club
    form = SessionDetailsForm(
        request.POST or None,
        initial={
            "played_at": timezone.localdate(session.played_at),
            "place": session.place,
            "notes": session.notes,
        },
    )
    if request.method == "POST" and form.is_valid():
        services.session_details_update(
            session=session,
            played_at=_noon(form.cleaned_data["played_at"]),
            place=form.cleaned_data["place"],
            notes=form.cleaned_data["notes"],
        )
        messages.success(request, _("Game details saved."))
        return redirect(session)
    return render(
        request,
        "games/session_edit.html",
        {"club": club, "session": session, "form": form},
    )


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_delete(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    session = _session(request, club_slug, session_id)
    club = session.club
    if request.method == "GET":
        return render(
            request,
            "games/session_delete.html",
            {
                "club": club,
                "session": session,
                "seats": selectors.session_seats(session),
            },
        )
    services.session_delete(session=session)
    messages.success(request, _("Game deleted. You can undo it for a day."))
    if request.htmx:
        return HttpResponseClientRedirect(club.get_absolute_url())
    return redirect(club)


@require_POST
@login_required
@vary_on_headers("HX-Request")
def session_restore(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    session = selectors.session_get_visible_even_deleted(
        user=request.user, club_slug=club_slug, session_id=session_id
    )
    if session is None:
        raise Http404
    try:
        services.session_restore(session=session)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        # Already restored (a second tap on "Undo"): the game is there to see.
        deleted = session.deleted_at is not None
        target = (session.club if deleted else session).get_absolute_url()
    else:
        messages.success(request, _("Game restored."))
        target = session.get_absolute_url()
    if request.htmx:
        return HttpResponseClientRedirect(target)
    return redirect(target)
