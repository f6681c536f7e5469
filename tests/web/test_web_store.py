"""The ledger keeps each room's operations and shuffles in the order they were committed, each
room numbered on its own, however the commits interleave (a rebuilt room replays them in that
order)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from twentyone.web.store import Change, SqliteStore, StoredShuffle


@given(commits=st.lists(st.tuples(st.sampled_from(["AAAAAA", "BBBBBB"]),
                                  st.integers(0, 3), st.integers(0, 2)), max_size=30))
def test_each_rooms_operations_come_back_in_the_order_committed(
        commits: list[tuple[str, int, int]]) -> None:
    store = SqliteStore(Path(":memory:"))
    for code in ("AAAAAA", "BBBBBB"):
        store.create_room(code, {}, "0" * 64)
    sent: dict[str, list[int]] = {"AAAAAA": [], "BBBBBB": []}
    shuffled: dict[str, list[str]] = {"AAAAAA": [], "BBBBBB": []}
    for k, (code, ops, shuffles) in enumerate(commits):
        numbers = [10 * k + i for i in range(ops)]
        salts = [f"{k}-{i}" for i in range(shuffles)]
        store.commit(code, Change(ops=[{"n": n} for n in numbers],
                                  shuffles=[StoredShuffle([0], None, None, s) for s in salts]))
        sent[code] += numbers
        shuffled[code] += salts
    for code in sent:
        saved = store.room(code)
        assert saved is not None
        assert [op["n"] for op in saved.ops] == sent[code]
        assert [s.salt for s in saved.shuffles] == shuffled[code]
