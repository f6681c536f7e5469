"""The screen is the engine's view: many rounds on every preset and in Pontoon, played through
Textual's pilot with random legal choices, and at every step each card, total, bet and chip
count read back off the felt is checked against ``views`` for the seat whose screen it is. And
an interruption at any point of a round loses nobody a chip."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tui_kit import (
    CARD,
    CTRL_C,
    card_label,
    casino,
    casino_table_app,
    drive,
    drive_by,
    panel_text,
    pontoon_game,
    read_seat,
    table_of,
    total_of,
    widget_text,
)

from twentyone.engine import views
from twentyone.engine.events import Kind
from twentyone.engine.table import Action, Phase
from twentyone.money import dollars
from twentyone.pontoon.table import PontoonRules, PontoonTable
from twentyone.protocol import Op
from twentyone.rules import PRESETS
from twentyone.tui.app import TableApp
from twentyone.tui.launch import pontoon_app

LETTERS: dict[StrEnum, str] = {
    Action.HIT: "h", Action.STAND: "s", Action.DOUBLE: "d", Action.SPLIT: "p",
    Action.SURRENDER: "r", Action.INSURE: "i", Action.EVEN_MONEY: "e", Action.DECLINE: "n"}


class RandomBot:
    """A bot that makes any legal choice, so the other seats' hands take every shape."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Op]) -> Op:
        return self.rng.choice([op for op in legal if op.name.replace("_", "-") in LETTERS])


def screen_matches_view(app: TableApp) -> None:
    """Everything on the felt against the engine's view for the seat whose screen it is."""
    session = app.session
    t = table_of(app)
    seat = session.viewer()
    v = views.settled_round(t, seat) or views.view(t, seat)
    dealer = [None if m.group(0) == "░░░" else (m.group(1), m.group(2))
              for m in CARD.finditer(widget_text(app, "#dealer"))]
    # Between rounds the dealer's last hand is off the layout unless the settled round is shown.
    live_dealer = () if v.phase is Phase.BETTING and not v.settled else v.dealer
    assert dealer == [card_label(c) for c in live_dealer]
    on_screen = [c for c in dealer if c is not None]
    for s in v.seats:
        text = panel_text(app, s.number)
        read = read_seat(text)
        assert read.bankroll == s.bankroll, text
        chips = {value: n for value, n in zip(v.chip_values, s.chips, strict=True) if n}
        assert read.chips == chips, text
        assert len(read.hands) == len(s.hands), text
        for shown, hand in zip(read.hands, s.hands, strict=True):
            assert shown.cards == [card_label(c) for c in hand.cards], shown.line
            # The total is what a person works out from the cards shown, and the engine's.
            natural = "pontoon" if t.rules.changing_bank else "blackjack"
            assert shown.total == total_of(shown.cards, hand.from_split, natural), shown.line
            if hand.total is not None and hand.cards:
                assert str(hand.total) in shown.total or shown.total == natural
            assert shown.bet == hand.bet and shown.doubled == hand.doubled, shown.line
            if hand.outcome == "lose":  # said as what was lost
                assert shown.line.endswith(f"lost {dollars(-hand.net)}"), shown.line
            elif hand.outcome:
                # A natural, and a hand lost to the dealer's, in the game's own words (Pontoon:
                # docs/pontoon.md#the-bankers-natural).
                word = {"blackjack": natural,
                        "dealer blackjack": "the bank's pontoon" if t.rules.changing_bank
                        else "dealer blackjack"}.get(hand.outcome, hand.outcome)
                assert word in shown.line
            on_screen += [c for c in shown.cards if c is not None]
        assert read.insurance == s.insurance, text
    if t.rules.decks == 1:  # one pack: no card can be on the felt twice
        assert len(on_screen) == len(set(on_screen)), on_screen


