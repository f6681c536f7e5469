"""Index numbers computed for any rules and any count: the true count at which a play's better
choice changes, from the exact solver (docs/strategy.md#computed-index-numbers).

The method. A player deciding a hand at a count knows the hand and the up card too, and those
came out of the same unknown pool as the earlier cards. So for each target count from -10 to +10
and each two-card hand against each up card, the cards valued are the ones that player faces
(``faced``): the pack less the hand and the up card, less the earlier cards, a random draw whose
tags sum to the running count less the hand's and up card's tags; the expected unseen cards
follow, to the normal approximation of the draw. (Building the shoe expected before the deal at
the count and then taking the hand out counted the hand's cards twice: off by up to two true
counts at one deck.) The solver needs whole cards, so each hand's expected unseen cards are
rounded at random (a fixed seed, ``SAMPLES`` roundings per count) and valued by the exact solver,
play after the first decision composition-dependent; each EV is then fitted over every count's
roundings as one value per count plus a linear effect of each value's cards, and the value per
count (the EV at the expected cards) is kept (``_smoothed``). A cell's plays (hard 16 against a
ten, a pair of eights against a nine) sum each two-card hand's EVs weighted by its chance, as
``exact.compute_chart`` does for basic strategy. The difference between the two plays is fitted
by a cubic in the true count over the counts, and the index is where it crosses zero: the
crossing nearest count 0 within -10..+10, or none.

The convention (the simulator's, ``kernel._true_count``): the true count is the running count
(the hand and the up card counted, a hole card not) divided by the exact decks left in the shoe
(cards left / 52), not rounded, and an index play is made at a true count at or above its index
(``"below"``: under it). The index is the crossing rounded to the nearest whole number;
``crossing`` keeps a hundredth. The depth is ``reference_decks``: halfway through the dealt part
of the shoe, before the deal. An unbalanced count (KO) has no true count: its index is a running
count (from the usual initial running count, as the simulator keeps it) at that depth, searched
over ten true counts' worth either side of the running count a neutral shoe shows there
(``scale``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from twentyone.errors import TwentyOneError
from twentyone.rules import DoubleOn, Rules
from twentyone.sim import kernel as K
from twentyone.sim.counting import DEFAULT_INDICES, SYSTEMS, CountSystem, IndexPlays
from twentyone.strategy import Chart, analysis_key, analysis_rules, cache_dir, memo
from twentyone.strategy.chart import (
    DOUBLE_HIT,
    DOUBLE_STAND,
    HIT,
    NO_SPLIT,
    SPLIT,
    STAND,
    SURRENDER_HIT,
    SURRENDER_STAND,
)
from twentyone.strategy.exact import UpSolver, dealt_evs, full_shoe

#: The counts searched for a crossing; a play that changes nowhere in it has no index.
LIMIT = 10
#: Random roundings of each hand's faced cards per target count: two at least, so that
#: ``_smoothed`` can tell what the rounding moved from what the count did.
SAMPLES = 2
#: The solver's memo table per hand, by decks: one hand's whole solve fills at most 3,200 slots
#: from one deck and 9,200 from two (every hand, every up card, these rules), and a table
#: doubles between root calls once half full, so these leave a margin of 2.5 and 3.5 times;
#: setting up the six-deck size (``memo.SLOTS``) for each of a one-deck set's 23,000 small
#: solves cost more than the solves.
MEMO_SLOTS = {1: 1 << 14, 2: 1 << 16}
#: Bump when the method changes, so cached index sets are recomputed.
VERSION = 5
#: Up cards in the order they are printed, and their names.
UPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
UP_NAMES = {1: "A", **{v: str(v) for v in range(2, 11)}}


class IndexError_(TwentyOneError):
    """A request for index numbers that cannot be answered (an unknown count, a bad depth)."""


@dataclass(frozen=True)
class IndexPlay:
    """One play a count changes: ``play`` is made at a count at or above ``index`` (below it when
    ``direction`` is ``"below"``); ``instead`` is what the hand does otherwise. ``index`` is None
    where the better play does not change between -10 and +10."""

    hand: str
    up: str
    play: str
    index: int | None
    direction: str
    instead: str
    #: The crossing to a hundredth (None with ``index``).
    crossing: float | None
    #: Which choice it is: "stand/hit", "double", "split", "surrender" or "insurance".
    kind: str

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        if self.direction != "below":
            del out["direction"]
        return out


@dataclass(frozen=True)
class IndexSet:
    """Every play's index for one game and one count, with how it was made."""

    rules: str
    count: str
    decks_left: float
    convention: str
    plays: tuple[IndexPlay, ...]

    def find(self, hand: str, up: str, kind: str) -> IndexPlay | None:
        """The entry for ``hand`` against ``up`` of a kind: "stand/hit", "double", "split",
        "surrender" or "insurance" (whichever way round the entry names its play)."""
        for p in self.plays:
            if p.hand == hand and p.up == up and p.kind == kind:
                return p
        return None

    def to_json(self) -> list[dict[str, Any]]:
        return [p.to_json() for p in self.plays]


