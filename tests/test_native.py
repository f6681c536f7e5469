"""The engine as the set-up compiles it (docs/speed.md#speed; ``twentyone.engine.native``): a build
whose sources still match is what loads, a build older than its sources never does, Python can
be asked for, and an install that could not compile says so in one line at the command line.

Each case runs on a copy of the package whose compiled modules are stood in for by files that
are not extensions at all: importing one fails, so a test that imports the engine without error
shows that the source was loaded instead.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from proc_kit import run

from twentyone.engine import native

PACKAGE = Path(native.__file__).resolve().parents[1]
WHERE = ("import twentyone.engine.table as t, twentyone.cards as c;"
         "from twentyone.engine import native;"
         "print(t.__file__.endswith('.py'), c.__file__.endswith('.py'), native.NOTICE)")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The package copied, with a broken stand-in 'extension' beside every compiled module."""
    shutil.copytree(PACKAGE, tmp_path / "twentyone",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "build.json"))
    for module in native.MODULES:
        stand_in = native.source(module, tmp_path / "twentyone").with_suffix(
            EXTENSION_SUFFIXES[0])
        stand_in.write_bytes(b"not an extension")
    return tmp_path


def _record(root: Path, record: dict[str, object]) -> None:
    (root / "twentyone" / "engine" / native.BUILD_FILE).write_text(json.dumps(record))


def _python(root: Path, code: str, **env: str) -> tuple[int, str, str]:
    environ = {k: v for k, v in os.environ.items() if k != native.PURE_VARIABLE}
    done = run([sys.executable, "-c", code], timeout=120,
               env=environ | {"PYTHONPATH": str(root)} | env)
    return done.returncode, done.stdout, done.stderr


def test_a_build_whose_sources_match_is_what_loads(copy: Path) -> None:
    _record(copy, {"compiled": True, "sources": native.digests(copy / "twentyone")})
    code, _, err = _python(copy, WHERE)
    assert code != 0 and "ImportError" in err  # the (stand-in) extension was loaded


def test_a_source_edited_after_the_build_is_run_as_python_never_the_old_build(
        copy: Path) -> None:
    _record(copy, {"compiled": True, "sources": native.digests(copy / "twentyone")})
    hand = native.source("engine.hand", copy / "twentyone")
    hand.write_text(hand.read_text() + "\n# edited after the build\n")
    code, out, err = _python(copy, WHERE)
    assert code == 0, err
    assert out.rstrip("\n").split(maxsplit=2) == ["True", "True", native.STALE]


def test_python_can_be_asked_for_over_a_build_that_matches(copy: Path) -> None:
    _record(copy, {"compiled": True, "sources": native.digests(copy / "twentyone")})
    code, out, err = _python(copy, WHERE, **{native.PURE_VARIABLE: "1"})
    assert code == 0, err
    assert out.split() == ["True", "True", "None"]


def test_an_install_that_could_not_compile_says_why_once_in_one_line_and_plays_on(
        tmp_path: Path) -> None:
    shutil.copytree(PACKAGE, tmp_path / "twentyone",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "build.json"))
    reason = "the engine runs as plain Python, about half as fast: no working C compiler"
    _record(tmp_path, {"compiled": False, "reason": reason})
    environ = {k: v for k, v in os.environ.items() if k != native.PURE_VARIABLE}
    environ |= {"PYTHONPATH": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}

    def rules() -> tuple[str, str]:
        done = run([sys.executable, "-m", "twentyone", "rules", "--json"], timeout=120,
                   env=environ)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)  # the command's own output is untouched
        return done.stdout, done.stderr

    out, err = rules()
    assert err.splitlines() == [f"twentyone: {reason}"]
    # Said once, not before every command; said again when the reason changes.
    assert rules() == (out, "")
    _record(tmp_path, {"compiled": False, "reason": reason + " (checked again)"})
    assert rules()[1].splitlines() == [f"twentyone: {reason} (checked again)"]
