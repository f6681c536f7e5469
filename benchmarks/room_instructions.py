"""A party room's own work per request counted in machine instructions, not timed: the same
requests as ``bench_room.py`` (seven bots and a host at a six-deck table, a SQLite ledger on disk,
the delta frames of one broadcast for all eight connections), run under Valgrind's callgrind
twice, for a short and a long run, so that what the process does once (starting Python,
importing, opening the ledger) drops out of the difference. Run:

    .venv/bin/python benchmarks/room_instructions.py [--short 200] [--long 1200] [--tree DIR]

A shared machine's timings of the server move by a third from one run to the next (other
tenants, the processor's clock), so two builds a few per cent apart cannot be told apart by
time; the count of instructions is the same run after run, so it can. It counts the room's work
in user space only: the kernel's share of the ledger's writes, and the network, are not in it
(``bench_web.py --floor`` measures the whole server). Needs ``valgrind`` (Debian's package);
a run takes about two minutes, both counts side by side on two cores.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOM = Path(__file__).with_name("bench_room.py")
#: callgrind's summary line: "==PID== Collected : N".
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def count(ops: int, out: Path) -> subprocess.Popen[str]:
    """callgrind over ``bench_room.py`` for ``ops`` requests (one repeat, no adapter rounds)."""
    return subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
         str(ROOM), "--ops", str(ops), "--repeats", "1", "--rounds", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def collected(proc: subprocess.Popen[str]) -> int:
    _, err = proc.communicate()
    found = COLLECTED.search(err)
    if proc.returncode != 0 or found is None:
        sys.exit(f"callgrind failed:\n{err[-2000:]}")
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--short", type=int, default=200)
    ap.add_argument("--long", type=int, default=1200)
    ap.add_argument("--tree", type=Path, help="keep callgrind's two files in this folder "
                    "(callgrind_annotate reads them)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    if args.long <= args.short:
        sys.exit("--long must be more requests than --short")
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.tree or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        runs = [count(n, folder / f"callgrind.{n}") for n in (args.short, args.long)]
        short, long = (collected(p) for p in runs)
    per = (long - short) / (args.long - args.short)
    print(f"{per:,.0f} instructions per request (the room's own work: the game, the ledger's "
          f"commit and the delta frames of one broadcast; {args.long} against {args.short} "
          f"requests)")


if __name__ == "__main__":
    main()
