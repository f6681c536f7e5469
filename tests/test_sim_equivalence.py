"""The array kernel is the one allowed second implementation of the rules: from the same shoe
order it must reach the same result as the table engine, round by round and seat by seat.

The engine is handed the kernel's own shuffles: a ``Shuffler`` that lays the cards out in rank
order and applies the permutation the kernel's generator draws (``kernel.permutation``), and
places the cut card where the kernel does. Both then play the same cards with the same chart,
the engine through its public operations, and every seat's result of every round must agree. The
rule variants together switch every option of ``Rules`` the kernel honours, over thousands of
rounds and well over a hundred shoes, with a chart that splits, resplits, doubles, doubles soft
hands and surrenders wherever the rules let it, and with insurance and even money taken. The
one-seat cases run the kernel's fast path for a player alone (``sim/solo.py``), the others the
general kernel.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from twentyone.cards import Card
from twentyone.engine.events import Kind
from twentyone.engine.shoe import ShuffleResult
from twentyone.engine.table import Phase, Table
from twentyone.rules import PRESETS, Rules, Surrender
from twentyone.sim import kernel as K
from twentyone.sim.chartfile import parse_chart
from twentyone.sim.runner import Player, SimSpec, chunk_state, trace
from twentyone.sim.solo import kernel_for, play_solo
from twentyone.strategy import Chart, basic_chart

BET = 1000  # cents: 3:2, 6:5, half for surrender and insurance are all whole chips

#: Splits every pair it may (resplitting to the limit), doubles hard hands (12 too, so a double
#: can bust) and soft hands, surrenders with the pair and the total tables, never splits fives
#: or (against 2-4) tens.
BUSY_CHART = """
hard  2  3  4  5  6  7  8  9  10 A
8     H  H  H  Dh Dh H  H  H  H  H
9     Dh Dh Dh Dh Dh H  H  H  H  H
10    Dh Dh Dh Dh Dh Dh Dh Dh H  H
11    Dh Dh Dh Dh Dh Dh Dh Dh Dh Dh
12    Dh Dh S  S  S  H  H  H  H  H
13    S  S  S  S  S  H  H  H  H  Rh
14    S  S  S  S  S  H  H  H  Rh Rh
15    S  S  S  S  S  H  H  Rh Rh Rh
16    S  S  S  S  S  H  H  Rh Rh Rh
17    S  S  S  S  S  S  S  S  S  Rs
soft  2  3  4  5  6  7  8  9  10 A
13    H  H  Dh Dh Dh H  H  H  H  H
15    H  H  Dh Dh Dh H  H  H  H  H
17    H  Dh Dh Dh Dh H  H  H  H  H
18    S  Ds Ds Ds Ds S  S  H  H  H
19    S  S  S  S  Ds S  S  S  S  S
pair  2  3  4  5  6  7  8  9  10 A
A     P  P  P  P  P  P  P  P  P  P
2     P  P  P  P  P  P  P  P  P  P
3     P  P  P  P  P  P  P  P  P  P
4     P  P  P  P  P  P  P  P  P  P
5     -  -  -  -  -  -  -  -  -  -
6     P  P  P  P  P  P  P  P  P  P
7     P  P  P  P  P  P  P  P  P  P
8     P  P  P  P  P  P  P  P  Rp Rp
9     P  P  P  P  P  P  P  P  P  P
10    -  -  -  P  P  P  P  P  P  P
"""

#: Splits every pair to the limit and hits every hand below 21: at a one-deck table of seven
#: seats the round then often needs more cards than the pack holds
#: (docs/casino.md#when-the-dealer-reshuffles: the round is called off).
GREEDY_CHART = "\n".join([
    "hard  2  3  4  5  6  7  8  9  10 A",
    *(f"{t:<5} " + " ".join(["H "] * 10) for t in range(4, 21)),
    "soft  2  3  4  5  6  7  8  9  10 A",
    *(f"{t:<5} " + " ".join(["H "] * 10) for t in range(12, 21)),
    "pair  2  3  4  5  6  7  8  9  10 A",
    *(f"{p:<5} " + " ".join(["P "] * 10) for p in ["A", *range(2, 11)]),
])


@dataclass(frozen=True)
class Case:
    name: str
    rules: Rules
    seats: int
    player: int
    insure: bool
    rounds: int
    busy: bool = True
    #: The shoe must run dry mid-round in this variant and be refilled from the discards.
    refills: bool = False
    #: Rounds must be called off in this variant: no card left anywhere to deal.
    called_off: bool = False
    #: The chart every seat plays, if not the busy one or basic strategy.
    chart: str | None = None


def _casino(**changes: object) -> Rules:
    """Test tables take $10 bets with room for every payout in whole chips."""
    base = {"min_bet": 500, "max_bet": 100_000, "bet_unit": 100}
    return Rules(**(base | changes))  # type: ignore[arg-type]


CASES = [
    Case("six-deck-s17", PRESETS["six-deck-s17"].replace(seats=7), 3, 2, False, 3000),
    Case("six-deck-s17 basic", PRESETS["six-deck-s17"], 1, 1, False, 3000, busy=False),
    # docs/casino.md#classic: random cut 60-75 cards behind, 9-11 doubles, no DAS, face-down
    # doubles
    Case("classic", PRESETS["classic"].replace(min_bet=500), 4, 4, True, 2000),
    # alone at the table, a busted face-down double is the only hand and the dealer still draws
    Case("single-deck, one seat", PRESETS["single-deck"], 1, 1, False, 3000),
    # docs/casino.md#casino-party: two decks, reshuffle below 25, refill mid-round, ace-only peek,
    # two hands, insurance exactly half, no even money, hole card first, cards down-up
    # docs/casino-party.md#naturals, #settlement, #splitting: a natural paid at once, a late
    # ten-ace is 21, split cards face down
    Case("casino-party", PRESETS["casino-party"], 6, 1, True, 2000, refills=True),
    Case("casino-party basic", PRESETS["casino-party"], 3, 2, False, 3000, busy=False),
    # docs/casino.md#naturals_paid_at_once alone: paid at once, a late ten-ace still a blackjack
    Case("naturals paid at once, ace-only peek",
         _casino(decks=4, peek_tens=False, naturals_paid_at_once=True, surrender="late"),
         5, 3, True, 2000),
    # docs/casino.md#late_natural alone: the natural waits, the late ten-ace is 21
    Case("late natural is 21, ace-only peek",
         _casino(decks=2, peek_tens=False, late_natural="twenty-one", hit_soft_17=True),
         5, 4, True, 2000),
    # no hole card: the dealer's ace or ten and its natural after the players are 21, insurance
    # still wins on it, naturals paid at once against an ace
    Case("no hole card, late natural is 21, naturals paid at once",
         _casino(decks=6, peek=False, late_natural="twenty-one", naturals_paid_at_once=True,
                 split_face_down=True), 4, 2, True, 2000),
    # docs/casino.md#modern-casino: burn, resplit aces, double for less (the bot doubles in full)
    Case("modern-casino", PRESETS["modern-casino"], 2, 2, True, 2000),
    # H17, cards held face down (a busted double stays hidden and the dealer draws)
    Case("single-deck", PRESETS["single-deck"], 5, 3, True, 2000, refills=True),
    # no hole card: a dealer blackjack after the players takes doubles and splits
    Case("european", PRESETS["european"], 3, 1, True, 2000),
    Case("late surrender, split by value, hit and resplit aces, 6:5, 10-11, eight hands",
         _casino(decks=4, surrender="late", split_by="value", hit_split_aces=True,
                 resplit_aces=True, max_hands=8, blackjack_pays="6:5", double_on="10-11",
                 hit_soft_17=True, penetration=0.8), 7, 5, True, 1500),
    Case("early surrender, peek under an ace only, no insurance",
         _casino(decks=2, surrender="early", peek_tens=False, insurance="none",
                 double_after_split=False, cut_behind=(20, 40), burn=2), 4, 2, False, 2000),
    Case("early surrender without a hole card, even money without insurance",
         _casino(decks=8, surrender="early", peek=False, insurance="none", even_money=True,
                 burn=5, penetration=0.5), 2, 1, True, 2000),
    Case("late surrender without a hole card, exactly-half insurance",
         _casino(decks=3, surrender="late", peek=False, insurance="exactly-half",
                 even_money=False, max_hands=3, resplit_aces=True, hit_split_aces=True,
                 split_by="value"), 3, 3, True, 2000),
    Case("one deck dealt to the last card: refills from the discards at the cut card",
         _casino(decks=1, penetration=0.98, seats=7, hit_soft_17=True), 7, 7, True, 800,
         refills=True),
    Case("one deck, reshuffle below 10 cards, seven seats: refills mid-round",
         _casino(decks=1, reshuffle="below", reshuffle_below=10, surrender="late",
                 hole_card_first=True), 7, 4, True, 800, refills=True),
    # One deck, seven seats, every pair split to eight hands, every hand hit to 21: the table
    # often holds the whole pack and the round is called off, insured bets lost at the check
    # staying lost; then without a hole card, where a standing insurance bet comes back.
    Case("one deck, seven seats, eight hands, hit to 21: rounds called off",
         PRESETS["single-deck"].replace(seats=7, max_hands=8, split_by="value",
                                        resplit_aces=True, hit_split_aces=True,
                                        penetration=0.98), 7, 3, True, 800, refills=True,
         called_off=True, chart=GREEDY_CHART),
    Case("no hole card, one deck, seven seats, hit to 21: rounds called off",
         _casino(decks=1, peek=False, max_hands=8, split_by="value", resplit_aces=True,
                 surrender="early", even_money=True, reshuffle="below", reshuffle_below=20),
         7, 2, True, 800, refills=True, called_off=True, chart=GREEDY_CHART),
    # Alone at the table (the fast path, sim/solo.py): insurance and even money, no hole card,
    # late surrender, splits by value to eight hands, split aces hit and resplit, refills.
    Case("alone: late surrender, split by value, hit and resplit aces, 6:5, H17",
         _casino(decks=2, surrender="late", split_by="value", hit_split_aces=True,
                 resplit_aces=True, max_hands=8, blackjack_pays="6:5", hit_soft_17=True,
                 double_face_down=True), 1, 1, True, 3000),
    Case("alone without a hole card: late natural is 21, naturals paid at once, insurance",
         _casino(decks=6, peek=False, late_natural="twenty-one", naturals_paid_at_once=True,
                 even_money=False, burn=3), 1, 1, True, 3000),
    Case("alone, hole card first, ace-only peek, reshuffle below 20",
         _casino(decks=1, peek_tens=False, hole_card_first=True, reshuffle="below",
                 reshuffle_below=20), 1, 1, True, 3000),
    Case("alone at one deck dealt to the last card, hit to 21: refills from the discards",
         PRESETS["single-deck"].replace(max_hands=8, split_by="value", resplit_aces=True,
                                        hit_split_aces=True, penetration=0.98), 1, 1, True,
         3000, refills=True, chart=GREEDY_CHART),
    Case("no splitting, 3:2 on 1.5 decks' worth of two decks, hole card first",
         _casino(decks=2, max_hands=1, hole_card_first=True, double_face_down=True,
                 surrender="early"), 5, 5, True, 1500),
]


class KernelShuffler:
    """Gives the engine the kernel's shoe: cards in rank order, permuted as the kernel's
    generator permutes them, the cut card where the kernel's generator puts it."""

    def __init__(self, seed: int) -> None:
        self.state = chunk_state(seed, 0)

    def shuffle(self, cards: list[Card], rules: Rules) -> ShuffleResult:
        ordered = sorted(cards, key=lambda c: int(c.rank))
        perm = K.permutation(self.state, len(ordered))
        return ShuffleResult([ordered[i] for i in perm], None)

    def cut_card_behind(self, rules: Rules) -> int:
        if rules.cut_behind is not None:
            return int(K.draw_between(self.state, *rules.cut_behind))
        return round(rules.shoe_size * (1.0 - rules.penetration))


