"""What the Magnanimous turn panel shows: the engine's queries, in the reader's words.

Each view is plain data for the templates: the round and phase banner with
its checklist, whose turn and what the table does now, the purple die and
the Rio de Janeiro card, the tracks, the war map, the vote sheet, the ending
the end of the round would bring. None decides a player's choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from assistant.magnanimous import adapter
from assistant.magnanimous.adapter import State
from assistant.magnanimous.labels import (
    ACTION_LABELS,
    COLOUR_LABELS,
    ENDING_LABELS,
    GOOD_LABELS,
    IMPROVEMENT_LABELS,
    KEEP_LABELS,
    PARTY_LABELS,
    PHASE_LABELS,
    QUADRANT_LABELS,
    RIO_EFFECT_LABELS,
    TITLE_LABELS,
    province_label,
)
from assistant.magnanimous.moves import (
    ALL_PROVINCES,
    GOODS,
    NOT_A_NUMBER,
    province_field,
)
from scoring.magnanimous import MagnanimousBoard, MagnanimousSheet
from scoring.magnanimous import MagnanimousEnding as SheetEnding


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    name: str
    colour: str
    colour_label: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NobleView:
    name: str
    colour: str
    nobility: int
    title: str
    next_crown: int | None
    ministers: str
    referendums: int
    hand: int
    governor: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnView:
    status: str
    round: int
    phase: str
    phase_label: str
    steps: list[tuple[str, bool]]
    emperor_skipped: bool
    proclaimed: str
    expects: str | None
    current: SeatView | None
    governor: str
    order: list[str]
    minister: tuple[str, int] | None
    auction: list[str]
    die_value: int
    die_on_card: bool
    die_offensive: int
    rio_effect: str
    rio_effect_label: str
    republic: int
    commerce_open: list[str]
    imperial: int
    occupied: list[tuple[str, str, bool]]
    uncontrolled: list[str]
    nobles: list[NobleView]
    ending: str
    winners: list[str]
    seats: list[SeatView] = field(default_factory=list)


def _seat(state: State, name: str | None) -> SeatView | None:
    for player in state.players:
        if player.name == name:
            colour = player.colour.value
            return SeatView(
                name=player.name,
                colour=colour,
                colour_label=str(COLOUR_LABELS.get(colour, colour)),
            )
    return None


def turn_view(state: State) -> TurnView:
    """The turn panel's facts, translated."""
    turn = adapter.turn(state)
    banner = adapter.banner(state)
    die = adapter.purple_die(state)
    track = adapter.republic(state)
    war = adapter.war_map(state)
    spaces = adapter.commerce_spaces(state)
    nobles = [
        NobleView(
            name=row.name,
            colour=player.colour.value,
            nobility=row.nobility,
            title=str(TITLE_LABELS[row.title.value]),
            next_crown=row.next_crown,
            ministers=", ".join(
                f"{PARTY_LABELS[party.value]} {votes}"
                for party, votes in sorted(row.ministers.items())
            ),
            referendums=row.referendums,
            hand=player.hand,
            governor=row.name == turn.governor,
        )
        for row, player in zip(adapter.nobility(state), state.players, strict=True)
    ]
    ending = ""
    if state.ending is not None:
        ending = str(ENDING_LABELS[state.ending.value])
    return TurnView(
        status=state.status.value,
        round=banner.round,
        phase=banner.phase.value,
        phase_label=str(PHASE_LABELS[banner.phase.value]),
        steps=[(_(step.text), step.done) for step in banner.steps],
        emperor_skipped=banner.emperor_skipped,
        proclaimed=_(banner.warning) if banner.warning else "",
        expects=None if turn.expects is None else turn.expects.value,
        current=_seat(state, turn.player),
        governor=turn.governor,
        order=list(turn.order),
        minister=turn.minister,
        auction=list(turn.auction),
        die_value=die.value,
        die_on_card=die.on == "rio_card",
        die_offensive=die.offensive_value,
        rio_effect=die.rio_effect,
        rio_effect_label=str(RIO_EFFECT_LABELS[die.rio_effect]),
        republic=track.position,
        commerce_open=[
            _("%(space)d: %(good)s")
            % {"space": space.space, "good": GOOD_LABELS[space.good.value]}
            for space in spaces
        ],
        imperial=war.imperial_area,
        occupied=[
            (
                province_label(o.province),
                o.owner or "",
                o.attacks_this_round,
            )
            for o in war.occupied
        ],
        uncontrolled=[str(COLOUR_LABELS.get(c, c)) for c in war.uncontrolled],
        nobles=nobles,
        ending=ending,
        winners=[state.players[seat].name for seat in state.winners],
        seats=[s for p in state.players if (s := _seat(state, p.name)) is not None],
    )


