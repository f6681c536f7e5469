"""Score sheets: a game's finished hands (``protocol.HandResult``) as a table of words and
numbers, for the room's frame and its CSV download. Each game writes its own rows
(``games/<name>/sheet.py``); this is the shape they share."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from twentyone.protocol import HandResult

Cell = str | int


@dataclass(frozen=True, slots=True)
class Sheet:
    """A header and rows; every row as long as the header."""

    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]

    def to_json(self) -> dict[str, list[list[Cell]] | list[str]]:
        return {"header": list(self.header), "rows": [list(r) for r in self.rows]}


#: A game's score sheet from its results and the names at its seats.
SheetMaker = Callable[[Sequence[HandResult], Mapping[int, str]], Sheet]


def seat_names(names: Mapping[int, str], seats: Sequence[int]) -> tuple[str, ...]:
    """The seats' column heads: each name, or "Seat n" for a seat without one."""
    return tuple(names.get(s) or f"Seat {s}" for s in seats)


def totals(results: Sequence[HandResult], seats: Sequence[int]) -> tuple[int, ...]:
    return tuple(sum(r.scores.get(s, 0) for r in results) for s in seats)


def times(n: int) -> str:
    """A count of times in words: ``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
