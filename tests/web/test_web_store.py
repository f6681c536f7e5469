"""The ledger keeps each room's operations and shuffles in the order they were committed, each
room numbered on its own, however the commits interleave (a rebuilt room replays them in that
order)."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import patch

from hypothesis import given
from hypothesis import strategies as st

from twentyone.web import store as store_module
from twentyone.web.store import SqliteStore, StoredShuffle, Transaction


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
        store.commit(code, Transaction(ops=[{"n": n} for n in numbers],
                                  shuffles=[StoredShuffle([0], None, None, s) for s in salts]))
        sent[code] += numbers
        shuffled[code] += salts
    for code in sent:
        saved = store.room(code)
        assert saved is not None
        assert [op["n"] for op in saved.ops] == sent[code]
        assert [s.salt for s in saved.shuffles] == shuffled[code]


#: A balance SQLite cannot hold: a commit that carries it fails part-way, its operations
#: already written inside the transaction that is then rolled back.
UNWRITABLE = 2**63


@given(commits=st.lists(st.tuples(st.sampled_from(["AAAAAA", "BBBBBB"]), st.integers(0, 2),
                                  st.dictionaries(st.integers(1, 2), st.sampled_from([100, 200])),
                                  st.lists(st.integers(1, 2), max_size=1), st.booleans(),
                                  st.sampled_from([False, False, False, True])),
                        max_size=25),
       kept=st.sampled_from([1, store_module.KEPT_ROOMS]))
def test_a_room_holds_exactly_what_its_commits_that_were_taken_wrote(
        commits: list[tuple[str, int, dict[int, int], list[int], bool, bool]], kept: int) -> None:
    """The store keeps what it committed (each room's next sequence numbers, its balances) so
    as to read nothing back and write only what changed: through commits that fail part-way,
    seats given up, balances written again unchanged, rooms closed and rooms forgotten past
    ``KEPT_ROOMS``, the file holds each room's operations numbered from 0 without a gap and
    exactly the balances of the commits taken."""
    with patch.object(store_module, "KEPT_ROOMS", kept):
        _commits_kept(commits)


def _commits_kept(commits: list[tuple[str, int, dict[int, int], list[int], bool, bool]]) -> None:
    store = SqliteStore(Path(":memory:"))
    codes = ("AAAAAA", "BBBBBB")
    for code in codes:
        store.create_room(code, {}, "0" * 64)
    sent: dict[str, list[int]] = {code: [] for code in codes}
    held: dict[str, dict[int, int]] = {code: {} for code in codes}
    for k, (code, ops, balances, unseated, fails, closes) in enumerate(commits):
        numbers = [10 * k + i for i in range(ops)]
        change = Transaction(ops=[{"n": n} for n in numbers], unseated=unseated, closed=closes,
                        balances={**balances, **({4: UNWRITABLE} if fails else {})})
        try:
            store.commit(code, change)
        except OverflowError:
            assert fails
            continue
        assert not fails
        sent[code] += numbers
        for n in unseated:
            held[code].pop(n, None)
        held[code].update(balances)
        assert store.balances(code) == held[code]
    for code in codes:
        saved = store.room(code)
        assert saved is not None
        assert [op["n"] for op in saved.ops] == sent[code]
        seqs = [s for (s,) in store.db.execute(
            "SELECT seq FROM ops WHERE code = ? ORDER BY seq", (code,))]
        assert seqs == list(range(len(sent[code])))
        assert store.balances(code) == held[code]


def test_a_new_ledger_has_small_pages_and_an_old_one_keeps_its_own(tmp_path: Path) -> None:
    """A new ledger is made with 1 KiB pages (``store.PAGE_BYTES``: each commit writes a few
    small rows, one page of the log each); a ledger made with SQLite's 4 KiB pages opens as it
    is, keeps them, and reads back what it held."""
    new = SqliteStore(tmp_path / "new.db")
    assert new.db.execute("PRAGMA page_size").fetchone() == (store_module.PAGE_BYTES,)
    new.close()
    old_path = tmp_path / "old.db"
    with patch.object(store_module, "PAGE_BYTES", 4096):
        old = SqliteStore(old_path)
        old.create_room("OLD1", {"game": "casino"}, "0" * 64)
        old.close()
    again = SqliteStore(old_path)
    assert again.db.execute("PRAGMA page_size").fetchone() == (4096,)
    room = again.room("OLD1")
    assert room is not None and room.spec == {"game": "casino"}
    again.close()
