# ruff: noqa: RUF001
"""A map's words: colour-named provinces and unnamed spaces translated, and a
sentence for every setup fact of every map, its L/U facts marked."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.concordia.map_words import map_lines, province_label, space_label
from games.vocabulary import MAP_LABELS
from scoring.maps import MAPS
from scoring.types import MapName


@pytest.mark.parametrize("name", list(MapName))
def test_every_setup_fact_of_every_map_has_its_sentence(name):
    spec = MAPS[name]
    lines = map_lines(spec)
    kinds = [line.kind for line in lines]
    assert kinds[:2] == ["letters", "starts"]
    assert kinds[2 : 2 + len(spec.setup_notes)] == [n.kind for n in spec.setup_notes]
    for line in lines:
        # A sentence, never the kind's id itself.
        assert line.text != line.kind
        assert line.text.endswith(".")
        assert bool(line.note) == (line.confidence in ("L", "U"))


def test_the_base_boards_have_no_uncertain_fact():
    for name in ("imperium", "italia"):
        assert [line.note for line in map_lines(MAPS[MapName(name)])] == ["", ""]


def test_colour_provinces_and_app_named_spaces_are_translated():
    assert province_label("Gallia") == "Gallia"
    with translation.override("pt-br"):
        assert province_label("Blue") == "Azul"
        assert space_label("Ebussus boat") == "o barco junto a Ebussus"
        assert str(MAP_LABELS["ionium_small"]) == "Jônio (pequeno)"
        assert str(MAP_LABELS["Ionium (small)"]) == "Jônio (pequeno)"
    with translation.override("uk"):
        assert province_label("Grey") == province_label("Gray") == "Сіра"
        assert str(MAP_LABELS["germania"]) == "Германія"
    with translation.override("fr"):
        text = " ".join(line.text for line in map_lines(MAPS[MapName("germania")]))
        assert "Forts romains\u00a0:" in text


def test_a_problem_names_an_expansion_map_in_the_readers_language():
    from games.vocabulary import problem_message
    from scoring.types import Problem
    from scoring.validation import PROVINCES_OVER_MAP

    problem = Problem(
        path="players[0].provinces",
        template=PROVINCES_OVER_MAP,
        params={"map": "Ionium (small)", "maximum": 9, "given": 10},
    )
    with translation.override("es"):
        assert "Ionium (pequeño)" in problem_message(problem)
