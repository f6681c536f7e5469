"""Whether the engine runs compiled, and never a stale compiled engine.

The set-up (``pip install -e .``) compiles the engine's modules (``MODULES``) with mypyc where a
C compiler is found (setup.py): an extension module beside each source, and ``build.json`` here
saying which sources they were built from (each one's SHA-256), or why none was built. Python
imports an extension before a source of the same name, so a source edited after the build would
be shadowed by the build of the old one. ``choose``, run when ``import twentyone`` imports this
module (before any of those loads), compares the sources with the build's and, if any differs
(or ``TWENTYONE_PURE_PYTHON=1`` asks for it), loads every one of them from its source: all or
none, as the compiled modules call each other directly.

This module is read by setup.py too, so it imports nothing but the standard library.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: The compiled modules, under ``twentyone``: the engine; the single-seat environment's
#: picture of the round, which it reads after every step (as Python, a sixth of a step's
#: time); and what the party table's server does for every request besides sending (the
#: casino game's adapter and its bodies, the room and its parts, their frames and deltas: as
#: Python, two thirds of the server's work, docs/web.md#how-many-rooms-one-server-holds).
#: ``engine.ops`` stays interpreted: mypyc takes the operations' ``name`` class variable for a
#: dataclass field.
MODULES = ("cards", "engine.calls", "engine.cashier", "engine.chips", "engine.events",
           "engine.hand", "engine.shoe", "engine.signals", "engine.table", "engine.views",
           "envs.seat",
           "games.blackjack.account", "games.blackjack.bank", "games.blackjack.body",
           "games.blackjack.facedown", "games.blackjack.game", "web.protocol", "web.delta",
           "web.roomcore", "web.room", "web.frames", "web.purse", "web.botseats")
#: What the build left, beside this file.
BUILD_FILE = "build.json"
#: Set to 1 to run the engine from its Python source though it is compiled.
PURE_VARIABLE = "TWENTYONE_PURE_PYTHON"
STALE = ("the source of the engine (or of the party table's rooms) has changed since it was "
         "compiled, so it runs as plain Python (about half the speed) until `pip install -e .` "
         "compiles it again")

PACKAGE = Path(__file__).resolve().parents[1]


def source(module: str, package: Path = PACKAGE) -> Path:
    """The source file of ``twentyone.<module>``."""
    return package.joinpath(*module.split(".")).with_suffix(".py")


def digests(package: Path = PACKAGE) -> dict[str, str]:
    """Each compiled module's source, by its SHA-256 (what a build records and is checked
    against)."""
    return {m: hashlib.sha256(source(m, package).read_bytes()).hexdigest() for m in MODULES}


def read_build(package: Path = PACKAGE) -> dict[str, object] | None:
    """What the last build recorded, or None where none did (a pure-Python install)."""
    try:
        found = json.loads((package / "engine" / BUILD_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


class _FromSource(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' sources ahead of their extensions."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        prefix = "twentyone."
        if not fullname.startswith(prefix) or fullname[len(prefix):] not in MODULES:
            return None
        return importlib.util.spec_from_file_location(
            fullname, source(fullname[len(prefix):]))


#: Why the engine runs as Python where it was meant to run compiled (None: it is compiled, or
#: it was never meant to be).
NOTICE: str | None = None


def choose() -> None:
    """Load the engine from its source where the build is stale or Python is asked for; note
    why where the user should know (``NOTICE``)."""
    global NOTICE
    if any(isinstance(f, _FromSource) for f in sys.meta_path):
        return
    build = read_build()
    if os.environ.get(PURE_VARIABLE) == "1":
        sys.meta_path.insert(0, _FromSource())
    elif build is None:
        pass  # installed as Python on purpose (TWENTYONE_COMPILE=0), or from a plain copy
    elif build.get("compiled") is not True:
        NOTICE = str(build.get("reason", "the engine could not be compiled"))
    else:
        try:
            current = digests()
        except OSError:
            return  # a build shipped without its sources: nothing to go stale
        if current != build.get("sources"):
            sys.meta_path.insert(0, _FromSource())
            NOTICE = STALE


def compiled() -> bool:
    """Whether the engine's table is running compiled now."""
    from twentyone.engine import table

    return not (table.__file__ or "").endswith(".py")


if __name__ == "twentyone.engine.native":  # imported by the package, not read by setup.py
    choose()
