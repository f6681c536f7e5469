"""Computed index numbers: the full set (every play a count changes, every up card, insurance)
for one rule set and one count, solved from nothing (the solver compiled, the index cache not
read: ``indices.compute`` is called directly). The aim is under two minutes on the two-core
machine (docs/strategy.md#computed-index-numbers). Also the process a user runs,
``twentyone indices``, with an empty index cache.

Run: ``.venv/bin/python benchmarks/bench_indices.py [--count hilo] [--rules six-deck-s17]
[--set k=v ...] [--skip-process]``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from twentyone.rules import load_rules, parse_set_options
from twentyone.sim import indices
from twentyone.strategy.exact import action_evs, describe


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", default="hilo")
    parser.add_argument("--rules", default="six-deck-s17")
    parser.add_argument("--set", action="append", default=[], dest="set_")
    parser.add_argument("--skip-process", action="store_true")
    args = parser.parse_args()
    rules = load_rules(args.rules, parse_set_options(args.set_))
    action_evs(rules.replace(decks=1), [10, 6], 10)  # compile (or load) the solver first
    start = time.perf_counter()
    found = indices.compute(rules, args.count)
    seconds = time.perf_counter() - start
    changing = sum(p.index is not None for p in found.plays)
    print(f"{describe(rules)}, {args.count}: {len(found.plays)} plays ({changing} with an "
          f"index in -10..+10) in {seconds:.1f} s (aim: under 120 s)")
    if args.skip_process:
        return
    with tempfile.TemporaryDirectory() as cache:
        env = os.environ | {"TWENTYONE_CACHE_DIR": cache}
        cli = os.path.join(os.path.dirname(sys.executable), "twentyone")
        start = time.perf_counter()
        subprocess.run([cli, "indices", "--rules", args.rules, "--count", args.count,
                        *(x for s in args.set_ for x in ("--set", s))], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
        print(f"twentyone indices, nothing cached: {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
