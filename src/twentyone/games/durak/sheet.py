"""Durak's score sheet: who was the durak of each game, and the tally of durak-ships
(docs/games/durak.md#the-durak)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from twentyone.protocol import HandResult

from ..core.sheet import Cell, Sheet, seat_names, times, totals


def score_sheet(results: Sequence[HandResult], names: Mapping[int, str]) -> Sheet:
    seats = sorted({s for r in results for s in r.scores} | set(names))
    rows: list[tuple[Cell, ...]] = []
    for r in results:
        durak = r.detail.get("durak")
        who = "A draw" if durak is None else (names.get(durak) or f"Seat {durak}")
        rows.append((r.hand, who, *(r.scores.get(s, 0) for s in seats)))
    rows.append(("Times durak", "", *totals(results, seats)))
    return Sheet(("Game", "Durak", *seat_names(names, seats)), tuple(rows))


def summary(results: Sequence[HandResult], seats: Sequence[int]) -> dict[str, Any]:
    """The headless runner's report: per seat how often it was the durak; drawn games."""
    return {"seats": {str(s): {"durak": sum(1 for r in results if r.detail.get("durak") == s)}
                      for s in seats},
            "draws": sum(1 for r in results if r.detail.get("durak") is None)}


def seat_words(seat: Mapping[str, Any]) -> str:
    """One seat of ``summary`` in words, for ``twentyone play --auto``'s table."""
    n = int(seat["durak"])
    return f"the durak {times(n)}" if n else "never the durak"
