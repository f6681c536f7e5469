"""Solo Whist's score sheet: each hand's contract and the counters each player won or lost,
and the evening's totals (docs/games/solo-whist.md#payment)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from twentyone.protocol import HandResult

from ..core.sheet import Cell, Sheet, seat_names, totals
from .contracts import CONTRACTS


def score_sheet(results: Sequence[HandResult], names: Mapping[int, str]) -> Sheet:
    seats = sorted({s for r in results for s in r.scores} | set(names))
    rows: list[tuple[Cell, ...]] = []
    for r in results:
        d = r.detail
        contract = d.get("contract")
        if contract is None:
            what = "No bid: dealt again"
        else:
            by = " & ".join(names.get(s) or f"Seat {s}" for s in d.get("declarers", ()))
            outcome = "made" if d.get("made") else "broken"
            n = int(d.get("tricks", 0))
            what = (f"{CONTRACTS[contract].label} by {by}: {outcome} "
                    f"({n} trick{'' if n == 1 else 's'})")
        rows.append((r.hand, what, *(r.scores.get(s, 0) for s in seats)))
    rows.append(("Total", "", *totals(results, seats)))
    return Sheet(("Hand", "Contract", *seat_names(names, seats)), tuple(rows))


def summary(results: Sequence[HandResult], seats: Sequence[int]) -> dict[str, Any]:
    """The headless runner's report (``games.auto.play_many``): per seat the counters won or
    lost, contracts declared and made (by contract); a deal nobody bid is ``abandoned``."""
    out: dict[str, Any] = {}
    for s in seats:
        mine = [r.detail for r in results if s in r.detail.get("declarers", ())]
        contracts: dict[str, dict[str, int]] = {}
        for d in mine:
            row = contracts.setdefault(d["contract"], {"declared": 0, "made": 0})
            row["declared"] += 1
            row["made"] += int(d["made"])
        out[str(s)] = {"counters": sum(r.scores.get(s, 0) for r in results),
                       "declared": len(mine), "made": sum(1 for d in mine if d["made"]),
                       "contracts": contracts}
    return {"seats": out,
            "abandoned": sum(1 for r in results if r.detail.get("contract") is None)}


def seat_words(seat: Mapping[str, Any]) -> str:
    """One seat of ``summary`` in words, for ``twentyone play --auto``'s table."""
    return (f"{seat['counters']:+d} counters; made {seat['made']} of "
            f"{seat['declared']} contracts declared")
