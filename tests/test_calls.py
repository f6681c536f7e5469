"""Making change on request, called as dealers call it (docs/dealing.md#making-change): "State
'cheque change: one hundred' ... to allow the player to correct you"."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum

import pytest
from engine_kit import dealt, stack_for, stacked
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from twentyone.cards import fresh_shoe
from twentyone.engine.calls import DealerCalls, cheque_change, payout_method, spoken
from twentyone.engine.chips import ChipSet
from twentyone.engine.events import Kind
from twentyone.engine.table import Action, Phase, Table
from twentyone.engine.views import visible_events
from twentyone.errors import ChipError
from twentyone.rules import PRESETS, Insurance, PayoutStyle


@pytest.mark.parametrize(("cents", "words"), [
    (10000, "one hundred"), (2500, "twenty-five"), (500, "five"), (100, "one"),
    (50, "fifty cents"), (750, "seven fifty"), (250000, "two thousand five hundred"),
    (50000, "five hundred"), (1001, "ten and one cent"), (0, "zero cents"),
])
def test_amounts_are_spoken(cents: int, words: str) -> None:
    assert spoken(cents) == words


def test_change_a_hundred_at_the_table_is_called_cheque_change() -> None:
    """A player asks "change a $100": the black chip is named by its value and broken into the
    next colour down, and the call is "cheque change: one hundred"."""
    t = stacked("classic", [])
    t.sit(1, {"black": 1})
    colour = t.chipset.colour_of(10000)
    assert colour == "black"
    rec = t.change(1, colour)
    change = [e for e in rec.events if e.kind is Kind.CHANGE]
    assert len(change) == 1 and change[0].amount == 10000
    assert cheque_change(change[0].amount) == "cheque change: one hundred"
    assert t.seats[1].chips == t.chipset.counts({"green": 4})
    with pytest.raises(ChipError, match="no chip is worth 3 dollars"):
        t.chipset.colour_of(300)


def _calls(t: Table) -> list[str]:
    """The calls a spectator hears over the whole log."""
    return [call for _, call in DealerCalls(t.rules).feed(visible_events(t))]


def test_insurance_is_called_open_after_the_deal_and_closed_before_the_check() -> None:
    """docs/dealing.md#the-insurance-procedure: offer, close, check. The open call comes with
    the dealer's ace, the close with the peek, after every player has answered."""
    t = dealt("classic", [("10h", "7c"), ("9d", "9s")], up="As", hole="6d")
    assert t.phase is Phase.INSURANCE
    assert _calls(t) == ["Insurance is open"]
    t.decline(1)
    assert _calls(t) == ["Insurance is open"]
    t.insure(2)
    assert _calls(t) == ["Insurance is open", "Insurance is closed"]
    peek = next(i for i, e in enumerate(t.log) if e.kind is Kind.PEEKED)
    closing = [e for e, call in DealerCalls(t.rules).feed(t.log) if call == "Insurance is closed"]
    assert closing == [t.log[peek]]


def test_no_insurance_call_under_a_ten_or_where_none_is_offered() -> None:
    """docs/dealing.md#the-insurance-procedure: under a ten-card there is no insurance."""
    t = dealt("classic", [("10h", "7c")], up="Ks", hole="6d")
    assert "Insurance is open" not in _calls(t)
    r = replace(PRESETS["classic"], insurance=Insurance.NONE)
    t = dealt(r, [("10h", "7c")], up="As", hole="6d")
    assert _calls(t) == []


def test_a_tie_is_called_a_push_and_the_cut_card_the_last_round() -> None:
    """docs/casino.md#settlement: the same total pushes; docs/casino.md#when-the-dealer-reshuffles:
    the cut card out means the last round before the shuffle."""
    t = dealt("classic", [("10h", "8c")], up="9s", hole="9d")
    t.stand(1)
    assert _calls(t) == ["Seat 1 waves: stands", "Push"]
    r = PRESETS["classic"]
    t = stacked(r, stack_for(r, [("10h", "8c")], "9s", "8d"), cut_behind=len(fresh_shoe(r.decks)))
    t.sit(1, {"red": 10})
    t.bet(1, 1000)
    t.deal()
    assert "Last round before the shuffle" in _calls(t)


def _signals(t: Table) -> list[str]:
    return [c for c in _calls(t) if c.startswith("Seat")]


def test_each_decision_is_called_with_the_shoe_games_signal() -> None:
    """docs/dealing.md#hand-signals: with the cards face up a player signals for a card (at the
    classic table by scratching the felt towards them, docs/casino.md#hit_signal),
    waves to stand, and places chips beside the bet with one finger to double, two to split;
    the dealer calls which signal was read. A split's hands are named once there are two."""
    t = dealt("classic", [("8h", "8c"), ("6d", "5s"), ("10h", "3c")], up="7s", hole="10d",
              draws=["2d", "3h", "4c", "9s", "5h"])
    t.split(1)
    t.hit(1)
    t.stand(1)
    t.stand(1)
    t.double(2)
    t.hit(3)
    assert _signals(t) == [
        "Seat 1 places chips beside the bet, two fingers: splits",
        "Seat 1 hand 1 scratches the felt towards them: hits",
        "Seat 1 hand 1 waves: stands",
        "Seat 1 hand 2 waves: stands",
        "Seat 2 places chips beside the bet, one finger: doubles",
        "Seat 3 scratches the felt towards them: hits",
    ]


