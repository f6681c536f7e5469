"""The dealer's multi-deck hand shuffle (docs/dealing.md#the-hand-shuffle): performed as the
procedure says, with Gilbert-Shannon-Reeds riffles, usable as a table's shuffler, and measured
against a uniform shuffle by rising sequences and by where cards end up."""

from __future__ import annotations

import numpy as np
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.engine.handshuffle import (
    HandShuffle,
    HandShuffler,
    gsr_riffle,
    quality,
    rising_sequences,
)
from twentyone.engine.table import Phase, Table
from twentyone.rules import PRESETS


def test_a_riffle_at_most_doubles_the_rising_sequences() -> None:
    """docs/dealing.md#the-hand-shuffle: GSR riffles of a deck in order leave at most 2**k
    rising sequences after k riffles, and a uniform shuffle about (n + 1) / 2."""
    rng = np.random.default_rng(1)
    for _ in range(50):
        order = np.arange(52, dtype=np.int64)
        for k in range(1, 5):
            order = gsr_riffle(order, rng)
            assert sorted(order.tolist()) == list(range(52))
            assert rising_sequences(order) <= 2 ** k
    assert rising_sequences(np.arange(52, dtype=np.int64)) == 1
    assert rising_sequences(np.arange(52, dtype=np.int64)[::-1].copy()) == 52


def test_the_procedure_goes_stacks_grabs_riffles_strip_box_cut() -> None:
    """docs/dealing.md#the-hand-shuffle: four stacks; about a deck from stacks 1 and 3 riffled
    together and laid on the cut card, then 2 and 4 on top, alternating until every card is
    shuffled; the box; the cut."""
    proc = HandShuffle(riffles=3)
    order, cut_at = proc.run(312, np.random.default_rng(5), record=True)
    assert sorted(order.tolist()) == list(range(312))
    actions = [s.action for s in proc.steps]
    assert actions[0] == "stacks" and actions[-2:] == ["box", "cut"]
    # riffle, riffle, strip, riffle for each pair of grabs
    assert actions[1:7] == ["grab", "riffle", "riffle", "strip", "riffle", "place"]
    grabs = [s.text for s in proc.steps if s.action == "grab"]
    assert grabs[0].endswith("from stack 3") and "stack 1" in grabs[0]
    assert "stack 2" in grabs[1] and grabs[1].endswith("from stack 4")
    assert sum(len(s) for s in proc.steps[0].stacks) == 312
    assert all(len(s) == 0 for s in proc.steps[-1].stacks) and len(proc.steps[-1].pile) == 312
    assert 31 <= cut_at <= 281


def test_a_table_can_deal_from_the_hand_shuffle() -> None:
    """The hand shuffle is a ``Shuffler``: a table can deal from it (it is never the default,
    docs/dealing.md#the-shuffle)."""
    shuffler = HandShuffler.seeded(7)
    t = Table(PRESETS["six-deck-s17"], shuffler)
    assert sorted(c.id for c in t.shoe.cards) == list(range(312))
    assert shuffler.last[-1].action == "cut"
    t.sit(1, 100_00)
    t.bet(1, 10_00)
    t.deal()
    assert t.phase in (Phase.PLAYERS, Phase.INSURANCE, Phase.BETTING)


def test_how_far_from_uniform_the_procedure_leaves_a_shoe() -> None:
    """docs/dealing.md#the-hand-shuffle, judged by numbers on six new packs: each riffle brings
    the rising sequences nearer the uniform (n + 1) / 2 = 156.5, the default three leave them
    far short, eight come within a few standard errors; but where a card ends up keeps a trace
    of the quarter of the shoe it started in whatever the riffles, well above the noise floor of
    as many uniform shuffles."""
    rows = [quality(6, r, 200, seed=11) for r in (0, 1, 2, 3, 4, 8)]
    rising = [q.rising for q in rows]
    assert rising == sorted(rising)
    three = rows[3]
    assert three.rising < three.rising_uniform - 20 * three.rising_se
    eight = rows[-1]
    assert abs(eight.rising - eight.rising_uniform) < 4 * eight.rising_se + 1.0
    for q in rows:
        assert q.quarters_tv > 5 * q.quarters_tv_uniform


def test_the_shuffle_command_shows_the_procedure() -> None:
    result = CliRunner().invoke(app, ["shuffle", "--procedure", "--decks", "2", "--seed", "1",
                                      "--delay", "0"])
    assert result.exit_code == 0, result.output
    assert "cut" in result.output
