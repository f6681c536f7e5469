"""The coach at the browser table over HTTP (docs/web.md#the-coach): the terminal's coach at
the server, judging from the seat's own sight. The room's ``?`` hint and the coach's advice price
from the cards the seat has seen since the shuffle (the hole card never among them); a Hi-Lo
counter is advised the index play at the true count; a count check is graded against the cards
the seat has seen; the session's statistics go to the profile that ``train stats`` reads. Each
shoe is stacked, and each figure is worked out here again by the solver."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_kit import Party, Person, party, table_of

from twentyone.engine.shoe import StackedShuffler
from twentyone.engine.table import Phase
from twentyone.rules import PRESETS
from twentyone.strategy import action_evs
from twentyone.web.app import create_app
from twentyone.web.shoes import secure_shuffler
from twentyone.web.store import SqliteStore

CLASSIC = PRESETS["classic"]
#: Round 1: Ann 10, 9 against the dealer's 10 (8 in the hole): she stands, 19 beats 18.
#: Round 2: Ann 10, 6 against a 10, the hole card ``hole``; a 3 to draw.
ROUND_1 = ["10s", "10d", "9s", "8d"]


def stack(hole: str = "7d", first: Sequence[str] = ROUND_1) -> list[str]:
    return [*first, "10h", "10c", "6c", hole, "3h", "2d", "2c"]


@contextmanager
def room(tmp: Path, cards: Sequence[str], checks: float = 0.0) -> Iterator[Party]:
    """A classic room (no turn clock) over a stacked shoe; the coach asks a count check after
    ``checks`` of the rounds (1: every round, 0: never)."""
    store = SqliteStore(tmp / "ledger.db")
    app = create_app(store, live=lambda: StackedShuffler([list(cards)], then=secure_shuffler()),
                     tick_s=0.05, count_checks=checks)
    try:
        with TestClient(app) as client, ExitStack() as es:
            yield Party(client, es, settings={"turn_s": 0})
    finally:
        store.close()


def seated(p: Party) -> Person:
    ann = p.join()
    assert p.sit(ann, "Ann", 20_000)["ok"]
    return ann


def deal(p: Party, ann: Person, bet: int = 1_000) -> None:
    assert p.act(ann, "bet", amount=bet)["ok"]
    assert p.act(p.host, "deal")["ok"]
    assert table_of(p.room).phase is Phase.PLAYERS


def api(p: Party, who: Person, path: str, body: Any = None, *, status: int = 200,
        raw: bytes | None = None) -> dict[str, Any]:
    url = f"/api/rooms/{p.code}/{path}"
    params = {"token": who.token}
    if body is None and raw is None:
        got = p.client.get(url, params=params)
    else:
        got = p.client.post(url, params=params, json=body, content=raw)
    assert got.status_code == status, got.text
    out: dict[str, Any] = got.json()
    return out


def shoe_less(seen: Sequence[int]) -> list[int]:
    """A classic shoe by value (aces first) less ``seen``: the cards a seat has not seen."""
    counts = [4 * CLASSIC.decks] * 9 + [16 * CLASSIC.decks]
    for v in seen:
        counts[v - 1] -= 1
    return counts


def sixteen_evs(earlier: Sequence[int]) -> dict[str, float]:
    """10, 6 against a 10 after ``earlier`` cards were seen: the hand and up card stay in the
    shoe the solver takes."""
    return action_evs(CLASSIC, [10, 6], 10, shoe_less(earlier), can_double=False,
                      can_split=False, can_surrender=False)


def test_the_hint_prices_from_the_cards_seen_and_the_hole_card_cannot_change_it(
        tmp_path: Path) -> None:
    """docs/web.md#the-coach: round 2's hint is the solver's for the shoe less round 1's four
    cards (the hand and up card still in it), not a full shoe's; two shoes that differ only in
    the hole card give the very same answer."""
    answers = []
    for n, hole in enumerate(("7d", "9d")):
        (tmp_path / str(n)).mkdir()
        with room(tmp_path / str(n), stack(hole)) as p:
            ann = seated(p)
            deal(p, ann)
            assert p.act(ann, "stand")["ok"]
            deal(p, ann)
            answers.append(api(p, ann, "hint"))
    assert answers[0] == answers[1]
    hint = answers[0]
    assert "not seen since the shuffle" in hint["basis"] and hint["seen"] == 7
    evs = sixteen_evs([10, 10, 9, 8])
    assert hint["ev"] == {a: round(x, 4) for a, x in evs.items()}
    full = action_evs(CLASSIC, [10, 6], 10, None, can_double=False, can_split=False,
                      can_surrender=False)
    assert round(full["stand"], 4) != hint["ev"]["stand"]


def test_the_coach_names_the_hilo_index_at_the_true_count(tmp_path: Path) -> None:
    """A counter who keeps Hi-Lo is advised the index play: after a round of small cards the
    true count is 0, where 16 v 10 stands (the Hi-Lo index 0), though the chart hits; a hit is
    then the mistake, named with the index and the count, and priced by the cards left."""
    small = ["5s", "4d", "6h", "3c", "2s", "2h", "5d", "10s"]  # 11 v 4 doubled; the dealer busts
    with room(tmp_path, stack(first=small)) as p:
        ann = seated(p)
        assert api(p, ann, "coach", {"count": "hilo"})["count"] == "hilo"
        deal(p, ann)
        advice = api(p, ann, "coach/advice")
        assert (advice["best"], advice["chart"]) == ("double", "double")
        assert p.act(ann, "double")["ok"]
        assert api(p, ann, "coach/played", {})["said"] == []
        api(p, ann, "coach/between")
        deal(p, ann)
        advice = api(p, ann, "coach/advice")
        assert (advice["best"], advice["chart"], advice["true_count"]) == ("stand", "hit", 0)
        assert advice["index"] == "the Hi-Lo index 0, at 0"
        assert p.act(ann, "hit")["ok"]
        said = api(p, ann, "coach/played", {})["said"]
    evs = sixteen_evs([5, 4, 6, 3, 2, 2, 5, 10])
    cost = evs["stand"] - evs["hit"]
    assert cost > 0
    assert said == [f"Coach: “Best was stand (the Hi-Lo index 0, at 0): hit cost {cost:.4f} "
                    f"of a bet, ${round(cost * 1000) / 100:.2f} on your $10”"]


def test_without_a_count_the_coach_advises_the_chart(tmp_path: Path) -> None:
    """The same shoe, no count chosen: the chart's hit is the best play, and a stand is the
    mistake, priced by the cards left."""
    with room(tmp_path, stack()) as p:
        ann = seated(p)
        api(p, ann, "coach", {})
        deal(p, ann)
        assert p.act(ann, "stand")["ok"]
        deal(p, ann)
        advice = api(p, ann, "coach/advice")
        assert (advice["best"], advice["index"], advice["true_count"]) == ("hit", None, None)
        assert p.act(ann, "stand")["ok"]
        said = api(p, ann, "coach/played", {})["said"]
    evs = sixteen_evs([10, 10, 9, 8])
    cost = evs["hit"] - evs["stand"]
    assert said == [f"Coach: “Best was hit (the chart for hard 16 v 10): stand cost {cost:.4f} "
                    f"of a bet, ${round(cost * 1000) / 100:.2f} on your $10”"]


def test_a_count_check_is_graded_against_the_cards_the_seat_has_seen(tmp_path: Path) -> None:
    """After round 1 the running count is -2 (10 -1, 10 -1, 9 0, 8 0) over 308 cards left, a
    true count of -0.34: -1 (floored) or 0 (truncated, rounded) is right. Bad answers are refused
    in words and change nothing; an answer with no check asked is refused too."""
    with room(tmp_path, stack(), checks=1.0) as p:
        ann = seated(p)
        api(p, ann, "coach", {"count": "hilo"})
        state = api(p, ann, "coach/between")
        assert state["check"] is None  # nothing dealt yet
        api(p, ann, "coach/count", {"answer": "-2 0"}, status=409)
        deal(p, ann)
        assert p.act(ann, "stand")["ok"]
        state = api(p, ann, "coach/between")
        assert state["check"] == {"true_count": True}
        for bad in ({"answer": "9" * 5000}, {"answer": 5}, {"answer": "two"},
                    {"answer": "-2 0 1"}, {"answer": "-2 1.5"}, [1]):
            refused = api(p, ann, "coach/count", bad, status=400)
            assert refused["error"] == "CoachError", refused
        api(p, ann, "coach/count", raw=b"{" * 10_000, status=400)
        api(p, ann, "coach/count", raw=b"not json", status=400)
        assert api(p, ann, "coach/between")["stats"]["checks"] == 0
        said = api(p, ann, "coach/count", {"answer": "-1 0"})["said"]
        assert said == ["Coach: “You said -1 and 0. Not quite: the running count is -2 after 4 "
                        "cards; over 5.92 decks left that is -0.34, a true count of -1 or 0.”"]
        deal(p, ann)
        assert p.act(ann, "stand")["ok"]
        assert api(p, ann, "coach/between")["check"] is not None
        said = api(p, ann, "coach/count", {"answer": "-3 -1"})["said"]
        assert said[0].startswith("Coach: “You said -3 and -1. Right: the running count is -3 "
                                  "after 8 cards")
        stats = api(p, ann, "coach/between")["stats"]
        assert (stats["checks"], stats["checks_right"]) == (2, 1)


def test_the_sessions_statistics_go_to_the_profile(tmp_path: Path) -> None:
    """Two rounds (won, then lost on a wrong stand) with the profile "ann": the summary on
    leaving, and the same figures in the profile's progress (``train stats``)."""
    with room(tmp_path, stack()) as p:
        ann = seated(p)
        api(p, ann, "coach", {"profile": "ann"})
        for _ in range(2):
            deal(p, ann)
            api(p, ann, "coach/advice")
            assert p.act(ann, "stand")["ok"]
            api(p, ann, "coach/played", {})
            api(p, ann, "coach/between")
        out = api(p, ann, "coach/end", {})
        progress = p.client.get("/api/train/stats", params={"profile": "ann"}).json()
        api(p, ann, "coach/between", status=409)  # the coach has left with her
    stats = out["stats"]
    assert {k: stats[k] for k in ("hands", "won", "lost", "pushed", "net", "biggest_swing",
                                  "decisions", "mistakes")} == {
        "hands": 2, "won": 1, "lost": 1, "pushed": 0, "net": 0, "biggest_swing": 1_000,
        "decisions": 2, "mistakes": 1}
    evs = sixteen_evs([10, 10, 9, 8])
    assert stats["ev_cost"] == pytest.approx(evs["hit"] - evs["stand"])
    assert out["summary"][0] == ("This session: 2 hands (won 1, lost 1, pushed 0), net +$0, "
                                 "biggest swing $10.")
    assert out["summary"][-1].startswith("Kept in the profile ann")
    assert [t["hands"] for t in progress["table"]] == [2]
    assert progress["table"][0]["mistakes"] == 1


