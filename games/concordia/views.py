"""Board entry pages: the city goods, the map with the houses, the cards, the score.

Every page works without JavaScript (real forms, POST/redirect/GET); with htmx a
tap swaps only the page's main region. The counting is `scoring.board`'s; these
views parse a tap, call one service and render.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, reswap

from concordia_site.http import AuthedHtmxRequest
from games import adapters, selectors
from games.concordia import adapters as board_adapters
from games.concordia import selectors as board_selectors
from games.concordia import services as board_services
from games.concordia.drawing import SeatStyle, map_drawing
from games.concordia.forms import (
    CARD_LABELS,
    BoardTableForm,
    CardTapForm,
    CityGoodsForm,
    EntryModeForm,
    SeatExtrasForm,
    SeatTapForm,
    city_slug,
    extras_initial,
)
from games.concordia.presenters import (
    BoardState,
    SeatCounts,
    board_url,
    board_urls,
    problem_message,
    seat_count_rows,
)
from games.forms import GOD_LABELS, GOOD_LABELS
from games.models import EntryMode, Game, Seat, TableSession
from games.services import VersionConflict
from games.sheet_views import sheet_conflict_context, sheet_saved_response
from scoring.board import (
    ROMAN,
    province_bonus,
    sale_cards_in_play,
    token_pool,
    validate_board,
)
from scoring.catalog import SaleCard
from scoring.maps import MAPS, MapSpec, TokenLetter
from scoring.types import Good, MapName, Problem, SheetResult

# --- shared helpers ---------------------------------------------------------

# What one tap names: a city (the map) or a sale card's number (the cards).
Target = TypeVar("Target", str, int)


def _concordia_session(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> TableSession:
    session = selectors.session_get_visible(
        user=request.user, club_slug=club_slug, session_id=session_id
    )
    # Only Concordia is played on a map with cities.
    if session is None or session.game != Game.CONCORDIA or not session.map:
        raise Http404
    return session


def _not_board(session: TableSession) -> HttpResponse | None:
    """Send a game counted by hand to the page that asks before switching."""
    if session.entry_mode == EntryMode.BOARD:
        return None
    return redirect(board_url("session-entry-mode", session) + f"?to={EntryMode.BOARD}")


def _selected_seat(value: object, seats: Sequence[Seat]) -> Seat:
    orders = {str(seat.seat_order): seat for seat in seats}
    return orders.get(str(value), seats[0])


# --- city goods ---------------------------------------------------------------


@dataclass(slots=True)
class GoodChoice:
    value: str
    label: str
    checked: bool


@dataclass(slots=True)
class CityField:
    slug: str
    html_name: str
    name: str
    label: str
    value: str
    errors: list[str]
    # One tap per city: the goods its letter's tokens show, as chips.
    choices: list[GoodChoice] = field(default_factory=list)


@dataclass(slots=True)
class ProvinceFields:
    name: str
    bonus: str
    cities: list[CityField]


@dataclass(slots=True)
class LetterGroup:
    letter: str
    pool: list[tuple[str, int]]
    provinces: list[ProvinceFields]
    errors: list[str]


_CITY_PATH = re.compile(r'^city_goods\["(.+)"\]$')
_LETTER_PATH = re.compile(r"^letters\.([A-Z])\.")


def _letter_groups(
    spec: MapSpec, form: CityGoodsForm, problems: Sequence[Problem]
) -> list[LetterGroup]:
    city_errors: dict[str, list[str]] = {}
    letter_errors: dict[str, list[str]] = {}
    for problem in problems:
        if match := _CITY_PATH.match(problem.path):
            city_errors.setdefault(match.group(1), []).append(problem_message(problem))
        elif match := _LETTER_PATH.match(problem.path):
            letter_errors.setdefault(match.group(1), []).append(
                problem_message(problem)
            )
    shown = {
        city.name: Good(form.chosen(city))
        for city in spec.cities
        if form.chosen(city) in {good.value for good in Good}
    }
    groups = []
    for letter, pool in token_pool(spec).items():
        provinces = []
        for province in spec.provinces:
            if province.letter is not letter:
                continue
            bonus = province_bonus(province, shown)
            provinces.append(
                ProvinceFields(
                    name=province.name,
                    bonus=str(GOOD_LABELS[bonus]) if bonus else "",
                    cities=[
                        CityField(
                            slug=city_slug(city.name),
                            html_name=form[form.field_name(city)].html_name,
                            name=city.name,
                            label=city.board_spelling,
                            value=form.chosen(city),
                            choices=[
                                GoodChoice(
                                    value=good.value,
                                    label=str(GOOD_LABELS[good]),
                                    checked=form.chosen(city) == good.value,
                                )
                                for good, count in pool.items()
                                if count
                            ],
                            errors=[
                                *(
                                    str(e)
                                    for e in form.errors.get(form.field_name(city), [])
                                ),
                                *city_errors.get(city.name, []),
                            ],
                        )
                        for city in province.cities
                    ],
                )
            )
        groups.append(
            LetterGroup(
                letter=letter.value,
                pool=[(str(GOOD_LABELS[good]), count) for good, count in pool.items()],
                provinces=provinces,
                errors=letter_errors.get(letter.value, []),
            )
        )
    return groups


def _cities_context(
    session: TableSession,
    form: CityGoodsForm,
    problems: Sequence[Problem] = (),
    **extra: object,
) -> dict[str, object]:
    spec = MAPS[MapName(session.map)]
    shown = {
        city.name: Good(form.chosen(city))
        for city in spec.cities
        if form.chosen(city) in {good.value for good in Good}
    }
    return {
        "club": session.club,
        "session": session,
        "form": form,
        "groups": _letter_groups(spec, form, problems),
        # The map as the table shows it: a tap on a city cycles its good
        # (static/js/board.js); without JavaScript it leads to the city's chips.
        "drawing": map_drawing(
            spec=spec, city_goods=shown, houses={}, styles={}, selected=-1
        ),
        "good_choices": [("", "—"), *((g.value, str(GOOD_LABELS[g])) for g in Good)],
        "no_d": TokenLetter.D not in spec.letters,
        "map_title": spec.title,
        "urls": board_urls(session),
        **extra,
    }


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_cities(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """Set the good every city produces in this game, or let the app deal the tokens."""
    session = _concordia_session(request, club_slug, session_id)
    if (response := _not_board(session)) is not None:
        return response
    spec = MAPS[MapName(session.map)]
    stored = board_adapters.city_goods(board_selectors.board_rows(session))
    initial = {
        CityGoodsForm.field_name(c): stored[c.name].value
        for c in spec.cities
        if c.name in stored
    }
    template = "games/concordia/session_cities.html" + (
        "#cities-form" if request.htmx else ""
    )
    if request.method == "GET":
        form = CityGoodsForm(cities=spec.cities, initial=initial)
        return render(request, template, _cities_context(session, form))

    if request.POST.get("action") == "draw":
        if stored and not request.POST.get("confirm"):
            form = CityGoodsForm(cities=spec.cities, initial=initial)
            return render(
                request, template, _cities_context(session, form, confirm_draw=True)
            )
        board_services.session_city_goods_draw(
            session=session, rng=random.SystemRandom()
        )
        return _cities_saved(
            request, session, _("The city tokens were dealt at random.")
        )

    form = CityGoodsForm(request.POST, cities=spec.cities)
    problems: Sequence[Problem] = ()
    if form.is_valid():
        try:
            board_services.session_city_goods_set(session=session, goods=form.goods())
        except board_services.BoardRejected as rejected:
            problems = rejected.problems
        else:
            return _cities_saved(request, session, _("City goods saved."))
    return render(
        request, template, _cities_context(session, form, problems, invalid=True)
    )


def _cities_saved(
    request: AuthedHtmxRequest, session: TableSession, note: str
) -> HttpResponse:
    if not request.htmx:
        messages.success(request, note)
        return redirect(board_url("session-cities", session))
    spec = MAPS[MapName(session.map)]
    stored = board_adapters.city_goods(board_selectors.board_rows(session))
    form = CityGoodsForm(
        cities=spec.cities,
        initial={
            CityGoodsForm.field_name(c): stored[c.name].value
            for c in spec.cities
            if c.name in stored
        },
    )
    return render(
        request,
        "games/concordia/session_cities.html#cities-form",
        _cities_context(session, form, saved=note),
    )


# --- taps: the map and the cards share one shape -------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TapPage(Generic[Target]):
    """What sets the map page (a city per tap) apart from the cards page (a card)."""

    url_name: str
    template: str
    partial: str
    form_class: type[SeatTapForm]
    # The valid form's cleaned value that names the tapped thing.
    target_field: str
    # Store it, or take it away, for the seat; raises `BoardRejected`.
    record: Callable[[Seat, Target, bool], None]
    # Where the page scrolls back to without JavaScript.
    anchor: Callable[[Target], str]
    # The page's context, with the errors of the tapped thing (None: no tap).
    context: Callable[[BoardState, Seat, Target | None, list[str]], dict[str, object]]
    # Said when the tap named nothing the form could read.
    untapped: str | Promise
    # The partial an htmx tap on something of the page renders instead of the
    # whole region: only what the tap changed, each piece swapped by its id.
    # The context names the tapped thing "tapped" when the page shows it.
    fragment: str = ""


def _tap_page(
    request: AuthedHtmxRequest, club_slug: str, session_id: int, page: TapPage[Target]
) -> HttpResponse:
    """GET shows the page for the chosen seat; POST records one tap, then shows it again.

    Without JavaScript a recorded tap redirects back to the tapped thing; with
    htmx, and for any refusal, the page's main region is rendered in place.
    """
    session = _concordia_session(request, club_slug, session_id)
    if (response := _not_board(session)) is not None:
        return response
    template = page.template + (f"#{page.partial}" if request.htmx else "")
    seats = selectors.session_seats(session)
    if request.method == "GET":
        selected = _selected_seat(request.GET.get("seat"), seats)
        return render(
            request,
            template,
            page.context(BoardState.load(session), selected, None, []),
        )

    form = page.form_class(request.POST, seats=seats)
    selected = _selected_seat(request.POST.get("seat"), seats)
    errors: list[str] = []
    target: Target | None = None
    if form.is_valid():
        target = form.cleaned_data[page.target_field]
        try:
            page.record(selected, target, form.cleaned_data["present"])
        except board_services.BoardRejected as rejected:
            errors = [problem_message(problem) for problem in rejected.problems]
        else:
            if not request.htmx:
                return redirect(
                    f"{board_url(page.url_name, session)}?seat={selected.seat_order}"
                    f"#{page.anchor(target)}"
                )
    else:
        errors = [str(error) for error in form.non_field_errors()] or [
            str(page.untapped)
        ]
    context = page.context(BoardState.load(session), selected, target, errors)
    if request.htmx and page.fragment and context.get("tapped"):
        response = render(
            request,
            f"{page.template}#{page.fragment}",
            {**context, "oob": True},
        )
        return reswap(response, "none")
    return render(request, template, context)


# --- the map ------------------------------------------------------------------


@dataclass(slots=True)
class CityRow:
    name: str
    label: str
    slug: str
    good: str
    good_label: str
    owners: list[SeatStyle]
    selected_has_house: bool
    errors: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ProvinceRows:
    name: str
    letter: str
    bonus: str
    cities: list[CityRow]


def _province_rows(
    state: BoardState, selected: Seat, error_city: str, errors: list[str]
) -> list[ProvinceRows]:
    goods = state.table.city_goods
    houses = {
        seat.seat_order: state.rows.houses.get(seat.pk, frozenset())
        for seat in state.seats
    }
    provinces = []
    for province in state.spec.provinces:
        bonus = province_bonus(province, goods)
        rows = []
        for city in province.cities:
            owners = [
                state.styles[order]
                for order in sorted(houses)
                if city.name in houses[order]
            ]
            good = goods.get(city.name)
            rows.append(
                CityRow(
                    name=city.name,
                    label=city.board_spelling,
                    slug=city_slug(city.name),
                    good=good.value if good else "",
                    good_label=str(GOOD_LABELS[good]) if good else "",
                    owners=owners,
                    selected_has_house=city.name in houses[selected.seat_order],
                    errors=errors if city.name == error_city else [],
                )
            )
        provinces.append(
            ProvinceRows(
                name=province.name,
                letter=province.letter.value,
                bonus=str(GOOD_LABELS[bonus]) if bonus else "",
                cities=rows,
            )
        )
    return provinces


def _board_context(
    state: BoardState,
    selected: Seat,
    error_city: str = "",
    errors: list[str] | None = None,
) -> dict[str, object]:
    houses = {
        seat.seat_order: state.rows.houses.get(seat.pk, frozenset())
        for seat in state.seats
    }
    errors = errors or []
    known = state.spec.city(error_city) is not None
    return {
        "tapped": city_slug(error_city) if known else "",
        **state.context(selected, state.result()),
        "drawing": map_drawing(
            spec=state.spec,
            city_goods=state.table.city_goods,
            houses=houses,
            styles=state.styles,
            selected=selected.seat_order,
        ),
        "provinces": _province_rows(state, selected, error_city, errors),
        "house_count": len(houses[selected.seat_order]),
        # Houses left in cities of another map (the map was changed on the hand
        # count sheet): listed so that they can be removed, never dropped unseen.
        "strays": [
            (state.styles[order], city)
            for order, cities in sorted(houses.items())
            for city in sorted(cities)
            if state.spec.city(city) is None
        ],
        # A tap on something that is not a city of the list (the capital, a
        # forged name) has no row to show its error next to.
        "board_errors": [] if known else errors,
    }


def _house_record(seat: Seat, city: str, built: bool) -> None:
    board_services.seat_house_set(seat=seat, city=city, built=built)


def _house_anchor(city: str) -> str:
    return f"row-{city_slug(city)}"


def _house_context(
    state: BoardState, selected: Seat, city: str | None, errors: list[str]
) -> dict[str, object]:
    return _board_context(state, selected, city or "", errors)


_HOUSES: TapPage[str] = TapPage(
    url_name="session-board",
    template="games/concordia/session_board.html",
    partial="board-main",
    form_class=SeatTapForm,
    target_field="target",
    record=_house_record,
    anchor=_house_anchor,
    context=_house_context,
    untapped=gettext_lazy("Choose a player, then tap a city."),
    fragment="board-tap",
)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_board(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """The map: tap a city to build or remove the selected player's house there."""
    return _tap_page(request, club_slug, session_id, _HOUSES)


