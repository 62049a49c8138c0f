"""Magnanimous' own assistant pages: a move, the offensives' helper, a die's
Nobles action, and the setup laid on the table. Each parses, calls one
service (`assistant.services.move_submit` through `move_answer`) and renders.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from assistant import selectors, services
from assistant.forms import new_key
from assistant.guests import phone_required
from assistant.interface import Move, RulesRefused
from assistant.magnanimous import adapter, presenters, setup
from assistant.magnanimous.adapter import GAME, State
from assistant.magnanimous.forms import SetupStartForm
from assistant.magnanimous.labels import COLOUR_LABELS, province_label
from assistant.magnanimous.moves import (
    ALL_PROVINCES,
    COLOURS,
    attack_read,
    attack_text,
)
from assistant.magnanimous.presenters import (
    CORRECTION_KINDS,
    correction_errors,
    correction_groups,
)
from assistant.models import AssistantGame
from assistant.views.base import (
    game_of,
    game_urls,
    move_answer,
    problem_texts,
    render_turn,
    turn_context,
)
from concordia_site.http import AuthedHtmxRequest


@require_POST
@phone_required
@vary_on_headers("HX-Request")
def game_move(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    """Record one move of the turn panel: its ``move`` names the event's type."""
    game = game_of(request, club_slug, game_id, game=GAME)
    action = request.POST.get("move", "")
    return move_answer(request, game, Move.from_form(action, request.POST))


