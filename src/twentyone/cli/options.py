"""Options and parsers the commands share, in one place: each command imports them, and this
module imports no command, so the command line has no import cycle."""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from typer.core import TyperCommand

from twentyone.errors import RulesError
from twentyone.money import DIGITS_RULE, Cents, dollars, other_digits, parse_dollars
from twentyone.rules import Rules, load_rules, parse_set_options

#: The largest seed taken: numbers up to 2**63 - 1 (any seed a person would type).
MAX_SEED = 2**63 - 1

RulesOpt = Annotated[str, typer.Option("--rules", help="Preset name or TOML rules file.")]
SetOpt = Annotated[list[str] | None, typer.Option("--set", help="Override one option: key=value.")]


def rules_from_cli(rules: str, set_: list[str] | None) -> Rules:
    """Rules from ``--rules`` and ``--set``; a bad option exits with the reason, not a trace."""
    try:
        return load_rules(rules, parse_set_options(set_ or []))
    except RulesError as exc:
        raise typer.BadParameter(str(exc)) from None


def rules_named(rules: str, set_: list[str] | None) -> str:
    """The rules a result was computed for, as the person gave them: the preset or file and any
    ``--set`` changes ("classic", "classic with decks=2, das=true"), so every figure names the
    game it describes."""
    changes = f" with {', '.join(printable(s) for s in set_)}" if set_ else ""
    return f"{printable(rules)}{changes}"


def rules_json(rules: str, set_: list[str] | None) -> dict[str, object]:
    """``rules_named`` for ``--json``: the preset or file, and the ``--set`` changes."""
    return {"name": rules, "set": list(set_ or [])}


def dollars_option(name: str, text: str) -> Cents:
    """A positive dollar amount from an option; a bad one exits with the reason."""
    try:
        amount = parse_dollars(text)
    except ValueError as exc:
        raise typer.BadParameter(f"{name}: {exc}") from None
    if amount <= 0:
        raise typer.BadParameter(f"{name} must be positive")
    return amount


def buy_in_option(name: str, text: str, rules: Rules) -> Cents:
    """A positive dollar amount the table's chips can make (a buy-in), enough for one bet at
    the table's minimum (a seat with less could never bet)."""
    amount = dollars_option(name, text)
    smallest = rules.chips[0][1]
    if amount % math.gcd(*(v for _, v in rules.chips)):
        raise typer.BadParameter(f"{name}: {dollars(amount)} cannot be made with this table's "
                                 f"chips (smallest {dollars(smallest)})")
    if amount < rules.min_bet:
        raise typer.BadParameter(f"{name}: {dollars(amount)} is less than this table's "
                                 f"minimum bet of {dollars(rules.min_bet)}")
    return amount


def printable(text: str) -> str:
    """``text`` (a file name, a rules name a person typed) with every character a terminal
    would act on instead of show (an escape, a newline) written as "?"."""
    return "".join(c if c.isprintable() else "?" for c in text)


def printable_lines(text: str) -> str:
    """A message quoting what a person typed or named (a file name with an escape code in it),
    each line ``printable``: it reaches the terminal as text, never as a control sequence."""
    return "\n".join(printable(line) for line in text.split("\n"))


def given(ctx: typer.Context, *names: str) -> list[str]:
    """Which of these parameters (by their Python names) the person typed, as option names."""
    opts = {p.name: p.opts[0] for p in ctx.command.params}
    out = []
    for name in names:
        source = ctx.get_parameter_source(name)
        if source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP"):
            out.append(opts.get(name, name))
    return out


def refuse_unused(ctx: typer.Context, names: tuple[str, ...], why: str) -> None:
    """Refuse options the person typed that do not apply here, rather than ignore them."""
    typed = given(ctx, *names)
    if typed:
        raise typer.BadParameter(f"{' and '.join(typed)} {'does' if len(typed) == 1 else 'do'}"
                                 f" not apply {why}")


def warn_predictable(seed: int | None, stacked: bool) -> None:
    """Say plainly, before a live game, that a seeded or stacked shoe is not a fair one."""
    if seed is not None:
        typer.echo(f"Note: this game is seeded ({seed}). Anyone who knows the seed knows every "
                   "card to come; leave out --seed for a fair, unpredictable shuffle.", err=True)
    if stacked:
        typer.echo("Note: --stack sets the first cards of the shoe, so this deal is arranged, "
                   "not random.", err=True)


