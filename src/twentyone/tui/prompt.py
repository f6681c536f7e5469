"""What a player may type, and what it means.

The menu is built from ``legal_actions`` alone, so the prompt never offers what the table would
refuse; an amount the table refuses anyway (over the maximum, more than the chips) comes back as
the engine's own typed message. Parsing is separate from playing so each rule of input is
testable without a table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from twentyone.engine.table import Action, Phase
from twentyone.money import Cents, dollars, parse_dollars


class Extra(StrEnum):
    """Requests that are not table operations."""

    HINT = "hint"          # ?  the odds of each action for this hand
    SHOE_HINT = "shoe"     # ?? the same for the cards left in the shoe
    SIT_OUT = "sit-out"    # x  no bet this round


#: One letter per action, as the prompt shows them.
LETTERS: dict[Action, str] = {
    Action.BET: "b", Action.COLOUR_UP: "c", Action.LEAVE: "q",
    Action.INSURE: "i", Action.EVEN_MONEY: "e", Action.DECLINE: "n",
    Action.HIT: "h", Action.STAND: "s", Action.DOUBLE: "d", Action.SPLIT: "p",
    Action.SURRENDER: "r",
}
WORDS: dict[str, Action] = {
    "bet": Action.BET, "colour": Action.COLOUR_UP, "color": Action.COLOUR_UP,
    "quit": Action.LEAVE, "leave": Action.LEAVE, "insure": Action.INSURE,
    "insurance": Action.INSURE, "even": Action.EVEN_MONEY, "no": Action.DECLINE,
    "hit": Action.HIT, "stand": Action.STAND, "double": Action.DOUBLE, "split": Action.SPLIT,
    "surrender": Action.SURRENDER,
}
#: Actions that may carry an amount: a bet, insurance up to half, a double for less.
AMOUNTS = (Action.BET, Action.INSURE, Action.DOUBLE)


class InputError(ValueError):
    """Typed input that names no legal choice; the message says what would be accepted."""


@dataclass(frozen=True, slots=True)
class Command:
    what: Action | Extra
    amount: Cents | None = None


def offered(phase: Phase, legal: tuple[StrEnum, ...]) -> list[Action]:
    """The legal actions a person is asked about, in menu order. Dealing is the game's job,
    and making change happens by itself when a bet needs it."""
    order = {
        Phase.BETTING: (Action.BET, Action.COLOUR_UP, Action.LEAVE),
        Phase.INSURANCE: (Action.EVEN_MONEY, Action.INSURE, Action.SURRENDER, Action.DECLINE),
        Phase.PLAYERS: (Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT,
                        Action.SURRENDER),
    }[phase]
    return [a for a in order if a in legal]


def menu(phase: Phase, legal: tuple[StrEnum, ...], *, last_bet: Cents | None = None,
         insurance: Cents | None = None, hints: bool = True,
         double_for_less: bool = False) -> str:
    """The choices as Rich markup: ``[b]h[/b] hit · [b]s[/b] stand …``. Odds (``?``, ``??``)
    are offered at every decision, insurance and even money included; a table that allows
    doubling for less says how."""
    labels = {
        Action.BET: f"bet {dollars(last_bet)} (Enter) or b AMOUNT" if last_bet else "AMOUNT to bet",
        Action.COLOUR_UP: "colour up", Action.LEAVE: "colour up and leave",
        Action.INSURE: f"insurance {dollars(insurance)}" if insurance else "insurance",
        Action.EVEN_MONEY: "even money", Action.DECLINE: "no (Enter)",
        Action.HIT: "hit", Action.STAND: "stand",
        Action.DOUBLE: "double (d AMOUNT for less)" if double_for_less else "double",
        Action.SPLIT: "split", Action.SURRENDER: "surrender",
    }
    items = [f"[bold]{LETTERS[a]}[/] {labels[a]}" for a in offered(phase, legal)]
    if phase is Phase.BETTING:
        items.append("[bold]x[/] sit out")
        if Action.BET in legal:
            items.append("[bold]buy[/] AMOUNT more chips")
    elif phase in (Phase.PLAYERS, Phase.INSURANCE) and hints:
        items.append("[bold]?[/] odds · [bold]??[/] odds for the cards left")
    return " · ".join(items)


def parse(text: str, phase: Phase, legal: tuple[StrEnum, ...], *,
          last_bet: Cents | None = None,
          why_not: Callable[[Action], str | None] | None = None) -> Command:
    """One line of input as a command, or ``InputError`` naming what is accepted.

    Enter repeats the last bet while betting and declines an insurance offer; a bare amount
    while betting is a bet. ``why_not`` gives the table's reason an action is refused (classic
    doubles on 9-11 only), said before the choices.
    """
    choices = offered(phase, legal)
    words = text.strip().lower().split()
    if not words:
        if phase is Phase.BETTING and Action.BET in choices and last_bet:
            return Command(Action.BET, last_bet)
        if phase is Phase.INSURANCE and Action.DECLINE in choices:
            return Command(Action.DECLINE)
        raise InputError(f"choose one of: {_letters(phase, choices)}")
    head, rest = words[0], words[1:]
    if phase in (Phase.PLAYERS, Phase.INSURANCE) and head in ("?", "??"):
        return Command(Extra.HINT if head == "?" else Extra.SHOE_HINT)
    if phase is Phase.BETTING and head == "x":
        return Command(Extra.SIT_OUT)
    if phase is Phase.BETTING and _is_amount(head):
        head, rest = "b", words
    action = WORDS.get(head) or next((a for a, letter in LETTERS.items() if letter == head), None)
    # A bet the table cannot take now (too few chips, already bet) goes to the table, whose
    # refusal says why better than "not a choice" would.
    if phase is Phase.BETTING and action is Action.BET:
        choices = [*choices, Action.BET]
    if action is None or action not in choices:
        if action is not None and phase is not Phase.BETTING and action is Action.LEAVE:
            raise InputError("you can leave between rounds, once your bets are settled")
        why = why_not(action) if why_not is not None and action is not None else None
        if why:
            raise InputError(f"no {action.value if action else head}: {why}; choose one of: "
                             f"{_letters(phase, choices)}")
        shown = f"{shorten(head)!r} is not" if action is None else f"{action.value} is not"
        raise InputError(f"{shown} a choice now; choose one of: {_letters(phase, choices)}")
    if len(rest) > 1 or (rest and action not in AMOUNTS):
        raise InputError(f"{action.value} takes {'one amount' if action in AMOUNTS else 'no'}"
                         f" argument{'' if action in AMOUNTS else 's'}")
    amount = _amount(rest[0]) if rest else None
    if action is Action.BET and amount is None:
        if not last_bet:
            raise InputError("how much? type b and an amount, e.g. b 10")
        amount = last_bet
    return Command(action, amount)


def _letters(phase: Phase, choices: list[Action]) -> str:
    letters = [LETTERS[a] for a in choices]
    if phase is Phase.BETTING:
        letters.append("x")
    elif phase in (Phase.PLAYERS, Phase.INSURANCE):
        letters += ["?", "??"]
    return ", ".join(letters)


def shorten(text: str, limit: int = 24) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis: input is echoed, never a page."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _is_amount(word: str) -> bool:
    return bool(word) and (word[0].isdigit() or word[0] in "$.")


def _amount(word: str) -> Cents:
    try:
        return parse_dollars(word)
    except ValueError as exc:
        raise InputError(str(exc).replace(repr(word), repr(shorten(word)))) from None