def reference_decks(rules: Rules) -> float:
    """The decks left (whole cards over 52) at which the shoes are built: halfway through the
    dealt part of the shoe (a round is as likely to start anywhere in it), at least a quarter
    deck. Not rounded to a quarter deck: at one deck that moved it a tenth of the pack, and
    the insurance index by 0.05 with it."""
    dealt = rules.penetration if rules.cut_behind is None else \
        1 - sum(rules.cut_behind) / 2 / (52 * rules.decks)
    return max(13, round(52 * rules.decks * (1 - dealt / 2))) / 52


def convention(system: CountSystem, decks_left: float) -> str:
    if system.balanced:
        return ("true count = running count / exact decks left (cards left / 52), not rounded; "
                "the play is made at a true count at or above the index (below it where marked)"
                f"; figured at {_cards(decks_left)} cards ({decks_left:.2f} decks) left before "
                "the deal, each hand from the cards it leaves unseen at that count")
    return ("running count from the initial running count 4 - 4 x decks (no true count); the "
            "play is made at a running count at or above the index (below it where marked); "
            f"figured at {_cards(decks_left)} cards ({decks_left:.2f} decks) left before the deal")


def _cards(decks_left: float) -> int:
    return round(52 * decks_left)


def _system(name: str) -> CountSystem:
    if name not in SYSTEMS:
        raise IndexError_(f"no count named {name!r}; counts: {', '.join(SYSTEMS)}")
    return SYSTEMS[name]


def scale(rules: Rules, system: CountSystem, decks_left: float) -> tuple[float, float]:
    """(centre, half-width) of the counts searched: true counts 0 and 10 for a balanced count;
    for an unbalanced one the running count a neutral shoe shows at this depth, and ten true
    counts' worth of running count either side of it."""
    if system.balanced:
        return 0.0, float(LIMIT)
    full = np.array(full_shoe(rules.decks), dtype=np.float64)
    total = float(full.sum())
    n = round(52 * decks_left)
    tag_total = float((full * system.tag_array()).sum())
    centre = system.initial_running_count(rules.decks) + tag_total * (total - n) / total
    return centre, LIMIT * n / 52


def _seen_tags(rules: Rules, system: CountSystem, depth: float, target: int, left: int
               ) -> float:
    """The tags of the cards seen (the running count net of its start) that grid count
    ``target`` stands for with ``left`` cards left to deal: a true count of ``target`` for a
    balanced count, the ``target``-th running count of ``scale``'s range for KO."""
    if system.balanced:
        return target * left / 52
    centre, span = scale(rules, system, depth)
    return centre + target * span / LIMIT - system.initial_running_count(rules.decks)


def _cards_before(rules: Rules, depth: float) -> int:
    full = 52 * rules.decks
    n = round(52 * depth)
    if not 13 <= n < full:
        raise IndexError_(f"decks left must leave between a quarter deck and the whole shoe, "
                          f"not {depth:g}")
    return n


