"""The player's drills: basic strategy, the running count, the true count and index plays.

Strategy answers are graded against the exact chart for the rules (``strategy.basic_chart``), or
against the rules of thumb (docs/strategy.md#rules-of-thumb) in that mode, and every answer is
priced with the exact solver (``strategy.action_evs``, the figures ``twentyone ev`` prints):
``ev_cost`` is the best action's EV less the chosen one's, in units of the initial bet, so a
miss says what it costs.

Counting drills use the simulator's own count systems and index plays (``sim.counting``) and its
own decision function (``sim.kernel.decide``), so the trainer teaches exactly what the simulator
plays.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from importlib import resources

import numpy as np

from twentyone.cards import hand_total
from twentyone.money import other_digits
from twentyone.rules import Rules, SplitBy
from twentyone.rules import Surrender as SurrenderRule
from twentyone.sim import kernel as K
from twentyone.sim.counting import DEFAULT_INDICES, SYSTEMS, CountSystem, IndexPlays
from twentyone.sim.indices import COMPUTED, published_fits, to_index_plays
from twentyone.sim.indices import load as load_indices
from twentyone.strategy import action_evs, basic_chart, rules_of_thumb
from twentyone.strategy.chart import Chart, cell, up_label
from twentyone.train.core import JSON, MAX_DIGITS, Drill, Grade, Item
from twentyone.train.options import Option
from twentyone.train.totals import LABELS, value_of

ACTIONS = ("hit", "stand", "double", "split", "surrender")
#: Two plays whose exact EVs differ by less than this are equally good (the solver's rounding).
EV_TIE = 1e-9
_KERNEL_ACTIONS = {K.A_STAND: "stand", K.A_HIT: "hit", K.A_DOUBLE: "double",
                   K.A_SPLIT: "split", K.A_SURRENDER: "surrender"}


def allowed(rules: Rules, ranks: list[str]) -> tuple[bool, bool, bool]:
    """(can double, can split, can surrender) for a first two-card hand under ``rules``."""
    values = [value_of(r) for r in ranks]
    total, _ = hand_total(values)
    same = ranks[0] == ranks[1] if rules.split_by is SplitBy.RANK else values[0] == values[1]
    return (rules.can_double(total), same and rules.max_hands > 1,
            rules.surrender is not SurrenderRule.NONE)


class StrategyDrill(Drill):
    """Basic strategy: two cards and an up card dealt from a shuffled shoe (or, when the
    session passes ``focus``, more often from the cells the user misses); answer an action."""

    name = "strategy"
    title = "Basic strategy: the exact chart for the rules"
    group = "player"
    answer_hint = "an action: hit, stand, double, split or surrender"
    answer_kind = "action"
    thumb = False

    def chart(self) -> Chart:
        return rules_of_thumb() if self.thumb else basic_chart(self.rules)

    def prepare(self) -> None:
        """Solve (or load) the exact chart, and price one hand: the exact solver is compiled
        the first time it runs, which would otherwise hold up the first item."""
        basic_chart(self.rules)
        action_evs(self.rules, [10, 6], 10, can_double=False, can_split=False,
                   can_surrender=False)

    def items(self, rng: random.Random) -> Iterator[Item]:
        shoe = [r for r in range(1, 14) for _ in range(4 * self.rules.decks)]
        rng.shuffle(shoe)
        pos, n = 0, 0
        while True:
            if pos + 3 > len(shoe) * 3 // 4:
                rng.shuffle(shoe)
                pos = 0
            ranks = [LABELS[shoe[pos]], LABELS[shoe[pos + 2]]]
            up = value_of(LABELS[shoe[pos + 1]])
            pos += 3
            values = [value_of(r) for r in ranks]
            if hand_total(values)[0] == 21:
                continue  # a natural is paid, not played
            _, can_split, _ = allowed(self.rules, ranks)
            key = cell(values, up, can_split)
            if self.focus and rng.random() < 0.5 * (1 - self.focus.get(key, 0.5)):
                # Favour weak cells: a cell the user always gets right is dealt half as often,
                # one never answered three times in four, one missed every time always.
                continue
            n += 1
            yield self.make(f"hand-{n}", ranks, up)

    def make(self, id_: str, ranks: list[str], up: int) -> Item:
        """The item for ``ranks`` against ``up``, with its chart answer and exact EVs."""
        values = [value_of(r) for r in ranks]
        can_double, can_split, can_surrender = allowed(self.rules, ranks)
        expected = self.chart().decide(values, up, can_double=can_double, can_split=can_split,
                                       can_surrender=can_surrender)
        evs = action_evs(self.rules, values, up, can_double=can_double, can_split=can_split,
                         can_surrender=can_surrender)
        exact = expected if not self.thumb else basic_chart(self.rules).decide(
            values, up, can_double=can_double, can_split=can_split,
            can_surrender=can_surrender)
        return Item(id_, self.name, cell(values, up, can_split),
                    {"hand": ranks, "up": up_label(up), "rules": self.rules_name,
                     "actions": [a for a in ACTIONS if a in evs]},
                    {"action": expected, "exact": exact, "evs": evs})

    def grade(self, item: Item, answer: JSON) -> Grade:
        """Right is the key's play (the chart, or the rules of thumb), the exact chart's, or the
        play the exact solver rates best for these very cards: where they differ the hand is a
        composition-dependent exception, and each of them is right. A right answer costs
        nothing; a miss costs the best play's EV less its own."""
        expected = str(item.secret["action"])
        exact = str(item.secret.get("exact", expected))
        evs: dict[str, float] = {k: float(v) for k, v in item.secret["evs"].items()}
        best_ev = max(evs.values())
        best = next(a for a in ACTIONS if a in evs and evs[a] >= best_ev - EV_TIE)
        chosen = str(answer).strip().lower() if isinstance(answer, str) else ""
        hand = f"{','.join(item.shown['hand'])} v {item.shown['up']}"
        says = "the rules of thumb say" if self.thumb else "the chart says"
        where = f"{hand} ({item.key})"
        if chosen not in evs:
            return Grade(False, expected, f"{str(answer)[:40]!r} is not a play here "
                                          f"({', '.join(evs)}); {where}: {says} {expected}.",
                         None)
        right = {expected, exact} | {a for a, ev in evs.items() if ev >= best_ev - EV_TIE}
        note = ""
        if self.thumb and evs[exact] > evs[expected]:
            note = (f" The exact chart plays {exact} ({evs[exact]:+.4f}): the rule of thumb "
                    f"gives up {evs[exact] - evs[expected]:.4f} of a bet here.")
        if best not in (expected, exact):
            note = (f" {hand} is a composition-dependent exception: for these very cards "
                    f"{best} ({evs[best]:+.4f}) is better than the chart's {exact} "
                    f"({evs[exact]:+.4f}); either is right.")
        if chosen in right:
            head = (f"Right: {chosen} for {item.key} ({evs[chosen]:+.4f})." if chosen == expected
                    else f"Right: {chosen} ({evs[chosen]:+.4f}); {says} {expected} for "
                         f"{item.key}.")
            return Grade(True, expected, head + note, 0.0)
        cost = best_ev - evs[chosen]
        return Grade(False, expected,
                     f"{where}: {says} {expected} ({evs[expected]:+.4f}), not {chosen} "
                     f"({evs[chosen]:+.4f}): that costs {cost:.4f} of a bet.{note}", cost)


