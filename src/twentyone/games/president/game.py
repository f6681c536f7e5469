"""President's table: the deal, the exchange, climbing tricks, titles and the changing chairs.

Seat numbers belong to players and never change; ``order`` is who sits where, starting from the
President's chair and going round to the left, so "taking office" is just a new ``order``.
See docs/games/president.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from itertools import combinations
from typing import Any

from twentyone.cards import Card, Rank, Suit, card

from ..core.cards import standard_pack
from ..core.errors import IllegalMoveError, WrongPhaseError
from ..core.events import Event
from ..core.game import CardGame
from ..core.ops import CardOp, Deal, Give, Pass, Play
from .rules import PresidentRules

#: The card that opens the first hand.
OPENING_CARD = card(Rank.THREE, Suit.SPADES)


#: Each rank's place at President, by the engine's ace-low number.
_CLIMB: tuple[int, ...] = (0, 14, 15, *range(3, 14))


def climb(c: Card) -> int:
    """President's ranking: 3 lowest, then up to king, ace, and 2 highest (suits never count).
    Looked up: the strong bot's playouts ask it millions of times a game."""
    return _CLIMB[c.rank]


class Phase(StrEnum):
    DEAL = "deal"            # between hands: the dealer (the Asshole after the first) deals
    EXCHANGE = "exchange"    # the President hands a card of their choice back to the Asshole
    PLAY = "play"


