"""Concordia, as the table assistant plays it: the implementation of `GameAssistant`.

A thin table of contents: the rules are `play` (through `adapter`), the
setup `setup`, what the pages show `presenters`, a move `moves` and `forms`,
the pages `views` and `templates/assistant/concordia/`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from django.urls import URLPattern
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from assistant.concordia import adapter, forms, moves, presenters, setup, summary
from assistant.concordia.adapter import State
from assistant.concordia.labels import TRACKING_LABELS, card_label
from assistant.concordia.setup import rules_of
from assistant.interface import (
    GameAssistant,
    GamePage,
    WizardStep,
)
from games.models import Colour, ConcordiaMap, Game
from games.vocabulary import module_label
from scoring.catalog import MAX_PLAYERS, MIN_PLAYERS

_STEPS: Final = "assistant/concordia/wizard"


def _map_step() -> WizardStep:
    return WizardStep(
        name="map",
        template=f"{_STEPS}/map.html",
        form=lambda data, choices: forms.SetupMapForm(
            data, initial={"map": choices["map"]}
        ),
        apply=lambda choices, cleaned: {**choices, "map": cleaned["map"]},
        taps_submit=True,
    )


def _tracking_step() -> WizardStep:
    return WizardStep(
        name="tracking",
        template=f"{_STEPS}/tracking.html",
        form=lambda data, choices: forms.SetupTrackingForm(
            data, initial={"tracking": choices["tracking"]}
        ),
        apply=lambda choices, cleaned: {**choices, "tracking": cleaned["tracking"]},
        taps_submit=True,
    )


def _modules(choices: Mapping[str, object]) -> list[str]:
    raw = choices.get("expansions")
    return [str(module) for module in raw] if isinstance(raw, list) else []


def _modules_step() -> WizardStep:
    return WizardStep(
        name="modules",
        template=f"{_STEPS}/modules.html",
        form=lambda data, choices: forms.SetupModulesForm(
            data,
            initial={
                "venus": "on" if "venus" in _modules(choices) else "off",
                "display_side": choices.get("display_side") or setup.CLOTH_SIDE,
            },
        ),
        apply=lambda choices, cleaned: {
            **choices,
            # The last screen's modules (salt, forum) are kept.
            "expansions": [
                m
                for m in setup.MODULES
                if (m == "venus" and cleaned["venus"])
                or (m != "venus" and m in _modules(choices))
            ],
            "display_side": cleaned["display_side"]
            if cleaned["venus"]
            else setup.CLOTH_SIDE,
        },
    )


def _scoring_step() -> WizardStep:
    return WizardStep(
        name="scoring",
        template=f"{_STEPS}/scoring.html",
        form=lambda data, choices: forms.SetupScoringForm(
            data,
            initial={
                "intermediate_scoring": "on"
                if choices["intermediate_scoring"]
                else "off",
                "expansions": choices.get("expansions", []),
            },
        ),
        # The last screen also asks for the expansion modules (none: the base game).
        apply=lambda choices, cleaned: {
            **choices,
            "intermediate_scoring": cleaned["intermediate_scoring"],
            # Venus comes from the modules screen.
            "expansions": [
                m
                for m in setup.MODULES
                if m in cleaned["expansions"]
                or (m in setup.MODULES_SCREEN and m in _modules(choices))
            ],
        },
    )


class ConcordiaAssistant(GameAssistant[State]):
    """Concordia's answers to everything the shell asks (see `GameAssistant`)."""

    game = Game.CONCORDIA.value
    label = Game.CONCORDIA.label
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    colours = tuple(Colour.choices)
    colours_by_seat = False

    wizard_path = "new/"
    wizard_url_name = "game-create"
    wizard_steps = (_map_step(), _modules_step(), _tracking_step(), _scoring_step())
    usual_setup_help = gettext_lazy(
        "The usual setup: colours in order, the first player starts, Imperium,"
        " light tracking, no intermediate scoring."
    )
    seating_help = gettext_lazy(
        "Play goes clockwise, in this order. Pick the start player: the player"
        " listed just before them plays last and gets the Praefectus Magnus."
    )

    turn_template = "assistant/concordia/turn.html"
    stylesheets: Sequence[str] = ()

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

    # Setup ---------------------------------------------------------------------
    @property
    def setup_page(self) -> GamePage:
        from assistant.concordia.views import game_setup

        return game_setup

    def summary(self, setup: Mapping[str, object]) -> tuple[str, ...]:
        return (
            str(dict(ConcordiaMap.choices).get(str(setup.get("map")), "")),
            *(str(module_label(str(m))) for m in setup.get("expansions") or ()),  # type: ignore[attr-defined]
            str(TRACKING_LABELS.get(str(setup.get("tracking")), "")),
        )

    # The end ---------------------------------------------------------------------
    def session_map(self, setup: Mapping[str, object]) -> str:
        return str(setup["map"])

    def session_expansions(self, setup: Mapping[str, object]) -> list[str]:
        return list(rules_of(setup).expansions)

    def finish_notice(self, setup: Mapping[str, object]) -> str:
        if setup.get("tracking") != adapter.Tracking.LIGHT.value:
            return ""
        # The sheet opens with a winner already: say what the table must still give.
        return _(
            "The assistant filled in the cards by god, the specialists, the"
            " Concordia card and the Praefectus Magnus. Still to count on the"
            " table, for each player: houses by the good of their city,"
            " provinces with a house, colonists on the board, sestertii and goods."
        )

    # Moves -----------------------------------------------------------------------
    def event_text(self, event: Mapping[str, object]) -> str:
        """One line naming an event (`interface.EventText`): "Ana · Mercator"."""
        kind = event.get("type")
        player = str(event.get("player", ""))
        if kind == "play":
            return _("%(player)s · %(card)s") % {
                "player": player,
                "card": card_label(str(event.get("card", ""))),
            }
        if kind == "reveal":
            cards = event.get("cards")
            names = (
                [card_label(str(c)) for c in cards] if isinstance(cards, list) else []
            )
            return _("Display refilled: %(cards)s") % {"cards": ", ".join(names)}
        if kind == "adjust":
            return _("%(player)s's table corrected") % {"player": player}
        return str(kind)

    # The turn page ---------------------------------------------------------------
    def turn_context(self, state: State, *, read_only: bool) -> dict[str, object]:
        return {
            "turn": presenters.turn_view(state),
            "standing": presenters.standing(state),
            "intermediate": presenters.intermediate_view(state),
            # Salsa's forum: its page is one tap from the turn.
            "forum": state.forum is not None,
        }

    def undoable(self, state: State) -> bool:
        return state.undoable

    @property
    def urls(self) -> Sequence[URLPattern]:
        from assistant.concordia.urls import urlpatterns

        return urlpatterns