def play_engine(case: Case, chart: Chart, seed: int) -> tuple[np.ndarray, int, int]:
    """Each seat's result per round, in bets, from the table engine; how many times the shoe
    was refilled mid-round, and how many rounds were called off with no card left to deal."""
    t = Table(case.rules, KernelShuffler(seed))
    for n in range(1, case.seats + 1):
        t.sit(n, 100_000_000)
    out = np.zeros((case.rounds, case.seats))
    refills = 0
    called_off = 0
    for rnd in range(case.rounds):
        before = [t.bankroll(n) for n in range(1, case.seats + 1)]
        for n in range(1, case.seats + 1):
            t.bet(n, BET)
        t.deal()
        while t.phase is not Phase.BETTING:
            to_act = t.to_act
            assert to_act is not None
            seat, i = to_act
            hand = t.seats[seat].hands[i]
            up = t.dealer.up.value
            if t.phase is Phase.INSURANCE:
                if t.can_surrender(seat) and chart.decide(
                        hand.values, up, can_double=False, can_split=False,
                        can_surrender=True) == "surrender":
                    t.surrender(seat)
                elif case.insure and seat == case.player and t.can_even_money(seat):
                    t.even_money(seat)
                elif case.insure and seat == case.player and t.can_insure(seat):
                    t.insure(seat)
                else:
                    t.decline(seat)
                continue
            choice = chart.decide(hand.values, up, can_double=t.can_double(seat),
                                  can_split=t.can_split(seat),
                                  can_surrender=t.can_surrender(seat))
            if choice == "hit" and not t.can_hit(seat):
                choice = "stand"
            getattr(t, choice)(seat)
        for n in range(1, case.seats + 1):
            out[rnd, n - 1] = (t.bankroll(n) - before[n - 1]) / BET
        refills += sum(e.kind is Kind.REFILLED for e in t.log)
        called_off += sum(e.kind is Kind.VOIDED and e.note == "dry" for e in t.log)
        del t.log[:], t.ops[:], t.shoe.history[:]
    return out, refills, called_off


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_kernel_and_engine_agree_round_by_round(case: Case) -> None:
    if case.chart is not None:
        chart = parse_chart(case.chart, "case")
    else:
        chart = parse_chart(BUSY_CHART, "busy") if case.busy else basic_chart(case.rules)
    seed = 1000 + CASES.index(case)
    spec = SimSpec(case.rules, Player(chart, insurance="always" if case.insure else "never",
                                      seat=case.player), seats=case.seats)
    args = spec.kernel_args()
    # one seat (no early surrender) is the fast path's; the rest the general kernel's
    assert (kernel_for(args.rules, args.player) is play_solo) == (
        case.seats == 1 and case.rules.surrender is not Surrender.EARLY)
    kernel = trace(spec, case.rounds, seed=seed)[:, : case.seats]
    engine, refills, called_off = play_engine(case, chart, seed)
    differ = np.flatnonzero(np.any(kernel != engine, axis=1))
    assert differ.size == 0, (
        f"first difference in round {differ[0]}: kernel {kernel[differ[0]]}, "
        f"engine {engine[differ[0]]}")
    # The variant really is exercised: money changed hands in most rounds.
    assert np.count_nonzero(engine) > case.rounds * case.seats // 2
    if case.refills:
        assert refills > 0
    if case.called_off:
        assert called_off > case.rounds // 100, called_off
    else:
        assert called_off == 0
