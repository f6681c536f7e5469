"""Calling a round off (docs/casino.md, "A round called off"): every bet still on the layout
goes back to its owner, at whatever point the round was interrupted, and no chip is lost."""

from __future__ import annotations

import json
import random
from enum import StrEnum

import pytest
from engine_kit import stacked

from twentyone.engine.events import Kind
from twentyone.engine.history import Recorder, replay
from twentyone.engine.ops import Void
from twentyone.engine.table import Action, Phase, Table
from twentyone.errors import WrongPhaseError
from twentyone.rules import PRESETS


def seated(rules: str, cards: list[str], seats: int = 2) -> Table:
    t = stacked(rules, cards)
    for n in range(1, seats + 1):
        t.sit(n, 100_000)
    return t


def test_nothing_to_call_off_between_rounds() -> None:
    t = seated("classic", [])
    assert not t.can_void_round()
    with pytest.raises(WrongPhaseError):
        t.void_round()


def test_bets_placed_before_the_deal_go_back() -> None:
    t = seated("classic", [])
    t.bet(1, 1000)
    before = t.chips_total()
    t.void_round()
    assert t.bankroll(1) == 100_000 and t.phase is Phase.BETTING
    assert t.chips_total() == before
    assert t.log[-1].kind is Kind.VOIDED


def test_a_split_goes_back_mid_round_and_a_settled_insurance_stays_settled() -> None:
    # Seat 1: 8 8 against an ace, insured; seat 2: 10 9.
    t = seated("classic", ["8s", "10c", "As", "8h", "9d", "7c"])
    t.bet(1, 1000)
    t.bet(2, 1000)
    t.deal()
    assert t.phase is Phase.INSURANCE
    t.insure(1)
    t.decline(2)
    t.split(1)
    record = t.apply(Void())
    # The insurance was lost at the peek, before the round was called off; the split's two
    # bets and seat 2's come back.
    assert t.bankroll(1) == 100_000 - 500 and t.bankroll(2) == 100_000
    voided = [e for e in record.events if e.kind is Kind.SETTLED]
    assert {(e.seat, e.hand, e.note) for e in voided} == {(1, 0, "void"), (1, 1, "void"),
                                                          (2, 0, "void")}
    assert t.seats[1].hands == [] and not t.seats[1].insurance
    assert t.legal_actions(1)[0] is Action.BET  # the table waits for bets again


def test_insurance_standing_before_the_peek_goes_back() -> None:
    t = seated("classic", ["8s", "10c", "As", "8h", "9d", "7c"])
    t.bet(1, 1000)
    t.bet(2, 1000)
    t.deal()
    t.insure(1)
    record = t.void_round()
    assert t.bankroll(1) == 100_000
    assert [e.note for e in record.events if e.kind is Kind.INSURANCE_SETTLED] == ["void"]


def test_a_round_called_off_is_recorded_and_replays() -> None:
    t = seated("classic", ["8s", "10c", "As", "8h", "9d", "7c"])
    recorder = Recorder(t)
    t.bet(1, 1000)
    t.bet(2, 1000)
    t.deal()
    t.insure(1)
    t.void_round()
    history = recorder.history()
    assert {"op": "void"} in history["operations"]
    again = replay(json.loads(json.dumps(history)))
    assert again.bankroll(1) == t.bankroll(1) == 100_000


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_void_at_every_step_conserves_chips(preset: str) -> None:
    """Play random legal moves and, before each one, call the round off on a copy of the
    table (the same seed and operations): the chips on the table are unchanged, and each seat
    gets back exactly what it still had on the layout."""
    rules = PRESETS[preset]
    rng = random.Random(7)
    for seed in range(3):
        t = Table(rules, seed=seed)
        for n in (1, 2):
            t.sit(n, 50_000)
        total = t.chips_total()
        for _ in range(3):
            t.bet(1, rules.min_bet * 2)
            probe = _clone(t, seed)
            probe.void_round()
            assert probe.bankroll(1) == t.bankroll(1) + rules.min_bet * 2
            t.bet(2, rules.min_bet)
            t.deal()
            while t.phase is not Phase.BETTING:
                probe = _clone(t, seed)
                owed = {n: probe.bankroll(n) + probe.seats[n].insurance + sum(
                    h.bet for h in probe.seats[n].hands if not h.settled) for n in probe.seats}
                probe.void_round()
                assert probe.chips_total() == total
                assert {n: probe.bankroll(n) for n in probe.seats} == owed
                assert probe.phase is Phase.BETTING
                seat = t.to_act[0] if t.to_act else 0
                _act(t, seat, rng.choice(t.legal_actions(seat)))
            assert t.chips_total() == total


def _clone(t: Table, seed: int) -> Table:
    """The same table rebuilt from its seed and operations."""
    copy = Table(t.rules, seed=seed)
    for op in t.ops:
        copy.apply(op)
    return copy


def _act(t: Table, seat: int, action: StrEnum) -> None:
    getattr(t, action.value.replace("-", "_"))(seat)


def test_issue33_a_table_keeping_no_record_records_no_void() -> None:
    """Issue 33: the operations' envelope was copied into each method and the copies drifted:
    ``void_round`` kept ``Void()`` in ``ops`` with ``keep_record`` off. Every operation, the
    round called off included, now goes through the one envelope, which alone keeps ``ops``."""
    t = seated("classic", [])
    t.keep_record = False
    t.bet(1, 1000)
    t.deal()
    t.void_round()
    t.bet(1, 1000)
    t.void_round()
    assert [op.name for op in t.ops] == ["sit", "sit"]  # kept before it was turned off
    kept = seated("classic", [])
    kept.bet(1, 1000)
    kept.void_round()
    assert [op.name for op in kept.ops] == ["sit", "sit", "bet", "void"]
