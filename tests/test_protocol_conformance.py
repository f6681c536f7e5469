"""Every game of the registry meets the one game protocol (docs/games/protocol.md), the same
harness over all five (as python-chess's perft runs over every variant):

- every operation ``legal`` offers passes ``verify`` and ``apply`` accepts it;
- an operation ``verify`` refuses is refused by ``apply`` with the same error, and changes
  nothing (the seat views, the history);
- views hide what they must: no view, a seat's or the house's, shows a card still in the
  stock or shoe; a seat sees beyond what the house sees only its own cards; the house sees no
  card lying face down (blackjack) or held in a hand that no public event showed (card games);
- the history replays to the very same events.

The chip games play a single-deck table (Pontoon's pack is one deck), so a card's code names
one card and a code in a view is that card.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twentyone.cards import Card
from twentyone.engine.shoe import RandomShuffler as TableShuffler
from twentyone.errors import ReplayError, TableError, TwentyOneError
from twentyone.games.blackjack import replay
from twentyone.games.core.game import CardGame
from twentyone.games.core.shuffle import RandomShuffler
from twentyone.games.history import replay as replay_cards
from twentyone.games.history import replay_record
from twentyone.games.registry import GAMES, ROOM_GAMES, TABLES
from twentyone.protocol import HOUSE, Game, seal
from twentyone.rules import PRESETS

#: The rules each chip game is played with here (single-deck: see the module's docstring).
TABLE_RULES: dict[str, dict[str, Any]] = {
    "casino": PRESETS["single-deck"].to_mapping(), "pontoon": {}}
STEPS = 150


def new_game(name: str, seed: int, players: int) -> Any:
    """A fresh game of ``name``: a card game for ``players``, a chip table with ``players``
    seated with chips."""
    if name in GAMES:
        return GAMES[name].new(players, RandomShuffler(random.Random(seed)))
    g = TABLES[name].game(name, TABLE_RULES[name], TableShuffler(random.Random(seed)))
    for seat in range(1, players + 1):
        g.apply(g.operation({"op": "sit", "seat": seat, "bankroll": 100_000}))
    return g


def players_of(name: str) -> int:
    return GAMES[name].players[0] if name in GAMES else 3


def codes_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(codes_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(codes_in(v) for v in value)) if value else set()
    return set()


def log_of(g: Any) -> list[Any]:
    return list(g.log if isinstance(g, CardGame) else g.table.log)


def shuffled_at(g: Any) -> int:
    """Where the last shuffle is in the log: a card shown before it is shuffled back into the
    pack or shoe, and says nothing of its order now."""
    return max((i for i, e in enumerate(log_of(g)) if e.kind == "shuffled"), default=0)


def shown(g: Any, seat: int) -> set[str]:
    """The card codes in ``seat``'s view and its events since the last shuffle (strings that
    are not cards are dropped by the callers' intersections). At a chip table the settled
    round on show is left out once the shoe is shuffled after it."""
    shuffled = shuffled_at(g)
    if isinstance(g, CardGame):
        return codes_in(g.seat_view(seat).to_json()) | codes_in(g.events(seat, shuffled))
    log = g.table.log
    started = max((i for i, e in enumerate(log) if e.kind == "round-started"), default=-1)
    # Pontoon's played cards go under the pack and come round again: only this round's show.
    out = codes_in(g.events(seat, max(shuffled, started)))
    if started > shuffled:  # the round on show was dealt from this shoe
        out |= codes_in(g.seat_view(seat).to_json()["body"])
    return out


def own(g: Any, seat: int) -> set[str]:
    if isinstance(g, CardGame):
        return {c.code for c in g.hand_of(seat)}
    s = g.table.seats.get(seat)
    return {c.code for h in (s.hands if s else ()) for c in h.cards}


def stock(g: Any) -> set[str]:
    """Cards not yet dealt: still in the stock, the pack or the shoe."""
    if isinstance(g, CardGame):
        if g.between_hands:
            return set()  # the pack is gathered in, and is shuffled before it is dealt
        places = g.places()
        left: list[Card] = [*places.get("stock", ()), *places.get("pack", ())]
        public = {c for e in g.log[shuffled_at(g):] if not e.private for c in e.cards}
        return {c.code for c in left if c not in public}  # Durak's trump is turned up
    # Pontoon puts the cards played under the pack: those were shown, and stay known.
    t = g.table
    log = t.log
    started = max((i for i, e in enumerate(log) if e.kind == "round-started"), default=0)
    known = {e.card.code for e in log[shuffled_at(g):started] if e.card is not None
             and e.face_up}
    return {c.code for c in t.shoe.cards[t.shoe.pos:]} - known


def face_down(g: Any) -> set[str]:
    """Cards the house may not see now."""
    if isinstance(g, CardGame):
        public = {c for e in g.log[shuffled_at(g):] if not e.private for c in e.cards}
        return {c.code for s in g.seats for c in g.hand_of(s) if c not in public}
    t = g.table
    hands = [t.dealer, *(h for s in t.seats.values() for h in s.hands)]
    return {c.code for h in hands for c, up in zip(h.cards, h.face_up, strict=True) if not up}


def state(g: Any) -> str:
    """Everything a refusal must leave as it was."""
    views = {s: g.seat_view(s).to_json() for s in [HOUSE, *g.seat_numbers]}
    return json.dumps([views, g.history(), [r.to_json() for r in g.hand_results()]],
                      sort_keys=True, default=str)


def candidates(g: Any, data: st.DataObject) -> Any:
    """A request of any shape this game's operations have, legal or not."""
    pack = [c.code for c in (g.pack() if isinstance(g, CardGame) else g.table.shoe.cards)]
    seat = data.draw(st.integers(0, len(g.seat_numbers) + 1))
    raw: dict[str, Any] = data.draw(st.sampled_from([
        {"op": "play", "cards": data.draw(st.lists(st.sampled_from(pack), max_size=3))},
        {"op": "give", "cards": data.draw(st.lists(st.sampled_from(pack), max_size=2))},
        {"op": "pass"}, {"op": "take"}, {"op": "deal"},
        {"op": "bid", "bid": data.draw(st.sampled_from(["prop", "cop", "solo", "slam"]))},
        {"op": "hit"}, {"op": "stand"}, {"op": "split"}, {"op": "surrender"},
        {"op": "double", "amount": None}, {"op": "insure", "amount": None},
        {"op": "bet", "amount": data.draw(st.sampled_from([0, 500, 1000, 10**9]))},
        {"op": "decline"}, {"op": "leave"}, {"op": "dealer_hit"}, {"op": "dealer_stand"}]))
    try:
        return g.operation({**raw, "seat": seat})
    except TwentyOneError:
        return None  # not an operation of this game at all: its reader refuses it


