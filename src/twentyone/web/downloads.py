"""What a host (or a player) can download from a room: hand histories in the project's replayable
formats, and the ledger as CSV.

Histories are written by dealing the room again from the ledger (its operations against its
stored shuffles) as its registry entry's ``records`` (``blackjack.redeal``: the engine's own
recorder), with the salts the room published its shoe commitments with, so ``twentyone verify``
checks them like any terminal game's. A download is written from the room as it stood when its
last round ended (the records' ``settled``), never from the round in play: only rounds already
finished are written, and only shoes shuffled away before the round in play began are opened,
so a download never shows a card still to come nor one dealt face down in the round in play,
even when the shoe ran out and was refilled inside that round. The house's rounds dealt from
the shoe in play are given as their hashes only, a Pontoon game stops where the pack the round
in play began with was shuffled, and a seat's history begins with the round its holder sat in.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from typing import Any

from twentyone.cards import Card
from twentyone.engine.records import PlayerChain
from twentyone.engine.shoe import ShuffleResult
from twentyone.games.registry import TABLES, TableRecords
from twentyone.rules import Rules
from twentyone.web.shoes import LedgerShuffler, commitment
from twentyone.web.spec import RoomSpec
from twentyone.web.store import LedgerRow, StoredRoom, StoredShuffle


class _Tail:
    """The engine's shuffler hook for a ``Replay``: the stored shuffles, as many as the ledger
    has handed over so far (a later ``extend`` brings the shuffles its operations dealt)."""

    def __init__(self) -> None:
        self.stored: list[StoredShuffle] = []
        self._dealt = 0
        self._now = LedgerShuffler([], None)

    def shuffle(self, cards: list[Card], rules: Rules) -> ShuffleResult:
        n = self._dealt
        self._now = LedgerShuffler(self.stored[n:n + 1], None)
        self._dealt = n + 1
        return self._now.shuffle(cards, rules)

    def cut_card_behind(self, rules: Rules) -> int:
        return self._now.cut_card_behind(rules)


class Replay:
    """A room dealt again from its ledger, kept: the game's record of it (the registry entry's
    ``records``: the house's lines, and ``seat``'s lines each with the number of operations
    applied when its round ended). A later download ``extend``s it with what the ledger took
    since, so no finished round is dealt twice."""

    def __init__(self, spec: dict[str, Any], seat: int | None) -> None:
        self._spec = RoomSpec.from_json(spec)
        self._tail = _Tail()
        #: Made by the first ``extend``: a table shuffles its first shoe as it is made.
        self._records: TableRecords | None = None
        self._salts: list[str] = []
        self.seat = seat

    @property
    def records(self) -> TableRecords:
        if self._records is None:
            entry = TABLES[self._spec.game]
            self._records = entry.records(self._spec.rules, self._tail, self.seat,
                                          self._salts.__getitem__)
        return self._records

    @property
    def applied(self) -> int:
        """How many of the ledger's operations this has dealt (none before the first
        ``extend``, which makes the table once the ledger has handed over its first shoe)."""
        return 0 if self._records is None else self._records.applied

    @property
    def shuffles(self) -> int:
        """How many of the ledger's shuffles this holds."""
        return len(self._tail.stored)

    @property
    def stored(self) -> list[StoredShuffle]:
        """The ledger's shuffles this holds, with their salts."""
        return self._tail.stored

    def extend(self, ops: Sequence[dict[str, Any]], shuffles: Sequence[StoredShuffle]) -> None:
        """Deal the operations the ledger took after the ones already dealt, with the shuffles
        it took after the ones already held."""
        self._tail.stored.extend(shuffles)
        self._salts.extend(s.salt for s in shuffles)
        self.records.extend(ops)


def _replay(saved: StoredRoom, seat: int | None) -> Replay:
    replay = Replay(saved.spec, seat)
    replay.extend(saved.ops, saved.shuffles)
    return replay


