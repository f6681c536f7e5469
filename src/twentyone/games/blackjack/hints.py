"""The ``?`` hint at a chip table (docs/web.md#at-the-table-in-the-browser), asked of the game
(``CasinoGame.hint_question``): the question is read from the asking seat's own view (a room
asks under its lock), then answered by a solver (a room's on a worker thread).

A question holds only what that seat may see, so no answer can use a hidden card. The casino
game's is the exact EV of each legal action for the cards this seat has not seen since the
shuffle (the full shoe less every card shown to it, as the terminal's ``??``; the browser's
coach prices from the same cards, docs/web.md#the-coach); Pontoon's prices each choice against
a banker who stands on 17, from the cards this seat has not seen since the shuffle
(``pontoon.hint``, docs/pontoon.md#hints).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from twentyone.engine.table import Phase, Table
from twentyone.engine.views import TableView, seen_cards, view
from twentyone.errors import WrongPhaseError
from twentyone.pontoon.hint import BANKER_MODEL, Pool, pontoon_evs, unseen_pool
from twentyone.rules import Rules
from twentyone.strategy import action_evs, basic_chart
from twentyone.strategy.chart import cell

from .bank import has_bank


class HintQuestion(Protocol):
    def answer(self) -> dict[str, Any]:
        """The hint's JSON body: the cards, each choice's EV per unit bet, and on what basis."""
        ...


def _hand(v: TableView, seat: int, index: int) -> tuple[list[int], list[str], int, str]:
    me = next(s for s in v.seats if s.number == seat)
    cards = [c for c in me.hands[index].cards if c is not None]
    up = next(c for c in v.dealer if c is not None)
    return [c.value for c in cards], [c.code for c in cards], up.value, up.code


def _allowed(v: TableView) -> dict[str, bool]:
    legal = {str(a).replace("-", "_") for a in v.legal}
    return {"can_double": "double" in legal, "can_split": "split" in legal,
            "can_surrender": "surrender" in legal}


def unseen_shoe(rules: Rules, seen: Iterable[int], values: Iterable[int],
                up: int) -> list[int]:
    """The shoe as the solver takes it for a seat (counts by value, aces first): the full shoe
    less every card ``seen``, with the hand's ``values`` and the ``up`` card put back (they are
    among the cards seen, and the solver takes them out itself)."""
    counts = [4 * rules.decks] * 9 + [16 * rules.decks]
    for v in seen:
        counts[v - 1] -= 1
    for v in (*values, up):
        counts[v - 1] += 1
    return counts


@dataclass(frozen=True)
class CasinoQuestion:
    """A decision at a casino table as its seat sees it: the hand and up card (values and
    codes), what the table offers (``allowed``), the hands the seat holds, and ``seen``: the
    value of every card shown to this seat since the shuffle (``views.seen_cards``: never the
    hole card, nor another seat's face-down card), the hand and up card among them."""

    rules: Rules
    values: tuple[int, ...]
    up: int
    allowed: tuple[tuple[str, bool], ...]
    hands: int
    codes: tuple[str, ...]
    up_code: str
    seen: tuple[int, ...]

    def answer(self) -> dict[str, Any]:
        allowed = dict(self.allowed)
        values = list(self.values)
        shoe = unseen_shoe(self.rules, self.seen, values, self.up)
        evs = action_evs(self.rules, values, self.up, shoe, split_hands=self.hands, **allowed)
        # The chart's play and its cell: what a play is judged against at the page.
        chart = basic_chart(self.rules).decide(values, self.up, **allowed)
        left = 52 * self.rules.decks - len(self.seen)
        return {"hand": list(self.codes), "up": self.up_code,
                "ev": {a: round(x, 4) for a, x in evs.items()},
                "chart": chart, "cell": cell(values, self.up, allowed["can_split"]),
                "seen": len(self.seen),
                "basis": f"from the {left} cards you have not seen since the shuffle, every "
                         "later play the exact best"}


@lru_cache(maxsize=256)
def _pontoon(values: tuple[int, ...], up: int, pool: Pool, can_double: bool,
             can_split: bool) -> dict[str, float]:
    """Cached, as a player may ask twice about one decision and the worth of drawing small
    cards toward five takes up to a second to work out."""
    return pontoon_evs(values, up, pool, can_double=can_double, can_split=can_split)


@dataclass(frozen=True)
class PontoonQuestion:
    values: tuple[int, ...]
    up: int
    pool: Pool
    can_double: bool
    can_split: bool
    codes: tuple[str, ...]
    up_code: str

    def answer(self) -> dict[str, Any]:
        evs = _pontoon(self.values, self.up, self.pool, self.can_double, self.can_split)
        return {"hand": list(self.codes), "up": self.up_code,
                "ev": {a: round(x, 4) for a, x in evs.items()},
                "basis": f"against {BANKER_MODEL}, from the {sum(self.pool)} cards you have "
                         "not seen" + (" (a split as two hands, no resplit)"
                                       if self.can_split else "")}


def casino_question(table: Table, v: TableView, seat: int, index: int) -> CasinoQuestion:
    values, codes, up, up_code = _hand(v, seat, index)
    me = next(s for s in v.seats if s.number == seat)
    return CasinoQuestion(table.rules, tuple(values), up, tuple(_allowed(v).items()),
                          len(me.hands), tuple(codes), up_code,
                          tuple(c.value for c in seen_cards(table, seat)))


def pontoon_question(table: Table, v: TableView, seat: int, index: int) -> PontoonQuestion:
    values, codes, up, up_code = _hand(v, seat, index)
    allowed = _allowed(v)
    pool = unseen_pool([c.value for c in seen_cards(table, seat)])
    return PontoonQuestion(tuple(values), up, pool, allowed["can_double"], allowed["can_split"],
                           tuple(codes), up_code)


def hint_question(table: Table, seat: int) -> CasinoQuestion | PontoonQuestion:
    """``seat``'s question, from its own view: refused unless it is this seat's turn to play.
    A table with a changing bank (Pontoon) is priced as Pontoon."""
    to_act = table.to_act
    if table.phase is not Phase.PLAYERS or to_act is None or to_act[0] != seat:
        raise WrongPhaseError("a hint is for your own turn")
    ask = pontoon_question if has_bank(table) else casino_question
    return ask(table, view(table, seat), seat, to_act[1])
