"""The solver's memo: an open-addressing hash table from a hand's key to its value, in plain NumPy
arrays (keys, values, and a one-element entry count).

Numba's typed dict would do, but compiling it and the functions that take it costs several
seconds on a cold start, and the table here is all the solver needs: non-negative integer keys,
no deletion, and a size the Python side doubles (``Memo.room``) between calls.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from twentyone.compiled import no_refcount

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
MemoArrays = tuple[I64, F64, I64]

EMPTY = -1
#: The golden-ratio multiplier of Fibonacci hashing, as a signed 64-bit number (so the product
#: wraps as an integer instead of being promoted to a float).
GOLDEN = 0x9E3779B97F4A7C15 - (1 << 64)
#: Doubled when more than this share of the slots is in use before a root call; one root call
#: adds at most a few tens of thousands of hands, well inside the rest.
LOAD = 0.5


@no_refcount()
def _slot(keys: I64, key: int) -> int:
    mask = len(keys) - 1
    i = ((key * GOLDEN) >> 17) & mask  # Fibonacci hashing, then linear probing
    while keys[i] != EMPTY and keys[i] != key:
        i = (i + 1) & mask
    return i


@no_refcount()
def get(memo: MemoArrays, key: int) -> float:
    """The value stored under ``key``, or NaN (values are never NaN)."""
    keys, values, _ = memo
    i = _slot(keys, key)
    return values[i] if keys[i] == key else np.nan


@no_refcount()
def put(memo: MemoArrays, key: int, value: float) -> None:
    """Store ``value`` under ``key``."""
    keys, values, count = memo
    i = _slot(keys, key)
    if keys[i] != key:
        if count[0] >= len(keys) - 1:
            raise MemoryError("the solver's memo table is full")
        keys[i] = key
        count[0] += 1
    values[i] = value


@no_refcount(python=True)
def _rehash(old: MemoArrays, new: MemoArrays) -> None:
    for i in range(len(old[0])):
        if old[0][i] != EMPTY:
            put(new, old[0][i], old[1][i])


#: A new table's slots: room for a six-deck solve. A solver of one or two decks' hands may ask for
#: fewer (``UpSolver``'s ``memo_slots``): a table this size costs milliseconds to set up.
SLOTS = 1 << 17


def new(slots: int = SLOTS) -> MemoArrays:
    """An empty table of ``slots`` (a power of two) slots."""
    return (np.full(slots, EMPTY, dtype=np.int64), np.zeros(slots), np.zeros(1, dtype=np.int64))


def room(memo: MemoArrays) -> MemoArrays:
    """``memo``, or a table twice the size holding the same entries once it is over ``LOAD``
    full (call between root calls)."""
    if memo[2][0] <= LOAD * len(memo[0]):
        return memo
    bigger = new(2 * len(memo[0]))
    _rehash(memo, bigger)
    return bigger
