"""Durak at the terminal: the bout on the table, the stock over the trump card, and the game's
words (``core.picture.GameDrawing``; the registry's entry names it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from twentyone.cards import SUIT_SYMBOLS, Card
from twentyone.protocol import HandResult

from ..core.cards import ace_high
from ..core.events import Event
from ..core.ops import CardOp
from ..core.picture import (
    Canvas,
    GameDrawing,
    card_label,
    draw_card,
    line,
    seat_name,
    seat_named,
    suit_style,
    verb_s,
)
from ..core.sheet import times


def _durak(r: HandResult) -> int | None:
    """A finished game's durak (None: a draw)."""
    d = r.detail.get("durak")
    return None if d is None else int(d)


class DurakDrawing(GameDrawing):
    cards = ("hand", "trump_card", "table")
    essentials = """\
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
"""
    keys = (
        ("p", "pass: no more cards to throw in, or to hand over to a defender who takes"),
        ("t", "take the cards: offered only to the defender, facing an unbeaten card"),
    )

    def sort_hand(self, view: Mapping[str, Any]) -> list[Card]:
        """By suit, trumps at the right."""
        if view["trump_card"] is None:
            return super().sort_hand(view)
        trump = view["trump_card"].suit
        return sorted(view["hand"] or (),
                      key=lambda c: (c.suit == trump, int(c.suit), ace_high(c)))

    def table(self, view: Mapping[str, Any], me: int, width: int) -> Text:
        cv = Canvas(width, 7)
        pairs: Sequence[tuple[Card, Card | None]] = view["table"]
        if view["phase"] == "deal":
            cv.put(1, 1, "The cards are gathered for the next game.", "italic #c8e6c9")
            return cv.text()
        att, dfd = view["attacker"], view["defender"]
        verb = "attack" if att == me else "attacks"
        cv.put(1, 0, f"{seat_name(att, me)} {verb} {seat_named(dfd, me)}", "bold #fff59d")
        cv.put(width - 14, 0, f"bout limit {view['limit']}", "#a5d6a7")
        x = 1
        for a, d in pairs:
            draw_card(cv, x, 1, a)
            if d is not None:
                draw_card(cv, x + 2, 3, d)
            x += 7 if d is not None else 6
        if not pairs:
            cv.put(1, 2, "No cards on the table yet.", "italic #c8e6c9")
        # The stock, with the trump card turned up under it (visible while it is still there).
        sx = width - 9
        trump: Card | None = view["trump_card"]
        if trump is not None:
            if view["trump_in_stock"]:
                draw_card(cv, sx + 3, 1, None)   # the stock, laid across the trump card
                draw_card(cv, sx, 2, trump)
                cv.put(sx, 5, f"stock {view['stock']:>2}", "#c8e6c9")
            else:
                cv.put(sx - 2, 2, "stock empty", "#c8e6c9")
            cv.put(sx, 6, "trumps ", "#c8e6c9")
            cv.put(sx + 7, 6, SUIT_SYMBOLS[trump.suit], suit_style(trump.suit))
        return cv.text()

    def tags(self, view: Mapping[str, Any], seat: int) -> list[str]:
        if view["phase"] == "deal":
            return []
        out = []
        if seat == view["attacker"]:
            out.append("attacks")
        elif seat == view["defender"]:
            out.append("defends")
        if seat in view["out"]:
            out.append("out")
        return out

    def topbar(self, view: Mapping[str, Any], me: int) -> str:
        trump: Card | None = view["trump_card"]
        return "" if trump is None else f"trumps {SUIT_SYMBOLS[trump.suit]}"

    def prompt(self, view: Mapping[str, Any], legal: Sequence[CardOp]) -> str:
        phase = view["phase"]
        if phase == "attack":
            return "Attack: choose a card (←/→ then Enter)."
        if phase == "defend":
            attack = view["table"][-1][0]
            return f"Defend: beat {card_label(attack)} with a card, or take (t)."
        if phase == "give":
            return "The defender takes: hand over more cards of ranks on the table, or pass (p)."
        return "Throw in a card of a rank on the table, or pass (p)."

    def tally(self, view: Mapping[str, Any], results: Sequence[HandResult]) -> dict[int, str]:
        return {s: f"fool×{k}" for s in view["counts"]
                if (k := sum(1 for r in results if _durak(r) == s))}

    def last_result(self, results: Sequence[HandResult], me: int) -> str:
        last = _durak(results[-1])
        if last is None:
            return "A drawn game: nobody is the durak."
        return f"{seat_name(last, me)} {'are' if last == me else 'is'} the durak!"

    def standing(self, view: Mapping[str, Any], results: Sequence[HandResult],
                 seat: int) -> str:
        n = sum(1 for r in results if _durak(r) == seat)
        return f"the durak {times(n)}" if n else "never the durak"


    def tell(self, e: Event, me: int) -> Text | None:
        who, other, k = seat_name(e.seat, me), seat_named(e.other, me), e.kind
        s = verb_s(e, me)
        words: dict[str, tuple[str, str]] = {
            "trump": ("Trumps are", "bold #fff59d"),
            "lowest-trump": (f"{who} hold{s} the lowest trump", "#e0e0e0"),
            "bout": (f"— {who} attack{s} {other}.", "#81c784"),
            "attack": (f"{who} attack{s} with", "#e0e0e0"),
            "give": (f"{who} hand{s} over", "#e0e0e0"),
            "take": (f"{who} take{s}.", "#ffab91"),
            "picked-up": (f"{who} pick{s} up", "#ffab91"),
            "discarded": ("Beaten off; discarded", "#9e9e9e"),
            "durak": (f"{who} {'are' if e.seat == me else 'is'} the durak!", "bold #ef9a9a"),
            "draw-game": ("A drawn game: nobody is the durak.", "bold #80cbc4"),
        }
        if k == "beat":
            return line(f"{who} beat{s} {card_label(e.cards[0])} with", e.cards[1:])
        if k in words:
            said, style = words[k]
            return line(said, e.cards, style)
        return None