def house_record(saved: StoredRoom) -> list[dict[str, Any]]:
    """The house's full record: the casino game's chained house record
    (``twentyone-house-record/1``), its rounds from the shoe in play given as their hashes; or
    Pontoon's whole-game history, as far as the pack in play."""
    return house_lines(_replay(saved, None), closed=saved.closed)


def house_lines(replay: Replay, closed: bool = False) -> list[dict[str, Any]]:
    """``house_record`` from a room already dealt again; ``closed``: the room is closed, so
    every shoe is finished. Written as of the end of the last round (the game's ``settled``):
    a shoe the round in play began with is in play, though it ran out inside that round."""
    stored = replay.stored
    return replay.records.house_lines(closed, lambda n: commitment(stored[n]))


def seat_history(saved: StoredRoom, seat: int, since_op: int) -> list[dict[str, Any]]:
    """What ``seat`` saw, one line a round (``twentyone-player-history/2``)."""
    return seat_lines(_replay(saved, seat), since_op)


def seat_lines(replay: Replay, since_op: int) -> list[dict[str, Any]]:
    """``seat_history`` from a room already dealt again for that seat: what it saw since its
    holder sat down (operation ``since_op``), numbered and chained afresh. Nothing of a round
    that ended before then, not even the chips of whoever sat there; the commitments and
    openings of those rounds are carried into the first line, so every shoe opened later was
    committed to before."""
    out: list[dict[str, Any]] = []
    carried: dict[str, list[dict[str, Any]]] = {"committed": [], "opened": []}
    chain = PlayerChain()
    for applied, line in replay.records.player:
        if applied <= since_op:
            for key, items in carried.items():
                items.extend(line[key])
            continue
        body = {k: v for k, v in line.items() if k not in ("seq", "prev")}
        if not out:
            for key, items in carried.items():
                body[key] = [*items, *line[key]]
            # Counted before the holder sat down: not theirs to see, nor to be held to.
            body["chips"] = {**line["chips"], "from": None}
            body["events"] = _since_sat(line["events"], line["seat"])
        out.append(chain.link(body))
    return out


def _since_sat(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """A holder's first line's events from their own arrival at ``seat`` on: the line began
    before they sat down, and what the seat's earlier holder did in it (their cash-out and its
    chips) is not theirs to see."""
    sat = [i for i, e in enumerate(events) if e.get("kind") == "sat" and e.get("seat") == seat]
    return events[sat[-1]:] if sat else events


def jsonl(lines: Iterable[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)


def ledger_csv(rows: Iterable[LedgerRow]) -> str:
    """Buy-ins, cash-outs and each round's net per seat, in cents and dollars; at a card room,
    each hand's score per seat (``"hand"`` rows: points, not money, so no dollars)."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["kind", "round", "seat", "name", "cents", "dollars"])
    for r in rows:
        sign = "-" if r.amount < 0 else ""
        whole, cents = divmod(abs(r.amount), 100)
        money = "" if r.kind == "hand" else f"{sign}{whole}.{cents:02d}"
        w.writerow([_cell(r.kind), r.round, r.seat, _cell(r.name), r.amount, money])
    return out.getvalue()


def sheet_csv(header: Sequence[str], rows: Iterable[Sequence[str | int]]) -> str:
    """A card room's score sheet (``games.core.sheet``) as CSV: the header, then a row per
    hand and the totals. A cell a spreadsheet would read as a formula (a name beginning with
    ``=``, ``+``, ``-`` or ``@``) is written with a leading apostrophe, so a player's name can
    never run as one on the host's computer."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([_cell(h) for h in header])
    for r in rows:
        w.writerow([_cell(c) for c in r])
    return out.getvalue()


#: What a spreadsheet may read as the start of a formula: ``=``, ``+``, ``-``, ``@`` (and
#: their full-width forms, which some read the same), and a tab or line break before one.
FORMULA_START = frozenset("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20")


def _cell(value: str | int) -> str | int:
    """A cell as written: text that a spreadsheet would run as a formula gets a leading
    apostrophe, which makes it text (numbers are written as numbers)."""
    if isinstance(value, str) and value[:1] in FORMULA_START:
        return "'" + value
    return value
