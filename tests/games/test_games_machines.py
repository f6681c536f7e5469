"""Hypothesis state machines per game: random legal and illegal requests; cards conserved, no
card twice, refusals change nothing, views never show another seat's hidden cards, and the
history replays."""

from __future__ import annotations

from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from twentyone.cards import Suit
from twentyone.errors import TableError
from twentyone.games.auto import make_game
from twentyone.games.core.ops import Bid, CardOp, Deal, Give, NameTrump, Pass, Play, Take
from twentyone.games.history import replay, to_history
from twentyone.games.solo_whist import SoloWhist

BIDS = ["prop", "cop", "solo", "misere", "abundance", "abundance-in-trump", "misere-ouverte",
        "slam", "grand"]


def machine(name: str, players: int) -> type[RuleBasedStateMachine]:
    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.g: Any = None

        @rule(seed=st.integers(0, 10_000))
        def start(self, seed: int) -> None:
            if self.g is None:
                self.g = make_game(name, players, seed)

        @rule(pick=st.integers(0, 10_000))
        def legal(self, pick: int) -> None:
            if self.g is None:
                return
            seat = self.g.to_act
            ops = self.g.legal_ops(seat)
            assert ops, "the player to act always has a legal move"
            self.g.apply(ops[pick % len(ops)])

        @rule(data=st.data())
        def anything(self, data: st.DataObject) -> None:
            if self.g is None:
                return
            g = self.g
            seat = data.draw(st.integers(0, players + 1))
            pack = g.pack()
            cards = tuple(data.draw(st.lists(st.sampled_from(pack), min_size=0, max_size=4)))
            op: CardOp = data.draw(st.sampled_from([
                Deal(seat), Pass(seat), Take(seat), Play(seat, cards), Give(seat, cards),
                Bid(seat, data.draw(st.sampled_from(BIDS))),
                NameTrump(seat, data.draw(st.sampled_from(list(Suit))))]))
            if g.can(op):
                g.apply(op)
                return
            before = g.state()
            try:
                g.apply(op)
            except TableError as exc:
                assert str(exc)
            else:
                raise AssertionError("can() said no but apply() accepted")
            assert g.state() == before

        @invariant()
        def conserved(self) -> None:
            if self.g is None:
                return
            self.g.check_invariants()
            if isinstance(self.g, SoloWhist):
                assert sum(self.g.counters.values()) == 0

        @invariant()
        def views_private(self) -> None:
            g = self.g
            if g is None:
                return
            public: set[Any] = set()
            for key in ("turn_up", "trump_card"):
                if getattr(g, key, None) is not None:
                    public.add(getattr(g, key))
            if isinstance(g, SoloWhist) and g.exposed and g.phase.value == "play":
                public |= {c for d in g.declarers for c in g.hands[d]}
            for viewer in [None, *g.seats]:
                shown = _cards(g.view(viewer))
                for s in g.seats:
                    if s != viewer:
                        assert not (set(g.hands[s]) & shown) - public

        def teardown(self) -> None:
            if self.g is not None:
                again = replay(to_history(self.g))
                assert again.log == self.g.log

    GameMachine.__name__ = f"{name.title().replace('-', '')}Machine"
    return GameMachine


def _cards(value: Any) -> set[Any]:
    from twentyone.cards import Card
    if isinstance(value, Card):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_cards(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple, set)):
        return set().union(*(_cards(v) for v in value)) if value else set()
    return set()


SETTINGS = settings(max_examples=20, stateful_step_count=200, deadline=None)
TestSoloWhistMachine = machine("solo-whist", 4).TestCase
TestSoloWhistMachine.settings = SETTINGS
TestDurakMachine = machine("durak", 3).TestCase
TestDurakMachine.settings = SETTINGS
TestPresidentMachine = machine("president", 4).TestCase
TestPresidentMachine.settings = SETTINGS
