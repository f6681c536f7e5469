"""Drawing what the card room's games share (cards, the hand, the seats, the log) from one
seat's view; each game's own table and words are in ``cardroom_games``.

Every function here takes a seat's ``view`` (``Game.view(seat)``), the events that seat may see
(``Event.seen_by``) or the operations the game offers: never the game itself. Whatever the view
hides, the screen therefore cannot show. The Textual app (``tui.cardroom``) only arranges these
pictures; keeping them pure Rich ``Text`` lets tests read them back as plain text.

Cards are drawn as little ivory boxes with the rank and suit on one line (``10♥``), so the
screen reads back card by card; red suits are red, the felt is green.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.text import Text

from twentyone.cards import RANK_LABELS, SUIT_SYMBOLS, Card, Suit
from twentyone.games.core.events import Event
from twentyone.games.core.ops import Bid, Deal, Give, NameTrump, Op, Pass, Play, Take
from twentyone.games.solo_whist.contracts import CONTRACTS, COP

RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
IVORY = "#f6f1e1"
FELT = "#0d5c3a"
#: A card face: the style of its border, and of red and black ink.
BORDER = f"#8a8270 on {IVORY}"
RED_INK = f"bold #c62828 on {IVORY}"
BLACK_INK = f"bold #16161d on {IVORY}"
#: A card that is not a legal move just now is greyed out.
DIM_FACE = "#7c7a72 on #c9c4b4"
#: The cursor's card and the cards picked for a set are lifted and tinted.
CURSOR_BG = "#ffd54f"
PICKED_BG = "#a5d6a7"
BACK = "#e8e8f0 on #3949ab"


def card_label(c: Card) -> str:
    """``10♥``: how a card is written everywhere on the screen (tests read cards back by it)."""
    return RANK_LABELS[c.rank] + SUIT_SYMBOLS[c.suit]


def suit_style(suit: Suit, bg: str = IVORY) -> str:
    colour = "#c62828" if suit in RED_SUITS else "#16161d"
    return f"bold {colour} on {bg}"


def ink(c: Card) -> str:
    """A card's ink colour for plain (felt-less) text such as the log."""
    return "bold #ef5350" if c.suit in RED_SUITS else "bold #eceff1"


def chip(c: Card) -> Text:
    """A card as a one-line chip, ivory with coloured ink, for lists and the log."""
    return Text(card_label(c), style=suit_style(c.suit))


