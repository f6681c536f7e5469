"""A drill's settings (a count system, a pace, a mistake rate), declared once by the drill.

The terminal (``--opt key=value``, strings) and the site (``"options": {...}``, JSON values) hand
a drill whatever they were given; the drill reads it through its own ``Option`` list, so both
accept exactly the same values and refuse the rest in the same words, and the list that
``--list --json`` and ``GET /api/train/drills`` print is the one that validates
(docs/training.md#drill-options). A setting the drill does not take is refused, never ignored:
a mistyped ``pase=300`` that silently ran at the default pace would teach the wrong thing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from twentyone.errors import DrillOptionError
from twentyone.money import DIGITS_RULE, other_digits

#: A setting's value once read: a choice's word, a whole number or a number.
OptionValue = str | int | float


@dataclass(frozen=True)
class Option:
    """One setting: its ``name``, what it means to a player, its ``default``, and what it may be:
    one of ``choices`` (with a ``labels`` entry each, in words), or a number from ``low`` to
    ``high`` (a ``whole`` number where it counts things), measured in ``unit``."""

    name: str
    meaning: str
    default: OptionValue
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    low: float = 0.0
    high: float = 0.0
    whole: bool = False
    unit: str = ""

    def allowed(self) -> str:
        """What the setting may be, in words, for an error message."""
        if self.choices:
            return f"one of {', '.join(self.choices)}"
        kind = "a whole number" if self.whole else "a number"
        unit = f" {self.unit}" if self.unit else ""
        return f"{kind} from {self.low:g} to {self.high:g}{unit}"

    def read(self, value: object) -> OptionValue:
        """``value`` (a string from the terminal, a string or number from the site) as this
        setting's value; a ``DrillOptionError`` in words if it is not one it allows."""
        refused = DrillOptionError(f"{self.name} is {self.allowed()}, not {value!r}")
        if self.choices:
            if isinstance(value, str) and value.strip() in self.choices:
                return value.strip()
            raise refused
        number: float
        if isinstance(value, bool):
            raise refused
        if isinstance(value, int | float):
            number = value
        elif isinstance(value, str):
            if other_digits(value):  # one rule for numbers everywhere (money.DIGITS_RULE)
                raise DrillOptionError(f"{self.name}: {DIGITS_RULE}, not {value!r}")
            try:
                number = float(value.strip())
            except ValueError:
                raise refused from None
        else:
            raise refused
        if not math.isfinite(number) or not self.low <= number <= self.high:
            raise refused
        if self.whole:
            if not float(number).is_integer():
                raise refused
            return int(number)
        return float(number)

    def describe(self) -> dict[str, Any]:
        """The setting as the drills' list shows it, for a front end to offer as a control."""
        out: dict[str, Any] = {"name": self.name, "meaning": self.meaning,
                               "default": self.default}
        if self.choices:
            out["choices"] = [{"value": c, "label": label}
                              for c, label in zip(self.choices, self.labels, strict=True)]
        else:
            out.update({"min": self.low, "max": self.high, "whole": self.whole,
                        "unit": self.unit})
        return out


def read_options(drill: str, specs: tuple[Option, ...],
                 given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Every setting of ``drill``: the ones given, read by their ``Option``, the rest at their
    defaults. A name the drill does not take is a ``DrillOptionError`` naming the ones it does."""
    by_name = {o.name: o for o in specs}
    for name in given:
        if name not in by_name:
            takes = (f"it takes {', '.join(by_name)}" if by_name
                     else "it takes no settings")
            raise DrillOptionError(f"the {drill} drill has no setting {name!r}; {takes}")
    return {o.name: o.read(given[o.name]) if o.name in given else o.default for o in specs}
