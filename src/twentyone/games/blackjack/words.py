"""The chip games' own words at the terminal: how to play each, as its F1 page says it (the
registry's entries hand them to the terminal, which lays them out: ``tui.pages.help_page``)."""

from __future__ import annotations

from twentyone.pontoon.rules import DEFAULT_LIMIT

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
