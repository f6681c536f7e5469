"""Invariants of random Pontoon games (docs/pontoon.md#a-bank-pays-only-what-it-holds, via issue 5):
chips are conserved, the bank moves only by the rules, and a recorded game replays to the same
events."""

from __future__ import annotations

import json

import pytest
from engine_kit import replayed_pontoon
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from twentyone.engine.events import Kind
from twentyone.engine.table import Phase
from twentyone.errors import ReplayError
from twentyone.games.history import replay_record
from twentyone.pontoon.auto import PontoonBot
from twentyone.pontoon.bots import BANKER_STRATEGIES
from twentyone.pontoon.history import game_history
from twentyone.pontoon.rules import next_banker
from twentyone.pontoon.table import PontoonKind, PontoonRules, PontoonTable

C = 100


class PontoonGame(RuleBasedStateMachine):
    """Random tables, bets, player decisions and banker decisions, checked after every step."""

    @initialize(players=st.integers(2, 8), seed=st.integers(0, 2**32 - 1),
                chips=st.integers(3, 40))
    def start(self, players: int, seed: int, chips: int) -> None:
        self.t = PontoonTable(PontoonRules(players=players), seed=seed)
        for n in range(1, players + 1):
            self.t.sit(n, chips * C)
        self.total = self.t.chips_total()
        self.t.draw_for_bank()
        self.banker = self.t.banker
        self.changes = 0

    @rule(data=st.data())
    def play_a_round(self, data: st.DataObject) -> None:
        t = self.t
        bettors = [n for n in t.players() if t.can_bet(n, C)]
        if not bettors:
            return
        for n in bettors:
            stake = data.draw(st.integers(1, min(5, t.bankroll(n) // C)))
            t.bet(n, stake * C)
        t.deal()
        while t.phase is not Phase.BETTING:
            assert t.chips_total() == self.total
            if t.phase is Phase.DEALER:
                if data.draw(st.booleans()) and t.dealer.total < 21:
                    t.dealer_hit()
                else:
                    t.dealer_stand()
            elif data.draw(st.integers(0, 3)) == 0:
                PontoonBot(BANKER_STRATEGIES["reading"]).play(t)  # a sensible player move
            else:
                seat, _ = t.to_act or (0, 0)
                moves = [m for m in (t.hit, t.stand, t.double, t.split)
                         if getattr(t, f"can_{m.__name__}")(seat)]
                data.draw(st.sampled_from(moves))(seat)
        self._check_bank_moved_by_the_rules()

    @rule(data=st.data())
    def pass_the_bank(self, data: st.DataObject) -> None:
        t = self.t
        if not t.entitled or t.banker is None:
            return
        others = [n for n in t.seats if n != t.banker]
        to = data.draw(st.sampled_from(others))
        price = data.draw(st.integers(0, t.bankroll(to) // C)) * C
        t.offer_bank(t.banker, to, price)
        if data.draw(st.booleans(), label="declined"):
            t.decline_bank(to)
            return
        t.accept_bank(to)
        self.banker = to
        self.changes += 1

    def _check_bank_moved_by_the_rules(self) -> None:
        t = self.t
        log = t.log
        end = max(i for i, e in enumerate(log) if e.kind is Kind.ROUND_ENDED)
        start = max(i for i, e in enumerate(log[:end]) if e.kind is Kind.ROUND_STARTED)
        dealer_natural = any(e.kind is Kind.PEEKED and e.note == "blackjack"
                             for e in log[start:end])
        naturals = [] if dealer_natural else [
            e.seat for e in log[start:end]
            if e.kind is Kind.SETTLED and e.note.startswith("blackjack")]
        assert self.banker is not None
        heir = next_banker(self.banker, naturals, list(t.seats))
        moved = [e for e in log[end:] if e.kind is PontoonKind.BANK_CHANGED]
        if heir is not None:
            assert t.banker == heir and [e.note for e in moved] == ["natural"]
        elif moved:
            assert moved[0].note.endswith("went broke")
            assert t.bankroll(self.banker) == 0
        else:
            assert t.banker == self.banker
        self.changes += len(moved)
        self.banker = t.banker

    @invariant()
    def chips_are_conserved(self) -> None:
        """Nothing is created or destroyed: every chip is a player's or on the layout."""
        if hasattr(self, "t"):
            assert self.t.chips_total() == self.total
            if self.t.phase is Phase.BETTING:
                assert sum(self.t.bankroll(n) for n in self.t.seats) == self.total

    @invariant()
    def bank_changes_are_counted(self) -> None:
        if hasattr(self, "t"):
            assert self.t.bank_changes == self.changes

    @invariant()
    def no_card_is_in_two_places(self) -> None:
        if hasattr(self, "t"):
            cards = self.t.cards_in_play()
            assert len({c.id for c in cards}) == len(cards)


PontoonGame.TestCase.settings = settings(max_examples=60, stateful_step_count=25, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow])
TestPontoonGame = PontoonGame.TestCase


def _recorded_game(seed: int, rounds: int) -> PontoonTable:
    t = PontoonTable(PontoonRules(players=4), seed=seed)
    for n in range(1, 5):
        t.sit(n, 30 * C)
    t.draw_for_bank()
    for _ in range(rounds):
        bettors = [n for n in t.players() if t.can_bet(n, 2 * C)]
        if not bettors:
            break
        for n in bettors:
            t.bet(n, 2 * C)
        t.deal()
        while t.phase is not Phase.BETTING:
            PontoonBot(BANKER_STRATEGIES["reading"]).play(t)
    return t


@pytest.mark.parametrize("rounds", [1, 25])
def test_a_recorded_game_replays_to_the_same_events(rounds: int) -> None:
    """Issue 5: replay of a hand history reproduces the game, through JSON and back."""
    for seed in (1, 2, 3):
        t = _recorded_game(seed, rounds)
        history = json.loads(json.dumps(game_history(t)))
        again = replayed_pontoon(history)
        assert [e.to_json() for e in again.log] == history["events"]
        assert again.banker == t.banker and again.bank_changes == t.bank_changes
        assert {n: again.bankroll(n) for n in again.seats} == {
            n: t.bankroll(n) for n in t.seats}


def test_an_altered_history_does_not_replay() -> None:
    history = json.loads(json.dumps(game_history(_recorded_game(5, 10))))
    settled = next(e for e in history["events"] if e["kind"] == "settled")
    settled["amount"] = settled.get("amount", 0) + 100
    with pytest.raises(ReplayError):
        replay_record(history)

