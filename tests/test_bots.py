"""Headless play (issue 2 "The terminal table"): bots in every seat, and every dollar accounted
for — ``house_net`` equals minus the seats' net, to the cent, bankrolls in integer cents."""

from __future__ import annotations

import json

import pytest
from engine_kit import D
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.rules import PRESETS
from twentyone.strategy.play import play_chart


@pytest.mark.parametrize(("preset", "seats", "strategy"), [
    ("classic", 1, "basic"),
    ("classic", 7, "rules-of-thumb"),
    ("casino-party", 3, "rules-of-thumb"),
    ("modern-casino", 5, "rules-of-thumb"),
    ("six-deck-s17", 2, "rules-of-thumb"),
    ("single-deck", 5, "rules-of-thumb"),
    ("european", 4, "rules-of-thumb"),
])
def test_issue2_auto_play_accounts_for_every_cent(preset: str, seats: int,
                                                  strategy: str) -> None:
    """Issue 2: "every dollar is accounted for (``house_net`` equals minus the seats' net)"."""
    rules = PRESETS[preset]
    result = play_chart(rules, seats=seats, rounds=150, seed=17, strategy=strategy,
                       bankroll=1000 * D)
    assert result.rounds == 150 and set(result.seats) == set(range(1, seats + 1))
    net = 0
    for s in result.seats.values():
        for amount in (s.bankroll_start, s.bankroll_end, s.wagered):
            assert type(amount) is int
        assert s.bankroll_start == 1000 * D
        assert s.rounds == 150 and s.wagered >= 150 * rules.min_bet
        net += s.bankroll_end - s.bankroll_start
    assert type(result.house_net) is int
    assert result.house_net == -net
    assert result.house_net != 0  # 150 rounds moved money one way or the other


def test_issue2_auto_play_is_reproducible_for_a_seed() -> None:
    a, b, c = (play_chart(PRESETS["classic"], seats=3, rounds=100, seed=s,
                         strategy="rules-of-thumb") for s in (4, 4, 5))
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()


def test_issue2_a_broke_seat_sits_out_and_play_stops_when_all_are_broke() -> None:
    """A seat that cannot cover the table minimum sits out; every cent is still counted."""
    result = play_chart(PRESETS["casino-party"], seats=2, rounds=10_000, seed=3,
                       strategy="rules-of-thumb", bankroll=30 * D)
    assert result.rounds < 10_000
    for s in result.seats.values():
        assert s.bankroll_end < PRESETS["casino-party"].min_bet
    assert result.house_net == sum(s.bankroll_start - s.bankroll_end
                                   for s in result.seats.values())


def test_issue2_auto_json_adds_up_in_dollars() -> None:
    """``twentyone play --auto ... --json``: ``rounds``, ``house_net`` (dollars) and per seat
    ``bankroll_start``, ``bankroll_end``, ``wagered``; the dollars add up to the cent."""
    out = CliRunner().invoke(app, ["play", "--rules", "modern-casino", "--seats", "3",
                                   "--auto", "rules-of-thumb", "--rounds", "80", "--seed", "2",
                                   "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["rounds"] == 80
    cents = {n: {k: round(v * 100) for k, v in s.items() if k != "rounds"}
             for n, s in data["seats"].items()}
    assert set(cents) == {"1", "2", "3"}
    assert round(data["house_net"] * 100) == -sum(
        s["bankroll_end"] - s["bankroll_start"] for s in cents.values())
