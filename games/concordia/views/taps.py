"""The map and the cards pages: a tap records a house or a card for the chosen seat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import reswap

from concordia_site.http import AuthedHtmxRequest
from games import selectors
from games.concordia import services as board_services
from games.concordia.drawing import SeatStyle, map_drawing
from games.concordia.forms import (
    CardTapForm,
    SeatTapForm,
    city_slug,
)
from games.concordia.map_words import province_label
from games.concordia.presenters import (
    BoardState,
    board_url,
)
from games.concordia.views.base import board_only, concordia_session, selected_seat
from games.models import Seat
from games.vocabulary import (
    CARD_LABELS,
    category_label,
    god_label,
    good_label,
    problem_message,
)
from scoring.board import (
    ROMAN,
    province_bonus,
)
from scoring.catalog import SaleCard

# What one tap names: a city (the map) or a sale card's number (the cards).
Target = TypeVar("Target", str, int)


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
    session = concordia_session(request, club_slug, session_id)
    if (response := board_only(session)) is not None:
        return response
    template = page.template + (f"#{page.partial}" if request.htmx else "")
    seats = selectors.session_seats(session)
    if request.method == "GET":
        selected = selected_seat(request.GET.get("seat"), seats)
        return render(
            request,
            template,
            page.context(BoardState.load(session), selected, None, []),
        )

    form = page.form_class(request.POST, seats=seats)
    selected = selected_seat(request.POST.get("seat"), seats)
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
        # Gavdos has no marker of its own: no bonus to show.
        bonus = None if province.chosen_bonus else province_bonus(province, goods)
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
                    good_label=str(good_label(good)) if good else "",
                    owners=owners,
                    selected_has_house=city.name in houses[selected.seat_order],
                    errors=errors if city.name == error_city else [],
                )
            )
        provinces.append(
            ProvinceRows(
                name=province_label(province.name),
                letter=province.letter.value,
                bonus=str(good_label(bonus)) if bonus else "",
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
        # The game's goods (salt with its module), as the map colours them.
        "legend_goods": [(good.value, good_label(good)) for good in state.rules.goods],
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
        return str(god_label(card.god))
    if card.specialist is not None:
        return str(category_label("minerva"))
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
    # The game's cards: a module's (Venus' double-role cards) with it.
    for card in state.rules.sale_cards_in_play(len(state.seats)):
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
        # The card a tap named, when it is one of the page: its tap sends back
        # that card alone (session_cards.html#cards-tap).
        "tapped": error_card if known else None,
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
    fragment="cards-tap",
)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def session_cards(
    request: AuthedHtmxRequest, club_slug: str, session_id: int
) -> HttpResponse:
    """The cards each player bought, by name; gods and specialists follow."""
    return _tap_page(request, club_slug, session_id, _CARDS)
