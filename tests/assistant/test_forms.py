"""The helpers' forms read into game-log events (shape only)."""

from __future__ import annotations

from django.http import QueryDict

from assistant.concordia.forms import play_document


def _data(**fields: object) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        if isinstance(value, list):
            data.setlist(name, [str(v) for v in value])
        else:
            data[name] = str(value)
    return data


def test_a_prefect_for_cash_with_the_coins_counted_on_the_table():
    event = play_document(
        data=_data(cash=1, amount=7), player="Ana", card="Prefect", full=True
    )
    assert event == {
        "type": "play",
        "player": "Ana",
        "card": "Prefect",
        "cash": True,
        "amount": 7,
    }
    light = play_document(
        data=_data(cash=1, amount=7), player="Ana", card="Prefect", full=False
    )
    assert "amount" not in light


def test_goods_that_did_not_fit_are_named_per_player():
    event = play_document(
        data=_data(province="Gallia", **{"drop-1-food": 2, "drop-0-wine": 0}),
        player="Ana",
        card="Prefect",
        full=True,
        players=["Ana", "Bia"],
    )
    assert event["drop"] == {"Bia": {"food": 2}}


def test_a_diplomat_carries_the_copied_cards_fields():
    event = play_document(
        data=_data(copy="Bia", copied="I:Mercator", trade_wine=-1, trade_cloth=1),
        player="Caio",
        card="Diplomat",
        full=True,
    )
    assert event == {
        "type": "play",
        "player": "Caio",
        "card": "Diplomat",
        "copy": "Bia",
        "trade": {"wine": -1, "cloth": 1},
    }


def test_a_senator_buys_the_tapped_card_or_the_ticked_two():
    one = play_document(
        data=_data(buy_one="I:Mason", buy=["I:Farmer"]),
        player="Ana",
        card="Senator",
        full=False,
    )
    assert one["buy"] == ["I:Mason"]
    two = play_document(
        data=_data(buy=["I:Mason", "I:Farmer"]),
        player="Ana",
        card="Senator",
        full=False,
    )
    assert two["buy"] == ["I:Mason", "I:Farmer"]


def test_numbers_out_of_shape_are_clamped_not_a_traceback():
    event = play_document(
        data=_data(place_land="lots", place_sea=-3, cash=""),
        player="Ana",
        card="II:Colonist",
        full=True,
    )
    assert event["place"] == []