def faced(rules: Rules, system: CountSystem, depth: float, target: int,
          dealt: Sequence[int]) -> np.ndarray:
    """The cards a player faces (counts by value, index 0 unused, as fractions: expectations)
    who has seen ``dealt`` (the up card and the hand) and the count ``target`` at the decision,
    with ``depth`` decks left before the deal: the posterior of the unseen cards.

    Everything seen is the cards dealt before this round, unknown one by one, and ``dealt``.
    The unseen cards are the pack less ``dealt`` (the pool) less the earlier cards, a random
    draw from the pool whose tags sum to the running count less ``dealt``'s tags; equivalently
    the unseen cards are a draw from the pool whose tags sum to the pack's less the running
    count. For a draw of ``n`` cards from a pool with shares ``p``, the expected count of each
    value given the draw's tag sum ``S`` is, to the normal approximation (the best linear
    predictor, exact in its mean and covariance), ``n p_v + p_v (tag_v - mean)(S - n mean) /
    var``. So a card seen in the hand is out of the unseen cards only in the share they are of
    the pool, and its tag moves the earlier cards' expected make-up, not the count."""
    full = np.array(full_shoe(rules.decks), dtype=np.float64)
    pool = full.copy()
    for v in dealt:
        pool[v] -= 1
    before = _cards_before(rules, depth)
    n = before - len(dealt)  # unseen, a hole card among them
    left = n - (1 if rules.peek else 0)  # what the true count divides by: the shoe's cards
    tags = system.tag_array()
    p = pool / pool.sum()
    mean = float((p * tags).sum())
    var = float((p * (tags - mean) ** 2).sum())
    unseen_tags = float((full * tags).sum()) - _seen_tags(rules, system, depth, target, left)
    expect = n * p + p * (tags - mean) * (unseen_tags - n * mean) / var
    out: np.ndarray = np.clip(expect, 0, pool)
    out[0] = 0
    return out


def whole_cards(expect: np.ndarray, pool: np.ndarray, rng: np.random.Generator
                ) -> np.ndarray:
    """``expect`` rounded to whole cards at random, keeping its total (to the nearest card) and
    no value above ``pool``: each value its expectation rounded down, the cards short given to
    values picked in proportion to the fractions dropped."""
    whole = np.floor(expect)
    short = round(float(expect.sum())) - int(whole.sum())
    frac = np.where(whole < pool, expect - whole, 0.0)
    picks = min(short, int((frac > 0).sum()))
    if picks > 0:
        chosen = rng.choice(len(expect), size=picks, replace=False, p=frac / frac.sum())
        whole[chosen] += 1
    out: np.ndarray = np.minimum(whole, pool).astype(np.int64)
    return out


def count_at(rules: Rules, system: CountSystem, unseen: np.ndarray) -> float:
    """The count a player sees with ``unseen`` the cards not seen (a hole card among them in a
    hole-card game): the running count of everything else, and for a balanced count that over
    the decks left in the shoe (the simulator's ``_true_count``)."""
    full = np.array(full_shoe(rules.decks), dtype=np.float64)
    tags = system.tag_array()
    seen = float(((full - unseen) * tags).sum())
    if not system.balanced:
        return system.initial_running_count(rules.decks) + seen
    left = float(unseen.sum()) - (1 if rules.peek else 0)
    return seen * 52 / max(left, 13)


def _deal_chances(rules: Rules, system: CountSystem, depth: float, target: int, up: int,
                  naturals: bool = False) -> dict[tuple[int, int], float]:
    """The chance of each two-card hand (a <= b) against ``up`` at grid count ``target``: from
    the shoe expected before the deal at that count, to weigh a cell's hands (16 is 10,6 more
    often than 9,7). A natural decides nothing but insurance (as even money): only with
    ``naturals``."""
    before = faced(rules, system, depth, target, ())
    left = before.copy()
    left[up] = max(left[up] - 1, 0)
    n = float(left.sum())
    out = {}
    for a in range(1, 11):
        for b in range(a, 11):
            if a + b == 11 and 1 in (a, b) and not naturals:
                continue
            w = left[a] * max(left[b] - (a == b), 0) / (n * (n - 1)) * (1 if a == b else 2)
            if w > 0:
                out[(a, b)] = float(w)
    return out


