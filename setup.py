"""Optional compiled build of the table engine.

The engine modules are plain, fully typed Python. With ``TWENTYONE_COMPILE=1`` set at install
time they are also compiled with mypyc (same source, about three times faster, identical
results); without it the package is pure Python. Development installs stay uncompiled so that an
edited module is never shadowed by a stale extension.
"""

import os

from setuptools import setup

# ``engine/ops`` stays interpreted: mypyc takes the operations' ``name`` class variable for a
# dataclass field.
ENGINE = ["cards", "engine/cashier", "engine/chips", "engine/events", "engine/hand",
          "engine/shoe", "engine/table"]

ext_modules = []
if os.environ.get("TWENTYONE_COMPILE") == "1":
    from mypyc.build import mypycify

    # Only the engine's own modules are compiled and checked here; the modules they reach (the
    # package root's lazy API names the solver and the simulator, numba and all) are read
    # for their types only, and their checking is the project's mypy run's job.
    ext_modules = mypycify(["--follow-imports=silent",
                            *(f"src/twentyone/{m}.py" for m in ENGINE)], opt_level="3")

setup(ext_modules=ext_modules)
