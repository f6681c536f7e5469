"""A chip table dealt again from a room's ledger, round by round, for the room's downloads
(``web.downloads``): the house's lines and one seat's, through the engine's own recorder
(``engine.records.Recording``), each written as of the end of the last round (``settled``), so
no download holds anything of the round in play.

The casino game's house record is its chained lines, a round from the shoe in play given as its
hash only (``records.committed_line``); a table with a changing bank (Pontoon) is recorded as its
own replayable history, as far as the pack the round in play began with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from twentyone.engine.ops import op_from_json
from twentyone.engine.records import Recording, committed_line
from twentyone.engine.table import Phase, Table
from twentyone.pontoon.history import committed_game, game_history

from .bank import has_bank


def _between_rounds(t: Table) -> bool:
    return t.phase is Phase.BETTING and not any(s.hands for s in t.seats.values())


class Redeal:
    """``table`` (new, its first shoe shuffled) dealt again operation by operation: the house's
    lines, and ``seat``'s lines each with the number of operations applied when its round
    ended. ``salt_of`` gives each shuffle's salt, as the room published its commitments."""

    def __init__(self, table: Table, seat: int | None, salt_of: Callable[[int], str]) -> None:
        self.table = table
        self.seat = seat
        self._salt_of = salt_of
        self._rec: Recording | None = None
        self.house: list[dict[str, Any]] = []
        #: How many shuffles had been made when each of the house's lines ended.
        self.ends: list[int] = []
        self.player: list[tuple[int, dict[str, Any]]] = []
        #: How many shuffles had been made when the last round ended (or the table was made):
        #: every download is written as of then, so nothing of the round in play is in it.
        self.settled = len(table.shoe.history)
        #: For each shuffle, the operations, events and shuffles before the operation that
        #: made it (the table's first shoe, shuffled as it is made, before any).
        self.cuts: list[tuple[int, int, int]] = [(0, 0, 0)] * self.settled
        #: How many operations this has dealt.
        self.applied = 0

    def extend(self, ops: Sequence[dict[str, Any]]) -> None:
        """Deal the ledger's operations after the ones already dealt."""
        table, seat = self.table, self.seat
        for data in ops:
            if self._rec is None and table.shoe.history and _between_rounds(table):
                self._rec = Recording(table, [] if seat is None else [seat],
                                      salt_of=self._salt_of)
                self._rec.round_started()
            before = (self.applied, len(table.log), len(table.shoe.history))
            table.apply(op_from_json(data, table.operations))
            self.applied += 1
            self.cuts.extend([before] * (len(table.shoe.history) - before[2]))
            if _between_rounds(table):
                self.settled = len(table.shoe.history)
            if self._rec is not None and _between_rounds(table):
                lines = self._rec.round_ended()
                if lines is not None:
                    self.house.append(lines[0])
                    self.ends.append(len(table.shoe.history))
                    if seat is not None:
                        self.player.append((self.applied, lines[1][seat]))
                self._rec.round_started()

    def house_lines(self, closed: bool, commitment: Callable[[int], str]) -> list[dict[str, Any]]:
        """The house's record as of the end of the last round; ``closed``: every shoe is
        finished. ``commitment(n)`` is the published hash of shuffle ``n`` (from 0). A shoe the
        round in play began with is in play, though it ran out inside that round."""
        table = self.table
        settled = self.settled

        def finished(at: int) -> bool:
            """Was the shoe in play after ``at`` shuffles shuffled away before the round in
            play?"""
            return closed or at < settled

        if has_bank(table):  # Pontoon's record is its own replayable history
            if not table.log:
                return []
            history = game_history(table)
            if not settled or finished(settled):
                return [history]  # no card yet, or every pack finished
            shoe = {"shoe": settled, "hash": commitment(settled - 1)}
            return [committed_game(history, self.cuts[settled - 1], shoe)]
        return [line if finished(at) else committed_line(line)
                for at, line in zip(self.ends, self.house, strict=True)]
