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
    assert card_tile("II:Consul").startswith(
        '<span class="tile-label">Consul\u00a0II</span>'
    )
    with translation.override("es"):
        assert card_tile("Diplomat").startswith(
            '<span class="tile-label long">Diplomático</span>'
        )
        assert card_tile("Senator").startswith(
            '<span class="tile-label">Senador</span>'
        )


def test_a_tile_shows_the_cards_god_and_effect():
    assert card_tile("II:Consul") == (
        '<span class="tile-label">Consul\u00a0II</span>'
        '<span class="tile-god" data-god="jupiter">Jupiter</span>'
        '<span class="tile-effect">Buy 1, no surcharge</span>'
    )
    # A specialist counts for Minerva.
    assert '<span class="tile-god" data-god="minerva">Minerva</span>' in card_tile(
        "I:Farmer"
    )


def test_the_standing_names_the_gods_in_the_readers_language():
    assert category_label("jupiter") == "Jupiter"
    with translation.override("es"):
        assert category_label("jupiter") == "Júpiter"
    with translation.override("uk"):
        assert category_label("jupiter") == "Юпітер"