class ThumbStrategyDrill(StrategyDrill):
    """The rules of thumb of docs/strategy.md#rules-of-thumb (draw to 17 against 7-A, stop at
    12 against 4-6, ...) as the answer key; the EV cost is still the exact one, so the trainee
    sees what the thumbs give up."""

    name = "strategy-thumb"
    title = "Basic strategy: the rules of thumb"
    thumb = True


#: The counting drills' settings: which count tags the cards, how many cards a flash shows and
#: for how long (a front end flashes them; the drill only passes them on with the item).
SYSTEM = Option("system", "The count system that tags the cards", "hilo",
                choices=tuple(SYSTEMS), labels=tuple(s.description for s in SYSTEMS.values()))
PACE = Option("pace", "How long each flash of cards stays in view", 700, low=100, high=5000,
              whole=True, unit="ms")


def flash_option(default: int) -> Option:
    """Cards shown at once: one at a time to start, two or three as a dealt hand falls."""
    return Option("flash", "Cards shown at once", default, low=1, high=3, whole=True,
                  unit="cards")


#: The index sets shipped with the package (a CSV file of one's own is for ``twentyone sim``):
#: the trainer offers the same list at the terminal and on the site.
SHIPPED_INDICES = tuple(sorted(
    f.name.removesuffix(".csv")
    for f in resources.files("twentyone.data").joinpath("indices").iterdir()
    if f.name.endswith(".csv")))


