"""Magnanimous, as the table assistant plays it: the implementation of `GameAssistant`.

A thin table of contents: the rules are `play.magnanimous` (through
`adapter`), the setup `setup`, what the pages show `presenters`, a move
`moves`, the pages `views` and `templates/assistant/magnanimous/`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.urls import URLPattern
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from assistant.interface import (
    GameAssistant,
    GamePage,
    WizardStep,
)
from assistant.magnanimous import adapter, moves, presenters, setup, summary
from assistant.magnanimous.adapter import State
from assistant.magnanimous.forms import SetupRulingsForm, SetupTrackingForm
from assistant.magnanimous.labels import COLOUR_LABELS
from games.models import Game

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


class MagnanimousAssistant(GameAssistant[State]):
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

    # The modules that answer for the game, as `GameAssistant` names them
    # (here, above the method ``summary``, which would hide the module).
    choices_default = staticmethod(setup.choices_default)
    choices_read = staticmethod(setup.choices_read)
    setup_new = staticmethod(setup.setup_new)
    rules = adapter.rules
    log_document = staticmethod(adapter.log_document)
    move_event = staticmethod(moves.move_event)
    move_complete = staticmethod(moves.move_complete)
    sheet_prefill = staticmethod(presenters.prefilled_sheet)
    last_move = staticmethod(summary.last_move)
    undoable = staticmethod(adapter.undoable)
    # One line naming an event (`interface.EventText`): "Ana · Minister".
    event_text = staticmethod(summary.event_text)

    # Setup ---------------------------------------------------------------------
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

    # The end ---------------------------------------------------------------------
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

    @property
    def urls(self) -> Sequence[URLPattern]:
        from assistant.magnanimous.urls import urlpatterns

        return urlpatterns
