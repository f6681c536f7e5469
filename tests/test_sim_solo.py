"""The fast path for a player alone at the table (``sim/solo.py``) deals the same cards and adds
the same statistics as the general kernel, bit for bit, in every game it takes.

Hypothesis draws the game (every rule the kernel honours but early surrender, which the fast path
leaves to the general kernel), the chart (basic, or one that splits, resplits, doubles and
surrenders wherever it may), counting, index plays, a ramp and insurance; both kernels then play
the same stream and every statistic and every round of the trace must agree. The fast path's
agreement with the table engine itself is ``tests/test_sim_equivalence.py`` (its one-seat cases
run this kernel).
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_sim_equivalence import BUSY_CHART, GREEDY_CHART

from twentyone.rules import PRESETS, Rules
from twentyone.sim import kernel as K
from twentyone.sim import solo
from twentyone.sim.betting import Betting
from twentyone.sim.chartfile import parse_chart
from twentyone.sim.counting import SYSTEMS, IndexPlays
from twentyone.sim.runner import Player, SimSpec, chunk_state, simulate
from twentyone.strategy import basic_chart

ROUNDS = 3000
BUSY = parse_chart(BUSY_CHART, "busy")
GREEDY = parse_chart(GREEDY_CHART, "greedy")


def _both(spec: SimSpec, seed: int, rounds: int) -> tuple[np.ndarray, ...]:
    """Statistics and trace from each kernel, from the same stream."""
    out = []
    for kernel in (K.play_chunk, solo.play_solo):
        args = spec.kernel_args()
        args.player[K.P_TRACE] = 1
        stats = np.zeros(K.N_STATS)
        tr = np.zeros((rounds, spec.seats + 2))
        kernel(*args, chunk_state(seed, 0), rounds, stats, tr, *K.work_area())
        out += [stats, tr]
    return tuple(out)


@st.composite
def games(draw: st.DrawFn) -> tuple[SimSpec, int]:
    base = draw(st.sampled_from(["six-deck-s17", "single-deck", "european", "classic",
                                 "modern-casino", "casino-party"]))
    changes: dict[str, object] = {"min_bet": 500, "max_bet": 100_000, "bet_unit": 100,
                                  "seats": 7}
    if draw(st.booleans()):
        changes |= {
            "decks": draw(st.sampled_from([1, 2, 6])),
            "hit_soft_17": draw(st.booleans()),
            "peek": draw(st.booleans()),
            "surrender": draw(st.sampled_from(["none", "late"])),
            "split_by": draw(st.sampled_from(["rank", "value"])),
            "max_hands": draw(st.integers(1, 8)),
            "resplit_aces": draw(st.booleans()),
            "hit_split_aces": draw(st.booleans()),
            "double_after_split": draw(st.booleans()),
            "hole_card_first": draw(st.booleans()),
            "double_face_down": draw(st.booleans()),
            "insurance": draw(st.sampled_from(["none", "up-to-half", "exactly-half"])),
            "even_money": draw(st.booleans()),
            "burn": draw(st.integers(0, 5)),
            "cut_behind": None,
        }
        if draw(st.booleans()):
            changes |= {"reshuffle": "below", "reshuffle_below": draw(st.integers(5, 30))}
        else:
            changes["penetration"] = draw(st.sampled_from([0.5, 0.75, 0.98]))
    rules = PRESETS[base].replace(**changes)
    chart = draw(st.sampled_from([basic_chart(PRESETS["six-deck-s17"]), BUSY, GREEDY]))
    count = draw(st.sampled_from([None, "hilo", "ko"]))
    indices = IndexPlays.load("hilo-i18-fab4") if count == "hilo" and draw(st.booleans()) else None
    insurance = draw(st.sampled_from(["never", "always"] + (["count"] if indices else [])))
    betting = Betting()
    if count is not None and draw(st.booleans()):
        betting = Betting(mode="ramp", ramp=((1.0, 2.0), (2.0, 4.0), (3.5, 8.0)))
    player = Player(chart, SYSTEMS[count] if count else None, indices, insurance)
    return SimSpec(rules, player, betting), draw(st.integers(0, 2**32))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_the_fast_path_plays_exactly_as_the_general_kernel(game: tuple[SimSpec, int]) -> None:
    spec, seed = game
    assert solo.kernel_for(spec.kernel_args().rules, spec.kernel_args().player) is solo.play_solo
    stats, tr, fast_stats, fast_tr = _both(spec, seed, ROUNDS)
    differ = np.flatnonzero(np.any(tr != fast_tr, axis=1))
    assert differ.size == 0, f"round {differ[0]}: {tr[differ[0]]} against {fast_tr[differ[0]]}"
    assert np.array_equal(stats, fast_stats), np.flatnonzero(stats != fast_stats)
    assert stats[K.S_ROUNDS] == ROUNDS


def test_shoes_refilled_mid_round_alike() -> None:
    """One deck dealt to its last cards, every pair split to eight hands and every hand hit to
    21: shoes are refilled from the discards mid-round, in both kernels alike
    (docs/casino.md#when-the-dealer-reshuffles)."""
    rules = PRESETS["single-deck"].replace(seats=7, max_hands=8, split_by="value",
                                           resplit_aces=True, hit_split_aces=True,
                                           penetration=0.98)
    spec = SimSpec(rules, Player(GREEDY))
    stats, tr, fast_stats, fast_tr = _both(spec, 7, 20_000)
    assert np.array_equal(tr, fast_tr)
    assert np.array_equal(stats, fast_stats)
    assert stats[K.S_SPLITS] > 1000


def test_only_what_the_fast_path_plays_goes_to_it() -> None:
    """Two seats, early surrender, a progression, back-counting or bankroll trips go to the
    general kernel; a run gives the same result either way."""
    six = PRESETS["six-deck-s17"]
    chart = basic_chart(six)
    hilo = SYSTEMS["hilo"]

    def kernel(rules: Rules = six, seats: int = 1, **betting: object) -> object:
        spec = SimSpec(rules, Player(chart, hilo), Betting(**betting), seats)  # type: ignore[arg-type]
        args = spec.kernel_args()
        return solo.kernel_for(args.rules, args.player)

    assert kernel() is solo.play_solo
    assert kernel(mode="ramp", ramp=((1.0, 2.0),)) is solo.play_solo
    assert kernel(seats=2) is K.play_chunk
    assert kernel(six.replace(surrender="early")) is K.play_chunk
    assert kernel(mode="martingale") is K.play_chunk
    assert kernel(enter=1.0, leave=0.0) is K.play_chunk
    assert kernel(bankroll=100.0, trip_rounds=1000) is K.play_chunk
    spec = SimSpec(six, Player(chart))
    one = simulate(spec, 3 * 1000, seed=5, workers=1)
    stats = np.zeros(K.N_STATS)
    K.play_chunk(*spec.kernel_args(), chunk_state(5, 0), 3000, stats, np.zeros((1, 1)),
                 *K.work_area())
    assert np.array_equal(one.stats, stats)
