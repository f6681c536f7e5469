"""``twentyone train``: the trainers at the terminal, headless for scripts, and their statistics.

``twentyone train`` lists the drills; ``twentyone train NAME`` runs one at the terminal (the
Textual trainer of ``tui.trainer``: chips drawn in their colours, keys for answers, the grade in
the frame); ``--json`` runs it headless: one JSON item line out, one JSON answer line in, per
item, and a last line grading the session (the contract is in docs/training.md#scripts).
``twentyone train stats`` shows a profile's progress.

The drills are a library (``twentyone.train``) that the terminal, the headless loop and the
browser drive through the same three calls; this module only hands a session to a front end.
"""

from __future__ import annotations

import json
import random
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from twentyone.cli.names import resolve
from twentyone.cli.options import RulesOpt, SetOpt, check_writable, rules_from_cli
from twentyone.errors import TwentyOneError
from twentyone.money import dollars
from twentyone.strategy import chart_on_disk
from twentyone.train import stats as train_stats
from twentyone.train.core import JSON
from twentyone.train.registry import DRILLS, describe_all, make_drill
from twentyone.train.session import Session
from twentyone.train.store import Store, beside_ledger
from twentyone.tui.trainer import TrainerApp, due_words

#: The most items one run asks (a session of them is hours of answers); and the largest seed.
MAX_ITEMS = 10_000
MAX_SEED = 2**63 - 1
#: The longest answer line read, and the deepest nesting of brackets an answer may have: every
#: answer is a few dozen characters, two levels deep.
MAX_LINE = 64 * 1024
MAX_DEPTH = 16


def _options(opts: list[str] | None) -> dict[str, str]:
    """The ``--opt key=value`` settings; one given twice is refused (which was meant?)."""
    out: dict[str, str] = {}
    for o in opts or []:
        key, sep, value = o.partition("=")
        if not sep:
            raise typer.BadParameter(f"--opt takes key=value, not {o!r}")
        if key.strip() in out:
            raise typer.BadParameter(f"--opt {key.strip()} is given twice", param_hint="--opt")
        out[key.strip()] = value.strip()
    return out


def _open_store(profile: str, *, create: bool = True, db: Path | None = None) -> Store:
    """The profile (beside the party table's ledger ``db``, where ``serve --db`` keeps them,
    else in the user data folder), or (without ``create``) a refusal listing the profiles
    there are."""
    try:
        store = Store.open(profile, None if db is None else beside_ledger(db), create=create)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--profile") from None
    if store.notice:
        typer.echo(store.notice, err=True)
    return store


def _damage(store: Store | None) -> None:
    """Say once, on stderr, if damaged rows of the profile were left out."""
    note = store.damage_notice() if store is not None else None
    if note:
        typer.echo(note, err=True)


