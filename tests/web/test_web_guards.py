"""Guards that nothing else would notice if they stopped working (issue 22, "the tests
themselves"): each test here was seen to fail with its guard taken out.

- A seat that changes hands is no longer the old holder's: a connection still open from before
  (the player who left, on any of their devices) cannot act with the next occupant's chips.
- Closing a room mid-round writes the round's net to the ledger before anyone is cashed out, so
  the ledger's rows for each seat add up: buy-ins, plus each round's net, are the cash-out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_kit import party, table_of

from twentyone.web.store import LedgerRow

#: Two seats: seat 1 holds 10 and 6, seat 2 holds 9 and 8; the dealer shows a 5 over a 7; the
#: next card, a king, busts seat 1 when it hits.
STACK = ["10s", "9h", "5d", "6h", "8c", "7d", "Kc"]


def test_a_seat_taken_by_someone_else_is_not_the_old_holders(tmp_path: Path) -> None:
    """Ann leaves seat 1 with two devices still connected; Bob sits there. Neither of Ann's
    connections can bet, leave or change chips for Bob: the room checks, on every request,
    that the connection's token is the one that holds the seat now."""
    with party(tmp_path / "l.db") as p:
        ann = p.join()
        assert p.sit(ann, "Ann", 10_000, seat=1)["ok"]
        phone = p.join(ann.token)  # Ann's second device, on her token
        assert p.act(ann, "leave")["ok"]
        bob = p.join()
        assert p.sit(bob, "Bob", 20_000, seat=1)["ok"]
        for old in (ann, phone):
            requests: list[tuple[str, dict[str, Any]]] = [
                ("bet", {"amount": 1000}), ("leave", {}), ("colour_up", {}),
                ("buy", {"amount": 1000})]
            for op, args in requests:
                refused = old.send(op, None, **args)
                assert refused["type"] == "error", (op, refused)
                assert refused["error"] == "NotAllowedError", (op, refused)
            assert old.view["viewer"] == 0  # a spectator's view, not Bob's
        seat = table_of(p.room).seats[1]
        assert p.room.people[1].name == "Bob" and not seat.hands
        assert table_of(p.room).bankroll(1) == 20_000
        assert p.act(bob, "bet", amount=1000)["ok"]


def _ledger(p: object) -> list[LedgerRow]:
    site = p.client.app.state.site  # type: ignore[attr-defined]
    rows: list[LedgerRow] = site.store.ledger(p.code)  # type: ignore[attr-defined]
    return rows


def test_closing_mid_round_writes_the_rounds_net_before_the_cash_outs(tmp_path: Path) -> None:
    """Seat 1 hits and busts (its bet is lost and settled); the host closes the room while
    seat 2 is still to play (its bet comes back). The ledger says, in order, each seat's buy-in,
    the round's net, then the cash-out, and for every seat they add up."""
    with party(tmp_path / "l.db", STACK, settings={"turn_s": 0}) as p:
        ann, bob = p.join(), p.join()
        assert p.sit(ann, "Ann", 10_000, seat=1)["ok"]
        assert p.sit(bob, "Bob", 10_000, seat=2)["ok"]
        assert p.act(ann, "bet", amount=1000)["ok"]
        assert p.act(bob, "bet", amount=2000)["ok"]
        assert p.act(p.host, "deal")["ok"]
        assert p.act(ann, "hit")["ok"]
        assert ann.view["seats"][0]["hands"][0]["outcome"] == "bust"
        assert table_of(p.room).to_act == (2, 0)
        p.host.send("close")
        rows = _ledger(p)
        for seat, net in ((1, -1000), (2, 0)):
            mine = [(r.kind, r.amount) for r in rows if r.seat == seat]
            assert mine == [("buy-in", 10_000), ("round", net), ("cash-out", 10_000 + net)], mine
