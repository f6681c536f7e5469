"""A trainer at the terminal: one drill's items drawn on the felt, answered by keys, graded in
the frame, with a running score and clock, an audition's pass mark and time, and ``q`` for the
session's summary.

The app drives a trainer session (``twentyone.train.Session``) through three calls: ``items``,
``answer`` and ``summary``. It is written against the small protocols below rather than the
trainers' own classes: the trainers and this package are peers (neither builds on the other), the
command line hands one to the other, and the screen draws only what an item shows
(``Item.shown``, the headless contract's JSON) and what a grade says. The session records every
answer with the seconds it took, so the profile and the schedule see terminal answers exactly as
they see a script's.

Keys by the shape of the answer (``Drill.answer_kind``): digits and Enter for amounts, totals and
counts; one key per chip colour (or ←/→ and digits) for chips; ``h s d p r`` for actions;
``1``-``9`` for the procedure's choices and for catching the dealer (1 right, 2 a mistake).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any, ClassVar, Protocol

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from twentyone.engine.chips import ChipSet
from twentyone.money import dollars
from twentyone.rules import Rules
from twentyone.tui.trainer_draw import (
    DIM,
    LABEL,
    cards,
    chip_legend,
    chip_style,
    count_intro,
    count_question,
    item_picture,
    stacks,
)

#: The action keys of the strategy drills, and what each plays.
#: What the totals drill calls a natural, typed with one key (``b``): the drill's own word
#: (``train.totals.NATURAL``; the trainer's screen knows the drills only by their answers).
NATURAL = "blackjack"
ACTION_KEYS = {"h": "hit", "s": "stand", "d": "double", "p": "split", "r": "surrender"}
#: Catching the dealer: the two choices.
FLAGS = ("ok", "mistake")
FLAG_WORDS = {"ok": "done right", "mistake": "a mistake"}
#: Longest typed answer (a dollar amount, a count).
MAX_TYPED = 10


class GradeLike(Protocol):
    @property
    def correct(self) -> bool: ...
    @property
    def expected(self) -> Any: ...
    @property
    def feedback(self) -> str: ...
    @property
    def ev_cost(self) -> float | None: ...


class ItemLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def shown(self) -> dict[str, Any]: ...


class DrillLike(Protocol):
    name: str
    title: str
    answer_kind: str
    audition: tuple[int, float, float] | None
    rules: Rules

    def prepare(self) -> None: ...


class SessionLike(Protocol):
    """What the app needs of a trainer session (``twentyone.train.Session``)."""

    @property
    def drill(self) -> DrillLike: ...
    @property
    def audition(self) -> bool: ...
    def items(self, limit: int | None) -> Iterator[ItemLike]: ...
    def answer(self, item: Any, answer: Any, seconds: float | None = None) -> GradeLike: ...
    def summary(self) -> dict[str, Any]: ...


class Entry:
    """The answer being keyed in for one item: typed characters, or chips per colour."""

    def __init__(self, chipset: ChipSet) -> None:
        self.chipset = chipset
        self.typed = ""
        self.soft = False
        self.chips = [0] * len(chipset.colours)
        #: The colour the digit keys set (largest first on screen, so start at the top).
        self.colour = len(chipset.colours) - 1
        self._fresh_colour = True
        initials = [c[0] for c in chipset.colours]
        self.initials = ({c[0]: i for i, c in enumerate(chipset.colours)}
                         if len(set(initials)) == len(initials) else {})

    def type(self, ch: str, kind: str) -> bool:
        """A key typed into an amount, total or count; False if it means nothing here."""
        if self.typed == NATURAL and ch.isdigit():
            self.typed = ""
        if ch.isdigit() or (ch == "." and kind in ("dollars", "count") and "." not in self.typed):
            if len(self.typed) < MAX_TYPED:
                self.typed += ch
            return True
        if ch == "-" and kind == "count":
            self.typed = self.typed[1:] if self.typed.startswith("-") else "-" + self.typed
            return True
        if ch == "s" and kind == "total":
            self.soft = not self.soft
            return True
        if ch == "b" and kind == "total":
            self.typed = "" if self.typed == NATURAL else NATURAL
            self.soft = False
            return True
        return False

    def backspace(self, kind: str) -> None:
        if kind == "chips":
            text = str(self.chips[self.colour])[:-1]
            self.chips[self.colour] = int(text) if text else 0
        else:
            self.typed = self.typed[:-1]

    def chip_key(self, key: str) -> bool:
        """A key of the chip entry; False if it means nothing here."""
        n = len(self.chips)
        if key in ("left", "shift+tab"):
            self.colour, self._fresh_colour = (self.colour + 1) % n, True
        elif key in ("right", "tab"):
            self.colour, self._fresh_colour = (self.colour - 1) % n, True
        elif key in ("up", "plus", "="):
            self.chips[self.colour] += 1
        elif key in ("down", "minus"):
            self.chips[self.colour] = max(0, self.chips[self.colour] - 1)
        elif key.isdigit() and len(key) == 1:
            now = "" if self._fresh_colour else str(self.chips[self.colour])
            self.chips[self.colour] = min(999, int(now + key))
            self._fresh_colour = False
        elif key in self.initials:
            self.colour, self._fresh_colour = self.initials[key], True
            self.chips[self.colour] += 1
        elif key == "delete":
            self.chips = [0] * n
        else:
            return False
        return True

    def value(self, kind: str) -> Any:
        """The answer in the headless contract's shape (None: nothing keyed in yet)."""
        if kind == "chips":
            given = self.chipset.by_colour(self.chips)
            return given or None
        if not self.typed.strip("-."):
            return None
        if kind == "dollars":
            return self.typed
        if kind == "total":
            return self.typed if self.typed == NATURAL else \
                ("soft " if self.soft else "") + self.typed
        return float(self.typed) if "." in self.typed else int(self.typed)


