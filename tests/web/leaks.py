"""An independent check that a state frame shows a viewer no card the rules hide from them.

It reads the engine's own cards (each card on the layout with its face, the log's dealt and
turned cards) rather than the views the server sends, so the server's hiding is checked against
the table, not against itself."""

from __future__ import annotations

from collections import Counter
from typing import Any

from patches import canonical, resolve, state_of

from twentyone.cards import fresh_shoe
from twentyone.engine.events import Kind
from twentyone.engine.table import Table
from twentyone.protocol import HOUSE

Frame = dict[str, Any]


def may_see_layout(table: Table, viewer: int) -> dict[tuple[int, int, int], bool]:
    """(seat, hand, card) -> may the viewer see it, for every card on the layout now."""
    out = {}
    banker = viewer != 0 and viewer == table.dealer_seat
    for i, up in enumerate(table.dealer.face_up):
        out[(HOUSE, 0, i)] = up or banker
    for n, s in table.seats.items():
        for j, h in enumerate(s.hands):
            for k, up in enumerate(h.face_up):
                face_down_double = (h.doubled and k == len(h.cards) - 1
                                    and table.rules.double_face_down)
                out[(n, j, k)] = up or (n == viewer and not face_down_double)
    return out


def _round_start(table: Table) -> int:
    ends = [i for i, e in enumerate(table.log) if e.kind is Kind.ROUND_ENDED]
    return ends[-2] + 1 if len(ends) > 1 else 0


def seen_in_round(table: Table, viewer: int, begin: int, end: int,
                  seated_at: int = 0) -> Counter[str]:
    """The codes of every card the viewer saw in ``table.log[begin:end]``, the viewer having
    sat down at ``table.log[seated_at]`` (docs/web.md#who-holds-a-hand: a card dealt to the
    seat before then was the earlier holder's)."""
    seen: Counter[str] = Counter()
    doubling: tuple[int, int] | None = None
    hands: dict[int, list[list[Any]]] = {}
    for i, e in enumerate(table.log[begin:end], begin):
        if e.kind is Kind.DOUBLED:
            doubling = (e.seat, e.hand)
        if e.kind is Kind.DEALT and e.seat != HOUSE and not e.note:
            held = hands.setdefault(e.seat, [])
            while len(held) <= e.hand:
                held.append([])
            held[e.hand].append(e.card)
        if e.kind is Kind.SPLIT:
            # The card moved to the new hand is laid face up (a pitch pair is shown).
            held = hands.get(e.seat, [])
            if len(held) >= e.hand and held[e.hand - 1]:  # dealt within this stretch of log
                moved = held[e.hand - 1].pop()
                held.insert(e.hand, [moved])
                seen[moved.code] += 1
        if e.card is None:
            continue
        own = e.kind is Kind.DEALT and i >= seated_at and (
            (e.seat == viewer != 0) or (e.seat == HOUSE and viewer == table.dealer_seat != 0))
        hidden_double = doubling == (e.seat, e.hand) and table.rules.double_face_down
        if e.face_up or e.kind is Kind.TURNED or (own and not hidden_double):
            seen[e.card.code] += 1
        if e.kind is Kind.DEALT:
            doubling = None
    return seen


def _words(frame: Frame) -> list[str]:
    text = repr(frame)
    return [f"the frame mentions {word}" for word in ("order", "salt", "'cards_left'")
            if word in text]


def patch_leaks(delta: Frame, whole: Frame) -> list[str]:
    """What a delta frame, as sent, carries that ``whole`` (the whole state frame for the same
    viewer, which ``leaks`` checks) does not: every value it sets must be the whole frame's
    value at that place, and its events and calls the whole frame's."""
    found = _words(delta)
    state = state_of(whole)
    for op in delta["patch"]:
        if op["op"] == "remove":
            continue
        try:
            there = resolve(state, op["path"])
        except (KeyError, IndexError, ValueError):
            found.append(f"the delta sets {op['path']}, which the whole frame has not")
            continue
        if canonical(there) != canonical(op["value"]):
            found.append(f"the delta sets {op['path']} to what the whole frame does not show")
    if canonical([delta["events"], delta["calls"]]) != canonical([whole["events"],
                                                                  whole["calls"]]):
        found.append("the delta's events or calls are not the whole frame's")
    return found


def leaks(frame: Frame, table: Table, viewer: int, since: int | None = None,
          seated_at: int = 0) -> list[str]:
    """What ``frame`` (a state frame for ``viewer``, who sat down at ``table.log[seated_at]``,
    built now) shows that it should not. Its cards are read from the whole frame as sent: every
    member of its state, not only the body."""
    found = _words(frame)
    body = frame["body"]
    # Cards stand only on the layout: anywhere else in the state (names aside) is a leak.
    rest = {k: v for k, v in state_of(frame).items() if k not in ("body", "room")}
    stray = card_codes([rest, {k: v for k, v in body.items() if k not in ("dealer", "seats")},
                        {k: v for k, v in frame["room"].items() if k != "seats"}])
    if stray:
        found.append(f"the frame shows cards outside the layout: {sorted(stray)}")
    if not body["settled"]:
        may = may_see_layout(table, viewer)
        for i, c in enumerate(body["dealer"]):
            if c is not None and not may.get((HOUSE, 0, i), False):
                found.append(f"dealer card {i} ({c}) is hidden")
        for s in body["seats"]:
            for j, h in enumerate(s["hands"]):
                for k, c in enumerate(h["cards"]):
                    if c is not None and not may.get((s["number"], j, k), False):
                        found.append(f"seat {s['number']} hand {j} card {k} is hidden")
    else:
        ends = [i for i, e in enumerate(table.log) if e.kind is Kind.ROUND_ENDED]
        seen = seen_in_round(table, viewer, _round_start(table), ends[-1] + 1, seated_at)
        shown: Counter[str] = Counter()
        for c in body["dealer"]:
            if c is not None:
                shown[c] += 1
        for s in body["seats"]:
            for h in s["hands"]:
                shown.update(str(c) for c in h["cards"] if c is not None)
        extra = shown - seen
        if extra:
            found.append(f"the settled round shows cards never shown: {sorted(extra)}")
    if since is not None:
        log = table.log[since:]
        events = frame["events"]
        if len(events) != len(log):
            found.append(f"{len(events)} events for {len(log)} in the log")
        seen_now = seen_in_round(table, viewer, since, len(table.log), seated_at)
        shown_events = Counter(c for e in events if (c := e.get("card")) is not None)
        extra = shown_events - seen_now
        if extra:
            found.append(f"events show hidden cards: {sorted(extra)}")
    return found


#: Every card's code, to find one anywhere in a frame.
ALL_CODES = frozenset(c.code for c in fresh_shoe(1))


def card_codes(value: Any) -> set[str]:
    """Every card code anywhere in ``value`` (JSON): any text that names a card."""
    if isinstance(value, str):
        return {value} if value in ALL_CODES else set()
    if isinstance(value, dict):
        return set().union(*(card_codes(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_codes(v) for v in value)) if value else set()
    return set()