# --- the cards ----------------------------------------------------------------


@dataclass(slots=True)
class CardButton:
    card: SaleCard
    label: str
    god: str
    owner: SeatStyle | None
    mine: bool
    errors: list[str]


@dataclass(slots=True)
class DeckCards:
    deck: str
    cards: list[CardButton]


def _card_god(card: SaleCard) -> str:
    if card.god is not None:
        return GOD_LABELS[card.god]
    if card.specialist is not None:
        return _("Minerva")
    return ""


def _cards_context(
    state: BoardState,
    selected: Seat,
    error_card: int | None = None,
    errors: list[str] | None = None,
) -> dict[str, object]:
    owner_of = {
        card: state.styles[seat.seat_order]
        for seat in state.seats
        for card in state.rows.cards.get(seat.pk, frozenset())
    }
    decks: dict[int, list[CardButton]] = {}
    for card in sale_cards_in_play(len(state.seats)):
        owner = owner_of.get(card.id)
        decks.setdefault(card.deck, []).append(
            CardButton(
                card=card,
                label=str(CARD_LABELS.get(card.name, card.name)),
                god=_card_god(card),
                owner=owner,
                mine=owner is not None and owner.order == selected.seat_order,
                errors=(errors or []) if card.id == error_card else [],
            )
        )
    known = error_card is not None and any(
        button.card.id == error_card for buttons in decks.values() for button in buttons
    )
    return {
        **state.context(selected, state.result()),
        "decks": [
            DeckCards(deck=ROMAN[deck], cards=cards)
            for deck, cards in sorted(decks.items())
        ],
        "card_errors": [] if known else (errors or []),
    }


