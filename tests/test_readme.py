"""The README a newcomer opens: its two set-up commands come first and the test one is word for
word what CI runs (.ci/run), a picture of each front (the terminal and the browser) comes before
the command table, every picture and file it links is in the repository, and the measurements
live in docs/speed.md (the README's speed section is a short summary pointing there)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: A command shown as an indented code block (four spaces, after a blank line).
COMMAND = re.compile(r"(?:^|\n)\n {4}(\S[^\n]*)")
#: A local file the README links or shows: Markdown's ](path) or an <img src="path">.
LINKED = re.compile(r"\]\(((?!https?:|#)[^)#\s]+)(?:#[^)]*)?\)|<img [^>]*src=\"([^\"]+)\"")


def sections() -> dict[str, str]:
    """Each ``## `` section's text by its heading (the part before the first is "")."""
    parts = re.split(r"^## (.+)$", README, flags=re.M)
    return {"": parts[0], **dict(zip(parts[1::2], parts[2::2], strict=True))}


def test_the_two_set_up_commands_come_first_and_ci_runs_the_second() -> None:
    commands = COMMAND.findall(sections()[""])
    assert len(commands) >= 2
    play, tests = commands[:2]
    assert play == ("python3 -m venv .venv && .venv/bin/pip install -q -e . "
                    "&& .venv/bin/twentyone play")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci, tests
    assert tests.endswith("&& .venv/bin/pytest") and ".[dev]" in tests


def test_a_picture_of_each_front_before_the_command_table() -> None:
    top = README.split("## What is here")[0]
    pictures = [a or b for a, b in LINKED.findall(top)
                if (a or b).endswith((".svg", ".png"))]
    assert any(p.startswith("docs/images/screens/") for p in pictures), pictures
    assert any(p.startswith("docs/images/web/") for p in pictures), pictures


def test_every_picture_and_file_the_readme_links_exists() -> None:
    linked = {a or b for a, b in LINKED.findall(README)}
    assert len(linked) > 10
    missing = sorted(p for p in linked if not (ROOT / p).exists())
    assert not missing, missing


def test_the_measurements_live_in_docs_speed() -> None:
    speed = sections()["Speed"]
    assert "docs/speed.md" in speed
    assert len(speed.strip().splitlines()) <= 15
    assert len(README.splitlines()) <= 300
