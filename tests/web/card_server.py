"""The party table's server for the card room's browser tests: the real app (``create_app``) on a
port, with every card room's shuffles seeded (room by room, in the order rooms are opened), its
bots' choices seeded by seat, and its bots moving quickly, so a browser test deals the same
hands and sees the same bot moves every run, and does not wait a second for each bot. Started
by ``test_browser_cardroom.card_server`` as a process of its own, ended at a deadline."""

from __future__ import annotations

import argparse
import itertools
import random
from pathlib import Path

import uvicorn

from twentyone.games.core.shuffle import RandomShuffler
from twentyone.web.app import create_app
from twentyone.web.gate import server_config
from twentyone.web.limits import Limits
from twentyone.web.store import SqliteStore


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--bot-delay", type=float, default=0.05)
    args = parser.parse_args()
    rooms = itertools.count(args.seed)
    limits = Limits(rooms_burst=100)
    app = create_app(SqliteStore(args.db), limits=limits,
                     cards=lambda: RandomShuffler.seeded(next(rooms)),
                     bot_rng=lambda code, seat: random.Random(f"{args.seed}:{seat}"),
                     bot_delay_s=args.bot_delay)
    uvicorn.Server(server_config(app, "127.0.0.1", args.port, limits)).run()


if __name__ == "__main__":
    main()
