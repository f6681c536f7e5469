"""The drills by name, as the command line and the browser offer them."""

from __future__ import annotations

from collections.abc import Mapping

from twentyone.rules import PRESETS, Rules
from twentyone.train.catch import CatchDealerDrill
from twentyone.train.chips import ChangeDrill, ChipCountDrill, PayoutDrill
from twentyone.train.core import Drill
from twentyone.train.player import (
    IndexPlayDrill,
    RunningCountDrill,
    StrategyDrill,
    ThumbStrategyDrill,
    TrueCountDrill,
)
from twentyone.train.procedure import PartyProcedureDrill, ProcedureDrill
from twentyone.train.shoecount import ShoeCountDrill
from twentyone.train.signals import GiveSignalDrill, SignalsDrill
from twentyone.train.totals import HandTotalsDrill

#: Every drill, dealer's first, in the order the list shows them.
DRILLS: dict[str, type[Drill]] = {d.name: d for d in (
    ChipCountDrill, PayoutDrill, ChangeDrill, HandTotalsDrill, ProcedureDrill,
    PartyProcedureDrill, CatchDealerDrill, SignalsDrill, StrategyDrill, ThumbStrategyDrill,
    GiveSignalDrill, RunningCountDrill, TrueCountDrill, IndexPlayDrill, ShoeCountDrill,
)}


def make_drill(name: str, rules: Rules, rules_name: str,
               options: Mapping[str, object] | None = None) -> Drill:
    """The drill called ``name`` for these rules and settings (read by the drill's own
    ``option_specs``: a ``DrillOptionError`` for one it does not take or a bad value); the
    casino-party procedure drill always deals the casino-party game
    (docs/casino-party.md#the-dealers-steps), whatever rules are asked for."""
    if name not in DRILLS:
        raise KeyError(f"no drill named {name!r} (one of {', '.join(DRILLS)})")
    cls = DRILLS[name]
    if cls is PartyProcedureDrill:
        rules, rules_name = PRESETS["casino-party"], "casino-party"
    return cls(rules, rules_name, options)


def describe_all() -> list[dict[str, object]]:
    """Every drill as ``--list --json`` shows it (built with the classic rules: a description
    does not depend on them)."""
    return [make_drill(n, PRESETS["classic"], "classic").describe() for n in DRILLS]
