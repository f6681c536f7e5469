"""Hand histories: JSON records that deal exactly the same rounds again.

A history is the table as it stood before (seats' chips, the rack, the shoe in order), every
player operation since, every shuffle since, and the events the table logged. Replaying runs the
same operations against a table restored from the snapshot, with the recorded shuffles, and
demands the very same events. Replaying the operations, rather than folding the events into a
second copy of the state, means the rules are applied by one piece of code only: a replay can
never disagree with the table about what the rules say, only show that a record was altered.

The same snapshot lets a game resume after a crash: restore it and carry on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from twentyone.cards import MAX_DECKS, card_by_id
from twentyone.engine.chips import ChipSet, Rack
from twentyone.engine.hand import DealerHand
from twentyone.engine.ops import op_from_json
from twentyone.engine.shoe import ReplayShuffler, Shuffler, ShuffleRecord
from twentyone.engine.table import Phase, Seat, Table
from twentyone.errors import ReplayError, TableError, TwentyOneError
from twentyone.rules import Rules

FORMAT = "twentyone-history/1"


def snapshot(table: Table) -> dict[str, Any]:
    """The table between rounds, as JSON-ready data (the shoe's order included: this is the
    house's record, never shown to a player)."""
    if table.phase is not Phase.BETTING or any(s.hands for s in table.seats.values()):
        raise TableError("a snapshot is taken between rounds, before any bet is placed")
    shoe = table.shoe
    return {
        "rules": table.rules.to_mapping(),
        "round": table.round,
        "seats": {str(n): list(s.chips) for n, s in sorted(table.seats.items())},
        "rack": {"counts": list(table.rack.counts), "capacity": table.rack.capacity,
                 "standard": table.rack.standard, "fills": table.rack.fills,
                 "credits": table.rack.credits},
        "shoe": {"cards": [c.id for c in shoe.cards], "pos": shoe.pos,
                 "cut_index": shoe.cut_index, "discards": [c.id for c in shoe.discards],
                 "refilled": shoe.refilled},
    }


def _check_snapshot(state: object) -> None:
    """A snapshot's every field has its type and range, so a restored table is a table the
    engine could have left; anything else is a ``ReplayError``, never a failure deep inside."""

    def whole(x: object, low: int = 0) -> bool:
        return isinstance(x, int) and not isinstance(x, bool) and x >= low

    def wholes(xs: object, length: int | None = None) -> bool:
        return (isinstance(xs, list) and all(whole(x) for x in xs)
                and (length is None or len(xs) == length))

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ReplayError(f"the table before the round is not a table: {what}")

    need(isinstance(state, dict), "not an object")
    assert isinstance(state, dict)
    need(isinstance(state.get("rules"), dict), "no rules")
    need(whole(state.get("round")), "the round number")
    seats, rack, shoe = state.get("seats"), state.get("rack"), state.get("shoe")
    need(isinstance(seats, dict) and isinstance(rack, dict) and isinstance(shoe, dict),
         "seats, rack or shoe missing")
    assert isinstance(seats, dict) and isinstance(rack, dict) and isinstance(shoe, dict)
    colours = len(state["rules"].get("chips") or {}) or None
    need(all(isinstance(n, str) and n.isdigit() and wholes(c, colours) for n, c in seats.items()),
         "a seat's chips")
    need(wholes(rack.get("counts"), colours)
         and all(whole(rack.get(k)) for k in ("capacity", "standard", "fills", "credits")),
         "the rack")
    cards, discards = shoe.get("cards"), shoe.get("discards")
    need(wholes(cards) and wholes(discards), "the shoe's cards")
    assert isinstance(cards, list) and isinstance(discards, list)
    need(all(c < MAX_DECKS * 52 for c in cards + discards), "a card that does not exist")
    need(whole(shoe.get("pos")) and shoe["pos"] <= len(cards), "the shoe's place")
    cut = shoe.get("cut_index")
    need(cut is None or (whole(cut) and cut <= len(cards)), "the cut card")
    need(isinstance(shoe.get("refilled"), bool), "the shoe's refill mark")


def restore(state: dict[str, Any], shuffler: Shuffler | None = None) -> Table:
    """A table exactly as a snapshot left it (checked first: see ``_check_snapshot``)."""
    _check_snapshot(state)
    rules = Rules.from_mapping(state["rules"])
    table = Table(rules, shuffler or ReplayShuffler([]), rack=Rack(
        chipset=ChipSet.of(rules.chips), counts=list(state["rack"]["counts"]),
        capacity=state["rack"]["capacity"], standard=state["rack"]["standard"],
        fills=state["rack"]["fills"], credits=state["rack"]["credits"]),
        shuffle_now=False)
    table.round = state["round"]
    table.seats = {int(n): Seat(int(n), list(chips)) for n, chips in state["seats"].items()}
    shoe = table.shoe
    shoe.cards = [card_by_id(i) for i in state["shoe"]["cards"]]
    shoe.pos = state["shoe"]["pos"]
    shoe.cut_index = state["shoe"]["cut_index"]
    shoe.discards = [card_by_id(i) for i in state["shoe"]["discards"]]
    shoe.refilled = state["shoe"]["refilled"]
    table.dealer = DealerHand()
    return table


class Recorder:
    """Records a table from now on; ``history()`` gives the JSON record."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.before = snapshot(table)
        self._log = len(table.log)
        self._ops = len(table.ops)
        self._shuffles = len(table.shoe.history)

    def history(self) -> dict[str, Any]:
        t = self.table
        return {
            "format": FORMAT,
            "before": self.before,
            "operations": [op.to_json() for op in t.ops[self._ops:]],
            "shuffles": [{"order": [c.id for c in r.order], "cut_at": r.cut_at,
                          "behind": r.behind} for r in t.shoe.history[self._shuffles:]],
            "events": [e.to_json() for e in t.log[self._log:]],
        }


def replay(history: dict[str, Any]) -> Table:
    """Deal a history again; raises ``ReplayError`` at the first event that differs."""
    if history.get("format") != FORMAT:
        raise ReplayError(f"not a {FORMAT} record")
    try:
        table = restore(history["before"], ReplayShuffler(shuffle_records(history["shuffles"])))
        operations, events = history["operations"], history["events"]
    except (KeyError, IndexError, TypeError, ValueError) as exc:  # RulesError is a ValueError
        raise ReplayError(f"not a complete {FORMAT} record: {exc!r}") from None
    return replay_onto(table, operations, events)


def _objects(data: object, what: str) -> list[dict[str, Any]]:
    """A record's list of operations or events, each an object; anything else is refused
    before a replay walks it."""
    if not (isinstance(data, list) and all(isinstance(x, dict) for x in data)):
        raise ReplayError(f"the record's {what} are not a list of {what}")
    return data


def shuffle_records(data: object) -> list[ShuffleRecord]:
    """The shuffles of a JSON history, for a ``ReplayShuffler``; a shuffle that is not one (a
    card that does not exist, a cut that is not a place in the pack) is a ``ReplayError``."""

    def place(x: object, size: int) -> bool:
        return x is None or (isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= size)

    if not isinstance(data, list):
        raise ReplayError("the shuffles are not a list")
    out = []
    for s in data:
        order = s.get("order") if isinstance(s, dict) else None
        if not (isinstance(order, list) and all(
                isinstance(i, int) and not isinstance(i, bool) and 0 <= i < MAX_DECKS * 52
                for i in order)):
            raise ReplayError(f"a shuffle holds cards that do not exist: {s!r}"[:200])
        assert isinstance(s, dict)
        if not (place(s.get("cut_at"), len(order)) and place(s.get("behind"), len(order))):
            raise ReplayError("a shuffle's cut is not a place in the pack")
        out.append(ShuffleRecord([card_by_id(i) for i in order], s["cut_at"], s["behind"]))
    return out


def replay_onto(table: Table, operations: object, events: object) -> Table:
    """Run recorded operations on ``table`` (any game built on ``Table``, its shuffler replaying
    the recorded shuffles) and demand the recorded events; ``ReplayError`` at the first that
    differs. Each operation is read back as its type from the table's own registry
    (``table.operations``), so a record can name only an operation the table has."""
    operations, events = _objects(operations, "operations"), _objects(events, "events")
    start = len(table.log)
    for data in operations:
        op = op_from_json(data, table.operations)
        try:
            table.apply(op)
        except TwentyOneError as exc:
            raise ReplayError(f"operation {data} failed on replay: {exc}") from None
    got = [e.to_json() for e in table.log[start:]]
    want = events
    for i, (g, w) in enumerate(zip(got, want, strict=False)):
        if g != w:
            raise ReplayError(f"event {i} differs: recorded {w}, replayed {g}")
    if len(got) != len(want):
        raise ReplayError(f"recorded {len(want)} events, replayed {len(got)}")
    return table


def save(history: dict[str, Any], path: Path) -> None:
    path.write_text(json.dumps(history, separators=(",", ":")), encoding="utf-8")


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
