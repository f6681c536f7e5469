"""The suite runs the engine from its Python source (``TWENTYONE_PURE_PYTHON=1``, README
"Speed"): as it is written, and as an install without a C compiler runs it. A pytest plugin
(pyproject's ``addopts``), so it is set before any test imports the package; not a second
``conftest.py``, which mypy would take for the same module as tests/web's. The set-up compiles
it too, and CI runs the engine's and the server's tests again on that build (.ci/run, with the
variable 0): the compiled build differs where no test of the engine looks (an argument of the
wrong type is refused by Python's ``TypeError`` before the table is reached, and its classes
carry no docstrings), so the API's tests hold the source to those."""

import os

os.environ.setdefault("TWENTYONE_PURE_PYTHON", "1")
