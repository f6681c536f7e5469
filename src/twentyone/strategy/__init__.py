"""Strategy: charts the bots and players use, and exact odds for any rules.

``basic_chart`` is the computed total-dependent basic strategy for the rules (the hand-typed rules
of thumb of docs/strategy.md#rules-of-thumb remain available as ``rules_of_thumb``). Charts are
cached in memory and on disk (``TWENTYONE_CACHE_DIR``, else ``~/.cache/twentyone``) keyed by a hash
of the options that change the odds, because a solve takes seconds and the table's bots need the
chart at once.

Split assumption (see ``exact``): each split hand plays the composition-dependent strategy for
its own cards and the pair cards known to be gone; the split's value is exact for that play.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from twentyone.compiled import cached
from twentyone.rules import Rules
from twentyone.strategy import player
from twentyone.strategy.chart import (
    DOUBLE_HIT,
    DOUBLE_STAND,
    HIT,
    NO_SPLIT,
    SPLIT,
    STAND,
    SURRENDER_HIT,
    SURRENDER_SPLIT,
    SURRENDER_STAND,
    Chart,
    rules_of_thumb,
)
from twentyone.strategy.dealer import F64, dealer_outcomes, infinite_outcomes
from twentyone.strategy.exact import (
    Solver,
    action_evs,
    chart_round_ev,
    compute_chart,
    full_shoe,
    round_ev,
    warm_solvers,
)

__all__ = ["Chart", "HouseEdge", "action_evs", "analysis_rules", "basic_chart", "chart_on_disk",
           "dealer_probabilities", "edge_on_disk", "house_edge", "load_solver",
           "rules_of_thumb", "solver_cached"]

#: The options that change the exact odds; everything else (limits, chips, shuffling) does not.
ANALYSIS_FIELDS = ("decks", "hit_soft_17", "peek", "peek_tens", "blackjack_pays", "double_on",
                   "double_after_split", "split_by", "max_hands", "resplit_aces",
                   "hit_split_aces", "surrender", "late_natural", "naturals_paid_at_once")
#: Options added after figures were first cached: in the cache key only when not at their
#: default, so the figures already on disk for every other game keep their names.
LATER_FIELDS = {"late_natural": "blackjack", "naturals_paid_at_once": False}
#: Bump when the solver's results change, so stale cached charts are not read.
SOLVER_VERSION = 4


def analysis_key(rules: Rules, infinite: bool = False) -> str:
    """A stable hash of the odds-relevant options (the disk cache's file name); an infinite
    deck's games are keyed apart, whatever ``decks`` says."""
    fields: dict[str, object] = {f: getattr(rules, f) for f in ANALYSIS_FIELDS
                                 if f not in LATER_FIELDS or getattr(rules, f) != LATER_FIELDS[f]}
    fields |= {"v": SOLVER_VERSION} | ({"decks": "infinite"} if infinite else {})
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:20]


