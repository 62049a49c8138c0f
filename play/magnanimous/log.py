"""Reading a Magnanimous game-log document (``docs/magnanimous-log.md``) into a `GameLog`.

Every shape problem (a wrong type, a missing or unknown field, an unknown
player, province, party, improvement…) is reported at once with its JSON path
(``events[12].province``), as `scoring.shape` does for score sheets. The rules
are the replay's business (`play.magnanimous.rules`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, TypeVar

from play.errors import LogInvalid
from play.magnanimous import messages as m
from play.magnanimous.types import (
    IMPERIAL,
    PARAGUAY,
    PORT,
    RIO,
    Abandon,
    Adjust,
    Attack,
    Auction,
    Ballot,
    CardKind,
    Changes,
    Colour,
    Effect,
    EndRound,
    Event,
    GameLog,
    Good,
    Govern,
    Improvement,
    Joiner,
    Keep,
    Minister,
    Mode,
    MoraleBonus,
    NoblesAction,
    NoblesFields,
    NoblesJoiner,
    Offensive,
    Party,
    Place,
    PlayerAdjust,
    ProductionOptions,
    ProvinceAdjust,
    Quadrant,
    Reveal,
    Rulings,
    Seat,
    ShipMove,
    Start,
    Take,
    Tiebreak,
    Title,
    Track,
    Tracking,
    TrainMove,
    Undo,
    Vote,
    VoteParts,
)
from scoring.names import name_problem
from scoring.shape import (
    EXPECTED_BOOLEAN,
    EXPECTED_INTEGER,
    EXPECTED_OBJECT,
    EXPECTED_TEXT,
    UNKNOWN_CHOICE,
    ShapeReader,
    child,
    describe,
)

FORMAT: Final = "magnanimous-log/1"
GAME: Final = "magnanimous"
TOP_REQUIRED: Final = ("format", "game", "tracking", "players", "events")
TOP_OPTIONAL: Final = ("board", "rulings", "improvements")
DISPLAY_SIZE: Final = 4
E = TypeVar("E", bound=Colour | Good | Improvement | Party | Quadrant)

PROVINCES: Final = frozenset(
    {f"{colour.value}:{good.value}" for colour in Colour for good in Good}
    | {f"{colour.value}:{PORT}" for colour in Colour}
    | {RIO}
)

_PLAYER_NOBLES_FIELDS: Final = (
    "path",
    "start",
    "province",
    "in_transit",
    "move",
    "imperial",
    "attack_from",
    "target",
    "count",
    "result",
    "cards",
    "commerce_space",
    "tokens",
    "via",
)
NOBLES_FIELDS: Final[Mapping[NoblesAction, tuple[str, ...]]] = {
    NoblesAction.TRAIN: ("path", "start"),
    NoblesAction.SELL: ("province", "in_transit"),
    NoblesAction.TROOPS: ("move", "imperial", "province"),
    NoblesAction.ATTACK: ("attack_from", "target", "count", "result"),
    NoblesAction.DISCARD: (),
    NoblesAction.THRONE: ("cards",),
    NoblesAction.EXPORT: ("commerce_space", "tokens", "via"),
    NoblesAction.SAIL: (),
    NoblesAction.NONE: (),
}
# Required with both trackings (they move a track or a count), and with full only.
NOBLES_REQUIRED: Final[Mapping[NoblesAction, tuple[str, ...]]] = {
    NoblesAction.ATTACK: ("target", "count", "result"),
    NoblesAction.THRONE: ("cards",),
    NoblesAction.EXPORT: ("tokens",),
}
NOBLES_REQUIRED_FULL: Final[Mapping[NoblesAction, tuple[str, ...]]] = {
    NoblesAction.TRAIN: ("path",),
    NoblesAction.ATTACK: ("attack_from",),
    NoblesAction.EXPORT: ("commerce_space",),
}
PRODUCTION_OPTIONS: Final = ("troop_to", "improvement", "party", "ship_to")
GOVERN_KEYS: Final = ("train", "troops", "ship", "party", "track", "liberate")
RULINGS: Final[Mapping[str, tuple[object, ...]]] = {
    "republic_first": (True, False),
    "troop_limit": (4, 5),
    "absent_ports_uncontrolled": (True, False),
    "referendum_tie": ("approved", "rejected"),
    "recruit_province": ("die", "any"),
    "sold_action_buyers": ("each", "first"),
    "offensive_order": ("round_robin", "grouped"),
    "failed_attack": ("keep", "lose"),
    "precise_nobles_joiners_pay": (False, True),
}
_ABSENT: Final = object()


@dataclass(frozen=True, slots=True)
class _Context:
    tracking: Tracking
    seats: Mapping[str, int]

    @property
    def full(self) -> bool:
        return self.tracking is Tracking.FULL


class _Reader(ShapeReader):
    """`ShapeReader` with the log's own kinds of value: players, provinces, small ranges."""

    __slots__ = ("context",)

    def __init__(self, context: _Context) -> None:
        super().__init__()
        self.context = context

    def player(self, fields: Mapping[str, object], key: str, path: str) -> int:
        value = fields.get(key, _ABSENT)
        if value is _ABSENT:
            return 0
        return self.player_value(value, child(path, key))

    def player_value(self, value: object, path: str) -> int:
        if not isinstance(value, str):
            self.report(path, EXPECTED_TEXT, got=describe(value))
            return 0
        seat = self.context.seats.get(value)
        if seat is None:
            self.report(path, m.PLAYER_UNKNOWN, given=value)
            return 0
        return seat

    def province_value(
        self, value: object, path: str, *, extra: tuple[str, ...] = ()
    ) -> str:
        if not isinstance(value, str):
            self.report(path, EXPECTED_TEXT, got=describe(value))
            return RIO
        if value in PROVINCES or value in extra:
            return value
        if value in (PARAGUAY, IMPERIAL):
            self.report(path, m.NOT_HERE, given=value)
        else:
            self.report(path, m.PROVINCE_UNKNOWN, given=value)
        return RIO

    def province(
        self,
        fields: Mapping[str, object],
        key: str,
        path: str,
        *,
        extra: tuple[str, ...] = (),
    ) -> str | None:
        value = fields.get(key, _ABSENT)
        if value is _ABSENT or value is None:
            return None
        return self.province_value(value, child(path, key), extra=extra)

    def bounded(
        self,
        fields: Mapping[str, object],
        key: str,
        path: str,
        minimum: int,
        maximum: int | None = None,
        default: int = 0,
    ) -> int:
        if key not in fields:
            return default
        value = self.integer(fields, key, path, default)
        return self.check_bounds(value, child(path, key), minimum, maximum, default)

    def check_bounds(
        self, value: int, path: str, minimum: int, maximum: int | None, default: int
    ) -> int:
        if maximum is not None and not minimum <= value <= maximum:
            self.report(
                path, m.OUT_OF_RANGE, minimum=minimum, maximum=maximum, given=value
            )
            return default
        if value < minimum:
            self.report(path, m.POSITIVE if minimum == 1 else m.NEGATIVE, given=value)
            return default
        return value

    def enum(
        self,
        fields: Mapping[str, object],
        key: str,
        path: str,
        choices: type[E],
    ) -> E | None:
        value = fields.get(key, _ABSENT)
        if value is _ABSENT or value is None:
            return None
        member = self.choice_value(
            value, child(path, key), choices, next(iter(choices.__members__.values()))
        )
        return member if isinstance(value, str) and value == member.value else None

    def signed_by_player(
        self, fields: Mapping[str, object], key: str, path: str
    ) -> dict[int, int]:
        value = fields.get(key, _ABSENT)
        if value is _ABSENT:
            return {}
        here = child(path, key)
        if not isinstance(value, dict):
            self.report(here, EXPECTED_OBJECT, got=describe(value))
            return {}
        result: dict[int, int] = {}
        for name, count in value.items():
            seat = self.player_value(name, child(here, str(name)))
            if type(count) is int:
                result[seat] = count
            else:
                self.report(
                    child(here, str(name)), EXPECTED_INTEGER, got=describe(count)
                )
        return result

    def by_province(
        self,
        fields: Mapping[str, object],
        key: str,
        path: str,
        *,
        extra: tuple[str, ...] = (),
        minimum: int | None = 0,
    ) -> dict[str, int]:
        value = fields.get(key, _ABSENT)
        if value is _ABSENT:
            return {}
        here = child(path, key)
        if not isinstance(value, dict):
            self.report(here, EXPECTED_OBJECT, got=describe(value))
            return {}
        result: dict[str, int] = {}
        for name, count in value.items():
            where = child(here, str(name))
            province = self.province_value(name, where, extra=extra)
            if type(count) is not int:
                self.report(where, EXPECTED_INTEGER, got=describe(count))
            elif minimum is not None and count < minimum:
                self.report(where, m.NEGATIVE, given=count)
            else:
                result[province] = count
        return result

    def province_list(
        self, fields: Mapping[str, object], key: str, path: str
    ) -> tuple[str, ...]:
        return tuple(
            self.province_value(item, f"{child(path, key)}[{i}]")
            for i, item in enumerate(self.items(fields, key, path))
        )