def train(
    name: Annotated[str | None, typer.Argument(help="A drill (see the list), or 'stats'.")]
    = None,
    rules: RulesOpt = "classic", set_: SetOpt = None,
    profile: Annotated[str | None, typer.Option(
        "--profile", help="Whose progress to record (default 'default'; headless: none).")]
    = None,
    seed: Annotated[int | None, typer.Option("--seed", min=0, max=MAX_SEED,
                                             help="Seed the items.")] = None,
    items: Annotated[int | None, typer.Option("--items", min=1, max=MAX_ITEMS,
                                              help="How many items.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Headless: JSON lines.")] = False,
    list_: Annotated[bool, typer.Option("--list", help="List the drills.")] = False,
    audition: Annotated[bool, typer.Option(
        "--audition", help="The timed dealer-school test, with a pass mark.")] = False,
    opt: Annotated[list[str] | None, typer.Option(
        "--opt", help="A drill setting: system=ko, flash=2, pace=500, cards=30 "
        "(--list --json shows each drill's).")] = None,
    png: Annotated[str | None, typer.Option("--png", help="stats: also draw them to F.")]
    = None,
    db: Annotated[Path | None, typer.Option(
        "--db", help="The profiles of the party table whose ledger is this file "
        "(twentyone serve --db FILE keeps them beside it).")] = None,
) -> None:
    """Practise dealing and playing: chip counting, payouts, change, hand totals, the dealer's
    procedure, basic strategy, counting and index plays; graded, with progress per profile."""
    if name is None or list_:
        _list(as_json)
        return
    if name == "stats":
        check_writable(None if png is None else Path(png), "the charts", "--png", ".png")
        _stats("default" if profile is None else profile, png, as_json, db)
        return
    name = resolve(name, DRILLS, what="drill", option="NAME")
    r = rules_from_cli(rules, set_)
    try:
        drill = make_drill(name, r, rules, _options(opt))
    except (TwentyOneError, ValueError, KeyError) as exc:
        raise typer.BadParameter(str(exc)) from None
    if audition and drill.audition is None:
        raise typer.BadParameter(f"the {name} drill has no audition", param_hint="--audition")
    rng = random.Random(seed)
    if as_json:
        store = _open_store(profile, db=db) if profile is not None else None
        try:
            _headless(Session(drill, rng, store, audition), items)
        finally:
            if store is not None:
                _damage(store)
                store.close()
        return
    need_terminal(name)
    who = "default" if profile is None else profile
    with _open_store(who, db=db) as store:
        _terminal(Session(drill, rng, store, audition), items, f"{rules} · profile {who}")
        _damage(store)


def _list(as_json: bool) -> None:
    drills = describe_all()
    if as_json:
        typer.echo(json.dumps({"drills": drills}))
        return
    console = Console()
    # One grid for both groups, so that the columns line up and a long title wraps under
    # itself on a narrow terminal.
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_column(style="dim", no_wrap=True)
    for group in ("dealer", "player"):
        grid.add_row(f"[bold]{group.title()} drills[/bold]", "", "")
        for d in drills:
            if d["group"] == group:
                grid.add_row(f" [cyan]{d['name']}[/cyan]", str(d["title"]),
                             "audition" if "audition" in d else "")
    console.print(grid)
    console.print("\ntwentyone train NAME [--rules R] [--profile P] [--audition] "
                  "[--opt KEY=VALUE]")
    console.print("--json: headless · twentyone train stats [--png F]: your progress")


# --- headless ----------------------------------------------------------------------------------

def _headless(session: Session, limit: int | None) -> None:
    """The JSON-lines contract: an item line, an answer line read back, ..., the summary."""
    for item in session.items(limit if limit is not None else 10):
        sys.stdout.write(json.dumps(item.line()) + "\n")
        sys.stdout.flush()
        start = time.monotonic()
        line = _read_line()
        if line is None:
            break  # the script stopped answering: grade what was answered
        seconds = time.monotonic() - start
        session.answer(item, _read_answer(line), seconds)
    sys.stdout.write(json.dumps(session.summary()) + "\n")


def _read_line() -> str | None:
    """The next answer line, None at the end of the input; a line longer than ``MAX_LINE`` is
    read to its end but kept empty (unreadable: a miss), so no line can fill the memory."""
    line = sys.stdin.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) <= MAX_LINE or line.endswith("\n"):
        return line
    while (rest := sys.stdin.readline(MAX_LINE)) and not rest.endswith("\n"):
        pass
    return ""


def _read_answer(line: str) -> JSON:
    """The value of an answer line's ``answer``; anything unreadable (not JSON, nested deeper
    than any answer is) is answered None (a miss, graded with the right answer like any
    other)."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or _depth(data) > MAX_DEPTH:
        return None
    return data.get("answer")


def _depth(value: JSON) -> int:
    """How deeply ``value``'s lists and objects nest (walked without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, dict | list):
            deepest = max(deepest, d)
            todo.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


# --- the terminal ------------------------------------------------------------------------------