class President(CardGame[PresidentRules]):
    name = "president"
    accepts = frozenset({Deal, Play, Pass, Give})

    def __init__(self, rules: PresidentRules | None = None, shuffler: Any = None) -> None:
        super().__init__(rules or PresidentRules(), shuffler)
        self.order: list[int] = list(self.seats)   # from the President's chair, to the left
        self.titles: dict[int, str] = {}           # last hand's titles (none before the first)
        self.dealer = 1
        self.phase = Phase.DEAL
        self.hands: dict[int, list[Card]] = {s: [] for s in self.seats}
        self.top: tuple[Card, ...] = ()             # the play to beat; empty: a lead is due
        self.pile: list[Card] = []                  # every card played to the current trick
        self.last_player = 0
        self.passed: set[int] = set()
        self.finished: list[int] = []
        self.turn = 0
        self.discards: list[Card] = self.pack()   # the gathered pack before a deal
        self.results: list[dict[int, str]] = []

    @property
    def to_act(self) -> int | None:
        if self.phase is Phase.DEAL:
            return self.dealer
        if self.phase is Phase.EXCHANGE:
            return self.order[0]
        return self.turn

    @property
    def opening(self) -> bool:
        """The first hand's first lead, which must include the three of spades."""
        return not self.titles and not self.pile and not self.discards and not self.finished

    @property
    def between_hands(self) -> bool:
        return self.phase is Phase.DEAL

    def hand_of(self, seat: int) -> Sequence[Card]:
        return self.hands[seat]

    def _single(self, seat: int, c: Card) -> CardOp:
        return Give(seat, (c,)) if self.phase is Phase.EXCHANGE else Play(seat, (c,))

    def pack(self) -> list[Card]:
        return standard_pack()

    def places(self) -> dict[str, Sequence[Card]]:
        out: dict[str, Sequence[Card]] = {f"hand {s}": h for s, h in self.hands.items()}
        out["trick"] = self.pile
        out["discards"] = self.discards
        return out

    def _state_extra(self) -> dict[str, Any]:
        return {"phase": self.phase.value, "order": self.order, "titles": self.titles,
                "top": self.top, "last": self.last_player, "passed": sorted(self.passed),
                "finished": self.finished, "dealer": self.dealer, "results": self.results}

    def _next_active(self, seat: int) -> int:
        """The next player to ``seat``'s left (in today's chairs) who still holds cards."""
        i = self.order.index(seat)
        n = len(self.order)
        for k in range(1, n + 1):
            s = self.order[(i + k) % n]
            if self.hands[s]:
                return s
        return seat

    # -- verification ----------------------------------------------------------------------------

    def _candidates(self, seat: int) -> Iterable[CardOp]:
        yield Deal(seat)
        yield Pass(seat)
        hand = self.hands[seat]
        if self.phase is Phase.EXCHANGE:
            for c in hand:
                yield Give(seat, (c,))
            return
        by_rank: dict[int, list[Card]] = {}
        for c in hand:
            by_rank.setdefault(c.rank, []).append(c)
        for group in by_rank.values():
            for size in range(1, len(group) + 1):
                for combo in combinations(group, size):
                    yield Play(seat, combo)

    def _verify(self, op: CardOp) -> None:
        if self._verify_deal_or_turn(op, dealing=self.phase is Phase.DEAL, dealer=self.dealer,
                                     mover=self.to_act, hand="hand"):
            return
        if isinstance(op, Give):
            if self.phase is not Phase.EXCHANGE:
                raise WrongPhaseError("cards are only handed back before the first lead")
            if len(op.cards) != 1 or op.cards[0] not in self.hands[op.seat]:
                raise IllegalMoveError("hand back exactly one card from your hand")
            return
        if self.phase is Phase.EXCHANGE:
            raise WrongPhaseError("the President must first hand a card back to the Asshole")
        if isinstance(op, Pass):
            if not self.top:
                raise IllegalMoveError("you have the lead: play a card or a set")
            return
        assert isinstance(op, Play)
        cards = op.cards
        hand = self.hands[op.seat]
        if not cards or len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            raise IllegalMoveError("play cards from your hand, each once")
        if len({c.rank for c in cards}) != 1:
            raise IllegalMoveError("a play is one card or several cards of the same rank")
        if self.opening and OPENING_CARD not in cards:
            raise IllegalMoveError(f"the first hand opens with the {OPENING_CARD}")
        if self.top:
            if len(cards) != len(self.top):
                n = len(self.top)
                raise IllegalMoveError(f"play exactly {n} card{'s' if n > 1 else ''}, as led")
            if climb(cards[0]) <= climb(self.top[0]):
                raise IllegalMoveError(f"play a higher rank than {self.top[0].code[:-1]}")

    # -- performing ------------------------------------------------------------------------------

    def _perform(self, op: CardOp) -> None:
        if isinstance(op, Deal):
            self._deal()
        elif isinstance(op, Give):
            bottom = self.order[-1]
            c = op.cards[0]
            self.hands[op.seat].remove(c)
            self.hands[bottom].append(c)
            self._emit(Event("handed-back", op.seat, (c,), private=True, other=bottom))
            self.phase = Phase.PLAY
            self.turn = op.seat
        elif isinstance(op, Pass):
            self._emit(Event("pass", op.seat))
            self.passed.add(op.seat)
            self._after_move(op.seat)
        else:
            assert isinstance(op, Play)
            self._play(op.seat, op.cards)

    def _deal(self) -> None:
        self.hands_dealt += 1
        order = self._shuffle(self.pack())
        self.discards = []
        self.pile, self.top, self.passed, self.finished = [], (), set(), []
        i = self.order.index(self.dealer)
        n = len(self.order)
        seating = [self.order[(i + 1 + k) % n] for k in range(n)]
        dealt: dict[int, list[Card]] = {s: [] for s in self.seats}
        for k, c in enumerate(order):
            dealt[seating[k % n]].append(c)
        self._emit(Event("shuffled", self.dealer))
        for s in seating:
            self.hands[s] = dealt[s]
            self._emit(Event("dealt", s, tuple(dealt[s]), private=True))
        if self.titles:
            president, bottom = self.order[0], self.order[-1]
            best = max(self.hands[bottom], key=lambda c: (climb(c), c.suit))
            self.hands[bottom].remove(best)
            self.hands[president].append(best)
            self._emit(Event("surrendered", bottom, (best,), private=True, other=president))
            self.phase = Phase.EXCHANGE
        else:
            self.phase = Phase.PLAY
            self.turn = next(s for s in self.seats if OPENING_CARD in self.hands[s])

    def _play(self, seat: int, cards: tuple[Card, ...]) -> None:
        for c in cards:
            self.hands[seat].remove(c)
        self.pile.extend(cards)
        self.top = cards
        self.last_player = seat
        self.passed = set()
        self._emit(Event("play", seat, cards))
        if not self.hands[seat]:
            self.finished.append(seat)
            self._emit(Event("out", seat, value=self.rules.ranks[len(self.finished) - 1]))
            holding = [s for s in self.seats if self.hands[s]]
            if len(holding) == 1:
                self._end_hand(holding[0])
                return
        self._after_move(seat)

    def _after_move(self, seat: int) -> None:
        """Next player round to the left; when all the others have passed, the trick is over and
        the last to play leads (or, if they went out, the next player still holding cards)."""
        others = [s for s in self.seats if self.hands[s] and s != self.last_player]
        if all(s in self.passed for s in others):
            self.discards.extend(self.pile)
            self._emit(Event("cleared", self.last_player, tuple(self.pile)))
            self.pile, self.top, self.passed = [], (), set()
            leader = self.last_player
            self.turn = leader if self.hands[leader] else self._next_active(leader)
            return
        self.turn = self._next_active(seat)

    def _end_hand(self, last: int) -> None:
        finishing = [*self.finished, last]
        ranks = self.rules.ranks
        self.titles = {s: ranks[i] for i, s in enumerate(finishing)}
        self.results.append(dict(self.titles))
        # Points by title: the President the most, the Asshole none (the score sheet's sums).
        self._finish_hand({s: len(finishing) - 1 - i for i, s in enumerate(finishing)},
                          titles={str(s): ranks[i] for i, s in enumerate(finishing)},
                          order=finishing)
        self.discards.extend(self.pile)
        self.discards.extend(self.hands[last])
        self.hands[last] = []
        self.pile, self.top = [], ()
        self._emit(Event("asshole", last, value=ranks[-1]))
        # Taking office: chairs in order of rank, the President's first, round to the left.
        self.order = finishing
        self.dealer = last
        self._emit(Event("seated", None, value=" ".join(str(s) for s in finishing)))
        self.phase = Phase.DEAL

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.name, "seat": seat, "phase": self.phase.value, "to_act": self.to_act,
            "hand": tuple(self.hands[seat]) if seat in self.hands else None,
            "counts": {s: len(h) for s, h in self.hands.items()},
            "top": self.top, "last_player": self.last_player, "passed": tuple(self.passed),
            "order": tuple(self.order), "titles": dict(self.titles),
            "finished": tuple(self.finished), "opening": self.opening, "dealer": self.dealer,
            "played": len(self.discards) + len(self.pile),
        }
