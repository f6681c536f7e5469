"""The pages behind F1 and F2: how to play each game, and every rule option in force.

The rules page lists every field of ``Rules`` (nothing is left out as too technical: a counter
wants the penetration as much as a beginner wants the payout) and marks each one that differs
from the preset the table started from, so ``--set`` overrides are visible at the table.
"""

from __future__ import annotations

import dataclasses

from rich.text import Text

from twentyone.money import dollars
from twentyone.rules import Rules

#: Options measured in cents, shown as money.
MONEY = ("min_bet", "max_bet", "bet_unit", "payout_rounding")


def option_text(name: str, value: object) -> str:
    """One option's value as a player reads it."""
    if name in MONEY and isinstance(value, int):
        return dollars(value)
    if name == "chips" and isinstance(value, tuple):
        return ", ".join(f"{colour} {dollars(v)}" for colour, v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    return str(value)


def overrides(rules: Rules, base: Rules | None) -> dict[str, object]:
    """The options in which ``rules`` differ from ``base`` (the preset it started from)."""
    if base is None:
        return {}
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
            if getattr(rules, f.name) != getattr(base, f.name)}


#: Each rule option in words, as the F2 page names it (docs/casino.md has a section per option,
#: under its ``--set`` key).
LABELS: dict[str, str] = {
    "decks": "Packs shuffled together", "hit_soft_17": "Dealer hits soft 17",
    "peek": "Dealer checks the hole card for a blackjack",
    "peek_tens": "… under a ten-card too",
    "late_natural": "A dealer natural found after play counts as",
    "naturals_paid_at_once": "A player's natural is paid at once",
    "blackjack_pays": "A blackjack pays", "double_on": "Double down on",
    "double_for_less": "Double for less", "double_after_split": "Double after a split",
    "split_by": "Pairs that split", "max_hands": "Most hands from splitting",
    "resplit_aces": "Split aces again", "split_face_down": "Split hands dealt face down",
    "hit_split_aces": "Split aces may draw more than one card", "surrender": "Surrender",
    "insurance": "Insurance", "even_money": "Even money offered",
    "penetration": "Shoe dealt before the cut card",
    "cut_behind": "Cards left behind the cut card", "burn": "Cards burned after a shuffle",
    "reshuffle": "The cards are shuffled again",
    "reshuffle_below": "… when fewer cards remain than", "min_bet": "Smallest bet",
    "max_bet": "Largest bet", "bet_unit": "Bets in steps of",
    "payout_rounding": "Odd payouts rounded down to", "seats": "Seats at the table",
    "player_cards": "Players' cards fall",
    "hole_card_first": "Dealer's first card is the hole card",
    "double_face_down": "A double's card is dealt face down",
    "dealer_decides": "Dealer draws as they choose",
    "ties_to_dealer": "Ties go to the dealer",
    "dealer_natural_collects": "A dealer natural collects (times the bet)",
    "changing_bank": "A player banks (the bank changes hands)",
    "payout_style": "Winners are paid in", "chips": "Chips",
    "hit_signal": "A hit is signalled by",
}
#: A choice's value in words, where its spelling for ``--set`` is not one.
VALUE_WORDS: dict[str, str] = {
    "9-11": "9, 10 or 11", "10-11": "10 or 11", "any": "any two cards",
    "rank": "same rank only (K-Q is not a pair)", "value": "any two of the same value",
    "up-to-half": "up to half the bet", "exactly-half": "exactly half the bet",
    "none": "no", "cut-card": "after the round the cut card comes out",
    "below": "before a round, below a count of cards",
    "burn-card": "on reaching the burned card", "up": "face up",
    "down": "face down, held in the hand", "down-up": "the first face down, the rest face up",
    "twenty-one": "just 21", "fewest": "the fewest chips",
    "colour-for-colour": "colour for colour", "late": "late (after the peek)",
    "early": "early (before the peek)", "tap": "a tap on the felt",
    "scratch": "a scratch of the felt towards you, or a beckon",
}


def option_words(name: str, value: object) -> str:
    """One option's value in words (``cut_behind`` (60, 75) -> ``60 to 75``)."""
    if name == "cut_behind" and isinstance(value, tuple):
        return f"{value[0]} to {value[1]}"
    if name == "penetration" and isinstance(value, float):
        return f"{value:.0%}"
    text = option_text(name, value)
    return VALUE_WORDS.get(text, text)


def rules_page(rules: Rules, base: Rules | None, name: str) -> Text:
    """Every rule option in force, in words, overrides marked."""
    changed = overrides(rules, base)
    out = Text(f"Preset: {name}", style="bold")
    if changed:
        out.append(f"  ({len(changed)} option{'s' if len(changed) > 1 else ''} changed "
                   "with --set, marked ◆)", style="yellow")
    out.append("\n\n")
    fields = dataclasses.fields(rules)
    width = max(len(LABELS.get(f.name, f.name)) for f in fields)
    for f in fields:
        value = option_words(f.name, getattr(rules, f.name))
        if f.name == "penetration" and rules.cut_behind is not None:
            value = "— (the cards left behind it decide)"
        mark = "◆ " if f.name in changed else "  "
        out.append(mark, style="bold yellow")
        out.append(f"{LABELS.get(f.name, f.name):<{width}}  ",
                   style="bold" if f.name in changed else "")
        out.append(value + "\n", style="yellow" if f.name in changed else "")
    out.append("\nThe full rules, in words, option by option: docs/casino.md (each under its "
               "--set key).", style="dim")
    return out


def help_page(text: str) -> Text:
    """A help text as a page that wraps to the window: the source's hard-wrapped prose joined
    into paragraphs, while items (indented two spaces) keep their own lines and their
    continuations (indented four) join them."""
    out: list[str] = []
    prose = False
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if not line.strip():
            out.append("")
            prose = False
        elif indent >= 4 and out:
            out[-1] += " " + line.strip()
        elif indent == 0 and prose:
            out[-1] += " " + line
        else:
            out.append(line)
            prose = indent == 0
    return Text("\n".join(out))
