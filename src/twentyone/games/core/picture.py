"""How a card game looks at the terminal, from one seat's view: the cards, the felt's canvas,
and each game's drawing (``GameDrawing``), which the game's registry entry names
(``games.registry.GameEntry.drawing``).

The terminal's card room (``tui.cardroom``) knows no game: it asks the entry's drawing how to
sort a hand, draw the middle of the table, tag a seat, word the prompt, label a move, tell an
event and sum up a hand. The drawing lives beside its game (``games/<game>/picture.py``) because
only the game knows its view's fields and its events' words; it draws with Rich ``Text`` only
(no widgets), so the games stay below the terminal in the layers. Everything here reads a seat's
view (``protocol.View.body``, revived by ``GameDrawing.revive``), the events that seat may see
and the finished hands' public results (``protocol.HandResult``): never the game itself, so the
screen can show nothing the seat may not see.

Cards are drawn as little ivory boxes with the rank and suit on one line (``10♥``), so the
screen reads back card by card; red suits are red, the felt is green.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text

from twentyone.cards import RANK_LABELS, SUIT_SYMBOLS, Card, Suit, parse_card
from twentyone.protocol import HandResult

from .cards import ace_high, suit_from_letter
from .events import Event
from .ops import CardOp, Deal, Give, NameTrump, Pass, Play, Take

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
    """A seat as the first word of a line: ``You`` or ``Seat 2``."""
    if seat is None:
        return "nobody"
    return "You" if seat == me else f"Seat {seat}"


def seat_named(seat: int | None, me: int) -> str:
    """A seat inside a sentence: ``you`` (not "to You", "Solo by You"), or ``Seat 2``."""
    return "you" if seat == me and seat is not None else seat_name(seat, me)


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



# -- a seat's view, back from JSON ----------------------------------------------------------------

def revive(body: Mapping[str, Any], cards: Iterable[str] = ("hand",),
           suits: Iterable[str] = ()) -> dict[str, Any]:
    """A seat's view as the game holds it, from ``protocol.View.body`` (JSON: cards as codes,
    suits as letters, seat numbers as string keys): the fields named in ``cards`` hold cards
    (at any depth), those in ``suits`` a suit; lists become tuples and seat-numbered keys
    numbers again. A drawing names its game's card fields (``GameDrawing.cards``)."""
    card_fields, suit_fields = set(cards), set(suits)
    out: dict[str, Any] = {}
    for key, value in body.items():
        if key in card_fields:
            out[key] = _thaw(value, _card)
        elif key in suit_fields:
            out[key] = None if value is None else suit_from_letter(str(value))
        else:
            out[key] = _thaw(value, None)
    return out


def _card(code: str) -> Card:
    return parse_card(code)


def _thaw(value: Any, leaf: Any) -> Any:
    """Lists to tuples, digit keys to numbers, and (``leaf`` given) strings through it."""
    if isinstance(value, dict):
        return {(int(k) if isinstance(k, str) and k.isdigit() else k): _thaw(v, leaf)
                for k, v in value.items()}
    if isinstance(value, list):
        return tuple(_thaw(v, leaf) for v in value)
    if isinstance(value, str) and leaf is not None:
        return leaf(value)
    return value


# -- each game's drawing --------------------------------------------------------------------------

def line(words: str, cards: Sequence[Card] = (), style: str = "#e0e0e0") -> Text:
    """A line of the log: words, then the cards as chips."""
    out = Text(words, style)
    if cards:
        out.append(" ")
        out.append_text(chips(cards))
    return out


def verb_s(e: Event, me: int, plural: str = "s") -> str:
    """A verb's ending for the event's seat: none for "You", else ``plural``."""
    return "" if e.seat == me else plural


