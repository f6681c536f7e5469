"""Money is integer cents; dollars appear only at the edges (rules files, command line, screens).

Parsing goes through ``Decimal`` so that "7.50" is exactly 750 cents and "7.505" is refused rather
than silently rounded. Only plain digits with at most one decimal point are dollars: no
exponents ("1e3"), no "inf" or "nan", and nothing above ``MAX_DOLLARS``.
"""

from __future__ import annotations

import re
from decimal import Decimal

from twentyone.errors import MoneyError

Cents = int

#: The largest amount anything in the package takes, in dollars: a billion. No table stake,
#: bankroll or limit comes near it, and it keeps every sum of cents the simulator and the reports
#: make far inside a 64-bit integer and exact as a float (2**53 cents is about $90 trillion).
MAX_DOLLARS = 1_000_000_000

#: Digits, optionally grouped by commas, with an optional decimal part: "7", "7.50", ".5",
#: "1,000". A leading "$" and surrounding spaces are allowed by ``parse_dollars``.
_DOLLARS = re.compile(r"(?:[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+)?(?:\.[0-9]*)?")

#: One rule for every number a person types, wherever it is read (a command's option, a rules
#: file or ``--set``, an amount): it is written with the digits 0 to 9. Python reads other
#: scripts' digits ("６", "١٠") as numbers in some places and not in others, so they are
#: refused everywhere, in these words.
DIGITS_RULE = "write numbers with the digits 0 to 9"


def other_digits(text: str) -> bool:
    """Whether ``text`` holds a digit or numeral other than 0 to 9 (another script's digits,
    a full-width ``６``, a superscript ``²``, a circled ``①``)."""
    return not text.isascii() and any(not c.isascii() and c.isnumeric() for c in text)


def parse_dollars(text: str | int) -> Cents:
    """Parse a dollar amount ("2", "7.50", "$1,000", or an int of dollars) into cents.

    Anything else raises ``MoneyError`` (a ``ValueError``) with a reason for people: a negative
    amount, fractions of a cent, exponents, "inf" or "nan", more than ``MAX_DOLLARS``, or a value
    that is neither a string nor a whole number (a float, a bool).
    """
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise MoneyError(f"not a dollar amount: {text!r} (give dollars as text, e.g. \"7.50\")")
    if isinstance(text, int):
        if text < 0:
            raise MoneyError(f"{text} is negative")
        if text > MAX_DOLLARS:
            raise MoneyError(f"{text} is more than the ${MAX_DOLLARS:,} anything here takes")
        return text * 100
    raw = text.strip()
    if other_digits(raw):
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise MoneyError(f"{DIGITS_RULE}, not {shown!r}")
    if raw.startswith("-"):
        raise MoneyError(f"{text!r} is negative")
    raw = raw.removeprefix("$").strip()
    if len(raw) > 40 or not raw or raw == "." or not _DOLLARS.fullmatch(raw):
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise MoneyError(f"not a dollar amount: {shown!r} (give digits, e.g. 7.50 or 1,000)")
    cents = Decimal(raw.replace(",", "")) * 100
    if cents != cents.to_integral_value():
        raise MoneyError(f"{text!r} is not a whole number of cents")
    if cents > MAX_DOLLARS * 100:
        raise MoneyError(f"{text!r} is more than the ${MAX_DOLLARS:,} anything here takes")
    return int(cents)


def dollars(cents: Cents) -> str:
    """Format cents for people: ``$7.50``, ``$15``, ``-$2``."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}${whole:,}" + (f".{frac:02d}" if frac else "")


def dollars_value(cents: Cents) -> float:
    """Cents as a float of dollars, for JSON reports only (never for arithmetic)."""
    return cents / 100
