"""Scripted refills against the pages, which place an only possible card themselves.

A scripted game (the engine's random player) names every card that refilled the
display. The assistant's pages place a card nobody needs to tap (the only card
that could come, `moves.forced_refill`) with the move that emptied the place,
so a script sends only the cards the pages did not place already.
"""

from __future__ import annotations

from collections.abc import Sequence

from assistant.models import AssistantGame


class Refills:
    """The cards the pages placed by themselves, not yet met in the script."""

    def __init__(self) -> None:
        self.ahead: list[str] = []

    def placed(self, game: AssistantGame, sent: Sequence[str] = ()) -> None:
        """Note what the game's latest event placed beyond the cards ``sent``."""
        event = game.events.order_by("-seq").first()
        if event is None:
            return
        document = event.document
        named = document.get("reveal" if document["type"] == "play" else "cards", [])
        self.ahead += list(named)[len(sent) :]

    def to_send(self, cards: Sequence[str]) -> list[str]:
        """Return the cards of the script's refill the pages have not placed."""
        left = list(cards)
        while left and self.ahead and left[0] == self.ahead[0]:
            left.pop(0)
            self.ahead.pop(0)
        return left