class GameDrawing:
    """What the terminal asks of a game's drawing; the defaults draw a plain game of cards
    (a game registered without a drawing of its own is drawn by these)."""

    #: The view's fields that hold cards, and those that hold a suit (``revive``).
    cards: ClassVar[tuple[str, ...]] = ("hand",)
    suits: ClassVar[tuple[str, ...]] = ()
    #: The game's essentials for F1 (Markdown, a ``# Title`` first; citations of ``docs/`` are
    #: left out of the page shown), and its own keys, before the keys every game shares.
    essentials: ClassVar[str] = ""
    keys: ClassVar[tuple[tuple[str, str], ...]] = ()

    def revive(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The seat's view from its JSON body, as this game's drawing reads it."""
        return revive(body, self.cards, self.suits)

    def sort_hand(self, view: Mapping[str, Any]) -> list[Card]:
        """The hand as a player would hold it (by suit, aces high)."""
        order = {3: 0, 2: 1, 0: 2, 1: 3}   # ♠ ♥ ♣ ♦: alternating colours
        return sorted(view["hand"] or (), key=lambda c: (order[int(c.suit)], ace_high(c)))

    def table(self, view: Mapping[str, Any], me: int, width: int) -> Text:
        """The middle of the table."""
        return Canvas(width, 7).text()

    def tags(self, view: Mapping[str, Any], seat: int) -> list[str]:
        """A few words on ``seat``'s part in this hand (attacks, passed, declarer...)."""
        return []

    def topbar(self, view: Mapping[str, Any], me: int) -> str:
        """What the title bar adds after the hand number (trumps, the contract)."""
        return ""

    def prompt(self, view: Mapping[str, Any], legal: Sequence[CardOp]) -> str:
        """What the person is asked to do, in words (called only when they have moves)."""
        return "Your move."

    def label(self, op: CardOp, view: Mapping[str, Any], me: int) -> str:
        """What the button for ``op`` says."""
        return op_label(op)

    def describe(self, op: Play | Give, view: Mapping[str, Any], me: int) -> Text:
        """What Enter would do, when the cursor alone does not show it (a set, a card given)."""
        out = Text(f"Enter {'gives' if isinstance(op, Give) else 'plays'} ", "#e0e0e0")
        out.append_text(chips(op.cards))
        return out

    def tally(self, view: Mapping[str, Any], results: Sequence[HandResult]) -> dict[int, str]:
        """Each seat's running result in a few characters, for the players panel."""
        return {}

    def last_result(self, results: Sequence[HandResult], me: int) -> str:
        """The hand just finished, in a sentence."""
        return "The hand is over."

    def standing(self, view: Mapping[str, Any], results: Sequence[HandResult],
                 seat: int) -> str:
        """``seat``'s result over the hands played, for the standings table: its score."""
        return f"{sum(r.scores.get(seat, 0) for r in results):+d}"

    def narrate(self, e: Event, me: int) -> Text | None:
        """One event as a line of the log (``None``: not worth a line). ``e`` must already be
        the seat's version of the event (``Event.seen_by``): another seat's private cards are
        blanks. The events every game shares are told here, a game's own by ``tell``."""
        who = seat_name(e.seat, me)
        k = e.kind
        if k == "shuffled":
            return line(f"{who} shuffle{verb_s(e, me)} and deal{verb_s(e, me)}.",
                        style="italic #9e9e9e")
        if k in ("dealt", "drew"):
            verb = "drew" if k == "drew" else "were dealt" if e.seat == me else "was dealt"
            if e.cards:
                return line(f"{who} {verb}", e.cards) if k == "drew" else None
            n = e.value if isinstance(e.value, int) else 0
            return line(f"{who} {verb} {n} card{'s' if n != 1 else ''}.", style="#9e9e9e")
        if k == "pass":
            return line(f"{who} pass{verb_s(e, me, 'es')}.", style="#9e9e9e")
        if k == "play":
            return line(f"{who} play{verb_s(e, me)}", e.cards)
        if k == "out":
            title = f" as {e.value}" if e.value else ""
            return line(f"{who} {'are' if e.seat == me else 'is'} out{title}.",
                        style="bold #80cbc4")
        told = self.tell(e, me)
        return told if told is not None or k in self.quiet else line(f"{who}: {k}", e.cards)

    #: The game's events that are worth no line of the log.
    quiet: ClassVar[frozenset[str]] = frozenset()

    def tell(self, e: Event, me: int) -> Text | None:
        """An event of this game's own as a line of the log (None: not one of its own)."""
        return None


def op_label(op: CardOp) -> str:
    """What a button for ``op`` says (a game's drawing words its own moves: ``label``)."""
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
