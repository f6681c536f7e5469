"""Card counting as data: count systems as tag tables, index plays as a small CSV file.

A count system is nothing but a tag per card value and whether its tags sum to zero over a pack
(balanced: the running count is divided by the decks left to give the true count) or not (KO:
the running count is used as it stands, from the usual initial running count ``4 - 4 * decks``,
so bets and indices key on the running count itself). Index plays change the chart
at a given true count; they are data, so a user's own indices load the same way as the Illustrious
18 and Fab 4 shipped in ``twentyone/data/indices``.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from twentyone.sim import kernel as K
from twentyone.strategy.chart import (
    DOUBLE_HIT,
    DOUBLE_STAND,
    HIT,
    NO_SPLIT,
    SPLIT,
    STAND,
    SURRENDER_HIT,
    SURRENDER_SPLIT,
    SURRENDER_STAND,
)

#: Chart letters as written in chart and index files.
PLAY_CODES = {"S": STAND, "H": HIT, "DH": DOUBLE_HIT, "DS": DOUBLE_STAND, "P": SPLIT,
              "RH": SURRENDER_HIT, "RS": SURRENDER_STAND, "RP": SURRENDER_SPLIT,
              "-": NO_SPLIT, "N": NO_SPLIT}


@dataclass(frozen=True)
class CountSystem:
    name: str
    #: Tags for card values ace (1) to ten (10).
    tags: tuple[float, ...]
    balanced: bool
    description: str

    def tag_array(self) -> np.ndarray:
        """Tags indexed by card value (index 0 unused), as the kernel reads them."""
        return np.array((0.0, *self.tags), dtype=np.float64)

    def initial_running_count(self, decks: int) -> float:
        """0 for a balanced count; KO's ``4 - 4 * decks`` (pivot at +4) otherwise."""
        return 0.0 if self.balanced else float(4 - 4 * decks)


#: Published tag tables, ace first. Sources: Griffin, Wong, Snyder (Zen), Carlson (Omega II).
SYSTEMS: dict[str, CountSystem] = {s.name: s for s in (
    CountSystem("hilo", (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1), True, "Hi-Lo (Dubner, Wong)"),
    CountSystem("ko", (-1, 1, 1, 1, 1, 1, 1, 0, 0, -1), False, "Knock-Out (unbalanced)"),
    CountSystem("hiopt1", (0, 0, 1, 1, 1, 1, 0, 0, 0, -1), True, "Hi-Opt I (Einstein, Humble)"),
    CountSystem("hiopt2", (0, 1, 1, 2, 2, 1, 1, 0, 0, -2), True, "Hi-Opt II"),
    CountSystem("omega2", (0, 1, 1, 2, 2, 2, 1, 0, -1, -2), True, "Omega II (Bryce Carlson)"),
    CountSystem("zen", (-1, 1, 1, 2, 2, 2, 1, 0, 0, -2), True, "Zen Count (Arnold Snyder)"),
    CountSystem("halves", (-1, 0.5, 1, 1, 1.5, 1, 0.5, 0, -0.5, -1), True,
                "Wong Halves"),
)}

#: Index files shipped with the package, by the count system they belong to.
DEFAULT_INDICES = {"hilo": "hilo-i18-fab4"}

_TABLES = {"hard": K.K_HARD, "soft": K.K_SOFT, "pair": K.K_PAIR}


@dataclass(frozen=True)
class IndexPlays:
    """Index plays in the kernel's layout: per (table, total, up) up to three entries tried in
    order: threshold, direction (0: at or above, 1: below) and the chart code to use."""

    name: str
    thresholds: np.ndarray
    directions: np.ndarray
    plays: np.ndarray
    #: Take insurance at or above this true count (None: the file has no insurance entry).
    insurance: float | None

    @classmethod
    def empty(cls) -> IndexPlays:
        shape = (3, 22, 11, K.INDEX_SLOTS)
        return cls("none", np.zeros(shape), np.zeros(shape, dtype=np.int64),
                   np.full(shape, -1, dtype=np.int64), None)

    @classmethod
    def parse(cls, text: str, name: str) -> IndexPlays:
        """Parse the CSV format of ``data/indices/*.csv`` (see that file's header)."""
        out = cls.empty()
        insurance: float | None = None
        rows = [r for r in csv.reader(io.StringIO(text))
                if r and not r[0].lstrip().startswith("#")]
        for n, row in enumerate(rows, 1):
            if len(row) != 6:
                raise ValueError(f"{name}: entry {n} needs 6 fields, not {len(row)}: {row}")
            table, total_s, up_s, when, count_s, play = (x.strip() for x in row)
            count = float(count_s)
            if when not in (">=", "<"):
                raise ValueError(f"{name}: entry {n}: 'when' must be >= or <, not {when!r}")
            if table == "insurance":
                if when != ">=":
                    raise ValueError(f"{name}: insurance is taken at or above a count")
                insurance = count
                continue
            if table not in _TABLES:
                raise ValueError(f"{name}: entry {n}: table must be hard, soft, pair or "
                                 f"insurance, not {table!r}")
            kind, total, up = _TABLES[table], int(total_s), int(up_s)
            limits = (4, 21) if kind == K.K_HARD else (12, 21) if kind == K.K_SOFT else (1, 10)
            if not limits[0] <= total <= limits[1] or not 1 <= up <= 10:
                raise ValueError(f"{name}: entry {n}: no {table} {total} against {up}")
            if play.upper() not in PLAY_CODES:
                raise ValueError(f"{name}: entry {n}: unknown play {play!r}")
            slots = out.plays[kind, total, up]
            free = np.flatnonzero(slots < 0)
            if free.size == 0:
                raise ValueError(f"{name}: more than {K.INDEX_SLOTS} entries for one hand")
            k = int(free[0])
            out.thresholds[kind, total, up, k] = count
            out.directions[kind, total, up, k] = 0 if when == ">=" else 1
            out.plays[kind, total, up, k] = PLAY_CODES[play.upper()]
        return cls(name, out.thresholds, out.directions, out.plays, insurance)

    @classmethod
    def load(cls, name_or_path: str) -> IndexPlays:
        """A shipped index set by name (``hilo-i18-fab4``) or a CSV file."""
        path = Path(name_or_path)
        if path.is_file():
            return cls.parse(path.read_text(encoding="utf-8"), path.name)
        shipped = resources.files("twentyone.data").joinpath("indices", f"{name_or_path}.csv")
        if not shipped.is_file():
            raise ValueError(f"no index file or shipped index set named {name_or_path!r}")
        return cls.parse(shipped.read_text(encoding="utf-8"), name_or_path)

    @property
    def count(self) -> int:
        return int((self.plays >= 0).sum()) + (self.insurance is not None)
