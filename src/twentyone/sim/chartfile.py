"""Strategy charts as plain text files, so any chart a player has can be simulated.

The format is the printed chart: one block per table, a header naming the table and the
dealer's up cards, then one row per hand with a letter per up card::

    # my chart
    hard  2  3  4  5  6  7  8  9  10 A
    12    H  H  S  S  S  H  H  H  H  H
    ...
    soft  2  3  4  5  6  7  8  9  10 A
    18    S  Ds Ds Ds Ds S  S  H  H  H
    pair  2  3  4  5  6  7  8  9  10 A
    A     P  P  P  P  P  P  P  P  P  P

Letters: H S Dh Ds P Rh Rs Rp and ``-`` (do not split; play the total). Hard rows are 4-21,
soft rows 12-21 (or ``A,x``-style totals written as the soft total), pair rows A, 2-10 (T for
ten). A row left out keeps a plain default (hit below 17 hard / 18 soft, stand above, never
split), so a file need list only the rows it cares about.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from twentyone.sim.counting import PLAY_CODES
from twentyone.strategy.chart import HIT, LETTERS, NO_SPLIT, STAND, Chart

_UP_LABELS = {"A": 1, "1": 1, "T": 10, "10": 10, **{str(v): v for v in range(2, 10)}}
_ROWS = {"hard": (4, 21), "soft": (12, 21), "pair": (1, 10)}


def parse_chart(text: str, name: str = "chart") -> Chart:
    """Parse the chart text format above; errors name the line."""
    hard = np.array([[HIT if t < 17 else STAND] * 11 for t in range(22)], dtype=np.int8)
    soft = np.array([[HIT if t < 18 else STAND] * 11 for t in range(22)], dtype=np.int8)
    pairs = np.full((11, 11), NO_SPLIT, dtype=np.int8)
    tables = {"hard": hard, "soft": soft, "pair": pairs}
    current: str | None = None
    ups: list[int] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.replace(",", " ").split()
        head = words[0].lower()
        if head in tables:
            current = head
            try:
                ups = [_UP_LABELS[w.upper()] for w in words[1:]]
            except KeyError as exc:
                raise ValueError(f"{name}:{n}: not an up card: {exc.args[0]}") from None
            if sorted(ups) != list(range(1, 11)):
                raise ValueError(f"{name}:{n}: the header must name each up card 2-10 and A once")
            continue
        if current is None:
            raise ValueError(f"{name}:{n}: a row before any 'hard', 'soft' or 'pair' header")
        label = words[0].upper()
        try:
            row = _UP_LABELS[label] if current == "pair" else int(label)
        except (KeyError, ValueError):
            raise ValueError(f"{name}:{n}: not a {current} row: {words[0]!r}") from None
        lo, hi = _ROWS[current]
        if not lo <= row <= hi:
            raise ValueError(f"{name}:{n}: {current} rows run {lo}-{hi}, not {row}")
        if len(words) - 1 != len(ups):
            raise ValueError(f"{name}:{n}: {len(ups)} plays expected, found {len(words) - 1}")
        for up, letter in zip(ups, words[1:], strict=True):
            code = PLAY_CODES.get(letter.upper())
            if code is None:
                raise ValueError(f"{name}:{n}: unknown play {letter!r} (H S Dh Ds P Rh Rs Rp -)")
            tables[current][row, up] = code
    return Chart(name, hard, soft, pairs)


def load_chart(path: str | Path) -> Chart:
    p = Path(path)
    return parse_chart(p.read_text(encoding="utf-8"), p.name)


def format_chart(chart: Chart) -> str:
    """The chart in the file format, every row written out: a starting point to edit."""
    order = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
    header = "  ".join(f"{'A' if u == 1 else u:>2}" for u in order)
    lines = [f"# {chart.name}"]
    for title, table, rows in (("hard", chart.hard, range(4, 22)),
                               ("soft", chart.soft, range(12, 22)),
                               ("pair", chart.pairs, range(1, 11))):
        lines.append(f"{title:<5} {header}")
        for t in rows:
            label = "A" if title == "pair" and t == 1 else str(t)
            cells = "  ".join(f"{LETTERS[int(table[t, u])]:>2}" for u in order)
            lines.append(f"{label:<5} {cells}")
    return "\n".join(lines) + "\n"
