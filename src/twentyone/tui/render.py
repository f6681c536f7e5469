"""Drawing a seat's view of the table with Rich.

``TableView`` turns the engine's projection (``views.TableView``) into renderables and never looks
at the ``Table`` itself: whatever the projection hides, the screen cannot show. Each piece (a card,
a chip stack, a hand's total, the shoe) is its own method so tests can check it as plain text.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich.color import Color, ColorParseError
from rich.console import Console, RenderableType
from rich.text import Text

from twentyone.cards import RANK_LABELS, SUIT_SYMBOLS, Card, Suit
from twentyone.engine import views
from twentyone.engine.chips import ChipSet
from twentyone.engine.table import Phase
from twentyone.money import Cents, dollars
from twentyone.rules import PlayerCards, Reshuffle, Rules

#: How the standard colours (docs/casino.md#chip-colours-and-values) look as tokens: the chip's
#: colour as background,
#: with a text colour that stays readable on it.
CHIP_STYLES: dict[str, str] = {
    "yellow": "bold black on yellow",
    "white": "bold black on white",
    "red": "bold white on red",
    "green": "bold white on dark_green",
    "black": "bold white on grey15",
    "purple": "bold white on purple",
}
RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
CARD_BACK = "░░░"


def chip_label(value: Cents) -> str:
    """A chip's face value as printed on it: ``50¢``, ``$5``, ``$100``."""
    return f"{value}¢" if value < 100 else dollars(value)


def chip_style(colour: str) -> str:
    """The token style for a colour; a custom chip set's colour is used if Rich knows it."""
    if colour in CHIP_STYLES:
        return CHIP_STYLES[colour]
    try:
        Color.parse(colour)
    except ColorParseError:
        return "reverse"
    return f"bold white on {colour}"