def test_a_pitch_game_calls_the_held_cards_signals() -> None:
    """docs/dealing.md#hand-signals: where players hold their cards face down (player_cards:
    down) the cards give the signal: scratched towards the player for a card, slid under the
    chips to stand, laid face up with chips beside the bet to double or split."""
    t = dealt("single-deck", [("2h", "3c"), ("9d", "2s"), ("7h", "7c")], up="6s", hole="10d",
              draws=["4d", "5h", "9c", "10s", "2c"])
    t.hit(1)
    t.stand(1)
    t.double(2)
    t.split(3)
    assert _signals(t)[:4] == [
        "Seat 1 scratches the cards towards them: hits",
        "Seat 1 slides the cards under the chips: stands",
        "Seat 2 lays the cards face up and places chips beside the bet: doubles",
        "Seat 3 lays the pair face up apart and places chips beside the bet: splits",
    ]


def test_a_surrender_is_called_with_the_line_behind_the_bet() -> None:
    """docs/dealing.md#hand-signals: where a casino takes surrender by a signal, it is a line
    drawn on the felt behind the bet."""
    t = dealt("six-deck-h17-ls", [("10h", "6c")], up="10s", hole="7d")
    t.surrender(1)
    assert _signals(t) == ["Seat 1 draws a line behind the bet: surrenders"]


def test_the_decision_that_closes_insurance_is_still_called_with_its_signal() -> None:
    """In the no-hole-card game the first decision closes insurance
    (docs/dealing.md#the-insurance-procedure): both calls are made, the close first."""
    t = dealt("european", [("10h", "7c")], up="As", draws=["5d", "9c"])
    t.decline(1)
    t.stand(1)
    calls = _calls(t)
    assert calls[calls.index("Insurance is closed") + 1] == "Seat 1 waves: stands"


def test_a_dealer_who_decides_gives_no_signal() -> None:
    """docs/dealing.md#hand-signals: the signals are the players' to the dealer. A dealer who
    decides (a host who deals, a Pontoon banker) draws and stands as the dealer does, and no
    "Seat 0" signal is called for it."""
    r = PRESETS["six-deck-s17"].replace(dealer_decides=True)
    t = dealt(r, [("10h", "9c")], up="5s", hole="6d", draws=["3c"])
    t.stand(1)
    t.dealer_hit()
    t.dealer_stand()
    assert _signals(t) == ["Seat 1 waves: stands"]


def test_a_broken_chip_is_called_cheque_change() -> None:
    """docs/dealing.md#making-change: "cheque change: one hundred"."""
    t = stacked("classic", [])
    t.sit(1, {"black": 1})
    t.change(1, "black")
    assert _calls(t) == ["cheque change: one hundred"]


@pytest.mark.parametrize(("wager", "amount", "paid", "how"), [
    ({"white": 10}, 1000, {"white": 10}, "colour for colour"),
    ({"white": 10}, 2000, {"white": 20}, "colour for colour, sized twice"),
    ({"red": 2}, 1500, {"red": 3}, "bridged"),
    ({"red": 1}, 750, {"red": 1, "white": 2, "yellow": 1}, "heeled"),
    ({"red": 1, "white": 1}, 600, {"red": 1, "white": 1}, "colour for colour"),
])
def test_how_a_payout_was_made_is_told_from_the_chips(
        wager: dict[str, int], amount: int, paid: dict[str, int], how: str) -> None:
    """docs/dealing.md#paying-a-bet and docs/dealing.md#paying-a-blackjack: sized into the
    bet, a blackjack bridged or heeled; at a fewest-chips table, always the fewest chips."""
    cs = ChipSet.of(PRESETS["classic"].chips)
    style = PayoutStyle.COLOUR_FOR_COLOUR
    assert payout_method(cs, style, amount, cs.counts(paid), cs.counts(wager)) == how
    assert payout_method(cs, PayoutStyle.FEWEST, amount, cs.counts(paid),
                         cs.counts(wager)) == "in the fewest chips"


#: The bets the drawn rounds choose from, and how many rounds: a round loses at most a bet and a
#: double, so a stack worth ``ROUNDS * 2 * max(BETS)`` cannot run out whatever the cards.
BETS = (500, 1000, 2000, 700)
ROUNDS = 8
#: $460 in whites, reds and greens (a colour-for-colour payout sizes into them).
STACK = {"white": 60, "red": 20, "green": 12}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
@example(3006)  # a $130 stack ran out here, one CI run in thirty
def test_the_method_told_is_the_method_the_cashier_used(seed: int) -> None:
    """Whatever a colour-for-colour table pays, the method told from the settled event's chips
    is the one the cashier chose when it paid (docs/dealing.md#paying-a-bet). One seat, one
    hand, no insurance: each payout is the cashier's latest. The stack covers the most the
    rounds can lose, so no seed runs it out."""
    r = replace(PRESETS["classic"], payout_style=PayoutStyle.COLOUR_FOR_COLOUR,
                insurance=Insurance.NONE, even_money=False)
    t = Table(r, seed=seed)
    rng = random.Random(seed)
    t.sit(1, STACK)
    assert t.bankroll(1) >= ROUNDS * 2 * max(BETS)
    told = {"fewest": "in the fewest chips", "sized": "colour for colour",
            "sized twice": "colour for colour, sized twice", "bridged": "bridged",
            "heeled": "heeled"}
    plays: dict[StrEnum, Callable[[int], object]] = {
        Action.HIT: t.hit, Action.STAND: t.stand, Action.DOUBLE: t.double}
    paid = 0
    for _ in range(ROUNDS):
        t.bet(1, rng.choice(BETS))
        start = len(t.log)
        t.deal()
        while t.phase is not Phase.BETTING:
            plays[rng.choice([a for a in t.legal_actions(1) if a in plays])](1)
        wins = [e for e in t.log[start:] if e.kind is Kind.SETTLED and e.chips]
        for e in wins:
            assert payout_method(t.chipset, r.payout_style, e.amount, e.chips,
                                 e.chips2) == told[t.cashier.last_method]
        paid += len(wins)
    assume(paid > 0)
