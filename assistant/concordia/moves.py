"""A Concordia move: the event a form asks for, and what the rules complete in it.

`move_event` reads the form of each action the pages post (a card played, the
cards that refilled the display, a correction); `move_complete` fills in what
only one way can fill (the display refilled by the one card that can come, the
only goods that can pay a surcharge's "any good") or asks the table the
question it must answer (which goods pay, when several can).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from django.utils.translation import gettext_noop, ngettext

from assistant.concordia import adapter, forms, presenters
from assistant.concordia.adapter import State
from assistant.concordia.labels import card_label
from assistant.interface import Completion, Move, RulesRefused
from scoring.types import Problem

GAME_OVER: Final = gettext_noop("The game is over.")
NO_CARD_DRAWN: Final = gettext_noop("Tap the card drawn for the empty place.")
NOTHING_TO_CORRECT: Final = gettext_noop(
    "Only full tracking follows money, goods and colonists: nothing to correct."
)
UNKNOWN_MOVE: Final = gettext_noop("This is not a move of the game.")
NO_PLAYER: Final = gettext_noop("Tap the player who takes the card.")


def _refused(template: str, path: str = "") -> RulesRefused:
    return RulesRefused([Problem(path=path, template=template)])


def _play(state: State, move: Move) -> dict[str, object]:
    player = state.current_player
    if player is None:
        raise _refused(GAME_OVER)
    return forms.play_document(
        data=move,
        player=player,
        card=move.get("card"),
        full=state.full,
        players=[p.name for p in state.players],
    )


def _reveal(state: State, move: Move) -> dict[str, object]:
    event = forms.reveal_document(move)
    _check_reveal(event)
    return event


def _check_reveal(event: Mapping[str, object]) -> None:
    # The engine would take a reveal of no card as an event that changes
    # nothing but the head (other phones would then conflict, and Undo
    # withdraw it): a refill names the card drawn.
    if event.get("type") == "reveal" and not event.get("cards"):
        raise _refused(NO_CARD_DRAWN, "cards")


def _adjust(state: State, move: Move) -> dict[str, object]:
    seat = forms.number_of(move.get("player"))
    if not state.full or seat is None or not 0 <= seat < len(state.players):
        raise _refused(NOTHING_TO_CORRECT, "player")
    return forms.adjust_document(move, state.players[seat].name)


def _seat_name(state: State, move: Move) -> str:
    seat = forms.number_of(move.get("player"))
    if seat is None or not 0 <= seat < len(state.players):
        raise _refused(NO_PLAYER, "player")
    return state.players[seat].name


def _forum(state: State, move: Move) -> dict[str, object]:
    """Salsa's forum: a card taken from the tableau, and the one laid in its place."""
    event: dict[str, object] = {
        "type": "forum",
        "player": _seat_name(state, move),
        "take": str(move.get("take") or ""),
    }
    refill = str(move.get("refill") or "")
    if refill:
        event["refill"] = refill
    return event


def _citizen(state: State, move: Move) -> dict[str, object]:
    """Salsa's forum: the current player uses a citizen (then discarded)."""
    player = state.current_player
    if player is None:
        raise _refused(GAME_OVER)
    event: dict[str, object] = {
        "type": "citizen",
        "player": player,
        "card": str(move.get("card") or ""),
    }
    good = str(move.get("good") or "")
    if good:
        event["good"] = good
    return event


_ACTIONS: Final[Mapping[str, Callable[[State, Move], dict[str, object]]]] = {
    "play": _play,
    "reveal": _reveal,
    "adjust": _adjust,
    "forum": _forum,
    "citizen": _citizen,
}


def move_event(state: State, move: Move) -> dict[str, object]:
    """The event ``move`` asks for; raises `RulesRefused` for a move no table makes."""
    if move.document is not None:
        event = dict(move.document)
        _check_reveal(event)
        return event
    action = _ACTIONS.get(move.action)
    if action is None:
        raise _refused(UNKNOWN_MOVE)
    return action(state, move)


def forced_refill(
    state: State, event: Mapping[str, object], field: str = "reveal"
) -> list[str]:
    """Return the cards that must refill the display after ``event``, in order.

    While only one card can come next (deck I has one card left after the
    deal, say), nobody needs to tap it: these go into the event's ``field``
    (``reveal`` of a purchase, ``cards`` of a reveal event). Empty when the
    event leaves no empty place, a choice, or is refused (the write says why).
    """
    named = [str(card) for card in event.get(field) or ()]  # type: ignore[attr-defined]
    forced: list[str] = []
    while True:
        trial = dict(event)
        if named or forced:
            trial[field] = [*named, *forced]
        after = adapter.rules.accepts(state, trial)
        if after is None:
            return []
        choices = presenters.reveal_choices(after)
        if len(choices) != 1:
            return forced
        forced.append(choices[0])


def refill_notice(forced: list[str]) -> str:
    """What the app placed in the display itself, in the reader's language."""
    if not forced:
        return ""
    return ngettext(
        "Only one card could refill the display: %(cards)s is in place.",
        "Only one card could come each time: %(cards)s refilled the display.",
        len(forced),
    ) % {"cards": ", ".join(card_label(card) for card in forced)}


def _paid(state: State, event: dict[str, object]) -> presenters.PayChoice | None:
    """Fill a Senator's "any good" when one way fits; return the choice when several do."""
    if "pay" not in event or event["pay"]:
        return None
    bought = [str(card) for card in event.get("buy") or ()]  # type: ignore[attr-defined]
    choice = presenters.pay_choice(state, bought)
    if choice is None or not choice.options:
        # Nothing to choose, or nothing fits: the engine says what is short.
        return None
    if len(choice.options) > 1:
        return choice
    only = choice.options[0]
    event["pay"] = {good: only.count(good) for good in dict.fromkeys(only)}
    return None


def _dropped(state: State, event: dict[str, object]) -> presenters.DropChoice | None:
    """Goods that do not fit a storehouse: filled in where one way fits; the
    question when the player must choose which goods stay on the table."""
    if event.get("type") != "play" or event.get("cash"):
        return None
    forced, question = presenters.drop_choices(state, event)
    if forced:
        named = event.get("drop")
        drop = dict(named) if isinstance(named, Mapping) else {}
        event["drop"] = {**drop, **forced}
    return question


_REFILLED: Final = {"play": "reveal", "reveal": "cards"}


def move_complete(state: State, event: Mapping[str, object]) -> Completion:
    """Complete ``event``: the "any good" paid, the display refilled where one way fits."""
    completed = dict(event)
    question = _paid(state, completed) if completed.get("type") == "play" else None
    if question is not None:
        return Completion(event=None, question=question)
    dropped = _dropped(state, completed)
    if dropped is not None:
        return Completion(event=None, question=dropped)
    field = _REFILLED.get(str(completed.get("type")))
    forced = forced_refill(state, completed, field) if field else []
    if forced:
        named = [str(card) for card in completed.get(field) or ()]  # type: ignore[attr-defined, arg-type]
        completed[field] = [*named, *forced]  # type: ignore[index]
    return Completion(event=completed, notice=refill_notice(forced))