# ---------------------------------------------------------------------------
# What the table does now: the choices of each form.


@dataclass(frozen=True, slots=True, kw_only=True)
class GovernView:
    """Taking the Rio de Janeiro card now: its effect and the choice it asks."""

    effect: str
    effect_label: str
    money: int
    choices: list[Choice]
    optional: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceView:
    province: str
    label: str
    new_value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteRowView:
    index: int
    name: str
    may_vote: bool
    ministers_for: int | None
    ministers_against: int | None
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteView:
    card: str
    party: str
    party_label: str
    other_label: str
    republic: int
    nobility: int
    min_title: str
    tie_approves: bool
    rows: list[VoteRowView]


@dataclass(frozen=True, slots=True, kw_only=True)
class TiebreakRow:
    index: int
    name: str
    fixed: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EndingView:
    kind: str
    label: str
    winners: list[str]
    tiebreak: list[TiebreakRow]


@dataclass(frozen=True, slots=True, kw_only=True)
class MinisterView:
    player: str
    space: int
    keeps: list[Choice]


def take_choices(state: State) -> list[Choice]:
    """The current player's free unoccupied provinces, where a die may go."""
    player = state.current_player
    if player is None or state.expects is not adapter.Expects.TAKE:
        return []
    return [
        Choice(province, province_label(province))
        for province in adapter.free_provinces(state, player)
    ]


def govern_view(state: State) -> GovernView | None:
    """The Governor's change, when the current player may (or must) take the card."""
    turn = adapter.turn(state)
    player = turn.player
    if player is None or turn.minister is not None:
        return None
    if turn.expects is adapter.Expects.TAKE:
        if state.governed or player == turn.governor:
            return None
    elif turn.expects is not adapter.Expects.GOVERN:
        return None
    die = adapter.purple_die(state)
    choices: list[Choice] = []
    if die.rio_effect == "track":
        choices = [
            Choice("nobility", _("Nobility +1")),
            Choice("republic", _("Republic +1")),
        ]
    elif die.rio_effect == "liberate":
        choices = [
            Choice(o.province, province_label(o.province))
            for o in adapter.war_map(state).occupied
        ]
    return GovernView(
        effect=die.rio_effect,
        effect_label=str(RIO_EFFECT_LABELS[die.rio_effect]),
        money=die.title_money.get(player, 0),
        choices=choices,
        optional=die.rio_effect == "liberate",
    )


def place_choices(state: State) -> list[PlaceView]:
    return [
        PlaceView(
            province=option.province,
            label=province_label(option.province),
            new_value=option.new_value,
        )
        for option in adapter.place_options(state)
    ]


def action_choices() -> list[Choice]:
    return [Choice(value, str(label)) for value, label in ACTION_LABELS.items()]


def occupied_choices(state: State) -> list[Choice]:
    return [
        Choice(o.province, province_label(o.province))
        for o in adapter.war_map(state).occupied
    ]


def commerce_choices(state: State) -> list[Choice]:
    return [
        Choice(
            str(space.space),
            _("%(space)d: %(good)s")
            % {"space": space.space, "good": GOOD_LABELS[space.good.value]},
        )
        for space in adapter.commerce_spaces(state)
    ]


def vote_view(state: State) -> VoteView | None:
    sheet = adapter.vote_sheet(state)
    if sheet is None or state.expects is not adapter.Expects.VOTE:
        return None
    return VoteView(
        card=sheet.card,
        party=sheet.party.value,
        party_label=str(PARTY_LABELS[sheet.party.value]),
        other_label=str(PARTY_LABELS[sheet.party.other.value]),
        republic=sheet.republic,
        nobility=sheet.nobility,
        min_title=""
        if sheet.min_title is None
        else str(TITLE_LABELS[sheet.min_title.value]),
        tie_approves=sheet.tie_approves,
        rows=[
            VoteRowView(
                index=index,
                name=row.name,
                may_vote=row.may_vote,
                ministers_for=row.ministers_for,
                ministers_against=row.ministers_against,
                cards=row.cards,
            )
            for index, row in enumerate(sheet.rows)
        ],
    )