def casino_chooser(seed: int) -> Callable[[TableApp], str]:
    rng = random.Random(seed)

    def choose(app: TableApp) -> str:
        t = table_of(app)
        ask = app.session.ask
        assert ask is not None
        r = t.rules
        if t.phase is Phase.BETTING:
            if t.bankroll(ask.seat) < r.min_bet:
                return ""
            roll = rng.random()
            if roll < 0.05:
                return "x"
            if roll < 0.08:
                return "c"
            amount = min(r.max_bet, r.min_bet * rng.choice((1, 2, 3)), t.bankroll(ask.seat))
            amount -= amount % r.bet_unit
            return dollars(max(amount, r.min_bet)).lstrip("$").replace(",", "")
        legal = views.view(t, ask.seat).legal
        if rng.random() < 0.05:
            return "?"
        action = rng.choice([a for a in legal if a in LETTERS])
        return LETTERS[action]

    return choose


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_screen_is_the_view_at_every_step(preset: str, seed: int) -> None:
    rules = PRESETS[preset]
    humans = (1, 3) if seed % 2 else (1,)
    bots = {2: RandomBot(seed)}
    t = casino(rules, [], humans=humans, bots=bots, seed=seed)
    total = t.chips_total()
    app = casino_table_app(t, humans=humans, bots=bots)
    choose = casino_chooser(seed)
    p = drive_by(app, t, choose, 45, check=screen_matches_view)
    assert t.round >= 3
    assert sum(1 for line in p.log if line.startswith("── round")) >= 3
    session = app.session
    left = getattr(session, "left", {})
    assert t.chips_total() + sum(t.chipset.value(c) for c in left.values()) == total


def pontoon_chooser(seed: int) -> Callable[[TableApp], str]:
    rng = random.Random(seed)

    def choose(app: TableApp) -> str:
        t = table_of(app)
        ask = app.session.ask
        assert ask is not None
        if "the bank is yours" in ask.about:
            return "k"
        if t.phase is Phase.BETTING:
            return rng.choice(("1", "2", "3", "1", "0"))
        if t.phase is Phase.DEALER:
            total = views.view(t, ask.seat).dealer_total or 0
            return "h" if total < 16 else "s"
        legal = views.view(t, ask.seat).legal
        return rng.choice([LETTERS[a] for a in legal if a in LETTERS])

    return choose


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_pontoon_screen_is_the_view_at_every_step(seed: int) -> None:
    players = 3 + seed % 3
    t = PontoonTable(PontoonRules(players=players), seed=seed)
    humans = [1, 2] if seed % 2 else [1]
    app = pontoon_app(pontoon_game(t), humans, chips=40)
    p = drive_by(app, t, pontoon_chooser(seed), 50,
                 check=screen_matches_view)
    # Chips only move between players, and a game ended mid-deal returned every bet.
    assert sum(t.bankroll(n) for n in t.seats) == players * 4000
    assert all(not s.hands for s in t.seats.values())
    assert any("takes the bank" in line for line in p.log)


# --- interrupted at every point of a round ------------------------------------------------------

#: Seat 1: 8 8 against an ace (insurance, then a split); seat 2 a bot.
STACK = ["8s", "10c", "Ac", "8h", "7d", "9c", "3c", "Ks", "2d", "5h"]
LINES = ["10", "i", "p", "h", "s", "", "s"]


@pytest.mark.parametrize("stop", range(len(LINES) + 1))
def test_ctrl_c_at_any_point_loses_no_chip(stop: int) -> None:
    t = casino(PRESETS["classic"], STACK, bots={2: RandomBot(stop)})
    total = t.chips_total()
    app = casino_table_app(t, bots={2: RandomBot(stop)})
    p = drive(app, t, [*LINES[:stop], CTRL_C])
    left = getattr(app.session, "left", {})
    assert t.phase is Phase.BETTING and all(not s.hands for s in t.seats.values())
    assert t.chips_total() + sum(t.chipset.value(c) for c in left.values()) == total
    # Seat 1 takes away its buy-in plus what was settled before the interruption; a bet on the
    # layout comes back whole.
    settled = sum(e.amount for e in t.log if e.kind in (Kind.SETTLED, Kind.INSURANCE_SETTLED)
                  and e.seat == 1 and e.note != "void")
    assert t.chipset.value(left[1]) == 100_000 + settled
    assert "Seat 1 leaves with" in p.farewell


@pytest.mark.parametrize("stop", range(8))
def test_ending_pontoon_at_any_point_loses_no_chip(stop: int) -> None:
    t = PontoonTable(PontoonRules(players=4), seed=stop)
    app = pontoon_app(pontoon_game(t), [1], chips=40)
    chooser = pontoon_chooser(stop)
    drive_by(app, t, chooser, stop)
    assert sum(t.bankroll(n) for n in t.seats) == 4 * 4000
    assert all(not s.hands for s in t.seats.values())


def test_the_reader_sees_a_broken_screen() -> None:
    """The check can fail: a panel with a card that the view does not hold is caught."""
    hand = "  8♥ 2♥ 8♥  hard 18  bet $20 doubled"
    read = read_seat(f"Seat 1 (you)  $980\n 1×$500 \n{hand}")
    assert read.hands[0].cards.count(("8", "♥")) == 2
    assert total_of(read.hands[0].cards, False) == "hard 18"
    assert re.search(r"bet \$20", hand)