def load_log(document: object) -> GameLog:
    """Return the `GameLog` a decoded JSON document describes.

    Raises `LogInvalid` with every shape problem found, each with its JSON path.
    """
    probe = ShapeReader()
    top = probe.fields(document, "", required=TOP_REQUIRED, optional=TOP_OPTIONAL)
    if not isinstance(document, dict):
        raise LogInvalid(probe.problems)
    tracking = probe.choice(top, "tracking", "", Tracking, Tracking.LIGHT)
    reader = _Reader(_Context(tracking=tracking, seats={}))
    reader.problems.extend(probe.problems)
    given_format = top.get("format")
    if isinstance(given_format, str) and given_format != FORMAT:
        reader.report("format", m.WRONG_FORMAT, given=given_format)
    elif "format" in top:
        reader.text(top, "format", "")
    game = top.get("game")
    if isinstance(game, str) and game != GAME:
        reader.report("game", m.WRONG_GAME, given=game)
    elif "game" in top:
        reader.text(top, "game", "")
    board = top.get("board")
    if board is not None:
        if isinstance(board, str):
            reader.report("board", m.BOARD_UNKNOWN, given=board)
        else:
            reader.report("board", EXPECTED_TEXT, got=describe(board))
    rulings, given_rulings = _rulings(reader, top)
    players = _players(reader, top, tracking)
    reader.context = _Context(
        tracking=tracking,
        seats={seat.name: index for index, seat in enumerate(players)},
    )
    improvements = _improvements(reader, top, "improvements", "", tracking)
    raw_events = reader.items(top, "events", "")
    events = tuple(_event(reader, raw, index) for index, raw in enumerate(raw_events))
    if reader.problems:
        raise LogInvalid(reader.problems)
    return GameLog(
        tracking=tracking,
        rulings=rulings,
        rulings_given=given_rulings,
        players=players,
        improvements=improvements,
        events=events,
        documents=tuple(raw_events),
    )


