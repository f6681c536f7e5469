"""Solo Whist's score sheet: each hand's contract and the counters each player won or lost,
and the evening's totals (docs/games/solo-whist.md#settlement)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
            what = f"{CONTRACTS[contract].label} by {by}: {outcome} ({d.get('tricks')} tricks)"
        rows.append((r.hand, what, *(r.scores.get(s, 0) for s in seats)))
    rows.append(("Total", "", *totals(results, seats)))
    return Sheet(("Hand", "Contract", *seat_names(names, seats)), tuple(rows))