CellKey = tuple[str, int, int]  # ("hard" | "soft" | "pair", total or pair value, up)
Hand = tuple[int, int, int]  # (up, a, b), a <= b


@dataclass(frozen=True)
class _Solved:
    """One hand at one grid count: its chance, the count of its expected faced shoe, and per
    random rounding the rounding's departure from that shoe (cards by value) and the EVs."""

    weight: float
    count: float
    samples: tuple[tuple[np.ndarray, dict[str, float]], ...]


def _solve_up(rules: Rules, system: CountSystem, depth: float, target: int, up: int,
              samples: int) -> dict[Hand, _Solved]:
    """Every two-card hand against ``up`` at grid count ``target``, valued by the exact solver
    from its own faced shoe (``faced``) rounded to whole cards at random, ``samples`` times."""
    rng = np.random.default_rng([20250, target + LIMIT, up])
    full = np.array(full_shoe(rules.decks), dtype=np.float64)
    out = {}
    for (a, b), w in _deal_chances(rules, system, depth, target, up).items():
        pool = full.copy()
        for v in (up, a, b):
            pool[v] -= 1
        if pool.min() < 0:
            continue
        expect = faced(rules, system, depth, target, (up, a, b))
        got = []
        for _ in range(samples):
            unseen = whole_cards(expect, pool, rng)
            shoe = unseen.copy()
            shoe[a] += 1
            shoe[b] += 1
            solver = UpSolver(rules, [int(x) for x in shoe], up,
                              memo_slots=MEMO_SLOTS.get(rules.decks, memo.SLOTS))
            got.append((unseen - expect, dealt_evs(solver, a, b)))
        out[(up, a, b)] = _Solved(w, count_at(rules, system, expect), tuple(got))
    return out


def _smoothed(runs: dict[int, _Solved]) -> dict[int, dict[str, float]]:
    """A hand's EVs at each grid count, as at its expected faced shoe, not at the whole-card
    shoes the solver needs: rounding moves a shoe by a fraction of a card of several values,
    and at one or two decks that moves a play's EV by as much as a true count does. Each EV is
    fitted, over every grid count's roundings together, as one value per grid count plus a
    linear effect of each value's cards (``sum g_v x departure_v``, the same at every count);
    the value per grid count is the EV with no departure. (With one rounding per count the
    effects cannot be told from the counts' values, and the roundings are taken as they are.)"""
    targets = sorted(runs)
    rows = [(k, dep, evs) for k, t in enumerate(targets) for dep, evs in runs[t].samples]
    if len(rows) <= len(targets) + 10:
        return {t: {name: float(np.mean([e[name] for _, e in runs[t].samples]))
                    for name in runs[t].samples[0][1]} for t in targets}
    design = np.zeros((len(rows), len(targets) + 10))
    for i, (k, dep, _) in enumerate(rows):
        design[i, k] = 1.0
        design[i, len(targets):] = dep[1:]
    names = list(rows[0][2])
    ys = np.array([[evs[n] for n in names] for _, _, evs in rows])
    coef = np.linalg.lstsq(design, ys, rcond=None)[0]
    return {t: {n: float(coef[k, j]) for j, n in enumerate(names)}
            for k, t in enumerate(targets)}


