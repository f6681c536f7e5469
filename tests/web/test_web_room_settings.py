"""Room settings belong to the game (docs/web.md#the-room-settings): the lobby is offered each
game's settings from its registry entry, in its own words, and a room created with a setting its
game cannot honour is refused in words, so no room promises what its game does not do."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from twentyone.games.registry import CARD_GAME, ROOM_GAMES
from twentyone.web.app import create_app
from twentyone.web.store import SqliteStore


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(SqliteStore(tmp_path / "l.sqlite3")))


def test_the_lobby_is_offered_each_games_own_settings_in_its_words(client: TestClient) -> None:
    rooms = {r["name"]: r for r in client.get("/api/presets").json()["rooms"]}
    assert list(rooms) == list(ROOM_GAMES), "every game of the registry, in its order"
    for name, entry in ROOM_GAMES.items():
        offered = rooms[name]["settings"]
        assert [s["name"] for s in offered] == [s.name for s in entry.settings]
        assert rooms[name]["kind"] == entry.kind
        if entry.kind == CARD_GAME:
            # A card game has no bets to return, no hint and no buy-in, and says so nowhere.
            assert {"interrupted", "hints", "max_buy_in"}.isdisjoint(s["name"] for s in offered)
            words = " ".join(w for s in offered for _, w in s["choices"]) + " ".join(
                s["label"] for s in offered)
            assert "bet" not in words and "hand stands" not in words
        else:
            assert "interrupted" in [s["name"] for s in offered]


@pytest.mark.parametrize("game", [n for n, e in ROOM_GAMES.items() if e.kind == CARD_GAME])
@pytest.mark.parametrize("setting", [{"interrupted": "void"}, {"interrupted": "resume"},
                                     {"hints": False}, {"max_buy_in": 5000}])
def test_a_card_room_with_a_setting_it_cannot_honour_is_refused(
        client: TestClient, game: str, setting: dict[str, object]) -> None:
    """A Durak room asked to call off a hand interrupted by a restart would resume it anyway:
    it is refused at creation, naming the setting and the game's own."""
    made = client.post("/api/rooms", json={"game": game, "settings": {"turn_s": 20, **setting}})
    assert made.status_code == 400, made.text
    body = made.json()
    name = next(iter(setting))
    assert body["error"] == "RoomError"
    assert repr(name) in body["message"] and "turn_s" in body["message"]


def test_each_game_takes_the_settings_it_offers(client: TestClient) -> None:
    rooms = client.get("/api/presets").json()["rooms"]
    for r in rooms:
        settings = {s["name"]: s["choices"][-1][0] if s["choices"] else
                    (45 if s["name"].endswith("_s") else 5000 if s["name"] == "max_buy_in"
                     else False) for s in r["settings"]}
        made = client.post("/api/rooms", json={"game": r["name"], "settings": settings})
        assert made.status_code == 201, (r["name"], made.text)
        info = client.get(f"/api/rooms/{made.json()['room']}").json()
        assert info["settings"] == settings, "the room shows the settings its game honours"
