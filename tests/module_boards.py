"""Two games with expansion modules laid out on the board, and their hand-counted sheets.

- A Salsa game (salt and the forum) on Byzantium, three players: houses in salt
  cities, salt in a storehouse, the forum's points.
- A Venus team game on Imperium, four players in teams A and B (partners sit
  alternately): the double-role cards and the provinces each team shares.

For each: a deal of the city tokens, each player's houses and bought cards, what
is still typed (money, storehouse, colonists, forum points), and the score sheet
the same table gives when counted by hand, with every count written out as a
player counts it (not derived by the code under test). Shared by the web and the
browser tests; no Django here.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.types import (
    CardCounts,
    Good,
    GoodCounts,
    MapName,
    PlayerBoard,
    ScoreSheet,
    Specialist,
)

B, F, T, W, C, S = (
    Good("brick"),
    Good("food"),
    Good("tool"),
    Good("wine"),
    Good("cloth"),
    Good("salt"),
)


@dataclass(frozen=True, slots=True)
class TappedSeat:
    """One player as tapped: houses (cities), bought cards (ids), and what is typed."""

    name: str
    houses: frozenset[str]
    cards: frozenset[int]
    sestertii: int
    storehouse: GoodCounts
    colonists_on_board: int
    team: str = ""
    forum_points: int = 0


# --- Salsa on Byzantium -----------------------------------------------------------

# With salt each letter's tokens include one salt (concordia-maps.json,
# tokens_with_salt): A 2 brick 2 food 1 tool 1 wine 1 cloth 1 salt (8 cities);
# B 2/2/2/1/1/1 (9); C 3/2/2/2/1/1 (11).
BYZANTIUM_SALT_GOODS: dict[str, Good] = {
    # A: Asia, Pontus, Scythia
    "Appia": S,
    "Ilium": B,
    "Miletus": F,
    "Amastris": B,
    "Ancyra": F,
    "Sinope": T,
    "Chersonesus": W,
    "Panticapaion": C,
    # B: Achaea, Macedonia, Thracia
    "Athenae": C,
    "Delphi": S,
    "Gortyn": B,
    "Sparta": F,
    "Stobi": T,
    "Thessalonica": W,
    "Apollonia": B,
    "Philippopolis": F,
    "Tomis": T,
    # C: Aegyptus, Cappadocia, Libya, Phoenicia
    "Alexandria": S,
    "Gaza": B,
    "Petra": F,
    "Attalia": B,
    "Caesarea": T,
    "Seleucia": W,
    "Cyrene": B,
    "Zygris": C,
    "Antiochia": F,
    "Salamis": T,
    "Tyrus": W,
}

SALSA_SEATS = (
    # Her fifteenth house ended the game. Salt Appia (Asia), Delphi (Achaea);
    # brick: all seven, Ilium (Asia), Amastris (Pontus), Gortyn (Achaea),
    # Apollonia (Thracia), Gaza (Aegyptus), Attalia (Cappadocia), Cyrene
    # (Libya); food Miletus (Asia), Sparta (Achaea); tool Tomis (Thracia);
    # cloth Athenae (Achaea), Zygris (Libya), Panticapaion (Scythia):
    # 8 provinces. Consul (II), Prefect (II), Mercator (I), Weaver.
    TappedSeat(
        name="Ana",
        houses=frozenset(
            {
                *("Appia", "Delphi"),
                *("Ilium", "Amastris", "Gortyn", "Apollonia"),
                *("Gaza", "Attalia", "Cyrene"),
                *("Miletus", "Sparta", "Tomis"),
                *("Athenae", "Zygris", "Panticapaion"),
            }
        ),
        cards=frozenset({13, 10, 3, 15}),
        sestertii=10,
        storehouse=GoodCounts(salt=1, cloth=1),
        colonists_on_board=4,
        forum_points=3,
    ),
    # Salt Alexandria, food Petra (Aegyptus); wine Seleucia (Cappadocia), Tyrus
    # (Phoenicia); tool Stobi (Macedonia): 4 provinces. Architect (I),
    # Colonist (I), Vintner.
    TappedSeat(
        name="Bruno",
        houses=frozenset({"Alexandria", "Petra", "Seleucia", "Tyrus", "Stobi"}),
        cards=frozenset({1, 4, 14}),
        sestertii=5,
        storehouse=GoodCounts(wine=2),
        colonists_on_board=5,
        forum_points=-2,
    ),
    # Tool Sinope, food Ancyra (Pontus); wine Chersonesus (Scythia): 2 provinces.
    TappedSeat(
        name="Caio",
        houses=frozenset({"Sinope", "Ancyra", "Chersonesus"}),
        cards=frozenset(),
        sestertii=3,
        storehouse=GoodCounts(),
        colonists_on_board=2,
    ),
)
# Seat orders: Bruno holds the Praefectus Magnus, Ana ended the game.
SALSA_PRAEFECTUS, SALSA_CONCORDIA = 1, 0

SALSA_HAND_SHEET = ScoreSheet(
    map=MapName("byzantium"),
    expansions=("salt", "forum"),
    praefectus_magnus="Bruno",
    players=(
        PlayerBoard(
            name="Ana",
            sestertii=10,
            storehouse=GoodCounts(salt=1, cloth=1),
            colonists_on_board=4,
            houses=GoodCounts(brick=7, food=2, tool=1, cloth=3, salt=2),
            provinces=8,
            cards=CardCounts(vesta=1, jupiter=3, saturnus=3, mercurius=2, mars=1),
            specialists=(Specialist("weaver"),),
            concordia_card=True,
            forum_points=3,
        ),
        PlayerBoard(
            name="Bruno",
            sestertii=5,
            storehouse=GoodCounts(wine=2),
            colonists_on_board=5,
            houses=GoodCounts(food=1, tool=1, wine=2, salt=1),
            provinces=4,
            cards=CardCounts(vesta=1, jupiter=3, saturnus=2, mercurius=1, mars=2),
            specialists=(Specialist("vintner"),),
            forum_points=-2,
        ),
        PlayerBoard(
            name="Caio",
            sestertii=3,
            colonists_on_board=2,
            houses=GoodCounts(food=1, tool=1, wine=1),
            provinces=2,
            cards=CardCounts(vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1),
        ),
    ),
)

# What the rules give (rules digest §3, expansions §1a): Ana's Vesta (10 + salt
# 7 + cloth 7) // 10 = 2; Jupiter 8 non-brick houses (salt counts) x 3 cards;
# Saturnus 8 x 3; Mercurius 4 kinds (brick, food, tool, cloth; salt is none)
# x 2 x 2 cards; Mars 4 colonists x 2; Minerva the Weaver 5 x (3 cloth + 2 salt
# houses); the Concordia card; the forum's 3. Bruno's Minerva: the Vintner
# 4 x (2 wine + 1 salt house); his forum -2.
SALSA_BREAKDOWNS = {
    "Ana": {
        "vesta": 2,
        "jupiter": 24,
        "saturnus": 24,
        "mercurius": 16,
        "mars": 8,
        "minerva": 25,
        "concordia": 7,
        "forum": 3,
    },
    "Bruno": {
        "vesta": 1,
        "jupiter": 15,
        "saturnus": 8,
        "mercurius": 6,
        "mars": 20,
        "minerva": 12,
        "concordia": 0,
        "forum": -2,
    },
    "Caio": {
        "vesta": 0,
        "jupiter": 6,
        "saturnus": 4,
        "mercurius": 6,
        "mars": 4,
        "minerva": 0,
        "concordia": 0,
        "forum": 0,
    },
}
SALSA_TOTALS = {"Ana": 109, "Bruno": 60, "Caio": 20}


# --- Venus in teams on Imperium -------------------------------------------------

VENUS_SEATS = (
    # Food Londinium, brick Isca Dumnoniorum (Britannia); food Lutetia (Gallia);
    # cloth Alexandria (Aegyptus). Prefect/Architect (I), Architect/Mercator
    # (II), Farmer.
    TappedSeat(
        name="Ana",
        houses=frozenset({"Londinium", "Isca Dumnoniorum", "Lutetia", "Alexandria"}),
        cards=frozenset({31, 32, 7}),
        sestertii=12,
        storehouse=GoodCounts(cloth=1),
        colonists_on_board=3,
        team="A",
    ),
    # Wine Carthago, tool Rusadir (Mauretania); wine Byzantium (Asia).
    # Prefect/Mercator (III), Colonist (I).
    TappedSeat(
        name="Bruno",
        houses=frozenset({"Carthago", "Rusadir", "Byzantium"}),
        cards=frozenset({33, 4}),
        sestertii=8,
        storehouse=GoodCounts(),
        colonists_on_board=4,
        team="B",
    ),
    # Brick Napoca (Dacia), Burdigala (Gallia); food Memphis (Aegyptus); cloth
    # Athenae (Hellas). Consul (II).
    TappedSeat(
        name="Caio",
        houses=frozenset({"Napoca", "Burdigala", "Memphis", "Athenae"}),
        cards=frozenset({13}),
        sestertii=6,
        storehouse=GoodCounts(),
        colonists_on_board=2,
        team="A",
    ),
    # Brick Sinope, tool Attalia (Asia); wine Tyros (Syria). Weaver.
    TappedSeat(
        name="Dora",
        houses=frozenset({"Sinope", "Attalia", "Tyros"}),
        cards=frozenset({15}),
        sestertii=4,
        storehouse=GoodCounts(),
        colonists_on_board=3,
        team="B",
    ),
)
# Dora holds the Praefectus Magnus, Ana ended the game.
VENUS_PRAEFECTUS, VENUS_CONCORDIA = 3, 0


# Team A (Ana, Caio) shares Gallia and Aegyptus; team B (Bruno, Dora) Asia.
VENUS_HAND_SHEET = ScoreSheet(
    map=MapName("imperium"),
    expansions=("venus",),
    praefectus_magnus="Dora",
    players=(
        PlayerBoard(
            name="Ana",
            team="A",
            venus_team_provinces=2,
            sestertii=12,
            storehouse=GoodCounts(cloth=1),
            colonists_on_board=3,
            houses=GoodCounts(brick=1, food=2, cloth=1),
            provinces=3,
            cards=CardCounts(
                vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1, venus=3
            ),
            specialists=(Specialist("farmer"),),
            concordia_card=True,
        ),
        PlayerBoard(
            name="Bruno",
            team="B",
            venus_team_provinces=1,
            sestertii=8,
            colonists_on_board=4,
            houses=GoodCounts(tool=1, wine=2),
            provinces=2,
            cards=CardCounts(
                vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=2, venus=2
            ),
        ),
        PlayerBoard(
            name="Caio",
            team="A",
            venus_team_provinces=2,
            sestertii=6,
            colonists_on_board=2,
            houses=GoodCounts(brick=2, food=1, cloth=1),
            provinces=4,
            cards=CardCounts(
                vesta=1, jupiter=3, saturnus=2, mercurius=1, mars=1, venus=1
            ),
        ),
        PlayerBoard(
            name="Dora",
            team="B",
            venus_team_provinces=1,
            sestertii=4,
            colonists_on_board=3,
            houses=GoodCounts(brick=1, tool=1, wine=1),
            provinces=2,
            cards=CardCounts(
                vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1, venus=1
            ),
            specialists=(Specialist("weaver"),),
        ),
    ),
)

# Venus in team play: 1 point per Venus card per shared province (expansions
# §2c): Ana 3 cards x 2, Bruno 2 x 1, Caio 1 x 2, Dora 1 x 1.
VENUS_POINTS = {"Ana": 6, "Bruno": 2, "Caio": 2, "Dora": 1}
VENUS_TOTALS = {"Ana": 44, "Bruno": 32, "Caio": 26, "Dora": 21}
# The team total is the sum of the partners' (expansions §2c): A 70, B 53.
VENUS_TEAMS = {"A": 70, "B": 53}
