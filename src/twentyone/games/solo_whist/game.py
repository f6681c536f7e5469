"""Solo Whist's table: the deal in threes, the auction, trumps, thirteen tricks, the payment.

See docs/games/solo-whist.md. Counters are integers and every payment names a payer and a
payee, so the sum of all players' counters is always zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any

from twentyone.cards import Card, Suit
from twentyone.protocol import View

from ..core.cards import ace_high, standard_pack
from ..core.errors import IllegalMoveError, WrongPhaseError
from ..core.events import Event
from ..core.game import CardGame
from ..core.ops import Bid, CardOp, Deal, NameTrump, Pass, Play
from .contracts import CONTRACTS, COP, LADDER, LEVEL, Contract, TrumpRule, must_take
from .rules import SoloWhistRules


class Phase(StrEnum):
    DEAL = "deal"              # the dealer is to deal (again, after an abandoned hand)
    BIDDING = "bidding"
    LATE_COP = "late-cop"      # the player left of the dealer may still accept a lone Prop
    PROP_OPTION = "prop-option"  # an unaccepted proposer may raise, or the deal is abandoned
    TRUMP = "trump"            # an Abundance declarer names trumps
    PLAY = "play"


def trick_winner(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> int:
    """The seat whose card wins: the highest trump if any was played, else the highest card of
    the suit led."""
    led = trick[0][1].suit
    best_seat, best = trick[0]
    for seat, c in trick[1:]:
        higher = c.suit == best.suit and ace_high(c) > ace_high(best)
        if higher or (c.suit == trump and best.suit != trump):
            best_seat, best = seat, c
    assert best.suit in (led, trump)
    return best_seat


class SoloWhist(CardGame[SoloWhistRules]):
    name = "solo-whist"
    accepts = frozenset({Deal, Bid, Pass, NameTrump, Play})

    def __init__(self, rules: SoloWhistRules | None = None, shuffler: Any = None) -> None:
        super().__init__(rules or SoloWhistRules(), shuffler)
        self.dealer = 1
        self.phase = Phase.DEAL
        self.hands: dict[int, list[Card]] = {s: [] for s in self.seats}
        self.pack_pile: list[Card] = self.pack()   # cards not dealt (all of them between hands)
        self.turn_up: Card | None = None
        self.counters: dict[int, int] = {s: 0 for s in self.seats}
        self.results: list[dict[str, Any]] = []
        self._reset_hand()

    def _reset_hand(self) -> None:
        self.turn = 0
        self.calls: list[tuple[int, str]] = []     # the auction so far: (seat, bid or "pass")
        self.passed: set[int] = set()
        self.high: Contract | None = None
        self.high_seat = 0
        self.cop_seat = 0
        self.contract: Contract | None = None
        self.declarers: tuple[int, ...] = ()
        self.trump: Suit | None = None
        self.trick: list[tuple[int, Card]] = []
        #: The last finished trick and who won it: shown until the next card is led, and
        #: on request (the page's "last trick"), since the four cards leave the table at once.
        self.last_trick: list[tuple[int, Card]] = []
        self.last_winner = 0
        self.won: dict[int, list[Card]] = {s: [] for s in self.seats}
        self.tricks: dict[int, int] = {s: 0 for s in self.seats}
        self.exposed = False

    @property
    def default_suit(self) -> Suit:
        assert self.turn_up is not None
        return self.turn_up.suit

    @property
    def to_act(self) -> int | None:
        return self.dealer if self.phase is Phase.DEAL else self.turn

    @property
    def between_hands(self) -> bool:
        return self.phase is Phase.DEAL

    def hand_of(self, seat: int) -> Sequence[Card]:
        return self.hands[seat]

    def pack(self) -> list[Card]:
        return standard_pack()

    def places(self) -> dict[str, Sequence[Card]]:
        out: dict[str, Sequence[Card]] = {f"hand {s}": h for s, h in self.hands.items()}
        out.update({f"tricks {s}": w for s, w in self.won.items()})
        out["trick"] = [c for _, c in self.trick]
        out["pack"] = self.pack_pile
        return out

    def _state_extra(self) -> dict[str, Any]:
        return {"phase": self.phase.value, "dealer": self.dealer, "turn_up": self.turn_up,
                "calls": self.calls, "contract": self.contract.name if self.contract else None,
                "declarers": self.declarers, "trump": int(self.trump) if self.trump else None,
                "counters": self.counters, "tricks": self.tricks, "exposed": self.exposed}

    # -- verification ----------------------------------------------------------------------------

    def _candidates(self, seat: int) -> Iterable[CardOp]:
        yield Deal(seat)
        yield Pass(seat)
        yield Bid(seat, COP)
        for c in LADDER:
            yield Bid(seat, c.name)
        for suit in Suit:
            yield NameTrump(seat, suit)
        for card_ in self.hands[seat]:
            yield Play(seat, (card_,))

    def _verify(self, op: CardOp) -> None:
        if self._verify_deal_or_turn(op, dealing=self.phase is Phase.DEAL, dealer=self.dealer,
                                     mover=self.turn, hand="hand"):
            return
        if isinstance(op, (Bid, Pass)) and self.phase not in (
                Phase.BIDDING, Phase.LATE_COP, Phase.PROP_OPTION):
            raise WrongPhaseError("the bidding is over")
        if isinstance(op, Pass):
            return
        if isinstance(op, Bid):
            self._verify_bid(op)
        elif isinstance(op, NameTrump):
            if self.phase is not Phase.TRUMP:
                raise WrongPhaseError("trumps are named only by an Abundance declarer, "
                                      "before the play")
        else:
            assert isinstance(op, Play)
            self._verify_play(op)

    def _verify_bid(self, op: Bid) -> None:
        if op.bid == COP:
            if self.phase is Phase.PROP_OPTION:
                raise IllegalMoveError("you cannot accept your own proposal")
            if self.high is None or self.high.name != "prop" or self.cop_seat:
                raise IllegalMoveError("Cop accepts a Prop, and only while the Prop stands")
            return
        contract = CONTRACTS.get(op.bid)
        if contract is None:
            names = ", ".join(c.name for c in LADDER)
            raise IllegalMoveError(f"there is no bid '{op.bid}': bid one of {names} or cop")
        if self.phase is Phase.LATE_COP:
            raise IllegalMoveError("you passed: you may only accept the Prop (cop) or pass")
        if self.high is not None and LEVEL[contract.name] <= LEVEL[self.high.name]:
            raise IllegalMoveError(f"a bid must be higher than {self.high.label}")

    def _verify_play(self, op: Play) -> None:
        if self.phase is not Phase.PLAY:
            raise WrongPhaseError("the play begins when the bidding is settled")
        if len(op.cards) != 1:
            raise IllegalMoveError("play one card to the trick")
        c = op.cards[0]
        hand = self.hands[op.seat]
        if c not in hand:
            raise IllegalMoveError(f"you do not hold {c}")
        if self.trick:
            led = self.trick[0][1].suit
            if c.suit != led and any(x.suit == led for x in hand):
                raise IllegalMoveError(f"you must follow suit: play a {led.name.lower()[:-1]}")

    # -- performing ------------------------------------------------------------------------------

    def _perform(self, op: CardOp) -> None:
        if isinstance(op, Deal):
            self._deal()
        elif isinstance(op, Pass):
            self._pass(op.seat)
        elif isinstance(op, Bid):
            self._bid(op.seat, op.bid)
        elif isinstance(op, NameTrump):
            self.trump = op.suit
            self._emit(Event("trump-named", op.seat, value=op.suit.name.lower()))
            self._start_play()
        else:
            assert isinstance(op, Play)
            self._play(op.seat, op.cards[0])

    def _deal(self) -> None:
        """Thirteen each from the dealer's left: four rounds of three, then one each; the last
        card of the pack, the dealer's thirteenth, is turned up to show the default suit."""
        self.hands_dealt += 1
        order = self._shuffle(self.pack())
        self._reset_hand()
        seating = [(self.dealer + k) % 4 + 1 for k in range(4)]
        hands: dict[int, list[Card]] = {s: [] for s in self.seats}
        pos = 0
        for size in (3, 3, 3, 3, 1):
            for s in seating:
                hands[s].extend(order[pos:pos + size])
                pos += size
        self.hands = hands
        self.pack_pile = []
        self.turn_up = order[-1]
        self._emit(Event("shuffled", self.dealer))
        for s in seating:
            self._emit(Event("dealt", s, tuple(hands[s]), private=True))
        self._emit(Event("turned-up", self.dealer, (self.turn_up,)))
        self.phase = Phase.BIDDING
        self.turn = seating[0]

    def _holders(self) -> set[int]:
        return {self.high_seat, self.cop_seat} - {0}

    def _bid(self, seat: int, bid: str) -> None:
        self.calls.append((seat, bid))
        if bid == COP:
            self.cop_seat = seat
            self._emit(Event("cop", seat, other=self.high_seat))
            if self.phase is Phase.LATE_COP:
                self._settle_auction()
                return
        else:
            self.high = CONTRACTS[bid]
            self.high_seat, self.cop_seat = seat, 0
            self._emit(Event("bid", seat, value=bid))
            if self.phase is Phase.PROP_OPTION:
                self._settle_auction()
                return
        self._next_bidder(seat)

    def _pass(self, seat: int) -> None:
        self.calls.append((seat, "pass"))
        self._emit(Event("pass", seat))
        if self.phase is Phase.LATE_COP:
            self._offer_prop_option()
            return
        if self.phase is Phase.PROP_OPTION:
            self._abandon("the Prop found no partner")
            return
        self.passed.add(seat)
        self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> None:
        active = [s for s in self.seats if s not in self.passed]
        if not active:
            self._abandon("everyone passed")
            return
        if self.high is not None and set(active) <= self._holders():
            if self.high.name == "prop" and not self.cop_seat:
                first, second = self.dealer % 4 + 1, (self.dealer + 1) % 4 + 1
                if (self.calls[0] == (first, "pass") and self.calls[1] == (second, "prop")
                        and len(self.calls) == 4):
                    self.phase, self.turn = Phase.LATE_COP, first
                    return
                self._offer_prop_option()
                return
            self._settle_auction()
            return
        s = seat
        for _ in range(4):
            s = self.left_of(s)
            if s not in self.passed:
                break
        self.turn = s

    def _offer_prop_option(self) -> None:
        self.phase, self.turn = Phase.PROP_OPTION, self.high_seat

    def _abandon(self, why: str) -> None:
        self._emit(Event("abandoned", self.dealer, value=why))
        self._gather()
        self.results.append({"contract": None, "declarers": [], "made": None})
        self._finish_hand({}, contract=None, declarers=[], made=None, tricks=0, abandoned=why)
        self.phase = Phase.DEAL   # the same dealer deals again

    def _gather(self) -> None:
        pile = [c for h in self.hands.values() for c in h]
        pile += [c for w in self.won.values() for c in w] + [c for _, c in self.trick]
        self.pack_pile = pile
        self.hands = {s: [] for s in self.seats}
        self.won = {s: [] for s in self.seats}
        self.trick = []

    def _settle_auction(self) -> None:
        assert self.high is not None
        self.contract = self.high
        self.declarers = tuple(sorted(self._holders()))
        partner = self.cop_seat or None
        self._emit(Event("contract", self.high_seat, value=self.contract.name, other=partner))
        if self.contract.trump is TrumpRule.CHOOSE:
            self.phase, self.turn = Phase.TRUMP, self.high_seat
            return
        self.trump = self.default_suit if self.contract.trump is TrumpRule.DEFAULT else None
        self._start_play()

    def _start_play(self) -> None:
        assert self.contract is not None
        self._emit(Event("turn-up-taken", self.dealer, (self.turn_up,) if self.turn_up else ()))
        self.phase = Phase.PLAY
        first = self.dealer % 4 + 1
        self.turn = self.high_seat if self.contract.declarer_leads else first

    def _play(self, seat: int, c: Card) -> None:
        assert self.contract is not None
        self.hands[seat].remove(c)
        self.trick.append((seat, c))
        self._emit(Event("play", seat, (c,)))
        if len(self.trick) < 4:
            self.turn = self.left_of(seat)
            return
        winner = trick_winner(self.trick, self.trump)
        cards = tuple(x for _, x in self.trick)
        self.won[winner].extend(cards)
        self.tricks[winner] += 1
        self.last_trick, self.last_winner = self.trick, winner
        self.trick = []
        self._emit(Event("trick", winner, cards))
        self.turn = winner
        if self.contract.exposed and not self.exposed:
            self.exposed = True
            declarer = self.declarers[0]
            self._emit(Event("exposed", declarer, tuple(self.hands[declarer])))
        if not any(self.hands.values()):
            self._settle()

    def _settle(self) -> None:
        assert self.contract is not None
        won = sum(self.tricks[s] for s in self.declarers)
        made = self.contract.made(won)
        amount = self.contract.credits * self.rules.counters_per_credit
        defenders = [s for s in self.seats if s not in self.declarers]
        before = dict(self.counters)
        self._emit(Event("made" if made else "broken", self.high_seat, value=won))
        for d in self.declarers:
            for f in defenders:
                payer, payee = (f, d) if made else (d, f)
                self.counters[payer] -= amount
                self.counters[payee] += amount
                self._emit(Event("paid", payer, value=amount, other=payee))
        self.results.append({"contract": self.contract.name, "declarers": list(self.declarers),
                             "made": made, "tricks": won})
        self._finish_hand({s: self.counters[s] - before[s] for s in self.seats},
                          contract=self.contract.name, declarers=list(self.declarers),
                          made=made, tricks=won)
        self._gather()
        self.dealer = self.left_of(self.dealer)
        self.phase = Phase.DEAL

    # -- views -----------------------------------------------------------------------------------

    def seat_view(self, seat: int) -> View:
        """The protocol's view, with the ladder of bids and what each must take (for the
        bidding's buttons; docs/games/solo-whist.md#the-bids)."""
        v = super().seat_view(seat)
        body = dict(v.body)
        body["ladder"] = [{"bid": c.name, "label": c.label, "must": must_take(c),
                           "counters": c.credits * self.rules.counters_per_credit}
                          for c in LADDER]
        return View(v.ctx, v.legal, body)

    def view(self, seat: int | None) -> dict[str, Any]:
        exposed: dict[int, tuple[Card, ...]] = {}
        if self.exposed and self.phase is Phase.PLAY:
            exposed = {d: tuple(self.hands[d]) for d in self.declarers}
        return {
            "game": self.name, "seat": seat, "phase": self.phase.value, "to_act": self.to_act,
            "hand": tuple(self.hands[seat]) if seat in self.hands else None,
            "counts": {s: len(h) for s, h in self.hands.items()},
            "dealer": self.dealer, "turn_up": self.turn_up, "calls": tuple(self.calls),
            "high": self.high.name if self.high else None, "high_seat": self.high_seat,
            "cop_seat": self.cop_seat,
            "contract": self.contract.name if self.contract else None,
            "declarers": self.declarers, "trump": self.trump,
            "trick": tuple(self.trick), "tricks": dict(self.tricks),
            "last_trick": tuple(self.last_trick), "last_winner": self.last_winner,
            "exposed": exposed, "counters": dict(self.counters),
            "played": tuple(c for w in self.won.values() for c in w),
        }
