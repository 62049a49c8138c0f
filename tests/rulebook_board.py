"""The rulebook's final-scoring example (Ana 114, Bruno 95, Caio 76) laid out on Imperium.

A deal of the city tokens and, for each player, cities and bought cards chosen
by hand so that the board counts to exactly the rulebook's score sheet
(`tests/scoring/data/concordia-rulebook.json`): Ana has 3 brick, 4 food, 3 tool
and 2 cloth houses in 7 provinces, and so on. Shared by the scoring and the web
tests; no Django here.
"""

from __future__ import annotations

from scoring.types import Good

B, F, T, W, C = Good("brick"), Good("food"), Good("tool"), Good("wine"), Good("cloth")

# Each letter's cities show exactly that letter's tokens (§8):
# A 2 brick 2 food 1 tool 1 wine 1 cloth; B 2/2/2/1/1; C 3/2/2/2/1; D 1 each.
IMPERIUM_GOODS: dict[str, Good] = {
    # A
    "Isca Dumnoniorum": B,
    "Londinium": F,
    "Napoca": B,
    "Sirmium": F,
    "Tomis": T,
    "Colonia Agrippina": W,
    "Vindobona": C,
    # B
    "Burdigala": B,
    "Lutetia": F,
    "Massilia": C,
    "Brigantium": T,
    "Olisipo": B,
    "Valentia": F,
    "Carthago": W,
    "Rusadir": T,
    # C
    "Alexandria": C,
    "Memphis": F,
    "Petra": B,
    "Attalia": T,
    "Byzantium": W,
    "Sinope": B,
    "Cyrene": F,
    "Leptis Magna": B,
    "Antiochia": T,
    "Tyros": W,
    # D
    "Athenae": C,
    "Dyrrhachium": W,
    "Aquileia": F,
    "Novaria": T,
    "Syracusae": B,
}

# Ana: brick Isca D., Napoca, Petra; food Londinium, Sirmium, Memphis, Aquileia;
# tool Tomis, Novaria, Brigantium; cloth Vindobona, Massilia. Provinces:
# Britannia, Dacia, Aegyptus, Italia, Hispania, Germania, Gallia (7).
ANA_HOUSES = frozenset(
    {
        "Isca Dumnoniorum",
        "Napoca",
        "Petra",
        "Londinium",
        "Sirmium",
        "Memphis",
        "Aquileia",
        "Tomis",
        "Novaria",
        "Brigantium",
        "Vindobona",
        "Massilia",
    }
)
# Prefect (I), Prefect (II), Mercator (I), Colonist (I), Colonist (II), Farmer.
ANA_CARDS = frozenset({2, 10, 3, 4, 12, 7})

# Bruno: wine Colonia A., Carthago, Byzantium; brick Sinope, Burdigala; food
# Cyrene; tool Rusadir, Attalia; cloth Alexandria. Provinces: Germania,
# Mauretania, Asia, Gallia, Lybia, Aegyptus (6).
BRUNO_HOUSES = frozenset(
    {
        "Colonia Agrippina",
        "Carthago",
        "Byzantium",
        "Sinope",
        "Burdigala",
        "Cyrene",
        "Rusadir",
        "Attalia",
        "Alexandria",
    }
)
# Architect (I), Consul (II), Diplomat (I, Saturnus), Mercator (II), Vintner, Smith.
BRUNO_CARDS = frozenset({1, 13, 5, 11, 14, 8})

# Caio: brick Leptis Magna, Olisipo, Syracusae, Petra; food Valentia, Cyrene;
# tool Novaria; wine Dyrrhachium. Provinces: Lybia, Hispania, Italia, Aegyptus,
# Hellas (5). Petra, Cyrene and Novaria also hold a house of another player.
CAIO_HOUSES = frozenset(
    {
        "Leptis Magna",
        "Olisipo",
        "Syracusae",
        "Petra",
        "Valentia",
        "Cyrene",
        "Novaria",
        "Dyrrhachium",
    }
)
# Architect (II), Mercator (III), Colonist (III), Mason, and the five cards the
# others left, so that every sale card of decks I-III is bought when Ana takes
# the Concordia card with 12 houses: Weaver, Architect (III), Prefect (III),
# Consul (III), Diplomat (III, Saturnus).
CAIO_CARDS = frozenset({9, 18, 19, 6, 15, 16, 17, 20, 21})
