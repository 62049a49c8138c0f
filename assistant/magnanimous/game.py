"""Magnanimous, as the table assistant plays it: the implementation of `GameAssistant`.

A thin table of contents: the rules are `play.magnanimous` (through
`adapter`), the setup `setup`, what the pages show `presenters`, a move
`moves`, the pages `views` and `templates/assistant/magnanimous/`.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.contrib.auth.models import User
from django.urls import URLPattern
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from assistant.interface import (
    Completion,
    GamePage,
    ImportedLog,
    Move,
    Seat,
    WizardStep,
)
from assistant.magnanimous import adapter, moves, presenters, setup
from assistant.magnanimous.adapter import State
from assistant.magnanimous.forms import SetupRulingsForm, SetupTrackingForm
from assistant.magnanimous.labels import COLOUR_LABELS
from assistant.models import GameStatus
from clubs.models import Club
from games import services as games_services
from games.models import Game, TableSession
from scoring.magnanimous import MagnanimousSheet

_STEPS: Final = "assistant/magnanimous/wizard"


def _rulings_apply(
    choices: Mapping[str, object], cleaned: Mapping[str, Any]
) -> dict[str, object]:
    return {
        **choices,
        "rulings": {
            ruling.key: ruling.read(str(cleaned[ruling.key]))
            for ruling in setup.RULINGS
        },
    }


def _rulings_form(data: Any, choices: Mapping[str, object]) -> SetupRulingsForm:
    rulings = choices.get("rulings")
    return SetupRulingsForm(
        data, rulings=rulings if isinstance(rulings, Mapping) else None
    )


class MagnanimousAssistant:
    """Magnanimous' answers to everything the shell asks (see `GameAssistant`)."""

    game = Game.MAGNANIMOUS.value
    label = Game.MAGNANIMOUS.label
    min_players = 2
    max_players = 4
    colours = tuple((value, label) for value, label in COLOUR_LABELS.items())
    colours_by_seat = True

    wizard_path = "new/magnanimous/"
    wizard_url_name = "magnanimous-create"
    wizard_steps = (
        WizardStep(
            name="tracking",
            template=f"{_STEPS}/tracking.html",
            form=lambda data, choices: SetupTrackingForm(
                data, initial={"tracking": choices["tracking"]}
            ),
            apply=lambda choices, cleaned: {**choices, "tracking": cleaned["tracking"]},
            taps_submit=True,
        ),
        WizardStep(
            name="rulings",
            template=f"{_STEPS}/rulings.html",
            form=_rulings_form,
            apply=_rulings_apply,
        ),
    )
    usual_setup_help = gettext_lazy(
        "The usual setup: the first player starts as Governor, colours by seat"
        " (red, green, blue, yellow), light tracking, the rules' usual readings."
    )
    seating_help = gettext_lazy(
        "Play goes clockwise, in this order. Pick the first player: they hold the"
        " Rio de Janeiro card and play red; the next players green, blue and yellow."
    )

    turn_template = "assistant/magnanimous/turn.html"
    stylesheets: Sequence[str] = ("css/magnanimous-assistant.css",)

    # Setup ---------------------------------------------------------------------
    def choices_default(self) -> dict[str, object]:
        return setup.choices_default()

    def choices_read(self, raw: Mapping[str, object]) -> dict[str, object] | None:
        return setup.choices_read(raw)

    def setup_new(
        self,
        *,
        choices: Mapping[str, object],
        seats: Sequence[Seat],
        rng: random.Random,
    ) -> dict[str, object]:
        return setup.setup_new(choices=choices, seats=seats)

    def setup_check(
        self, *, players: Sequence[Mapping[str, object]], setup: Mapping[str, object]
    ) -> None:
        adapter.setup_check(
            adapter.log_document(players=players, setup=setup, events=[])
        )

    @property
    def setup_page(self) -> GamePage:
        from assistant.magnanimous.views import game_setup

        return game_setup

    def summary(self, setup: Mapping[str, object]) -> tuple[str, ...]:
        full = setup.get("tracking") == adapter.Tracking.FULL.value
        return (
            str(Game.MAGNANIMOUS.label),
            str(_("full tracking") if full else _("light tracking")),
        )

    # The log ---------------------------------------------------------------------
    def log_document(
        self,
        *,
        players: Sequence[Mapping[str, object]],
        setup: Mapping[str, object],
        events: Sequence[Mapping[str, object]],
    ) -> dict[str, object]:
        return adapter.log_document(players=players, setup=setup, events=events)

    def log_read(self, document: Mapping[str, object]) -> ImportedLog:
        state = adapter.replay(document)
        players, laid, events = adapter.log_parts(state)
        return ImportedLog(
            players=players, setup=laid, events=events, status=self.status(state)
        )

    def replay(self, document: Mapping[str, object]) -> State:
        return adapter.replay(document)

    def apply(self, state: State, event: Mapping[str, object]) -> State:
        return adapter.apply(state, event)

    def status(self, state: State) -> GameStatus:
        if state.status is adapter.Status.FINISHED:
            return GameStatus.FINISHED
        if state.status is adapter.Status.ABANDONED:
            return GameStatus.ABANDONED
        return GameStatus.PLAYING

    def state_document(self, state: State) -> dict[str, object]:
        return adapter.state_document(state)

    # The end ---------------------------------------------------------------------
    def sheet_prefill(self, state: State) -> MagnanimousSheet | None:
        return presenters.prefilled_sheet(state)

    def session_create(
        self,
        *,
        club: Club,
        created_by: User | None,
        players: Sequence[Mapping[str, object]],
        setup: Mapping[str, object],
        played_at: dt.datetime,
        idempotency_key: str,
    ) -> TableSession:
        return games_services.session_create(
            club=club,
            created_by=created_by,
            map_name="",
            played_at=played_at,
            seats=[
                games_services.SeatInput(
                    new_name=str(p["name"]), colour=str(p["colour"])
                )
                for p in players
            ],
            idempotency_key=idempotency_key,
            game=Game.MAGNANIMOUS,
        )

    def finish_notice(self, setup: Mapping[str, object]) -> str:
        if setup.get("tracking") == adapter.Tracking.FULL.value:
            return ""
        # Light tracking: the sheet opens with the tracks, the referendums, the
        # occupation and the Governor; the rest is counted on the table.
        return _(
            "The assistant filled in the Nobility track, the referendums won, the"
            " occupied provinces and the Governor. Still to count on the table,"
            " for each player: Commerce spaces and their tokens, troop tokens and"
            " réis."
        )

    # Moves -----------------------------------------------------------------------
    def move_event(self, state: State, move: Move) -> dict[str, object]:
        return moves.move_event(state, move)

    def move_complete(self, state: State, event: Mapping[str, object]) -> Completion:
        return moves.move_complete(state, event)

    # The turn page ---------------------------------------------------------------
    def turn_context(self, state: State, *, read_only: bool) -> dict[str, object]:
        return {
            "turn": presenters.turn_view(state),
            "take_choices": presenters.take_choices(state),
            "govern": presenters.govern_view(state),
            "place_choices": presenters.place_choices(state),
            "vote": presenters.vote_view(state),
            "minister": presenters.minister_view(state),
            "ending": presenters.ending_view(state),
            "table": presenters.correction_view(state),
            "full": state.full,
            "take_dice": presenters.take_dice(state) if state.full else [],
            "own_provinces": presenters.own_provinces(state) if state.full else [],
            "provinces": presenters.every_province(),
            "tiles": presenters.tile_choices(),
            "tiles_to_draw": range(presenters.tiles_to_draw(state)),
            "holdings": presenters.holdings(state),
            "morale": presenters.morale(state),
            "action_area": presenters.action_area(state),
            "commerce": presenters.commerce_track(state),
        }

    def current_player(self, state: State) -> str | None:
        return state.current_player

    def undoable(self, state: State) -> bool:
        return adapter.undoable(state)

    def last_move(self, state: State) -> str:
        # Not named yet (issue #25 item 2 is Concordia's so far): the shell
        # then shows its plain Undo.
        return ""

    @property
    def urls(self) -> Sequence[URLPattern]:
        from assistant.magnanimous.urls import urlpatterns

        return urlpatterns
