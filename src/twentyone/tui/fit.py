"""How the terminal table shares its rows: the prompt and the input line first, then any note
(a hint of several lines, a refusal), then the dealer's calls, and the felt takes what is left.

At 80x24 a hint of seven lines under three seats used to push the prompt and input off the
screen and squeeze the calls to nothing. Here the rows are counted before they are drawn: the
felt first drops its seats' borders, then its own, then the calls drop their border, and only
then does the felt scroll. Pure arithmetic, so each step is testable without a screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Calls the log always keeps on screen (when the screen shows a log at all).
LOG_ROWS = 3
#: The felt never gets fewer rows than this, even for a long note: the dealer and one seat row.
FELT_MIN = 4


@dataclass(frozen=True, slots=True)
class Fit:
    """The table's layout for one screen: which borders are dropped, and the most rows the felt
    and the notes may take."""

    crowded: bool    # the seat boxes drop their borders (the seat to act keeps its colour)
    flat: bool       # the felt drops its border
    bare_log: bool   # the dealer's calls drop their border (and title)
    felt_rows: int
    notes_rows: int


def fit(height: int, *, fixed: int, notes: int, felt_lines: int, seat_rows: Sequence[int],
        log: bool = True, flat: bool = False) -> Fit:
    """The layout for a screen ``height`` rows tall.

    ``fixed``: rows that are always shown whole (title, prompt, input, footer); ``notes``: rows
    the notes need; ``felt_lines``: the dealer's and shoe's lines; ``seat_rows``: for each row of
    seats, the lines of its tallest seat; ``log``: whether the calls are shown at all;
    ``flat``: the felt has no border already (a narrow screen).
    """
    log_rows = LOG_ROWS if log else 0
    notes_rows = max(0, min(notes, height - fixed - FELT_MIN - log_rows))
    left = height - fixed - notes_rows
    inside = felt_lines + sum(seat_rows)
    steps = ((False, flat, False), (True, flat, False), (True, True, False), (True, True, True))
    for crowded, flat_felt, bare in steps:
        felt = inside + (0 if crowded else 2 * len(seat_rows)) + (0 if flat_felt else 2)
        calls = log_rows + (0 if bare or not log else 2)
        if felt + calls <= left:
            return Fit(crowded, flat_felt, bare, left - calls, notes_rows)
    return Fit(True, True, log, max(FELT_MIN, left - log_rows), notes_rows)
