"""Invariants of random casino tables (issue 2 "Tests and measures"), over random legal and
illegal requests across every preset, surrender rule and seat count:

- chips are conserved: players + layout + rack - fills + credits never changes;
- no card is dealt twice within a shoe, and every physical card is in exactly one place (the
  shoe, the layout or the discards);
- a refused request changes nothing, and ``can_x`` agrees with what ``x`` does;
- replaying the recorded operations of each round (through JSON) reproduces its events;
- no view shows the hole card before it is turned, another player's face-down card, a
  face-down double, or any card still in the shoe;
- the felt, the log and the count agree: a view shows exactly the layout's cards that the log
  named to its viewer.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from functools import partial

from engine_kit import D, fingerprint
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from twentyone.cards import Card, fresh_shoe
from twentyone.engine.events import Kind
from twentyone.engine.history import Recorder, replay
from twentyone.engine.table import Action, Phase, Table
from twentyone.engine.views import seen_cards, view, visible_events
from twentyone.errors import TwentyOneError
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS

#: Every player decision, by name, with whether it takes an amount.
DECISIONS = ("hit", "stand", "double", "split", "surrender", "insure", "even_money", "decline")


class CasinoTable(RuleBasedStateMachine):
    """Random tables driven by random requests, legal or not, checked after every step."""

    t: Table

    @initialize(preset=st.sampled_from(sorted(PRESETS)), seats=st.integers(1, 7),
                seed=st.integers(0, 2**32 - 1),
                surrender=st.sampled_from(["preset", "late", "early"]),
                decks=st.sampled_from([None, 1, 2]), refill=st.booleans(),
                stakes=st.lists(st.integers(1, 80), min_size=7, max_size=7),
                greens=st.booleans())
    def start(self, preset: str, seats: int, seed: int, surrender: str, decks: int | None,
              refill: bool, stakes: list[int], greens: bool) -> None:
        rules = PRESETS[preset]
        if surrender != "preset":
            rules = rules.replace(surrender=surrender)
        if decks is not None:  # a short shoe, so that cut cards come out and shoes run dry
            rules = rules.replace(decks=decks, cut_behind=None)
        if refill and rules.reshuffle == "below":
            rules = rules.replace(reshuffle_below=0)  # deal on until the shoe runs out
            # (docs/casino.md#when-the-dealer-reshuffles)
        self.t = Table(rules, seed=seed)
        for n in range(1, min(seats, rules.seats) + 1):
            # Buy-ins of $5 to $400; some as green chips only, so bets need change.
            if greens and n % 2:
                self.t.sit(n, {"green": max(1, stakes[n - 1] // 5)})
            else:
                self.t.sit(n, stakes[n - 1] * 5 * D)
        self.total = self.t.chips_total()
        self.full_shoe = Counter(fresh_shoe(rules.decks))
        self.seen_in_shoe: set[Card] = set()
        self.on_layout: set[Card] = set()
        self.read_to = 0
        self.recorder: Recorder | None = Recorder(self.t)
        self.replays = 0

    # --- requests -------------------------------------------------------------------------

    def attempt(self, request: Callable[[], object], allowed: bool | None) -> None:
        """Make a request; if refused, nothing may have changed and ``can_x`` must have said
        no; if done, ``can_x`` must have said yes."""
        before = fingerprint(self.t)
        try:
            request()
        except TwentyOneError as exc:
            assert allowed is not True, f"can_ said yes but: {exc}"
            assert str(exc)
            assert fingerprint(self.t) == before
            return
        assert allowed is not False, "can_ said no but the request went through"
        self.after_operation()

    @rule(data=st.data())
    def bet(self, data: st.DataObject) -> None:
        """One bet, usually by a seated player, of an amount near the limits (legal or not)."""
        t = self.t
        r = t.rules
        seated = sorted(t.seats)
        pick_seated = data.draw(st.booleans())
        if seated and pick_seated:
            seat = data.draw(st.sampled_from(seated))
        else:
            seat = data.draw(st.integers(0, 8))
        amount = data.draw(st.one_of(
            st.sampled_from([r.min_bet, 2 * r.min_bet, r.min_bet + r.bet_unit, r.max_bet,
                             r.min_bet - r.bet_unit, r.max_bet + r.bet_unit,
                             r.min_bet + r.bet_unit // 2, 0]),
            st.integers(-D, 2 * r.max_bet)))
        self.attempt(partial(t.bet, seat, amount), t.can_bet(seat, amount))

    @rule(data=st.data(), decisions=st.integers(0, 30))
    def a_round(self, data: st.DataObject, decisions: int) -> None:
        """Every seat that can bets one to four minimums, the cards are dealt, and up to
        ``decisions`` legal decisions are made."""
        t = self.t
        if t.phase is Phase.BETTING:
            for n in sorted(t.seats):
                amount = min(data.draw(st.integers(1, 4)) * t.rules.min_bet, t.rules.max_bet)
                if not t.seats[n].hands and t.can_bet(n, amount):
                    self.attempt(partial(t.bet, n, amount), True)
            if t.can_deal():
                self.attempt(t.deal, True)
        self.play_on(data, decisions)

    @rule()
    def deal(self) -> None:
        self.attempt(self.t.deal, self.t.can_deal())

    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        """A decision by the seat to act (usually) or by anyone, with a random amount."""
        t = self.t
        to_act = t.to_act
        seat = data.draw(st.integers(0, 8)) if to_act is None or data.draw(
            st.integers(0, 4)) == 0 else to_act[0]
        name = data.draw(st.sampled_from(DECISIONS))
        op = getattr(t, name)
        can = getattr(t, f"can_{name}", None)  # decline has no can_: it is always offered
        if name in ("double", "insure"):
            hands = t.seats[seat].hands if seat in t.seats else []
            bet = hands[0].bet if hands else t.rules.min_bet
            amount = data.draw(st.sampled_from([None, bet, bet // 2, bet // 2 + 50, bet + D, 25,
                                                0]))
            self.attempt(partial(op, seat, amount), None if can is None else can(seat, amount))
        else:
            self.attempt(partial(op, seat), None if can is None else can(seat))

    @rule(data=st.data(), decisions=st.integers(1, 12))
    def decisions(self, data: st.DataObject, decisions: int) -> None:
        self.play_on(data, decisions)

    def play_on(self, data: st.DataObject, decisions: int) -> None:
        """Legal decisions from ``legal_actions`` for the seats to act, so rounds finish."""
        t = self.t
        for _ in range(decisions):
            to_act = t.to_act
            if to_act is None:
                return
            seat = to_act[0]
            legal = t.legal_actions(seat)
            assert legal, "a seat to act with nothing to do"
            action = data.draw(st.sampled_from(legal))
            name = action.value.replace("-", "_")
            can = getattr(t, f"can_{name}", None)
            assert can is None or can(seat), f"{action} offered but refused"
            self.attempt(partial(getattr(t, name), seat), True)
            self.chips_are_conserved()

    @rule(seat=st.integers(0, 8), colour=st.sampled_from(
        ["yellow", "white", "red", "green", "black", "purple", "blue"]), up=st.booleans())
    def between_rounds(self, seat: int, colour: str, up: bool) -> None:
        """Making change and colouring up (docs/dealing.md#making-change,
        docs/dealing.md#colouring-up), allowed or not."""
        t = self.t
        if up:
            self.attempt(lambda: t.colour_up(seat), None)
        else:
            self.attempt(lambda: t.change(seat, colour), None)

    # --- bookkeeping ----------------------------------------------------------------------

    def after_operation(self) -> None:
        """Read the new events (cards dealt since the shuffle); at the end of a round, replay
        its history and start recording the next."""
        t = self.t
        new = t.log[self.read_to:]
        self.read_to = len(t.log)
        ended = False
        for e in new:
            if e.kind is Kind.SHUFFLED:
                self.seen_in_shoe = set()
            elif e.kind is Kind.REFILLED:
                self.seen_in_shoe = set(self.on_layout)  # the discards were shuffled
            elif e.kind is Kind.ROUND_STARTED:
                self.on_layout = set()
            elif e.kind in (Kind.DEALT, Kind.BURNED) and e.card is not None:
                assert e.card not in self.seen_in_shoe, f"{e.card} dealt twice"
                self.seen_in_shoe.add(e.card)
                if e.kind is Kind.DEALT:
                    self.on_layout.add(e.card)
            elif e.kind is Kind.ROUND_ENDED:
                ended = True
        between = t.phase is Phase.BETTING and not any(s.hands for s in t.seats.values())
        if ended and self.recorder is not None:
            self.check_replay(self.recorder)
            self.recorder = None
        if between and self.recorder is None:
            self.recorder = Recorder(t)

    def check_replay(self, recorder: Recorder) -> None:
        t = self.t
        history = json.loads(json.dumps(recorder.history()))
        again = replay(history)  # raises ReplayError at the first event that differs
        assert [e.to_json() for e in again.log] == history["events"]
        assert {n: again.bankroll(n) for n in again.seats} == {n: t.bankroll(n)
                                                              for n in t.seats}
        assert again.rack.counts == t.rack.counts
        self.replays += 1

    # --- invariants -----------------------------------------------------------------------

    @invariant()
    def chips_are_conserved(self) -> None:
        t = self.t
        assert t.chips_total() == self.total
        for n in t.seats:
            assert type(t.bankroll(n)) is int
        if t.phase is Phase.BETTING:
            layout = sum(t.chipset.value(h.chips) for s in t.seats.values() for h in s.hands)
            assert sum(t.bankroll(n) for n in t.seats) + layout + t.rack.held == self.total

    @invariant()
    def every_card_is_in_one_place(self) -> None:
        t = self.t
        shoe = t.shoe
        layout = t.cards_in_play() if t.phase is not Phase.BETTING else []
        assert len(set(layout)) == len(layout)
        places = Counter(shoe.cards[shoe.pos:]) + Counter(layout) + Counter(shoe.discards)
        assert places == self.full_shoe

    @invariant()
    def views_hide_what_a_seat_may_not_see(self) -> None:
        t = self.t
        in_round = t.phase is not Phase.BETTING
        undealt = set(t.shoe.cards[t.shoe.pos:]) if in_round else set()
        for viewer in (HOUSE, *t.seats):
            v = view(t, viewer)
            for c, shown, up in zip(t.dealer.cards, v.dealer, t.dealer.face_up, strict=True):
                assert shown == (c if up else None), "the hole card shown before it is turned"
            for sv in v.seats:
                for hv, h in zip(sv.hands, t.seats[sv.number].hands, strict=True):
                    for j, (c, shown) in enumerate(zip(h.cards, hv.cards, strict=True)):
                        hidden_double = h.doubled and j == len(h.cards) - 1
                        may_see = h.face_up[j] or (sv.number == viewer and not hidden_double)
                        assert shown == (c if may_see else None)
                        assert shown is None or shown not in undealt
            for e in visible_events(t, viewer):
                own = viewer != HOUSE and e.kind is Kind.DEALT and e.seat == viewer
                if e.card is not None and not e.face_up and e.kind is not Kind.TURNED:
                    assert own, f"seat {viewer} sees a face-down card: {e}"


    @invariant()
    def the_felt_shows_what_the_calls_told(self) -> None:
        """The screen, the log and the count agree (docs/casino.md#what-you-can-see): every card
        a view shows was named to that viewer by the log, and every card on the layout that the
        log named to the viewer since the shuffle (what ``??`` counts) is shown."""
        t = self.t
        if t.phase is Phase.BETTING:
            return
        for viewer in (HOUSE, *t.seats):
            v = view(t, viewer)
            told = {e.card for e in visible_events(t, viewer) if e.card is not None}
            counted = set(seen_cards(t, viewer))
            laid = [(t.dealer.cards, v.dealer)] + [
                (h.cards, hv.cards) for sv in v.seats
                for h, hv in zip(t.seats[sv.number].hands, sv.hands, strict=True)]
            for cards, shown in laid:
                for c, s in zip(cards, shown, strict=True):
                    assert s is None or s in told, f"seat {viewer} is shown {s} untold"
                    assert c not in counted or s == c, f"seat {viewer} counts {c} unshown"


CasinoTable.TestCase.settings = settings(
    max_examples=60, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
TestCasinoTable = CasinoTable.TestCase


def test_the_state_machine_finishes_rounds_and_replays_them() -> None:
    """The machine above is only worth its invariants if random play gets through whole
    rounds: one seeded run of its own rules, made deterministic, must replay several."""
    machine = CasinoTable()
    machine.start(preset="classic", seats=3, seed=7, surrender="late", decks=None,
                  refill=False, stakes=[40] * 7, greens=False)
    t = machine.t
    for _ in range(6):
        for n in (1, 2, 3):
            machine.attempt(partial(t.bet, n, 5 * D), True)
        machine.attempt(t.deal, True)
        while t.to_act is not None:
            seat = t.to_act[0]
            action = t.legal_actions(seat)[0]
            if action is Action.INSURE:
                action = Action.DECLINE
            machine.attempt(partial(getattr(t, action.value.replace("-", "_")), seat), True)
            machine.chips_are_conserved()
            machine.every_card_is_in_one_place()
            machine.views_hide_what_a_seat_may_not_see()
    assert machine.replays == 6