def need_terminal(name: str) -> None:
    """The trainer is interactive: without a terminal (a pipe, CI) say so instead of waiting
    for keys that cannot come."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        typer.echo(f"twentyone train {name} needs a terminal to answer at; for scripts run it "
                   f"headless: twentyone train {name} --seed S --items K --json", err=True)
        raise typer.Exit(2)


def _terminal(session: Session, limit: int | None, subtitle: str) -> None:
    """Run the drill in the Textual trainer; print the session's score once the screen is
    gone, so it stays in the terminal's scrollback."""
    drill = session.drill
    preparing = ("Preparing the exact odds for these rules (first time only, usually 5 to 30 s; "
                 "kept on disk after that)…"
                 if drill.answer_kind == "action" and not chart_on_disk(drill.rules) else "")
    notice = session.store.notice if session.store is not None else None
    summary = TrainerApp(session, limit=limit, subtitle=subtitle, preparing=preparing,
                         notice=notice or "").run()
    if summary is None or not summary["total"]:
        typer.echo("No items answered.")
        return
    typer.echo(f"{session.drill.title}: {summary['correct']} right of {summary['total']}.")
    if "audition" in summary:
        v = summary["audition"]
        typer.echo(f"Audition: {'passed' if v['passed'] else 'not passed'} "
                   f"({v['accuracy']:.0%}, pass mark {v['pass_mark']:.0%}).")


# --- stats -------------------------------------------------------------------------------------

def _stats(profile: str, png: str | None, as_json: bool, db: Path | None = None) -> None:
    with _open_store(profile, create=False, db=db) as store:
        data = train_stats.report(store)
        if png:
            train_stats.plot(store, png)
        _damage(store)
    if as_json:
        typer.echo(json.dumps(data))
        return
    console = Console()
    if not data["answers"]:
        console.print(f"No answers yet in profile {profile!r}.")
    for drill, d in data["drills"].items():
        secs = f", {d['mean_seconds']:.1f}s each" if d["mean_seconds"] is not None else ""
        console.print(f"[cyan]{drill:<16}[/cyan]{d['answers']:>5} answers, "
                      f"{d['accuracy']:.0%} right{secs}")
        if len(d["sessions"]) > 1:
            console.print(" " * 16 + "by session: " + " → ".join(
                f"{p['accuracy']:.0%}" + (f" {p['mean_seconds']:.1f}s"
                                          if p["mean_seconds"] is not None else "")
                for p in d["sessions"][-6:]))
    if data["missed_cells"]:
        console.print("Most missed strategy cells: " + ", ".join(
            f"{c['cell']} ({c['misses']}/{c['answers']})" for c in data["missed_cells"]))
    if data["ev_per_hand"] is not None:
        console.print(f"Your strategy mistakes cost {data['ev_per_hand']:.4f} of a bet per hand "
                      f"({dollars(round(data['ev_per_hand'] * 10000))} per $100 bet), over "
                      f"the hands you have practised ({data['ev_coverage']:.0%} of the hands a "
                      "shoe deals).")
    for t in data["table"]:
        console.print(f"[cyan]{'table play':<16}[/cyan]{t['at'][:16]}: {t['hands']} hands "
                      f"(won {t['won']}, lost {t['lost']}, pushed {t['pushed']}), net "
                      f"{'-' if t['net'] < 0 else '+'}{dollars(abs(t['net']))}, "
                      f"{t['mistakes']} mistakes costing "
                      f"{t['ev_cost']:.4f} of a bet, count checks {t['checks_right']}/"
                      f"{t['checks']}")
    _print_due(console, data["due"])
    if png:
        console.print(f"Drawn to {png}.")


def _print_due(console: Console, due: dict[str, Any]) -> None:
    """What the schedule brings back, per drill: due now, and when the next one is."""
    if not due["drills"]:
        return
    console.print("[bold]Due for review[/bold] (practise the drill with this profile: the "
                  "due items come first)")
    now = datetime.now().astimezone()
    for drill, d in due["drills"].items():
        soon = ", ".join(f"{c['cell']} ({'now' if c['now'] else due_words(c['due'], now)})"
                         for c in d["cells"][:6])
        head = f"{d['due_now']} now" if d["due_now"] else "nothing now"
        nxt = f", next {due_words(d['next'], now)}" if d["next"] else ""
        console.print(f"  [cyan]{drill:<16}[/cyan]{head}{nxt}: {soon}")

