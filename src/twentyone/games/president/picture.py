"""President at the terminal: the play to beat, who has passed, the exchange, and the game's
words (``core.picture.GameDrawing``; the registry's entry names it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from twentyone.cards import Card
from twentyone.protocol import HandResult

from ..core.events import Event
from ..core.ops import CardOp, Give, Play
from ..core.picture import (
    Canvas,
    GameDrawing,
    draw_card,
    line,
    seat_name,
    seat_named,
    verb_s,
)
from .game import climb


def _titles(r: HandResult) -> dict[int, str]:
    """A finished hand's titles by seat."""
    return {int(s): str(t) for s, t in r.detail.get("titles", {}).items()}


class PresidentDrawing(GameDrawing):
    cards = ("hand", "top")
    essentials = """\
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
"""
    keys = (
        ("Space", "pick the card under the cursor for a set, or put it back; the line under "
                  "the prompt shows the set (\"your set: 7♠ 7♥\")"),
        ("Enter", "play the set you picked; with none picked, the card under the cursor "
                  "(facing a pair, the line shows the pair Enter plays). At the exchange, "
                  "the President gives the card under the cursor back, as the line shows"),
        ("p", "pass, when facing a play (the leader must play)"),
    )

    def sort_hand(self, view: Mapping[str, Any]) -> list[Card]:
        """By rank, 3 low and 2 high."""
        return sorted(view["hand"] or (), key=lambda c: (climb(c), int(c.suit)))

    def table(self, view: Mapping[str, Any], me: int, width: int) -> Text:
        cv = Canvas(width, 7)
        top: Sequence[Card] = view["top"]
        if view["phase"] == "exchange":
            president, bottom = view["order"][0], view["order"][-1]
            cv.put(1, 1, f"The exchange: {seat_name(bottom, me)} gave the best card to "
                         f"{seat_named(president, me)},", "italic #fff59d")
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

    def prompt(self, view: Mapping[str, Any], legal: Sequence[CardOp]) -> str:
        if view["phase"] == "exchange":
            return (f"You are President: give one card back to "
                    f"{seat_named(view['order'][-1], view['seat'])} (←/→, Enter).")
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
            out.append(f" to {seat_named(view['order'][-1], me)}", "#e0e0e0")
        return out

    def tally(self, view: Mapping[str, Any], results: Sequence[HandResult]) -> dict[int, str]:
        return {s: f"P×{k}" for s in view["counts"]
                if (k := sum(1 for r in results if _titles(r).get(s) == "President"))}

    def last_result(self, results: Sequence[HandResult], me: int) -> str:
        last = _titles(results[-1])
        order = sorted(last, key=lambda s: list(last.values()).index(last[s]))
        return "Titles: " + " · ".join(f"{seat_name(s, me)}: {last[s]}" for s in order)

    def standing(self, view: Mapping[str, Any], results: Sequence[HandResult],
                 seat: int) -> str:
        held: dict[str, int] = {}
        for r in results:
            title = _titles(r)[seat]
            held[title] = held.get(title, 0) + 1
        return ", ".join(f"{t} ×{k}" for t, k in held.items()) or "-"


    def tell(self, e: Event, me: int) -> Text | None:
        who, other, k = seat_name(e.seat, me), seat_named(e.other, me), e.kind
        s = verb_s(e, me)
        if k == "cleared":
            return line(f"Trick to {seat_named(e.seat, me)}; the pile is set aside.",
                        style="#9e9e9e")
        if k == "asshole":
            return line(f"{who} {'are' if e.seat == me else 'is'} the {e.value}.",
                        style="bold #ef9a9a")
        if k == "seated":
            return line("The players change chairs for the new titles.", style="#9e9e9e")
        if k == "surrendered":
            return line(f"{who} give{s} the best card to {other}", e.cards)
        if k == "handed-back":
            return line(f"{who} hand{s} a card back to {other}", e.cards)
        return None
