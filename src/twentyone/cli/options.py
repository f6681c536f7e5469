"""Options and parsers the commands share, in one place: each command imports them, and this
module imports no command, so the command line has no import cycle."""

from __future__ import annotations

from typing import Annotated

import typer

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


def warn_predictable(seed: int | None, stacked: bool) -> None:
    """Say plainly, before a live game, that a seeded or stacked shoe is not a fair one."""
    if seed is not None:
        typer.echo(f"Note: this game is seeded ({seed}). Anyone who knows the seed knows every "
                   "card to come; leave out --seed for a fair, unpredictable shuffle.", err=True)
    if stacked:
        typer.echo("Note: --stack sets the first cards of the shoe, so this deal is arranged, "
                   "not random.", err=True)
