"""The ``?`` hint: basic strategy for the exact hand in the seat's view."""

from __future__ import annotations

from twentyone.cards import card
from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.engine.table import Table
from twentyone.engine.views import view
from twentyone.rules import PRESETS
from twentyone.tui.hint import make_hint, unseen

CLASSIC = PRESETS["classic"]


def hint_for(stack: list[str], *moves: str) -> list[str]:
    t = Table(CLASSIC, StackedShuffler([stack], then=RandomShuffler.seeded(0)))
    t.sit(1, 100_000)
    t.bet(1, 1000)
    t.deal()
    for move in moves:
        getattr(t, move)(1)
    return make_hint(CLASSIC)(view(t, 1), None)


def test_the_hint_names_the_hand_the_up_card_and_the_play() -> None:
    # docs/strategy.md#rules-of-thumb: "With a total of 11, the player should always double down."
    assert hint_for(["6h", "6c", "5d", "9s"])[0] == "Basic strategy, hard 11 against 6♣: double"
    # docs/strategy.md#rules-of-thumb: "always split a pair of aces or 8s".
    assert hint_for(["8h", "10c", "8d", "7s"])[0] == (
        "Basic strategy, a pair of eights against 10♣: split")
    # A pair is named as one (it once read "hard 4"), sixes spelled right.
    assert hint_for(["2h", "10c", "2d", "7s"])[0].startswith("Basic strategy, a pair of twos ")
    assert hint_for(["6h", "10c", "6d", "7s"])[0].startswith("Basic strategy, a pair of sixes ")
    # docs/strategy.md#rules-of-thumb: with a poor up card (4, 5, 6) stop at 12 or more.
    assert hint_for(["10h", "5c", "3d", "9s"])[0].endswith("hard 13 against 5♣: stand")


def test_after_a_split_the_hint_is_for_the_hand_being_played() -> None:
    lines = hint_for(["8h", "7c", "8d", "9s", "2c"], "split")
    # No doubling after a split at the classic table (docs/casino.md#classic), so 10 against 7 is
    # a hit.
    assert lines[0] == "Basic strategy, hard 10 against 7♣: hit"


def test_the_unseen_cards_are_the_shoe_less_what_the_seat_has_seen() -> None:
    t = Table(CLASSIC, StackedShuffler([["Ah", "10c", "Ad", "5s"]], then=RandomShuffler.seeded(0)))
    t.sit(1, 100_000)
    t.bet(1, 1000)
    t.deal()
    seen = [c for c in t.cards_in_play() if str(c) != "5♠"]  # all but the hole card
    left = unseen(CLASSIC, seen)
    assert left[1] == 24 - 2 and left[10] == 96 - 1 and left[5] == 24
    lines = make_hint(CLASSIC)(view(t, 1), seen)
    assert lines[1].startswith("Unseen since the shuffle: 309 cards (A×22, 2×24")


def test_the_hint_gives_the_ev_of_each_legal_action_best_first() -> None:
    lines = hint_for(["8h", "10c", "8d", "7s"])
    assert lines[1].startswith("EV per bet, a full shoe: ▶ split ")
    evs = lines[1].split(": ", 1)[1].split(" · ")
    assert [e.lstrip("▶ ").split()[0] for e in evs] == ["split", "hit", "stand"]
    # Classic doubles only on 9-11 (docs/casino.md#classic), so 16 offers no double.
    assert "double" not in lines[1]


def test_the_shoe_hint_uses_the_cards_left() -> None:
    t = Table(CLASSIC, StackedShuffler([["10h", "10c", "6d", "7s"]], then=RandomShuffler.seeded(0)))
    t.sit(1, 100_000)
    t.bet(1, 1000)
    t.deal()
    v = view(t, 1)
    full = make_hint(CLASSIC)(v, None)[1]
    # A seat that has seen twenty extra fives (an absurd but legal count) is told other odds.
    seen = [card(5, s % 4, s // 4) for s in range(20)] + [c for c in t.cards_in_play()
                                                           if str(c) != "7♠"]
    left = make_hint(CLASSIC)(v, seen)
    assert left[2].startswith("EV per bet, the cards left:")
    assert left[2].split(": ", 1)[1] != full.split(": ", 1)[1]