def _cells(solved: dict[int, dict[Hand, _Solved]]
           ) -> dict[CellKey, list[tuple[float, dict[str, float]]]]:
    """Each cell's points, one per grid count: the count and the EVs of its hands (16 is 10,6
    and 9,7; a pair's own cell holds its split), weighed by their chances (unnormalised, as
    ``exact.compute_chart`` sums them)."""
    by_hand: dict[Hand, dict[int, _Solved]] = {}
    for target, hands in solved.items():
        for hand, got in hands.items():
            by_hand.setdefault(hand, {})[target] = got
    sums: dict[tuple[CellKey, int], list[Any]] = {}
    for (up, a, b), runs in by_hand.items():
        soft = 1 in (a, b) and a + b <= 11
        key: CellKey = ("soft", a + b + 10, up) if soft else ("hard", a + b, up)
        for target, evs in _smoothed(runs).items():
            w, tc = runs[target].weight, runs[target].count
            split = evs.pop("split", None)
            _add(sums.setdefault((key, target), [0.0, 0.0, {}]), w, tc, evs)
            if split is not None:
                _add(sums.setdefault((("pair", a, up), target), [0.0, 0.0, {}]), w, tc,
                     {**evs, "split": split})
    out: dict[CellKey, list[tuple[float, dict[str, float]]]] = {}
    for (key, _), (w, tc, evs) in sorted(sums.items(), key=lambda kv: kv[0][1]):
        out.setdefault(key, []).append((tc / w, evs))
    return out


def _add(acc: list[Any], w: float, tc: float, evs: dict[str, float]) -> None:
    acc[0] += w
    acc[1] += w * tc
    for k, v in evs.items():
        acc[2][k] = acc[2].get(k, 0.0) + w * v


#: Which two plays each kind of entry weighs, and for which cells.
def _comparisons(key: CellKey, evs: dict[str, float]) -> Iterable[tuple[str, str, float]]:
    """(kind, the play, its rival's best, difference) for a cell at one grid shoe: the
    difference is the play's EV less the best of its rivals'."""
    table, total, _ = key
    if (table == "soft" and total == 12) or (table == "hard" and total < 5):
        return  # only a pair of aces or of twos makes these: the pair's entry covers them
    if table == "pair":
        if "split" in evs:
            rivals = [v for k, v in evs.items() if k != "split"]
            yield "split", "split", evs["split"] - max(rivals)
        return
    if "hit" in evs and ((table == "hard" and 12 <= total <= 17) or
                         (table == "soft" and 17 <= total <= 19)):
        yield "stand/hit", "stand", evs["stand"] - evs["hit"]
    if "double" in evs and "hit" in evs:
        yield "double", "double", evs["double"] - max(evs["stand"], evs["hit"])
    if "surrender" in evs and table == "hard" and 12 <= total <= 17:
        rivals = [v for k, v in evs.items() if k != "surrender"]
        yield "surrender", "surrender", evs["surrender"] - max(rivals)


#: Counts either side of a first crossing that the refit around it takes (``_crossing``).
LOCAL = 6


def _crossing(xs: np.ndarray, ys: np.ndarray, centre: float = 0.0, span: float = LIMIT
              ) -> tuple[float | None, float, float]:
    """(root nearest ``centre`` within ``span`` of it or None, the fit's slope there, the fit
    at ``centre``), in units of ``span / LIMIT``: a cubic through every point finds the root,
    then a cubic through the points within ``LOCAL`` of it places it. The cubic through every
    point bends to follow the far counts, where a play's worth levels off (doubling 11 against
    an ace is worth about the same from +4 to +10 at one deck), and that alone put 11 against
    an ace at one deck at -2.41 where dealt shoes cross at -2.15; refitted near its root it is
    -2.31, and 16 against a ten at one, two and six decks moves by 0.01
    (docs/strategy.md#computed-index-numbers)."""
    unit = span / LIMIT
    us = (xs - centre) / unit
    keep = np.abs(us) <= LIMIT + 2
    us, ys = us[keep], ys[keep]
    coef = np.polyfit(us, ys, 3 if len(us) >= 8 else 1)
    at0 = float(np.polyval(coef, 0.0))
    root = _root_near(coef, 0.0, LIMIT + 0.5)
    if root is None:
        return None, 0.0, at0
    near = np.abs(us - root) <= LOCAL
    if near.sum() >= 8:
        local = np.polyfit(us[near], ys[near], 3)
        refit = _root_near(local, root, LOCAL)
        if refit is not None and abs(refit) <= LIMIT + 0.5:
            root, coef = refit, local
    return centre + root * unit, float(np.polyval(np.polyder(coef), root)), at0


