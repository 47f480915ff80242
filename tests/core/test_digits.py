"""A number box reads the decimal digits of every script as ASCII's (scoring.digits): a keypad set to Arabic types ٣
for 3. Other characters that str.isdigit() takes for digits ("²", "①") make no number."""

import sys
import unicodedata

import pytest

from webscore.flow.fields import whole
from webscore.scoring.digits import ZEROS
from webscore.scoring.digits import ascii_digits
from webscore.scoring.pad import whole_number


@pytest.mark.skipif(unicodedata.unidata_version != "14.0.0", reason="ZEROS is Unicode 14's (CPython 3.11's)")
def test_the_zeros_are_those_of_every_run_of_decimal_digits_but_asciis():
    zeros = [code for code in range(0x80, sys.maxunicode + 1)
             if unicodedata.category(chr(code)) == "Nd" and unicodedata.decimal(chr(code)) == 0]
    assert list(ZEROS) == zeros


def test_each_runs_digits_are_read_as_their_value_and_what_stands_beside_a_run_as_it_is():
    for zero in ZEROS:
        assert ascii_digits("".join(chr(zero + n) for n in range(10))) == "0123456789"
        for beside in (chr(zero - 1), chr(zero + 10)):
            if unicodedata.category(beside) != "Nd":
                assert ascii_digits(beside) == beside


@pytest.mark.parametrize(("typed", "number"), [
    ("\u0663", 3),                 # Arabic-Indic ٣
    ("\u06f1\u06f2", 12),          # Persian ۱۲
    ("\uff13", 3),                 # full width ３
    ("-\u0664\u0662", -42),        # a minus before them: a whole number, below the ranges
    ("3\u0663", 33),               # ASCII's and another's, as a keypad switched midway writes them
    (" \u0967\u0966 ", 10),        # Devanagari १०, between spaces
    ("\U0001d7d8", 0),             # double-struck 𝟘
])
def test_another_scripts_digits_are_the_number_they_write(typed, number):
    assert whole(typed) == number
    assert whole_number(typed) == number


@pytest.mark.parametrize("typed", ["\u00b2", "\u2460", "\u0663.5", "\u0663 \u0664", "x\u0663", "\u216b"])
def test_what_is_no_decimal_digit_is_no_number(typed):
    # "²", "①", a decimal point, a space inside, a letter, the Roman numeral Ⅻ.
    assert whole(typed) is False
    assert whole_number(typed) == typed
