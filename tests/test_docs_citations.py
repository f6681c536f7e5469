"""Every rule citation in the repository can be followed from the repository alone.

Code comments, docstrings, tests and the README cite the players' rules reference in ``docs/`` as
``docs/<file>.md#<anchor>`` (docs/README.md#citing-a-section). Each such citation must name a file
that exists and a heading in it, with the anchor made the way GitHub makes it. The source
documents the rules were first written from are not in the repository, so nothing may cite them
by their seed file numbers any more: not a comment, a docstring, a string or a test's name.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
THIS = Path(__file__).resolve()


#: A citation: ``docs/`` then a Markdown file, then optionally ``#`` and an anchor.
CITATION = re.compile(r"\bdocs/([A-Za-z0-9_.-]+\.md)(?:#([A-Za-z0-9_-]+))?")

#: A seed file number cited in prose: 000 to 004 standing alone ("000:", "(001)", "002/004",
#: "seed 002", "Seeds 001/002/004", "000's"), but not part of a larger number or name such as
#: "1,000", "$1.000", "10_000", "0x004", "$500" or "test_000_x".
SEED_NUMBER = re.compile(r"(?<![\w$])(?<!\d[.,])00[0-4](?!\w|[.,]\d)")

#: Headings outside fenced code blocks.
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")

#: Comments and string literals (on Python 3.12+ an f-string's text is tokens of its own).
PROSE_TOKENS = {tokenize.COMMENT, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)}


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, inline markup and punctuation other than
    ``-`` and ``_`` dropped, each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links keep their text
    text = text.replace("`", "").lower().strip()
    text = "".join(ch for ch in text if ch.isalnum() or ch in "-_ ")
    return text.replace(" ", "-")


@cache
def anchors(md: Path) -> frozenset[str]:
    """Every heading anchor in ``md``, repeated headings numbered the way GitHub numbers them."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    fenced = False
    for line in md.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else HEADING.match(line)
        if m is None:
            continue
        base = github_anchor(m.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return frozenset(out)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def python_files(*tops: str) -> list[Path]:
    return sorted(p for top in tops for p in (ROOT / top).rglob("*.py")
                  if "__pycache__" not in p.parts and ".egg-info" not in str(p))


def citing_files() -> list[Path]:
    return [*python_files("src", "tests", "benchmarks"), ROOT / "README.md"]


def prose(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment and string literal in a Python file: docstrings, comments
    and the strings a user may be shown."""
    source = path.read_text(encoding="utf-8")
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in PROSE_TOKENS:
            yield tok.start[0], tok.string


def test_github_anchor_matches_githubs_rules() -> None:
    assert github_anchor("Insurance and even money") == "insurance-and-even-money"
    assert github_anchor("The dealer's check for blackjack") == "the-dealers-check-for-blackjack"
    assert github_anchor("`hit_soft_17`") == "hit_soft_17"
    assert github_anchor("Betting systems and the gambler's fallacy") == (
        "betting-systems-and-the-gamblers-fallacy")
    assert github_anchor("The shuffle, the cut and the burned card") == (
        "the-shuffle-the-cut-and-the-burned-card")


def test_seed_number_pattern_finds_citations_and_leaves_amounts_alone() -> None:
    for cited in ("# 000: a bust", "(001)", "002/004", "seed 002", "Seeds 001/002/004",
                  "000's cheque change", '002 "The Pack"', "(000, 002, 004)"):
        assert SEED_NUMBER.search(cited), cited
    for amount in ("$1,000", "100,000 packs", "1.000", "10_000_000", "0x004", "$500",
                   "test_000_even_money", "v2.003", "4000", "20040"):
        assert not SEED_NUMBER.search(amount), amount


@pytest.mark.parametrize("path", citing_files(), ids=rel)
def test_every_docs_citation_names_a_file_and_a_heading_in_it(path: Path) -> None:
    broken = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for m in CITATION.finditer(line):
            md, anchor = DOCS / m.group(1), m.group(2)
            if not md.is_file():
                broken.append(f"{rel(path)}:{n}: {m.group(0)}: no such file")
            elif anchor is not None and anchor not in anchors(md):
                broken.append(f"{rel(path)}:{n}: {m.group(0)}: no such heading")
    assert not broken, "\n".join(broken)


def test_the_docs_are_cited() -> None:
    """The check above has something to check: the code cites every file in docs/."""
    cited = {m.group(1) for p in citing_files()
             for m in CITATION.finditer(p.read_text(encoding="utf-8"))}
    assert {p.name for p in DOCS.glob("*.md")} - {"README.md"} <= cited




@pytest.mark.parametrize(
    "path", [p for p in python_files("src", "tests", "benchmarks")
             if p != THIS], ids=rel)
def test_no_comment_docstring_or_string_cites_a_seed_number(path: Path) -> None:
    found = [f"{rel(path)}:{n}: {text.strip()[:80]}"
             for n, text in prose(path) if SEED_NUMBER.search(text)]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            parts = node.name.split("_")
            if any(p in {"000", "001", "002", "003", "004"} and not parts[i - 1].isdigit()
                   for i, p in enumerate(parts) if i > 0):
                found.append(f"{rel(path)}:{node.lineno}: {node.name}")
    assert not found, "cite docs/<file>.md#<anchor> instead of a seed number:\n" + "\n".join(found)


def test_the_readme_cites_no_seed_number() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    found = [f"README.md:{n}: {line}" for n, line in enumerate(lines, 1)
             if SEED_NUMBER.search(line)]
    assert not found, "\n".join(found)