def minister_view(state: State) -> MinisterView | None:
    due = adapter.turn(state).minister
    if due is None:
        return None
    keeps = [Choice("new", str(KEEP_LABELS["new"]))]
    player = next(p for p in state.players if p.name == due[0])
    if player.ministers:
        keeps.append(Choice("old", str(KEEP_LABELS["old"])))
    keeps.append(Choice("none", str(KEEP_LABELS["none"])))
    return MinisterView(player=due[0], space=due[1], keeps=keeps)


def ending_view(state: State) -> EndingView:
    """What the end of this round decides, in the rulebook's order."""
    check = adapter.endings(state)
    names = [player.name for player in state.players]
    return EndingView(
        kind="" if check.kind is None else check.kind.value,
        label="" if check.kind is None else str(ENDING_LABELS[check.kind.value]),
        winners=list(check.winners),
        tiebreak=[
            TiebreakRow(index=names.index(name), name=name, fixed=votes)
            for name, votes in check.tiebreak.items()
        ],
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRow:
    """A player's tracked counts, as the correction form starts them."""

    index: int
    name: str
    nobility: int
    hand: int
    reis: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvinceTick:
    value: str
    label: str
    occupied: bool


def correction_view(state: State) -> dict[str, object]:
    """What the card-effect and correction forms start from: the table as the app sees it."""
    return {
        "rows": [
            TableRow(
                index=i, name=p.name, nobility=p.nobility, hand=p.hand, reis=p.reis
            )
            for i, p in enumerate(state.players)
        ],
        "provinces": [
            ProvinceTick(value=p, label=province_label(p), occupied=p in state.occupied)
            for p in ALL_PROVINCES
        ],
        "occupied": occupied_choices(state),
        "republic": state.republic,
        "die": state.paraguay_die,
        "imperial": state.imperial,
    }


# ---------------------------------------------------------------------------
# The end: the score sheet the assistant hands over.


def prefilled_sheet(state: State) -> MagnanimousSheet | None:
    """The sheet the final sheet page opens with: all light tracking knows, 0 for the rest."""
    if state.status is not adapter.Status.FINISHED:
        return None
    document = adapter.final_sheet(state).document
    boards = []
    for entry in document["players"]:
        boards.append(
            MagnanimousBoard(
                name=str(entry["name"]),
                nobility=int(entry["nobility"]),
                commerce_spaces=int(entry.get("commerce_spaces", 0)),
                commerce_tokens=int(entry.get("commerce_tokens", 0)),
                referendums=int(entry["referendums"]),
                troops=int(entry.get("troops", 0)),
                reis=int(entry.get("reis", 0)),
                occupied_provinces=int(entry["occupied_provinces"]),
                governor=bool(entry["governor"]),
                votes=entry.get("votes"),
                reached_20_first=bool(entry.get("reached_20_first", False)),
            )
        )
    return MagnanimousSheet(
        ending=SheetEnding(document["ending"]), players=tuple(boards)
    )


# ---------------------------------------------------------------------------
# Full tracking: the dice of the Action area and their spaces.


@dataclass(frozen=True, slots=True, kw_only=True)
class DieView:
    """A die the current player may take (full tracking), as its link shows it."""

    where: str
    quadrant: str
    label: str
    value: int
    cost: int
    affordable: bool
    provinces: list[Choice]


def _quadrant_label(quadrant: str) -> str:
    return str(QUADRANT_LABELS[quadrant])


def take_dice(state: State) -> list[DieView]:
    """Full tracking: the dice the current player may take, in Action-area order."""
    return [
        DieView(
            where=f"{option.quadrant.value}:{option.space}",
            quadrant=option.quadrant.value,
            label=_quadrant_label(option.quadrant.value),
            value=option.value,
            cost=option.cost,
            affordable=option.affordable,
            provinces=[Choice(p, province_label(p)) for p in option.provinces],
        )
        for option in adapter.take_options(state)
    ]


def free_spaces(state: State, province: str) -> list[Choice]:
    """Full tracking: the free spaces a die from ``province`` may go to, with their actions."""
    for option in adapter.place_options(state):
        if option.province != province:
            continue
        return [
            Choice(
                f"{quadrant.value}:{space}",
                _("%(quadrant)s, space %(space)d: %(actions)s")
                % {
                    "quadrant": _quadrant_label(quadrant.value),
                    "space": space + 1,
                    "actions": ", ".join(
                        str(ACTION_LABELS[a.value])
                        for a in actions
                        if a.value != "none"
                    ),
                },
            )
            for quadrant, space, actions in option.spaces
        ]
    return []


def own_provinces(state: State) -> list[Choice]:
    """The current player's unoccupied provinces (and port), for the full forms."""
    if state.seat is None:
        return []
    player = state.players[state.seat]
    names = [p.name for p in player.provinces if not p.occupied]
    names.append(f"{player.colour.value}:port")
    return [Choice(name, province_label(name)) for name in names]


def every_province() -> list[Choice]:
    return [Choice(p, province_label(p)) for p in ALL_PROVINCES]


def display_tiles(state: State) -> list[Choice]:
    return [Choice(t.value, str(IMPROVEMENT_LABELS[t.value])) for t in state.display]


def tile_choices() -> list[Choice]:
    return [Choice(t, str(label)) for t, label in IMPROVEMENT_LABELS.items()]


def tiles_to_draw(state: State) -> int:
    return min(4, state.tile_pile) if state.full else 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvinceRow:
    label: str
    goods: int
    in_transit: int
    troops: int
    improvement: str
    die: int | None
    occupied: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldingsView:
    """Full tracking: what a player holds, as the app counts it."""

    name: str
    colour: str
    reis: int
    deputies: str
    ships_port: int
    ships_rio: int
    train: str
    provinces: list[ProvinceRow]


def holdings(state: State) -> list[HoldingsView]:
    """Full tracking: each player's réis, deputies, ships, train and provinces."""
    if not state.full:
        return []
    return [
        HoldingsView(
            name=player.name,
            colour=player.colour.value,
            reis=player.reis,
            deputies=", ".join(
                f"{PARTY_LABELS[party.value]} {count}"
                for party, count in sorted(player.deputies.items())
            ),
            ships_port=player.ships_port,
            ships_rio=player.ships_rio,
            train=""
            if player.train is None
            else _("on %(place)s, carrying from %(province)s")
            % {
                "place": province_label(player.train.at),
                "province": province_label(player.train.carrying),
            },
            provinces=[
                ProvinceRow(
                    label=province_label(p.name),
                    goods=p.goods,
                    in_transit=p.in_transit,
                    troops=p.troops,
                    improvement=""
                    if p.improvement is None
                    else str(IMPROVEMENT_LABELS[p.improvement.value]),
                    die=p.die,
                    occupied=p.occupied,
                )
                for p in player.provinces
            ],
        )
        for player in state.players
    ]


def action_area(state: State) -> list[tuple[str, str, str]]:
    """Full tracking: each quadrant's two spaces (the die's value, or — when free)."""
    if not state.full:
        return []
    return [
        (
            _quadrant_label(quadrant),
            "—" if state.dice[2 * index] is None else str(state.dice[2 * index]),
            "—"
            if state.dice[2 * index + 1] is None
            else str(state.dice[2 * index + 1]),
        )
        for index, quadrant in enumerate(QUADRANT_LABELS)
    ]


def commerce_track(state: State) -> list[str]:
    """Full tracking: the Commerce spaces held, by whom and with how many tokens."""
    names = [player.name for player in state.players]
    return [
        _("%(space)d (%(good)s): %(name)s, %(tokens)d")
        % {
            "space": space.space,
            "good": GOOD_LABELS[space.good.value],
            "name": names[space.owner],
            "tokens": space.tokens,
        }
        for space in state.commerce
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class JoinerView:
    seat: int
    name: str
    provinces: list[Choice]

    @property
    def prefix(self) -> str:
        """Where the joiner's own fields are named on the page (``join_1_move_from``)."""
        return f"join_{self.seat}_"


def joiner_choices(state: State) -> list[JoinerView]:
    """Full tracking: who may join a Precise or sold action, from the actor's left."""
    if state.seat is None:
        return []
    count = len(state.players)
    rows = []
    for step in range(1, count):
        seat = (state.seat + step) % count
        player = state.players[seat]
        rows.append(
            JoinerView(
                seat=seat,
                name=player.name,
                provinces=[
                    Choice(p.name, province_label(p.name))
                    for p in player.provinces
                    if not p.occupied
                ],
            )
        )
    return rows


def morale(state: State) -> list[str]:
    """The morale bonuses of this round, as the board shows them."""
    return [
        (
            _("%(province)s: +%(value)d in defence")
            if bonus.defence_only
            else _("%(province)s: +%(value)d")
        )
        % {"province": province_label(bonus.province), "value": bonus.value}
        for bonus in state.morale
    ]


# ---------------------------------------------------------------------------
# Full tracking's corrections: one page per kind, the table as the app sees it
# (or, after a refusal, as typed).


@dataclass(frozen=True, slots=True, kw_only=True)
class CountField:
    """One number of a correction form, drawn by ``games/_count_field.html``."""

    id: str
    label: str
    html_name: str
    value: str
    min: int
    max: int
    steps: bool = True
    skip: bool = False
    errors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionGroup:
    """A fieldset of a correction form: a player's provinces, a quadrant, a Commerce space."""

    id: str
    legend: str
    colour: str = ""
    fields: list[CountField]
    owner_name: str = ""
    owner: str = ""
    owners: list[Choice] = field(default_factory=list)


CORRECTION_KINDS: tuple[str, ...] = ("goods", "troops", "dice", "commerce")


def _count(
    name: str,
    label: str,
    value: object,
    typed: Mapping[str, str],
    top: int,
    *,
    blank: bool = False,
) -> CountField:
    """A correction's number, with its error beside it when ``typed`` is not one.

    ``blank``: an empty field means 0 (a free die space, an empty Commerce
    space), as the move reads it.
    """
    shown = typed[name] if name in typed else str(value)
    return CountField(
        id=f"fix-{name}",
        label=label,
        html_name=name,
        value=shown,
        min=0,
        max=top,
        errors=_number_errors(typed.get(name), blank=blank),
    )


def _number_errors(raw: str | None, *, blank: bool) -> tuple[str, ...]:
    """Why a typed count is not a whole number the move could read, or ()."""
    if raw is None or (blank and not raw.strip()):
        return ()
    try:
        int(raw.strip())
    except ValueError:
        return (_(NOT_A_NUMBER),)
    return ()


def correction_errors(groups: list[CorrectionGroup]) -> bool:
    """Whether a field of the correction holds something that is not a number."""
    return any(f.errors for group in groups for f in group.fields)


def correction_groups(
    state: State, kind: str, typed: Mapping[str, str]
) -> list[CorrectionGroup]:
    """The fieldsets of the ``kind`` correction, filled from ``typed`` where it has a value."""
    if kind in ("goods", "troops"):
        groups = []
        for seat, player in enumerate(state.players):
            fields: list[CountField] = []
            for province in player.provinces:
                label = province_label(province.name)
                if kind == "goods":
                    fields.append(
                        _count(
                            province_field("goods", seat, province.name),
                            _("%(province)s: goods") % {"province": label},
                            province.goods,
                            typed,
                            5,
                        )
                    )
                    fields.append(
                        _count(
                            province_field("transit", seat, province.name),
                            _("%(province)s: in transit") % {"province": label},
                            province.in_transit,
                            typed,
                            5,
                        )
                    )
                else:
                    fields.append(
                        _count(
                            province_field("troops", seat, province.name),
                            label,
                            province.troops,
                            typed,
                            5,
                        )
                    )
            groups.append(
                CorrectionGroup(
                    id=f"fix-seat-{seat}",
                    legend=player.name,
                    colour=player.colour.value,
                    fields=fields,
                )
            )
        return groups
    if kind == "dice":
        return [
            CorrectionGroup(
                id=f"fix-{quadrant}",
                legend=_quadrant_label(quadrant),
                fields=[
                    _count(
                        f"die_{quadrant}_{space}",
                        _("Space %(n)d") % {"n": space + 1},
                        state.dice[2 * index + space] or 0,
                        typed,
                        6,
                        blank=True,
                    )
                    for space in (0, 1)
                ],
            )
            for index, quadrant in enumerate(QUADRANT_LABELS)
        ]
    held = {space.space: space for space in state.commerce}
    names = [player.name for player in state.players]
    groups = []
    for number in range(state.republic + 1):
        space = held.get(number)
        owner_name = f"commerce_{number}_owner"
        owner = names[space.owner] if space is not None else ""
        groups.append(
            CorrectionGroup(
                id=f"fix-commerce-{number}",
                legend=_("%(space)d: %(good)s")
                % {"space": number, "good": GOOD_LABELS[GOODS[number % 4]]},
                fields=[
                    _count(
                        f"commerce_{number}_tokens",
                        _("Tokens"),
                        space.tokens if space is not None else 0,
                        typed,
                        5,
                        blank=True,
                    )
                ],
                owner_name=owner_name,
                owner=typed.get(owner_name, owner),
                owners=[Choice(name, name) for name in names],
            )
        )
    return groups
