"""The command line: Typer commands over the library. Nothing in the package imports ``cli``."""

from twentyone.cli.app import app

__all__ = ["app"]
