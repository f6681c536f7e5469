"""``twentyone train``: the trainers at the terminal, headless for scripts, and their statistics.

``twentyone train`` lists the drills; ``twentyone train NAME`` runs one at the terminal (a Rich
prompt loop: chips drawn in their colours, keys for answers, feedback after each);
``--json`` runs it headless: one JSON item line out, one JSON answer line in, per item, and a
last line grading the session (the contract is in README.md#trainers). ``twentyone train stats``
shows a profile's progress.

The terminal front end is a plain prompt loop on purpose: the table's Textual rewrite is under
way elsewhere, and the drills are a library (``twentyone.train``) that a Textual or browser front
end drives through the same three calls.
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
from typing import Annotated

import typer
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from twentyone.cli.options import RulesOpt, SetOpt, rules_from_cli
from twentyone.engine.chips import ChipSet
from twentyone.money import dollars
from twentyone.train import stats as train_stats
from twentyone.train.core import JSON, Drill, Item
from twentyone.train.registry import DRILLS, describe_all, make_drill
from twentyone.train.session import Session
from twentyone.train.store import Store

#: Rich styles for the standard chip colours (a custom colour is drawn in its own name if Rich
#: knows it, else plain).
CHIP_STYLES = {"yellow": "bold yellow", "white": "bold white", "red": "bold red",
               "green": "bold green", "black": "bold white on grey23",
               "purple": "bold magenta", "pink": "bold bright_magenta", "blue": "bold blue"}
ACTION_KEYS = {"h": "hit", "s": "stand", "d": "double", "p": "split", "r": "surrender"}


def _options(opts: list[str] | None) -> dict[str, str]:
    out = {}
    for o in opts or []:
        key, sep, value = o.partition("=")
        if not sep:
            raise typer.BadParameter(f"--opt takes key=value, not {o!r}")
        out[key.strip()] = value.strip()
    return out


def _open_store(profile: str) -> Store:
    try:
        store = Store.open(profile)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--profile") from None
    if store.notice:
        typer.echo(store.notice, err=True)
    return store


def train(
    name: Annotated[str | None, typer.Argument(help="A drill (see the list), or 'stats'.")]
    = None,
    rules: RulesOpt = "classic", set_: SetOpt = None,
    profile: Annotated[str | None, typer.Option(
        "--profile", help="Whose progress to record (default 'default'; headless: none).")]
    = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed the items.")] = None,
    items: Annotated[int | None, typer.Option("--items", help="How many items.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Headless: JSON lines.")] = False,
    list_: Annotated[bool, typer.Option("--list", help="List the drills.")] = False,
    audition: Annotated[bool, typer.Option(
        "--audition", help="The timed dealer-school test, with a pass mark.")] = False,
    opt: Annotated[list[str] | None, typer.Option(
        "--opt", help="A drill setting: system=ko, flash=2, pace=500, cards=30.")] = None,
    png: Annotated[str | None, typer.Option("--png", help="stats: also draw them to F.")]
    = None,
) -> None:
    """Practise dealing and playing: chip counting, payouts, change, hand totals, the dealer's
    procedure, basic strategy, counting and index plays; graded, with progress per profile."""
    if name is None or list_:
        _list(as_json)
        return
    if name == "stats":
        _stats(profile or "default", png, as_json)
        return
    if name not in DRILLS:
        raise typer.BadParameter(f"no drill {name!r}; `twentyone train` lists them",
                                 param_hint="NAME")
    r = rules_from_cli(rules, set_)
    try:
        drill = make_drill(name, r, rules, _options(opt))
    except (ValueError, KeyError) as exc:
        raise typer.BadParameter(str(exc)) from None
    if audition and drill.audition is None:
        raise typer.BadParameter(f"the {name} drill has no audition", param_hint="--audition")
    rng = random.Random(seed)
    if as_json:
        store = _open_store(profile) if profile else None
        try:
            _headless(Session(drill, rng, store, audition), items)
        finally:
            if store is not None:
                store.close()
        return
    with _open_store(profile or "default") as store:
        _terminal(Session(drill, rng, store, audition), items)


def _list(as_json: bool) -> None:
    drills = describe_all()
    if as_json:
        typer.echo(json.dumps({"drills": drills}))
        return
    console = Console()
    for group in ("dealer", "player"):
        console.print(f"[bold]{group.title()} drills[/bold]")
        for d in drills:
            if d["group"] == group:
                extra = "  (audition)" if "audition" in d else ""
                console.print(f"  [cyan]{d['name']:<16}[/cyan]{d['title']}{extra}")
    console.print("\ntwentyone train NAME [--rules R] [--profile P] [--audition]; "
                  "--json to run headless; twentyone train stats [--png F]")


# --- headless ----------------------------------------------------------------------------------

def _headless(session: Session, limit: int | None) -> None:
    """The JSON-lines contract: an item line, an answer line read back, ..., the summary."""
    for item in session.items(limit if limit is not None else 10):
        sys.stdout.write(json.dumps(item.line()) + "\n")
        sys.stdout.flush()
        start = time.monotonic()
        line = sys.stdin.readline()
        if not line:
            break  # the script stopped answering: grade what was answered
        seconds = time.monotonic() - start
        session.answer(item, _read_answer(line), seconds)
    sys.stdout.write(json.dumps(session.summary()) + "\n")


def _read_answer(line: str) -> JSON:
    """The value of an answer line's ``answer``; anything unreadable is answered None (a miss,
    graded with the right answer like any other)."""
    try:
        data = json.loads(line)
    except ValueError:
        return None
    return data.get("answer") if isinstance(data, dict) else None


# --- the terminal ------------------------------------------------------------------------------

def chips_text(chipset: ChipSet, by_colour: dict[str, int]) -> Text:
    """A pile drawn in its colours, largest first: ●●● per chip up to 20, then a count."""
    out = Text()
    for colour in reversed(chipset.colours):
        n = by_colour.get(colour, 0)
        if not n:
            continue
        style = CHIP_STYLES.get(colour, "bold")
        out.append("● " * min(n, 20), style=style)
        out.append(f"{n} {colour}\n" if n <= 20 else f"… {n} {colour}\n", style=style)
    return out


def parse_chips(text: str, chipset: ChipSet) -> dict[str, int] | None:
    """Chips typed as ``2 red 1 white``, ``2r 1w``, or ``red 2, white 1``; colours by name or
    first letter where that letter is unique in the set."""
    initials = {c[0]: c for c in chipset.colours}
    if len(initials) != len(chipset.colours):
        initials = {}
    out: dict[str, int] = {}
    for count, word in re.findall(r"(\d+)\s*([a-z]+)", text.lower()):
        colour = word if word in chipset.colours else initials.get(word)
        if colour is None:
            return None
        out[colour] = out.get(colour, 0) + int(count)
    return out or None


def _render(console: Console, drill: Drill, item: Item, n: int) -> None:
    chipset = ChipSet.of(drill.rules.chips)
    s = item.shown
    body = Text()
    if "say" in s:
        body.append(f"{s['say']}\n\n", style="bold")
    if "bet" in s and drill.name == "payouts":
        body.append("Main bet:\n")
        body.append(chips_text(chipset, s["bet"]))
    if "chips" in s:
        if drill.name == "payouts" and "bet" in s:
            body.append("Insurance bet:\n")
        body.append(chips_text(chipset, s["chips"]))
    if "double" in s:
        body.append("Doubled with:\n")
        body.append(chips_text(chipset, s["double"]))
    if s.get("rack"):
        body.append("(on the rack: " + ", ".join(f"{c} {v['tubes']} tubes + {v['loose']}"
                                                 for c, v in s["layout"].items()) + ")\n")
    if "hand" in s and "up" in s:
        body.append(f"Your hand: {' '.join(s['hand'])}    Dealer shows: {s['up']}\n")
    if drill.name == "catch-dealer":
        body.append("Dealer: " + " ".join(s["dealer"]) + "\n")
        body.append(f"Seat {s.get('seat', '-')}: " + " ".join(s.get("hand", [])) + "\n")
        if "bet" in s:
            body.append(f"Bet: {s['bet']}\n")
    if "true_count" in s:
        body.append(f"True count: {s['true_count']:+d}\n")
    if "running" in s:
        body.append(f"Running count {s['running']:+d}; discard tray {s['discard_decks']:g} of "
                    f"{s['decks']} decks\n")
    if "cards" in s and drill.name == "totals":
        body.append("Cards: " + " ".join(s["cards"]) + "\n")
    if "choices" in s:
        if s["seen"]:
            body.append("So far: " + "; ".join(s["seen"]) + "\n")
        body.append("Dealer: " + (" ".join(s["dealer"]) or "-") + "\n")
        for seat, hands in sorted(s["seats"].items()):
            body.append(f"Seat {seat}: " + " | ".join(" ".join(h) for h in hands) + "\n")
        body.append("\nWhat happens next?\n")
        for i, c in enumerate(s["choices"], 1):
            body.append(f"  {i}. {c}\n")
    console.print(Panel(body, title=f"{drill.title} — {n}", subtitle=drill.answer_hint))


def _flash(console: Console, item: Item) -> None:
    """Flash the running count's cards at the item's pace, a few at a time."""
    s = item.shown
    cards, k, pace = s["cards"], int(s.get("flash", 2)), int(s.get("pace_ms", 600)) / 1000
    if s.get("shuffled", True):
        console.print(f"Count with {s['system']}, starting at {s['start']}. Ready...")
    else:
        console.print("The next round's cards. Ready...")
    time.sleep(1)
    for i in range(0, len(cards), k):
        console.print("   " + "  ".join(cards[i:i + k]), end="\r", style="bold")
        time.sleep(pace)
        console.print(" " * 30, end="\r")
    console.print()


def _terminal_answer(text: str, drill: Drill, item: Item) -> JSON:
    """A typed answer in the drill's own shape."""
    text = text.strip()
    if drill.name in ("payouts", "change"):
        return parse_chips(text, ChipSet.of(drill.rules.chips))
    if drill.name in ("strategy", "strategy-thumb", "index-plays"):
        return ACTION_KEYS.get(text.lower(), text.lower())
    if drill.name in ("running-count", "true-count", "shoe-count"):
        try:
            return float(text) if "." in text else int(text)
        except ValueError:
            return text
    return text


