"""Durak's table: deal, bouts of attack and defence, drawing up, going out, the durak.

Durak is played in turns here (a real table lets attackers throw in at once): the attacker
opens, the defender answers each card, and when every card is beaten the attackers are asked in
turn, the main attacker first and then round to the left, whether to throw in another card. See
docs/games/durak.md for the rules as players read them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any

from twentyone.cards import Card, Suit

from ..core.cards import ace_high, short_pack
from ..core.errors import IllegalMoveError, WrongPhaseError
from ..core.events import Event
from ..core.game import CardGame
from ..core.ops import CardOp, Deal, Pass, Play, Take
from .rules import LOWEST_RANK, DurakRules


class Phase(StrEnum):
    DEAL = "deal"          # between games: the dealer is to deal
    ATTACK = "attack"      # the attacker opens a bout with one card
    DEFEND = "defend"      # the defender beats the open card or takes
    PILE_ON = "pile-on"    # all beaten: attackers in turn may throw in a card of a rank on table
    GIVE = "give"          # the defender is taking: attackers in turn may hand over more cards


def beats(attack: Card, defence: Card, trump: Suit) -> bool:
    """A higher card of the same suit, or any trump against a non-trump."""
    if defence.suit == attack.suit:
        return ace_high(defence) > ace_high(attack)
    return defence.suit == trump


class Durak(CardGame[DurakRules]):
    name = "durak"
    accepts = frozenset({Deal, Play, Pass, Take})

    def __init__(self, rules: DurakRules | None = None, shuffler: Any = None) -> None:
        super().__init__(rules or DurakRules(), shuffler)
        r = self.rules
        self.phase = Phase.DEAL
        self.dealer = 1
        self.hands: dict[int, list[Card]] = {s: [] for s in self.seats}
        self.stock: list[Card] = []          # top first; the turned-up trump card is last
        self.trump_card: Card | None = None
        self.table: list[tuple[Card, Card | None]] = []
        self.discards: list[Card] = self.pack()   # the gathered pack before a deal
        self.attacker = 0
        self.defender = 0
        self.helpers: list[int] = []         # other players who threw in this bout, in order
        self.passed: set[int] = set()
        self.limit = r.bout_limit            # attack cards allowed this bout
        self.durak: int | None = None        # the durak of the last decided game
        self.results: list[int | None] = []  # each finished game's durak (None: a draw)
        self.out_order: list[int] = []

    # -- what is whose ---------------------------------------------------------------------------

    @property
    def trump(self) -> Suit:
        assert self.trump_card is not None
        return self.trump_card.suit

    @property
    def to_act(self) -> int | None:
        if self.phase is Phase.DEAL:
            return self.dealer
        if self.phase is Phase.ATTACK:
            return self.attacker
        if self.phase is Phase.DEFEND:
            return self.defender
        waiting = [s for s in self._throwers() if s not in self.passed]
        return waiting[0] if waiting else None

    def _throwers(self) -> list[int]:
        """Who may throw in, in the order they are asked: the attacker, then round the left."""
        order, s = [], self.attacker
        for _ in self.seats:
            if s != self.defender and self.hands[s]:
                order.append(s)
            s = self.left_of(s)
        return order

    def _holding(self, start: int) -> int:
        """The first player from ``start`` round to the left who still holds cards."""
        s = start
        for _ in self.seats:
            if self.hands[s]:
                return s
            s = self.left_of(s)
        return start

    @property
    def between_hands(self) -> bool:
        return self.phase is Phase.DEAL

    def hand_of(self, seat: int) -> Sequence[Card]:
        return self.hands[seat]

    def pack(self) -> list[Card]:
        return short_pack(LOWEST_RANK)

    def places(self) -> dict[str, Sequence[Card]]:
        out: dict[str, Sequence[Card]] = {f"hand {s}": h for s, h in self.hands.items()}
        out["stock"] = self.stock
        out["table"] = [c for pair in self.table for c in pair if c is not None]
        out["discards"] = self.discards
        return out

    def _state_extra(self) -> dict[str, Any]:
        return {"phase": self.phase.value, "attacker": self.attacker, "defender": self.defender,
                "helpers": self.helpers, "passed": sorted(self.passed), "limit": self.limit,
                "durak": self.durak, "dealer": self.dealer, "results": self.results,
                "trump": self.trump_card}

    # -- verification ----------------------------------------------------------------------------

    def _candidates(self, seat: int) -> Iterable[CardOp]:
        yield Deal(seat)
        yield Pass(seat)
        yield Take(seat)
        for c in self.hands[seat]:
            yield Play(seat, (c,))

    def _verify(self, op: CardOp) -> None:
        if self._verify_deal_or_turn(op, dealing=self.phase is Phase.DEAL, dealer=self.dealer,
                                     mover=self.to_act, hand="game"):
            return
        if isinstance(op, Take):
            if self.phase is not Phase.DEFEND:
                raise WrongPhaseError("only the defender, facing an unbeaten card, can take")
            return
        if isinstance(op, Pass):
            if self.phase is Phase.ATTACK:
                raise IllegalMoveError("the attacker must open the bout with a card")
            if self.phase is Phase.DEFEND:
                raise IllegalMoveError("beat the card or take the cards; a defender cannot pass")
            return
        assert isinstance(op, Play)
        if len(op.cards) != 1:
            raise IllegalMoveError("play one card at a time")
        c = op.cards[0]
        if c not in self.hands[op.seat]:
            raise IllegalMoveError(f"you do not hold {c}")
        if self.phase is Phase.DEFEND:
            attack = self.table[-1][0]
            if not beats(attack, c, self.trump):
                raise IllegalMoveError(f"{c} does not beat {attack}: play a higher card of "
                                       "its suit or a trump")
            return
        if self.phase in (Phase.PILE_ON, Phase.GIVE):
            ranks = {x.rank for pair in self.table for x in pair if x is not None}
            if c.rank not in ranks:
                raise IllegalMoveError("you may only add a card of a rank already on the table")
            if len(self.table) >= self.limit:
                raise IllegalMoveError("no more cards may be added to this bout")

    # -- performing ------------------------------------------------------------------------------

    def _perform(self, op: CardOp) -> None:
        if isinstance(op, Deal):
            self._deal()
        elif isinstance(op, Take):
            self._emit(Event("take", op.seat))
            self._enter(Phase.GIVE)
        elif isinstance(op, Pass):
            self._emit(Event("pass", op.seat))
            self.passed.add(op.seat)
            if self.to_act is None:
                self._end_bout(taken=self.phase is Phase.GIVE)
        else:
            assert isinstance(op, Play)
            self._play(op.seat, op.cards[0])

    def _deal(self) -> None:
        self.hands_dealt += 1
        order = self._shuffle(self.pack())
        n, size = self.rules.players, self.rules.hand_size
        first = self.left_of(self.dealer)
        seating = [(first - 1 + i) % n + 1 for i in range(n)]
        dealt: dict[int, list[Card]] = {s: [] for s in self.seats}
        for i in range(n * size):
            dealt[seating[i % n]].append(order[i])
        self.trump_card = order[n * size]
        self.stock = [*order[n * size + 1:], self.trump_card]
        self.discards = []
        self.table = []
        self.out_order = []
        self._emit(Event("shuffled", self.dealer))
        for s in seating:
            self.hands[s] = dealt[s]
            self._emit(Event("dealt", s, tuple(dealt[s]), private=True))
        self._emit(Event("trump", None, (self.trump_card,)))
        if self.durak is not None:
            attacker = self.left_of(self.durak)
        else:
            trumps = [(ace_high(c), s) for s in self.seats for c in self.hands[s]
                      if c.suit == self.trump]
            attacker = min(trumps)[1] if trumps else first
            if trumps:
                lowest = min((c for c in self.hands[attacker] if c.suit == self.trump),
                             key=ace_high)
                self._emit(Event("lowest-trump", attacker, (lowest,)))
        self._start_bout(attacker)

    def _start_bout(self, attacker: int) -> None:
        self.attacker = attacker
        self.defender = self._holding(self.left_of(attacker))
        self.limit = min(self.rules.bout_limit, len(self.hands[self.defender]))
        self.helpers = []
        self.passed = set()
        self.table = []
        self.phase = Phase.ATTACK
        self._emit(Event("bout", attacker, value=self.defender, other=self.defender))

    def _play(self, seat: int, c: Card) -> None:
        self.hands[seat].remove(c)
        if self.phase is Phase.DEFEND:
            attack = self.table[-1][0]
            self.table[-1] = (attack, c)
            self._emit(Event("beat", seat, (attack, c)))
            self._enter(Phase.PILE_ON)
            return
        if seat != self.attacker and seat not in self.helpers:
            self.helpers.append(seat)
        self.table.append((c, None))
        kind = "give" if self.phase is Phase.GIVE else "attack"
        self._emit(Event(kind, seat, (c,), other=self.defender))
        if self.phase is Phase.GIVE:
            self._enter(Phase.GIVE)
        else:
            self.phase = Phase.DEFEND

    def _enter(self, phase: Phase) -> None:
        """Ask the attackers in turn again, unless the bout is already full or nobody can add."""
        self.phase = phase
        self.passed = set()
        if len(self.table) >= self.limit or self.to_act is None:
            self._end_bout(taken=phase is Phase.GIVE)

    def _end_bout(self, taken: bool) -> None:
        cards = tuple(c for pair in self.table for c in pair if c is not None)
        self.table = []
        if taken:
            self.hands[self.defender].extend(cards)
            self._emit(Event("picked-up", self.defender, cards))
        else:
            self.discards.extend(cards)
            self._emit(Event("discarded", self.defender, cards))
        for s in [self.attacker, *self.helpers, self.defender]:
            want = self.rules.hand_size - len(self.hands[s])
            if want > 0 and self.stock:
                drawn, self.stock = self.stock[:want], self.stock[want:]
                self.hands[s].extend(drawn)
                self._emit(Event("drew", s, tuple(drawn), private=True))
        if not self.stock:
            for s in self.seats:
                if not self.hands[s] and s not in self.out_order:
                    self.out_order.append(s)
                    self._emit(Event("out", s))
        holding = [s for s in self.seats if self.hands[s]]
        if not self.stock and len(holding) <= 1:
            self._end_game(holding[0] if holding else None)
            return
        start = self.left_of(self.defender) if taken else self.defender
        self._start_bout(self._holding(start))

    def _end_game(self, durak: int | None) -> None:
        self.results.append(durak)
        self._finish_hand({durak: 1} if durak is not None else {}, durak=durak)
        if durak is None:
            self._emit(Event("draw-game", self.durak))
        else:
            self.durak = durak
            self._emit(Event("durak", durak))
        # The durak gathers the cards and deals; after a first-game draw the same dealer does.
        if self.durak is not None:
            self.dealer = self.durak
        self.discards.extend(c for s in self.seats for c in self.hands[s])
        for s in self.seats:
            self.hands[s] = []
        self.phase = Phase.DEAL

    # -- views -----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.name, "seat": seat, "phase": self.phase.value, "to_act": self.to_act,
            "hand": tuple(self.hands[seat]) if seat in self.hands else None,
            "counts": {s: len(h) for s, h in self.hands.items()},
            "trump_card": self.trump_card,
            "trump_in_stock": bool(self.stock),
            "stock": len(self.stock), "discards": len(self.discards),
            "table": tuple(self.table), "attacker": self.attacker, "defender": self.defender,
            "limit": self.limit, "dealer": self.dealer, "durak": self.durak,
            "out": tuple(self.out_order),
        }