def _root_near(coef: np.ndarray, at: float, within: float) -> float | None:
    """The real root of the polynomial ``coef`` nearest ``at``, if one is within ``within``."""
    roots = [float(r.real) for r in np.roots(coef)
             if abs(r.imag) < 1e-9 and abs(r.real - at) <= within]
    return min(roots, key=lambda r: abs(r - at)) if roots else None


def _hand_name(table: str, total: int) -> str:
    if table == "pair":
        return "A,A" if total == 1 else f"{total},{total}"
    if table == "soft":
        return f"A,{total - 11}"
    return str(total)


def _rival_name(kind: str, evs: dict[str, float]) -> str:
    """The play a cell makes when the counted play is not made (its best rival at the
    crossing)."""
    if kind == "stand/hit":
        return "hit"
    rivals = {k: v for k, v in evs.items() if k != kind and (
        kind != "double" or k in ("stand", "hit"))}
    return max(rivals, key=lambda k: rivals[k])


def compute(rules: Rules, count: str, decks_left: float | None = None,
            ups: Sequence[int] = UPS, samples: int = SAMPLES, workers: int = 2) -> IndexSet:
    """The index set for ``rules`` and a count system (by name), solved now (see ``load``)."""
    system = _system(count)
    odds = analysis_rules(rules)
    depth = reference_decks(rules) if decks_left is None else decks_left
    _cards_before(odds, depth)
    centre, span = scale(odds, system, depth)
    # Slowest first (small up cards: long dealer draws), so the threads finish together.
    jobs = [(t, up) for up in sorted(ups, key=lambda u: (u in (7, 8, 9, 10), u))
            for t in range(-LIMIT, LIMIT + 1)]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        done = pool.map(lambda job: _solve_up(odds, system, depth, job[0], job[1], samples),
                        jobs)
        solved: dict[int, dict[Hand, _Solved]] = {}
        for (t, _), hands in zip(jobs, done, strict=True):
            solved.setdefault(t, {}).update(hands)
    points: dict[tuple[CellKey, str], list[tuple[float, float]]] = {}
    rivals: dict[tuple[CellKey, str], dict[str, list[float]]] = {}
    for key, cell_points in _cells(solved).items():
        for tc, evs in cell_points:
            for kind, _, diff in _comparisons(key, evs):
                points.setdefault((key, kind), []).append((tc, diff))
                acc = rivals.setdefault((key, kind), {})
                for k, v in evs.items():
                    acc.setdefault(k, []).append(v)
    plays: list[IndexPlay] = []
    if 1 in ups:
        plays.append(_insurance(odds, system, depth, centre, span))
    order = {"hard": 0, "soft": 1, "pair": 2}
    for (key, kind), pts in sorted(points.items(), key=lambda kv: (
            order[kv[0][0][0]], kv[0][0][1], UPS.index(kv[0][0][2]), kv[0][1])):
        table, total, up = key
        xs = np.array([x for x, _ in pts])
        ys = np.array([y for _, y in pts])
        root, slope, at0 = _crossing(xs, ys, centre, span)
        mean_evs = {k: float(np.mean(v)) for k, v in rivals[(key, kind)].items()}
        play = "stand" if kind == "stand/hit" else kind
        other = _rival_name(kind, mean_evs)
        if root is None:
            # Never changes: name the play the count would bring in, from the basic one.
            entry = IndexPlay(_hand_name(table, total), UP_NAMES[up],
                              play if at0 < 0 else other, None,
                              "above", other if at0 < 0 else play, None, kind)
        else:
            above = slope > 0  # the counted play is better above the crossing
            made, instead = (play, other) if (root >= centre) == above else (other, play)
            direction = "above" if root >= centre else "below"
            entry = IndexPlay(_hand_name(table, total), UP_NAMES[up], made,
                              math.floor(root + 0.5), direction, instead, round(root, 2),
                              kind)
        plays.append(entry)
    return IndexSet(_describe(odds), count, depth, convention(system, depth), tuple(plays))


