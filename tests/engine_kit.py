"""Builders shared by the casino engine's tests (issue 2): stacked tables, fixed chip stacks and
a fingerprint of everything a refused request must leave untouched.

Shoes are stacked with ``StackedShuffler``: after any burn card, the named cards come off the
shoe first, in the order the table deals them. ``stack_for`` lays out the first two cards of each
seat and the dealer's up and hole cards in the order the rules deal them, then any draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from twentyone.engine.chips import Rack
from twentyone.engine.events import Event, Kind
from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.engine.table import Table
from twentyone.games.blackjack import CasinoGame
from twentyone.games.history import replay_record
from twentyone.money import Cents
from twentyone.pontoon.table import PontoonTable
from twentyone.rules import PRESETS, Rules

#: One dollar, in cents.
D = 100

#: A player's chips for the scenarios: 10 yellow, 20 white, 20 red and 7 green, $300 in all.
STACK: dict[str, int] = {"yellow": 10, "white": 20, "red": 20, "green": 7}
STACK_VALUE: Cents = 10 * 50 + 20 * 100 + 20 * 500 + 7 * 2500
assert STACK_VALUE == 300 * D

#: The standard rack: 100 chips of each of the six colours (yellow to purple).
RACK_START: list[int] = [100] * 6
RACK_VALUE: Cents = 100 * (50 + 100 + 500 + 2500 + 10000 + 50000)


def rules_of(rules: Rules | str) -> Rules:
    return PRESETS[rules] if isinstance(rules, str) else rules


def stack_for(rules: Rules | str, hands: Sequence[tuple[str, str]], up: str,
              hole: str | None = None, draws: Sequence[str] = ()) -> list[str]:
    """The shoe's first cards so that seat k (dealer's left first) gets ``hands[k]`` and the dealer
    ``up`` and ``hole``: the order the rules deal them (docs/casino.md#the-deal: a card to each
    player, the dealer's up card, a second card each, the hole card; docs/casino.md#hole_card_first:
    at the casino-party table the hole card is the dealer's first; european: no hole card, the
    dealer's second card is one of ``draws``)."""
    r = rules_of(rules)
    first = [h[0] for h in hands]
    second = [h[1] for h in hands]
    if not r.peek:
        assert hole is None, "a no-hole-card game deals the dealer's second card later"
        return [*first, up, *second, *draws]
    assert hole is not None
    if r.hole_card_first:
        return [*first, hole, *second, up, *draws]
    return [*first, up, *second, hole, *draws]


def stacked(rules: Rules | str, cards: Sequence[str], *, later: Iterable[Sequence[str]] = (),
            cut_behind: int | None = None, seed: int = 0, rack: Rack | None = None) -> Table:
    """A table whose first shuffle deals ``cards`` first (after the burn), later shuffles
    ``later``; the rest of each shoe in a seeded random order."""
    return Table(rules_of(rules), StackedShuffler(
        [list(cards), *(list(s) for s in later)], then=RandomShuffler.seeded(seed),
        cut_behind=cut_behind), rack=rack)


def dealt(rules: Rules | str, hands: Sequence[tuple[str, str]], up: str, hole: str | None = None,
          draws: Sequence[str] = (), *, bets: Sequence[Cents] | None = None,
          chips: Mapping[str, int] | None = None) -> Table:
    """Seats 1..n sit with ``chips`` (default ``STACK``), bet (default $10 each, or the table
    minimum if higher) and the round is dealt from a stacked shoe."""
    r = rules_of(rules)
    t = stacked(r, stack_for(r, hands, up, hole, draws))
    for n in range(1, len(hands) + 1):
        t.sit(n, dict(chips or STACK))
    for n in range(1, len(hands) + 1):
        t.bet(n, bets[n - 1] if bets else max(10 * D, r.min_bet))
    t.deal()
    return t


def settled(events: Iterable[Event], seat: int) -> list[int]:
    """Net amounts of the SETTLED events of ``seat``, in log order."""
    return [e.amount for e in events if e.kind is Kind.SETTLED and e.seat == seat]


def kinds(events: Iterable[Event]) -> list[StrEnum]:
    return [e.kind for e in events]


def dealt_to(events: Iterable[Event]) -> list[tuple[int, str, bool]]:
    """(seat, card code, face up) of each card dealt; seat 0 is the dealer."""
    return [(e.seat, e.card.code, e.face_up) for e in events
            if e.kind is Kind.DEALT and e.card is not None]


def since_round_start(t: Table) -> list[Event]:
    """The log from the latest ROUND_STARTED on."""
    starts = [i for i, e in enumerate(t.log) if e.kind is Kind.ROUND_STARTED]
    return t.log[starts[-1]:]


def fingerprint(t: Table) -> Any:
    """Everything a refused request must leave as it was: cards (shoe order, position, cut card,
    discards, every hand and its faces), chips (stacks, bets, insurance, the rack and the vault),
    the turn, and the log and operations."""
    seats = {
        n: (list(s.chips), s.wagered, s.insurance, list(s.insurance_chips), s.declined,
            [(list(h.cards), list(h.face_up), h.bet, list(h.chips), h.doubled, h.done,
              h.settled, h.outcome, h.from_split, h.split_aces) for h in s.hands])
        for n, s in t.seats.items()
    }
    shoe = t.shoe
    return (
        t.phase, t.round, t.to_act, t._turn, t._hand, t._peeked,
        seats,
        (list(t.dealer.cards), list(t.dealer.face_up), t.dealer.up_index),
        (list(t.rack.counts), t.rack.fills, t.rack.credits),
        (list(shoe.cards), shoe.pos, shoe.cut_index, list(shoe.discards), list(shoe.burned),
         shoe.refilled, len(shoe.history)),
        list(t.log), list(t.ops),
    )


def players_value(t: Table) -> Cents:
    return sum(t.bankroll(n) for n in t.seats)


__all__ = [
    "RACK_START",
    "RACK_VALUE",
    "STACK",
    "STACK_VALUE",
    "D",
    "dealt",
    "dealt_to",
    "fingerprint",
    "kinds",
    "players_value",
    "rules_of",
    "settled",
    "since_round_start",
    "stack_for",
    "stacked",
]


def replayed_pontoon(history: dict[str, Any]) -> PontoonTable:
    """A Pontoon record dealt again through the one replay path (``replay_record``, which
    wraps the table in ``CasinoGame``): the table it deals."""
    game = replay_record(history).game
    assert isinstance(game, CasinoGame) and isinstance(game.table, PontoonTable)
    return game.table
