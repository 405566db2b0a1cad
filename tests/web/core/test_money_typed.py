"""An amount of money typed in a form (``web.core.forms.parse_money``): the chip value of the
new-night and import forms is asked as money ("0,05 €", "0.05"), read into int cents,
and shown back as the host typed it or, from cents, as ``money_typed`` writes it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.core.forms import MAX_NUMBER, MoneyRefused, money_input, parse_money

AMOUNTS = [("0,05 €", 5), ("0.05", 5), ("€0,05", 5), ("0,05€", 5), ("0,05 EUR", 5), ("EUR 0.05", 5),
           ("$1.5", 150), ("12", 1200), (",5", 50), ("0,10\u00a0€", 10), ("  2,00  ", 200)]


@pytest.mark.parametrize(("typed", "cents"), AMOUNTS)
def test_a_typed_amount_is_read_as_cents_with_a_comma_or_a_point_and_an_optional_sign(typed, cents):
    assert parse_money(typed) == cents


REFUSED = [("0,055", "decimals"), ("1.250,00", "format"), ("-0,05", "negative"), ("\u22121 €", "negative"),
           ("0", "zero"), ("0,00 €", "zero"), (str(MAX_NUMBER // 100 + 1), "too_large"),
           ("9" * 30, "too_large"), ("", "format"), ("abc", "format"), ("1e3", "format"),
           ("\u0661\u0662", "format"), ("5,", "format"), ("1,2,3", "format"), ("€ € 1", "format")]


@pytest.mark.parametrize(("typed", "code"), REFUSED)
def test_what_is_not_an_amount_is_refused_with_a_code(typed, code):
    with pytest.raises(MoneyRefused) as refused:
        parse_money(typed)
    assert refused.value.code == code


@given(st.integers(min_value=1, max_value=MAX_NUMBER), st.sampled_from([",", "."]),
       st.sampled_from(["", " €", "€", " EUR", "$ "]))
def test_cents_written_as_a_money_field_shows_them_are_read_back(cents, decimal, sign):
    written = money_input(cents, decimal)
    typed = sign + written if sign.endswith(" ") or sign == "$ " else written + sign
    assert parse_money(typed) == cents


@given(st.text(max_size=12))
def test_any_text_is_either_cents_in_range_or_a_refusal_code(text):
    try:
        cents = parse_money(text)
    except MoneyRefused as refused:
        assert refused.code in {"format", "decimals", "negative", "zero", "too_large"}
    else:
        assert isinstance(cents, int) and 1 <= cents <= MAX_NUMBER