def load_event(log: GameLog, document: object) -> tuple[Event, object]:
    """Read one event that would come next in ``log``; raise `LogInvalid` on its shape."""
    reader = _Reader(
        _Context(
            tracking=log.tracking,
            seats={seat.name: index for index, seat in enumerate(log.players)},
        )
    )
    event = _event(reader, document, len(log.events))
    if reader.problems:
        raise LogInvalid(reader.problems)
    return event, document


def _rulings(
    reader: _Reader, top: Mapping[str, object]
) -> tuple[Rulings, frozenset[str]]:
    if top.get("rulings") is None:
        return Rulings(), frozenset()
    fields = reader.fields(
        top["rulings"], "rulings", required=(), optional=tuple(RULINGS)
    )
    chosen: dict[str, object] = {}
    for key, value in fields.items():
        allowed = RULINGS.get(str(key))
        if allowed is None:
            continue
        # `True == 1` in Python: compare types too, so 1 is not read as true.
        if any(type(value) is type(option) and value == option for option in allowed):
            chosen[str(key)] = value
        elif key == "troop_limit":
            reader.report(child("rulings", key), m.RULING_TROOPS)
        else:
            reader.report(
                child("rulings", str(key)),
                UNKNOWN_CHOICE,
                given=describe(value).strip('"'),
                choices=", ".join(
                    str(option).lower() if isinstance(option, bool) else str(option)
                    for option in allowed
                ),
            )
    rulings = Rulings(
        republic_first=bool(chosen.get("republic_first", True)),
        troop_limit=int(str(chosen.get("troop_limit", 4))),
        absent_ports_uncontrolled=bool(chosen.get("absent_ports_uncontrolled", True)),
        referendum_tie_approved=chosen.get("referendum_tie", "approved") == "approved",
        recruit_any_province=chosen.get("recruit_province", "die") == "any",
        sold_first_buyer_only=chosen.get("sold_action_buyers", "each") == "first",
        offensive_round_robin=chosen.get("offensive_order", "round_robin")
        == "round_robin",
        failed_attack_loses=chosen.get("failed_attack", "keep") == "lose",
        precise_nobles_joiners_pay=bool(
            chosen.get("precise_nobles_joiners_pay", False)
        ),
    )
    return rulings, frozenset(chosen)


def _players(
    reader: _Reader, top: Mapping[str, object], tracking: Tracking
) -> tuple[Seat, ...]:
    raw_players = reader.items(top, "players", "")
    colours = tuple(Colour)
    seats: list[Seat] = []
    names: set[str] = set()
    for index, raw in enumerate(raw_players):
        path = f"players[{index}]"
        required: tuple[str, ...] = ("name",)
        optional: tuple[str, ...] = ("colour", "baron", "start")
        if tracking is Tracking.FULL:
            required, optional = ("name", "baron", "start"), ("colour",)
        fields = reader.fields(raw, path, required=required, optional=optional)
        name = reader.text(fields, "name", path)
        if isinstance(fields.get("name"), str):
            refusal = name_problem(name)
            if refusal is not None:
                template, params = refusal
                reader.report(child(path, "name"), template, **params)
            elif name in names:
                reader.report(child(path, "name"), m.NAME_TAKEN, name=name)
        names.add(name)
        colour = colours[index] if index < len(colours) else Colour.YELLOW
        given_colour = fields.get("colour")
        if given_colour is not None and index < len(colours):
            if not isinstance(given_colour, str):
                reader.report(
                    child(path, "colour"), EXPECTED_TEXT, got=describe(given_colour)
                )
            elif given_colour != colour.value:
                reader.report(
                    child(path, "colour"),
                    m.SEAT_COLOUR,
                    seat=index + 1,
                    colour=colour.value,
                )
        baron = reader.optional_text(fields, "baron", path)
        start = _start(reader, fields, path, colour) if "start" in fields else Start()
        seats.append(Seat(name=name, colour=colour, baron=baron, start=start))
    if isinstance(top.get("players"), list) and not 2 <= len(seats) <= 4:
        reader.report("players", m.PLAYER_COUNT, given=len(seats))
    return tuple(seats)


def _start(
    reader: _Reader, fields: Mapping[str, object], path: str, colour: Colour
) -> Start:
    here = child(path, "start")
    start = reader.fields(
        fields["start"],
        here,
        required=(),
        optional=("reis", "goods", "troops", "improvements", "ships", "deputies"),
    )
    goods = reader.by_province(start, "goods", here)
    troops = reader.by_province(start, "troops", here, extra=(IMPERIAL,))
    improvements: dict[str, Improvement] = {}
    raw = start.get("improvements", _ABSENT)
    if raw is not _ABSENT:
        where = child(here, "improvements")
        if isinstance(raw, dict):
            for name, tile in raw.items():
                province = reader.province_value(name, child(where, str(name)))
                improvements[province] = reader.choice_value(
                    tile, child(where, str(name)), Improvement, Improvement.RAILWAY
                )
        else:
            reader.report(where, EXPECTED_OBJECT, got=describe(raw))
    for kind, given in (
        ("goods", goods),
        ("troops", troops),
        ("improvements", improvements),
    ):
        for province in given:
            if province != IMPERIAL and not _own_board_province(province, colour):
                reader.report(
                    child(child(here, kind), province),
                    m.NOT_YOUR_PROVINCE,
                    province=province,
                    player=reader.text(fields, "name", path),
                )
    deputies = reader.counts(start, "deputies", here, Party, all_required=False)
    for party, count in deputies.items():
        reader.check_bounds(count, child(child(here, "deputies"), party.value), 0, 4, 0)
    return Start(
        reis=reader.bounded(start, "reis", here, 0),
        goods=goods,
        troops=troops,
        improvements=improvements,
        ships=reader.bounded(start, "ships", here, 0, 4),
        deputies=deputies,
    )