def insurance(rules: Rules, count: str, decks_left: float | None = None) -> IndexPlay:
    """The insurance entry alone (``compute`` makes it with the rest): no solve, a few
    milliseconds."""
    system = _system(count)
    odds = analysis_rules(rules)
    depth = reference_decks(rules) if decks_left is None else decks_left
    _cards_before(odds, depth)
    centre, span = scale(odds, system, depth)
    return _insurance(odds, system, depth, centre, span)


def _insurance(rules: Rules, system: CountSystem, depth: float, centre: float, span: float
               ) -> IndexPlay:
    """Insurance pays 2 to 1 on a ten in the hole: worth taking when more than a third of the
    cards unseen are tens. The tens expected among the cards each hand faces against an ace
    (``faced``) at each grid count, weighed by the hands' chances; the expectation is linear in
    the cards, so no rounding is needed."""
    xs, ys = [], []
    for target in range(-LIMIT, LIMIT + 1):
        chances = _deal_chances(rules, system, depth, target, 1, naturals=True)
        total = sum(chances.values())
        x = y = 0.0
        for (a, b), w in chances.items():
            unseen = faced(rules, system, depth, target, (1, a, b))
            x += w * count_at(rules, system, unseen)
            y += w * (3 * unseen[10] / unseen.sum() - 1)
        xs.append(x / total)
        ys.append(y / total)
    root, _, _ = _crossing(np.array(xs), np.array(ys), centre, span)
    index = None if root is None else math.floor(root + 0.5)
    return IndexPlay("any", "A", "insurance", index, "above", "no insurance",
                     None if root is None else round(root, 2), "insurance")


def _describe(rules: Rules) -> str:
    from twentyone.strategy.exact import describe
    return describe(rules)


def _path(rules: Rules, count: str, depth: float) -> Path:
    return cache_dir() / f"indices-{analysis_key(rules)}-{count}-{depth:g}-v{VERSION}.json"


def cached(rules: Rules, count: str, decks_left: float | None = None) -> bool:
    """Whether ``load`` has this set on disk already (so it costs no solve)."""
    odds = analysis_rules(rules)
    depth = reference_decks(rules) if decks_left is None else decks_left
    return _path(odds, count, depth).is_file()


def load(rules: Rules, count: str, decks_left: float | None = None) -> IndexSet:
    """The index set from the disk cache, or ``compute``d and saved (a minute or two)."""
    _system(count)
    odds = analysis_rules(rules)
    depth = reference_decks(rules) if decks_left is None else decks_left
    path = _path(odds, count, depth)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return IndexSet(raw["rules"], raw["count"], raw["decks_left"], raw["convention"],
                        tuple(IndexPlay(**p) for p in raw["plays"]))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    got = compute(rules, count, depth)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({**asdict(got), "plays": [asdict(p) for p in got.plays]}),
                       encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass
    return got


#: A cell's chart code from (stand or hit, double?, surrender?) and a pair's from split?
def _code(stand: bool, double: bool, surrender: bool) -> int:
    if surrender:
        return SURRENDER_STAND if stand else SURRENDER_HIT
    if double:
        return DOUBLE_STAND if stand else DOUBLE_HIT
    return STAND if stand else HIT


def _cell_code(entries: list[IndexPlay], tc: float, pair: bool) -> int:
    """The chart code a cell's entries make at count ``tc``: each choice (stand or hit, double
    or not, surrender or not, split or not) as its entry has it there."""
    made: dict[str, bool] = {}
    for e in entries:
        on = e.index is not None and (tc >= e.index if e.direction == "above" else tc < e.index)
        made[e.kind] = (e.play if on else e.instead) == ("stand" if e.kind == "stand/hit"
                                                          else e.kind)
    if pair:
        return SPLIT if made.get("split") else NO_SPLIT
    return _code(made.get("stand/hit", False), made.get("double", False),
                 made.get("surrender", False))


#: Kernel actions by name, for ``index_play``.
_ACTIONS = {K.A_STAND: "stand", K.A_HIT: "hit", K.A_DOUBLE: "double", K.A_SPLIT: "split",
            K.A_SURRENDER: "surrender"}


