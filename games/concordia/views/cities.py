"""The city goods page: the good every city produces, set by hand or dealt."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from concordia_site.http import AuthedHtmxRequest
from games.concordia import adapters as board_adapters
from games.concordia import selectors as board_selectors
from games.concordia import services as board_services
from games.concordia.city_groups import LetterGroup, letter_groups
from games.concordia.drawing import map_drawing
from games.concordia.forms import (
    CityGoodsForm,
)
from games.concordia.presenters import (
    board_url,
    board_urls,
)
from games.concordia.views.base import board_only, concordia_session
from games.models import TableSession
from games.vocabulary import GOOD_LABELS, MAP_LABELS, good_label, problem_message
from scoring.maps import TokenLetter
from scoring.ruleset import Ruleset
from scoring.types import Good, Problem


def _letter_groups(
    rules: Ruleset, form: CityGoodsForm, problems: Sequence[Problem]
) -> list[LetterGroup]:
    spec = rules.map
    return letter_groups(
        spec,
        chosen={city.name: form.chosen(city) for city in spec.cities},
        html_names={
            city.name: form[form.field_name(city)].html_name for city in spec.cities
        },
        field_errors={
            city.name: [str(e) for e in form.errors.get(form.field_name(city), [])]
            for city in spec.cities
        },
        problems=problems,
        problem_text=problem_message,
        good_labels=GOOD_LABELS,
        pools=rules.token_pools,
    )


def _cities_context(
    session: TableSession,
    form: CityGoodsForm,
    problems: Sequence[Problem] = (),
    **extra: object,
) -> dict[str, object]:
    rules = board_selectors.session_rules(session)
    spec = rules.map
    shown = {
        city.name: Good(form.chosen(city))
        for city in spec.cities
        if form.chosen(city) in {good.value for good in rules.goods}
    }
    return {
        "club": session.club,
        "session": session,
        "form": form,
        "groups": _letter_groups(rules, form, problems),
        # The map as the table shows it: a tap on a city cycles its good
        # (static/js/board.js); without JavaScript it leads to the city's chips.
        "drawing": map_drawing(
            spec=spec, city_goods=shown, houses={}, styles={}, selected=-1
        ),
        "good_choices": [
            ("", "—"),
            *((g.value, str(good_label(g))) for g in rules.goods),
        ],
        "no_d": TokenLetter.D not in spec.letters,
        "map_title": MAP_LABELS[spec.name.value],
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
    session = concordia_session(request, club_slug, session_id)
    if (response := board_only(session)) is not None:
        return response
    rules = board_selectors.session_rules(session)
    spec = rules.map
    stored = board_adapters.city_goods(board_selectors.board_rows(session), rules)
    initial = {
        CityGoodsForm.field_name(c): stored[c.name].value
        for c in spec.cities
        if c.name in stored
    }
    template = "games/concordia/session_cities.html" + (
        "#cities-form" if request.htmx else ""
    )
    if request.method == "GET":
        form = CityGoodsForm(cities=spec.cities, goods=rules.goods, initial=initial)
        return render(request, template, _cities_context(session, form))

    if request.POST.get("action") == "draw":
        if stored and not request.POST.get("confirm"):
            form = CityGoodsForm(cities=spec.cities, goods=rules.goods, initial=initial)
            return render(
                request, template, _cities_context(session, form, confirm_draw=True)
            )
        board_services.session_city_goods_draw(
            session=session, rng=random.SystemRandom()
        )
        return _cities_saved(
            request, session, _("The city tokens were dealt at random.")
        )

    form = CityGoodsForm(request.POST, cities=spec.cities, goods=rules.goods)
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
    rules = board_selectors.session_rules(session)
    spec = rules.map
    stored = board_adapters.city_goods(board_selectors.board_rows(session), rules)
    form = CityGoodsForm(
        cities=spec.cities,
        goods=rules.goods,
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
