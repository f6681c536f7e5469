"""A table shared by threads (issue 22): every operation is atomic, so chips are never lost or
made however the threads interleave (the table's docstring and the README's API paragraph).

Before the table took a lock, eight threads changing and colouring up chips at once lost or made
chips at the rack (two threads adding to the same rack count, one addition lost). The interpreter
is told to switch threads as often as it can, so an unguarded table would interleave inside an
operation on every run; the assertions hold whatever the interleaving.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from twentyone.engine.table import Table
from twentyone.errors import TableError
from twentyone.rules import PRESETS

THREADS = 8
ROUNDS = 300


@pytest.fixture
def busy_switching() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _run(workers: list[threading.Thread]) -> None:
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
        assert not w.is_alive(), "a thread did not finish in two minutes"


@pytest.mark.usefixtures("busy_switching")
def test_threads_changing_and_colouring_up_conserve_every_chip() -> None:
    table = Table(PRESETS["six-deck-s17"], seed=1)
    for seat in range(1, THREADS):
        table.sit(seat, 100_000)
    total = table.chips_total()
    errors: list[BaseException] = []

    def work(seat: int) -> None:
        try:
            for _ in range(ROUNDS):
                table.colour_up(seat)  # $1,000: two purple
                for colour in ("purple", "black", "green"):
                    table.change(seat, colour)
        except BaseException as e:  # reported below, with the chips
            errors.append(e)

    _run([threading.Thread(target=work, args=(seat,)) for seat in range(1, THREADS)])
    assert errors == []
    assert table.chips_total() == total
    for seat in range(1, THREADS):
        assert table.bankroll(seat) == 100_000


@pytest.mark.usefixtures("busy_switching")
def test_threads_playing_rounds_at_one_table_conserve_every_chip() -> None:
    """Each thread bets, deals and plays its seat as it can; whatever an operation finds (another
    thread's round under way, a turn not yet its own) is refused with a ``TableError`` or
    applied whole."""
    table = Table(PRESETS["six-deck-s17"], seed=2)
    for seat in range(1, THREADS):
        table.sit(seat, 1_000_000)
    total = table.chips_total()
    errors: list[BaseException] = []

    def work(seat: int) -> None:
        try:
            ops: list[Callable[[], object]] = [
                lambda: table.bet(seat, 1000), table.deal, lambda: table.stand(seat),
                lambda: table.hit(seat)]
            for _ in range(ROUNDS):
                for op in ops:
                    with contextlib.suppress(TableError):
                        op()
        except BaseException as e:  # reported below, with the chips
            errors.append(e)

    _run([threading.Thread(target=work, args=(seat,)) for seat in range(1, THREADS)])
    assert errors == []
    assert table.chips_total() == total
