"""The public API (``import twentyone``): its names, their documentation, their examples run as
doctests, a cheap import, ``python -m twentyone`` and ``twentyone --version``."""

from __future__ import annotations

import doctest
import inspect
import re
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from proc_kit import run, run_cli
from typer.testing import CliRunner

import twentyone
from twentyone import errors
from twentyone.cli import app
from twentyone.strategy import rules_of_thumb

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def api_doctests() -> list[doctest.DocTest]:
    """The examples of the root module and of every object it exports (those defined elsewhere
    included), each docstring once."""
    finder = doctest.DocTestFinder()
    found = {t.name: t for t in finder.find(twentyone)}
    for name in twentyone.__all__:
        obj = getattr(twentyone, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            module = inspect.getmodule(obj)
            for t in finder.find(obj, f"{obj.__module__}.{obj.__qualname__}", module=module,
                                 globs=vars(module).copy() if module else {}):
                found.setdefault(t.name, t)
    return [t for t in found.values() if t.examples]


DOCTESTS = api_doctests()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Charts and edges the examples solve go to a fresh cache, not the user's."""
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_there_are_examples() -> None:
    assert sum(len(t.examples) for t in DOCTESTS) >= 40
    assert {"twentyone", "twentyone.chart", "twentyone.house_edge", "twentyone.ev",
            "twentyone.simulate"} <= {t.name for t in DOCTESTS}


@pytest.mark.parametrize("test", DOCTESTS, ids=[t.name for t in DOCTESTS])
def test_examples_run(test: doctest.DocTest, cache: Path) -> None:
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    out: list[str] = []
    result = runner.run(test, out=out.append)
    assert result.attempted > 0
    assert result.failed == 0, "".join(out)


def test_the_api_names() -> None:
    assert twentyone.Table is not None and twentyone.Rules is not None
    assert "six-deck-s17" in twentyone.PRESETS and callable(twentyone.simulate)
    assert {"Table", "Rules", "PRESETS", "load_rules", "TwentyOneError", "RulesError",
            "TableError", "ChipError", "ReplayError", "chart", "house_edge", "ev", "simulate",
            "PontoonTable", "PontoonRules"} <= set(twentyone.__all__)
    table_errors = {c.__name__ for c in vars(errors).values()
                    if inspect.isclass(c) and issubclass(c, twentyone.TableError)}
    assert table_errors <= set(twentyone.__all__)
    namespace: dict[str, object] = {}
    exec("from twentyone import *", namespace)
    assert set(twentyone.__all__) <= set(namespace)
    assert set(twentyone.__all__) <= set(dir(twentyone))
    with pytest.raises(AttributeError):
        _ = twentyone.NoSuchName  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", twentyone.__all__)
def test_each_name_is_documented_and_has_an_example(name: str) -> None:
    obj = getattr(twentyone, name)
    if inspect.isclass(obj):
        assert (vars(obj).get("__doc__") or "").strip(), f"{name} has no docstring of its own"
    elif inspect.isfunction(obj):
        assert (obj.__doc__ or "").strip(), f"{name} has no docstring"
    else:  # data, such as PRESETS: described in the module's docstring
        assert re.search(rf"``{name}``", twentyone.__doc__ or ""), f"{name} is not described"
    sources = "".join(e.source for t in DOCTESTS for e in t.examples)
    assert re.search(rf"\btwentyone\.{name}\b", sources), f"no example uses twentyone.{name}"


def test_the_api_wraps_the_solver_and_the_simulator(cache: Path) -> None:
    """The friendly names give what the packages below give (no second implementation)."""
    from twentyone.strategy import action_evs, basic_chart
    from twentyone.strategy import house_edge as exact_edge

    rules = twentyone.PRESETS["single-deck"]
    assert twentyone.chart("single-deck") is basic_chart(rules)
    assert twentyone.house_edge(rules) == exact_edge(rules)
    assert twentyone.ev(rules, [1, 7], 9) == action_evs(rules, [1, 7], 9)
    thumb = twentyone.simulate(rules, 5000, seed=3, strategy=rules_of_thumb(),
                               seats=2, workers=1)
    assert thumb.rounds == 5000 and thumb.setup["strategy"] == rules_of_thumb().name
    assert thumb.setup["seats"] == 2


def test_importing_the_api_loads_no_numpy_or_numba() -> None:
    code = ("import sys, twentyone; heavy = [m for m in ('numpy', 'numba', 'rich', 'typer', "
            "'twentyone.engine.table', 'twentyone.strategy', 'twentyone.sim') "
            "if m in sys.modules]; print(heavy)")
    done = run([sys.executable, "-c", code], timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_version() -> None:
    assert twentyone.__version__ == version("twentyone")
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"twentyone {version('twentyone')}"


def test_python_dash_m_runs_the_command_line() -> None:
    done = run_cli("--version", timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"twentyone {version('twentyone')}"
    done = run_cli("rules", timeout=120)
    assert done.returncode == 0, done.stderr
    assert "six-deck-s17" in done.stdout