def _own_board_province(province: str, colour: Colour) -> bool:
    owner, _, place = province.partition(":")
    return owner == colour.value and place != PORT


def _improvements(
    reader: _Reader,
    fields: Mapping[str, object],
    key: str,
    path: str,
    tracking: Tracking,
    *,
    exactly: int | None = DISPLAY_SIZE,
) -> tuple[Improvement, ...]:
    if fields.get(key) is None:
        if tracking is Tracking.FULL and key not in fields:
            reader.report(child(path, key), m.FULL_FIELD_MISSING, field=key)
        return ()
    here = child(path, key)
    tiles = tuple(
        reader.choice_value(item, f"{here}[{i}]", Improvement, Improvement.RAILWAY)
        for i, item in enumerate(reader.items(fields, key, path))
    )
    if exactly is not None and isinstance(fields[key], list) and len(tiles) > exactly:
        reader.report(here, m.IMPROVEMENTS_COUNT, expected=exactly, given=len(tiles))
    return tiles


# ---------------------------------------------------------------------------
# Events.

EVENT_FIELDS: Final[Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "reveal": (("card", "kind"), ("republic", "party", "nobility", "min_title")),
    "vote": (("votes",), ()),
    "auction": (("winner", "paid"), ()),
    "minister": (("player", "space", "party", "votes", "keep"), ("name",)),
    "effect": (("source", "changes"), ()),
    "take": (
        ("player", "province"),
        ("quadrant", "space", "mode", "joiners", *PRODUCTION_OPTIONS),
    ),
    "govern": (("player",), ("effect",)),
    "offensive": (("attacks",), ()),
    "place": (
        ("player", "from", "action"),
        ("quadrant", "space", "mode", "again", "joiners", *_PLAYER_NOBLES_FIELDS),
    ),
    "end_round": ((), ("improvements",)),
    "tiebreak": (("votes",), ()),
    "adjust": (
        (),
        (
            "nobility",
            "hand",
            "republic",
            "paraguay_die",
            "imperial",
            "occupied",
            "players",
            "dice",
            "commerce",
        ),
    ),
    "undo": ((), ()),
    "abandon": ((), ()),
}


def _event(reader: _Reader, raw: object, index: int) -> Event:
    path = f"events[{index}]"
    if not isinstance(raw, dict):
        reader.report(path, EXPECTED_OBJECT, got=describe(raw))
        return Undo(index=index)
    kind = raw.get("type", _ABSENT)
    if kind is _ABSENT:
        reader.fields(raw, path, required=("type",), optional=tuple(raw))
        return Undo(index=index)
    if not isinstance(kind, str) or kind not in EVENT_FIELDS:
        reader.report(
            child(path, "type"),
            UNKNOWN_CHOICE,
            given=kind if isinstance(kind, str) else describe(kind),
            choices=", ".join(EVENT_FIELDS),
        )
        return Undo(index=index)
    required, optional = EVENT_FIELDS[kind]
    if reader.context.full:
        if kind == "take" or kind == "place":
            required = (*required, "quadrant", "space")
        elif kind == "end_round":
            required = ("improvements",)
        elif kind == "govern":
            required = (*required, "effect")
    fields = reader.fields(raw, path, required=("type", *required), optional=optional)
    parse = _PARSERS[kind]
    return parse(reader, fields, path, index)


