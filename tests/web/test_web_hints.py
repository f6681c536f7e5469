"""The ``?`` hint at a Pontoon room, asked on a player's own turn only and answered from that
seat's own sight only (docs/pontoon.md#hints; docs/web.md#at-the-table-in-the-browser)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_view import table_view
from web_kit import party, table_of

from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase, Table
from twentyone.engine.views import seen_cards
from twentyone.games.blackjack.hints import PontoonQuestion
from twentyone.web.protocol import Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore


def _unseen_by(table: Table, seat: int) -> Counter[int]:
    """The cards ``seat`` cannot see now, by value: the shoe's undealt cards, and every card
    face down on the table but its own."""
    out = Counter(c.value for c in table.shoe.cards[table.shoe.pos:])
    hands = [(table.dealer_seat, table.dealer)] + [
        (n, h) for n, s in table.seats.items() for h in s.hands]
    for owner, hand in hands:
        if owner != seat:
            out.update(c.value for c, up in zip(hand.cards, hand.face_up, strict=True) if not up)
    return out


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shuffle=st.integers(0, 2**32 - 1), data=st.data())
def test_a_pontoon_hint_never_counts_a_card_the_player_has_not_seen(shuffle: int,
                                                                     data: Any) -> None:
    room = Room("TEST01", RoomSpec.from_request({"game": "pontoon"}), "0" * 64,
                SqliteStore(Path(":memory:")), Sources(RandomShuffler.seeded(shuffle)))
    host = Actor(Role.HOST)
    players = [Actor(Role.SPECTATOR) for _ in range(3)]
    rid = iter(range(10**6))

    def ask(actor: Actor, op: str, **args: Any) -> None:
        frame, _ = room.handle(actor, Request(f"q{next(rid)}", op, args))
        assert frame["ok"], frame

    for n, p in enumerate(players):
        ask(p, "sit", name=f"P{n}", buy_in=50_000)
    ask(host, "draw_for_bank")
    t = table_of(room)
    asked = 0
    for _ in range(4):
        for p in players:
            if "bet" in table_view(room.state(p, None))["legal"]:
                ask(p, "bet", amount=t.rules.min_bet)
        if not t.can_deal():
            break
        ask(host, "deal")
        while t.phase is Phase.PLAYERS and t.to_act is not None:
            seat = t.to_act[0]
            actor = next(p for p in players if p.seat == seat)
            question = room.hint_question(seat)
            assert isinstance(question, PontoonQuestion)
            # Every card hidden from this seat is among the cards the hint draws from, and
            # the pool is exactly the pack less what the seat has seen.
            hidden = _unseen_by(t, seat)
            assert all(question.pool[v] >= n for v, n in hidden.items()), (question, hidden)
            assert sum(question.pool) + len(seen_cards(t, seat)) == 52
            assert question.up == next(c for c, up in zip(t.dealer.cards, t.dealer.face_up,
                                                          strict=True) if up).value
            asked += 1
            legal = [op for op in table_view(room.state(actor, None))["legal"]
                     if op in ("hit", "stand", "double", "split")]
            ask(actor, data.draw(st.sampled_from(sorted(legal))))
        while t.phase is not Phase.BETTING:  # the banker's own play
            banker = next(p for p in players if p.seat == t.dealer_seat)
            ask(banker, "dealer_stand" if t.dealer.total >= 17 else "dealer_hit")


def test_a_pontoon_hint_over_http(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", game="pontoon", settings={"turn_s": 0}) as p:
        people = [p.join() for _ in range(3)]
        for n, who in enumerate(people):
            assert p.sit(who, f"P{n}", 20_000)["ok"]
        assert p.act(p.host, "draw_for_bank")["ok"]
        t = table_of(p.room)
        url = f"/api/rooms/{p.code}/hint"
        for _ in range(20):  # until a deal reaches a player's decision (not a banker natural)
            for who in people:
                if "bet" in who.view["legal"]:
                    assert p.act(who, "bet", amount=t.rules.min_bet)["ok"]
            assert p.act(p.host, "deal")["ok"]
            if t.phase is Phase.PLAYERS:
                break
        assert t.to_act is not None
        on_turn = next(w for w in people if w.seat == t.to_act[0])
        banker = next(w for w in people if w.seat == t.dealer_seat)
        assert p.client.get(url, params={"token": banker.token}).status_code == 409
        got = p.client.get(url, params={"token": on_turn.token})
        assert got.status_code == 200, got.text
        hint = got.json()
        assert "stands on 17" in hint["basis"] and "not seen" in hint["basis"]
        mine = on_turn.view["seats"][[s["number"] for s in on_turn.view["seats"]]
                                     .index(on_turn.seat)]["hands"][t.to_act[1]]["cards"]
        assert hint["hand"] == [c["code"] for c in mine]
        offered = {a for a in on_turn.view["legal"] if a in ("hit", "stand", "double", "split")}
        assert set(hint["ev"]) == offered
        assert all(-2.0 <= v <= 8.0 for v in hint["ev"].values())
        others = [w for w in people if w not in (on_turn, banker)]
        assert p.client.get(url, params={"token": others[0].token}).status_code == 409


def test_no_hint_where_the_room_gives_none(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", game="pontoon", settings={"hints": False}) as p:
        who = p.join()
        assert p.sit(who, "Ann", 20_000)["ok"]
        got = p.client.get(f"/api/rooms/{p.code}/hint", params={"token": who.token})
        assert got.status_code == 409 and "does not give hints" in got.json()["message"]


def test_the_casino_hint_names_the_charts_play_and_its_cell() -> None:
    """docs/web.md#the-coach: the hint the page's coach reads gives the chart's play for the
    rules and the chart's cell beside the exact EVs; the chart's play is one of the EVs'."""
    from twentyone.games.blackjack.hints import CasinoQuestion
    from twentyone.rules import PRESETS

    no_surrender = (("can_double", False), ("can_split", False), ("can_surrender", False))
    sixteen = CasinoQuestion(PRESETS["classic"], (10, 6), 10, no_surrender, 1, ("10s", "6h"),
                             "10c", (10, 6, 10)).answer()
    assert (sixteen["chart"], sixteen["cell"]) == ("hit", "hard 16 v 10")
    assert sixteen["ev"]["hit"] > sixteen["ev"]["stand"]
    pair = CasinoQuestion(PRESETS["classic"], (8, 8), 10,
                          (("can_double", False), ("can_split", True), ("can_surrender", False)),
                          1, ("8s", "8h"), "10c", (8, 8, 10)).answer()
    assert (pair["chart"], pair["cell"]) == ("split", "pair 8 v 10")
    assert pair["chart"] in pair["ev"]
