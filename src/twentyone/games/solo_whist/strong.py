"""Solo Whist's strong bot: determinized search (``core.search``) over the auction and the
play, the best bot playing every seat out.

What its seat knows besides its hand: every card played; the calls of the auction (each seat's
calls hang on its own hand and the calls before them, so a world's hand for a seat is one the
best bot would have made that seat's calls with); the suits a player has shown out of (a
player who did not follow the suit led holds none of it); the turned-up card, which stays in
the dealer's hand until the dealer plays it; and a Misère Ouverte declarer's hand once it is
laid face up. The rest of the unseen cards are dealt at random among the other hands, each
card only to a hand that may hold it (docs/games/bots.md#how-the-strong-bot-thinks).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from twentyone.cards import Suit

from ..core.bots import Bot
from ..core.cards import Card, ace_high, standard_pack
from ..core.game import CardGame
from ..core.ops import Bid, CardOp, Pass, Play
from ..core.search import SearchBot, deal_unseen, event_cards
from .bots import SoloWhistBot, estimate_tricks
from .contracts import CONTRACTS, LEVEL
from .game import Phase, SoloWhist
from .rules import SoloWhistRules

#: Hands drawn, at most, for one seat of a world of the auction until one fits its calls (a
#: Solo hand comes about once in twenty).
CALL_TRIES = 120

#: Hands drawn, at most, for one seat over all the worlds of one call, so that a call too rare
#: to find (an Abundance) does not cost the search its second.
CALL_BUDGET = 1200

#: Deals drawn, at most, for one world of the play until the declaring side's hands (with
#: the cards they have played) fit their calls; past that the last deal is played.
PLAY_TRIES = 10

#: Worlds in which every call within reach is played out, before all but the best few are
#: dropped (a hopeless call shows itself in a few deals; close ones need many).
SIFT_WORLDS = 8

#: Calls kept after the sifting worlds (besides the best bot's own).
KEEP = 2

#: A world: the unseen cards of each other seat.
WhistWorld = dict[int, list[Card]]


def legal_moves(g: CardGame[Any], seat: int) -> list[CardOp]:
    """``seat``'s legal cards in the play of Solo Whist (the same as ``legal_ops`` then)."""
    assert isinstance(g, SoloWhist)
    hand = g.hands[seat]
    if g.trick:
        led = g.trick[0][1].suit
        follow = [c for c in hand if c.suit == led]
        if follow:
            return [Play(seat, (c,)) for c in follow]
    return [Play(seat, (c,)) for c in hand]


def _lacking(suits: frozenset[Suit]) -> Callable[[Card], bool]:
    """A hand that has shown out of ``suits`` may hold any other card."""
    return lambda c: c.suit not in suits


def _within_reach(view: Mapping[str, Any], op: CardOp) -> bool:
    """Whether a call is worth playing out: a pass, a Cop or naming trumps always; a contract
    only when the hand comes within a couple of tricks (or, for a misère, one low card a
    suit) of what the best bot asks before it bids it."""
    if not isinstance(op, Bid) or op.bid not in LEVEL:
        return True
    hand: Sequence[Card] = view["hand"]
    default = estimate_tricks(hand, view["turn_up"].suit)
    if op.bid in ("prop", "solo"):
        return default >= (2.0 if op.bid == "prop" else 4.0)
    if op.bid.startswith("misere"):
        return _nearly_misere_safe(hand)
    if op.bid == "slam":
        return estimate_tricks(hand, None) >= 11.0
    best = default if op.bid == "abundance-in-trump" else max(
        estimate_tricks(hand, suit) for suit in Suit)
    return best >= 7.5


def _nearly_misere_safe(hand: Sequence[Card]) -> bool:
    """``misere_safe`` with two ranks' slack under every card (a hand a card or so short of
    it)."""
    for suit in Suit:
        ranks = sorted(ace_high(c) for c in hand if c.suit == suit)
        if any(r > 5 + 2 * i for i, r in enumerate(ranks)):
            return False
    return True


