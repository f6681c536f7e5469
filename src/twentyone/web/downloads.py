"""What a host (or a player) can download from a room: hand histories in the project's replayable
formats, and the ledger as CSV.

Histories are written by dealing the room again from the ledger (its operations against its
stored shuffles) through the engine's own recorder (``engine.records.Recording``), with the
salts the room published its shoe commitments with, so ``twentyone verify`` checks them like any
terminal game's. Only rounds already finished are written, and only shoes already finished are
opened: a download never shows a card still to come.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import Any

from twentyone.engine.ops import op_from_json
from twentyone.engine.records import Recording
from twentyone.engine.table import Phase, Table
from twentyone.pontoon.history import game_history
from twentyone.pontoon.table import PontoonTable
from twentyone.web.shoes import LedgerShuffler
from twentyone.web.spec import RoomSpec, make_table
from twentyone.web.store import LedgerRow, StoredRoom


def _between_rounds(t: Table) -> bool:
    return t.phase is Phase.BETTING and not any(s.hands for s in t.seats.values())


def _lines(saved: StoredRoom, seat: int | None) -> tuple[Table, list[dict[str, Any]],
                                                        list[tuple[int, dict[str, Any]]]]:
    """Deal the room again; the house's lines, and ``seat``'s lines each with the number of
    operations applied when its round ended."""
    spec = RoomSpec.from_json(saved.spec)
    table = make_table(spec, LedgerShuffler(saved.shuffles, None))
    salts = [s.salt for s in saved.shuffles]
    watched = [] if seat is None else [seat]
    rec: Recording | None = None
    house: list[dict[str, Any]] = []
    player: list[tuple[int, dict[str, Any]]] = []
    for n, data in enumerate(saved.ops):
        if rec is None and table.shoe.history and _between_rounds(table):
            rec = Recording(table, watched, salt_of=salts.__getitem__)
            rec.round_started()
        table.apply(op_from_json(data, table.operations))
        if rec is not None and _between_rounds(table):
            lines = rec.round_ended()
            if lines is not None:
                house.append(lines[0])
                if seat is not None:
                    player.append((n + 1, lines[1][seat]))
            rec.round_started()
    return table, house, player


def house_record(saved: StoredRoom) -> list[dict[str, Any]]:
    """The house's full record: the casino game's chained house record
    (``twentyone-house-record/1``), or Pontoon's whole-game history."""
    table, house, _ = _lines(saved, None)
    if isinstance(table, PontoonTable):
        return [game_history(table)] if table.log else []
    return house


def seat_history(saved: StoredRoom, seat: int, since_op: int) -> list[dict[str, Any]]:
    """What ``seat`` saw, one line a round (``twentyone-player-history/1``). Rounds before this
    person sat down are kept (the shoes' commitments must be there for the openings that
    follow) but with their events left out: they saw nothing of them from this seat."""
    _, _, player = _lines(saved, seat)
    out = []
    for applied, line in player:
        if applied <= since_op:
            line = {**line, "events": []}
        out.append(line)
    return out


def jsonl(lines: Iterable[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)


def ledger_csv(rows: Iterable[LedgerRow]) -> str:
    """Buy-ins, cash-outs and each round's net per seat, in cents and dollars."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["kind", "round", "seat", "name", "cents", "dollars"])
    for r in rows:
        sign = "-" if r.amount < 0 else ""
        whole, cents = divmod(abs(r.amount), 100)
        w.writerow([r.kind, r.round, r.seat, r.name, r.amount, f"{sign}{whole}.{cents:02d}"])
    return out.getvalue()
