"""docs/dealing.md and docs/web.md#hosting-a-room: in dealer mode the host's steps are operations
of the dealer's game (``games.blackjack.dealer.DealerGame``) like the table's: ``legal(HOUSE)``
offers the next one, ``operation`` reads it back from its JSON as the same value, ``apply``
performs it, and a refused step changes nothing."""

from __future__ import annotations

import random

import pytest

from twentyone.engine.ops import Bet, Sit, Stand
from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.errors import DealerStepError, IllegalActionError
from twentyone.games.blackjack.dealer import Burn, DealerGame, OfferInsurance, Pay
from twentyone.games.registry import TABLES
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS


def _dealt_by_host(cards: list[str]) -> DealerGame:
    rules = PRESETS["six-deck-s17"].replace(dealer_decides=True)
    entry = TABLES["casino"]
    shuffler = StackedShuffler([cards], then=RandomShuffler(random.Random(7)))
    return entry.dealt_by_host(entry.game("casino", rules.to_mapping(), shuffler), None)


def test_the_hosts_steps_are_operations_the_game_offers_reads_and_applies() -> None:
    # Seat 1: 10, 9 (19); the dealer: 6 up, 10 in the hole (16), then a 2 (18): seat 1 wins.
    g = _dealt_by_host(["10s", "6d", "9c", "10h", "2c"])
    g.apply(Sit(1, 10_000))
    g.apply(Bet(1, 2_500))
    taken: list[str] = []
    for _ in range(50):
        house = g.legal(HOUSE)
        if not house and g.acting == 1:
            g.apply(Stand(1))
            continue
        if not house:
            break
        op = house[0]
        assert g.operation(op.to_json()) == op  # the same value, read back from its words
        g.verify(op)
        g.apply(op)
        taken.append(op.name)
    assert taken == ["burn", "deal", "dealer_hit", "dealer_stand", "pay"]
    assert g.state()["owed"] == [] and g.legal(HOUSE) == []


def test_a_refused_step_changes_nothing() -> None:
    g = _dealt_by_host(["10s", "6d", "9c", "10h", "2c"])
    g.apply(Sit(1, 10_000))
    g.apply(Bet(1, 2_500))
    for op in (g.operation({"op": "deal"}), OfferInsurance(), Pay(1, 0, (("red", 5),))):
        before = (g.state(), g.mark(), len(g.ops))
        with pytest.raises(DealerStepError):
            g.apply(op)
        assert (g.state(), g.mark(), len(g.ops)) == before
    g.apply(Burn())
    g.apply(g.operation({"op": "deal"}))
    g.apply(Stand(1))
    g.apply(g.legal(HOUSE)[0])  # the draw the rules call for
    g.apply(g.legal(HOUSE)[0])
    owed = g.legal(HOUSE)
    assert [op.name for op in owed] == ["pay"]
    wrong = Pay(1, 0, (("red", 4),))
    before = (g.state(), g.mark(), len(g.ops))
    with pytest.raises(DealerStepError, match="1 green"):
        g.apply(wrong)
    assert (g.state(), g.mark(), len(g.ops)) == before
    assert g.host_operation("pay", {"seat": 1, "hand": 0, "chips": {"green": 1}}) == owed[0]


@pytest.mark.parametrize("thing", [None, {"op": "hit", "seat": 1}, "hit", 3, 1.5, [Stand(1)]])
def test_anything_but_an_operation_is_refused_in_words_and_changes_nothing(thing: object) -> None:
    """docs/games/protocol.md: the protocol's games take whatever a caller sends and refuse
    what is not an operation with a typed error (before, the dealer's game met ``None`` with
    an ``AttributeError``)."""
    g = _dealt_by_host(["10s", "6d", "9c", "10h", "2c"])
    g.apply(Sit(1, 10_000))
    g.apply(Bet(1, 2_500))
    before = (g.state(), g.mark(), len(g.ops), g.balances())
    for attempt in (g.verify, g.apply):
        with pytest.raises(IllegalActionError, match="an operation is a value"):
            attempt(thing)  # type: ignore[arg-type]  # what a caller past the types sends
    assert (g.state(), g.mark(), len(g.ops), g.balances()) == before