def _card_record(seat: Seat, card: int, owned: bool) -> None:
    board_services.seat_card_set(seat=seat, card=card, owned=owned)


def _card_anchor(card: int) -> str:
    return f"card-{card}"


_CARDS: TapPage[int] = TapPage(
    url_name="session-cards",
    template="games/concordia/session_cards.html",
    partial="cards-main",
    form_class=CardTapForm,
    target_field="card",
    record=_card_record,
    anchor=_card_anchor,
    context=_cards_context,
    untapped=gettext_lazy("Choose a player, then tap a card."),
)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_cards(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """The cards each player bought, by name; gods and specialists follow."""
    return _tap_page(request, club_slug, session_id, _CARDS)


# --- the score ----------------------------------------------------------------


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
            initial=extras_initial(board_adapters.stored_extras(seat)),
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
    session = _concordia_session(request, club_slug, session_id)
    if (response := _not_board(session)) is not None:
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
            map_name=session.map,
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


# --- switching between the two ways of entering a game ------------------------


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_entry_mode(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """Switch between counting by hand and tapping the board, asking first if data would change."""
    session = _concordia_session(request, club_slug, session_id)
    summary = board_selectors.board_summary(session)
    if request.method == "POST":
        form = EntryModeForm(request.POST)
        if form.is_valid():
            mode = EntryMode(form.cleaned_data["mode"])
            needs_asking = (
                summary.positions > 0 if mode == EntryMode.BOARD else summary.has_board
            )
            if (
                mode == session.entry_mode
                or not needs_asking
                or form.cleaned_data["confirm"]
            ):
                board_services.session_entry_mode_set(session=session, mode=mode)
                target = _mode_landing(session, summary)
                if request.htmx:
                    return HttpResponseClientRedirect(target)
                return redirect(target)
        target_mode = form.data.get("mode", EntryMode.BOARD)
    else:
        target_mode = request.GET.get("to", EntryMode.BOARD)
    if target_mode not in EntryMode.values:
        target_mode = EntryMode.BOARD
    return render(
        request,
        "games/concordia/session_entry_mode.html",
        {
            "club": session.club,
            "session": session,
            "summary": summary,
            "to": target_mode,
            "to_board": target_mode == EntryMode.BOARD,
        },
    )


def _mode_landing(session: TableSession, summary: board_selectors.BoardSummary) -> str:
    if session.entry_mode == EntryMode.QUICK:
        return board_url("session-sheet", session)
    # Cities come first: the map means little before the goods are known.
    return board_url("session-board" if summary.cities else "session-cities", session)
