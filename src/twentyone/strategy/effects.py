"""The effect of each rule on the house edge, exactly, for the rules in front of the player.

Published rule-effect tables are rounded and each assumes one base game, while a rule's effect
depends on the rest of the rules (hitting soft 17 costs more in a single deck than in a shoe).
So each alternative is solved here as its own game: the rules with that one option changed,
every other value the option can take, basic strategy re-derived for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from twentyone.rules import DoubleOn, LateNatural, Rules, SplitBy, Surrender
from twentyone.strategy import HouseEdge, analysis_rules, house_edge

DECKS = (1, 2, 4, 6, 8)
PAYOUTS = ("3:2", "6:5", "1:1", "2:1")


@dataclass(frozen=True)
class RuleEffect:
    """One rule changed: what it says, the ``Rules`` fields it sets, the house edge with it,
    and the change from the base edge (fractions of the bet; positive costs the player)."""

    change: str
    settings: dict[str, Any]
    edge: HouseEdge
    basic_strategy: float
    composition_dependent: float


def _toggle(rules: Rules, field: str, on: str, off: str) -> tuple[str, dict[str, Any]]:
    now = bool(getattr(rules, field))
    return (off if now else on), {field: not now}


def rule_changes(rules: Rules, infinite: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """Every single-option change of the odds-relevant rules, described as a player would (no
    change of decks for an infinite deck)."""
    out: list[tuple[str, dict[str, Any]]] = []
    if not infinite:
        out += [(f"{d} deck{'s' if d > 1 else ''}", {"decks": d}) for d in DECKS
                if d != rules.decks]
    out.append(_toggle(rules, "hit_soft_17", "dealer hits soft 17", "dealer stands on soft 17"))
    if rules.peek:
        out.append(("no hole card (European)", {"peek": False}))
        out.append(_toggle(rules, "peek_tens", "dealer peeks under tens too",
                           "dealer peeks under aces only"))
    else:
        out.append(("dealer peeks for blackjack", {"peek": True, "peek_tens": True}))
    if not (rules.peek and rules.peek_tens):
        # Only a game with an up card left unchecked (docs/casino.md#late_natural).
        late_21 = rules.late_natural is LateNatural.TWENTY_ONE
        out.append((("a late dealer natural is a blackjack" if late_21
                     else "a late dealer natural is just 21"),
                    {"late_natural": LateNatural.BLACKJACK if late_21
                     else LateNatural.TWENTY_ONE}))
        out.append(_toggle(rules, "naturals_paid_at_once",
                           "a natural is paid at once, unchecked or not",
                           "a natural waits for an unchecked dealer"))
    out += [(f"blackjack pays {p}", {"blackjack_pays": p}) for p in PAYOUTS
            if p != rules.blackjack_pays]
    doubles = {DoubleOn.ANY: "double on any two cards",
               DoubleOn.NINE_TO_ELEVEN: "double on 9-11 only",
               DoubleOn.TEN_OR_ELEVEN: "double on 10-11 only"}
    out += [(text, {"double_on": d}) for d, text in doubles.items() if d is not rules.double_on]
    out.append(_toggle(rules, "double_after_split", "double after split",
                       "no double after split"))
    hands = {1: "no splitting", 2: "split once (no resplits)", 3: "split to 3 hands",
             4: "split to 4 hands"}
    out += [(text, {"max_hands": n}) for n, text in hands.items() if n != rules.max_hands]
    if rules.max_hands > 2:
        out.append(_toggle(rules, "resplit_aces", "resplit aces", "no resplitting aces"))
    if rules.max_hands > 1:
        out.append(_toggle(rules, "hit_split_aces", "draw to split aces",
                           "one card to split aces"))
        by_rank = rules.split_by is SplitBy.RANK
        out.append(("split any two ten-cards" if by_rank else "split only same-rank tens",
                    {"split_by": SplitBy.VALUE if by_rank else SplitBy.RANK}))
    surrenders = {Surrender.NONE: "no surrender", Surrender.LATE: "late surrender",
                  Surrender.EARLY: "early surrender"}
    out += [(text, {"surrender": s}) for s, text in surrenders.items()
            if s is not rules.surrender]
    return out


def rule_effects(rules: Rules, progress: Callable[[str], None] | None = None,
                 infinite: bool = False) -> tuple[HouseEdge, list[RuleEffect]]:
    """The base house edge and each change's (``progress`` is told each change as it is
    solved; every game is cached on disk like any house edge), from the rules' shoe or an
    infinite deck."""
    rules = analysis_rules(rules)
    base = house_edge(rules, infinite)
    effects = []
    for change, settings in rule_changes(rules, infinite):
        if progress is not None:
            progress(change)
        he = house_edge(rules.replace(**settings), infinite)
        effects.append(RuleEffect(
            change, settings, he, he.basic_strategy - base.basic_strategy,
            he.composition_dependent - base.composition_dependent))
    return base, effects
