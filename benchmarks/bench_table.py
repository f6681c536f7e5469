"""Full-engine speed: rounds per second through ``Table`` with bots playing basic strategy,
against blackjack21 (the PyPI package) playing the same chart. Run:

    .venv/bin/python benchmarks/bench_table.py [--rounds N] [--repeats K]

Every round of ours goes through the public operations (bet, deal, each decision), the dealer's
play, settlement in chips from the rack, and the event log; nothing is skipped for speed.
blackjack21 deals and settles its own way (no money, a result per hand). Both play one seat of
six decks, S17, DAS, split to four hands, no surrender, a new shoe at 75% penetration, each
decision read from the same basic strategy chart. The two take turns, K runs each, on one core,
each timed by the CPU time it used (other jobs on a shared machine slow both alike, but do not
count); the medians and their ratio are printed, then ours for seven seats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import blackjack21 as bj

from twentyone.engine import native
from twentyone.rules import PRESETS
from twentyone.strategy import basic_chart
from twentyone.strategy.chart import Chart
from twentyone.strategy.play import play_chart

RULES = PRESETS["six-deck-s17"]


def ours(seats: int, rounds: int, seed: int) -> float:
    """Our rounds per second: ``seats`` chart bots, flat bets."""
    start = time.process_time()
    result = play_chart(RULES, seats=seats, rounds=rounds, seed=seed, bankroll=10_000_000)
    return result.rounds / (time.process_time() - start)


def _value(card: bj.Card) -> int:
    return 1 if card.rank == "A" else card.value


def theirs(rounds: int, seed: int, chart: Chart) -> float:
    """blackjack21's rounds per second, one seat playing ``chart`` (split to four hands, no
    surrender: the rules above)."""
    random.seed(seed)
    deck = bj.Deck(bj.DEFAULT_SUITS, count=RULES.decks)
    table = bj.Table([("seat", 100)], deck, hit_soft_17=RULES.hit_soft_17,
                     on_round_reset=bj.shoe_reset_hook(deck, 0.75))
    playing = bj.GameState.PLAYERS_TURN
    start = time.process_time()
    for _ in range(rounds):
        table.start_game()
        up = _value(table.dealer.hand[0])
        while table.state is playing:
            hand = table.current_hand
            player = table.current_player
            assert hand is not None and player is not None
            actions = table.available_actions()
            choice = chart.decide(
                [_value(c) for c in hand], up, can_double=bj.Action.DOUBLE in actions,
                can_split=bj.Action.SPLIT in actions and len(player.hands) < RULES.max_hands,
                can_surrender=False)
            if choice == "hit":
                table.hit()
            elif choice == "double":
                table.double_down()
            elif choice == "split":
                table.split()
            else:
                table.stand()
    return rounds / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    chart = basic_chart(RULES)
    play_chart(RULES, rounds=1000, seed=0)  # warm caches (strategy chart)
    theirs(1000, 0, chart)
    runs: dict[str, list[float]] = {"blackjack21": [], "twentyone": []}
    for seed in range(args.repeats):
        runs["blackjack21"].append(theirs(args.rounds, seed, chart))
        runs["twentyone"].append(ours(1, args.rounds, seed))
    seven = [ours(7, args.rounds // 7, seed) for seed in range(args.repeats)]
    base = statistics.median(runs["blackjack21"])
    print(f"one seat, basic strategy, {args.rounds:,} rounds a run (CPU time), median of "
          f"{args.repeats} (the engine {'compiled' if native.compiled() else 'pure Python'}):")
    for name, rates in runs.items():
        med = statistics.median(rates)
        print(f"  {name:12s} {med:9,.0f} rounds/s  ({med / base:.2f}x blackjack21; "
              f"min {min(rates):,.0f}, max {max(rates):,.0f})")
    med = statistics.median(seven)
    print(f"seven seats: twentyone {med:,.0f} rounds/s = {med * 7:,.0f} hands/s "
          f"(min {min(seven):,.0f}, max {max(seven):,.0f} rounds/s)")


if __name__ == "__main__":
    main()