def number_answer(answer: JSON) -> float | None:
    """A count answered as a number (or a numeric string); None if it is not one."""
    if isinstance(answer, bool) or not isinstance(answer, int | float | str):
        return None
    if isinstance(answer, str) and len(answer.strip()) > 2 * MAX_DIGITS:
        return None  # no count is that long; and Python reads no integer past 4,300 digits
    if isinstance(answer, str) and other_digits(answer):
        return None  # numbers are written 0-9 everywhere (money.DIGITS_RULE)
    try:
        number = float(answer.strip() if isinstance(answer, str) else answer)
    except (ValueError, OverflowError):
        return None
    return number if math.isfinite(number) and abs(number) < 10**MAX_DIGITS else None


def signed(x: float) -> str:
    """A count as a counter says it: +3, -1.5, 0."""
    return "0" if x == 0 else f"{x:+g}"


def tagged(cards: list[str], system: CountSystem, start: float) -> str:
    """The count card by card: "start 0; 5 +1 = +1, K -1 = 0, 7 0 = 0" (what a miss shows, so
    the trainee can find the card they tagged wrong)."""
    steps, rc = [], start
    for c in cards:
        tag = system.tags[value_of(c) - 1]
        rc += tag
        steps.append(f"{c} {signed(tag)} = {signed(rc)}")
    return f"start {signed(start)}; " + ", ".join(steps)


def fmt_count(x: float) -> JSON:
    return int(x) if float(x).is_integer() else x


class RunningCountDrill(Drill):
    """The running count: cards flashed ``flash`` at a time (1-3) at ``pace`` milliseconds per
    flash, tagged by any count system the simulator knows (``system=hilo|ko|zen|...``); answer
    the count after the last card, starting from the system's initial count for the rules."""

    name = "running-count"
    title = "Counting: keep the running count"
    group = "player"
    answer_hint = "the running count, an integer (halves: a number)"
    answer_kind = "count"
    option_specs = (SYSTEM, flash_option(1), PACE,
                    Option("cards", "Cards to count in each item", 20, low=1, high=52,
                           whole=True, unit="cards"))

    def __init__(self, rules: Rules, rules_name: str,
                 options: Mapping[str, object] | None = None) -> None:
        super().__init__(rules, rules_name, options)
        self.system: CountSystem = SYSTEMS[str(self.options["system"])]
        self.flash = int(self.options["flash"])
        self.pace = int(self.options["pace"])
        self.length = int(self.options["cards"])

    def items(self, rng: random.Random) -> Iterator[Item]:
        shoe = [r for r in range(1, 14) for _ in range(4 * self.rules.decks)]
        rng.shuffle(shoe)
        start = self.system.initial_running_count(self.rules.decks)
        n = 0
        while True:
            n += 1
            cards = [LABELS[r] for r in rng.sample(shoe, self.length)]
            rc = start + sum(self.system.tags[value_of(c) - 1] for c in cards)
            yield Item(f"count-{n}", self.name, f"{self.system.name} {self.flash}-up",
                       {"cards": cards, "system": self.system.name, "flash": self.flash,
                        "pace_ms": self.pace, "start": fmt_count(start),
                        "rules": self.rules_name},
                       {"count": rc})

    def grade(self, item: Item, answer: JSON) -> Grade:
        rc = float(item.secret["count"])
        given = number_answer(answer)
        ok = given is not None and math.isclose(given, rc)
        start = float(item.shown["start"])
        system = SYSTEMS[str(item.shown["system"])]
        how = tagged(list(item.shown["cards"]), system, start)
        return Grade(ok, fmt_count(rc), "Right." if ok else f"The count is {signed(rc)}: {how}.")