def entry_picture(entry: Entry, kind: str, shown: dict[str, Any]) -> Text:
    """The answer line: what is typed so far and the keys that answer."""
    out = Text()
    keys = "bold #ffd54f"
    if kind in ("dollars", "total", "count"):
        shown_text = ("soft " if entry.soft else "") + entry.typed
        prefix = "$" if kind == "dollars" else ""
        out.append("Your answer: ", style=LABEL)
        out.append(f" {prefix}{shown_text}▏ ", style="bold #101820 on #f0e6c8")
        extra = {"dollars": " · . cents", "total": " · s soft · b blackjack",
                 "count": " · - minus"}[kind]
        out.append(f"\n  digits{extra} · ⌫ · Enter answers", style=keys)
    elif kind == "chips":
        out.append("Your chips:  ", style=LABEL)
        for i in reversed(range(len(entry.chips))):
            colour = entry.chipset.colours[i]
            mark = "▶" if i == entry.colour else " "
            out.append(mark, style="bold #ffd54f")
            out.append(f" {colour} ", style=chip_style(colour))
            out.append(f"{entry.chips[i]:>3} ", style="bold #ffffff" if entry.chips[i] else DIM)
        total = entry.chipset.value(entry.chips)
        out.append(f"  = {dollars(total)}", style=LABEL)
        letters = " · ".join(f"{k} +1 {entry.chipset.colours[i]}"
                             for k, i in entry.initials.items())
        out.append("\n  " + (letters + "\n  " if letters else "")
                   + "←/→ colour · digits set · ↑/↓ ±1 · ⌫ · Del clears · Enter pays",
                   style=keys)
    elif kind == "action":
        offered = shown.get("actions", list(ACTION_KEYS.values()))
        out.append("Your play:  ", style=LABEL)
        out.append("   ".join(f"{k} {a}" for k, a in ACTION_KEYS.items() if a in offered),
                   style=keys)
    elif kind == "choice":
        out.append(str(shown.get("ask", "What next?")) + " ", style=LABEL)
        for i, choice in enumerate(shown.get("choices", []), 1):
            out.append(f"\n  {i} ", style=keys)
            out.append(str(choice))
    elif kind == "flag":
        out.append("Your call:  ", style=LABEL)
        out.append("1 done right   2 a mistake", style=keys)
    return out


