"""The final score sheet (``docs/score-sheet.md``, Magnanimous) built from a replayed game.

With full tracking every field comes from the log. With light tracking the
Commerce track, troops and réis were not tracked: the sheet leaves them out
and `FinalSheet.missing` lists their JSON paths, for the players to read off
the table (as Concordia's `play.sheet.final_sheet` does).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from play.magnanimous.types import NOBILITY_TOP, Ending, State

UNTRACKED_IN_LIGHT: Final = ("commerce_spaces", "commerce_tokens", "troops", "reis")


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalSheet:
    """``document`` is a Magnanimous score-sheet document; ``missing`` the JSON paths it lacks."""

    document: dict[str, Any]
    missing: tuple[str, ...]


def final_sheet(state: State) -> FinalSheet:
    """Return the score sheet of ``state`` (meant for a finished game).

    Before the end it describes the table as it stands, with the ending the
    Republic would bring. The nobility tie-break's ``votes`` are given for
    every player on space 20 when two or more are there, and
    ``reached_20_first`` marks the earliest of those with the most votes,
    only when their votes tie.
    """
    ending = state.ending or Ending.REPUBLIC
    at_top = [
        seat
        for seat, player in enumerate(state.players)
        if player.nobility >= NOBILITY_TOP
    ]
    tie_break = ending is Ending.NOBILITY and len(at_top) > 1
    first: int | None = None
    if tie_break:
        votes = {seat: state.tiebreak_votes.get(seat, 0) for seat in at_top}
        best = max(votes.values())
        leaders = [seat for seat in at_top if votes[seat] == best]
        if len(leaders) > 1:
            first = state.winners[0] if state.winners else leaders[0]
    players: list[dict[str, Any]] = []
    missing: list[str] = []
    for seat, player in enumerate(state.players):
        entry: dict[str, Any] = {"name": player.name, "nobility": player.nobility}
        if state.full:
            owned = [space for space in state.commerce if space.owner == seat]
            entry["commerce_spaces"] = len(owned)
            entry["commerce_tokens"] = sum(space.tokens for space in owned)
        entry["referendums"] = player.referendums
        if state.full:
            entry["troops"] = sum(province.troops for province in player.provinces)
            entry["reis"] = player.reis
        else:
            missing.extend(f"players[{seat}].{name}" for name in UNTRACKED_IN_LIGHT)
        colour = player.colour.value + ":"
        entry["occupied_provinces"] = sum(
            1 for province in state.occupied if province.startswith(colour)
        )
        entry["governor"] = seat == state.governor
        if tie_break and seat in at_top:
            entry["votes"] = state.tiebreak_votes.get(seat, 0)
            if first == seat:
                entry["reached_20_first"] = True
        players.append(entry)
    document: dict[str, Any] = {
        "game": "magnanimous",
        "ending": ending.value,
        "players": players,
    }
    return FinalSheet(document=document, missing=tuple(missing))
