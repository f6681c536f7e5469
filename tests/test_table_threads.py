"""A table shared by threads (issue 22): the table is not thread-safe and says so. An operation
that overlaps another thread's is refused with a ``ConcurrentUseError`` and changes nothing, so
chips are never lost or made however the threads interleave (the table's docstring and the
README's API paragraph).

Before the table checked, eight threads changing and colouring up chips at once lost or made
chips at the rack (two threads adding to the same rack count, one addition lost). The interpreter
is told to switch threads as often as it can, so an unchecked table would interleave inside an
operation on every run; the assertions hold whatever the interleaving.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from twentyone.engine.table import Table
from twentyone.errors import ConcurrentUseError, TableError
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


def until_done(op: Callable[[], object]) -> None:
    """Ask again while another thread's operation is running: a refusal changed nothing."""
    while True:
        try:
            op()
        except ConcurrentUseError:
            continue
        return


@pytest.mark.usefixtures("busy_switching")
def test_threads_changing_and_colouring_up_conserve_every_chip() -> None:
    """Each thread's operations all go through in the end, each whole: every seat ends with
    exactly its own chips."""
    table = Table(PRESETS["six-deck-s17"], seed=1)
    for seat in range(1, THREADS):
        table.sit(seat, 100_000)
    total = table.chips_total()
    errors: list[BaseException] = []

    def work(seat: int) -> None:
        try:
            for _ in range(ROUNDS):
                until_done(lambda: table.colour_up(seat))  # $1,000: two purple
                for colour in ("purple", "black", "green"):
                    until_done(lambda c=colour: table.change(seat, c))  # type: ignore[misc]
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
    thread's operation running, its round under way, a turn not yet its own) is refused with a
    ``TableError`` or applied whole."""
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


def test_a_table_used_from_one_thread_never_refuses_for_threads() -> None:
    """The check costs nothing in meaning to a single thread: operations inside operations (a
    Pontoon banker's leave, ``apply``) are never taken for another thread's."""
    from twentyone.engine.ops import Bet, Sit
    from twentyone.pontoon.table import PontoonRules, PontoonTable

    table = Table(PRESETS["six-deck-s17"], seed=3)
    table.apply(Sit(1, 100_000))
    table.apply(Bet(1, 1000))
    pontoon = PontoonTable(PontoonRules(players=3), seed=1)
    for seat in (1, 2, 3):
        pontoon.sit(seat, 2000)
    pontoon.draw_for_bank()
    assert pontoon.banker is not None
    with pytest.raises(TableError, match="banker cannot leave"):
        pontoon.leave(pontoon.banker)
    other = next(n for n in (1, 2, 3) if n != pontoon.banker)
    pontoon.leave(other)  # a refused operation gave the table back
    with pytest.raises(TableError, match="already bet"):
        table.bet(1, 1000)
    table.void_round()
    assert table.bankroll(1) == 100_000
