"""The sheet's count fields clean a typed value exactly as Django's IntegerField does."""

from __future__ import annotations

from django import forms
from hypothesis import example, given
from hypothesis import strategies as st

from games.forms import seat_sheet_form
from scoring.ruleset import base


def _outcome(field: forms.Field, value: object) -> tuple[str, object]:
    try:
        return "ok", field.clean(value)
    except forms.ValidationError as error:
        return "error", error.messages


COUNTS = ("sestertii", "storehouse_wine", "cards_vesta", "provinces")
TYPED = st.one_of(
    st.text(max_size=6),
    st.text(alphabet="0123456789 +-.,²٣", max_size=6),
    st.integers(-5, 20000).map(str),
)


@given(value=TYPED)
@example(value="")
@example(value=" 7 ")
@example(value="007")
@example(value="99")
@example(value="100")
@example(value="9999")
@example(value="10000")
@example(value="-1")
@example(value="²")
@example(value="٣")
def test_a_count_cleans_like_a_plain_integer_field(value: str) -> None:
    for name in COUNTS:
        shared = seat_sheet_form(base("imperium")).base_fields[name]
        assert isinstance(shared, forms.IntegerField)
        plain = forms.IntegerField(
            min_value=shared.min_value, max_value=shared.max_value
        )
        assert _outcome(shared, value) == _outcome(plain, value), name
