"""Each card-room game's own drawing at the terminal: its table, its seat tags, its words.

The card room app (``tui.cardroom``) knows no game by name: it looks a game's drawing up in
``DRAWINGS`` by ``Game.name`` and asks it how to sort a hand, draw the middle of the table, tag
a seat, word the prompt, label a move and sum up a hand. Adding a game to the terminal is one
``GameDrawing`` here (the games' registry, ``games.registry``, knows nothing of the terminal).
Like ``cardroom_draw``, everything here reads one seat's ``view`` and the game's public
``results``, never the game itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from twentyone.cards import SUIT_SYMBOLS, Card, Suit
from twentyone.games.core.cards import ace_high
from twentyone.games.core.ops import Bid, Give, Op, Play
from twentyone.games.president.game import climb
from twentyone.games.solo_whist.contracts import CONTRACTS, COP, Contract
from twentyone.tui.cardroom_draw import (
    Canvas,
    call_label,
    card_label,
    chips,
    draw_card,
    op_label,
    seat_name,
    suit_style,
)


class GameDrawing:
    """What the app asks of a game's drawing; the defaults suit a plain game of cards."""

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

    def prompt(self, view: Mapping[str, Any], legal: Sequence[Op]) -> str:
        """What the person is asked to do, in words (called only when they have moves)."""
        return "Your move."

    def label(self, op: Op, view: Mapping[str, Any], me: int) -> str:
        """What the button for ``op`` says."""
        return op_label(op)

    def describe(self, op: Play | Give, view: Mapping[str, Any], me: int) -> Text:
        """What Enter would do, when the cursor alone does not show it (a set, a card given)."""
        out = Text(f"Enter {'gives' if isinstance(op, Give) else 'plays'} ", "#e0e0e0")
        out.append_text(chips(op.cards))
        return out

    def tally(self, view: Mapping[str, Any], results: Sequence[Any]) -> dict[int, str]:
        """Each seat's running result in a few characters, for the players panel."""
        return {}

    def last_result(self, results: Sequence[Any], me: int) -> str:
        """The hand just finished, in a sentence."""
        return "The hand is over."

    def standing(self, view: Mapping[str, Any], results: Sequence[Any], seat: int) -> str:
        """``seat``'s result over the hands played, for the standings table."""
        return "-"


# -- Durak ---------------------------------------------------------------------------------------

class DurakDrawing(GameDrawing):
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
        cv.put(1, 0, f"{seat_name(att, me)} {verb} {seat_name(dfd, me)}", "bold #fff59d")
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

    def prompt(self, view: Mapping[str, Any], legal: Sequence[Op]) -> str:
        phase = view["phase"]
        if phase == "attack":
            return "Attack: choose a card (←/→ then Enter)."
        if phase == "defend":
            attack = view["table"][-1][0]
            return f"Defend: beat {card_label(attack)} with a card, or take (t)."
        if phase == "give":
            return "The defender takes: hand over more cards of ranks on the table, or pass (p)."
        return "Throw in a card of a rank on the table, or pass (p)."

    def tally(self, view: Mapping[str, Any], results: Sequence[Any]) -> dict[int, str]:
        return {s: f"fool×{k}" for s in view["counts"]
                if (k := sum(1 for d in results if d == s))}

    def last_result(self, results: Sequence[Any], me: int) -> str:
        last = results[-1]
        if last is None:
            return "A drawn game: nobody is the durak."
        return f"{seat_name(last, me)} {'are' if last == me else 'is'} the durak!"

    def standing(self, view: Mapping[str, Any], results: Sequence[Any], seat: int) -> str:
        return f"the durak {sum(1 for d in results if d == seat)} times"


# -- President -----------------------------------------------------------------------------------

class PresidentDrawing(GameDrawing):
    def sort_hand(self, view: Mapping[str, Any]) -> list[Card]:
        """By rank, 3 low and 2 high."""
        return sorted(view["hand"] or (), key=lambda c: (climb(c), int(c.suit)))

    def table(self, view: Mapping[str, Any], me: int, width: int) -> Text:
        cv = Canvas(width, 7)
        top: Sequence[Card] = view["top"]
        if view["phase"] == "exchange":
            president, bottom = view["order"][0], view["order"][-1]
            cv.put(1, 1, f"The exchange: {seat_name(bottom, me)} gave the best card to "
                         f"{seat_name(president, me)},", "italic #fff59d")
            cv.put(1, 2, "who hands one card back.", "italic #fff59d")
        elif top:
            who = seat_name(view["last_player"], me)
            kind = {1: "a single", 2: "a pair", 3: "three of a kind"}.get(len(top),
                                                                        "four of a kind")
            cv.put(1, 0, f"{who} played {kind}:", "bold #fff59d")
            x = 1
            for c in top:
                draw_card(cv, x, 1, c)
                x += 6
        elif view["phase"] == "play":
            lead = "(the first lead must include the 3♠)" if view["opening"] else ""
            cv.put(1, 0, f"{seat_name(view['to_act'], me)} to lead {lead}", "bold #fff59d")
        passed = sorted(view["passed"])
        if passed:
            cv.put(1, 5, "passed: " + ", ".join(seat_name(s, me) for s in passed), "#c8e6c9")
        cv.put(width - 16, 6, f"played {view['played']:>2}/52", "#c8e6c9")
        cv.put(1, 6, "3 4 5 … K A 2 (2 is highest)", "#81c784")
        return cv.text()

    def tags(self, view: Mapping[str, Any], seat: int) -> list[str]:
        out = []
        if view["titles"].get(seat):
            title = view["titles"][seat]
            out.append({"Vice President": "VP", "Lt. Governor": "Lt.Gov"}.get(title, title))
        if seat in view["passed"]:
            out.append("passed")
        if seat in view["finished"]:
            out.append(f"out #{view['finished'].index(seat) + 1}")
        return out

    def prompt(self, view: Mapping[str, Any], legal: Sequence[Op]) -> str:
        if view["phase"] == "exchange":
            return (f"You are President: give one card back to "
                    f"{seat_name(view['order'][-1], view['seat'])} (←/→, Enter).")
        if view["top"]:
            n = len(view["top"])
            sets = " (Space picks the set)" if n > 1 else ""
            return (f"Beat it with {n} card{'s' if n > 1 else ''} of a higher rank{sets}, "
                    "or pass (p).")
        return "Your lead: one card, or a set of one rank picked with Space; Enter plays."

    def describe(self, op: Play | Give, view: Mapping[str, Any], me: int) -> Text:
        """The exchange says who receives the card given."""
        out = super().describe(op, view, me)
        if isinstance(op, Give):
            out.append(f" to {seat_name(view['order'][-1], me)}", "#e0e0e0")
        return out

    def tally(self, view: Mapping[str, Any], results: Sequence[Any]) -> dict[int, str]:
        return {s: f"P×{k}" for s in view["counts"]
                if (k := sum(1 for r in results if r.get(s) == "President"))}

    def last_result(self, results: Sequence[Any], me: int) -> str:
        last: dict[int, str] = results[-1]
        order = sorted(last, key=lambda s: list(last.values()).index(last[s]))
        return "Titles: " + " · ".join(f"{seat_name(s, me)}: {last[s]}" for s in order)

    def standing(self, view: Mapping[str, Any], results: Sequence[Any], seat: int) -> str:
        held: dict[str, int] = {}
        for r in results:
            held[r[seat]] = held.get(r[seat], 0) + 1
        return ", ".join(f"{t} ×{k}" for t, k in held.items()) or "-"