def test_the_coach_refuses_what_it_cannot_serve(tmp_path: Path) -> None:
    """Unknown counts and impossible profile names are refused in words; a spectator has no
    coach; asking for advice without a coach, or out of turn, is refused; nothing is a 500."""
    with room(tmp_path, stack()) as p:
        ann = seated(p)
        for bad in ({"count": "wonging"}, {"count": 3}, {"profile": "../etc"},
                    {"profile": 7}, {"profile": "x" * 500}):
            assert api(p, ann, "coach", bad, status=400)["error"] in ("CoachError",
                                                                     "ProfileError")
        api(p, ann, "coach/advice", status=409)
        assert p.client.post(f"/api/rooms/{p.code}/coach", params={"token": "nobody"},
                             json={}).status_code == 403
        api(p, p.host, "coach", {}, status=403)
        api(p, ann, "coach", {"count": "hilo"})
        refused = api(p, ann, "coach/advice", status=409)  # not her turn
        assert "turn" in refused["message"]


def test_the_answer_to_insurance_is_judged_by_the_tens_not_seen(tmp_path: Path) -> None:
    """Ann's 10, 9 against an ace (an 8 in the hole): insuring is the mistake (the chart never
    insures), priced by the ten-cards among the 309 cards she has not seen: 95 of them, so the
    side bet returns 3 x 95 / 309 - 1 a dollar insured, on half her bet."""
    with room(tmp_path, ["10s", "As", "9s", "8d", "2c", "3c"]) as p:
        ann = seated(p)
        api(p, ann, "coach", {})
        assert p.act(ann, "bet", amount=1_000)["ok"]
        assert p.act(p.host, "deal")["ok"]
        assert table_of(p.room).phase is Phase.INSURANCE
        assert api(p, ann, "coach/advice") == {"insurance": True}
        assert p.act(ann, "insure")["ok"]
        said = api(p, ann, "coach/played", {})["said"]
        stats = api(p, ann, "coach/between")["stats"]
    cost = -(3 * 95 / 309 - 1) * 0.5
    assert said == [f"Coach: “Best was decline (the chart never insures): insure cost "
                    f"{cost:.4f} of a bet, ${round(cost * 1000) / 100:.2f} on your $10”"]
    assert (stats["decisions"], stats["mistakes"]) == (1, 1)


def test_the_coach_sits_only_at_a_table_the_house_banks_and_deals(tmp_path: Path) -> None:
    """Pontoon (a player banks) and a table the host deals get no coach: refused in words."""
    for n, room_args in enumerate(({"game": "pontoon"}, {"host_mode": "dealer"})):
        with party(tmp_path / f"{n}.db", **room_args) as p:
            ann = p.join()
            assert p.sit(ann, "Ann", 20_000)["ok"]
            refused = api(p, ann, "coach", {}, status=409)
            assert refused["error"] == "CoachError", refused
