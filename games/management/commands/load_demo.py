"""Load a demo club with a few finished games; running it again changes nothing."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from clubs import services as clubs_services
from clubs.models import Club, Role
from games import services
from scoring.types import (
    CardCounts,
    GoodCounts,
    MapName,
    PlayerBoard,
    ScoreSheet,
    Specialist,
)

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "concordia-demo"  # nosec B105 - the documented demo account
DEMO_CLUB_SLUG = "demo"


def _cards(
    vesta: int, jupiter: int, saturnus: int, mercurius: int, mars: int
) -> CardCounts:
    return CardCounts(
        vesta=vesta, jupiter=jupiter, saturnus=saturnus, mercurius=mercurius, mars=mars
    )


# The rulebook's final-scoring example (Ana scores 114) and two more evenings.
# Each game ends as a real one does: the Concordia card's holder built their
# 15th house or bought the last card for sale (every sale card is held).
DEMO_GAMES: tuple[tuple[str, dt.datetime, str, ScoreSheet], ...] = (
    (
        "demo-1",
        dt.datetime(2026, 9, 12, 20, tzinfo=dt.UTC),
        "Café Lusitano",
        ScoreSheet(
            map=MapName("imperium"),
            praefectus_magnus="Caio",
            players=(
                PlayerBoard(
                    name="Ana",
                    sestertii=13,
                    storehouse=GoodCounts(brick=1, tool=3, cloth=1),
                    colonists_on_board=5,
                    houses=GoodCounts(brick=3, food=4, tool=3, cloth=2),
                    provinces=7,
                    cards=_cards(1, 2, 4, 2, 3),
                    specialists=(Specialist("farmer"),),
                    concordia_card=True,
                ),
                PlayerBoard(
                    name="Bruno",
                    sestertii=21,
                    storehouse=GoodCounts(food=2, wine=1),
                    colonists_on_board=4,
                    houses=GoodCounts(brick=2, food=1, tool=2, wine=3, cloth=1),
                    provinces=6,
                    cards=_cards(1, 4, 3, 2, 1),
                    specialists=(Specialist("vintner"), Specialist("smith")),
                ),
                PlayerBoard(
                    name="Caio",
                    sestertii=8,
                    colonists_on_board=2,
                    houses=GoodCounts(brick=4, food=2, tool=1, wine=1),
                    provinces=5,
                    cards=_cards(1, 5, 4, 2, 2),
                    specialists=(Specialist("mason"), Specialist("weaver")),
                ),
            ),
        ),
    ),
    (
        "demo-2",
        dt.datetime(2026, 10, 3, 20, tzinfo=dt.UTC),
        "Café Lusitano",
        ScoreSheet(
            map=MapName("italia"),
            praefectus_magnus="Dora",
            players=(
                PlayerBoard(
                    name="Dora",
                    sestertii=5,
                    houses=GoodCounts(brick=1),
                    provinces=1,
                    cards=_cards(1, 7, 3, 2, 2),
                    specialists=(
                        Specialist("mason"),
                        Specialist("farmer"),
                        Specialist("smith"),
                        Specialist("vintner"),
                        Specialist("weaver"),
                    ),
                    concordia_card=True,
                ),
                PlayerBoard(
                    name="Eli",
                    sestertii=10,
                    colonists_on_board=3,
                    houses=GoodCounts(food=2, tool=1),
                    provinces=2,
                    cards=_cards(1, 2, 4, 2, 2),
                ),
                PlayerBoard(
                    name="Ana",
                    sestertii=10,
                    colonists_on_board=3,
                    houses=GoodCounts(food=2, tool=1),
                    provinces=2,
                    cards=_cards(1, 2, 4, 2, 2),
                ),
            ),
        ),
    ),
    (
        "demo-3",
        dt.datetime(2026, 11, 7, 20, tzinfo=dt.UTC),
        "",
        ScoreSheet(
            map=MapName("imperium"),
            praefectus_magnus="Bruno",
            players=(
                PlayerBoard(
                    name="Bruno",
                    sestertii=17,
                    storehouse=GoodCounts(wine=2, cloth=1),
                    colonists_on_board=6,
                    houses=GoodCounts(brick=4, food=4, tool=3, wine=2, cloth=2),
                    provinces=8,
                    cards=_cards(1, 4, 4, 2, 3),
                    specialists=(Specialist("weaver"),),
                    concordia_card=True,
                ),
                PlayerBoard(
                    name="Caio",
                    sestertii=30,
                    storehouse=GoodCounts(food=2, tool=2),
                    colonists_on_board=5,
                    houses=GoodCounts(brick=2, food=2, tool=3, wine=1),
                    provinces=6,
                    cards=_cards(1, 3, 3, 2, 2),
                    specialists=(Specialist("smith"),),
                ),
                PlayerBoard(
                    name="Dora",
                    sestertii=9,
                    storehouse=GoodCounts(brick=1),
                    colonists_on_board=4,
                    houses=GoodCounts(brick=2, food=1, wine=2, cloth=2),
                    provinces=5,
                    cards=_cards(1, 3, 2, 2, 1),
                    specialists=(Specialist("vintner"), Specialist("mason")),
                ),
                PlayerBoard(
                    name="Ana",
                    sestertii=12,
                    storehouse=GoodCounts(cloth=2),
                    colonists_on_board=6,
                    houses=GoodCounts(brick=1, food=1, tool=1, wine=1, cloth=1),
                    provinces=5,
                    cards=_cards(1, 2, 2, 1, 1),
                    specialists=(Specialist("farmer"),),
                ),
            ),
        ),
    ),
)


class Command(BaseCommand):
    help = "Load the demo club (user demo / concordia-demo) with a few finished games."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        user = User.objects.filter(username=DEMO_USERNAME).first()
        if user is None:
            user = User.objects.create_user(DEMO_USERNAME, password=DEMO_PASSWORD)
        club = Club.objects.filter(slug=DEMO_CLUB_SLUG).first()
        if club is None:
            club = clubs_services.club_create(
                name="Demo club", slug=DEMO_CLUB_SLUG, owner=user
            )
        clubs_services.membership_add(club=club, user=user, role=Role.OWNER)
        created = 0
        for key, played_at, place, sheet in DEMO_GAMES:
            session = services.session_create(
                club=club,
                created_by=user,
                map_name=sheet.map.value,
                played_at=played_at,
                place=place,
                idempotency_key=key,
                seats=[
                    services.SeatInput(new_name=board.name) for board in sheet.players
                ],
            )
            if not session.is_finished:
                services.concordia_sheet_record(session=session, sheet=sheet)
                created += 1
        self.stdout.write(
            f"Demo club ready: {created} game(s) added; sign in as "
            f"{DEMO_USERNAME} / {DEMO_PASSWORD}."
        )