def chips(cards: Iterable[Card], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(chip(c))
    return out


def seat_name(seat: int | None, me: int) -> str:
    if seat is None:
        return "nobody"
    return "You" if seat == me else f"Seat {seat}"


class Canvas:
    """A grid of styled characters: cards overlap, so pictures are drawn cell by cell."""

    def __init__(self, width: int, height: int, bg: str = "") -> None:
        self.width, self.height = width, height
        self.cells = [[(" ", bg) for _ in range(width)] for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.height:
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.cells[y][x + i] = (ch, style)

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y, row in enumerate(self.cells):
            if y:
                out.append("\n")
            for ch, style in row:
                out.append(ch, style)
        out.rstrip()
        return out


def draw_card(cv: Canvas, x: int, y: int, c: Card | None, bg: str = IVORY) -> None:
    """A whole 5×3 card (``None``: a card back)."""
    if c is None:
        cv.put(x, y, "╭───╮", BACK)
        cv.put(x, y + 1, "│░░░│", BACK)
        cv.put(x, y + 2, "╰───╯", BACK)
        return
    border = f"#8a8270 on {bg}"
    cv.put(x, y, "╭───╮", border)
    cv.put(x, y + 1, "│", border)
    cv.put(x + 1, y + 1, f"{card_label(c):<3}", suit_style(c.suit, bg))
    cv.put(x + 4, y + 1, "│", border)
    cv.put(x, y + 2, "╰───╯", border)


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


def call_label(call: str) -> str:
    if call == "pass":
        return "pass"
    if call == COP:
        return "Cop"
    return CONTRACTS[call].label


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

def op_label(op: Op) -> str:
    """What a button for ``op`` says."""
    if isinstance(op, Bid):
        return call_label(op.bid)
    if isinstance(op, NameTrump):
        return f"{SUIT_SYMBOLS[op.suit]} {op.suit.name.title()}"
    if isinstance(op, Take):
        return "Take"
    if isinstance(op, Pass):
        return "Pass"
    if isinstance(op, Deal):
        return "Deal"
    if isinstance(op, (Play, Give)):
        return " ".join(card_label(c) for c in op.cards)
    return op.name


def card_ops(legal: Sequence[Op]) -> list[Play | Give]:
    """The moves made by choosing cards in the hand."""
    return [op for op in legal if isinstance(op, (Play, Give))]


def other_ops(legal: Sequence[Op]) -> list[Op]:
    """The moves made with a button or a number key (bids, pass, take, trumps)."""
    return [op for op in legal if not isinstance(op, (Play, Give))]


# -- the log -------------------------------------------------------------------------------------

def narrate(e: Event, me: int) -> Text | None:
    """One event as a line of the log (``None``: not worth a line). ``e`` must already be the
    seat's version of the event (``Event.seen_by``): another seat's private cards are blanks."""
    who = seat_name(e.seat, me)
    other = seat_name(e.other, me)
    k = e.kind
    out = Text()

    def say(words: str, cards: Sequence[Card] = (), style: str = "#e0e0e0") -> Text:
        out.append(words, style)
        if cards:
            out.append(" ")
            out.append_text(chips(cards))
        return out

    if k == "shuffled":
        return say(f"{who} shuffle{'' if e.seat == me else 's'} and deal"
                   f"{'' if e.seat == me else 's'}.", style="italic #9e9e9e")
    if k in ("dealt", "drew"):
        verb = "drew" if k == "drew" else "were dealt" if e.seat == me else "was dealt"
        if e.cards:
            return say(f"{who} {verb}", e.cards) if k == "drew" else None
        n = e.value if isinstance(e.value, int) else 0
        return say(f"{who} {verb} {n} card{'s' if n != 1 else ''}.", style="#9e9e9e")
    if k == "trump":
        return say("Trumps are", e.cards, "bold #fff59d")
    if k == "turned-up":
        return say(f"{who} turn{'' if e.seat == me else 's'} up", e.cards, "#fff59d")
    if k == "lowest-trump":
        return say(f"{who} hold{'' if e.seat == me else 's'} the lowest trump", e.cards)
    if k == "bout":
        return say(f"— {who} attack{'' if e.seat == me else 's'} {other}.", style="#81c784")
    if k == "attack":
        return say(f"{who} attack{'' if e.seat == me else 's'} with", e.cards)
    if k == "give":
        return say(f"{who} hand{'' if e.seat == me else 's'} over", e.cards)
    if k == "beat":
        return say(f"{who} beat{'' if e.seat == me else 's'} {card_label(e.cards[0])} with",
                   e.cards[1:])
    if k == "take":
        return say(f"{who} take{'' if e.seat == me else 's'}.", style="#ffab91")
    if k == "pass":
        return say(f"{who} pass{'' if e.seat == me else 'es'}.", style="#9e9e9e")
    if k == "picked-up":
        return say(f"{who} pick{'' if e.seat == me else 's'} up", e.cards, "#ffab91")
    if k == "discarded":
        return say("Beaten off; discarded", e.cards, "#9e9e9e")
    if k == "out":
        title = f" as {e.value}" if e.value else ""
        return say(f"{who} {'are' if e.seat == me else 'is'} out{title}.", style="bold #80cbc4")
    if k == "durak":
        return say(f"{who} {'are' if e.seat == me else 'is'} the durak!", style="bold #ef9a9a")
    if k == "draw-game":
        return say("A drawn game: nobody is the durak.", style="bold #80cbc4")
    if k == "play":
        return say(f"{who} play{'' if e.seat == me else 's'}", e.cards)
    if k == "cleared":
        return say(f"Trick to {who}; the pile is set aside.", style="#9e9e9e")
    if k == "asshole":
        return say(f"{who} {'are' if e.seat == me else 'is'} the {e.value}.",
                   style="bold #ef9a9a")
    if k == "seated":
        return say("The players change chairs for the new titles.", style="#9e9e9e")
    if k == "surrendered":
        return say(f"{who} give{'' if e.seat == me else 's'} the best card to {other}", e.cards)
    if k == "handed-back":
        return say(f"{who} hand{'' if e.seat == me else 's'} a card back to {other}", e.cards)
    if k == "bid":
        return say(f"{who} bid{'' if e.seat == me else 's'} {call_label(str(e.value))}.",
                   style="#fff59d")
    if k == "cop":
        return say(f"{who} call{'' if e.seat == me else 's'} Cop with {other}.",
                   style="#fff59d")
    if k == "abandoned":
        return say(f"The deal is abandoned: {e.value}.", style="bold #ffab91")
    if k == "contract":
        partner = f" with {other}" if e.other else ""
        return say(f"Contract: {call_label(str(e.value))} by {who}{partner}.",
                   style="bold #fff59d")
    if k == "trump-named":
        return say(f"{who} name{'' if e.seat == me else 's'} {e.value} as trumps.",
                   style="#fff59d")
    if k == "turn-up-taken":
        return None
    if k == "trick":
        return say(f"{who} win{'' if e.seat == me else 's'} the trick:", e.cards, "#80cbc4")
    if k == "exposed":
        return say(f"{who} lay{'' if e.seat == me else 's'} the hand face up:", e.cards,
                   "#fff59d")
    if k in ("made", "broken"):
        return say(f"The contract is {k} ({e.value} tricks).", style="bold #fff59d")
    if k == "paid":
        return say(f"{who} pay{'' if e.seat == me else 's'} {other} {e.value}.",
                   style="#ffcc80")
    return say(f"{who}: {k}", e.cards)