def answer_words(kind: str, answer: Any, shown: dict[str, Any], chipset: ChipSet) -> str:
    """An answer as the trainee would say it."""
    if answer is None:
        return "(nothing)"
    if kind == "chips" and isinstance(answer, dict):
        return f"{dollars(chipset.value(chipset.counts(answer)))}: " \
               f"{chipset.describe(chipset.counts(answer))}"
    if kind == "choice" and isinstance(answer, int):
        choices = shown.get("choices", [])
        return choices[answer - 1] if 1 <= answer <= len(choices) else str(answer)
    if kind == "flag":
        return FLAG_WORDS.get(str(answer), str(answer))
    if kind == "dollars":
        return f"${answer}"
    return str(answer)


def grade_picture(grade: GradeLike, kind: str, answer: Any, shown: dict[str, Any],
                  chipset: ChipSet) -> RenderableType:
    """The verdict in the frame: right or not, the answer given, the grader's words (the right
    answer on a miss), the right chips drawn on a missed payout, and a strategy answer's cost."""
    head = Text()
    if grade.correct:
        head.append(" ✓ RIGHT ", style="bold #101820 on #66bb6a")
    else:
        head.append(" ✗ NOT QUITE ", style="bold #ffffff on #c62828")
    head.append("  you answered " + answer_words(kind, answer, shown, chipset), style=LABEL)
    parts: list[RenderableType] = [head, Text(grade.feedback)]
    if kind == "chips" and not grade.correct and isinstance(grade.expected, dict):
        parts += [Text("The right chips:", style=LABEL), stacks(chipset, grade.expected)]
    if grade.ev_cost is not None:
        cost = (Text(f"EV cost: {grade.ev_cost:.4f} of a bet "
                     f"({dollars(round(grade.ev_cost * 10000))} on a $100 bet)",
                     style="bold #ff8a80") if grade.ev_cost > 1e-12 else
                Text("EV cost: nothing, the best play.", style="#a5d6a7"))
        parts.append(cost)
    return Group(*parts)


def clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d}"


class HelpScreen(ModalScreen[None]):
    """F1: the keys, and the chips' values."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,q,enter", "close", "Close")]

    def __init__(self, body: RenderableType) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(self.body)

    def action_close(self) -> None:
        self.dismiss(None)


class SummaryScreen(ModalScreen[None]):
    """The session's summary; any of its keys ends the app."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,q,escape,space", "close", "Leave")]

    def __init__(self, body: RenderableType) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="summary"):
            yield Static(self.body, id="summary-body")
            yield Static(Text("Enter: leave", style="italic " + DIM))

    def action_close(self) -> None:
        self.dismiss(None)


#: Misses listed in the summary, at most.
SUMMARY_MISSES = 8


def expected_words(expected: Any, chipset: ChipSet) -> str:
    """A right answer as the summary writes it (chips by colour, largest first)."""
    if isinstance(expected, dict):
        return chipset.describe(chipset.counts(expected))
    return str(expected)


def due_words(iso: str, now: datetime | None = None) -> str:
    """When a review falls due, in words: "in 8 min", "in 3 h", "on 2026-01-12"."""
    at = datetime.fromisoformat(iso)
    when = now or datetime.now().astimezone()
    mins = round((at - when).total_seconds() / 60)
    if mins < 60:
        return f"in {max(mins, 1)} min"
    if mins < 48 * 60:
        return f"in {round(mins / 60)} h"
    return f"on {at.astimezone(when.tzinfo).date().isoformat()}"


