"""Chip games' histories in a format of their own, written before the one protocol: the
terminal Pontoon game's (``pontoon.history``, its rules naming every player), read as the
protocol's history (``CasinoGame.history``) so that it is dealt again through ``CasinoGame``
like any other (``games.history.replay_record``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from twentyone.engine.shoe import Shuffler
from twentyone.engine.table import Table
from twentyone.errors import ReplayError
from twentyone.pontoon.history import FORMAT as PONTOON_FORMAT
from twentyone.pontoon.table import PontoonRules, PontoonTable

from .game import HISTORY_FORMAT

#: The errors a damaged record (a field missing or of the wrong kind) raises while it is read.
DAMAGE = (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
          RecursionError)


@dataclass(frozen=True, slots=True)
class OwnFormat:
    """A format of its own: the game it records, and its table from the file's rules."""

    game: str
    make: Callable[[Mapping[str, Any], Shuffler], Table]

    def as_protocol(self, data: Mapping[str, Any]) -> tuple[dict[str, Any], str | None]:
        """The record as the protocol's history, and the commitment to the pack in play for a
        record written while one was (its rounds are not in the record)."""
        committed = data.get("committed")
        if committed is not None and not (
                isinstance(committed, dict) and isinstance(committed.get("hash"), str)
                and isinstance(committed.get("shoe"), int)):
            raise ReplayError("the record's commitment to the pack in play is not one")
        history = {"format": HISTORY_FORMAT, "game": self.game, "rules": data["rules"],
                   "shuffles": data["shuffles"], "ops": data["operations"],
                   "events": data["events"]}
        return history, None if committed is None else str(committed["hash"])


#: Each format of its own, by its ``format`` field.
OWN_FORMATS = {PONTOON_FORMAT: OwnFormat("pontoon", lambda rules, shuffler: PontoonTable(
    PontoonRules(**rules), shuffler))}
