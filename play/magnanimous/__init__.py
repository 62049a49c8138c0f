"""The rules of play of Magnanimous: a game computed from its log. Pure Python, no Django.

A table session is an append-only game log (``docs/magnanimous-log.md``): the
setup, then one event per thing that happens at the table. `load_log` reads
the JSON document (every shape problem at once, each with its JSON path),
`replay` applies its events in order (`LogInvalid` at the first that breaks a
rule, with that event's path), `state_document` prints the contract's state,
`apply_event` adds one event cheaply (an ``undo`` gives exactly the state
before the event it withdraws), and `final_sheet` builds the score sheet that
`scoring.magnanimous` validates and scores.

The queries a page asks (all read a `State`, none decides for a player):

- `turn(state) -> Turn`: who acts and what the next event must be (``reveal``,
  ``vote``, ``auction``, ``take``, ``govern`` when forced, ``offensive``,
  ``place``, ``end_round``, ``tiebreak``), the Governor, the seating order
  from the first player, the Minister prompt to answer first, the players
  who bid in an auction.
- `banner(state) -> Banner`: round, phase, the phase's checklist (`Step`
  texts are translatable English), whether the Emperor phase was skipped
  (round 1, or an empty Throne Room), and "proclaimed at the end of this
  round".
- `take_options(state) -> tuple[TakeOption, ...]` (full tracking): the dice
  the current player may take in the Production phase, each with the
  provinces it may go on, its cost and whether the player can pay it;
  `free_provinces(state, player)` (both trackings): where a die may still go.
- `place_options(state) -> tuple[PlaceOption, ...]`: the current player's
  dice that may go back in the Nobles phase, with their new value (+1,
  6 → 1) and (full) the free spaces and the actions each offers;
  `can_place_now(state, player)`.
- `purple_die(state) -> PurpleDie`: value, where it is (``paraguay`` or
  ``rio_card``), the power at the next offensives, the Rio de Janeiro
  card's effect for its value, each player's title money as Governor;
  `title_money(nobility)`.
- `nobility(state) -> tuple[NobilityRow, ...]`: positions, titles, the next
  crown, ministers, referendum cards, when each reached 20.
- `republic(state) -> RepublicTrack`: the marker, the highest open Commerce
  space, and whether the Republic will be proclaimed at the end of this round.
- `commerce_spaces(state, player=None) -> tuple[CommerceOption, ...]`: the
  open Commerce spaces with their good, réis, holder, tokens, room, and
  whether ``player`` may export there.
- `war_map(state) -> WarMap`: the occupied provinces (owner, round of the
  fall, whether they attack this round), the Imperial area, the uncontrolled
  colours, whether Rio fell.
- `plan_offensive(state, neighbours, sources=(), answers=())`: Paraguay's
  attacks in the rulebook's order with both war powers and each outcome
  (light tracking: ``falls=None`` where the table must say "held" or "fell,
  n tokens"); the table supplies only the map and the order choices the
  rules leave to players.
- `vote_sheet(state) -> VoteSheet | None` and `vote_outcome(state, votes_for,
  votes_against) -> VoteOutcome`: the referendum's three-step sheet with each
  player's limits, then approval (the table's A9 reading), the top
  contributor or the auction.
- `endings(state) -> EndingCheck`: what the end of the round decides, in the
  rulebook's order (Republic first), with the nobles' tie-break votes.
- `final_sheet(state) -> FinalSheet`: the score sheet; with light tracking
  ``missing`` lists the fields the players must read off the table.

Decisions where the contract and the rules digest are silent or disagree are
listed in ``docs/magnanimous-log.md`` ("Decisions").
"""

from __future__ import annotations

from play.errors import LogInvalid, errors_document
from play.magnanimous.document import log_document, state_document
from play.magnanimous.log import FORMAT, load_event, load_log
from play.magnanimous.queries import (
    Banner,
    CommerceOption,
    EndingCheck,
    NobilityRow,
    OccupiedProvince,
    PlaceOption,
    PlannedAttack,
    PurpleDie,
    RepublicTrack,
    Step,
    TakeOption,
    Turn,
    VoteOutcome,
    VoteRow,
    VoteSheet,
    WarMap,
    banner,
    can_place_now,
    commerce_spaces,
    endings,
    free_provinces,
    nobility,
    place_options,
    plan_offensive,
    purple_die,
    republic,
    take_options,
    title_money,
    turn,
    vote_outcome,
    vote_sheet,
    war_map,
)
from play.magnanimous.replay import (
    apply_event,
    initial_state,
    replay,
    replay_document,
)
from play.magnanimous.sheet import FinalSheet, final_sheet
from play.magnanimous.types import (
    Colour,
    Ending,
    Event,
    Expects,
    GameLog,
    Good,
    Improvement,
    Mode,
    NoblesAction,
    Party,
    Phase,
    PlayerState,
    Quadrant,
    Rulings,
    State,
    Status,
    Title,
    Tracking,
)

__all__ = [
    "FORMAT",
    "Banner",
    "Colour",
    "CommerceOption",
    "Ending",
    "EndingCheck",
    "Event",
    "Expects",
    "FinalSheet",
    "GameLog",
    "Good",
    "Improvement",
    "LogInvalid",
    "Mode",
    "NobilityRow",
    "NoblesAction",
    "OccupiedProvince",
    "Party",
    "Phase",
    "PlaceOption",
    "PlannedAttack",
    "PlayerState",
    "PurpleDie",
    "Quadrant",
    "RepublicTrack",
    "Rulings",
    "State",
    "Status",
    "Step",
    "TakeOption",
    "Title",
    "Tracking",
    "Turn",
    "VoteOutcome",
    "VoteRow",
    "VoteSheet",
    "WarMap",
    "apply_event",
    "banner",
    "can_place_now",
    "commerce_spaces",
    "endings",
    "errors_document",
    "final_sheet",
    "free_provinces",
    "initial_state",
    "load_event",
    "load_log",
    "log_document",
    "nobility",
    "place_options",
    "plan_offensive",
    "purple_die",
    "replay",
    "replay_document",
    "republic",
    "state_document",
    "take_options",
    "title_money",
    "turn",
    "vote_outcome",
    "vote_sheet",
    "war_map",
]
