"""The dealer's multi-deck hand shuffle (docs/dealing.md#the-hand-shuffle), performed card by
card, and a measure of how far from uniform it leaves a shoe.

The procedure: break the shoe into four more or less equal stacks, two each side of a cut card;
take about a deck's worth from stack 1 and as much from stack 3, riffle them together (and
strip and riffle again, as the recipe says) and lay them on the cut card; the same with stacks 2
and 4 on top; alternate until every card is shuffled; box the pile; and a player cuts. Each
riffle follows the Gilbert-Shannon-Reeds model: the packet is cut binomially, and cards drop
from the two halves with chances in proportion to the cards left in each (every interleaving of
the two halves equally likely). The first riffle of a pair riffles the two grabs together.

It is **not** the table's shuffle: live play stays uniform, from the operating system's secure
source (``shoe.RandomShuffler``). It is here to show the procedure (``twentyone shuffle
--procedure``) and to judge it by numbers (``quality``): after a finite number of riffles, and
because cards are only ever riffled with cards from the opposite stack, a hand-shuffled shoe
keeps traces of the order it started in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from twentyone.cards import Card
from twentyone.engine.shoe import ShuffleResult
from twentyone.rules import Rules

Order = npt.NDArray[np.int64]

#: What a pair of grabs goes through by default: riffle, riffle, strip, riffle (the dealers'
#: "riffle, riffle, strip, riffle" on each pair).
DEFAULT_RIFFLES = 3


@dataclass(frozen=True)
class Step:
    """One step of the procedure, for showing it: what was done, and the cards afterwards (each
    card as its place in the order the shuffle started from): the four stacks and the pile on
    the cut card, top first."""

    action: str
    text: str
    stacks: tuple[Order, ...]
    pile: Order


@dataclass
class HandShuffle:
    """The procedure's parameters. ``riffles`` per pair of grabs (0: the grabs are only
    stacked), ``strip`` before the last riffle, ``box`` the pile before the cut, ``grab`` cards
    per grab (about a deck's worth), varied by up to ``grab_spread``."""

    riffles: int = DEFAULT_RIFFLES
    strip: bool = True
    box: bool = True
    grab: int = 52
    grab_spread: int = 4
    steps: list[Step] = field(default_factory=list)

    def run(self, n: int, rng: np.random.Generator, record: bool = False) -> tuple[Order, int]:
        """Shuffle cards 0..n-1 (top first); returns the final order and where the player cut.
        With ``record`` each step is kept in ``steps``."""
        self.steps = []
        order = np.arange(n, dtype=np.int64)
        spread = max(1, n // 50)
        bounds = [0] + [round(n * i / 4) + int(rng.integers(-spread, spread + 1))
                        for i in (1, 2, 3)] + [n]
        stacks = [order[bounds[i]:bounds[i + 1]] for i in range(4)]
        pile = np.empty(0, dtype=np.int64)
        empty = np.empty(0, dtype=np.int64)

        def note(action: str, text: str) -> None:
            if record:
                self.steps.append(Step(action, text, tuple(s.copy() for s in stacks),
                                       pile.copy()))

        note("stacks", "four stacks, two each side of the cut card")
        turn = 0
        while any(len(s) for s in stacks):
            a, b = (0, 2) if turn % 2 == 0 else (1, 3)
            turn += 1
            if not len(stacks[a]) and not len(stacks[b]):
                continue
            size = self.grab + int(rng.integers(-self.grab_spread, self.grab_spread + 1))
            size = max(1, size)
            left, stacks[a] = stacks[a][:size], stacks[a][size:]
            right, stacks[b] = stacks[b][:len(left) or size], stacks[b][len(left) or size:]
            note("grab", f"{len(left)} from stack {a + 1} and {len(right)} from stack {b + 1}")
            packet = np.concatenate((left, right))
            for r in range(self.riffles):
                if self.strip and r == self.riffles - 1 and self.riffles >= 2:
                    packet = strip(packet, rng)
                    note("strip", "strip: packets pulled off the top, one on another")
                packet = riffle(left, right, rng) if r == 0 else gsr_riffle(packet, rng)
                note("riffle", f"riffle {r + 1} of {len(packet)} "
                               f"card{'' if len(packet) == 1 else 's'}")
            pile = np.concatenate((packet, pile))
            note("place", f"{len(packet)} shuffled cards onto the pile")
        stacks = [empty, empty, empty, empty]
        if self.box:
            pile = box(pile, rng)
            note("box", "box: the pile cut into packets laid down in reverse")
        n_ = len(pile)
        cut_at = int(rng.integers(n_ // 10, n_ - n_ // 10 + 1)) if n_ >= 10 else 0
        pile = np.concatenate((pile[cut_at:], pile[:cut_at]))
        note("cut", f"a player cuts {cut_at} cards from the top to the bottom")
        return pile, cut_at


def riffle(left: Order, right: Order, rng: np.random.Generator) -> Order:
    """Two packets riffled together: every interleaving equally likely (a GSR drop, the
    halves given)."""
    n = len(left) + len(right)
    out = np.empty(n, dtype=np.int64)
    mask = np.zeros(n, dtype=bool)
    mask[rng.choice(n, len(left), replace=False)] = True
    out[mask] = left
    out[~mask] = right
    return out


def gsr_riffle(cards: Order, rng: np.random.Generator) -> Order:
    """One Gilbert-Shannon-Reeds riffle: a binomial cut, then an interleaving of the halves
    with every one equally likely."""
    k = int(rng.binomial(len(cards), 0.5))
    return riffle(cards[:k], cards[k:], rng)


def strip(cards: Order, rng: np.random.Generator) -> Order:
    """A strip (running cut): packets of 5 to 15 cards pulled off the top, each laid on the one
    before, so their order reverses and each packet stays together."""
    packets = []
    i = 0
    while i < len(cards):
        size = int(rng.integers(5, 16))
        packets.append(cards[i:i + size])
        i += size
    return np.concatenate(packets[::-1]) if packets else cards


def box(cards: Order, rng: np.random.Generator) -> Order:
    """Boxing the pile: cut into four packets of about equal size, laid down in reverse."""
    n = len(cards)
    spread = max(1, n // 40)
    cuts = sorted(min(n, max(0, round(n * i / 4) + int(rng.integers(-spread, spread + 1))))
                  for i in (1, 2, 3))
    bounds = [0, *cuts, n]
    packets = [cards[bounds[i]:bounds[i + 1]] for i in range(4)]
    return np.concatenate(packets[::-1])


class HandShuffler:
    """A ``Shuffler`` that performs the hand shuffle (see the module docstring): for showing
    and studying it, not for live play. ``last`` keeps the latest shuffle's steps."""

    def __init__(self, rng: np.random.Generator, procedure: HandShuffle | None = None) -> None:
        self.rng = rng
        self.procedure = procedure or HandShuffle()
        self.last: list[Step] = []

    @classmethod
    def seeded(cls, seed: int | None, riffles: int = DEFAULT_RIFFLES) -> HandShuffler:
        return cls(np.random.default_rng(seed), HandShuffle(riffles=riffles))

    def shuffle(self, cards: list[Card], rules: Rules) -> ShuffleResult:
        order, cut_at = self.procedure.run(len(cards), self.rng, record=True)
        self.last = list(self.procedure.steps)
        return ShuffleResult([cards[i] for i in order], cut_at)

    def cut_card_behind(self, rules: Rules) -> int:
        if rules.cut_behind is not None:
            return int(self.rng.integers(rules.cut_behind[0], rules.cut_behind[1] + 1))
        return round(rules.shoe_size * (1.0 - rules.penetration))


# --- how far from uniform ----------------------------------------------------------------------

def rising_sequences(order: Order) -> int:
    """Rising sequences of a shuffled order (cards numbered by their place before): maximal runs
    of consecutive numbers found in increasing positions. A fresh order has 1; a uniform shuffle
    of n cards (n + 1) / 2 on average; each riffle at most doubles them."""
    pos = np.empty_like(order)
    pos[order] = np.arange(len(order))
    return 1 + int(np.count_nonzero(pos[1:] < pos[:-1]))


@dataclass(frozen=True)
class Quality:
    """How far ``trials`` shuffles of ``cards`` cards are from uniform, against as many uniform
    shuffles of the same cards: the mean rising sequences (uniform: (n + 1) / 2), the mean
    correlation of each card's place before and after (uniform: 0), and the total variation
    distance of the table "which quarter of the shoe a card came from, which quarter it ends
    in" from the uniform quarter (each 1/4), with the same distance for the uniform shuffles,
    which is the noise floor of the trial count."""

    cards: int
    riffles: int
    trials: int
    rising: float
    rising_se: float
    rising_uniform: float
    correlation: float
    correlation_se: float
    quarters_tv: float
    quarters_tv_uniform: float


def _quarters_tv(orders: list[Order]) -> float:
    n = len(orders[0])
    table = np.zeros((4, 4))
    origin = (np.arange(n) * 4) // n
    for order in orders:
        np.add.at(table, (origin[order], (np.arange(n) * 4) // n), 1)
    rows = table / table.sum(axis=1, keepdims=True)
    return float(0.5 * np.abs(rows - 0.25).sum(axis=1).mean())


def quality(decks: int, riffles: int, trials: int, seed: int = 0,
            procedure: HandShuffle | None = None) -> Quality:
    """Measure the hand shuffle with ``riffles`` per pair on a shoe of ``decks`` packs that
    starts in order (the worst case: new packs)."""
    rng = np.random.default_rng(seed)
    proc = procedure or HandShuffle()
    proc.riffles = riffles
    n = 52 * decks
    orders = [proc.run(n, rng)[0] for _ in range(trials)]
    uniform = [rng.permutation(n).astype(np.int64) for _ in range(trials)]
    rises = np.array([rising_sequences(o) for o in orders], dtype=float)
    places = np.arange(n, dtype=float)
    corr = np.array([np.corrcoef(places, np.argsort(o))[0, 1] for o in orders])
    return Quality(n, riffles, trials, float(rises.mean()),
                   float(rises.std(ddof=1) / np.sqrt(trials)), (n + 1) / 2,
                   float(corr.mean()), float(corr.std(ddof=1) / np.sqrt(trials)),
                   _quarters_tv(orders), _quarters_tv(uniform))
