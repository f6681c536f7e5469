"""A Solo Whist bot: bid from hand strength, then play to win cheaply, follow low and help the
side it is on (or, in a misère, duck under every trick).

Hand strength is an estimate of tricks: aces, guarded kings and queens, and long trumps. A
misère needs a hand of low cards; the bot bids one only when no suit holds a card it could be
forced to win with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from twentyone.cards import Card, Suit

from ..core.cards import ace_high
from ..core.ops import Bid, CardOp, NameTrump, Pass, Play
from .contracts import COP, LEVEL


def estimate_tricks(hand: Sequence[Card], trump: Suit | None) -> float:
    """Expected tricks for a declarer with this hand and these trumps (a rough count)."""
    total = 0.0
    for suit in Suit:
        cards = sorted((ace_high(c) for c in hand if c.suit == suit), reverse=True)
        n = len(cards)
        for i, r in enumerate(cards):
            if r >= 14 - i and r >= 12:
                total += 1.0        # a master or guarded honour in sequence: A, AK, AKQ
            elif (r == 13 and n >= 2) or (r == 12 and n >= 3):
                total += 0.5
        if suit == trump and n > 3:
            total += n - 3          # long trumps win by ruffing or outlasting
    if trump is not None:
        voids = sum(1 for s in Suit if s != trump and not any(c.suit == s for c in hand))
        trumps = sum(1 for c in hand if c.suit == trump)
        total += 0.6 * min(voids, max(0, trumps - 2))
    return total


def misere_safe(hand: Sequence[Card], exposed: bool = False) -> bool:
    """Every suit has low cards beneath its high ones, so the bot can always duck."""
    for suit in Suit:
        ranks = sorted(ace_high(c) for c in hand if c.suit == suit)
        for i, r in enumerate(ranks):
            # the i-th lowest card must be low enough to duck under i+1 rounds of the suit
            if r > 2 + 2 * i + (0 if exposed else 1):
                return False
    return True


class SoloWhistBot:
    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        if len(legal) == 1:
            return legal[0]
        if any(isinstance(op, NameTrump) for op in legal):
            hand = view["hand"]
            return max((op for op in legal if isinstance(op, NameTrump)),
                       key=lambda op: estimate_tricks(hand, op.suit))
        if any(isinstance(op, Play) for op in legal):
            return self._play(view, [op for op in legal if isinstance(op, Play)])
        return self._bid(view, legal)

    # -- the auction -----------------------------------------------------------------------------

    def _bid(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        hand: tuple[Card, ...] = view["hand"]
        default = view["turn_up"].suit
        bids = {op.bid: op for op in legal if isinstance(op, Bid)}
        passing = next(op for op in legal if isinstance(op, Pass))
        with_default = estimate_tricks(hand, default)
        best_other = max(estimate_tricks(hand, s) for s in Suit)
        wanted: list[str] = []
        if estimate_tricks(hand, None) >= 12.5:
            wanted.append("slam")
        if misere_safe(hand, exposed=True):
            wanted.append("misere-ouverte")
        if with_default >= 9.5:
            wanted.append("abundance-in-trump")
        if best_other >= 9.5:
            wanted.append("abundance")
        if misere_safe(hand):
            wanted.append("misere")
        if with_default >= 5.5:
            wanted.append("solo")
        if with_default >= 3.5:
            wanted.append("prop")
        for name in sorted(wanted, key=lambda n: -LEVEL[n]):
            if name in bids:
                return bids[name]
        if COP in bids and with_default >= 3.0:
            return bids[COP]
        return passing

    # -- the play --------------------------------------------------------------------------------

    def _play(self, view: dict[str, Any], plays: list[Play]) -> CardOp:
        seat: int = view["seat"]
        trump: Suit | None = view["trump"]
        declarers: tuple[int, ...] = view["declarers"]
        contract: str = view["contract"]
        trick: tuple[tuple[int, Card], ...] = view["trick"]
        cards = [op.cards[0] for op in plays]
        by_card = {op.cards[0]: op for op in plays}
        misere = contract.startswith("misere")
        declaring = seat in declarers

        def strength(c: Card) -> int:
            return ace_high(c) + (20 if c.suit == trump else 0)

        if misere and declaring:
            return by_card[self._duck(cards, trick, trump)]
        if misere:
            # Defenders against a misère keep low cards back to force the declarer through.
            if not trick:
                return by_card[min(cards, key=strength)]
            winning = _current_winner(trick, trump)
            if winning[0] in declarers:
                return by_card[min(cards, key=strength)]
            return by_card[max(cards, key=strength)]
        if not trick:
            return by_card[self._lead(cards, trump, view)]
        win_seat, win_card = _current_winner(trick, trump)
        friend = (win_seat in declarers) == declaring
        last = len(trick) == 3
        beaters = [c for c in cards if _beats(c, win_card, trick[0][1].suit, trump)]
        if friend and (last or ace_high(win_card) >= 13 or win_card.suit == trump):
            return by_card[min(cards, key=strength)]
        if beaters:
            return by_card[min(beaters, key=strength)]
        return by_card[min(cards, key=strength)]

    def _lead(self, cards: list[Card], trump: Suit | None, view: dict[str, Any]) -> Card:
        played: tuple[Card, ...] = view["played"]
        # A card is a master when every higher card of its suit has been played or is ours.
        gone = {(x.suit, ace_high(x)) for x in (*played, *cards)}
        for c in sorted(cards, key=lambda c: -ace_high(c)):
            master = all((c.suit, r) in gone for r in range(ace_high(c) + 1, 15))
            if master and (c.suit != trump or view["seat"] in view["declarers"]):
                return c
        plain = [c for c in cards if c.suit != trump] or cards
        counts = {s: sum(1 for c in plain if c.suit == s) for s in Suit}
        return min(plain, key=lambda c: (-counts[c.suit], ace_high(c)))

    @staticmethod
    def _duck(cards: list[Card], trick: tuple[tuple[int, Card], ...], trump: Suit | None) -> Card:
        if not trick:
            return min(cards, key=ace_high)
        led = trick[0][1].suit
        _, win_card = _current_winner(trick, trump)
        following = [c for c in cards if c.suit == led]
        if following:
            under = [c for c in following if not _beats(c, win_card, led, trump)]
            return max(under, key=ace_high) if under else min(following, key=ace_high)
        return max(cards, key=ace_high)   # void: throw the most dangerous card


def _beats(c: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    if c.suit == best.suit:
        return ace_high(c) > ace_high(best)
    return c.suit == trump


def _current_winner(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> tuple[int, Card]:
    best = trick[0]
    for seat, c in trick[1:]:
        if _beats(c, best[1], trick[0][1].suit, trump):
            best = (seat, c)
    return best


class SoloWhistBeginnerBot:
    """A beginner's Solo Whist: bid on aces and kings, win every trick you can, else play low.

    It counts its aces and kings: with three it proposes or accepts a proposal, with four and
    five cards of the turned-up suit it goes solo, and it never bids a misère or an abundance.
    In the play it leads the highest card of its longest suit and, following, wins the trick
    with the lowest card that wins it, otherwise throws its lowest card. That is the first
    strategy people learn at the table, so it beats random play (which bids contracts it
    cannot make); but it counts no cards, plays over its partner's winning card, wastes trumps
    and chases tricks even against a misère, which the best bot (``SoloWhistBot``) does not.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        if len(legal) == 1:
            return legal[0]
        hand: tuple[Card, ...] = view["hand"]
        plays = [op for op in legal if isinstance(op, Play)]
        if plays:
            return self._play(view, plays)
        names = [op for op in legal if isinstance(op, NameTrump)]
        if names:
            return max(names, key=lambda op: sum(1 for c in hand if c.suit == op.suit))
        bids = {op.bid: op for op in legal if isinstance(op, Bid)}
        honours = sum(1 for c in hand if ace_high(c) >= 13)
        trumps = sum(1 for c in hand if c.suit == view["turn_up"].suit)
        if honours >= 4 and trumps >= 5 and "solo" in bids:
            return bids["solo"]
        if honours >= 3 and "prop" in bids:
            return bids["prop"]
        if honours >= 3 and COP in bids:
            return bids[COP]
        return next(op for op in legal if isinstance(op, Pass))

    @staticmethod
    def _play(view: dict[str, Any], plays: list[Play]) -> CardOp:
        trump: Suit | None = view["trump"]
        trick: tuple[tuple[int, Card], ...] = view["trick"]
        by_card = {op.cards[0]: op for op in plays}
        cards = list(by_card)

        def strength(c: Card) -> tuple[int, int]:
            return (ace_high(c) + (20 if c.suit == trump else 0), int(c.suit))

        if not trick:
            longest = max(Suit, key=lambda s: (sum(1 for c in cards if c.suit == s), int(s)))
            return by_card[max((c for c in cards if c.suit == longest), key=strength)]
        _, win_card = _current_winner(trick, trump)
        led = trick[0][1].suit
        winners = [c for c in cards if _beats(c, win_card, led, trump)]
        return by_card[min(winners or cards, key=strength)]