def summary_picture(summary: dict[str, Any], title: str, seconds: list[float],
                    missed: list[tuple[str, Any]], chipset: ChipSet) -> Text:
    """The end of a session in a few lines: the score, the time, the misses (what each item
    was, and its right answer), the audition's verdict."""
    out = Text()
    out.append(f"{title}\n\n", style="bold #ffd54f")
    total, right = int(summary["total"]), int(summary["correct"])
    if not total:
        out.append("No items answered.\n")
        return out
    out.append(f"{right} right of {total} ({right / total:.0%})", style="bold")
    if seconds:
        out.append(f", {sum(seconds) / len(seconds):.1f} s an answer")
    out.append("\n")
    cost = summary.get("ev_per_hand")
    if cost is not None:
        # The quantity train stats reports (train/stats.py), for this session's answers.
        out.append(f"Your strategy mistakes cost {cost:.4f} of a bet per hand "
                   f"({dollars(round(cost * 10000))} per $100 bet), over the hands practised "
                   f"({summary['ev_coverage']:.0%} of the hands a shoe deals).\n")
    if missed:
        out.append("\nMissed (these come back sooner):\n", style=LABEL)
        for key, expected in missed[:SUMMARY_MISSES]:
            out.append(f"  {key}: ", style=DIM)
            out.append(expected_words(expected, chipset) + "\n")
        if len(missed) > SUMMARY_MISSES:
            out.append(f"  and {len(missed) - SUMMARY_MISSES} more\n", style=DIM)
    due = summary.get("due")
    if due is not None:
        # What the profile's schedule (FSRS) brings back: the due items come first next time.
        nxt = f"; the next {due_words(str(due['next']))}" if due["next"] else ""
        out.append(f"\nDue for review: {due['due_now']} now{nxt}.\n", style=LABEL)
    if "audition" in summary:
        v = summary["audition"]
        verdict = "PASSED" if v["passed"] else "NOT PASSED"
        out.append(f"\nAudition: {verdict}", style="bold #66bb6a" if v["passed"]
                   else "bold #ff8a80")
        mean = v["mean_seconds"]
        out.append(f"  ({v['accuracy']:.0%} against a pass mark of {v['pass_mark']:.0%}; "
                   + (f"{mean:.1f} s an item against {v['seconds_per_item']:g} s"
                      if mean is not None else "untimed") + ")\n")
    return out


