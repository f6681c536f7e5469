"""Hand histories (issue 2, DESIGN "Events are the truth"): a history saved as JSON replays into
exactly the same round, event for event; a history that was altered is refused with a typed
``ReplayError``; a snapshot restores the table to carry on after a crash."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from engine_kit import STACK, D, dealt, stack_for, stacked

from twentyone.engine.history import Recorder, load, replay, restore, save, snapshot
from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase, Table
from twentyone.errors import ReplayError, TableError
from twentyone.rules import PRESETS

#: A single deck cut at half, so a dozen rounds go through a reshuffle or two.
SHORT_SHOE = PRESETS["classic"].replace(decks=1, cut_behind=None, penetration=0.5)


def play(t: Table, rounds: int, seats: tuple[int, ...] = (1, 2)) -> None:
    """Rounds of $5 bets, players hitting below 17, doubling 11 and splitting eights, taking
    even money and declining insurance."""
    for _ in range(rounds):
        for n in seats:
            t.bet(n, 5 * D)
        t.deal()
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            seat, h = to_act
            hand = t.seats[seat].hands[h]
            if t.phase is Phase.INSURANCE:
                if t.can_even_money(seat):
                    t.even_money(seat)
                else:
                    t.decline(seat)
            elif t.can_split(seat) and hand.cards[0].value == 8:
                t.split(seat)
            elif t.can_double(seat) and hand.total == 11:
                t.double(seat)
            elif hand.total < 17:
                t.hit(seat)
            else:
                t.stand(seat)


def recorded(rounds: int = 12, seed: int = 5) -> tuple[Table, dict[str, Any]]:
    t = Table(SHORT_SHOE, seed=seed)
    t.sit(1, 200 * D)
    t.sit(2, 200 * D)
    recorder = Recorder(t)
    play(t, rounds)
    return t, json.loads(json.dumps(recorder.history()))


def test_issue2_a_history_round_trips_through_json_and_replays_to_the_same_events(
        tmp_path: Path) -> None:
    """Issue 2: "hand histories (JSON) that replay into exactly the same round"."""
    t, history = recorded()
    assert len(history["shuffles"]) >= 2  # the rounds crossed the cut card
    path = tmp_path / "rounds.json"
    save(history, path)
    again = replay(load(path))
    assert [e.to_json() for e in again.log] == history["events"]
    assert again.log == t.log[-len(again.log):]
    assert [again.bankroll(n) for n in (1, 2)] == [t.bankroll(n) for n in (1, 2)]
    assert again.rack.counts == t.rack.counts
    assert again.shoe.cards == t.shoe.cards and again.shoe.pos == t.shoe.pos


def test_issue2_a_history_of_a_stacked_round_replays() -> None:
    """A round with an insurance offer, even money and a split, recorded from the seats'
    chips before the bets, replays event for event."""
    t = stacked("classic", stack_for("classic", [("8c", "8d"), ("As", "Kd")], up="Ah",
                                     hole="9c", draws=["3h", "Kc", "5s"]))
    t.sit(1, STACK)
    t.sit(2, STACK)
    recorder = Recorder(t)
    t.bet(1, 10 * D)
    t.bet(2, 10 * D)
    t.deal()
    t.decline(1)
    t.even_money(2)
    t.split(1)
    while t.to_act is not None:
        t.stand(1)
    play(t, 3)
    history = json.loads(json.dumps(recorder.history()))
    assert {"even_money", "split", "decline"} <= {o["op"] for o in history["operations"]}
    again = replay(history)
    assert [e.to_json() for e in again.log] == history["events"]
    assert [again.bankroll(n) for n in (1, 2)] == [t.bankroll(n) for n in (1, 2)]


def _swap_two_shuffled_cards(h: dict[str, Any]) -> None:
    order = h["shuffles"][0]["order"]
    order[0], order[1] = order[1], order[0]


def _duplicate_a_shuffled_card(h: dict[str, Any]) -> None:
    order = h["shuffles"][0]["order"]
    order[0] = order[1]


def _first_stand_becomes_a_hit(h: dict[str, Any]) -> None:
    op = next(o for o in h["operations"] if o["op"] == "stand")
    op["op"] = "hit"


TAMPERING: dict[str, Callable[[dict[str, Any]], None]] = {
    "another format": lambda h: h.update(format="twentyone-history/0"),
    "an event's amount": lambda h: h["events"][5].update(amount=12_345),
    "an event more": lambda h: h["events"].append({"kind": "hit", "seat": 1}),
    "an event less": lambda h: h["events"].pop(),
    "a bet raised": lambda h: h["operations"][0].update(amount=10 * D),
    "a stand made a hit": _first_stand_becomes_a_hit,
    "an operation less": lambda h: h["operations"].pop(3),
    "an operation the table does not have": lambda h: h["operations"][2].update(op="cheat"),
    "a private method as an operation": lambda h: h["operations"][2].update(op="_shuffle"),
    "a query posing as an operation": lambda h: h["operations"].append(
        {"op": "bankroll", "seat": 1}),
    "an operation with a bad argument": lambda h: h["operations"][0].update(amount="lots"),
    "an operation without a name": lambda h: h["operations"][0].pop("op"),
    "two cards of a shuffle swapped": _swap_two_shuffled_cards,
    "a card twice in a shuffle": _duplicate_a_shuffled_card,
    "a shuffle less": lambda h: h["shuffles"].pop(),
    "a shuffle's cut card removed": lambda h: h["shuffles"][0].update(behind=None),
    "a card of the shoe replaced": lambda h: h["before"]["shoe"]["cards"].__setitem__(
        3, h["before"]["shoe"]["cards"][40]),
    "impossible rules": lambda h: h["before"]["rules"].update(decks=99),
    "no starting table": lambda h: h.pop("before"),
    "no shuffles": lambda h: h.pop("shuffles"),
}


@pytest.mark.parametrize("how", list(TAMPERING))
def test_issue2_a_tampered_history_is_refused_with_a_typed_error(how: str) -> None:
    """DESIGN: a replay "can never disagree with the table about what the rules say, only show
    that a record was altered" — and says so with ``ReplayError``, whatever was altered."""
    _, history = recorded()
    replay(copy.deepcopy(history))  # the untouched record is fine
    tampered = copy.deepcopy(history)
    TAMPERING[how](tampered)
    with pytest.raises(ReplayError):
        replay(tampered)


def test_issue2_a_snapshot_is_taken_between_rounds_only() -> None:
    t = dealt("classic", [("10c", "6c")], up="6s", hole="10s")
    with pytest.raises(TableError, match="between rounds"):
        snapshot(t)


def test_issue2_a_restored_snapshot_plays_on_exactly_as_the_table_would_have() -> None:
    """DESIGN: "a round can be persisted ... resumed after a crash". A table restored from a
    snapshot, given the same shuffler, deals the same rounds as the original."""
    original = Table(SHORT_SHOE, RandomShuffler.seeded(9))
    original.sit(1, 200 * D)
    original.sit(2, 200 * D)
    play(original, 3)
    state = json.loads(json.dumps(snapshot(original)))
    crashed_at = len(original.log)
    # The next shuffles come from the generator as it stands now: the restored table gets a
    # copy of it.
    resumed = restore(state, copy.deepcopy(original.shoe.shuffler))
    play(original, 8)
    play(resumed, 8)
    assert resumed.log == original.log[crashed_at:]
    assert [resumed.bankroll(n) for n in (1, 2)] == [original.bankroll(n) for n in (1, 2)]
