"""How well each bot level plays: each level alone against random play, best against beginner,
and strong against best.

    python benchmarks/bench_games.py [games per line, default 2000] [--game NAME]... [--line A:B]...
                                     [--seed S]

(without ``--game`` every card game; without ``--line`` every line: each level against random,
best against beginner, strong against best. The strong bot searches, 10-60 ms a move on average, so
its lines take far longer than the others: minutes per 1000 games on one core.)

Every game is played by four (Durak, President and Solo Whist alike), so each line compares
like with like. A line plays its games in blocks, one fresh table (its own seed) per seating, so
that no seat's advantage (who attacks first, who holds office, who deals) favours a level:

- "LEVEL vs random": one seat of LEVEL and three random bots; the LEVEL seat moves round the
  four chairs, a quarter of the games each. A fair seat is the durak 25% of the games, President
  25% and Asshole 25%, and wins 0 counters a deal.
- "best vs beginner" (and "strong vs best"): two of each, alternating round the table (the
  first level in seats 1 and 3, then in 2 and 4 for the second half). Fair: the durak is the
  second level 50% of the time, the President is the first 50%, and each of the first level's
  seats wins 0 counters a deal.

Against random play at Solo Whist the random seats bid some contract nearly every deal (and
lose it), so the level's seat rarely declares: that line shows mostly that it passes sensibly
and defends; best against beginner is the line that shows the play.

Rates carry their 95% Wilson interval and their count (hits/n), Solo Whist's counters a mean
with its 95% interval, its standard deviation and n, so that runs can be pooled: the tables of a
line are seeded ``S``, ``S + 1``, ... (``--seed``, default 1000), so a run with another seed (ten
apart or more) plays other tables, a fresh sample of the same line. Hands at one table are
treated as independent (each is a fresh shuffle); the titles and the durak's deal do carry from
hand to hand, which the intervals do not allow for.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from twentyone.games.auto import make_bots, make_game, play_hand
from twentyone.games.core.bots import Bot, Watcher
from twentyone.games.core.game import CardGame
from twentyone.games.core.ops import CardOp
from twentyone.games.durak import Durak
from twentyone.games.president import President
from twentyone.games.solo_whist import SoloWhist

PLAYERS = 4


def rate(hits: int, n: int) -> str:
    """A proportion with its 95% Wilson interval."""
    if n == 0:
        return "n/a"
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{p:6.1%}  [{centre - half:6.1%}, {centre + half:6.1%}]  ({hits}/{n})"


def mean_ci(xs: Sequence[float]) -> str:
    """A mean with its 95% interval (normal approximation; deals are many and independent)."""
    n = len(xs)
    if n < 2:
        return "n/a"
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return f"{m:+.3f}  [{m - half:+.3f}, {m + half:+.3f}]  (n={n}, sd {sd:.3f})"


#: A seating: the bot level in each seat, seat 1 first.
Seating = list[str]


def seatings(level: str, other: str) -> list[Seating]:
    """The seatings a line plays, each for an equal share of its games."""
    if other == "random":
        return [[level if s == k else "random" for s in range(PLAYERS)] for k in range(PLAYERS)]
    return [[level, other] * (PLAYERS // 2), [other, level] * (PLAYERS // 2)]


class Clocked:
    """A strong bot timed at every choice it searches (more than one legal move), in processor
    time (its own core's time, however busy the machine is); it is shown
    its seat's events as the bot itself would be (``show_news`` sees a ``Watcher``)."""

    times: ClassVar[list[float]] = []

    def __init__(self, bot: Bot) -> None:
        assert isinstance(bot, Watcher)
        self.bot = bot

    @property
    def read(self) -> int:
        return self.bot.read

    @read.setter
    def read(self, mark: int) -> None:
        self.bot.read = mark

    def watch(self, events: Sequence[dict[str, Any]]) -> None:
        self.bot.watch(events)

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        began = time.process_time()
        op = self.bot.choose(view, legal)
        if len(legal) > 1:
            Clocked.times.append(time.process_time() - began)
        return op


def pace() -> str:
    """The strong bots' processor time per searched move since the last call, and the
    slowest."""
    times, Clocked.times = Clocked.times, []
    if not times:
        return ""
    return (f"\n      strong: {1000 * sum(times) / len(times):.0f} ms a move, "
            f"slowest {1000 * max(times):.0f} ms (processor time, {len(times)} moves)")


#: The first table's seed (``--seed``); a line's tables are seeded from it up.
SEED = 1000


def hands(game: str, games: int, plan: list[Seating], seed: int = SEED
          ) -> Iterator[tuple[CardGame[Any], Seating, dict[int, int]]]:
    """Play ``games`` hands shared among the seatings of ``plan``, a fresh table (its own seed,
    from ``seed`` up) for each; after each hand, the table, its seating and Solo Whist's
    counters before it."""
    for block, seating in enumerate(plan):
        share = games // len(plan) + (1 if block < games % len(plan) else 0)
        g = make_game(game, PLAYERS, seed + block)
        table = make_bots(game, PLAYERS, seed + block, seating)
        table = {s: Clocked(b) if seating[s - 1] == "strong" else b for s, b in table.items()}
        for _ in range(share):
            before = dict(g.counters) if isinstance(g, SoloWhist) else {}
            play_hand(g, table)
            yield g, seating, before


def durak(games: int, level: str, other: str, seed: int = SEED) -> str:
    durak_is = {level: 0, other: 0}
    draws = 0
    for g, seating, _ in hands("durak", games, seatings(level, other), seed):
        assert isinstance(g, Durak)
        loser = g.results[-1]
        if loser is None:
            draws += 1
        else:
            durak_is[seating[loser - 1]] += 1
    decided = games - draws
    if other == "random":
        return f"{level} is the durak {rate(durak_is[level], decided)}; draws {draws}"
    return f"the durak is a {other} {rate(durak_is[other], decided)}; draws {draws}"


def president(games: int, level: str, other: str, seed: int = SEED) -> str:
    top = {level: 0, other: 0}
    bottom = {level: 0, other: 0}
    for g, seating, _ in hands("president", games, seatings(level, other), seed):
        assert isinstance(g, President)
        for seat, title in g.results[-1].items():
            if title == g.rules.ranks[0]:
                top[seating[seat - 1]] += 1
            elif title == g.rules.ranks[-1]:
                bottom[seating[seat - 1]] += 1
    return (f"{level} is President {rate(top[level], games)}\n"
            f"      {level} is Asshole   {rate(bottom[level], games)}")


def solo_whist(games: int, level: str, other: str, seed: int = SEED) -> str:
    per_deal: list[float] = []
    declared = {level: 0, other: 0}
    made = {level: 0, other: 0}
    for g, seating, before in hands("solo-whist", games, seatings(level, other), seed):
        assert isinstance(g, SoloWhist)
        mine = [s for s in g.seats if seating[s - 1] == level]
        per_deal.append(sum(g.counters[s] - before[s] for s in mine) / len(mine))
        last = g.results[-1]
        for s in last["declarers"]:
            declared[seating[s - 1]] += 1
            made[seating[s - 1]] += int(last["made"])
    lines = [f"{level} seat's counters/deal {mean_ci(per_deal)}"]
    lines += [f"{who} made/declared {rate(made[who], declared[who])}" for who in (level, other)]
    return "\n      ".join(lines)


#: Every line, in the order they are printed.
LINES = (("strong", "random"), ("best", "random"), ("beginner", "random"), ("best", "beginner"),
         ("strong", "best"))

GAMES = {"durak": ("Durak", durak), "president": ("President", president),
         "solo-whist": ("Solo Whist", solo_whist)}


def main() -> None:
    parser = argparse.ArgumentParser(description="How well each bot level plays.")
    parser.add_argument("games", nargs="?", type=int, default=2000, help="games per line")
    parser.add_argument("--game", action="append", choices=list(GAMES),
                        help="a game to measure (repeat for several; default all)")
    parser.add_argument("--line", action="append", choices=[f"{a}:{b}" for a, b in LINES],
                        help="a line to play, LEVEL:OTHER (repeat for several; default all)")
    parser.add_argument("--seed", type=int, default=SEED,
                        help=f"the first table's seed (default {SEED}); another seed, ten apart "
                             "or more, plays a fresh sample")
    args = parser.parse_args()
    if args.games < 2 * PLAYERS:
        raise SystemExit(f"play at least {2 * PLAYERS} games per line")
    lines = [tuple(line.split(":")) for line in args.line] if args.line else list(LINES)
    start = time.perf_counter()
    for name in args.game or list(GAMES):
        title, run = GAMES[name]
        for level, other in lines:
            began = time.perf_counter()
            result = run(args.games, level, other, args.seed)
            took = time.perf_counter() - began
            print(f"{title}, {PLAYERS} players - {level} vs {other} "
                  f"({args.games} games, {took:.1f} s):\n      {result}{pace()}", flush=True)
    print(f"all lines: {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