class TrainerApp(App[dict[str, Any]]):
    """One drill at the terminal. ``limit`` caps the items (None: until ``q``); ``subtitle``
    names the rules and profile in the top bar; ``preparing`` is the notice shown while the
    drill prepares, ``notice`` one to read as the app opens; ``now`` is the clock answers are
    timed by."""

    TITLE = "twentyone train"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { background: #0b3d1e; }
    #topbar { height: 1; background: #062812; color: #f0e6c8; padding: 0 1; }
    #notice { height: auto; background: #5d4037; color: #ffe0b2; padding: 0 1; }
    #upper { height: 1fr; }
    #felt { width: 1fr; height: 100%; background: #0f5a2c; border: round #c8a24a;
            padding: 0 1; border-title-color: #f0e6c8; }
    #score { width: 28; height: 100%; background: #101820; border: round #3a4a5a;
             padding: 0 1; border-title-color: #b0bec5; }
    #grade { height: auto; max-height: 14; padding: 0 1; background: #162232;
             border: round #3a4a5a; }
    #grade.right { border: round #66bb6a; }
    #grade.wrong { border: round #ef5350; }
    #answer { height: auto; padding: 0 1; background: #162232; border: round #f2c94c;
              border-title-color: #f2c94c; }
    HelpScreen, SummaryScreen { align: center middle; }
    #help, #summary { width: 80; height: auto; max-height: 90%; border: thick #ffd54f;
                      background: #1b3a2b; padding: 1 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "end", "End (summary)"),
        Binding("ctrl+c", "end", "End", show=False, priority=True),
        Binding("f1", "help", "Keys"),
        # The arrow keys answer (chips), so the felt scrolls by page, as the table's log does.
        Binding("pageup", "felt_page(-1)", "Scroll up", show=False),
        Binding("pagedown", "felt_page(1)", "Scroll down", show=False),
    ]

    def __init__(self, session: SessionLike, *, limit: int | None = None, subtitle: str = "",
                 preparing: str = "", notice: str = "",
                 now: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        #: Said above the felt until the first answer (a damaged profile set aside).
        self.notice = notice
        #: The notice shown while the drill prepares (the chart for new rules).
        self.preparing = preparing
        self.session = session
        self.drill = session.drill
        self.kind = self.drill.answer_kind
        self.chipset = ChipSet.of(self.drill.rules.chips)
        self.subtitle = subtitle
        self.now = now
        self._items = session.items(limit)
        self.item: ItemLike | None = None
        self.entry = Entry(self.chipset)
        #: "preparing" (the drill's first work, off the screen's thread), "flash" (cards
        #: flashing), "ask", "graded" or "over".
        self.state = "preparing"
        self.started = now()
        self.asked_at = now()
        self.seconds: list[float] = []
        #: The skill cell and right answer of each item missed, for the summary.
        self.missed: list[tuple[str, Any]] = []
        self.number = 0
        self._flash_at = 0
        self.summary: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        yield Static(id="notice")
        with Horizontal(id="upper"):
            felt = VerticalScroll(id="felt")
            felt.can_focus = False  # the arrow keys answer (chips), never scroll
            with felt:
                yield Static(id="item")
            yield Static(id="score")
        yield Static(id="grade")
        yield Static(id="answer")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#felt").border_title = self.drill.title
        self.query_one("#score").border_title = "audition" if self.session.audition \
            else "score"
        self.query_one("#answer").border_title = "your answer"
        self.query_one("#topbar", Static).update(self._topbar())
        self.set_interval(0.5, self._draw_score)
        notice = self.query_one("#notice", Static)
        notice.update(Text(self.notice, style="bold"))
        notice.display = bool(self.notice)
        self._show(Text(self.preparing or "Getting the drill ready…", style="bold #fff59d"))
        self._draw_answer()
        self._prepare()

    @work(thread=True, exclusive=True)
    def _prepare(self) -> None:
        """The drill's slow first work (the exact chart for new rules) off the screen's thread,
        with the notice up; the first item comes when it is done."""
        self.drill.prepare()
        self.call_from_thread(self._begin)

    def _begin(self) -> None:
        self.started = self.now()
        self.next_item()

    def _topbar(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append("twentyone train", style="bold #ffd54f")
        out.append(f"  ·  {self.drill.name}", style="bold")
        if self.subtitle:
            out.append(f"  ·  {self.subtitle}", style=DIM)
        if self.session.audition and self.drill.audition is not None:
            n, mark, per = self.drill.audition
            out.append(f"  ·  AUDITION {n} items, pass {mark:.0%}, {per:g} s each",
                       style="bold #ff8a80")
        return out

    # -- the flow -------------------------------------------------------------------------------

    def next_item(self) -> None:
        """Show the next item (flashing its cards first in a running count), or the summary
        when the items run out."""
        try:
            self.item = next(self._items)
        except StopIteration:
            self.item = None
            self.action_end()
            return
        self.number += 1
        self.entry = Entry(self.chipset)
        grade = self.query_one("#grade", Static)
        grade.display = False
        grade.set_classes("")
        shown = self.item.shown
        if self.kind == "count" and "cards" in shown:
            self.state = "flash"
            self._flash_at = 0
            self._show(Group(Text(count_intro(shown), style="bold #fff59d"),
                             Text("Get ready…", style=DIM)))
            self._draw_answer()
            self.set_timer(self._pace(), self._flash)
            return
        self._ask()

    def _pace(self) -> float:
        assert self.item is not None
        return max(0.001, int(self.item.shown.get("pace_ms", 700)) / 1000)

    def _flash(self) -> None:
        """Show the next few cards for the drill's pace, then a blink of empty felt, so that
        the same card twice running is seen twice."""
        item = self.item
        if self.state != "flash" or item is None:
            return
        shown_cards: list[str] = item.shown["cards"]
        k = int(item.shown.get("flash", 1))
        if self._flash_at >= len(shown_cards):
            self._ask()
            return
        group = shown_cards[self._flash_at:self._flash_at + k]
        self._flash_at += k
        groups = -(-len(shown_cards) // k)
        self._show(Group(Text(count_intro(item.shown), style="bold #fff59d"), Text(),
                         cards(group),
                         Text(f"\nflash {-(-self._flash_at // k)} of {groups}", style=DIM)))
        pace = self._pace()
        self.set_timer(pace, self._blank)

    def _blank(self) -> None:
        if self.state != "flash" or self.item is None:
            return
        self._show(Group(Text(count_intro(self.item.shown), style="bold #fff59d")))
        self.set_timer(self._pace() / 5, self._flash)

    def _ask(self) -> None:
        assert self.item is not None
        self.state = "ask"
        shown = self.item.shown
        picture = item_picture(self.kind, self.drill.name, shown, self.chipset)
        if self.kind == "count" and "cards" in shown:
            picture = Group(Text(count_question(shown), style="bold #fff59d"))
        self._show(picture)
        self.asked_at = self.now()
        self._draw_answer()
        self._draw_score()

    def submit(self, answer: Any) -> None:
        """Grade ``answer`` to the item asked (the session records it) and show the verdict."""
        if self.state != "ask" or self.item is None:
            return
        seconds = self.now() - self.asked_at
        grade = self.session.answer(self.item, answer, seconds)
        self.seconds.append(seconds)
        self.query_one("#notice", Static).display = False
        if not grade.correct:
            self.missed.append((self.item.key, grade.expected))
        self.state = "graded"
        box = self.query_one("#grade", Static)
        box.update(grade_picture(grade, self.kind, answer, self.item.shown, self.chipset))
        box.set_class(grade.correct, "right")
        box.set_class(not grade.correct, "wrong")
        box.display = True
        self._draw_answer()
        self._draw_score()

    # -- drawing ----------------------------------------------------------------------------------

    def _show(self, picture: RenderableType) -> None:
        self.query_one("#item", Static).update(picture)

    def _draw_answer(self) -> None:
        box = self.query_one("#answer", Static)
        if self.state == "flash":
            box.update(Text("Watch the cards…", style=DIM))
        elif self.state == "ask" and self.item is not None:
            box.update(entry_picture(self.entry, self.kind, self.item.shown))
        else:
            box.update(Text("Enter or Space: next item · q: end the session", style=DIM))

    def _draw_score(self) -> None:
        results = self.session.summary()
        total, right = int(results["total"]), int(results["correct"])
        audition = self.drill.audition if self.session.audition else None
        out = Text()
        if audition is None:
            out.append(f"Item {self.number}\n", style="bold")
        else:
            out.append(f"Item {min(self.number, audition[0])} of {audition[0]}\n",
                       style="bold #ff8a80")
        out.append(f"Right {right} of {total}", style=LABEL)
        out.append(f"  {right / total:.0%}\n" if total else "\n", style=LABEL)
        elapsed = self.now() - self.started
        out.append(f"Session  {clock(elapsed)}\n")
        if self.state == "ask":
            out.append(f"This item {self.now() - self.asked_at:4.1f} s\n")
        if self.seconds:
            out.append(f"Mean     {sum(self.seconds) / len(self.seconds):4.1f} s\n")
        if audition is not None:
            n, mark, per = audition
            out.append(f"\nPass mark {mark:.0%}\n")
            used = sum(self.seconds) + (self.now() - self.asked_at if self.state == "ask"
                                         else 0.0)
            allowed = n * per
            over = used > allowed
            out.append(f"Time {clock(used)} of {clock(allowed)}\n",
                       style="bold #ff8a80" if over else "")
            if self.state == "ask":
                late = self.now() - self.asked_at > per
                out.append(f"{per:g} s an item", style="bold #ff8a80" if late else DIM)
        self.query_one("#score", Static).update(out)

    # -- keys -------------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        if len(self.screen_stack) > 1:
            return  # a page (help, the summary) is over the felt: its own keys
        key = event.key
        if self.state == "graded":
            if key in ("enter", "space", "n"):
                event.stop()
                # After this key is done with: were the summary to open now, this same Enter
                # would reach its keys and close it unseen.
                self.call_later(self.next_item)
            return
        if self.state != "ask" or self.item is None:
            return
        if self._answer_key(key, event.character):
            event.stop()

    def _answer_key(self, key: str, character: str | None) -> bool:
        """Handle one key of an answer; True if it meant something."""
        kind, shown, entry = self.kind, self.item.shown if self.item else {}, self.entry
        if kind == "action":
            action = ACTION_KEYS.get(key)
            if action is not None and action in shown.get("actions", ACTION_KEYS.values()):
                self.submit(action)
                return True
            return False
        if kind == "choice":
            choices = shown.get("choices", [])
            if key.isdigit() and 1 <= int(key) <= len(choices):
                self.submit(int(key))
                return True
            return False
        if kind == "flag":
            if key in ("1", "2"):
                self.submit(FLAGS[int(key) - 1])
                return True
            return False
        if key == "enter":
            value = entry.value(kind)
            if value is not None:
                self.submit(value)
            else:
                # Nothing keyed in: ask for it rather than grade an empty answer as a miss.
                notice = self.query_one("#notice", Static)
                notice.update(Text("Pick the chips to pay first (Enter pays them)."
                                   if kind == "chips" else "Type your answer first.",
                                   style="bold"))
                notice.display = True
            return True
        if key == "backspace":
            entry.backspace(kind)
        elif kind == "chips":
            if not entry.chip_key(key):
                return False
        elif character is None or not entry.type(character, kind):
            return False
        self._draw_answer()
        return True

    def action_felt_page(self, direction: int) -> None:
        felt = self.query_one("#felt", VerticalScroll)
        if direction > 0:
            felt.scroll_page_down()
        else:
            felt.scroll_page_up()

    def action_help(self) -> None:
        body = Text()
        body.append("Keys\n", style="bold #ffd54f")
        body.append("  Amounts, totals, counts: digits, then Enter (. for cents, s for a soft "
                    "total, - for a count below zero; Backspace rubs out).\n"
                    "  Chips: the first letter of a colour adds one chip of it; or ←/→ to "
                    "pick a colour and type how many; ↑/↓ add or take one; Del clears; Enter "
                    "pays.\n"
                    "  Plays: h hit · s stand · d double · p split · r surrender.\n"
                    "  Choices: 1 to 9. Catching the dealer: 1 done right, 2 a mistake.\n"
                    "  PgUp/PgDn scroll the felt where an item is taller than the screen.\n"
                    "  Enter or Space: the next item. q: end the session and see the summary."
                    "\n\n")
        body.append("The chips at this table\n", style="bold #ffd54f")
        body.append_text(chip_legend(self.chipset))
        self.push_screen(HelpScreen(body))

    def action_end(self) -> None:
        """End the session: the summary over the felt, then leave."""
        if self.summary is not None:  # ended already: a second Ctrl-C leaves
            self.exit(self.summary)
            return
        self.state = "over"
        self.summary = self.session.summary()
        self._draw_answer()
        self._draw_score()
        picture = summary_picture(self.summary, self.drill.title, self.seconds, self.missed,
                                  self.chipset)
        self.push_screen(SummaryScreen(picture), lambda _: self.exit(self.summary))