def index_play(plays: IndexPlays, chart: Chart, values: Sequence[int], up: int, tc: float, *,
               can_double: bool, can_split: bool, can_surrender: bool) -> str:
    """What a counter plays with ``values`` against ``up`` at true count ``tc``: the simulator's
    own decision (``kernel.decide``) from the chart and the index plays."""
    hard = sum(values)
    code = K.decide(hard, 1 in values, values[0] if can_split and len(values) == 2 else 0, up,
                    can_double, can_split, can_surrender, chart.hard.astype(np.int64),
                    chart.soft.astype(np.int64), chart.pairs.astype(np.int64), True, float(tc),
                    plays.thresholds, plays.directions, plays.plays)
    return _ACTIONS[int(code)]


def hilo_plays_at_hand(rules: Rules) -> IndexPlays | None:
    """Hi-Lo index plays for ``rules`` without solving anything: the shipped set where it fits
    the rules, the computed set where it is on disk already, else None."""
    if published_fits(rules, "hilo"):
        return IndexPlays.load(DEFAULT_INDICES["hilo"])
    if cached(rules, "hilo"):
        return to_index_plays(load(rules, "hilo"))
    return None


#: The word ``sim --indices`` takes for a set computed for the table's rules.
COMPUTED = "computed"


def published_fits(rules: Rules, count: str) -> bool:
    """Whether the shipped set for ``count`` was made for these rules: the Illustrious 18 and
    Fab 4 are Hi-Lo's for four to eight decks, dealer standing on soft 17, doubling any two
    cards, doubling after a split, a peek. Elsewhere a computed set replaces it."""
    return (count == "hilo" and not rules.hit_soft_17 and 4 <= rules.decks <= 8
            and rules.double_on is DoubleOn.ANY and rules.double_after_split and rules.peek)


def default_indices(rules: Rules, count: str) -> str | None:
    """The index plays a counted game uses unless told: the shipped set where it fits the rules,
    a computed set where the count has a shipped set that does not, else none."""
    shipped = DEFAULT_INDICES.get(count)
    if shipped is None:
        return None
    return shipped if published_fits(rules, count) else COMPUTED


def to_index_plays(found: IndexSet) -> IndexPlays:
    """The set in the simulator's layout (``counting.IndexPlays``): per cell, the chart code for
    each stretch of counts the cell's entries mark out, highest stretch first above the basic
    one and lowest first below it (the kernel takes the first entry that holds)."""
    out = IndexPlays.empty()
    by_cell: dict[tuple[str, str], list[IndexPlay]] = {}
    for p in found.plays:
        if p.play != "insurance":
            by_cell.setdefault((p.hand, p.up), []).append(p)
    for (hand, up_name), entries in by_cell.items():
        up = 1 if up_name == "A" else int(up_name)
        if ("," in hand and not hand.startswith("A,")) or hand == "A,A":
            kind, total = K.K_PAIR, (1 if hand == "A,A" else int(hand.split(",")[0]))
        elif hand.startswith("A,"):
            kind, total = K.K_SOFT, 11 + int(hand[2:])
        else:
            kind, total = K.K_HARD, int(hand)

        ups_ = sorted({e.index for e in entries
                       if e.index is not None and e.direction == "above"}, reverse=True)
        downs = sorted({e.index for e in entries
                        if e.index is not None and e.direction == "below"})
        pair = kind == K.K_PAIR
        slots = [(float(c), 0, _cell_code(entries, c, pair)) for c in ups_] + \
            [(float(c), 1, _cell_code(entries, c - 0.5, pair)) for c in downs]
        for k, (c, direction, play) in enumerate(slots[:K.INDEX_SLOTS]):
            out.thresholds[kind, total, up, k] = c
            out.directions[kind, total, up, k] = direction
            out.plays[kind, total, up, k] = play
    ins = found.find("any", "A", "insurance")
    insurance = None if ins is None or ins.index is None else float(ins.index)
    return IndexPlays(f"computed ({found.count})", out.thresholds, out.directions, out.plays,
                      insurance)