#: How finely a player reads the discard tray: to the nearest quarter deck (13 cards).
TRAY_STEP = 0.25


def deck_words(n: float) -> str:
    """ "1 deck", "0.75 decks", "4.5 decks". """
    return f"{n:g} deck" + ("" if n == 1 else "s")


def tray_estimate(cards: int) -> float:
    """The decks in a discard tray of ``cards`` cards as a player reads it: to the nearest
    quarter deck (no card count lies half way between two quarters, so there is no tie)."""
    return round(cards / 52 / TRAY_STEP) * TRAY_STEP


class TrueCountDrill(Drill):
    """True-count conversion: a running count and the discard tray of a real shoe of the rules'
    decks, dealt to a depth it reaches before the cut card (from a quarter deck in, and never
    past half a deck from the end); answer the running count divided by the decks left as the
    tray is read (to the nearest quarter deck, ``tray_estimate``), rounded down (floored), which
    is the convention the simulator's index plays need: an index "at +3" is played exactly when
    the floored true count is 3 or more.

    The running count is the Hi-Lo count of the cards in the tray, so it is one that can occur
    at that depth of that shoe; of four shuffles the one with the largest count is dealt, since
    a count near zero teaches little conversion."""

    name = "true-count"
    title = "Counting: convert to the true count"
    group = "player"
    answer_hint = "the true count, an integer (floored)"
    answer_kind = "count"

    def items(self, rng: random.Random) -> Iterator[Item]:
        decks = self.rules.decks
        tags = SYSTEMS["hilo"].tags
        shoe = [min(r, 10) for r in range(1, 14) for _ in range(4 * decks)]
        deepest = min(len(shoe) * 4 // 5, len(shoe) - 26)
        n = 0
        while True:
            n += 1
            played = rng.randint(13, deepest)
            rc = 0
            for _ in range(4):
                rng.shuffle(shoe)
                count = round(sum(tags[v - 1] for v in shoe[:played]))
                rc = count if abs(count) > abs(rc) else rc
            discard = tray_estimate(played)
            left = decks - discard
            yield Item(f"true-{n}", self.name, f"{left:g} decks left",
                       {"running": rc, "decks": decks, "discard_cards": played,
                        "discard_decks": discard, "rules": self.rules_name},
                       {"true": math.floor(rc / left), "left": left})

    def grade(self, item: Item, answer: JSON) -> Grade:
        tc = int(item.secret["true"])
        left = float(item.secret["left"])
        rc = int(item.shown["running"])
        given = number_answer(answer)
        ok = given is not None and given == tc
        tray = (f"The tray holds {item.shown['discard_cards']} cards, about "
                f"{deck_words(float(item.shown['discard_decks']))}, so {deck_words(left)} of "
                f"{item.shown['decks']} left: " if "discard_cards" in item.shown else "")
        how = f"{tray}{signed(rc)} / {left:g} = {rc / left:+.2f}, rounded down: {signed(tc)}"
        return Grade(ok, tc, "Right." if ok else how + ".")


#: Two cards for each hard total an index entry names (not a pair, no ace).
_HARD_HANDS = {8: ["5", "3"], 9: ["6", "3"], 10: ["6", "4"], 11: ["7", "4"],
               **{t: ["10", str(t - 10)] for t in range(12, 20)}}


class IndexPlayDrill(Drill):
    """Index plays: a hand from the simulator's index set (Illustrious 18 and Fab 4 for Hi-Lo),
    a true count near its index; answer the play. The answer key is the simulator's own decision
    (``sim.kernel.decide``) with the exact chart for the rules and the indices."""

    name = "index-plays"
    title = "Counting: index plays at a true count"
    group = "player"
    answer_hint = "an action: hit, stand, double, split or surrender"
    answer_kind = "action"
    option_specs = (Option("indices", "The index plays to learn", DEFAULT_INDICES["hilo"],
                           choices=(*SHIPPED_INDICES, COMPUTED),
                           labels=(*(f"{n} (Illustrious 18 and Fab 4)"
                                     if n == "hilo-i18-fab4" else n
                                     for n in SHIPPED_INDICES),
                                   "computed for these rules (Hi-Lo)")),)

    def __init__(self, rules: Rules, rules_name: str,
                 options: Mapping[str, object] | None = None) -> None:
        super().__init__(rules, rules_name, options)
        chosen = str(self.options["indices"])
        # The shipped Hi-Lo set holds for its own rules only: at other rules the set computed
        # for the table's rules stands in (docs/strategy.md#computed-index-numbers).
        self.computed = chosen == COMPUTED or (
            chosen == DEFAULT_INDICES["hilo"] and not published_fits(rules, "hilo"))
        self.index_name = f"{COMPUTED} (hilo)" if self.computed else chosen
        self._indices = None if self.computed else IndexPlays.load(chosen)

    @property
    def indices(self) -> IndexPlays:
        """The index plays, solved on first use when they are computed (``prepare`` does it
        behind a notice)."""
        if self._indices is None:
            self._indices = to_index_plays(load_indices(self.rules, "hilo"))
        return self._indices

    def prepare(self) -> None:
        """Solve (or load) the exact chart the simulator's decisions start from, and the
        computed index plays where they are used."""
        basic_chart(self.rules)
        _ = self.indices

    def entries(self) -> list[tuple[int, int, int, float]]:
        """(kind, total, up, threshold) of every index entry in the set."""
        out = []
        for kind, total, up, k in zip(*np.nonzero(self.indices.plays >= 0), strict=True):
            out.append((int(kind), int(total), int(up),
                        float(self.indices.thresholds[kind, total, up, k])))
        return sorted(out)

    @staticmethod
    def hand_for(kind: int, total: int) -> list[str] | None:
        """Two cards that make an index entry's hand (None for a hard total no two plain cards
        make without a pair or an ace)."""
        if kind == K.K_PAIR:
            return [up_label(total)] * 2
        if kind == K.K_SOFT:
            return ["A", str(total - 11)]
        return list(_HARD_HANDS[total]) if total in _HARD_HANDS else None

    def play(self, ranks: list[str], up: int, tc: float,
             offered: tuple[bool, bool, bool] | None = None) -> str:
        """The simulator's play (``sim.kernel.decide``, chart and index plays) at ``tc``, with
        only the options the rules give this hand; ``offered`` (can double, split, surrender)
        is what the table offers a hand that is not a first two cards (the coach's)."""
        values = [value_of(r) for r in ranks]
        can_double, can_split, can_surrender = offered or allowed(self.rules, ranks)
        chart = basic_chart(self.rules)
        code = K.decide(sum(values), 1 in values, values[0] if can_split else 0, up,
                        can_double, can_split, can_surrender, chart.hard.astype(np.int64),
                        chart.soft.astype(np.int64), chart.pairs.astype(np.int64), True,
                        float(tc), self.indices.thresholds, self.indices.directions,
                        self.indices.plays)
        return _KERNEL_ACTIONS[int(code)]

    def regions(self, ranks: list[str], up: int, offered: tuple[bool, bool, bool] | None = None
                ) -> list[tuple[float | None, str]]:
        """The plays of this hand across the true counts, as (from what count, play), lowest
        first (None: any count below the next): only the indices that change the play under
        these rules are kept, so a surrender index where surrender is not offered, or a double
        index where this hand may not double, is no index at all here (``offered`` as for
        ``play``)."""
        values = [value_of(r) for r in ranks]
        _, can_split, _ = offered or allowed(self.rules, ranks)
        total, soft = hand_total(values)
        cells = [(K.K_SOFT if soft else K.K_HARD, total if soft else sum(values))]
        if can_split:
            cells.append((K.K_PAIR, values[0]))
        thresholds = sorted({thr for kind, t, u, thr in self.entries()
                             if (kind, t) in cells and u == up})
        out: list[tuple[float | None, str]] = []
        for start, probe in [(None, thresholds[0] - 1e-6 if thresholds else 0.0),
                             *[(t, t) for t in thresholds]]:
            play = self.play(ranks, up, probe, offered)
            if not out or out[-1][1] != play:
                out.append((start, play))
        return out

    def items(self, rng: random.Random) -> Iterator[Item]:
        entries = []
        for kind, total, up, thr in self.entries():
            ranks = self.hand_for(kind, total)
            if ranks is not None and len(self.regions(ranks, up)) > 1:
                entries.append((ranks, up, thr))
        n = 0
        while True:
            n += 1
            ranks, up, thr = rng.choice(entries)
            tc = int(thr) + rng.choice((-2, -1, 0, 0, 1, 2))
            yield self.make(f"index-{n}", ranks, up, tc)

    def make(self, id_: str, ranks: list[str], up: int, tc: int) -> Item:
        values = [value_of(r) for r in ranks]
        can_double, can_split, can_surrender = allowed(self.rules, ranks)
        plain = basic_chart(self.rules).decide(values, up, can_double=can_double,
                                               can_split=can_split, can_surrender=can_surrender)
        actions = ["hit", "stand", *(["double"] if can_double else []),
                   *(["split"] if can_split else []), *(["surrender"] if can_surrender else [])]
        regions = self.regions(ranks, up)
        return Item(id_, self.name, cell(values, up, can_split),
                    {"hand": ranks, "up": up_label(up), "true_count": tc,
                     "indices": self.index_name, "rules": self.rules_name, "actions": actions},
                    {"action": self.play(ranks, up, tc), "chart": plain,
                     "regions": [[start, play] for start, play in regions]})

    def grade(self, item: Item, answer: JSON) -> Grade:
        expected = str(item.secret["action"])
        chosen = str(answer).strip().lower() if isinstance(answer, str) else ""
        tc = int(item.shown["true_count"])
        hand = f"{','.join(item.shown['hand'])} v {item.shown['up']} ({item.key})"
        regions = [(None if r is None else float(r), str(p))
                   for r, p in item.secret.get("regions", [])]
        ok = chosen == expected
        rule = ""
        if len(regions) > 1:
            numbers = " and ".join(signed(r) for r, _ in regions[1:] if r is not None)
            steps = "; ".join(f"below {signed(regions[1][0] or 0)}: {p}" if r is None
                              else f"from {signed(r)} up: {p}" for r, p in regions)
            rule = f" The Hi-Lo index{'es' if len(regions) > 2 else ''} {numbers}: {steps}."
        note = "" if expected == item.secret["chart"] else \
            f" The index overrides the chart's {item.secret['chart']}."
        if "actions" in item.shown and chosen not in item.shown["actions"] and not ok:
            return Grade(False, expected, f"{str(answer)[:40]!r} is not a play here "
                                          f"({', '.join(item.shown['actions'])}); at "
                                          f"{signed(tc)}, {hand}: {expected}.{rule}")
        head = f"Right: at {signed(tc)}, {expected}." if ok else \
            f"At a true count of {signed(tc)}, {hand}: {expected}, not {chosen}."
        return Grade(ok, expected, head + note + rule)