def _terminal(session: Session, limit: int | None) -> None:
    console = Console()
    drill = session.drill
    console.print(f"[bold]{drill.title}[/bold]  (q to stop)"
                  + ("  AUDITION" if session.audition else ""))
    for n, item in enumerate(session.items(limit), 1):
        if drill.name in ("running-count", "shoe-count"):
            _flash(console, item)
        _render(console, drill, item, n)
        start = time.monotonic()
        try:
            text = console.input("> ")
        except (EOFError, KeyboardInterrupt):
            break
        if text.strip().lower() in ("q", "quit"):
            break
        seconds = time.monotonic() - start
        grade = session.answer(item, _terminal_answer(text, drill, item), seconds)
        style = "green" if grade.correct else "red"
        console.print(Panel(Text(grade.feedback, style=style),
                            title="right" if grade.correct else "not quite",
                            subtitle=f"{seconds:.1f}s"))
    summary = session.summary()
    console.print(f"{summary['correct']} right of {summary['total']}.")
    if session.audition:
        v = summary["audition"]
        console.print(f"Audition: {'PASSED' if v['passed'] else 'not passed'} "
                      f"({v['accuracy']:.0%}, pass mark {v['pass_mark']:.0%}).")


# --- stats -------------------------------------------------------------------------------------

def _stats(profile: str, png: str | None, as_json: bool) -> None:
    with _open_store(profile) as store:
        data = train_stats.report(store)
        if png:
            train_stats.plot(store, png)
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
    if data["missed_cells"]:
        console.print("Most missed strategy cells: " + ", ".join(
            f"{c['cell']} ({c['misses']}/{c['answers']})" for c in data["missed_cells"]))
    if data["ev_per_hand"] is not None:
        console.print(f"Your strategy mistakes cost {data['ev_per_hand']:.4f} of a bet per hand "
                      f"({dollars(round(data['ev_per_hand'] * 10000))} per $100 bet).")
    if png:
        console.print(f"Drawn to {png}.")
