"""The sum over the orderings of a split's second cards, shared by the shoe's solver
(``exact``) and the infinite deck's (``infinite``). What the rules let a hand do (whether the
dealer checks under an up card, which totals may double) is asked of ``Rules`` itself
(``dealer_checks``, ``can_double``), as the engine and the simulator's tables ask it."""

from __future__ import annotations

from collections.abc import Callable


def split_orderings(limit: int, more_pairs: Callable[[int], bool],
                    chance: Callable[[int, int], float], any_second: Callable[[int, int], float],
                    non_pair_second: Callable[[int, int], float]) -> float:
    """A split's value summed over the orderings of the hands' second cards (see ``split_ev``):
    ``more_pairs(a)`` whether a pair card is left with ``a`` more out, ``chance(a, b)`` one
    ordering's chance, and a hand's value with its second card unknown or known not to pair,
    given ``a`` pair and ``b`` other second cards out. Shared by the finite and infinite deck."""
    if limit <= 2:
        return 2 * any_second(0, 0)
    total = 0.0
    # (hands, non-pair second cards so far) -> orderings that reach it, hands still short of
    # the limit; hands - b of them await their second card.
    ways: dict[tuple[int, int], int] = {(2, 0): 1}
    while ways:
        grown: dict[tuple[int, int], int] = {}
        for (hands, b), count in ways.items():
            a = hands - 2
            if more_pairs(a):  # a pair card: one more hand
                if hands + 1 < limit:
                    grown[(hands + 1, b)] = grown.get((hands + 1, b), 0) + count
                else:  # the limit: the waiting hands take any second card
                    finished = b * non_pair_second(a + 1, b - 1) if b else 0.0
                    total += count * chance(a + 1, b) * (
                        finished + (limit - b) * any_second(a + 1, b))
            if hands - b == 1:  # a non-pair card to the last hand: all done
                total += count * chance(a, b + 1) * hands * non_pair_second(a, b)
            else:
                grown[(hands, b + 1)] = grown.get((hands, b + 1), 0) + count
        ways = grown
    return total