class TableView:
    """Renders views of one table: the rules it is playing and who sits where."""

    def __init__(self, rules: Rules, *, title: str = "", bots: Sequence[int] = (),
                 log_lines: int = 8) -> None:
        self.rules = rules
        self.chipset = ChipSet.of(rules.chips)
        self.title = title
        self.bots = frozenset(bots)
        #: A natural's name in the game's own word (docs/pontoon.md#naturals: a "pontoon").
        self.natural = "pontoon" if rules.changing_bank else "blackjack"
        #: A hand lost to the dealer's natural: where a player banks, to the bank's pontoon.
        self.dealer_natural = "the bank's pontoon" if rules.changing_bank else "dealer blackjack"
        self.log_lines = log_lines

    # --- small pieces ----------------------------------------------------------------------

    def card(self, c: Card | None) -> Text:
        """A card face with its suit symbol (red suits in red), or a card back for a card this
        viewer may not see."""
        if c is None:
            return Text(f" {CARD_BACK} ", style="bold bright_white on blue")
        colour = "red" if c.suit in RED_SUITS else "black"
        label = f"{RANK_LABELS[c.rank]}{SUIT_SYMBOLS[c.suit]}"
        return Text(f" {label:<3}", style=f"bold {colour} on bright_white")

    def cards(self, cards: Sequence[Card | None]) -> Text:
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(" ")
            out.append_text(self.card(c))
        return out

    def hand_total(self, hand: views.HandView) -> Text:
        """Soft/hard total of what the viewer sees; ``?`` while a card is face down."""
        if not hand.cards:
            return Text("")
        if hand.total is None:
            return Text("?", style="dim")
        if len(hand.cards) == 2 and hand.total == 21 and not hand.from_split:
            return Text(self.natural, style="bold green")
        if hand.total > 21:
            return Text(f"bust {hand.total}", style="bold red")
        return Text(f"{'soft' if hand.soft else 'hard'} {hand.total}")

    def chips(self, counts: Sequence[int]) -> Text:
        """Chips as coloured tokens with counts, highest value first (how a stack is sorted)."""
        out = Text()
        pairs = zip(self.chipset.colours, self.chipset.values, counts, strict=True)
        for colour, value, n in reversed(list(pairs)):
            if not n:
                continue
            if out:
                out.append(" ")
            out.append(f" {n:,}×{chip_label(value)} ", style=chip_style(colour))
        return out if out else Text("no chips", style="dim")

    def stack(self, counts: Sequence[int]) -> Text:
        """Tokens followed by their value."""
        out = self.chips(counts)
        out.append(f"  {dollars(self.chipset.value(counts))}", style="bold")
        return out

    def bet(self, amount: Cents) -> Text:
        """A wager as the fewest chips that make it, then its value. (The view gives the
        amount, not which chips lie in the circle; the fewest is how a dealer sizes a bet.)"""
        counts = self.chipset.fewest(amount) or self.chipset.zero()
        out = self.chips(counts)
        out.append(f" {dollars(amount)}")
        return out

    def seat_name(self, number: int, viewer: int) -> str:
        if number == viewer:
            return f"Seat {number} (you)"
        if number in self.bots:
            return f"Seat {number} (bot)"
        return f"Seat {number}"

    # --- the layout ------------------------------------------------------------------------

    def dealer(self, v: views.TableView, name: str = "Dealer") -> Text:
        out = Text(f"{name}  ", style="bold")
        # Between rounds the dealer's last hand is no longer on the layout (the settled round
        # is shown from views.settled_round, with its cards).
        if not v.dealer or (v.phase is Phase.BETTING and not v.settled):
            out.append("waiting for bets", style="dim")
            return out
        out.append_text(self.cards(v.dealer))
        out.append("   ")
        if v.dealer_total is None:
            up = next(c for c in v.dealer if c is not None)
            out.append(f"shows {'an ace' if up.value == 1 else up.value}")
        elif len(v.dealer) == 2 and v.dealer_total == 21:
            out.append(self.natural, style="bold red")
        elif v.dealer_total > 21:
            out.append(f"bust {v.dealer_total}", style="bold green")
        else:
            out.append(str(v.dealer_total), style="bold")
        return out

    def shoe(self, v: views.TableView) -> Text:
        """Cards left as a bar, the discard tray, and whether the cut card has come out. A pitch
        game's cards are a deck in the dealer's hand, and Pontoon's a pack in the banker's
        (docs/pontoon.md#players-and-the-pack), not a shoe."""
        size = v.cards_total or self.rules.shoe_size
        width = 16
        filled = round(width * v.shoe_remaining / size)
        held = self.rules.player_cards is PlayerCards.DOWN
        out = Text("Pack " if self.rules.changing_bank else "Deck in hand " if held else "Shoe ")
        out.append("█" * filled, style="cyan")
        out.append("·" * (width - filled), style="dim")
        out.append(f" {v.shoe_remaining} card{'' if v.shoe_remaining == 1 else 's'} · "
                   f"{v.discards} discard{'' if v.discards == 1 else 's'} · ")
        if self.rules.reshuffle is Reshuffle.BURN_CARD:
            out.append("the burned card lies face up at the bottom", style="dim")
        elif self.rules.reshuffle is Reshuffle.BELOW:
            out.append(f"reshuffle below {self.rules.reshuffle_below} cards", style="dim")
        elif v.cut_card_out:
            out.append("CUT CARD OUT: last round", style="bold yellow")
        else:
            out.append(f"cut card in the {'deck' if held else 'shoe'}", style="dim")
        return out

    def seat(self, s: views.SeatView, v: views.TableView, label: str) -> Text:
        """One seat as it sits on the felt: its name and chips, then each hand (cards, total,
        bet, result and payout), then any insurance and its result. One line each, so that a
        test can read the screen back and a narrow terminal wraps nothing."""
        out = Text(label, style="bold cyan" if s.number == v.viewer else "bold")
        out.append(f"  {dollars(s.bankroll)}", style="bold")
        out.append("\n")
        out.append_text(self.chips(s.chips))
        if not s.hands:
            out.append("\n")
            out.append("no bet", style="dim")
        for i, h in enumerate(s.hands):
            out.append("\n")
            out.append("▶ " if h.to_act else "  ", style="bold yellow")
            if len(s.hands) > 1:
                out.append(f"{i + 1}: ", style="dim")
            out.append_text(self.cards(h.cards) if h.cards else Text("…", style="dim"))
            out.append("  ")
            out.append_text(self.hand_total(h))
            out.append(f"  bet {dollars(h.bet)}")
            if h.doubled:
                out.append(" doubled", style="italic")
            if h.outcome == "lose":  # "lost $10", not "lose -$10"
                out.append(f"  lost {dollars(-h.net)}", style="bold red")
            elif h.outcome:
                out.append("  ")
                out.append_text(self.outcome(h.outcome))
                out.append_text(self.payout(h.net, h.paid))
        if s.insurance:
            out.append("\n")
            out.append(f"  insurance {dollars(s.insurance)}", style="italic")
            if s.insurance_net is not None:
                won = s.insurance_net
                if won:
                    out.append(f"  {'won +' if won > 0 else 'lost -'}{dollars(abs(won))}",
                               style="green" if won > 0 else "red")
                else:
                    out.append("  returned", style="yellow")
        return out

    def outcome(self, outcome: str) -> Text:
        styles = {"win": "bold green", "blackjack": "bold green", "even-money": "green",
                  "push": "yellow", "surrender": "yellow"}
        word = {"blackjack": self.natural,
                "dealer blackjack": self.dealer_natural}.get(outcome, outcome)
        return Text(word, style=styles.get(outcome, "bold red" if outcome else ""))

    def payout(self, net: Cents, paid: Sequence[int]) -> Text:
        """`` +$7.50  1×$5  2×$1  1×50¢`` for a win, `` -$10`` for a loss, nothing for a push."""
        if not net:
            return Text("")
        out = Text(f" {'+' if net > 0 else '-'}{dollars(abs(net))}",
                   style="green" if net > 0 else "red")
        if paid and any(paid):
            out.append(" ")
            out.append_text(self.chips(paid))
        return out

    def header(self, v: views.TableView) -> str:
        r = self.rules
        if r.changing_bank:
            parts = [self.title or "Pontoon", f"{dollars(r.min_bet)}–{dollars(r.max_bet)}",
                     "banker wins ties", f"pontoon pays {r.blackjack_pays}"]  # F1: the rest
            if v.round:
                parts.append(f"deal {v.round}")
            return " · ".join(parts)
        parts = [self.title or "twentyone", f"{dollars(r.min_bet)}–{dollars(r.max_bet)}",
                 f"{r.decks} deck{'s' if r.decks > 1 else ''}",
                 "H17" if r.hit_soft_17 else "S17", f"blackjack pays {r.blackjack_pays}"]
        if r.surrender != "none":
            parts.append(f"{r.surrender} surrender")
        if r.double_after_split:
            parts.append("DAS")
        if v.round:
            parts.append(f"round {v.round}")
        return " · ".join(parts)

    def screen(self, v: views.TableView) -> Text:
        """The felt for one viewer as one text: dealer, shoe and every seat (the app lays the
        same pieces out in widgets; this is for plain output and checks)."""
        out = self.dealer(v)
        out.append("\n")
        out.append_text(self.shoe(v))
        for s in v.seats:
            out.append("\n")
            out.append_text(self.seat(s, v, self.seat_name(s.number, v.viewer)))
        return out

    def prompt(self, v: views.TableView, menu: str) -> str:
        """The prompt line (Rich markup): whose decision, about which hand, and the choices."""
        return f"{self.about(v)} › {menu}"

    def about(self, v: views.TableView) -> str:
        """Whose decision it is and about which hand (Rich markup): ``Seat 1 hand 2 hard 10``,
        with why an insurance offer is made."""
        seat = next((s for s in v.seats if s.number == v.viewer), None)
        who = f"[bold cyan]Seat {v.viewer}[/]"
        if seat is None:
            return who
        if v.phase is Phase.BETTING:
            return f"{who} ({dollars(seat.bankroll)})"
        hand_i = v.to_act[1] if v.to_act else 0
        hand = seat.hands[hand_i] if hand_i < len(seat.hands) else None
        about = ""
        if hand is not None and hand.total is not None:
            which = f" hand {hand_i + 1}" if len(seat.hands) > 1 else ""
            about = f"{which} {self.hand_total(hand).plain}"
        if v.phase is Phase.INSURANCE:
            about += " · the dealer shows an ace"
        return f"{who}{about}"


def plain(renderable: RenderableType, width: int = 100) -> str:
    """A renderable as plain text, for tests and logs."""
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()
