"""What every drill is made of: items to show, answers to grade, grades to record.

A drill is a generator of items (from a seeded ``random.Random``, so a session replays exactly),
a grader, and nothing else: no terminal, no clock, no database. The terminal front end, the
headless JSON loop, the browser and the tests all drive the same three calls, which is what lets
a test play a whole session without a screen (and lets the store and the scheduler stay generic).

Items and answers are plain JSON values because they cross process boundaries (the headless
``--json`` contract, the SQLite store); money inside them is integer cents, except where the
contract asks for a dollar string.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from twentyone.rules import Rules
from twentyone.train.options import Option, OptionValue, read_options

JSON = Any


#: The shapes an answer takes: a dollar string (``"313.50"``), chips by colour, a hand total
#: (``"soft 17"``), the number of one of the choices shown, ``"ok"`` or ``"mistake"``, an action
#: name, a count (a number).
ANSWER_KINDS = ("dollars", "chips", "total", "choice", "flag", "action", "count")


#: The most digits a whole-number answer is read with: every number a drill asks for (a total, a
#: choice's number, a chip count) has a few; a longer one is a miss, never a crash (Python
#: refuses to read an integer of more than 4,300 digits, and a float overflows long before).
MAX_DIGITS = 12


def small_int(text: str) -> int | None:
    """``text`` as a whole number of at most ``MAX_DIGITS`` digits (signs and spaces around it
    allowed); None for anything else, however long."""
    raw = text.strip()
    digits = raw.lstrip("+-").strip()
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_DIGITS \
            or raw.count("-") + raw.count("+") > 1:
        return None
    return -int(digits) if raw.startswith("-") else int(digits)


class AnswerError(ValueError):
    """An answer that is not even the right shape (a word where chips were asked for). It is
    graded as a miss with this message, never a crash: a trainee mistyping is still a trainee."""


@dataclass(frozen=True)
class Item:
    """One question.

    ``shown`` is everything the trainee sees (the JSON item line without ``id`` and ``drill``);
    ``key`` names the skill cell the item exercises (``"hard 16 v 10"``, ``"3:2 red"``) so that
    the scheduler and the statistics can group items across sessions; ``secret`` is what only the
    grader needs (the answer, the accepted alternatives), kept apart so it is never printed.
    """

    id: str
    drill: str
    key: str
    shown: dict[str, JSON]
    secret: dict[str, JSON] = field(default_factory=dict)

    def line(self) -> dict[str, JSON]:
        """The item as the headless contract prints it: ``id``, ``drill`` and what is shown."""
        return {"id": self.id, "drill": self.drill, **self.shown}

    def to_json(self) -> dict[str, JSON]:
        return {"id": self.id, "drill": self.drill, "key": self.key, "shown": self.shown,
                "secret": self.secret}

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Item:
        return cls(str(data["id"]), str(data["drill"]), str(data["key"]), dict(data["shown"]),
                   dict(data.get("secret", {})))


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer: right or not, the right answer in the contract's shape,
    the EV the answer cost (strategy drills; None elsewhere) and a sentence for the trainee."""

    correct: bool
    expected: JSON
    feedback: str
    ev_cost: float | None = None


class Drill(ABC):
    """A drill: ``items`` generates questions, ``grade`` judges an answer to one of them.

    Subclasses set ``name`` (the command-line name), ``title``, ``group`` ("dealer" or
    "player"), ``answer_hint`` (what an answer line holds, in words) and ``answer_kind`` (its
    shape, one of ``ANSWER_KINDS``, so that a front end knows which keys to offer without
    knowing the drill), and may set ``audition`` to a ``(items, pass_mark, seconds_per_item)``
    triple: the timed test dealer schools give. ``option_specs`` lists the settings the drill
    takes (``--opt key=value`` at the terminal, ``options`` on the site); it takes no others.
    """

    name: str = ""
    title: str = ""
    group: str = ""
    answer_hint: str = ""
    answer_kind: str = ""
    audition: tuple[int, float, float] | None = None
    option_specs: tuple[Option, ...] = ()

    def __init__(self, rules: Rules, rules_name: str,
                 options: Mapping[str, object] | None = None) -> None:
        self.rules = rules
        self.rules_name = rules_name
        #: Every setting the drill takes (a count system, a pace), read by ``option_specs``
        #: (``DrillOptionError`` on one it does not take or a bad value), the rest at defaults.
        self.options: dict[str, OptionValue] = read_options(self.name, self.option_specs,
                                                            options or {})
        #: Miss rates by skill cell, which a session sets from the profile; a drill that tilts
        #: its items toward the trainee's weak cells reads it, the others ignore it. Kept on the
        #: drill, not derived again, so that a resumed session deals from the same weights.
        self.focus: dict[str, float] = {}
        #: Whether the session is an audition, which the session sets before the first item; a
        #: drill whose practice items differ from its test's (the chip count's manual piles)
        #: reads it.
        self.auditioning = False

    def prepare(self) -> None:
        """Do the slow work the first item would otherwise wait for (solving the exact chart
        for new rules), so that a front end can do it behind a notice. Most drills have none."""
        return

    @abstractmethod
    def items(self, rng: random.Random) -> Iterator[Item]:
        """An endless (or, for fixed exercise sets, long) stream of items."""

    @abstractmethod
    def grade(self, item: Item, answer: JSON) -> Grade:
        """Judge ``answer`` (the value of an answer line's ``answer``) to ``item``."""

    def describe(self) -> dict[str, JSON]:
        """The drill as ``twentyone train --list --json`` lists it."""
        out: dict[str, JSON] = {"name": self.name, "title": self.title, "group": self.group,
                                "answer": self.answer_hint, "answer_kind": self.answer_kind}
        if self.audition is not None:
            n, mark, secs = self.audition
            out["audition"] = {"items": n, "pass_mark": mark, "seconds_per_item": secs}
        out["options"] = [o.describe() for o in self.option_specs]
        return out
