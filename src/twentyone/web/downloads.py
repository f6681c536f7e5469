"""What a host (or a player) can download from a room: hand histories in the project's replayable
formats, and the ledger as CSV.

Histories are written by dealing the room again from the ledger (its operations against its
stored shuffles) through the engine's own recorder (``engine.records.Recording``), with the
salts the room published its shoe commitments with, so ``twentyone verify`` checks them like any
terminal game's. Only rounds already finished are written, and only shoes already finished are
opened: a download never shows a card still to come. The house's rounds dealt from the shoe in
play are given as their hashes only (``records.committed_line``), a Pontoon game stops where the
pack in play was shuffled, and a seat's history begins with the round its holder sat in. Every
function here is a pure function of the stored room.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import Any

from twentyone.engine.ops import op_from_json
from twentyone.engine.records import PlayerChain, Recording, committed_line
from twentyone.engine.table import Phase, Table
from twentyone.pontoon.history import committed_game, game_history
from twentyone.pontoon.table import PontoonTable
from twentyone.web.shoes import LedgerShuffler, commitment
from twentyone.web.spec import RoomSpec, make_table
from twentyone.web.store import LedgerRow, StoredRoom


def _between_rounds(t: Table) -> bool:
    return t.phase is Phase.BETTING and not any(s.hands for s in t.seats.values())


class _Dealt:
    """A room dealt again from its ledger: the house's lines, each with the number of shuffles
    made when its round ended, and the watched seat's lines, each with the number of operations
    applied when its round ended."""

    def __init__(self, saved: StoredRoom, seat: int | None) -> None:
        spec = RoomSpec.from_json(saved.spec)
        table = make_table(spec, LedgerShuffler(saved.shuffles, None))
        salts = [s.salt for s in saved.shuffles]
        watched = [] if seat is None else [seat]
        rec: Recording | None = None
        self.house: list[tuple[int, dict[str, Any]]] = []
        self.player: list[tuple[int, dict[str, Any]]] = []
        #: Operations, events and shuffles before the operation that shuffled the shoe in play.
        self.cut = (0, 0, 0)
        for n, data in enumerate(saved.ops):
            if rec is None and table.shoe.history and _between_rounds(table):
                rec = Recording(table, watched, salt_of=salts.__getitem__)
                rec.round_started()
            before = (n, len(table.log), len(table.shoe.history))
            table.apply(op_from_json(data, table.operations))
            if len(table.shoe.history) > before[2]:
                self.cut = before
            if rec is not None and _between_rounds(table):
                lines = rec.round_ended()
                if lines is not None:
                    self.house.append((len(table.shoe.history), lines[0]))
                    if seat is not None:
                        self.player.append((n + 1, lines[1][seat]))
                rec.round_started()
        self.table = table
        self.saved = saved

    def shoe_finished(self, shuffles: int) -> bool:
        """Is the shoe in play after ``shuffles`` shuffles finished: shuffled away since, or
        the room closed?"""
        return self.saved.closed or shuffles < len(self.table.shoe.history)


def house_record(saved: StoredRoom) -> list[dict[str, Any]]:
    """The house's full record: the casino game's chained house record
    (``twentyone-house-record/1``), its rounds from the shoe in play given as their hashes; or
    Pontoon's whole-game history, as far as the pack in play."""
    dealt = _Dealt(saved, None)
    table = dealt.table
    if isinstance(table, PontoonTable):
        if not table.log:
            return []
        history = game_history(table)
        shuffles = len(table.shoe.history)
        if not shuffles or dealt.shoe_finished(shuffles):
            return [history]  # no card yet, or every pack finished
        shoe = {"shoe": shuffles, "hash": commitment(saved.shuffles[shuffles - 1])}
        return [committed_game(history, dealt.cut, shoe)]
    return [line if dealt.shoe_finished(shuffles) else committed_line(line)
            for shuffles, line in dealt.house]


def seat_history(saved: StoredRoom, seat: int, since_op: int) -> list[dict[str, Any]]:
    """What ``seat`` saw since its holder sat down (operation ``since_op``), one line a round
    (``twentyone-player-history/2``), numbered and chained afresh: nothing of a round that
    ended before then, not even the chips of whoever sat there. The commitments and openings of
    the rounds before are carried into the first line, so every shoe opened later was committed
    to before."""
    out: list[dict[str, Any]] = []
    carried: dict[str, list[dict[str, Any]]] = {"committed": [], "opened": []}
    chain = PlayerChain()
    for applied, line in _Dealt(saved, seat).player:
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
        out.append(chain.link(body))
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
