"""The assistant's card and goods words, as each language can say them."""

from __future__ import annotations

from django.utils import translation

from assistant.concordia.templatetags.concordia_assistant import (
    card_tile,
    category_label,
    goods_text,
)


def test_a_price_counts_a_good_it_repeats_instead_of_repeating_the_word():
    assert goods_text(["cloth", "cloth"]) == "2 cloth"
    assert goods_text(["tool", "?"]) == "tool, any good"
    assert goods_text([]) == "—"
    with translation.override("uk"):
        assert goods_text(["cloth", "cloth"]) == "2 тканини"


def test_a_tile_marks_a_label_whose_longest_word_would_not_fit():
    assert card_tile("I:Senator") == '<span class="tile-label">Senator I</span>'
    with translation.override("es"):
        assert card_tile("Diplomat") == (
            '<span class="tile-label long">Diplomático</span>'
        )
        assert card_tile("Senator") == '<span class="tile-label">Senador</span>'


def test_the_standing_names_the_gods_in_the_readers_language():
    assert category_label("jupiter") == "Jupiter"
    with translation.override("es"):
        assert category_label("jupiter") == "Júpiter"
    with translation.override("uk"):
        assert category_label("jupiter") == "Юпітер"
