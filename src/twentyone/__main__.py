"""``python -m twentyone``: the command line, as the ``twentyone`` script runs it."""

from twentyone.cli import app

if __name__ == "__main__":
    app()
