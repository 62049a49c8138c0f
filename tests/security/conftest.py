"""Two clubs full of data, so that a leak from one into the other shows.

Lisboa (the standing cast's club): alice owns it, dora is an admin, bob a member;
it has the rulebook game (finished), a Magnanimous game, an invite and a player
called Xenofonte. Porto: charlie owns it (the outsider of every Lisboa test),
with a finished game of Zefirino, Quiteria and Rubens at "Ribeira Secreta", a
Magnanimous game, a member (erin) and an invite. Each club has marker words that
must never appear in a response to someone who is not its member.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from assistant import services as assistant_services
from assistant.concordia import services as concordia_services
from assistant.models import AssistantGame
from clubs import services as clubs_services
from clubs.models import Club, Invite, Membership, Player, Role
from games import services
from games.magnanimous import services as magnanimous_services
from games.models import TableSession
from portability.models import BgStatsImport
from scoring.types import ScoreSheet
from tests.conftest import (
    club_lisboa_create,
    club_porto_create,
    session_finished_create,
)
from tests.factories import UserFactory
from tests.sheets import example_sheet

LISBOA_MARKERS = ("Lisboa", "Xenofonte")
PORTO_MARKERS = ("Porto", "Zefirino", "Quiteria", "Ribeira Secreta")
PORTO_NAMES = ("Zefirino", "Quiteria", "Rubens")
ACTORS = ("anonymous", "outsider", "member", "admin")


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Iterator[None]:
    # DRF's throttles count in the cache, per address; every test starts afresh
    # instead of inheriting the anonymous requests of the tests before it.
    cache.clear()
    yield
    cache.clear()


def markers_pattern(markers: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(" + "|".join(re.escape(m) for m in markers) + r")\b")


@pytest.fixture
def dora(club: Club) -> User:
    user = User.objects.create_user("dora", password="x")
    clubs_services.membership_add(club=club, user=user, role=Role.ADMIN)
    return user


@dataclasses.dataclass(frozen=True)
class ClubData:
    club: Club
    session_id: int
    magnanimous_id: int
    player_id: int
    membership_id: int
    invite: Invite
    assistant_game: AssistantGame
    import_id: int

    def ids(self) -> dict[str, Any]:
        return {
            "club_slug": self.club.slug,
            "session_id": self.session_id,
            "player_id": self.player_id,
            "membership_id": self.membership_id,
            "invite_id": self.invite.pk,
            "import_id": self.import_id,
            "token": self.invite.token,
            "game_id": self.assistant_game.pk,
            "follow_token": self.assistant_game.follow_token,
        }


def _magnanimous(club: Club, owner: User, names: tuple[str, ...]) -> TableSession:
    return magnanimous_services.magnanimous_session_create(
        club=club,
        created_by=owner,
        played_at=dt.datetime(2026, 11, 2, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=name) for name in names],
    )


def _assistant_game(club: Club, owner: User, names: tuple[str, ...]) -> AssistantGame:
    """A light game with its first move recorded (the Mercator of the first player)."""
    game = concordia_services.game_create(
        club=club,
        created_by=owner,
        map_name="imperium",
        tracking="light",
        intermediate_scoring=False,
        players=[(name, "") for name in names],
    )
    assistant_services.event_append(
        game=game,
        document={"type": "play", "player": names[0], "card": "Mercator"},
        expected_seq=0,
    )
    return game


def _import_of(session_id: int) -> int:
    """A BG Stats import record holding the game, for the undo URL."""
    session = TableSession.objects.get(pk=session_id)
    record = BgStatsImport.objects.create(club=session.club)
    record.sessions.add(session)
    return record.pk


def _invite(club: Club, owner: User) -> Invite:
    return clubs_services.invite_create(
        club=club, created_by=owner, expires_in=dt.timedelta(days=7), max_uses=None
    )


@pytest.fixture
def lisboa(
    club: Club, alice: User, bob: User, dora: User, finished_session: TableSession
) -> ClubData:
    return _lisboa(club, alice, finished_session)


def _lisboa(club: Club, alice: User, finished_session: TableSession) -> ClubData:
    bob = Membership.objects.get(club=club, role=Role.MEMBER).user
    xenofonte = Player.objects.create(club=club, name="Xenofonte")
    return ClubData(
        club=club,
        session_id=finished_session.pk,
        magnanimous_id=_magnanimous(club, alice, ("Ana", "Bruno")).pk,
        player_id=xenofonte.pk,
        membership_id=Membership.objects.get(club=club, user=bob).pk,
        invite=_invite(club, alice),
        assistant_game=_assistant_game(club, alice, ("Xenofonte", "Ana", "Bruno")),
        import_id=_import_of(finished_session.pk),
    )


@pytest.fixture
def porto(other_club: Club, charlie: User, rulebook_sheet: ScoreSheet) -> ClubData:
    return _porto(other_club, charlie, rulebook_sheet)


def _porto(other_club: Club, charlie: User, rulebook_sheet: ScoreSheet) -> ClubData:
    erin = User.objects.create_user("erin", password="x")
    clubs_services.membership_add(club=other_club, user=erin)
    renamed = dict(zip(("Ana", "Bruno", "Caio"), PORTO_NAMES, strict=True))
    sheet = dataclasses.replace(
        rulebook_sheet,
        players=tuple(
            dataclasses.replace(board, name=renamed[board.name])
            for board in rulebook_sheet.players
        ),
        praefectus_magnus=renamed[rulebook_sheet.praefectus_magnus or "Caio"],
    )
    session = services.session_create(
        club=other_club,
        created_by=charlie,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 3, 20, tzinfo=dt.UTC),
        place="Ribeira Secreta",
        seats=[services.SeatInput(new_name=name) for name in PORTO_NAMES],
    )
    services.concordia_sheet_record(session=session, sheet=sheet)
    return ClubData(
        club=other_club,
        session_id=session.pk,
        magnanimous_id=_magnanimous(other_club, charlie, PORTO_NAMES[:2]).pk,
        player_id=Player.objects.get(club=other_club, name="Zefirino").pk,
        membership_id=Membership.objects.get(club=other_club, user=erin).pk,
        invite=_invite(other_club, charlie),
        assistant_game=_assistant_game(other_club, charlie, PORTO_NAMES),
        import_id=_import_of(session.pk),
    )


@pytest.fixture
def people(alice: User, bob: User, charlie: User, dora: User) -> dict[str, User | None]:
    return {"anonymous": None, "outsider": charlie, "member": bob, "admin": dora}


@dataclasses.dataclass(frozen=True)
class Cast:
    """The whole security cast: the visitors, Lisboa's owner, and both clubs' data."""

    people: dict[str, User | None]
    owner: User
    lisboa: ClubData
    porto: ClubData


def cast_build() -> Cast:
    """The cast the fixtures above make, built in one go (for `cast_once`)."""
    alice = UserFactory.create(username="alice")
    bob = UserFactory.create(username="bob")
    charlie = UserFactory.create(username="charlie")
    club = club_lisboa_create(alice=alice, bob=bob)
    dora = User.objects.create_user("dora", password="x")
    clubs_services.membership_add(club=club, user=dora, role=Role.ADMIN)
    sheet = example_sheet("concordia-rulebook")
    finished = session_finished_create(club=club, alice=alice, sheet=sheet)
    lisboa = _lisboa(club, alice, finished)
    porto = _porto(club_porto_create(charlie=charlie), charlie, sheet)
    return Cast(
        people={"anonymous": None, "outsider": charlie, "member": bob, "admin": dora},
        owner=alice,
        lisboa=lisboa,
        porto=porto,
    )


@pytest.fixture(scope="module")
def cast_once(django_db_setup: None, django_db_blocker: Any) -> Iterator[Cast]:
    """The cast built once for a whole module, and rolled back after it.

    Only for modules whose tests keep nothing they write: each test still runs
    in its own savepoint (pytest-django's ``db``), inside this module-wide
    transaction, so a test sees the cast as it was built. The access table
    sends ~700 × 5 requests at the same two clubs; building them once a module
    instead of once a case is most of that table's time saved.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        yield cast_build()
        transaction.set_rollback(True)


def reset_ids(user: User) -> dict[str, str]:
    """Parameters of a password-reset link for ``user`` whose token is wrong."""
    return {"uidb64": urlsafe_base64_encode(force_bytes(user.pk)), "token": "bad-token"}
