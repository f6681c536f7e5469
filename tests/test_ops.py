"""Operations as values (DESIGN, "Operations are values"): every operation is a frozen value,
``table.apply(op)`` does exactly what its method does, the table's record of a round is the list
of those values, and a record is read back by type, each field checked."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from engine_kit import D
from engine_kit import fingerprint as snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from twentyone.engine.bots import ChartBot
from twentyone.engine.ops import (
    TABLE_OPS,
    Bet,
    Deal,
    Double,
    Hit,
    Insure,
    Sit,
    Stand,
    TableOp,
    op_from_json,
)
from twentyone.engine.table import Phase, Table
from twentyone.errors import IllegalActionError, ReplayError, TableError
from twentyone.pontoon.table import (
    AcceptBank,
    DrawForBank,
    OfferBank,
    PontoonRules,
    PontoonTable,
)
from twentyone.rules import PRESETS
from twentyone.strategy.play import CHARTS


def played(seed: int, rounds: int) -> Table:
    """A table where chart bots played ``rounds`` rounds from ``seed``, keeping every op."""
    rules = PRESETS["modern-casino"]
    t = Table(rules, seed=seed)
    bot = ChartBot(CHARTS["rules-of-thumb"](rules))
    for n in (1, 2, 3):
        t.sit(n, 300 * D)
    for _ in range(rounds):
        for n in (1, 2, 3):
            t.bet(n, 5 * D + 5 * D * (n % 2))
        t.deal()
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            bot.act(t, to_act[0])
    return t


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rounds=st.integers(1, 12))
def test_applying_the_recorded_values_deals_the_same_rounds(seed: int, rounds: int) -> None:
    """The record of the rounds is a list of operation values; applying them, in order, to a
    table shuffled the same way reproduces every event, chip and card."""
    t = played(seed, rounds)
    assert all(isinstance(op, TableOp) for op in t.ops)
    again = Table(t.rules, seed=seed)
    for op in t.ops:
        again.apply(op)
    assert again.log == t.log
    assert snapshot(again) == snapshot(t)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rounds=st.integers(1, 8))
def test_every_recorded_value_round_trips_through_json(seed: int, rounds: int) -> None:
    t = played(seed, rounds)
    for op in t.ops:
        assert op_from_json(op.to_json(), Table.operations) == op


def test_apply_returns_what_the_method_returns() -> None:
    a, b = Table(PRESETS["classic"], seed=4), Table(PRESETS["classic"], seed=4)
    for t in (a, b):
        t.sit(1, 100 * D)
    assert a.bet(1, 10 * D) == b.apply(Bet(1, 10 * D))
    assert a.deal() == b.apply(Deal())
    while a.phase is not Phase.BETTING:
        assert a.stand(1) == b.apply(Stand(1))
    assert a.log == b.log


def test_a_refused_op_value_is_refused_like_its_method_and_changes_nothing() -> None:
    t = Table(PRESETS["classic"], seed=4)
    t.sit(1, 100 * D)
    before = snapshot(t)
    for op in (Hit(1), Bet(1, 10_000 * D), Bet(2, 10 * D), Double(1), Insure(1)):
        with pytest.raises(TableError):
            t.apply(op)
        assert snapshot(t) == before


def test_a_variants_operation_is_refused_at_a_casino_table() -> None:
    t = Table(PRESETS["classic"], seed=4)
    before = snapshot(t)
    with pytest.raises(IllegalActionError, match="draw_for_bank is not done at this table"):
        t.apply(DrawForBank())
    assert snapshot(t) == before


def test_pontoon_adds_its_operations_through_the_public_hooks() -> None:
    t = PontoonTable(PontoonRules(players=3), seed=2)
    for n in (1, 2, 3):
        t.apply(Sit(n, 2000))
    t.apply(DrawForBank())
    assert t.banker is not None
    to = next(n for n in (1, 2, 3) if n != t.banker)
    t.apply(OfferBank(t.banker, to, 300))
    t.apply(AcceptBank(to))
    assert t.banker == to
    assert [type(op) for op in t.ops] == [Sit, Sit, Sit, DrawForBank, OfferBank, AcceptBank]
    assert set(Table.operations) < set(PontoonTable.operations)


BAD_RECORDS: dict[str, Any] = {
    "not an object": ["hit", 1],
    "no name": {"seat": 1},
    "an unknown name": {"op": "cheat", "seat": 1},
    "a method that is no operation": {"op": "_shuffle"},
    "a missing field": {"op": "hit"},
    "an extra field": {"op": "hit", "seat": 1, "cards": ["Ah"]},
    "a seat as a string": {"op": "hit", "seat": "1"},
    "a seat as a boolean": {"op": "stand", "seat": True},
    "money as a float": {"op": "bet", "seat": 1, "amount": 500.0},
    "a colour as a number": {"op": "change", "seat": 1, "colour": 3},
    "a buy-in of floats": {"op": "sit", "seat": 1, "bankroll": {"red": 1.5}},
    "another game's operation": {"op": "offer_bank", "seat": 1, "to": 2, "price": 100},
}


@pytest.mark.parametrize("how", list(BAD_RECORDS))
def test_a_bad_operation_record_is_a_replay_error(how: str) -> None:
    with pytest.raises(ReplayError):
        op_from_json(BAD_RECORDS[how], Table.operations)


def test_every_operation_has_a_record_name_and_is_frozen() -> None:
    assert len(set(TABLE_OPS)) == len(TABLE_OPS) and "" not in TABLE_OPS
    for name, cls in TABLE_OPS.items():
        assert cls.name == name
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
