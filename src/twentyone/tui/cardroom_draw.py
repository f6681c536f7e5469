"""Drawing what the card room's games share at the terminal from one seat's view: the
person's fanned hand, the players panel, and which moves are cards and which are buttons. The
cards themselves and each game's own table and words are drawn by the game's drawing
(``games.core.picture``, named by its registry entry).

Every function here takes a seat's view (``SeatSession.view``, revived by the drawing) or the
operations the game offers: never the game itself. Whatever the view hides, the screen
therefore cannot show. The Textual app (``tui.cardroom``) only arranges these pictures; keeping
them pure Rich ``Text`` lets tests read them back as plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.text import Text

from twentyone.cards import SUIT_SYMBOLS, Card
from twentyone.games.core.ops import CardOp, Give, Play
from twentyone.games.core.picture import (
    BACK,
    CURSOR_BG,
    DIM_FACE,
    FELT,
    IVORY,
    PICKED_BG,
    Canvas,
    card_label,
    chips,
    seat_name,
    suit_style,
)

__all__ = ["BACK", "CURSOR_BG", "DIM_FACE", "FELT", "IVORY", "PICKED_BG", "card_label",
           "card_ops", "chips", "fan", "other_ops", "seat_lines"]

# -- the person's hand ---------------------------------------------------------------------------

#: Width of the visible slice of an overlapped card in a fanned hand.
SLICE = 4
FAN_HEIGHT = 6


def fan_rows(n: int, width: int) -> list[range]:
    """Split ``n`` cards into rows of a fan that fit ``width`` columns."""
    per_row = max(1, (width - 2) // SLICE)
    return [range(i, min(n, i + per_row)) for i in range(0, n, per_row)] or [range(0)]


def fan(hand: Sequence[Card], *, width: int, cursor: int | None = None,
        picked: Iterable[int] = (), playable: Iterable[Card] | None = None) -> Text:
    """The person's hand fanned out like cards held in the hand: each card overlaps the next,
    showing its rank and suit; the cursor's card and picked cards are lifted; cards that are no
    legal move now (``playable`` given) are greyed; a ``▲`` marks the cursor and a ``✓`` each
    picked card, so the choice reads back as text too."""
    chosen = set(picked)
    can = None if playable is None else set(playable)
    out = Text(no_wrap=True, overflow="crop")
    for r, rows in enumerate(fan_rows(len(hand), width)):
        cv = Canvas(width, FAN_HEIGHT)
        if not rows:
            cv.put(1, 2, "(no cards)", "italic #9e9e9e")
        for k, i in enumerate(rows):
            c = hand[i]
            last = i == rows[-1]
            lifted = i == cursor or i in chosen
            bg = CURSOR_BG if i == cursor else PICKED_BG if i in chosen else IVORY
            border, face = f"#8a8270 on {bg}", suit_style(c.suit, bg)
            if can is not None and c not in can and not lifted:
                border = face = DIM_FACE
            x, y = 1 + k * SLICE, 0 if lifted else 1
            w = SLICE + 1 if last else SLICE
            cv.put(x, y, ("╭" + "─" * (w - 2) + "╮") if last else "╭" + "─" * (w - 1), border)
            label = f"{card_label(c):<3}"
            cv.put(x, y + 1, "│", border)
            cv.put(x + 1, y + 1, label, face)
            cv.put(x, y + 2, "│", border)
            cv.put(x + 1, y + 2, f" {SUIT_SYMBOLS[c.suit]} ", face)
            cv.put(x, y + 3, "╰" + "─" * (w - 1), border)
            if last:
                for dy in (1, 2):
                    cv.put(x + SLICE, y + dy, "│", border)
                cv.put(x + SLICE, y + 3, "╯", border)
            if i in chosen:
                cv.put(x + 1, 5, "✓", "bold #a5d6a7")
            if i == cursor:
                cv.put(x + 2, 5, "▲", "bold #ffd54f")
        if r:
            out.append("\n")
        out.append_text(cv.text())
    return out


# -- the seats -----------------------------------------------------------------------------------

def seat_lines(view: Mapping[str, Any], me: int, tally: Mapping[int, str],
               tags: Callable[[int], list[str]]) -> Text:
    """One line per seat: whose turn (▶), the cards they hold (as a count, never the cards),
    their part in this hand (``tags``, from the game's drawing), and the running ``tally``
    (counters, times durak, titles)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    for i, s in enumerate(sorted(view["counts"])):
        if i:
            out.append("\n")
        turn = view["to_act"] == s and view["phase"] != "deal"
        out.append("▶ " if turn else "  ", "bold #ffd54f")
        out.append(f"{seat_name(s, me):<7}", "bold #ffffff" if s == me else "#e0e0e0")
        n = view["counts"][s]
        out.append(f"{n:>2}", "#90caf9")
        out.append("▮ " if n else "  ", "#5c6bc0")
        marks = (["dlr"] if view.get("dealer") == s else []) + tags(s)
        out.append(" ".join(marks) + " ", "#a5d6a7")
        if tally.get(s):
            out.append(tally[s], "#ffcc80")
    return out


# -- moves ---------------------------------------------------------------------------------------

def card_ops(legal: Sequence[CardOp]) -> list[Play | Give]:
    """The moves made by choosing cards in the hand."""
    return [op for op in legal if isinstance(op, (Play, Give))]


def other_ops(legal: Sequence[CardOp]) -> list[CardOp]:
    """The moves made with a button or a number key (bids, pass, take, trumps)."""
    return [op for op in legal if not isinstance(op, (Play, Give))]