@require_GET
@phone_required
@vary_on_headers("HX-Request")
def game_place(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """The Nobles action of one die (``?from=`` its province): the actions, then the move."""
    game = game_of(request, club_slug, game_id, game=GAME)
    state = selectors.game_state(game)
    chosen = request.GET.get("from", "")
    options = {view.province: view for view in presenters.place_choices(state)}
    if chosen not in options:
        return render_turn(request, game) if request.htmx else redirect(game)
    context = turn_context(game, state) | {
        "helper_open": True,
        "die": options[chosen],
        "actions": presenters.action_choices(),
        "occupied": presenters.occupied_choices(state),
        "commerce": presenters.commerce_choices(state),
        "die_value": state.paraguay_die,
        "governor": adapter.turn(state).governor == state.current_player,
        "full": state.full,
        "spaces": presenters.free_spaces(state, chosen) if state.full else [],
        "joiners": presenters.joiner_choices(state) if state.full else [],
        "own_provinces": presenters.own_provinces(state),
        "provinces": presenters.every_province(),
    }
    template = "assistant/magnanimous/game_place.html"
    return render(request, template + ("#turn-panel" if request.htmx else ""), context)


@require_GET
@phone_required
@vary_on_headers("HX-Request")
def game_take(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    """Full tracking: one die of the Action area (``?where=quadrant:space``), its province and options."""
    game = game_of(request, club_slug, game_id, game=GAME)
    state = selectors.game_state(game)
    dice = {die.where: die for die in presenters.take_dice(state)}
    chosen = request.GET.get("where", "")
    if chosen not in dice:
        return render_turn(request, game) if request.htmx else redirect(game)
    context = turn_context(game, state) | {
        "helper_open": True,
        "die": dice[chosen],
        "display": presenters.display_tiles(state),
        "own_provinces": presenters.own_provinces(state),
        "joiners": presenters.joiner_choices(state),
    }
    template = "assistant/magnanimous/game_take.html"
    return render(request, template + ("#turn-panel" if request.htmx else ""), context)


def _attacks(query: QueryDict) -> list[adapter.Attack]:
    return [a for text in query.getlist("attack") if (a := attack_read(text))]


def _offensive_context(
    state: State, attacks: list[adapter.Attack]
) -> dict[str, object]:
    """The attacks declared so far, replanned by the engine in the rulebook's order."""
    neighbours: dict[str, list[str]] = {}
    for attack in attacks:
        neighbours.setdefault(attack.source, []).append(attack.target)
    sources = [a.source for a in attacks if a.source != "paraguay"]
    answers = [a for a in attacks if _asks(state, a.target)]
    plan = adapter.plan_offensive(state, neighbours, sources, answers)
    rows = [
        {
            "source": province_label(step.source),
            "target": province_label(step.target),
            "power": step.power,
            "defence": step.defence,
            "falls": step.falls,
            "lost": step.lost,
            "text": attack_text(
                adapter.Attack(
                    source=step.source,
                    target=step.target,
                    fell=bool(step.falls),
                    lost=step.lost
                    if step.falls and _asks(state, step.target)
                    else None,
                )
            ),
        }
        for step in plan
        if step.falls is not None
    ]
    occupied = set(state.occupied)
    stopped = {step.source for step in plan if step.falls}
    eligible = [
        o.province
        for o in adapter.war_map(state).occupied
        if o.attacks_this_round and o.province not in stopped
    ]
    sources_left = [
        presenters.Choice(s, province_label(s))
        for s in ["paraguay", *eligible]
        if s not in stopped
    ]
    targets = [
        presenters.Choice(p, province_label(p))
        for p in ALL_PROVINCES
        if p not in occupied
    ]
    power = plan[-1].power if plan else state.paraguay_die
    if plan and plan[-1].falls and plan[-1].lost:
        power = max(power - plan[-1].lost, 1)
    return {
        "helper_open": True,
        "rows": rows,
        "sources": sources_left,
        "targets": targets,
        "power": power,
        "imperial": state.imperial,
        "uncontrolled": [
            str(COLOUR_LABELS[c]) for c in adapter.war_map(state).uncontrolled
        ],
    }


def _asks(state: State, target: str) -> bool:
    """Whether the table says the outcome (a player's province, light tracking)."""
    if state.full or target == "rio":
        return False
    colour = target.partition(":")[0]
    return any(player.colour.value == colour for player in state.players)


@require_http_methods(["GET", "POST"])
@phone_required
@vary_on_headers("HX-Request")
def game_offensive(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Paraguay's offensives, attack by attack: the table names each target and, for a
    player's province, whether it held or fell; the app gives the war powers, the
    order and the outcome it can know, then records the whole phase."""
    game = game_of(request, club_slug, game_id, game=GAME)
    state = selectors.game_state(game)
    if state.expects is not adapter.Expects.OFFENSIVE:
        return render_turn(request, game) if request.htmx else redirect(game)
    query = request.POST if request.method == "POST" else request.GET
    attacks = _attacks(query)
    problems: list[str] = []
    if request.method == "POST" and query.get("go") == "record":
        context = _offensive_context(state, attacks)
        rows = context["rows"]
        assert isinstance(rows, list)
        data = QueryDict(mutable=True)
        data.update({"seq": query.get("seq", ""), "key": query.get("key", "")})
        data.setlist("attack", [str(row["text"]) for row in rows])
        move = Move.from_form("offensive", data)
        return move_answer(
            request,
            game,
            move,
            refused=lambda texts: _offensive_page(request, game, state, attacks, texts),
        )
    if request.method == "POST":
        source, target = query.get("source", ""), query.get("target", "")
        result = query.get("result", "held")
        lost = query.get("lost", "").strip()
        text = "|".join((source, target, result, lost if result == "fell" else ""))
        attack = attack_read(text)
        if attack is not None:
            attacks.append(attack)
    return _offensive_page(request, game, state, attacks, problems)


def _offensive_page(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    state: State,
    attacks: list[adapter.Attack],
    problems: list[str],
) -> HttpResponse:
    context = (
        turn_context(game, state)
        | _offensive_context(state, attacks)
        | {"problems": problems, "declared": [attack_text(a) for a in attacks]}
    )
    template = "assistant/magnanimous/game_offensive.html"
    return render(request, template + ("#turn-panel" if request.htmx else ""), context)


@require_http_methods(["GET", "POST"])
@login_required
def game_setup_start(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Full tracking, before the first move: the tiles drawn, each Baron and its resources."""
    game = game_of(request, club_slug, game_id, game=GAME)
    if game.setup.get("tracking") != "full" or game.head_seq:
        return redirect(game_urls(game)["setup"])
    form = SetupStartForm(
        request.POST if request.method == "POST" else None,
        seats=game.players,
        setup=game.setup,
    )
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            services.game_setup_update(game=game, setup=form.setup(game.setup))
        except ValidationError as error:
            problems = list(error.messages)
        except RulesRefused as error:
            problems = problem_texts(error)
        else:
            return redirect(game_urls(game)["setup"])
    return render(
        request,
        "assistant/magnanimous/game_setup_start.html",
        {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "form": form,
            "problems": problems,
        },
    )


def game_setup(request: AuthedHtmxRequest, game: AssistantGame) -> HttpResponse:
    """What the rules require on the table before the first turn (the shell's setup page)."""
    count = len(game.players)
    uncontrolled = [str(COLOUR_LABELS[colour]) for colour in COLOURS[count:]]
    return render(
        request,
        "assistant/magnanimous/game_setup.html",
        {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "seats": game.players,
            "governor": game.players[0]["name"],
            "uncontrolled": uncontrolled,
            "rulings": setup.rulings_read(game.setup),
            "full": game.setup.get("tracking") == "full",
            "entered": _entered(game),
        },
    )


def _entered(game: AssistantGame) -> list[dict[str, object]]:
    """Full tracking: each seat's Baron and starting resources as entered so far."""
    seats = game.setup.get("seats")
    entered = list(seats) if isinstance(seats, list) else []
    rows = []
    for index, player in enumerate(game.players):
        seat = entered[index] if index < len(entered) else {}
        rows.append({"name": player["name"], "baron": seat.get("baron", "")})
    return rows


CORRECTION_TITLES = {
    "goods": _lazy("Correct the goods"),
    "troops": _lazy("Correct the troops"),
    "dice": _lazy("Correct the dice"),
    "commerce": _lazy("Correct the Commerce track"),
}


@require_http_methods(["GET", "POST"])
@phone_required
@vary_on_headers("HX-Request")
def game_correct(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Full tracking: one kind (``?kind=``) of the table as it lies (the table is the truth)."""
    kind = request.GET.get("kind", "")
    if kind not in CORRECTION_KINDS:
        raise Http404
    game = game_of(request, club_slug, game_id, game=GAME)
    if game.closed:
        # A saved game is changed on its score sheet, never from the assistant.
        messages.error(request, services.GameClosed().messages[0])
        return redirect(game)
    state = selectors.game_state(game)
    if not state.full:
        return redirect(game)

    typed = request.POST.dict() if request.method == "POST" else {}
    groups = correction_groups(state, kind, typed)

    def page(problems: list[str]) -> HttpResponse:
        context = {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "action": f"{game_urls(game)['magnanimous_correct']}?kind={kind}",
            "key": new_key(),
            "kind": kind,
            "title": CORRECTION_TITLES[kind],
            "groups": groups,
            "problems": problems,
        }
        template = "assistant/magnanimous/game_correct.html"
        partial = "#correct-panel" if request.htmx else ""
        return render(request, template + partial, context)

    def recorded(_notice: str) -> HttpResponse:
        messages.success(request, _("The table is recorded as it lies."))
        if request.htmx:
            return HttpResponseClientRedirect(game_urls(game)["turn"])
        return redirect(game)

    if request.method == "POST" and not correction_errors(groups):
        move = Move.from_form(f"correct_{kind}", request.POST)
        return move_answer(
            request, game, move, refused=page, failed=page, recorded=recorded
        )
    return page([])
