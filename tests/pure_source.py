"""The suite runs the engine as the set-up installed it: compiled with mypyc where the install
compiled it (docs/speed.md#speed), so what is tested is what the README's set-up runs (issue 34 item
11), and from its Python source where no build is there or a source has changed since the build
(a developer's edit; ``engine/native.py`` would load the source then anyway, and this quietly
asks for it, so no test sees the stale build's notice). ``TWENTYONE_PURE_PYTHON=1`` runs the
source over a current build: CI runs the whole suite compiled and the engine's, the bad input's
and the doctests' again from the source (.ci/run). The header of every run says which ran.

A pytest plugin (pyproject's ``addopts``), so it decides before any test imports the package;
not a second ``conftest.py``, which mypy would take for the same module as tests/web's. It reads
``native.py`` as setup.py does, without importing the package (importing it chooses the build).
"""

from __future__ import annotations

import importlib.util
import os
import runpy
from pathlib import Path
from typing import Any

VARIABLE = "TWENTYONE_PURE_PYTHON"


def _package() -> Path | None:
    spec = importlib.util.find_spec("twentyone")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _current_build() -> bool:
    """Whether a compiled build is there and was made from the sources as they are now."""
    package = _package()
    if package is None:
        return False
    native: dict[str, Any] = runpy.run_path(str(package / "engine" / "native.py"))
    build = native["read_build"](package)
    if build is None or build.get("compiled") is not True:
        return False
    try:
        return bool(native["digests"](package) == build.get("sources"))
    except OSError:
        return True  # installed without its sources: nothing can be stale


if VARIABLE not in os.environ and not _current_build():
    os.environ[VARIABLE] = "1"


def pytest_report_header() -> str:
    from twentyone.engine import native

    return f"twentyone engine: {'compiled' if native.compiled() else 'from its source'}"
