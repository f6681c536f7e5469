"""The pages behind F1 and F2: how to play each game, and every rule option in force.

The rules page lists every field of ``Rules`` (nothing is left out as too technical: a counter
wants the penetration as much as a beginner wants the payout) and marks each one that differs
from the preset the table started from, so ``--set`` overrides are visible at the table.
"""

from __future__ import annotations

import dataclasses

from rich.text import Text

from twentyone.money import dollars
from twentyone.pontoon.rules import DEFAULT_LIMIT
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


def rules_page(rules: Rules, base: Rules | None, name: str) -> Text:
    """Every rule option in force, overrides marked."""
    changed = overrides(rules, base)
    out = Text(f"Preset: {name}", style="bold")
    if changed:
        out.append(f"  ({len(changed)} option{'s' if len(changed) > 1 else ''} changed "
                   "with --set, marked ◆)", style="yellow")
    out.append("\n\n")
    width = max(len(f.name) for f in dataclasses.fields(rules))
    for f in dataclasses.fields(rules):
        value = option_text(f.name, getattr(rules, f.name))
        mark = "◆ " if f.name in changed else "  "
        out.append(mark, style="bold yellow")
        out.append(f"{f.name:<{width}}  ", style="bold" if f.name in changed else "")
        out.append(value + "\n", style="yellow" if f.name in changed else "")
    out.append("\nThe full rules, in words: docs/casino.md.", style="dim")
    return out


CASINO_HELP = """\
Blackjack against the dealer. Get closer to 21 than the dealer without going over; aces count
1 or 11, picture cards 10. A two-card 21 is a blackjack and pays the table's rate at once.

Type a letter and press Enter (the prompt lists only what you may do now):
  b 25   bet $25 (Enter repeats your last bet; a bare amount is a bet too)
  x      sit out this round          c   colour up (fewest chips, same value)
  q      colour up and leave the table (between rounds; Ctrl-C leaves at any moment)
  buy 500  buy more chips (offered when you cannot cover the minimum)
  h hit · s stand · d double (d 5 doubles for less where the table allows it)
  p split a pair · r surrender (where the table allows it)
  i insurance (i 5 for less) · e even money · n or Enter declines
  ?      the exact odds of each choice for your hand from a full shoe
  ??     the same for the cards you have not seen since the shuffle (a counter's view)

The coach (play --coach): after a play that is not the best one for these rules, it says in
the dealer's calls what was, and what the mistake cost on your bet; play goes on. With --count
hilo (or another count) it asks now and then between rounds for your running count and true
count: type them as +4 +1, or press Enter to skip. With --profile NAME your chips and the
session's statistics are kept: you sit down next time with what you left with.

Keys: F1 this help · F2 every rule in force · F3 the coach's warnings off and on (with a
coach) · PgUp/PgDn scroll the dealer's calls · Ctrl-C leave the table. Leaving mid-round
calls the round off: every bet on the layout goes back to its owner, and you colour up and
take your chips.

The seats show what you may see and nothing more: face-down cards are ░░░, and a face-down
double stays hidden even from you until the round is settled. Between rounds the felt shows
how the last round ended, with each hand's result and payout.
"""

PONTOON_HELP = f"""\
Pontoon: twenty-one with a changing bank, among friends. One player is the banker and plays
the dealer's hand with their own chips; everyone else bets against the bank.

The first banker. The pack is dealt face up round the table, one card each from seat 1, until
a black jack (J♠ or J♣) falls: that player banks first. A banker about to deal may keep the
bank, give it to another player (g SEAT) or sell it for chips (s SEAT CHIPS).

The deal. Bet 1 to {DEFAULT_LIMIT} chips. Everyone, the banker too, gets one card face down and
one face up. The banker checks for a pontoon (an ace and a ten-card, a natural) first: a
banker's pontoon collects double from every player, and a player who has one too pays just
the bet.

Your turn: h hit · s stand · d double (on 9, 10 or 11) · p split a pair · ? advice.
A bust is paid to the bank at once, and your hole card is turned.

Bonuses, paid at once and never lost:
  the five-card trick: five cards totalling 21 or less pay double; six pay 4 times, seven 8
    times (doubling for each card more);
  three sevens (7-7-7) pay triple; 8-7-6 pays double.

A player's pontoon is paid double (2 to 1) and takes the bank for the next deal, unless the
banker had one too. The banker draws as they please (not bound to 17); ties pay the banker.
If the banker runs out of chips, the bank passes to the next player on the left with chips.

Keys: F1 this help · F2 the rules · PgUp/PgDn scroll the log · Ctrl-C end the game (a deal in
play is called off and every bet goes back).
"""


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