def _reveal(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    card_kind = reader.choice(fields, "kind", path, CardKind, CardKind.EVENT)
    party = reader.enum(fields, "party", path, Party)
    if card_kind is CardKind.REFERENDUM and "party" not in fields:
        reader.report(child(path, "party"), m.REFERENDUM_PARTY)
    if card_kind is CardKind.EVENT:
        for name in ("party", "nobility", "min_title"):
            if name in fields:
                reader.report(child(path, name), m.EVENT_NO_PARTY)
    min_title_raw = fields.get("min_title")
    min_title = (
        None
        if min_title_raw is None
        else reader.choice_value(
            min_title_raw, child(path, "min_title"), Title, Title.BARON
        )
    )
    return Reveal(
        index=index,
        card=reader.text(fields, "card", path),
        kind=card_kind,
        republic=reader.integer(fields, "republic", path),
        party=party or Party.CONSERVATIVE if card_kind is CardKind.REFERENDUM else None,
        nobility=reader.bounded(fields, "nobility", path, 0),
        min_title=min_title,
    )


def _parts(reader: _Reader, raw: object, path: str) -> VoteParts:
    if raw is None:
        return VoteParts()
    fields = reader.fields(
        raw, path, required=(), optional=("ministers", "other", "deputies", "cards")
    )
    return VoteParts(
        ministers=reader.bounded(fields, "ministers", path, 0),
        other=reader.bounded(fields, "other", path, 0),
        deputies=reader.bounded(fields, "deputies", path, 0),
        cards=reader.bounded(fields, "cards", path, 0),
    )


def _vote(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    here = child(path, "votes")
    raw = fields.get("votes", {})
    ballots: list[Ballot] = []
    if not isinstance(raw, dict):
        reader.report(here, EXPECTED_OBJECT, got=describe(raw))
        raw = {}
    for name, entry in raw.items():
        where = child(here, str(name))
        seat = reader.player_value(name, where)
        sides = reader.fields(entry, where, required=(), optional=("for", "against"))
        ballots.append(
            Ballot(
                seat=seat,
                for_=_parts(reader, sides.get("for"), child(where, "for")),
                against=_parts(reader, sides.get("against"), child(where, "against")),
            )
        )
    return Vote(index=index, ballots=tuple(ballots))


def _auction(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    return Auction(
        index=index,
        winner=reader.player(fields, "winner", path),
        paid=reader.bounded(fields, "paid", path, 0),
    )


def _minister(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    return Minister(
        index=index,
        seat=reader.player(fields, "player", path),
        space=reader.bounded(fields, "space", path, 1, 19, default=1),
        party=reader.choice(fields, "party", path, Party, Party.CONSERVATIVE),
        votes=reader.bounded(fields, "votes", path, 0),
        name=reader.optional_text(fields, "name", path),
        keep=reader.choice(fields, "keep", path, Keep, Keep.NEW),
    )


CHANGES_FIELDS: Final = (
    "nobility",
    "republic",
    "paraguay_die",
    "imperial",
    "liberate",
    "occupy",
    "morale",
    "reis",
    "goods",
    "troops",
    "deputies",
    "ships",
    "hand",
)


def _effect(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    here = child(path, "changes")
    changes = reader.fields(
        fields.get("changes", {}), here, required=(), optional=CHANGES_FIELDS
    )
    morale: list[MoraleBonus] = []
    for i, raw in enumerate(reader.items(changes, "morale", here)):
        where = f"{child(here, 'morale')}[{i}]"
        entry = reader.fields(
            raw, where, required=("province",), optional=("value", "defence_only")
        )
        morale.append(
            MoraleBonus(
                province=reader.province(entry, "province", where, extra=(IMPERIAL,))
                or RIO,
                value=reader.integer(entry, "value", where, 1)
                if "value" in entry
                else 1,
                defence_only=reader.boolean(entry, "defence_only", where),
            )
        )
    deputies: dict[int, dict[Party, int]] = {}
    raw_deputies = changes.get("deputies", _ABSENT)
    if raw_deputies is not _ABSENT:
        where = child(here, "deputies")
        if isinstance(raw_deputies, dict):
            for name, parties in raw_deputies.items():
                seat = reader.player_value(name, child(where, str(name)))
                deputies[seat] = reader.counts(
                    {"p": parties},
                    "p",
                    child(where, str(name)),
                    Party,
                    all_required=False,
                )
        else:
            reader.report(where, EXPECTED_OBJECT, got=describe(raw_deputies))
    return Effect(
        index=index,
        source=reader.text(fields, "source", path),
        changes=Changes(
            nobility=reader.signed_by_player(changes, "nobility", here),
            republic=reader.integer(changes, "republic", here),
            paraguay_die=reader.integer(changes, "paraguay_die", here),
            imperial=reader.integer(changes, "imperial", here),
            liberate=reader.province_list(changes, "liberate", here),
            occupy=reader.province_list(changes, "occupy", here),
            morale=tuple(morale),
            reis=reader.signed_by_player(changes, "reis", here),
            goods=reader.by_province(changes, "goods", here, minimum=None),
            troops=reader.by_province(
                changes, "troops", here, extra=(IMPERIAL,), minimum=None
            ),
            deputies=deputies,
            ships=reader.signed_by_player(changes, "ships", here),
            hand=reader.signed_by_player(changes, "hand", here),
        ),
    )


def _options(
    reader: _Reader, fields: Mapping[str, object], path: str
) -> ProductionOptions:
    ship_to = reader.optional_text(fields, "ship_to", path)
    if ship_to is not None and ship_to not in (PORT, RIO):
        reader.report(
            child(path, "ship_to"), UNKNOWN_CHOICE, given=ship_to, choices="port, rio"
        )
    return ProductionOptions(
        troop_to=reader.province(fields, "troop_to", path, extra=(IMPERIAL,)),
        improvement=reader.enum(fields, "improvement", path, Improvement),
        party=reader.enum(fields, "party", path, Party),
        ship_to=ship_to,
    )


def _mode(reader: _Reader, fields: Mapping[str, object], path: str) -> Mode:
    return reader.choice(fields, "mode", path, Mode, Mode.ACT)


def _space(reader: _Reader, fields: Mapping[str, object], path: str) -> int | None:
    if "space" not in fields:
        return None
    return reader.bounded(fields, "space", path, 0, 1)


def _take(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    joiners: list[Joiner] = []
    for i, raw in enumerate(reader.items(fields, "joiners", path)):
        where = f"{child(path, 'joiners')}[{i}]"
        entry = reader.fields(
            raw, where, required=("player",), optional=("province", *PRODUCTION_OPTIONS)
        )
        joiners.append(
            Joiner(
                seat=reader.player(entry, "player", where),
                province=reader.province(entry, "province", where),
                options=_options(reader, entry, where),
                path=where,
            )
        )
    quadrant_raw = fields.get("quadrant")
    return Take(
        index=index,
        seat=reader.player(fields, "player", path),
        province=reader.province(fields, "province", path) or RIO,
        quadrant=(
            None
            if quadrant_raw is None
            else reader.choice_value(
                quadrant_raw, child(path, "quadrant"), Quadrant, Quadrant.COTTON
            )
        ),
        space=_space(reader, fields, path),
        mode=_mode(reader, fields, path),
        options=_options(reader, fields, path),
        joiners=tuple(joiners),
    )


def _govern(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    seat = reader.player(fields, "player", path)
    if fields.get("effect") is None:
        return Govern(index=index, seat=seat)
    here = child(path, "effect")
    effect = reader.fields(fields["effect"], here, required=(), optional=GOVERN_KEYS)
    if len(effect) > 1:
        reader.report(here, m.GOVERN_ONE_EFFECT)
    chosen = next(iter(effect), None)
    train = None
    if effect.get("train") is not None:
        where = child(here, "train")
        move = reader.fields(
            effect["train"], where, required=("path",), optional=("start",)
        )
        train = TrainMove(
            start=reader.province(move, "start", where),
            path=reader.province_list(move, "path", where),
        )
    ship_raw = effect.get("ship")
    liberate = None
    if effect.get("liberate") is not None:
        liberate = reader.province(effect, "liberate", here)
    return Govern(
        index=index,
        seat=seat,
        chosen=str(chosen) if chosen is not None else None,
        train=train,
        troops=(
            {}
            if effect.get("troops") is None
            else reader.by_province(effect, "troops", here, extra=(IMPERIAL,))
        ),
        ship=(
            None
            if ship_raw is None
            else reader.choice_value(
                ship_raw, child(here, "ship"), ShipMove, ShipMove.HIRE
            )
        ),
        party=reader.enum(effect, "party", here, Party),
        track=(
            None
            if effect.get("track") is None
            else reader.choice_value(
                effect["track"], child(here, "track"), Track, Track.NOBILITY
            )
        ),
        liberate=liberate,
    )


def _offensive(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    attacks: list[Attack] = []
    for i, raw in enumerate(reader.items(fields, "attacks", path)):
        where = f"{child(path, 'attacks')}[{i}]"
        entry = reader.fields(
            raw, where, required=("source", "target", "result"), optional=("lost",)
        )
        result = reader.text(entry, "result", where, "held")
        if isinstance(entry.get("result"), str) and result not in ("held", "fell"):
            reader.report(
                child(where, "result"),
                UNKNOWN_CHOICE,
                given=result,
                choices="held, fell",
            )
        lost = entry.get("lost")
        attacks.append(
            Attack(
                source=reader.province(entry, "source", where, extra=(PARAGUAY,))
                or PARAGUAY,
                target=reader.province(entry, "target", where, extra=(PARAGUAY,))
                or RIO,
                fell=result == "fell",
                lost=None if lost is None else reader.bounded(entry, "lost", where, 0),
            )
        )
    return Offensive(index=index, attacks=tuple(attacks))


def _nobles_fields(
    reader: _Reader,
    fields: Mapping[str, object],
    path: str,
    action: NoblesAction,
    *,
    required: bool,
) -> NoblesFields:
    allowed = NOBLES_FIELDS[action]
    given = frozenset(name for name in _PLAYER_NOBLES_FIELDS if name in fields)
    for name in sorted(given - set(allowed)):
        reader.report(child(path, name), m.FIELD_NOT_FOR, what=action.value, field=name)
    if required:
        needed = NOBLES_REQUIRED.get(action, ())
        if reader.context.full:
            needed += NOBLES_REQUIRED_FULL.get(action, ())
        for name in needed:
            if name not in fields:
                reader.report(
                    child(path, name),
                    m.FIELD_MISSING_FOR,
                    what=action.value,
                    field=name,
                )
    move_from = move_to = None
    move_count = 0
    if fields.get("move") is not None:
        where = child(path, "move")
        move = reader.fields(fields["move"], where, required=("from", "to", "count"))
        move_from = reader.province(move, "from", where)
        move_to = reader.province(move, "to", where)
        move_count = reader.bounded(move, "count", where, 1, default=1)
    imperial = reader.optional_text(fields, "imperial", path)
    if imperial is not None and imperial not in ("in", "out"):
        reader.report(
            child(path, "imperial"), UNKNOWN_CHOICE, given=imperial, choices="in, out"
        )
    if action is NoblesAction.TROOPS and reader.context.full:
        if ("move" in fields) == ("imperial" in fields):
            reader.report(path, m.FIELD_MISSING_FOR, what=action.value, field="move")
        if "imperial" in fields and "province" not in fields:
            reader.report(
                child(path, "province"),
                m.FIELD_MISSING_FOR,
                what=action.value,
                field="province",
            )
    result = reader.text(fields, "result", path, "failed")
    if isinstance(fields.get("result"), str) and result not in ("liberated", "failed"):
        reader.report(
            child(path, "result"),
            UNKNOWN_CHOICE,
            given=result,
            choices="liberated, failed",
        )
    via = reader.text(fields, "via", path, PORT)
    if isinstance(fields.get("via"), str) and via not in (PORT, RIO):
        reader.report(
            child(path, "via"), UNKNOWN_CHOICE, given=via, choices="port, rio"
        )
    in_transit = fields.get("in_transit", False)
    if not isinstance(in_transit, bool):
        reader.report(
            child(path, "in_transit"), EXPECTED_BOOLEAN, got=describe(in_transit)
        )
        in_transit = False
    commerce_space = None
    if "commerce_space" in fields:
        commerce_space = reader.bounded(fields, "commerce_space", path, 0)
    return NoblesFields(
        given=given,
        path=reader.province_list(fields, "path", path),
        start=reader.province(fields, "start", path),
        province=reader.province(fields, "province", path),
        in_transit=in_transit,
        move_from=move_from,
        move_to=move_to,
        move_count=move_count,
        imperial=imperial,
        attack_from=reader.province(fields, "attack_from", path, extra=(IMPERIAL,)),
        target=reader.province(fields, "target", path),
        count=reader.bounded(fields, "count", path, 1, default=1),
        liberated=result == "liberated",
        cards=reader.bounded(fields, "cards", path, 1, 2, default=1),
        commerce_space=commerce_space,
        tokens=reader.bounded(fields, "tokens", path, 1, 5, default=1),
        via=via,
    )


def _place(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    action = reader.choice(fields, "action", path, NoblesAction, NoblesAction.NONE)
    again = None
    if fields.get("again") is not None:
        where = child(path, "again")
        again_fields = reader.fields(
            fields["again"], where, required=(), optional=_PLAYER_NOBLES_FIELDS
        )
        again = _nobles_fields(reader, again_fields, where, action, required=True)
    joiners: list[NoblesJoiner] = []
    for i, raw in enumerate(reader.items(fields, "joiners", path)):
        where = f"{child(path, 'joiners')}[{i}]"
        entry = reader.fields(
            raw,
            where,
            required=("player",),
            optional=("action", *_PLAYER_NOBLES_FIELDS),
        )
        joiner_action = reader.choice(entry, "action", where, NoblesAction, action)
        joiners.append(
            NoblesJoiner(
                seat=reader.player(entry, "player", where),
                action=joiner_action,
                fields=_nobles_fields(
                    reader, entry, where, joiner_action, required=True
                ),
                path=where,
            )
        )
    quadrant_raw = fields.get("quadrant")
    return Place(
        index=index,
        seat=reader.player(fields, "player", path),
        source=reader.province(fields, "from", path) or RIO,
        action=action,
        quadrant=(
            None
            if quadrant_raw is None
            else reader.choice_value(
                quadrant_raw, child(path, "quadrant"), Quadrant, Quadrant.COTTON
            )
        ),
        space=_space(reader, fields, path),
        mode=_mode(reader, fields, path),
        fields=_nobles_fields(reader, fields, path, action, required=True),
        again=again,
        joiners=tuple(joiners),
    )


def _end_round(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    return EndRound(
        index=index,
        improvements=_improvements(
            reader, fields, "improvements", path, Tracking.LIGHT
        ),
    )


def _tiebreak(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    votes = reader.signed_by_player(fields, "votes", path)
    for seat, count in votes.items():
        if count < 0:
            name = next(n for n, s in reader.context.seats.items() if s == seat)
            reader.report(child(child(path, "votes"), name), m.NEGATIVE, given=count)
    return Tiebreak(index=index, votes=votes)


def _adjust(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    nobility = reader.signed_by_player(fields, "nobility", path)
    hand = reader.signed_by_player(fields, "hand", path)
    for key, values, maximum in (("nobility", nobility, 20), ("hand", hand, None)):
        for seat, value in values.items():
            name = next(n for n, s in reader.context.seats.items() if s == seat)
            reader.check_bounds(value, child(child(path, key), name), 0, maximum, 0)
    occupied = None
    if fields.get("occupied") is not None:
        occupied = reader.province_list(fields, "occupied", path)
    players: dict[int, PlayerAdjust] = {}
    for seat in set(nobility) | set(hand):
        players[seat] = PlayerAdjust(
            seat=seat, nobility=nobility.get(seat), hand=hand.get(seat)
        )
    raw_players = fields.get("players", _ABSENT)
    if raw_players is not _ABSENT:
        here = child(path, "players")
        if not reader.context.full:
            reader.report(here, m.FULL_FIELD_MISSING, field="tracking: full")
        elif not isinstance(raw_players, dict):
            reader.report(here, EXPECTED_OBJECT, got=describe(raw_players))
        else:
            for name, raw in raw_players.items():
                where = child(here, str(name))
                seat = reader.player_value(name, where)
                players[seat] = _player_adjust(
                    reader, raw, where, seat, players.get(seat)
                )
    dice: dict[Quadrant, tuple[int | None, int | None]] = {}
    raw_dice = fields.get("dice", _ABSENT)
    if raw_dice is not _ABSENT:
        here = child(path, "dice")
        if not reader.context.full:
            reader.report(here, m.FULL_FIELD_MISSING, field="tracking: full")
        elif isinstance(raw_dice, dict):
            for name, pair in raw_dice.items():
                where = child(here, str(name))
                quadrant = reader.choice_value(name, where, Quadrant, Quadrant.COTTON)
                if not isinstance(pair, list) or len(pair) != 2:
                    reader.report(
                        where,
                        m.OUT_OF_RANGE,
                        minimum=2,
                        maximum=2,
                        given=len(pair) if isinstance(pair, list) else 0,
                    )
                    continue
                pair_values: list[int | None] = []
                for i, value in enumerate(pair):
                    if value is None:
                        pair_values.append(None)
                    elif type(value) is int:
                        pair_values.append(
                            reader.check_bounds(value, f"{where}[{i}]", 1, 6, 1)
                        )
                    else:
                        reader.report(
                            f"{where}[{i}]", EXPECTED_INTEGER, got=describe(value)
                        )
                        pair_values.append(None)
                dice[quadrant] = (pair_values[0], pair_values[1])
        else:
            reader.report(here, EXPECTED_OBJECT, got=describe(raw_dice))
    commerce = None
    if fields.get("commerce") is not None:
        here = child(path, "commerce")
        if not reader.context.full:
            reader.report(here, m.FULL_FIELD_MISSING, field="tracking: full")
        commerce_spaces = []
        for i, raw in enumerate(reader.items(fields, "commerce", path)):
            where = f"{here}[{i}]"
            entry = reader.fields(raw, where, required=("space", "owner", "tokens"))
            commerce_spaces.append(
                (
                    reader.bounded(entry, "space", where, 0),
                    reader.player(entry, "owner", where),
                    reader.bounded(entry, "tokens", where, 1, 5, default=1),
                )
            )
        commerce = tuple(commerce_spaces)
    return Adjust(
        index=index,
        commerce=commerce,
        republic=None
        if "republic" not in fields
        else reader.bounded(fields, "republic", path, 0),
        paraguay_die=(
            None
            if "paraguay_die" not in fields
            else reader.bounded(fields, "paraguay_die", path, 1, 6, 1)
        ),
        imperial=None
        if "imperial" not in fields
        else reader.bounded(fields, "imperial", path, 0, 5),
        occupied=occupied,
        players=tuple(players.values()),
        dice=dice,
    )


def _player_adjust(
    reader: _Reader, raw: object, path: str, seat: int, before: PlayerAdjust | None
) -> PlayerAdjust:
    fields = reader.fields(
        raw,
        path,
        required=(),
        optional=("reis", "deputies", "ships", "train", "provinces"),
    )
    deputies = reader.counts(fields, "deputies", path, Party, all_required=False)
    for party, count in deputies.items():
        reader.check_bounds(count, child(child(path, "deputies"), party.value), 0, 4, 0)
    ships_port = ships_rio = None
    if "ships" in fields:
        where = child(path, "ships")
        ships = reader.fields(
            fields["ships"], where, required=(), optional=("port", "rio")
        )
        ships_port = (
            None if "port" not in ships else reader.bounded(ships, "port", where, 0, 4)
        )
        ships_rio = (
            None if "rio" not in ships else reader.bounded(ships, "rio", where, 0, 4)
        )
    train_at = train_carrying = None
    if fields.get("train") is not None:
        where = child(path, "train")
        train = reader.fields(fields["train"], where, required=("at", "carrying"))
        train_at = reader.province(train, "at", where)
        train_carrying = reader.province(train, "carrying", where)
    provinces: dict[str, ProvinceAdjust] = {}
    raw_provinces = fields.get("provinces", _ABSENT)
    if raw_provinces is not _ABSENT:
        here = child(path, "provinces")
        if isinstance(raw_provinces, dict):
            for name, entry in raw_provinces.items():
                where = child(here, str(name))
                province = reader.province_value(name, where)
                values = reader.fields(
                    entry,
                    where,
                    required=(),
                    optional=("goods", "in_transit", "troops", "improvement"),
                )
                improvement_raw = values.get("improvement", _ABSENT)
                provinces[province] = ProvinceAdjust(
                    goods=None
                    if "goods" not in values
                    else reader.bounded(values, "goods", where, 0, 5),
                    in_transit=(
                        None
                        if "in_transit" not in values
                        else reader.bounded(values, "in_transit", where, 0, 5)
                    ),
                    troops=None
                    if "troops" not in values
                    else reader.bounded(values, "troops", where, 0, 5),
                    improvement=(
                        reader.enum(values, "improvement", where, Improvement)
                        if improvement_raw is not None
                        else None
                    ),
                    no_improvement=improvement_raw is None,
                )
        else:
            reader.report(here, EXPECTED_OBJECT, got=describe(raw_provinces))
    return PlayerAdjust(
        seat=seat,
        nobility=before.nobility if before else None,
        hand=before.hand if before else None,
        reis=None if "reis" not in fields else reader.bounded(fields, "reis", path, 0),
        deputies=deputies,
        ships_port=ships_port,
        ships_rio=ships_rio,
        train_given="train" in fields,
        train_at=train_at,
        train_carrying=train_carrying,
        provinces=provinces,
    )


def _undo(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    return Undo(index=index)


def _abandon(
    reader: _Reader, fields: Mapping[str, object], path: str, index: int
) -> Event:
    return Abandon(index=index)


_PARSERS: Final = {
    "reveal": _reveal,
    "vote": _vote,
    "auction": _auction,
    "minister": _minister,
    "effect": _effect,
    "take": _take,
    "govern": _govern,
    "offensive": _offensive,
    "place": _place,
    "end_round": _end_round,
    "tiebreak": _tiebreak,
    "adjust": _adjust,
    "undo": _undo,
    "abandon": _abandon,
}
