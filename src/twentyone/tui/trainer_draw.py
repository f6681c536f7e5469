"""Drawing a trainer's item: chips as coloured stacks, cards as little ivory boxes, the discard
tray, the rack's tubes, from the item's ``shown`` dict and nothing else.

``shown`` is the same plain JSON the headless contract prints (``Item.shown``): the trainer's
screen draws what a script would read, so it can show nothing the drill has not shown (no hole
card, no answer). These are pure Rich ``Text`` pictures, so tests read them back as plain text;
``tui.trainer`` only arranges them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.color import Color, ColorParseError
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from twentyone.engine.chips import ChipSet
from twentyone.money import dollars
from twentyone.tui.cardroom_draw import BACK, IVORY

#: Chip colours as drawn (a chip set's own colour names; an unknown name is drawn as Rich
#: parses it, else grey). Each is (face, edge spots).
CHIP_INKS: dict[str, tuple[str, str]] = {
    "yellow": ("#f2c94c", "#7a5c00"), "white": ("#f4f4f0", "#5a5a5a"),
    "red": ("#c62828", "#ffffff"), "green": ("#2e7d32", "#ffffff"),
    "black": ("#1c1c1c", "#f0f0f0"), "purple": ("#6a1b9a", "#ffffff"),
    "pink": ("#ec407a", "#ffffff"), "blue": ("#1e63c8", "#ffffff"),
    "orange": ("#ef6c00", "#ffffff"), "grey": ("#8d8d8d", "#ffffff"),
    "brown": ("#6d4c41", "#ffffff"),
}
#: The highest a loose stack is drawn; more chips stand in a second stack beside it.
STACK = 10
#: Chips in a full rack tube (docs/dealing.md#counting-chips).
TUBE = 20
#: Columns one drawn chip (and its stack) takes.
CHIP_WIDTH = 7
RED_SUITS = {"h": "♥", "d": "♦"}
BLACK_SUITS = {"s": "♠", "c": "♣"}
RED_INK = f"bold #c62828 on {IVORY}"
BLACK_INK = f"bold #16161d on {IVORY}"
CARD_EDGE = f"#8a8270 on {IVORY}"
LABEL = "bold #f0e6c8"
DIM = "#a5c8b0"


def chip_inks(colour: str) -> tuple[str, str]:
    """The face and edge colours a chip of ``colour`` is drawn in."""
    if colour in CHIP_INKS:
        return CHIP_INKS[colour]
    try:
        Color.parse(colour)
    except ColorParseError:
        return CHIP_INKS["grey"]
    return colour, "#ffffff"


def chip_style(colour: str) -> str:
    face, edge = chip_inks(colour)
    return f"bold {edge} on {face}"


def _chip_row(colour: str) -> Text:
    """One chip seen edge on: its colour with the edge spots a casino chip has."""
    return Text("▌▀ ▀ ▀▐"[:CHIP_WIDTH - 1], style=chip_style(colour))


def stacks(chipset: ChipSet, by_colour: Mapping[str, int]) -> Text:
    """A pile as stacks side by side, the largest colour first, each colour's chips in stacks
    of up to ``STACK``, the count and colour named under them: how a dealer lays a pile out to
    count it."""
    groups: list[tuple[str, list[int]]] = []
    for colour in reversed(chipset.colours):
        n = int(by_colour.get(colour, 0))
        if n > 0:
            heights = [STACK] * (n // STACK) + ([n % STACK] if n % STACK else [])
            groups.append((colour, heights))
    if not groups:
        return Text("(no chips)", style="italic " + DIM)
    tallest = max(max(h) for _, h in groups)
    labels = [f"{sum(heights)} {colour}" for colour, heights in groups]
    widths = [max(len(h) * CHIP_WIDTH, len(label) + 1) + 2
              for (_, h), label in zip(groups, labels, strict=True)]
    out = Text(no_wrap=True, overflow="crop")
    for row in range(tallest, 0, -1):
        for (colour, heights), width in zip(groups, widths, strict=True):
            for h in heights:
                if h >= row:
                    out.append_text(_chip_row(colour))
                else:
                    out.append(" " * (CHIP_WIDTH - 1))
                out.append(" ")
            out.append(" " * (width - len(heights) * CHIP_WIDTH))
        out.rstrip()
        out.append("\n")
    for label, width in zip(labels, widths, strict=True):
        out.append(f"{label:<{width}}", style=LABEL)
    out.rstrip()
    return out


def rack(chipset: ChipSet, layout: Mapping[str, Mapping[str, int]]) -> Text:
    """The full tubes of a rack, one row per colour: each tube of 20 drawn as a bar in its
    colour (the loose chips are drawn as stacks beside)."""
    out = Text(no_wrap=True, overflow="crop")
    for colour in reversed(chipset.colours):
        tubes = int(layout.get(colour, {}).get("tubes", 0))
        if not tubes:
            continue
        out.append(f"{colour:>7} ", style=LABEL)
        for _ in range(tubes):
            out.append("▕", style=DIM)
            out.append("┃" * (TUBE // 2), style=chip_style(colour))
            out.append("▏", style=DIM)
        out.append(f" {tubes} tube{'s' if tubes > 1 else ''} of {TUBE}\n", style=DIM)
    out.rstrip()
    return out


def loose(by_colour: Mapping[str, int], layout: Mapping[str, Mapping[str, int]]
          ) -> dict[str, int]:
    """The chips of a rack item not in full tubes."""
    return {c: int(layout[c]["loose"]) if c in layout else int(n) for c, n in by_colour.items()}


def chip_legend(chipset: ChipSet) -> Text:
    """The chip values at this table, each in its colour, smallest first."""
    out = Text(no_wrap=True, overflow="ellipsis")
    for colour, value in zip(chipset.colours, chipset.values, strict=True):
        out.append(f" {colour} ", style=chip_style(colour))
        out.append(f" {dollars(value)} ", style=DIM)
    out.rstrip()
    return out


# -- cards ------------------------------------------------------------------------------------

def card_face(label: str) -> tuple[str, str] | None:
    """A card as shown in an item (``"10"``, ``"A"``; a code with its suit, ``"10h"``) as the
    text on its face and its ink; ``None`` for a card face down (``"??"``)."""
    if label == "??":
        return None
    suit = label[-1].lower()
    if suit in RED_SUITS:
        return label[:-1] + RED_SUITS[suit], RED_INK
    if suit in BLACK_SUITS:
        return label[:-1] + BLACK_SUITS[suit], BLACK_INK
    return label, BLACK_INK


def cards(labels: Sequence[str]) -> Text:
    """Cards side by side, each a 5×3 ivory box with its rank (and suit where the item names
    one); a face-down card is drawn as its back."""
    rows = [Text(no_wrap=True), Text(no_wrap=True), Text(no_wrap=True)]
    if not labels:
        return Text("(no cards)", style="italic " + DIM)
    for i, label in enumerate(labels):
        if i:
            for r in rows:
                r.append(" ")
        face = card_face(label)
        if face is None:
            rows[0].append("╭───╮", BACK)
            rows[1].append("│░░░│", BACK)
            rows[2].append("╰───╯", BACK)
            continue
        text, ink = face
        rows[0].append("╭───╮", CARD_EDGE)
        rows[1].append("│", CARD_EDGE)
        rows[1].append(f"{text:^3}" if len(text) < 3 else text[:3], ink)
        rows[1].append("│", CARD_EDGE)
        rows[2].append("╰───╯", CARD_EDGE)
    return Text("\n").join(rows)


# -- the discard tray ------------------------------------------------------------------------

#: Columns the drawn discard tray takes at least: a deck is this over the decks (at least 8
#: columns, so a quarter deck is two), so a single deck's tray is as readable as a shoe's.
TRAY_WIDTH = 48


def deck_width(decks: int) -> int:
    return max(8, TRAY_WIDTH // decks)


def discard_tray(discarded: float, decks: int) -> Text:
    """The discard tray as a player sees it: a box as deep as the shoe, filled to the depth of
    the cards played, with a ruler marking each deck, so that the decks left are read off it."""
    per_deck = deck_width(decks)
    width = decks * per_deck
    filled = round(discarded * per_deck)
    out = Text(no_wrap=True, overflow="crop")
    out.append("discard tray\n", style=LABEL)
    out.append("┃", style=DIM)
    out.append("█" * filled, style="#d7ccc8")
    out.append("░" * (width - filled), style="#2e5a3e")
    out.append("┃\n", style=DIM)
    ruler = "".join(str(d).ljust(per_deck) for d in range(decks)) + str(decks)
    out.append(" " + ruler + " decks", style=DIM)
    return out


# -- an item ----------------------------------------------------------------------------------

def _say(shown: Mapping[str, Any]) -> Text:
    return Text(str(shown["say"]) + "\n", style="bold #fff59d") if "say" in shown else Text()


#: What the chips of a payout or change item are, by the item's kind.
PILE_NAMES = {"insurance": "The insurance bet", "break": "The chip", "colour-up": "The pile"}


def seats_row(seats: Mapping[str, Sequence[Sequence[str]]]) -> RenderableType:
    """The seats' hands side by side, seat 1 (the dealer's left, dealt first) on the left."""
    grid = RichTable.grid(padding=(0, 3))
    names: list[Text] = []
    hands_drawn: list[Text] = []
    for seat, hands in sorted(seats.items(), key=lambda kv: int(kv[0])):
        for i, hand in enumerate(hands):
            names.append(Text(f"Seat {seat}" + (f" hand {i + 1}" if len(hands) > 1 else ""),
                              style=LABEL))
            hands_drawn.append(cards(list(hand)))
    if not names:
        return Text()
    for _ in names:
        grid.add_column()
    grid.add_row(*names)
    grid.add_row(*hands_drawn)
    return grid


def _pile(chipset: ChipSet, shown: Mapping[str, Any]) -> list[RenderableType]:
    by_colour = shown["chips"]
    if shown.get("rack"):
        layout = shown["layout"]
        return [Text("On the rack:", style=LABEL), rack(chipset, layout),
                Text("Loose:", style=LABEL), stacks(chipset, loose(by_colour, layout))]
    return [stacks(chipset, by_colour)]


def item_picture(kind: str, drill: str, shown: Mapping[str, Any], chipset: ChipSet
                 ) -> RenderableType:
    """What the trainee is shown for one item of ``drill`` (its answer ``kind``), drawn from
    ``shown`` alone."""
    parts: list[RenderableType] = [_say(shown)]
    if drill == "chip-count":
        parts += [Text("Count this pile.", style="bold #fff59d"), *_pile(chipset, shown)]
    elif kind == "chips":
        if "bet" in shown:
            parts += [Text("The main bet", style=LABEL), stacks(chipset, shown["bet"])]
        # A won double lies as two piles, the original bet and the double beside it, and is
        # drawn so: each under its own name.
        name = "The original bet" if "double" in shown else \
            PILE_NAMES.get(str(shown.get("kind")), "The bet")
        parts += [Text(name, style=LABEL), stacks(chipset, shown["chips"])]
        if "double" in shown:
            parts += [Text("The double", style=LABEL), stacks(chipset, shown["double"])]
        if "hand" in shown:
            parts += [Text("The hand", style=LABEL), cards(shown["hand"])]
    elif kind == "total":
        parts += [Text("Name the total.", style="bold #fff59d"), cards(shown["cards"])]
    elif "svg" in shown or "drawings" in shown:
        # The hand-signal drills: a terminal cannot draw the signal, so it is said in words
        # (the drawings are for the browser).
        parts.append(Text(f"At {shown['table']}.", style=DIM))
        if "seen" in shown:
            parts += [Text("The dealer sees", style=LABEL), Text(str(shown["seen"]))]
    elif kind == "action":
        parts += [Text("Dealer shows", style=LABEL), cards([shown["up"]]),
                  Text("Your hand", style=LABEL), cards(shown["hand"])]
        if "true_count" in shown:
            parts.append(Text(f"True count {int(shown['true_count']):+d}",
                              style="bold #fff59d"))
    elif kind == "choice" or kind == "flag":
        if shown.get("seen"):
            parts.append(Text("So far: " + "; ".join(shown["seen"]), style=DIM))
        parts += [Text("Dealer", style=LABEL), cards(shown["dealer"])]
        parts.append(seats_row(shown.get("seats", {})))
        if kind == "flag":
            if "bet" in shown:
                parts.append(Text(f"Seat {shown['seat']} bet {shown['bet']}", style=LABEL))
                if "bet_chips" in shown:
                    parts.append(stacks(chipset, shown["bet_chips"]))
            if shown.get("event") == "payout":
                parts += [Text("The dealer pays", style=LABEL), stacks(chipset, shown["chips"])]
            parts.append(Text("Was that right?", style="bold #fff59d"))
        else:
            parts.append(Text("What does the dealer do next?", style="bold #fff59d"))
    elif "running" in shown:
        # The tray filled to the cards played, read by the trainee to the quarter deck.
        played = (int(shown["discard_cards"]) / 52 if "discard_cards" in shown
                  else float(shown["discard_decks"]))
        parts += [Text(f"Running count {int(shown['running']):+d}", style="bold #fff59d"),
                  discard_tray(played, int(shown["decks"])),
                  Text("Read the tray to the nearest quarter deck. What is the true count "
                       "(rounded down)?", style="bold #fff59d")]
    elif kind == "count":
        parts.append(Text(count_question(shown), style="bold #fff59d"))
    return Group(*parts)


def count_intro(shown: Mapping[str, Any]) -> str:
    """What the trainee is told before the cards of a running count are flashed (at the table,
    ``shuffled`` says whether the count starts again)."""
    if "shuffled" not in shown:
        return f"Count these cards with {shown['system']}, starting at {shown['start']}."
    if shown["shuffled"]:
        return f"A fresh shoe: count with {shown['system']}, starting at {shown['start']}."
    return "The next rounds' cards: keep counting from where you were."


def count_question(shown: Mapping[str, Any]) -> str:
    """The question after the flash."""
    since = (f"started at {shown['start']}" if shown.get("shuffled", True)
             else "since the shuffle")
    return f"What is the running count ({shown['system']}, {since})?"