class SoloWhistStrongBot(SearchBot[WhistWorld]):
    """The strong Solo Whist bot: tries each call within its hand's reach and each card it may
    play in worlds consistent with what its seat saw, the best bot (``SoloWhistBot``) playing
    every seat to the end of the hand, and makes the call or plays the card that won it the
    most counters."""

    worlds = 16
    #: Worlds sampled for a call of the auction (or naming trumps): fewer moves to try, and
    #: a contract's counters swing far more than one card's.
    auction_worlds = 48

    def _rollout(self, rng: random.Random) -> Bot:
        return SoloWhistBot(rng)

    def _new_hand(self) -> None:
        self.void: dict[int, set[Suit]] = {}
        self.trick: list[Card] = []
        self.turn_up: Card | None = None
        self.dealer = 0
        #: The cards each seat has played this hand (with what it holds, the hand it bid on).
        self.spent: dict[int, list[Card]] = {}
        #: The auction whose calls ``_asks`` last read, and what it read.
        self._asked: tuple[object, dict[int, list[tuple[list[CardOp], CardOp]]]] = (None, {})
        #: Hands each seat may still be drawn for in this call's worlds (``CALL_BUDGET``).
        self._tries = {s: CALL_BUDGET for s in (1, 2, 3, 4)}

    def _see(self, e: Mapping[str, Any]) -> None:
        kind, seat = e.get("kind"), e.get("seat")
        cards = event_cards(e)
        if kind == "turned-up" and cards and isinstance(seat, int):
            self.turn_up, self.dealer = cards[0], seat
        elif kind == "play" and cards and isinstance(seat, int):
            if self.trick and cards[0].suit != self.trick[0].suit:
                self.void.setdefault(seat, set()).add(self.trick[0].suit)
            self.trick.append(cards[0])
            self.spent.setdefault(seat, []).append(cards[0])
            if cards[0] == self.turn_up:
                self.turn_up = None
        elif kind == "trick":
            self.trick = []

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        if len(legal) > 1 and view["phase"] != Phase.PLAY:
            return self._call(view, legal)
        return super().choose(view, legal)

    def _call(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        """A call of the auction (or trumps named): every call within the hand's reach is
        played out in ``SIFT_WORLDS`` worlds, the ``KEEP`` best of them (and the best bot's
        own call) in ``auction_worlds`` in all; the call with the most counters over the same
        worlds is made, ties going to the best bot's call."""
        seat: int = view["seat"]
        default = self.best.choose(view, legal)
        alive = [op for op in legal if op == default or _within_reach(view, op)]
        if len(alive) == 1:
            return default
        totals = {op: 0.0 for op in alive}
        self._tries = {s: CALL_BUDGET for s in (1, 2, 3, 4)}
        for k in range(self.auction_worlds):
            if k == SIFT_WORLDS and len(alive) > KEEP:
                ranked = sorted(alive, key=lambda op: -totals[op])[:KEEP]
                alive = [op for op in alive if op in ranked or op == default]
            world = self._sample(view, self.rng)
            dice = self.rng.getrandbits(32)
            for op in alive:
                g = self._build(view, world)
                g.apply(op)
                self._play_out(g, dice)
                totals[op] += self._score(g, seat)
        top = max(totals[op] for op in alive)
        return default if totals[default] == top else max(alive, key=lambda op: totals[op])

    def _sample(self, view: Mapping[str, Any], rng: random.Random) -> WhistWorld:
        if view["phase"] != Phase.PLAY:
            return self._sample_deal(view, rng)
        return self._sample_play(view, rng)

    def _sample_deal(self, view: Mapping[str, Any], rng: random.Random) -> WhistWorld:
        """Before the play: the other three hands dealt from the cards not in ours (the
        turned-up card in the dealer's), each hand drawn again (up to ``CALL_TRIES`` times)
        until the best bot holding it would have made that seat's calls so far. A seat's calls
        hang on its own hand and the calls before them, so each hand is fitted on its own, the
        seats that bid first and the last hand from the cards left."""
        me: int = view["seat"]
        dealer: int = view["dealer"]
        turn_up: Card = view["turn_up"]
        hand = set(view["hand"])
        pool = [c for c in standard_pack() if c not in hand and c != turn_up]
        asks = self._asks(view)
        others = sorted((s for s in (1, 2, 3, 4) if s != me),
                        key=lambda s: -sum(not isinstance(op, Pass) for _, op in asks[s]))
        world: WhistWorld = {}
        for s in others:
            holds_turn_up = s == dealer and turn_up not in hand
            n = 12 if holds_turn_up else 13
            for _ in range(min(CALL_TRIES, self._tries[s]) if len(pool) > n else 1):
                self._tries[s] -= 1
                cards = rng.sample(pool, n) + ([turn_up] if holds_turn_up else [])
                if self._fits(cards, turn_up, asks[s]):
                    break
            else:
                cards = rng.sample(pool, n) + ([turn_up] if holds_turn_up else [])
            world[s] = cards
            taken = set(cards)
            pool = [c for c in pool if c not in taken]
        return world

    def _asks(self, view: Mapping[str, Any]) -> dict[int, list[tuple[list[CardOp], CardOp]]]:
        """Each other seat's calls so far, each with the calls it had to choose from (which
        hang on the calls before it, not on anyone's cards)."""
        key = (view["seat"], view["dealer"], view["calls"])
        if self._asked[0] != key:
            me: int = view["seat"]
            g = SoloWhist(SoloWhistRules())
            g.dealer, g.turn_up = view["dealer"], view["turn_up"]
            g.phase, g.turn = Phase.BIDDING, g.dealer % 4 + 1
            asks: dict[int, list[tuple[list[CardOp], CardOp]]] = {s: [] for s in g.seats if s != me}
            for seat, call in view["calls"]:
                op: CardOp = Pass(seat) if call == "pass" else Bid(seat, call)
                if seat != me:
                    asks[seat].append((g.legal_ops(seat), op))
                g._perform(op)
            self._asked = (key, asks)
        return self._asked[1]

    def _fits(self, cards: Sequence[Card], turn_up: Card,
              asks: Sequence[tuple[list[CardOp], CardOp]]) -> bool:
        """Whether the best bot holding ``cards`` would have made these calls (its bidding
        reads only its hand and the turned-up card)."""
        seen = {"hand": tuple(cards), "turn_up": turn_up}
        return all(self.best.choose(seen, legal) == op for legal, op in asks)

    def _replay(self, view: Mapping[str, Any], world: WhistWorld) -> SoloWhist:
        """The table dealt ``world`` (and our hand), the auction so far replayed on it."""
        me: int = view["seat"]
        g = SoloWhist(SoloWhistRules())
        g.dealer = view["dealer"]
        g.hands = {s: list(view["hand"]) if s == me else list(world[s]) for s in g.seats}
        g.pack_pile = []
        g.turn_up = view["turn_up"]
        g.phase, g.turn = Phase.BIDDING, g.dealer % 4 + 1
        for seat, call in view["calls"]:
            g._perform(Pass(seat) if call == "pass" else Bid(seat, call))
        return g

    def _sample_play(self, view: Mapping[str, Any], rng: random.Random) -> WhistWorld:
        me: int = view["seat"]
        hand = set(view["hand"])
        counts: dict[int, int] = view["counts"]
        seen = hand | set(view["played"]) | {c for _, c in view["trick"]}
        known: dict[int, set[Card]] = {s: set(cards) for s, cards in view["exposed"].items()
                                       if s != me}
        if self.turn_up is not None and self.dealer != me and self.turn_up not in seen:
            known.setdefault(self.dealer, set()).add(self.turn_up)
        for cards in known.values():
            seen |= cards
        pool = [c for c in standard_pack() if c not in seen]
        needs = {s: n - len(known.get(s, ())) for s, n in counts.items() if s != me}
        allowed: dict[int, Callable[[Card], bool]] = {
            s: _lacking(frozenset(suits)) for s, suits in self.void.items() if s in needs}
        if min(needs.values(), default=0) < 0 or sum(needs.values()) != len(pool):
            known, allowed = {}, {}   # joined mid-hand: only the counts are sure
            needs = {s: n for s, n in counts.items() if s != me}
            pool = [c for c in standard_pack() if c not in seen]
            rng.shuffle(pool)
            pool = pool[:sum(needs.values())]
            return self._deal_play(pool, needs, allowed, known, rng)
        asks = self._asks(view)
        bidders = [s for s in needs if any(not isinstance(op, Pass) for _, op in asks[s])]
        if sum(map(len, self.spent.values())) != len(view["played"]) + len(view["trick"]):
            bidders = []   # not shown every card played: the hands bid on are not known
        world = self._deal_play(pool, needs, allowed, known, rng)
        for _ in range(PLAY_TRIES - 1):
            if all(self._fits([*world[s], *self.spent.get(s, ())], view["turn_up"], asks[s])
                   for s in bidders):
                break
            world = self._deal_play(pool, needs, allowed, known, rng)
        return world

    @staticmethod
    def _deal_play(pool: Sequence[Card], needs: Mapping[int, int],
                   allowed: Mapping[int, Callable[[Card], bool]],
                   known: Mapping[int, set[Card]], rng: random.Random) -> WhistWorld:
        world = deal_unseen(pool, needs, allowed, rng)
        for s, cards in known.items():
            world[s] = [*cards, *world[s]]
        return world

    def _build(self, view: Mapping[str, Any], world: WhistWorld) -> CardGame[Any]:
        if view["phase"] != Phase.PLAY:
            return self._replay(view, world)
        me: int = view["seat"]
        g = SoloWhist(SoloWhistRules())
        g.dealer = view["dealer"]
        g.phase = Phase.PLAY
        g.hands = {s: list(view["hand"]) if s == me else list(world.get(s, []))
                   for s in g.seats}
        g.pack_pile = []
        g.turn_up = view["turn_up"]
        g.calls = list(view["calls"])
        g.high_seat, g.cop_seat = view["high_seat"], view["cop_seat"]
        g.contract = CONTRACTS[view["contract"]]
        g.high = g.contract
        g.declarers = tuple(view["declarers"])
        g.trump = view["trump"]
        g.trick = list(view["trick"])
        g.tricks = dict(view["tricks"])
        # The cards gone in tricks, all at one seat: the counts of tricks won are ``tricks``.
        g.won = {s: list(view["played"]) if s == me else [] for s in g.seats}
        g.exposed = bool(view["exposed"])
        g.turn = me
        return g

    def _moves(self, g: CardGame[Any], seat: int) -> list[CardOp]:
        assert isinstance(g, SoloWhist)
        return legal_moves(g, seat) if g.phase is Phase.PLAY else g.legal_ops(seat)

    def _rollout_view(self, g: CardGame[Any], seat: int) -> dict[str, Any]:
        """What the best bot reads of the play (``SoloWhistBot._play``): the whole view, built
        at every move of every playout, was a fifth of the search's time."""
        assert isinstance(g, SoloWhist)
        if g.phase is not Phase.PLAY:
            return g.view(seat)
        return {"seat": seat, "trump": g.trump, "declarers": g.declarers,
                "contract": g.contract.name if g.contract else None, "trick": tuple(g.trick),
                "played": tuple(c for w in g.won.values() for c in w)}

    def _score(self, g: CardGame[Any], seat: int) -> float:
        results = g.hand_results()
        return float(results[-1].scores[seat]) if results else 0.0