# -- Solo Whist ----------------------------------------------------------------------------------

#: Bid names short enough for every bid, with what it must take, to fit two lines of 80 columns.
SHORT_BIDS = {"abundance-in-trump": "Ab.Trump", "misere-ouverte": "M.Ouverte"}


def must_take(c: Contract) -> str:
    """What a contract asks of its declarer, in a few words (docs/games/solo-whist.md#the-bids)."""
    if c.misere:
        return "lose all"
    if c.tricks == 13:
        return "win all 13"
    return f"win {c.tricks}"


class WhistDrawing(GameDrawing):
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
                         f"{seat_name(view['high_seat'], me)}"
                         + (f" + {seat_name(view['cop_seat'], me)}" if view["cop_seat"] else ""),
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

    def prompt(self, view: Mapping[str, Any], legal: Sequence[Op]) -> str:
        phase = view["phase"]
        if phase in ("bidding", "late-cop", "prop-option"):
            return "Your call: a number bids (each says what it must take), p passes."
        if phase == "trump":
            return "You won Abundance: name trumps (a number)."
        if view["trick"]:
            led = view["trick"][0][1].suit
            return f"Follow suit ({SUIT_SYMBOLS[led]}) if you can: choose a card, Enter."
        return "Your lead: choose a card, Enter."

    def label(self, op: Op, view: Mapping[str, Any], me: int) -> str:
        """A bid says what it must take; Cop names the partner it joins."""
        if isinstance(op, Bid):
            if op.bid == COP:
                return f"Cop: win 8 with {seat_name(view['high_seat'], me)}"
            c = CONTRACTS[op.bid]
            partner = " with Cop" if c.name == "prop" else ""
            return f"{SHORT_BIDS.get(c.name, c.label)}: {must_take(c)}{partner}"
        return op_label(op)

    def tally(self, view: Mapping[str, Any], results: Sequence[Any]) -> dict[int, str]:
        return {s: f"{n:+d}" for s, n in view["counters"].items()}

    def last_result(self, results: Sequence[Any], me: int) -> str:
        last = results[-1]
        if last["contract"] is None:
            return "The deal was abandoned: nobody bid. The same dealer deals again."
        who = " & ".join(seat_name(s, me) for s in last["declarers"])
        made = "made" if last["made"] else "broken"
        return (f"{CONTRACTS[last['contract']].label} by {who}: {made} "
                f"with {last['tricks']} tricks.")

    def standing(self, view: Mapping[str, Any], results: Sequence[Any], seat: int) -> str:
        return f"{view['counters'][seat]:+d} counters"


def contract_line(view: Mapping[str, Any], me: int) -> str:
    """Solo Whist's contract, trumps and the declarer side's tricks, in one line."""
    c = CONTRACTS[view["contract"]]
    who = " & ".join(seat_name(s, me) for s in view["declarers"])
    trump: Suit | None = view["trump"]
    trumps = f"trumps {SUIT_SYMBOLS[trump]}" if trump is not None else "no trumps"
    won = sum(view["tricks"][s] for s in view["declarers"])
    aim = f"at most {c.tricks}" if c.misere else f"{c.tricks}"
    return f"{c.label} by {who} · {trumps} · tricks {won} (needs {aim})"


#: The drawing of each game, by ``Game.name``.
DRAWINGS: dict[str, GameDrawing] = {
    "solo-whist": WhistDrawing(),
    "durak": DurakDrawing(),
    "president": PresidentDrawing(),
}


def drawing_for(game: str) -> GameDrawing:
    """The game's drawing; a game without one is drawn plainly rather than refused."""
    return DRAWINGS.get(game, GameDrawing())


def table_picture(view: Mapping[str, Any], me: int, width: int) -> Text:
    """The middle of the table for ``view``'s game."""
    return drawing_for(view["game"]).table(view, me, width)
