"""The party table over its protocol: the HTTP routes, a round played by several people, bad
input (each refused with a clear error frame, changing nothing), reconnecting mid-round, the
turn clock, the host's controls, dealer mode, hints and the downloads."""

from __future__ import annotations

import io
import json
from contextlib import ExitStack
from pathlib import Path

import pytest
import segno
from starlette.testclient import TestClient
from table_view import table_view
from typer.testing import CliRunner
from web_kit import Person, party, stacked_app, table_of

from twentyone.cli.app import app as cli
from twentyone.engine.records import check_house, verify_player
from twentyone.engine.table import Phase
from twentyone.pontoon.table import PontoonTable

#: Seat 1: 10 and 7 (17); seat 2: 9 and 9; the dealer: 6 up, 10 in the hole (16).
STACK = ["10s", "9h", "6d", "7c", "9c", "10h"]


def test_health_presets_and_rooms_over_http(tmp_path: Path) -> None:
    with TestClient(stacked_app(tmp_path / "l.db")) as c:
        assert c.get("/health").json() == {"status": "ok"}
        presets = c.get("/api/presets").json()
        assert presets["games"] == ["casino", "pontoon"]
        assert {"classic", "casino-party"} <= {p["name"] for p in presets["presets"]}
        made = c.post("/api/rooms", json={"game": "pontoon"})
        assert made.status_code == 201
        code = made.json()["room"]
        assert made.json()["join_url"].endswith(f"/r/{code}")
        info = c.get(f"/api/rooms/{code}").json()
        assert (info["game"], info["host_mode"], info["seats"]) == ("pontoon", "house", [])
        missing = c.get("/api/rooms/NOPE99")
        assert missing.status_code == 404 and missing.json()["error"] == "RoomError"
        for body, error in (({"game": "poker"}, "RoomError"),
                            ({"rules": "no-such-preset"}, "RulesError"),
                            ({"rules_toml": "decks = 'many'"}, "RulesError"),
                            ({"rules_toml": "decks ="}, "RulesError"),
                            ({"settings": {"turn_s": -1}}, "RoomError"),
                            ({"settings": {"colour": "red"}}, "RoomError"),
                            ({"game": "pontoon", "host_mode": "dealer"}, "RoomError")):
            bad = c.post("/api/rooms", json=body)
            assert bad.status_code == 400 and bad.json()["error"] == error, body
            assert bad.json()["message"]
        assert c.post("/api/rooms", content=b"{nope").status_code == 400


def test_a_pontoon_room_with_its_own_chip_and_limit(tmp_path: Path) -> None:
    """docs/pontoon.md#betting: the host chooses what a chip is worth and the limit."""
    with party(tmp_path / "l.db", game="pontoon", pontoon={"chip": 25, "limit": 8}) as p:
        table = table_of(p.room)
        assert isinstance(table, PontoonTable)
        assert (table.pontoon.chip, table.pontoon.limit) == (25, 8)
        info = p.client.get(f"/api/rooms/{p.code}").json()
        assert info["bets"] == {"min": 25, "max": 200, "unit": 25}
        for bad in ({"chip": 0}, {"limit": 101}, {"chip": 2.5}, {"limit": True},
                    {"colour": "red"}, "five"):
            made = p.client.post("/api/rooms", json={"game": "pontoon", "pontoon": bad})
            assert made.status_code == 400 and made.json()["error"] == "RoomError", bad


def test_the_join_link_as_a_qr_code(tmp_path: Path) -> None:
    """The host's page shows the join link as a QR code for the phones at the table."""
    with party(tmp_path / "l.db") as p:
        got = p.client.get(f"/api/rooms/{p.code}/join.svg")
        assert got.status_code == 200 and got.headers["content-type"] == "image/svg+xml"
        assert got.text.lstrip().startswith("<?xml") and "<svg" in got.text
        # The very code segno draws for this room's join link, and no other room's.
        url = f"{p.client.base_url}/r/{p.code}"
        drawn = io.BytesIO()
        segno.make(url, error="m").save(drawn, kind="svg", scale=6, border=2, dark="#1d1d1f",
                                        light="#fbfaf6", title=f"Join room {p.code}")
        assert got.content == drawn.getvalue()
        assert p.client.get("/api/rooms/NOPE99/join.svg").status_code == 404