def check_writable(path: Path | None, what: str, option: str, suffix: str | None = None) -> None:
    """Before any work, refuse an output path that cannot be written (its folder missing or
    read-only, the path a folder or a device, or, where the format goes by the name, a name
    not ending in ``suffix``), so an hour's simulation or a long session is never lost at the
    end and nothing is written under another name than the one given: "cannot write the chart
    to /nope/x.png: no such folder". None passes."""
    if path is None:
        return
    folder = path.parent if str(path.parent) else Path(".")
    problem = None
    if not path.name or path.name == "..":  # "", ".", "/", "..": a folder, or nothing named
        problem = "give a file name, not a folder"
    elif path.is_dir():
        problem = "that is a folder"
    elif suffix is not None and path.suffix.lower() != suffix:
        problem = f"give a file name ending {suffix} (the file is written as {suffix[1:].upper()})"
    elif path.exists() and not path.is_file():
        problem = "not a regular file"
    elif not folder.exists():
        problem = "no such folder"
    elif not folder.is_dir():
        problem = f"{folder} is not a folder"
    elif path.exists() and not os.access(path, os.W_OK):
        problem = "the file is read-only"
    elif not path.exists() and not os.access(folder, os.W_OK | os.X_OK):
        problem = "the folder is not writable"
    if problem is not None:
        raise typer.BadParameter(f"cannot write {what} to {path}: {problem}", param_hint=option)


#: The option types Typer reads as numbers itself (``Command.parse_args`` checks their digits).
NUMBER_TYPES = ("int", "float", "list[int]", "list[float]")

#: Value names for help, by the Python type Typer reads from an option's annotation.
VALUE_NAMES = {"str": "TEXT", "int": "INTEGER", "float": "NUMBER", "Path": "PATH",
               "list[str]": "TEXT", "list[int]": "INTEGER"}


def plain_type(param: Any) -> None:
    """Show ``param`` (an option of Typer's own click) in help with click's value names
    (``TEXT``, ``INTEGER``) and a flag bare, instead of Typer's placeholders (``<str>``, and
    ``<bool>`` beside a flag, which reads as if the flag took a value)."""
    bare = str(param.bare_type()) if hasattr(param, "bare_type") else ""
    label = "" if bare in ("bool", "") else VALUE_NAMES.get(bare, bare.upper())
    vars(param)["display_type_rich"] = lambda ctx: label


def plain_help(text: str | None) -> str | None:
    """Help text as a person reads it: a docstring's ``literal`` quotes dropped (the name
    alone), and brackets shown as written rather than read by Rich as markup (a rules file's
    "[chips] table" lost its "[chips]")."""
    if text is None:
        return None
    return escape(re.sub(r"``([^`]+)``", r"\1", text))


class Command(TyperCommand):
    """A command whose help shows plain value names and bare flags (``plain_type``), its text
    as written (``plain_help``), and whose number options take the digits 0 to 9 only."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = plain_help(self.help)
        for param in self.params:
            plain_type(param)
            text = getattr(param, "help", None)  # an option's help (an argument has none)
            if isinstance(text, str):
                vars(param)["help"] = plain_help(text)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Refuse a number option's value written in other digits than 0 to 9, in the words
        every other parser uses (``money.DIGITS_RULE``), before Typer reads it in its own."""
        numeric = {opt: opt for p in self.params if getattr(p, "opts", None)
                   and hasattr(p, "bare_type") and str(p.bare_type()) in NUMBER_TYPES
                   for opt in p.opts}
        for i, arg in enumerate(args):
            name, eq, value = arg.partition("=")
            if not eq:
                name, value = arg, args[i + 1] if i + 1 < len(args) else ""
            if name in numeric and other_digits(value):
                raise typer.BadParameter(f"{DIGITS_RULE}, not {printable(value[:40])!r}",
                                         param_hint=f"'{numeric[name]}'")
        return super().parse_args(ctx, args)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            plain_type(option)
        return option
