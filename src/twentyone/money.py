"""Money is integer cents; dollars appear only at the edges (rules files, command line, screens).

Parsing goes through ``Decimal`` so that "7.50" is exactly 750 cents and "7.505" is refused rather
than silently rounded.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

Cents = int


def parse_dollars(text: str | int) -> Cents:
    """Parse a dollar amount ("2", "7.50", "$1,000", or an int of dollars) into cents."""
    raw = str(text).strip().replace("$", "").replace(",", "")
    try:
        amount = Decimal(raw)
    except InvalidOperation:
        raise ValueError(f"not a dollar amount: {text!r}") from None
    cents = amount * 100
    if cents != cents.to_integral_value():
        raise ValueError(f"{text!r} is not a whole number of cents")
    if cents < 0:
        raise ValueError(f"{text!r} is negative")
    return int(cents)


def dollars(cents: Cents) -> str:
    """Format cents for people: ``$7.50``, ``$15``, ``-$2``."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}${whole:,}" + (f".{frac:02d}" if frac else "")


def dollars_value(cents: Cents) -> float:
    """Cents as a float of dollars, for JSON reports only (never for arithmetic)."""
    return cents / 100
