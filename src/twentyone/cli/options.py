"""Options and parsers the commands share, in one place: each command imports them, and this
module imports no command, so the command line has no import cycle."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from twentyone.errors import RulesError
from twentyone.money import Cents, parse_dollars
from twentyone.rules import Rules, load_rules, parse_set_options

RulesOpt = Annotated[str, typer.Option("--rules", help="Preset name or TOML rules file.")]
SetOpt = Annotated[list[str] | None, typer.Option("--set", help="Override one option: key=value.")]


def rules_from_cli(rules: str, set_: list[str] | None) -> Rules:
    """Rules from ``--rules`` and ``--set``; a bad option exits with the reason, not a trace."""
    try:
        return load_rules(rules, parse_set_options(set_ or []))
    except RulesError as exc:
        raise typer.BadParameter(str(exc)) from None


def dollars_option(name: str, text: str) -> Cents:
    """A positive dollar amount from an option; a bad one exits with the reason."""
    try:
        amount = parse_dollars(text)
    except ValueError as exc:
        raise typer.BadParameter(f"{name}: {exc}") from None
    if amount <= 0:
        raise typer.BadParameter(f"{name} must be positive")
    return amount


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


class Command(TyperCommand):
    """A command whose help shows plain value names and bare flags (``plain_type``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            plain_type(param)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            plain_type(option)
        return option


class Group(TyperGroup):
    """The command index, its ``--help`` shown bare like the commands'."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            plain_type(option)
        return option
