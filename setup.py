"""The engine, and the party table's rooms, compiled with mypyc as part of every install,
``pip install -e .`` too.

Those modules (``twentyone.engine.native.MODULES``) are plain, fully typed Python; the build
compiles them too (same source, identical results, about twice as fast; about two minutes on
two cores). Where that fails (no C compiler, no mypyc) the install goes on as pure Python, says
why on stderr, and records it so that the ``twentyone`` command says it in one line. The build
records the sources it compiled (``build.json`` beside ``native.py``), so a source edited after
an editable install is run as Python, never shadowed by its stale extension.
``TWENTYONE_COMPILE=0`` installs pure Python and removes what an earlier editable build left.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = Path("src/twentyone")
native: dict[str, Any] = runpy.run_path(str(SOURCE / "engine" / "native.py"))
MODULES: tuple[str, ...] = native["MODULES"]
#: Stands in for the engine's extensions until the build makes them (mypyc type-checks and
#: writes C when called, which only a build needs), and marks the wheel as a platform's.
PLACEHOLDER = Extension("twentyone.engine._native", sources=[])


def _clear(package: Path) -> None:
    """Remove an earlier build's extensions and record from a source tree (editable installs
    build in place)."""
    for path in [*package.rglob("*.so"), *package.parent.glob("*__mypyc*.so"),
                 *package.rglob("*.pyd"), *package.parent.glob("*__mypyc*.pyd")]:
        path.unlink()
    (package / "engine" / native["BUILD_FILE"]).unlink(missing_ok=True)


def _record(package: Path, record: dict[str, Any]) -> None:
    (package / "engine").mkdir(parents=True, exist_ok=True)
    (package / "engine" / native["BUILD_FILE"]).write_text(json.dumps(record), encoding="utf-8")


class BuildEngine(build_ext):
    """Compile the engine, or record why not and install it as Python."""

    def finalize_options(self) -> None:
        self.failure: BaseException | None = None
        # The sources as mypyc reads them now: a source edited while the C compiler runs (minutes)
        # must not be recorded as compiled, or its stale extension would be loaded for it.
        self.digests: dict[str, str] = native["digests"](SOURCE)
        try:
            from mypyc.build import mypycify

            # Only the engine's own modules are compiled and checked here; the modules they
            # reach (the package root's lazy API names the solver and the simulator, numba and
            # all) are read for their types only, their checking the project's mypy run's job.
            self.distribution.ext_modules = mypycify(
                ["--follow-imports=silent", *(str(SOURCE.joinpath(*m.split("."))) + ".py"
                                              for m in MODULES)], opt_level="3")
        except (Exception, SystemExit) as exc:  # mypy reports its errors by SystemExit
            self.failure = exc
        super().finalize_options()

    def run(self) -> None:
        package = SOURCE if self.inplace else Path(self.build_lib) / "twentyone"
        if self.inplace:
            _clear(SOURCE)
        try:
            if self.failure is not None:
                raise self.failure
            super().run()
        except (Exception, SystemExit) as exc:
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []
            if self.inplace:
                _clear(SOURCE)
            if exc is not self.failure:
                why = ("no C compiler could build it when it was installed (install gcc and "
                       "Python's headers, python3-dev")
            elif isinstance(exc, ImportError):
                why = "mypyc was not found when it was installed (install mypy"
            elif isinstance(exc, SystemExit):  # mypy's type check found errors
                why = ("mypyc could not translate it (its type check failed: `pip install -v` "
                       "shows where")
            else:
                why = f"mypyc could not translate it ({str(exc)[:80]}"
            reason = (f"the engine runs as plain Python, about half as fast: {why}, then run "
                      f"the same `pip install` again to compile it)")
            print(f"twentyone: {reason}", file=sys.stderr)
            _record(package, {"compiled": False, "reason": reason})
            return
        _record(package, {"compiled": True, "sources": self.digests})


if os.environ.get("TWENTYONE_COMPILE", "1") == "0":
    _clear(SOURCE)
    setup()
else:
    setup(ext_modules=[PLACEHOLDER], cmdclass={"build_ext": BuildEngine})