def test_a_round_for_two_seats_and_a_spectator(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", STACK) as p:
        spectator = p.join()
        ann, bob = p.join(), p.join()
        assert p.sit(ann, "Ann", 100_000)["seat"] == 1
        assert p.sit(bob, "Bob", 50_000)["seat"] == 2
        assert ann.view["role"] == "player" and spectator.view["role"] == "spectator"
        assert "bet" in ann.view["legal"] and "deal" not in ann.view["legal"]
        assert "deal" not in p.host.view["host_legal"]
        p.act(ann, "bet", amount=1000)
        p.act(bob, "bet", amount=2000)
        assert p.host.view["host_legal"][0] == "deal"
        assert p.act(p.host, "deal")["ok"]
        view = ann.view
        assert view["phase"] == "players" and view["to_act"] == [1, 0]
        assert [c["code"] for c in view["seats"][0]["hands"][0]["cards"]] == ["10s", "7c"]
        assert view["dealer"][0]["code"] == "6d" and view["dealer"][1] is None
        assert view["legal"] == ["stand", "hit"]
        assert spectator.view["legal"] == [] and "host_legal" not in spectator.view
        p.act(ann, "stand")
        assert bob.view["to_act"] == [2, 0] and "split" in bob.view["legal"]
        p.act(bob, "stand")
        end = spectator.view
        assert end["settled"] and end["phase"] == "betting"
        assert end["dealer"][1]["code"] == "10h" and end["dealer_total"] >= 17
        nets = {s["number"]: s["hands"][0]["net"] for s in end["seats"]}
        assert {s["number"]: s["bankroll"] for s in end["seats"]} == {
            1: 100_000 + nets[1], 2: 50_000 + nets[2]}
        kinds = [e["kind"] for e in spectator.state["events"]]
        assert kinds[-1] == "round-ended" and "turned" in kinds


def test_bad_input_gets_an_error_frame_and_changes_nothing(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", STACK) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 10_000)
        p.sit(bob, "Bob", 10_000)
        p.act(ann, "bet", amount=1000)
        t = table_of(p.room)
        before = (len(t.log), t.bankroll(1), t.bankroll(2))

        def refused(raw: str, error: str) -> None:
            ann.ws.send_text(raw)
            frame = ann.receive()
            assert frame["type"] == "error" and frame["error"] == error, frame
            assert frame["message"]
            assert (len(t.log), t.bankroll(1), t.bankroll(2)) == before

        refused("{not json", "RequestError")
        refused("[1, 2]", "RequestError")
        refused(json.dumps({"type": "op", "id": "x", "op": "bet", "amount": "a" * 5000}),
                "FrameTooLargeError")
        refused(json.dumps({"type": "op", "id": "", "op": "hit"}), "RequestError")
        refused(json.dumps({"type": "op", "id": "x1", "op": "teleport"}),
                "UnknownOperationError")
        refused(json.dumps({"type": "op", "id": "x2", "op": "hit"}), "WrongPhaseError")
        refused(json.dumps({"type": "op", "id": "x3", "op": "deal"}), "NotAllowedError")
        refused(json.dumps({"type": "op", "id": "x4", "op": "bet", "amount": 10.5}),
                "RequestError")
        refused(json.dumps({"type": "op", "id": "x5", "op": "bet", "amount": 1000}), "BetError")
        bob.ws.send_text(json.dumps({"type": "op", "id": "y1", "op": "bet", "amount": 20_000}))
        assert bob.receive()["error"] == "InsufficientChipsError"
        p.act(bob, "bet", amount=1000)
        p.act(p.host, "deal")
        before = (len(t.log), t.bankroll(1), t.bankroll(2))
        bob.ws.send_text(json.dumps({"type": "op", "id": "y2", "op": "hit"}))
        assert bob.receive()["error"] == "NotYourTurnError"
        assert (len(t.log), t.bankroll(1), t.bankroll(2)) == before
        # Another seat's token, or a made-up one, is not let in.
        with p.client.websocket_connect(f"/ws/{p.code}") as ws:
            ws.send_json({"type": "hello", "token": "not-a-token"})
            assert ws.receive_json()["error"] == "NotAllowedError"


def test_a_repeated_request_id_is_answered_once_and_applied_once(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", STACK) as p:
        ann = p.join()
        p.sit(ann, "Ann", 10_000)
        first = p.act(ann, "bet", "same-id", amount=1000)
        again = ann.send("bet", "same-id", amount=1000)
        assert again == first
        assert table_of(p.room).bankroll(1) == 9000
        p.act(p.host, "deal")
        log = len(table_of(p.room).log)
        assert ann.send("bet", "same-id", amount=1000) == first
        assert len(table_of(p.room).log) == log
        wrong = ann.send("hit", "bad-id-1")
        again = ann.send("hit", "bad-id-1")
        assert wrong == again


def test_reconnecting_mid_round_restores_the_seat_and_its_view(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", STACK, settings={"grace_s": 600}) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 10_000)
        p.sit(bob, "Bob", 10_000)
        p.act(ann, "bet", amount=1000)
        p.act(bob, "bet", amount=1000)
        p.act(p.host, "deal")
        seen = ann.view
        ann.ws.close()
        p.people.remove(ann)
        p.host.until_state()
        bob.until_state()
        assert not p.host.view["seats"][0]["connected"]
        back = p.join(ann.token)
        assert back.welcome["role"] == "player" and back.welcome["seat"] == 1
        for key in ("dealer", "to_act", "legal", "round", "phase"):
            assert back.view[key] == seen[key]
        assert back.view["seats"][0]["hands"] == seen["seats"][0]["hands"]
        assert back.view["seats"][0]["connected"]
        assert p.act(back, "stand")["ok"]


def test_a_flood_closes_the_connection(tmp_path: Path) -> None:
    with party(tmp_path / "l.db") as p:
        flooder = p.join()
        for n in range(300):
            flooder.ws.send_text(json.dumps({"type": "op", "id": f"f{n}", "op": "hit"}))
        assert flooder.closed_code() == 1008


def test_the_turn_clock_stands_for_a_seat_that_does_not_act(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", STACK, settings={"turn_s": 1, "on_timeout": "sit_out"}) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 10_000)
        p.sit(bob, "Bob", 10_000)
        p.act(ann, "bet", amount=1000)
        p.act(bob, "bet", amount=1000)
        p.act(p.host, "deal")
        assert ann.view["clock"]["seat"] == 1
        while ann.view["to_act"] == [1, 0]:
            ann.until_state()
        events = [e["kind"] for e in ann.state["events"]]
        assert "stood" in events
        assert ann.view["seats"][0]["sitting_out"]


def test_the_host_pauses_removes_and_closes(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", STACK) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 10_000)
        p.sit(bob, "Bob", 10_000)
        assert ann.send("pause", "h")["error"] == "UnknownOperationError"
        p.act(p.host, "pause")
        assert ann.view["paused"] and ann.view["legal"] == []
        assert ann.send("bet", amount=1000)["error"] == "RoomError"
        p.act(p.host, "resume")
        p.act(ann, "bet", amount=1000)
        p.act(p.host, "remove", seat=2)
        assert [s["number"] for s in ann.view["seats"]] == [1]
        assert bob.send("bet", amount=1000)["error"] == "NotAllowedError"
        p.act(p.host, "deal")
        p.host.send("close")
        for who in (ann, bob):
            assert who.until_state()["type"] == "closed"
        ledger = p.client.get(f"/api/rooms/{p.code}/ledger.csv",
                              params={"token": p.host_token}).text.splitlines()
        assert ledger[0] == "kind,round,seat,name,cents,dollars"
        rows = [line.split(",") for line in ledger[1:]]
        # The round under way was called off: Ann's bet came back and she cashed out whole.
        assert ["cash-out", "1", "1", "Ann", "10000", "100.00"] in rows
        assert ["cash-out", "0", "2", "Bob", "10000", "100.00"] in rows


def test_dealer_mode_the_host_deals_draws_and_pays(tmp_path: Path) -> None:
    # Seat 1: 10, 9 (19); the dealer: 6 up, 10 in the hole (16), then a 2 (18): seat 1 wins.
    with party(tmp_path / "l.db", ["10s", "6d", "9c", "10h", "2c"], host_mode="dealer",
               settings={"turn_s": 0}) as p:
        ann = p.join()
        p.sit(ann, "Ann", 10_000)
        refused = p.host.send("deal")
        assert refused["error"] == "DealerStepError" and "bets" in refused["message"]
        p.act(ann, "bet", amount=2500)
        p.act(p.host, "deal")
        early = p.host.send("dealer_hit")
        assert early["error"] == "DealerStepError" and "seat 1" in early["message"]
        p.act(ann, "stand")
        assert table_of(p.room).phase is Phase.DEALER
        assert set(p.host.view["host_legal"]) >= {"dealer_hit", "dealer_stand"}
        wrong = p.host.send("dealer_stand")
        assert wrong["error"] == "DealerStepError" and "hit on hard 16" in wrong["message"]
        p.act(p.host, "dealer_hit")
        wrong = p.host.send("dealer_hit")
        assert "stand on hard 18" in wrong["message"]
        p.act(p.host, "dealer_stand")
        assert p.host.view["host_legal"][0] == "pay"
        # Until the host pays, no frame tells what the bet wins: that is the dealer's sum.
        # The stack and balance leave out the bet (still on the layout) and the win.
        for frame in (p.host.view, ann.view):
            owed = frame["seats"][0]["hands"][0]
            assert owed["owed"] and owed["paid"] == {} and owed["net"] == 0
            shown = frame["seats"][0]
            assert shown["bankroll"] == 12_500 - 2_500 - 2_500
            assert shown["chips"] == {"white": 20, "red": 11}
        for state in (p.host.state, ann.state):
            assert all("chips" not in e and "amount" not in e
                       for e in state["events"] if e["kind"] == "settled")
        assert ann.send("bet", amount=500)["error"] == "WrongPhaseError"
        assert ann.send("leave")["error"] == "WrongPhaseError"
        assert "bet" not in ann.view["legal"]
        assert "pay seat 1" in p.host.send("deal")["message"]
        short = p.host.send("pay", seat=1, hand=0, chips={"red": 4})
        assert short["error"] == "DealerStepError" and "1 green" in short["message"]
        assert p.act(p.host, "pay", seat=1, hand=0, chips={"green": 1})["ok"]
        assert "pay" not in p.host.view["host_legal"]
        paid = ann.view["seats"][0]["hands"][0]
        assert "owed" not in paid and paid["net"] == 2500 and paid["paid"] == {"green": 1}
        assert table_of(p.room).bankroll(1) == 12_500
        assert ann.view["seats"][0]["bankroll"] == 12_500
        assert ann.view["seats"][0]["chips"] == {"white": 20, "red": 16, "green": 1}
        assert "bet" in ann.view["legal"]


def test_dealer_mode_a_room_owing_a_payment_refuses_to_close_and_changes_nothing(
        tmp_path: Path) -> None:
    """docs/web.md#hosting-a-room: everyone cashes out when the host closes the room, so while
    the dealing host still owes a seat a payment the room refuses to close, in words, before
    anything changes (it once cashed the others out, met the owed seat and was dealt again
    from its ledger). Once paid, it closes."""
    with party(tmp_path / "l.db", ["10s", "6d", "9c", "10h", "2c"], host_mode="dealer",
               settings={"turn_s": 0}) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 10_000)
        p.sit(bob, "Bob", 10_000)
        p.act(ann, "bet", amount=2500)
        p.act(p.host, "deal")
        p.act(ann, "stand")
        p.act(p.host, "dealer_hit")
        p.act(p.host, "dealer_stand")
        game = p.room.game
        refused = p.host.send("close")
        assert refused["error"] == "DealerStepError"
        assert refused["message"].startswith("first pay seat 1's hand 1")
        assert p.room.game is game and not p.room.closed and sorted(p.room.people) == [1, 2]
        assert p.act(p.host, "pay", seat=1, hand=0, chips={"green": 1})["ok"]
        assert p.act(p.host, "close")["ok"] and p.room.closed


def test_hints_only_on_your_own_turn(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", STACK) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 10_000)
        p.sit(bob, "Bob", 10_000)
        p.act(ann, "bet", amount=1000)
        p.act(bob, "bet", amount=1000)
        url = f"/api/rooms/{p.code}/hint"
        assert p.client.get(url, params={"token": ann.token}).status_code == 409
        p.act(p.host, "deal")
        assert p.client.get(url, params={"token": bob.token}).status_code == 409
        assert p.client.get(url, params={"token": "nope"}).status_code == 403
        hint = p.client.get(url, params={"token": ann.token}).json()
        assert hint["hand"] == ["10s", "7c"] and hint["up"] == "6d"
        assert set(hint["ev"]) == {"stand", "hit"}
        assert hint["ev"]["stand"] > hint["ev"]["hit"]


def test_downloads_verify(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", settings={"turn_s": 0}) as p:
        ann, bob = p.join(), p.join()
        p.sit(ann, "Ann", 100_000)
        p.sit(bob, "Bob", 100_000)
        t = table_of(p.room)
        for _ in range(5):
            p.act(ann, "bet", amount=1000)
            p.act(bob, "bet", amount=1000)
            p.act(p.host, "deal")
            while t.phase is not Phase.BETTING:
                to_act = t.to_act
                assert to_act is not None
                who = ann if to_act[0] == 1 else bob
                p.act(who, "decline" if t.phase is Phase.INSURANCE else "stand")
        url = f"/api/rooms/{p.code}/history.jsonl"
        house_text = p.client.get(url, params={"token": p.host_token}).text
        house = [json.loads(line) for line in house_text.splitlines()]
        # Five rounds of a six-deck shoe still in play: each committed to, none shown.
        assert len(house) == 5 and all(set(line) == {"format", "prev", "committed"}
                                       for line in house)
        assert check_house(house).committed == 5
        mine = p.client.get(url, params={"token": ann.token}).text
        lines = [json.loads(line) for line in mine.splitlines()]
        assert verify_player(lines).rounds == 5
        # The host downloads each seat's history too: the very file that seat gets.
        assert p.client.get(url, params={"token": p.host_token, "seat": 1}).text == mine
        bobs = p.client.get(url, params={"token": p.host_token, "seat": 2})
        assert verify_player([json.loads(x) for x in bobs.text.splitlines()]).rounds == 5
        assert "seat2" in bobs.headers["content-disposition"]
        for bad in ("7", "x", "-1"):
            gone = p.client.get(url, params={"token": p.host_token, "seat": bad})
            assert gone.status_code == 404 and gone.json()["error"] == "RoomError"
        # A seat asking for another seat's history gets its own.
        assert p.client.get(url, params={"token": ann.token, "seat": 2}).text == mine
        # Five rounds of a six-deck shoe: the commitment the table shows is the history's.
        assert lines[0]["committed"][0]["hash"] == ann.view["commitment"]
        path = tmp_path / "house.jsonl"
        path.write_text(house_text)
        assert CliRunner().invoke(cli, ["verify", str(path)]).exit_code == 0
        path.write_text(mine)
        assert CliRunner().invoke(cli, ["verify", str(path)]).exit_code == 0
        assert p.client.get(f"/api/rooms/{p.code}/ledger.csv",
                            params={"token": ann.token}).status_code == 403


def test_the_dealers_calls_come_with_the_state(tmp_path: Path) -> None:
    # Seat 1: 10 and 6; the dealer: an ace up, a 7 in the hole.
    with party(tmp_path / "l.db", ["10s", "As", "6h", "7d"]) as p:
        ann = p.join()
        p.sit(ann, "Ann", 10_000)
        p.act(ann, "bet", amount=1000)
        p.act(p.host, "deal")
        assert ann.state["calls"] == ["Insurance is open"]
        p.act(ann, "decline")
        assert ann.state["calls"] == ["Insurance is closed"]


@pytest.mark.parametrize(("rules", "hit", "stand"), [
    ("classic", "Seat 1 scratches the felt towards them: hits", "Seat 1 waves: stands"),
    ("modern-casino", "Seat 1 taps the felt: hits", "Seat 1 waves: stands"),
    ("single-deck", "Seat 1 scratches the cards towards them: hits",
     "Seat 1 slides the cards under the chips: stands"),
])
def test_the_calls_say_which_signal_each_decision_was_given_by(
        tmp_path: Path, rules: str, hit: str, stand: str) -> None:
    """docs/dealing.md#hand-signals: the browser's calls say the signal the dealer read, the
    shoe game's where the cards lie face up and the pitch game's where they are held; the host
    hears the same calls as the seat."""
    # Seat 1: 10 and 3, then a 2; the dealer: a 9 up, a 7 in the hole.
    with party(tmp_path / "l.db", ["10s", "9c", "3h", "7d", "2c"], rules=rules) as p:
        # The room tells the page which game's signals to read (docs/web.md).
        game = {"single-deck": "pitch", "classic": "classic"}.get(rules, "shoe")
        assert p.client.get(f"/api/rooms/{p.code}").json()["signals"] == game
        ann = p.join()
        p.sit(ann, "Ann", 10_000)
        p.act(ann, "bet", amount=1000)
        p.act(p.host, "deal")
        p.act(ann, "hit")
        assert ann.state["calls"] == [hit] and p.host.state["calls"] == [hit]
        p.act(ann, "stand")
        assert ann.state["calls"][0] == stand and p.host.state["calls"][0] == stand


def test_a_pause_and_the_payments_owed_survive_a_restart(tmp_path: Path) -> None:
    """docs/web.md#if-the-server-stops-mid-round: a restart rebuilds the room from the ledger,
    with what no table operation records: the host's pause, and in dealer mode the winning
    bets the host has still to pay."""
    db = tmp_path / "l.db"
    cards = ["10s", "6d", "9c", "10h", "2c"]
    with party(db, cards, host_mode="dealer", settings={"turn_s": 0}) as p:
        ann = p.join()
        p.sit(ann, "Ann", 10_000)
        p.act(ann, "bet", amount=2500)
        p.act(p.host, "deal")
        p.act(ann, "stand")
        p.act(p.host, "dealer_hit")
        p.act(p.host, "dealer_stand")
        assert p.act(p.host, "pause")["ok"]
        code, host_token = p.code, p.host_token
    with TestClient(stacked_app(db, cards)) as client, ExitStack() as stack:
        host = Person(client, stack, code, host_token)
        assert host.view["paused"] and host.view["host_legal"] == ["resume", "remove", "close"]
        assert host.send("resume")["ok"]
        assert table_view(host.until_state())["host_legal"][0] == "pay"
        assert "1 green" in host.send("pay", seat=1, hand=0, chips={"red": 4})["message"]
        assert host.send("pay", seat=1, hand=0, chips={"green": 1})["ok"]
        assert "pay" not in table_view(host.until_state())["host_legal"]


def test_dealer_mode_the_host_pays_insurance_two_to_one(tmp_path: Path) -> None:
    """docs/dealing.md#the-insurance-procedure: with a dealer blackjack the main bets are
    collected, then each insurance bet is paid 2 to 1, by the host in dealer mode."""
    # Seat 1: 10 and 6; the dealer: an ace up and a king in the hole.
    with party(tmp_path / "l.db", ["10s", "As", "6h", "Kd"], host_mode="dealer",
               settings={"turn_s": 0}) as p:
        ann = p.join()
        p.sit(ann, "Ann", 10_000)
        p.act(ann, "bet", amount=2000)
        p.act(p.host, "deal")
        p.act(p.host, "offer_insurance")
        p.act(ann, "insure", amount=1000)
        assert p.host.view["host_legal"][0] == "pay"
        settled = [e for e in ann.state["events"] if e["kind"] == "insurance-settled"]
        # The host's sum to make: the event names no amount and no chips.
        assert settled and all("amount" not in e and "chips" not in e for e in settled)
        # The main bet is lost; the insurance and its win wait for the host's chips.
        assert ann.view["seats"][0]["bankroll"] == 10_000 - 2_000 - 1_000
        wrong = p.host.send("pay", seat=1, hand=0, chips={"red": 4})
        assert wrong["error"] == "DealerStepError" and "insurance" in wrong["message"]
        short = p.host.send("pay", seat=1, insurance=True, chips={"red": 2})
        assert short["error"] == "DealerStepError" and "$10" in short["message"]
        assert p.act(p.host, "pay", seat=1, insurance=True, chips={"red": 4})["ok"]
        assert "pay" not in p.host.view["host_legal"]
        assert table_of(p.room).bankroll(1) == 10_000


def test_dealer_mode_the_host_burns_and_offers_insurance(tmp_path: Path) -> None:
    """docs/dealing.md#the-burn-card and docs/dealing.md#the-insurance-procedure: in dealer
    mode the host burns a card before the first deal of a fresh shoe, and offers insurance
    before any player may answer it; each step is refused out of its place, and both are
    kept across a restart."""
    # Seat 1: 10 and 6; the dealer: an ace up and a 9 in the hole (no blackjack).
    db = tmp_path / "l.db"
    cards = ["10s", "As", "6h", "9d"]
    with party(db, cards, rules="six-deck-s17", host_mode="dealer",
               settings={"turn_s": 0}) as p:
        ann = p.join()
        p.sit(ann, "Ann", 10_000)
        assert p.host.send("burn")["error"] == "DealerStepError"  # no bets yet
        p.act(ann, "bet", amount=2000)
        assert p.host.view["host_legal"][0] == "burn"
        assert p.host.view["shoe"]["remaining"] == 312  # the card goes when the host burns it
        early = p.host.send("deal")
        assert early["error"] == "DealerStepError" and "burn a card" in early["message"]
        assert p.act(p.host, "burn")["ok"]
        assert p.host.view["host_legal"][0] == "deal"
        assert (p.host.view["shoe"]["remaining"], p.host.view["shoe"]["discards"]) == (311, 1)
        assert p.host.send("burn")["error"] == "DealerStepError"  # burned once is enough
        assert p.act(p.host, "deal")["ok"]
        assert table_of(p.room).phase is Phase.INSURANCE
        assert p.host.view["host_legal"][0] == "offer_insurance"
        assert not {"insure", "decline"} & set(ann.view["legal"])
        refused = ann.send("insure", amount=1000)
        assert refused["error"] == "WrongPhaseError" and "offer" in refused["message"]
        assert "Insurance is open" not in ann.state["calls"]
        assert p.act(p.host, "offer_insurance")["ok"]
        assert "Insurance is open" in ann.state["calls"]
        p.act(p.host, "pause")  # the next frame does not say it again
        assert "Insurance is open" not in ann.state["calls"]
        p.act(p.host, "resume")
        assert {"insure", "decline"} <= set(ann.view["legal"])
        assert p.host.send("offer_insurance")["error"] == "DealerStepError"
        code, host_token, token = p.code, p.host_token, ann.token
    with TestClient(stacked_app(db, cards)) as client, ExitStack() as stack:
        back = Person(client, stack, code, token)
        assert "decline" in back.view["legal"]  # the offer stands after a restart
        assert back.send("decline")["ok"]
        assert Person(client, stack, code, host_token).view["phase"] == "players"


def test_the_house_burns_and_offers_insurance_itself(tmp_path: Path) -> None:
    with party(tmp_path / "l.db", rules="six-deck-s17") as p:
        for step in ("burn", "offer_insurance"):
            refused = p.host.send(step)
            assert refused["error"] == "NotAllowedError" and "house" in refused["message"]


def test_serve_refuses_a_ledger_it_cannot_use(tmp_path: Path) -> None:
    """A ledger file that is not one, or that cannot be made, is a clear error before serving."""
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("these are not the rooms\n" * 200)
    for path in (not_a_db, tmp_path / "notes.txt" / "ledger.db"):
        result = CliRunner().invoke(cli, ["serve", "--db", str(path), "--port", "0"])
        assert result.exit_code == 2, result.output
        assert "cannot use" in result.output and "as the ledger" in result.output
        assert "Traceback" not in result.output