def cache_dir() -> Path:
    """Where computed charts are kept: ``TWENTYONE_CACHE_DIR`` or ``~/.cache/twentyone``."""
    env = os.environ.get("TWENTYONE_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "twentyone"


def analysis_rules(rules: Rules) -> Rules:
    """Only the odds-relevant options of ``rules`` (the rest at their defaults): the game the
    exact analysis solves, and one any of those options can change without clashing with the
    table's own settings (a single deck cannot hold a six-deck game's cut-card place)."""
    return Rules(**{f: getattr(rules, f) for f in ANALYSIS_FIELDS})


def basic_chart(rules: Rules, infinite: bool = False) -> Chart:
    """The exact total-dependent basic strategy for these rules (see ``exact.compute_chart``),
    from a full shoe of ``rules.decks`` packs or from an infinite deck."""
    return _basic_chart(analysis_rules(rules), str(cache_dir()), infinite)


def _basic_chart(rules: Rules, where: str, infinite: bool,
                 solvers: Mapping[int, Solver] | None = None) -> Chart:
    """The chart from memory, the disk cache, or a solve (sharing ``solvers`` if given)."""
    key = (rules, where, infinite)
    got = _CHARTS.get(key)
    if got is None:
        got = _CHARTS[key] = _load_or_solve(rules, where, infinite, solvers)
    return got


_CHARTS: dict[tuple[Rules, str, bool], Chart] = {}


def chart_on_disk(rules: Rules, infinite: bool = False) -> bool:
    """Whether ``basic_chart`` has this chart already (in memory or on disk), so asking for it
    costs no solve."""
    odds = analysis_rules(rules)
    where = str(cache_dir())
    return (odds, where, infinite) in _CHARTS or _chart_path(odds, where, infinite).is_file()


def solver_cached() -> bool:
    """Whether the exact solver is compiled already (in this process or in numba's disk cache),
    so a solve costs no compile: on a fresh install the first one compiles for several seconds.
    The infinite-deck solver is plain Python and never compiles."""
    return cached(player.play, player.stand_value, player.composition_key)


#: About how long the solver's first compile takes on a fresh install (two cores;
#: docs/speed.md#speed), to tell a player who waits for it.
SOLVER_SECONDS = 7


def load_solver() -> None:
    """Compile the exact solver, or load it from numba's disk cache (a small solve)."""
    action_evs(Rules(decks=1), [10, 6], 10)


def _chart_path(rules: Rules, where: str, infinite: bool) -> Path:
    return Path(where) / f"chart-{analysis_key(rules, infinite)}.npz"


#: What a saved chart's cells may hold: a total's play, a pair's play (rows and columns that
#: no hand reaches are not read).
_TOTAL_CODES = frozenset((STAND, HIT, DOUBLE_HIT, DOUBLE_STAND, SURRENDER_HIT, SURRENDER_STAND))
_PAIR_CODES = frozenset((SPLIT, SURRENDER_SPLIT, NO_SPLIT))
DAMAGED = "the saved odds for these rules were damaged; recomputing"
_warned: set[str] = set()


def _warn_damaged(path: Path) -> None:
    """One line on stderr, once per file and process: a damaged cache entry is recomputed."""
    if str(path) not in _warned:
        _warned.add(str(path))
        print(f"twentyone: {DAMAGED} ({path.name})", file=sys.stderr)


def _atomic_write(path: Path, write: Callable[[Any], None]) -> None:
    """Write ``path`` through ``write(binary file)`` into a temporary file beside it, then move
    it into place, so that a crash mid-write never leaves a truncated cache entry; a read-only
    home still gets the answer, just not cached."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                write(f)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass


def _cell_problem(table: Any, rows: range, codes: frozenset[int]) -> bool:
    return not all(int(table[t, u]) in codes for t in rows for u in range(1, 11))


def _read_chart(path: Path, key: str) -> Chart | None:
    """The chart saved at ``path`` if it is whole and sound (its key, the tables' shapes and
    every reachable cell a valid play), else None."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if "key" in data.files and str(data["key"]) != key:
                return None  # a file of other rules under this name
            tables = [np.asarray(data[n]) for n in ("hard", "soft", "pairs")]
            name = str(data["name"])
    except Exception:  # a truncated or garbled zip raises BadZipFile, EOFError, ...
        return None
    shapes = ((22, 11), (22, 11), (11, 11))
    if any(t.shape != shape or t.dtype.kind not in "iu"
           for t, shape in zip(tables, shapes, strict=True)):
        return None
    hard, soft, pairs = (t.astype(np.int8) for t in tables)
    if (_cell_problem(hard, range(4, 22), _TOTAL_CODES)
            or _cell_problem(soft, range(12, 22), _TOTAL_CODES)
            or _cell_problem(pairs, range(1, 11), _PAIR_CODES)):
        return None
    return Chart(name, hard, soft, pairs)


def _load_or_solve(rules: Rules, where: str, infinite: bool,
                   solvers: Mapping[int, Solver] | None) -> Chart:
    path = _chart_path(rules, where, infinite)
    key = analysis_key(rules, infinite)
    if path.is_file():
        got = _read_chart(path, key)
        if got is not None:
            return got
        _warn_damaged(path)  # recomputed and rewritten below
    chart = compute_chart(rules, solvers, infinite)
    _atomic_write(path, lambda f: np.savez(f, name=np.array(chart.name), key=np.array(key),
                                           hard=chart.hard, soft=chart.soft,
                                           pairs=chart.pairs))
    return chart


@dataclass(frozen=True)
class HouseEdge:
    """The house's edge per initial bet from a full shoe (or an infinite deck), playing basic
    strategy and playing composition-dependent strategy (fractions; ``*_percent`` for display;
    from an infinite deck the two are the same)."""

    basic_strategy: float
    composition_dependent: float

    @property
    def basic_strategy_percent(self) -> float:
        return 100 * self.basic_strategy

    @property
    def composition_dependent_percent(self) -> float:
        return 100 * self.composition_dependent


def _edge_path(rules: Rules, where: str, infinite: bool) -> Path:
    return Path(where) / f"edge-{analysis_key(rules, infinite)}.json"


def edge_on_disk(rules: Rules, infinite: bool = False) -> bool:
    """Whether ``house_edge`` has these figures on disk already, so asking for them costs no
    solve (figures computed in this process are written there too, and the solver is then
    compiled anyway)."""
    return _edge_path(analysis_rules(rules), str(cache_dir()), infinite).is_file()


def _read_edge(path: Path, key: str) -> HouseEdge | None:
    """The figures saved at ``path`` if they are whole and sound (their key, two finite
    fractions of a bet), else None."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("key", key) != key:
            return None
        figures = (float(data["basic_strategy"]), float(data["composition_dependent"]))
    except Exception:  # not JSON, not an object, missing or non-numeric figures
        return None
    if not all(math.isfinite(x) and abs(x) < 1 for x in figures):
        return None
    return HouseEdge(*figures)


@cache
def _house_edge(rules: Rules, where: str, infinite: bool) -> HouseEdge:
    path = _edge_path(rules, where, infinite)
    key = analysis_key(rules, infinite)
    if path.is_file():
        got = _read_edge(path, key)
        if got is not None:
            return got
        _warn_damaged(path)  # recomputed and rewritten below
    solvers = warm_solvers(rules, infinite=infinite)
    chart = _basic_chart(rules, where, infinite, solvers)
    he = HouseEdge(-chart_round_ev(rules, chart, infinite),
                   -round_ev(rules, solvers=solvers, infinite=infinite))
    text = json.dumps({"key": key, "basic_strategy": he.basic_strategy,
                       "composition_dependent": he.composition_dependent})
    _atomic_write(path, lambda f: f.write(text.encode()))
    return he


def house_edge(rules: Rules, infinite: bool = False) -> HouseEdge:
    """House edge for ``rules``, basic strategy and composition-dependent (no cut-card effect),
    from a full shoe or an infinite deck."""
    return _house_edge(analysis_rules(rules), str(cache_dir()), infinite)


def dealer_probabilities(rules: Rules, up: int, shoe: list[int] | None = None, *,
                         after_peek: bool = True, infinite: bool = False) -> dict[str, float]:
    """The dealer's final-total probabilities with ``up`` showing: keys "17".."21", "bust",
    "blackjack". ``shoe`` is the cards left besides the up card (10 counts, aces first, or 11
    with index 0 unused); None is a full shoe less the up card. ``after_peek`` conditions on no
    natural where the rules peek under ``up`` (then "blackjack" is 0); ``infinite`` uses an
    infinite deck instead of any shoe."""
    excl = after_peek and rules.dealer_checks(up)
    out: F64
    if infinite:
        out = infinite_outcomes(up, rules.hit_soft_17, excl)
    else:
        counts = list(full_shoe(rules.decks)) if shoe is None else list(shoe)
        if len(counts) == 10:
            counts = [0, *counts]
        if shoe is None:
            counts[up] -= 1
        out = dealer_outcomes(np.array(counts, dtype=np.int64), up, rules.hit_soft_17, excl)
    total = float(out.sum())
    names = ("17", "18", "19", "20", "21", "bust", "blackjack")
    return {k: float(v) / total for k, v in zip(names, out, strict=True)}
