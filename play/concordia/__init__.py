"""Concordia's rules of play, on the shared core (`play.core`).

``docs/game-log.md`` is the contract. The modules: `data` (the cards and the
setup's numbers, from `scoring`'s data), `types` (the log and the state),
`log` (reading a log), `board` (a state opened for one event), `cards` (what
each role does), `replay` (events in order, undo and abandon through the
core), `queries` (what the table assistant asks), `sheet` (the final score
sheet), `document` (the state and the log written back), `messages`.

Extension points for the expansions (issue #23), each data plus at most one
small module:

- **A card with two roles** (Venus' Prefect/Architect…): a card of the data
  with ``"roles": ["Prefect", "Architect"]`` is a `data.Card` whose ``roles``
  has both; its play names the role it uses (``"role": "Architect"``) and is
  read, checked and carried out as that role (`log`, `cards.EFFECTS`).
- **New events** (the forum's cards taken and used): `log.EVENT_READERS` and
  `replay.EVENT_STEPS` are tables by event type; a module adds its readers
  and steps there.
- **Salt, a wildcard in payments**: a good of the data marked
  ``"wildcard": true`` (in ``goods.wildcard``) stands for any other good a
  player lacks when paying (`board.Purse.spend`), for the games whose
  ruleset has it.
- **Team seats**: a module whose data says ``"teams": true`` lets each player
  of the log carry a ``"team"`` (`types.Seat.team`); without it the field is
  refused as before.
"""

# Salsa's forum registers its setup reader and events (`forum`).
from __future__ import annotations

from play.concordia import forum as forum
