"""The F1 help of the card room: each game's essentials and the keys.

The essentials are condensed from the players' rules reference (docs/games/durak.md,
docs/games/president.md, docs/games/solo-whist.md); they are kept here as text because an
installed package does not carry ``docs/``. Each paragraph names the section it condenses so the
two can be kept in step (tests/test_docs_citations.py follows every citation).
"""

from __future__ import annotations

import re

#: The keys every game shares, as (key, what it does); a game's own rows (``GAME_KEYS``) come
#: first and replace a shared row for the same key.
KEYS: tuple[tuple[str, str], ...] = (
    ("← → (Home, End)", "move along the cards you can play now (greyed cards are skipped)"),
    ("Enter", "play the card under the cursor"),
    ("1 … 9", "the numbered moves in the bar"),
    ("PgUp / PgDn", "scroll the log"),
    ("F1", "this help"),
    ("q", "leave the table: in the middle of a hand it asks first (y / n); between hands "
          "it leaves at once"),
)

GAME_KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "durak": (
        ("p", "pass: no more cards to throw in, or to hand over to a defender who takes"),
        ("t", "take the cards: offered only to the defender, facing an unbeaten card"),
    ),
    "president": (
        ("Space", "pick the card under the cursor for a set, or put it back; the line under "
                  "the prompt shows the set (\"your set: 7♠ 7♥\")"),
        ("Enter", "play the set you picked; with none picked, the card under the cursor "
                  "(facing a pair, the line shows the pair Enter plays). At the exchange, "
                  "the President gives the card under the cursor back, as the line shows"),
        ("p", "pass, when facing a play (the leader must play)"),
    ),
    "solo-whist": (
        ("1 … 9", "the bids you may make now, each with what it must take (\"Solo: win 5\", "
                  "\"Misère: lose all\"; Cop names its partner); after Abundance, trumps"),
        ("p", "pass in the bidding (a pass is final, but see Cop after passing)"),
    ),
}

#: What the footer and the keys promise, after the table.
KEYS_NOTE = """\
The footer lists only the keys whose move is legal for you now. A greyed card cannot be played
just now, and the line under the prompt says why, in the rules' own words; a key pressed for a
move you cannot make says why too, and changes nothing.
"""


def keys_markdown(game: str) -> str:
    """The keys as they are in ``game``: its own rows first, then the shared ones."""
    own = GAME_KEYS.get(game, ())
    mine = {k for k, _ in own}
    rows = [*own, *(row for row in KEYS if row[0] not in mine)]
    table = "\n".join(f"| {k} | {what} |" for k, what in rows)
    return f"## Keys\n\n| Key | What it does |\n|---|---|\n{table}\n\n{KEYS_NOTE}"


ESSENTIALS: dict[str, str] = {
    "durak": """\
# Durak

Get rid of your cards: the last player still holding cards is the **durak**, the fool.

- **Cards** (docs/games/durak.md#players-and-cards): 36 cards, six to ace; aces high. Six
  each; the next card is turned up for **trumps** and lies under the stock, the last card drawn.
- **Attacking** (docs/games/durak.md#attacking): the attacker opens a bout with one card.
- **Defending** (docs/games/durak.md#defending): beat each attack card with a higher card of its
  suit, or any trump on a plain card, or **take** the cards.
- **Throwing in** (docs/games/durak.md#throwing-in): when all is beaten, the attackers in turn
  may add a card of a rank already on the table, or pass. At most six attack cards, and never
  more than the defender held (docs/games/durak.md#the-bout-limit).
- **Taking** (docs/games/durak.md#taking-the-cards): the others may hand over more cards of the
  ranks on the table; the defender picks all up and the next player attacks.
- **Drawing up** (docs/games/durak.md#drawing-up): everyone draws back to six, attacker first,
  defender last. With the stock empty, a player without cards is out.
""",
    "president": """\
# President

Race to get rid of your cards; the order you go out in gives next hand's titles.

- **Ranking** (docs/games/president.md#card-ranking): 3 lowest, then up to K, A, and **2**
  highest. Suits never matter.
- **The first lead** (docs/games/president.md#the-first-lead): the 3♠ leads the first hand, alone
  or with other threes.
- **Playing** (docs/games/president.md#playing-and-beating): the leader plays one card or a set
  of one rank; each player in turn plays as many cards of a *higher* rank, or passes (a pass is
  not final within the trick).
- **Winning a trick** (docs/games/president.md#winning-a-trick): when all others have passed,
  the last to play leads anything.
- **Titles** (docs/games/president.md#titles): first out is President; the last holding cards is
  the Asshole, who deals next and gives the best card to the President, who hands any card back
  (docs/games/president.md#the-exchange).
""",
    "solo-whist": """\
# Solo Whist

Four players, each alone: a declarer names a contract, the others try to break it.

- **The deal** (docs/games/solo-whist.md#the-deal): 13 each; the dealer's last card is turned
  up: its suit is the **default suit**.
- **The bids** (docs/games/solo-whist.md#the-bids), lowest first: Prop (8 tricks with a partner
  who calls **Cop**), Solo (5), Misère (lose all, no trumps), Abundance (9, you name trumps),
  Abundance in Trump (9), Misère Ouverte (lose all, hand face up after the first trick), Slam
  (all 13, you lead).
- **Bidding** (docs/games/solo-whist.md#bidding): bid higher than the bid standing, call Cop on
  a lone Prop, or pass (a pass is final). All pass: the deal is abandoned.
- **The play** (docs/games/solo-whist.md#the-play): follow suit if you can; the highest trump
  wins a trick, else the highest card of the suit led.
- **Payment** (docs/games/solo-whist.md#payment): made, every defender pays every declarer the
  contract's credits in counters; broken, the declarers pay.
""",
}


#: A citation in the essentials, left out of the page a player reads.
_CITATION = re.compile(r"\s*\(docs/games/[a-z-]+\.md#[a-z-]+\)")


def help_markdown(game: str) -> str:
    """The help page for ``game``: its essentials, where the full rules are, then the keys."""
    page = _CITATION.sub("", ESSENTIALS.get(game, f"# {game}\n"))
    return f"{page}\nThe full rules: docs/games/{game}.md.\n\n{keys_markdown(game)}"
