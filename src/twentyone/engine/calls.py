"""What the dealer says aloud, worded as dealers are taught (docs/dealing.md#making-change):
amounts spoken as words, and the call of "cheque change" when a chip is broken for a player.
Pure functions of the table's events' amounts, for any face that narrates a table."""

from __future__ import annotations

from twentyone.money import Cents

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _below_thousand(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    parts = [f"{_ONES[hundreds]} hundred"] if hundreds else []
    if rest >= 20:
        tens, ones = divmod(rest, 10)
        parts.append(_TENS[tens] + (f"-{_ONES[ones]}" if ones else ""))
    elif rest or not parts:
        parts.append(_ONES[rest])
    return " ".join(parts)


def spoken(cents: Cents) -> str:
    """An amount as a dealer says it: "one hundred", "twenty-five", "two thousand five
    hundred", "seven fifty" ($7.50), "fifty cents"."""
    if cents < 0:
        raise ValueError("a spoken amount is not negative")
    whole, part = divmod(cents, 100)
    if not whole:
        return f"{_below_thousand(part)} cents"
    thousands, rest = divmod(whole, 1000)
    words = []
    if thousands:
        words.append(f"{_below_thousand(thousands)} thousand")
    if rest or not words:
        words.append(_below_thousand(rest))
    text = " ".join(words)
    if part:
        text += (f" {_below_thousand(part)}" if part >= 10
                 else f" and {_ONES[part]} cent{'s' if part > 1 else ''}")
    return text


def cheque_change(cents: Cents) -> str:
    """The call when a chip is broken (docs/dealing.md#making-change): "cheque change: one
    hundred", so that the player can correct the count."""
    return f"cheque change: {spoken(cents)}"
