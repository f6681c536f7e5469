"""Strategy charts: the total-dependent tables a player memorises.

A chart is three tables of action codes indexed by the player's hand and the dealer's up card.
The same arrays feed the table's bots (through ``decide``), the terminal hint, and the
simulator's compiled kernel, so the layout below is a contract:

- ``hard[total][up]`` for hard totals 4..21, ``soft[total][up]`` for soft totals 12..21,
  ``pairs[value][up]`` for a pair of cards of ``value``; values and up cards count the ace as 1
  and every ten-card as 10; row and column 0 are unused.
- Entries are the codes below; ``*_HIT``/``*_STAND`` say what to do when the first choice is
  not allowed (e.g. "double, else hit"). The pair table holds SPLIT, SURRENDER_SPLIT or NO_SPLIT
  (play the hand by its total).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from twentyone.cards import hand_total

STAND = 0
HIT = 1
DOUBLE_HIT = 2
DOUBLE_STAND = 3
SPLIT = 4
SURRENDER_HIT = 5
SURRENDER_STAND = 6
SURRENDER_SPLIT = 7
NO_SPLIT = 8

#: Chart letters, as printed charts use them.
LETTERS = {STAND: "S", HIT: "H", DOUBLE_HIT: "Dh", DOUBLE_STAND: "Ds", SPLIT: "P",
           SURRENDER_HIT: "Rh", SURRENDER_STAND: "Rs", SURRENDER_SPLIT: "Rp", NO_SPLIT: "-"}

Table8 = npt.NDArray[np.int8]


@dataclass(frozen=True)
class Chart:
    name: str
    hard: Table8
    soft: Table8
    pairs: Table8
    # Plain nested tuples of the same tables: indexing them is several times faster than NumPy
    # scalar indexing, and ``decide`` runs once per decision in the table's bot loop.
    _hard: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _soft: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _pairs: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, table, rows in (("hard", self.hard, 22), ("soft", self.soft, 22),
                                  ("pairs", self.pairs, 11)):
            if table.shape != (rows, 11):
                raise ValueError(f"{name} table must be {rows}x11, not {table.shape}")
        object.__setattr__(self, "_hard", tuple(tuple(int(x) for x in r) for r in self.hard))
        object.__setattr__(self, "_soft", tuple(tuple(int(x) for x in r) for r in self.soft))
        object.__setattr__(self, "_pairs", tuple(tuple(int(x) for x in r) for r in self.pairs))

    def decide(self, values: Sequence[int], up: int, *, can_double: bool, can_split: bool,
               can_surrender: bool) -> str:
        """'hit', 'stand', 'double', 'split' or 'surrender' for a hand of card ``values``
        (ace = 1) against the dealer's ``up`` card, given what the table allows now."""
        if can_split and len(values) == 2 and values[0] == values[1]:
            code = self._pairs[values[0]][up]
            if code == SPLIT:
                return "split"
            if code == SURRENDER_SPLIT:
                return "surrender" if can_surrender else "split"
        hard = sum(values)
        if 1 in values and hard <= 11:
            code = self._soft[hard + 10][up]
        else:
            code = self._hard[min(hard, 21)][up]
        if code == STAND:
            return "stand"
        if code == HIT:
            return "hit"
        if code == DOUBLE_HIT:
            return "double" if can_double else "hit"
        if code == DOUBLE_STAND:
            return "double" if can_double else "stand"
        if code == SURRENDER_HIT:
            return "surrender" if can_surrender else "hit"
        if code == SURRENDER_STAND:
            return "surrender" if can_surrender else "stand"
        return "hit"


def rules_of_thumb() -> Chart:
    """The hand-typed heuristics of docs/strategy.md#rules-of-thumb, as a chart.

    Against a good up card (7 to ace) draw to 17; against a poor one (4-6) stop at 12; against a
    fair one (2-3) stop at 13. Soft hands draw to 18. Double 11 always, 10 unless the dealer
    shows a ten or an ace, 9 against 2-6. Split aces and eights always; never tens, fives or
    fours; twos, threes and sevens unless the dealer shows 8 to ace; sixes against 2-6.
    """
    hard = np.full((22, 11), STAND, dtype=np.int8)
    soft = np.full((22, 11), STAND, dtype=np.int8)
    pairs = np.full((11, 11), NO_SPLIT, dtype=np.int8)
    for up in range(1, 11):
        stop = 17 if up in (1, 7, 8, 9, 10) else 12 if up in (4, 5, 6) else 13
        for total in range(4, 22):
            hard[total][up] = HIT if total < stop else STAND
        for total in range(12, 22):
            soft[total][up] = HIT if total < 18 else STAND
        hard[11][up] = DOUBLE_HIT
        if up not in (1, 10):
            hard[10][up] = DOUBLE_HIT
        if 2 <= up <= 6:
            hard[9][up] = DOUBLE_HIT
        pairs[1][up] = SPLIT
        pairs[8][up] = SPLIT
        for v in (2, 3, 7):
            if 2 <= up <= 7:
                pairs[v][up] = SPLIT
        if 2 <= up <= 6:
            pairs[6][up] = SPLIT
    return Chart("rules of thumb", hard, soft, pairs)


def up_label(v: int) -> str:
    return "A" if v == 1 else str(v)


def cell(values: list[int], up: int, can_split: bool) -> str:
    """The chart cell a hand is read from, as a key: "pair 8 v 10", "soft 18 v 9", "hard 16
    v A". The statistics' heatmap and the scheduler group answers by it."""
    if can_split and len(values) == 2 and values[0] == values[1]:
        return f"pair {up_label(values[0])} v {up_label(up)}"
    total, soft = hand_total(values)
    return f"{'soft' if soft else 'hard'} {total} v {up_label(up)}"
