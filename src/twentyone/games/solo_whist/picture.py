"""Solo Whist at the terminal: the auction, the trick as it lies round the table, a hand laid
face up, the contract in the title bar, and the game's words (``core.picture.GameDrawing``; the
registry's entry names it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from twentyone.cards import SUIT_SYMBOLS, Card, Suit
from twentyone.protocol import HandResult

from ..core.events import Event
from ..core.ops import Bid, CardOp
from ..core.picture import (
    Canvas,
    GameDrawing,
    card_label,
    draw_card,
    line,
    op_label,
    seat_name,
    seat_named,
    suit_style,
    verb_s,
)
from .contracts import CONTRACTS, COP, Contract


def call_label(call: str) -> str:
    """A call of the auction in words: a bid's name, Cop, or pass."""
    if call == "pass":
        return "pass"
    if call == COP:
        return "Cop"
    return CONTRACTS[call].label


#: Bid names short enough for every bid, with what it must take, to fit two lines of 80 columns.
SHORT_BIDS = {"abundance-in-trump": "Ab.Trump", "misere-ouverte": "M.Ouverte"}


def must_take(c: Contract) -> str:
    """What a contract asks of its declarer, in a few words, short enough for a button
    (docs/games/solo-whist.md#the-bids; ``contracts.must_take`` says it in full)."""
    if c.misere:
        return "lose all"
    if c.tricks == 13:
        return "win all 13"
    return f"win {c.tricks}"


