"""A party room's own work per operation, with no network: what the server spends on the game
itself, to set beside the load benchmark (``bench_web.py``) and the stack's floor
(``bench_ws_floor.py``).

Seven bots and a host play a six-deck room straight through ``Room.handle``, as the server's
socket handler calls it, over a SQLite ledger on disk (one transaction per request, as served);
after each request the state frames of one broadcast are built for all eight connections and
encoded, exactly as ``Site.broadcast`` builds them before sending. Run:

    .venv/bin/python benchmarks/bench_room.py [--ops N] [--repeats R] [--whole]

The frames are delta frames (``web.delta``) against what each connection was sent last, as the
page asks for them; with ``--whole`` they are whole state frames, as an older page asks.

Prints the median over the repeats of the CPU time per operation, split into handling the
request (engine, ledger) and building the frames; then the cost of the one game protocol's
adapter (``games.blackjack.CasinoGame``): three seats play the same rounds of random legal
moves once straight at the engine (``legal_actions``, then ``Table.apply``) and once through
the adapter (``legal``, which makes each action a concrete operation, then ``apply``, which
also keeps each round's result), as a ratio (``--rounds``).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import tempfile
import time
from enum import StrEnum
from pathlib import Path
from typing import Any

from twentyone.engine.ops import (
    Bet,
    Deal,
    DealerHit,
    DealerStand,
    Decline,
    Hit,
    SeatOp,
    Sit,
    Stand,
)
from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Action, Phase, Table
from twentyone.games.blackjack import CasinoGame
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS
from twentyone.web.delta import Feed, Held
from twentyone.web.protocol import MAX_CENTS, Request
from twentyone.web.room import Room, Sources
from twentyone.web.roomcore import Actor, Role
from twentyone.web.spec import RoomSpec
from twentyone.web.store import SqliteStore

SEATS = 7


def run(ops: int, db: Path, deltas: bool = True) -> tuple[float, float]:
    """CPU seconds per operation (handling, frames) over ``ops`` operations."""
    store = SqliteStore(db)
    # The most a room allows a seat to buy in for, so the bots never run out of chips.
    spec = RoomSpec.from_request({"game": "casino", "rules": "six-deck-s17",
                                  "settings": {"max_buy_in": MAX_CENTS}})
    room = Room("BENCH1", spec, "0" * 64, store, Sources(RandomShuffler.seeded(2026)))
    host = Actor(Role.HOST)
    bots = [Actor(Role.SPECTATOR) for _ in range(SEATS)]
    actors = [host, *bots]
    ids = itertools.count()
    versions = itertools.count(1)
    held: dict[int, Held] = {}
    handling = framing = 0.0
    done = 0

    def ask(actor: Actor, op: str, **args: Any) -> None:
        nonlocal handling, framing, done
        mark = room.log_mark()
        t0 = time.process_time()
        frame, changed = room.handle(actor, Request(f"r{next(ids)}", op, args))
        t1 = time.process_time()
        if changed:
            frames = room.frames(mark)
            feed = Feed(frames, next(versions))
            for i, a in enumerate(actors):
                if deltas:
                    _, held[i] = feed.frame(a, held.get(i))
                else:
                    frames.text(a)
        t2 = time.process_time()
        assert frame.get("ok"), frame
        handling += t1 - t0
        framing += t2 - t1
        done += 1

    for n, bot in enumerate(bots, 1):
        ask(bot, "sit", name=f"bot{n}", buy_in=MAX_CENTS, seat=n)
    handling = framing = 0.0
    done = 0
    game = room.game
    assert isinstance(game, CasinoGame)
    t = game.table  # read to drive the bots, as a player reads the felt
    while done < ops:
        for bot in bots:
            ask(bot, "bet", amount=2_500)
        ask(host, "deal")
        while t.phase is not Phase.BETTING:
            if t.phase is Phase.INSURANCE:
                for bot in bots:
                    if "decline" in room.legal(bot.seat or 0):
                        ask(bot, "decline")
                continue
            assert t.to_act is not None
            seat, index = t.to_act
            hand = t.seats[seat].hands[index]
            ask(bots[seat - 1], "hit" if hand.total < 17 else "stand")
    store.close()
    return handling / done, framing / done


def _direct(rounds: int, seed: int) -> float:
    """CPU seconds for ``rounds`` rounds of random play straight at the engine."""
    t = Table(PRESETS["six-deck-s17"], RandomShuffler.seeded(seed))
    rng = random.Random(seed)
    plays: dict[StrEnum, type[SeatOp]] = {Action.HIT: Hit, Action.STAND: Stand,
                                          Action.DECLINE: Decline}
    for n in (1, 2, 3):
        t.apply(Sit(n, 10**7))
    start = time.process_time()
    for _ in range(rounds):
        for n in (1, 2, 3):
            t.apply(Bet(n, t.rules.min_bet))
        t.apply(Deal())
        while t.phase is not Phase.BETTING:
            if t.phase is Phase.DEALER:
                t.apply(DealerStand() if t.can_dealer_stand() else DealerHit())
                continue
            assert t.to_act is not None
            seat = t.to_act[0]
            acts = [a for a in t.legal_actions(seat) if a in plays]
            t.apply(plays[acts[rng.randrange(len(acts))]](seat))
    return time.process_time() - start


def _adapter(rounds: int, seed: int) -> float:
    """The same through ``CasinoGame``: ``legal`` then ``apply``."""
    g = CasinoGame(Table(PRESETS["six-deck-s17"], RandomShuffler.seeded(seed)))
    t = g.table
    rng = random.Random(seed)
    for n in (1, 2, 3):
        g.apply(Sit(n, 10**7))
    start = time.process_time()
    for _ in range(rounds):
        for n in (1, 2, 3):
            g.apply(Bet(n, t.rules.min_bet))
        g.apply(g.legal(HOUSE)[0])
        while not g.between_hands:
            seat = g.acting
            legal = [op for op in g.legal(HOUSE if seat is None else seat)
                     if isinstance(op, (Hit, Stand, Decline, DealerHit, DealerStand))]
            g.apply(legal[rng.randrange(len(legal))])
    return time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ops", type=int, default=5000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--whole", action="store_true", help="whole state frames, not deltas")
    ap.add_argument("--rounds", type=int, default=5000)
    args = ap.parse_args()
    results = []
    for r in range(args.repeats):
        with tempfile.TemporaryDirectory() as tmp:
            results.append(run(args.ops, Path(tmp) / f"ledger{r}.db", not args.whole))
    handle = statistics.median(h for h, _ in results) * 1000
    frames = statistics.median(f for _, f in results) * 1000
    total = statistics.median(h + f for h, f in results) * 1000
    print(f"{args.ops} operations x {args.repeats}: CPU per operation {total:.3f} ms "
          f"(handling {handle:.3f} ms, building 8 {'whole' if args.whole else 'delta'} frames "
          f"{frames:.3f} ms)")
    direct = min(_direct(args.rounds, r) for r in range(args.repeats))
    adapter = min(_adapter(args.rounds, r) for r in range(args.repeats))
    print(f"{args.rounds} rounds x 3 seats, best of {args.repeats}: engine direct "
          f"{args.rounds / direct:,.0f} rounds/s, through the protocol adapter "
          f"{args.rounds / adapter:,.0f} rounds/s ({adapter / direct:.2f}x the time)")


if __name__ == "__main__":
    main()
