"""President's score sheet: each player's title in each hand, and points by title (the
President the most, the Asshole none) over the evening (docs/games/president.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from twentyone.protocol import HandResult

from ..core.sheet import Cell, Sheet, seat_names, totals


def score_sheet(results: Sequence[HandResult], names: Mapping[int, str]) -> Sheet:
    seats = sorted({s for r in results for s in r.scores} | set(names))
    rows: list[tuple[Cell, ...]] = []
    for r in results:
        titles = r.detail.get("titles", {})
        rows.append((r.hand, *(str(titles.get(str(s), "")) for s in seats)))
    rows.append(("Points", *totals(results, seats)))
    return Sheet(("Hand", *seat_names(names, seats)), tuple(rows))


def summary(results: Sequence[HandResult], seats: Sequence[int]) -> dict[str, Any]:
    """The headless runner's report: per seat how often it held each title."""
    out: dict[str, Any] = {}
    for s in seats:
        titles: dict[str, int] = {}
        for r in results:
            title = r.detail["titles"][str(s)]
            titles[title] = titles.get(title, 0) + 1
        out[str(s)] = {"titles": titles}
    return {"seats": out}


def seat_words(seat: Mapping[str, Any]) -> str:
    """One seat of ``summary`` in words (the titles it held), for ``twentyone play --auto``'s
    table."""
    return ", ".join(f"{title} {k}" for title, k in seat["titles"].items() if k) or "-"