class WhistDrawing(GameDrawing):
    cards = ("hand", "turn_up", "trick", "last_trick", "exposed", "played")
    suits = ("trump",)
    quiet = frozenset({"turn-up-taken"})
    essentials = """\
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
"""
    keys = (
        ("1 … 9", "the bids you may make now, each with what it must take (\"Solo: win 5\", "
                  "\"Misère: lose all\"; Cop names its partner); after Abundance, trumps"),
        ("p", "pass in the bidding (a pass is final, but see Cop after passing)"),
    )

    def table(self, view: Mapping[str, Any], me: int, width: int) -> Text:
        phase = view["phase"]
        if phase in ("bidding", "late-cop", "prop-option", "trump"):
            return self._auction(view, me, width)
        cv = Canvas(width, 7)
        if phase == "deal":
            cv.put(1, 1, "The cards are gathered for the next deal.", "italic #c8e6c9")
            return cv.text()
        # The trick as it lies on the table: you at the bottom, the seat to your left on the
        # left, your opposite at the top, the seat to your right on the right.
        exposed: Mapping[int, Sequence[Card]] = view["exposed"]
        mid = (width - 5) // 2 if not exposed else 14
        spots = {0: (mid, 4, "r"), 1: (mid - 11, 2, "l"), 2: (mid, 0, "r"),
                 3: (mid + 11, 2, "r")}
        players = len(view["counts"])
        for s, c in view["trick"]:
            x, y, side = spots[(s - me) % players]
            draw_card(cv, x, y, c)
            name = seat_name(s, me)
            if side == "r":
                cv.put(x + 6, y + 1, name, "#c8e6c9")
            else:
                cv.put(x - len(name) - 1, y + 1, name, "#c8e6c9")
        if not view["trick"]:
            cv.put(mid - 4, 3, f"{seat_name(view['to_act'], me)} to lead", "italic #c8e6c9")
        for seat, cards in exposed.items():
            # Misère Ouverte: the declarer's hand lies face up on the right of the felt.
            x0 = width - 18
            cv.put(x0, 0, f"{seat_name(seat, me)}, face up:", "#fff59d")
            for i, c in enumerate(cards):
                cv.put(x0 + (i % 4) * 4, 1 + i // 4, f"{card_label(c):<3}", suit_style(c.suit))
        return cv.text()

    def _auction(self, view: Mapping[str, Any], me: int, width: int) -> Text:
        cv = Canvas(width, 7)
        turn_up: Card | None = view["turn_up"]
        cv.put(1, 0, "The auction", "bold #fff59d")
        if turn_up is not None:
            draw_card(cv, width - 8, 1, turn_up)
            cv.put(width - 10, 4, "turned up", "#c8e6c9")
        y, line = 1, ""
        for seat, call in view["calls"]:
            item = f"{seat_name(seat, me)}: {call_label(call)}"
            if len(line) + len(item) + 3 > width - 13:
                cv.put(1, y, line, "#e8f5e9")
                y, line = y + 1, ""
            line = f"{line}   {item}" if line else item
        if line:
            cv.put(1, y, line, "#e8f5e9")
        if view["high"]:
            cv.put(1, 5, f"Standing: {CONTRACTS[view['high']].label} by "
                         f"{seat_named(view['high_seat'], me)}"
                         + (f" + {seat_named(view['cop_seat'], me)}" if view["cop_seat"] else ""),
                   "#fff59d")
        return cv.text()

    def tags(self, view: Mapping[str, Any], seat: int) -> list[str]:
        out = []
        if seat in view["declarers"]:
            out.append("decl")
        if view["contract"]:
            out.append(f"{view['tricks'][seat]}tr")
        return out

    def topbar(self, view: Mapping[str, Any], me: int) -> str:
        if view["contract"]:
            return contract_line(view, me)
        if view["turn_up"] is not None:
            return f"default suit {SUIT_SYMBOLS[view['turn_up'].suit]}"
        return ""

    def prompt(self, view: Mapping[str, Any], legal: Sequence[CardOp]) -> str:
        phase = view["phase"]
        if phase in ("bidding", "late-cop", "prop-option"):
            return "Your call: a number bids (each says what it must take), p passes."
        if phase == "trump":
            return "You won Abundance: name trumps (a number)."
        if view["trick"]:
            led = view["trick"][0][1].suit
            return f"Follow suit ({SUIT_SYMBOLS[led]}) if you can: choose a card, Enter."
        return "Your lead: choose a card, Enter."

    def label(self, op: CardOp, view: Mapping[str, Any], me: int) -> str:
        """A bid says what it must take; Cop names the partner it joins."""
        if isinstance(op, Bid):
            if op.bid == COP:
                return f"Cop: win 8 with {seat_named(view['high_seat'], me)}"
            c = CONTRACTS[op.bid]
            partner = " with Cop" if c.name == "prop" else ""
            return f"{SHORT_BIDS.get(c.name, c.label)}: {must_take(c)}{partner}"
        return op_label(op)

    def tell(self, e: Event, me: int) -> Text | None:
        who, other, k = seat_name(e.seat, me), seat_named(e.other, me), e.kind
        s = verb_s(e, me)
        if k == "turned-up":
            return line(f"{who} turn{s} up", e.cards, "#fff59d")
        if k == "bid":
            return line(f"{who} bid{s} {call_label(str(e.value))}.", style="#fff59d")
        if k == "cop":
            return line(f"{who} call{s} Cop with {other}.", style="#fff59d")
        if k == "abandoned":
            return line(f"The deal is abandoned: {e.value}.", style="bold #ffab91")
        if k == "contract":
            partner = f" with {other}" if e.other else ""
            return line(f"Contract: {call_label(str(e.value))} by {who}{partner}.",
                        style="bold #fff59d")
        if k == "trump-named":
            return line(f"{who} name{s} {e.value} as trumps.", style="#fff59d")
        if k == "trick":
            return line(f"{who} win{s} the trick:", e.cards, "#80cbc4")
        if k == "exposed":
            return line(f"{who} lay{s} the hand face up:", e.cards, "#fff59d")
        if k in ("made", "broken"):
            return line(f"The contract is {k} ({e.value} tricks).", style="bold #fff59d")
        if k == "paid":
            return line(f"{who} pay{s} {other} {e.value}.", style="#ffcc80")
        return None

    def tally(self, view: Mapping[str, Any], results: Sequence[HandResult]) -> dict[int, str]:
        return {s: f"{n:+d}" for s, n in view["counters"].items()}

    def last_result(self, results: Sequence[HandResult], me: int) -> str:
        last = results[-1].detail
        if last["contract"] is None:
            return "The deal was abandoned: nobody bid. The same dealer deals again."
        who = " & ".join(seat_named(s, me) for s in last["declarers"])
        made = "made" if last["made"] else "broken"
        return (f"{CONTRACTS[last['contract']].label} by {who}: {made} "
                f"with {last['tricks']} tricks.")

    def standing(self, view: Mapping[str, Any], results: Sequence[HandResult],
                 seat: int) -> str:
        return f"{view['counters'][seat]:+d} counters"


def contract_line(view: Mapping[str, Any], me: int) -> str:
    """Solo Whist's contract, trumps and the declarer side's tricks, in one line."""
    c = CONTRACTS[view["contract"]]
    who = " & ".join(seat_named(s, me) for s in view["declarers"])
    trump: Suit | None = view["trump"]
    trumps = f"trumps {SUIT_SYMBOLS[trump]}" if trump is not None else "no trumps"
    won = sum(view["tricks"][s] for s in view["declarers"])
    aim = f"at most {c.tricks}" if c.misere else f"{c.tricks}"
    return f"{c.label} by {who} · {trumps} · tricks {won} (needs {aim})"