@pytest.mark.parametrize("name", list(ROOM_GAMES))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_every_game_meets_the_protocol(name: str, seed: int, data: st.DataObject) -> None:
    g = new_game(name, seed, players_of(name))
    assert isinstance(g, Game)
    for _ in range(STEPS):
        movers = [HOUSE, *g.seat_numbers]
        offered = [op for s in movers for op in g.legal(s)]
        if not offered:
            assert not isinstance(g, CardGame), "a card game always has a move"
            break  # everyone has left the chip table (or cannot cover a bet)
        for op in offered:
            g.verify(op)  # legal moves pass the rule that accepts them
        op = candidates(g, data)
        if op is not None:
            try:
                g.verify(op)
            except TableError as refusal:
                before = state(g)
                with pytest.raises(type(refusal)):
                    g.apply(op)
                assert state(g) == before, "a refusal changed nothing"
            else:
                g.apply(op)
                continue
        g.apply(offered[data.draw(st.integers(0, len(offered) - 1))])
        _views_hide(g)
    _replays(name, g)


def _views_hide(g: Any) -> None:
    hidden_stock = stock(g)
    down = face_down(g)
    house = shown(g, HOUSE)
    assert not house & hidden_stock, "the house sees no card of the stock"
    assert not house & down, "the house sees no face-down card"
    for s in g.seat_numbers:
        mine = shown(g, s)
        assert not mine & hidden_stock, (s, mine & hidden_stock)
        beyond = (mine - house) & (hidden_stock | down | _all_cards(g))
        assert beyond <= own(g, s) | _seen_privately(g, s), (s, beyond - own(g, s))


def _all_cards(g: Any) -> set[str]:
    if isinstance(g, CardGame):
        return {c.code for c in g.pack()}
    return {c.code for c in g.table.shoe.cards}


def _seen_privately(g: Any, seat: int) -> set[str]:
    """Cards a private event showed ``seat`` (a deal to it, a card handed to it)."""
    if isinstance(g, CardGame):
        return {c.code for e in g.log[shuffled_at(g):] if e.private and seat in (e.seat, e.other)
                for c in e.cards}
    return codes_in(g.events(seat, shuffled_at(g)))


def _replays(name: str, g: Any) -> None:
    if isinstance(g, CardGame):
        assert replay_cards(g.history()).log == g.log
    else:
        again = replay(g.history(), TABLES[name].make, name)
        assert again.table.log == g.table.log
    # The one path ``twentyone verify`` takes: found in the registry by the game the history
    # names, replayed through the protocol, to the same history and so the same seal.
    history = g.history()
    replayed = replay_record(json.loads(json.dumps(history)))
    assert replayed.name == name
    assert replayed.game.history() == history
    assert replayed.seal == seal(history)


def test_a_replay_with_a_dropped_event_is_refused() -> None:
    """The replay checks what it replays (a check that passed anything would prove nothing)."""
    for name in ROOM_GAMES:
        g = new_game(name, 1, players_of(name))
        for s in [HOUSE, *g.seat_numbers]:
            if g.legal(s):
                g.apply(g.legal(s)[0])
                break
        history = g.history()
        history["events"] = history["events"][:-1]
        with pytest.raises(ReplayError):
            if isinstance(g, CardGame):
                replay_cards(history)
            else:
                replay(history, TABLES[name].make, name)


def test_a_spectator_sees_no_private_card_of_an_event() -> None:
    """docs/games/protocol.md: the house's events blank every private card (a deal to one
    hand was shown whole to spectators and the host when the event named no second seat)."""
    for name, entry in GAMES.items():
        g = entry.new(entry.players[0], RandomShuffler(random.Random(3)))
        dealer = g.to_act
        assert dealer is not None
        g.apply(g.legal(dealer)[0])  # the deal
        dealt = [e for e in g.events(HOUSE, 0) if e["kind"] == "dealt"]
        assert dealt and all("cards" not in e for e in dealt), name

