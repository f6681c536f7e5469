"""The public API (``import twentyone``): its names, their documentation, their examples run as
doctests, a cheap import, ``python -m twentyone`` and ``twentyone --version``."""

from __future__ import annotations

import ast
import doctest
import inspect
import re
import sys
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from proc_kit import run, run_cli
from typer.testing import CliRunner

import twentyone
from twentyone import errors
from twentyone.cli import app
from twentyone.errors import AnalysisError, RulesError, TwentyOneError
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


def _class_doc(cls: type) -> str:
    """A class's own docstring; for a class compiled by mypyc (the README's set-up), which keeps
    none, the one in its source."""
    doc = vars(cls).get("__doc__")
    if doc:
        return str(doc)
    path = Path(sys.modules[cls.__module__].__file__ or "")
    if path.suffix == ".py":
        return ""
    source = path.parent / (cls.__module__.rsplit(".", 1)[-1] + ".py")
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return ast.get_docstring(node) or ""
    return ""


@pytest.mark.parametrize("name", twentyone.__all__)
def test_each_name_is_documented_and_has_an_example(name: str) -> None:
    obj = getattr(twentyone, name)
    if inspect.isclass(obj):
        assert _class_doc(obj).strip(), f"{name} has no docstring of its own"
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


# --- bad arguments (issue 22): every refusal is a TwentyOneError, never a crash or a number ----

S17 = "six-deck-s17"

BAD_CALLS: dict[str, tuple[Callable[[], object], type[TwentyOneError], str]] = {
    "ev of no cards": (lambda: twentyone.ev(S17, [], 10), AnalysisError, "at least two cards"),
    "ev of one card": (lambda: twentyone.ev(S17, [10], 10), AnalysisError, "at least two"),
    "ev of a bust": (lambda: twentyone.ev(S17, [10, 6, 9], 10), AnalysisError, "bust"),
    "ev against up card 0": (lambda: twentyone.ev(S17, [10, 6], 0), AnalysisError, "up card"),
    "ev against up card True": (lambda: twentyone.ev(S17, [10, 6], True), AnalysisError,
                                "up card"),
    "ev against up card 11": (lambda: twentyone.ev(S17, [10, 6], 11), AnalysisError, "up card"),
    "ev of a card 0": (lambda: twentyone.ev(S17, [0, 6], 10), AnalysisError, "values 1"),
    "ev of a float card": (lambda: twentyone.ev(S17, [10.0, 6], 10),  # type: ignore[list-item]
                           AnalysisError, "values 1"),
    "ev of text": (lambda: twentyone.ev(S17, "T6", 10),  # type: ignore[arg-type]
                   AnalysisError, "list of card values"),
    "ev of None": (lambda: twentyone.ev(S17, None, 10), AnalysisError,  # type: ignore[arg-type]
                   "list of card values"),
    "ev from a short shoe": (lambda: twentyone.ev(S17, [10, 6], 10, [4] * 9), AnalysisError,
                             "10 counts"),
    "ev from a negative shoe": (lambda: twentyone.ev(S17, [10, 6], 10, [-1] * 10),
                                AnalysisError, "whole numbers"),
    "ev from a shoe without the hand": (lambda: twentyone.ev(S17, [10, 6], 10, [1] * 10),
                                        AnalysisError, "does not hold"),
    "ev from a shoe of only the hand": (
        lambda: twentyone.ev(S17, [10, 6], 10, [0, 0, 0, 0, 0, 1, 0, 0, 0, 2]), AnalysisError,
        "no card beyond"),
    "ev with infinite='yes'": (lambda: twentyone.ev(S17, [10, 6], 10, infinite="yes"),  # type: ignore[arg-type]
                               AnalysisError, "True or False"),
    "ev of rules 5": (lambda: twentyone.ev(5, [10, 6], 10),  # type: ignore[arg-type]
                      AnalysisError, "rules are"),
    "ev of an unknown preset": (lambda: twentyone.ev("no-such", [10, 6], 10), RulesError,
                                "no preset"),
    "chart of rules None": (lambda: twentyone.chart(None),  # type: ignore[arg-type]
                            AnalysisError, "rules are"),
    "chart with infinite=1": (lambda: twentyone.chart(S17, infinite=1),  # type: ignore[arg-type]
                              AnalysisError, "True or False"),
    "house edge of rules 5": (lambda: twentyone.house_edge(5),  # type: ignore[arg-type]
                              AnalysisError, "rules are"),
    "simulate 0 rounds": (lambda: twentyone.simulate(S17, 0), AnalysisError, "at least one"),
    "simulate 1.5 rounds": (lambda: twentyone.simulate(S17, 1.5),  # type: ignore[arg-type]
                            AnalysisError, "whole number of rounds"),
    "simulate True rounds": (lambda: twentyone.simulate(S17, True), AnalysisError,
                             "whole number of rounds"),
    "simulate with seed -1": (lambda: twentyone.simulate(S17, 10, seed=-1), AnalysisError,
                              "seed"),
    "simulate with seed 1.5": (lambda: twentyone.simulate(S17, 10, seed=1.5),  # type: ignore[arg-type]
                               AnalysisError, "seed"),
    "simulate on -1 workers": (lambda: twentyone.simulate(S17, 10, workers=-1), AnalysisError,
                               "workers"),
    "simulate with progress 5": (lambda: twentyone.simulate(S17, 10, progress=5),  # type: ignore[arg-type]
                                 AnalysisError, "progress"),
    "simulate with strategy 'x'": (lambda: twentyone.simulate(S17, 10, strategy="x"),  # type: ignore[arg-type]
                                   AnalysisError, "Chart"),
    "simulate 0 seats": (lambda: twentyone.simulate(S17, 10, seats=0, strategy=rules_of_thumb()),
                         AnalysisError, "cannot fill 0"),
    "simulate 2.0 seats": (lambda: twentyone.simulate(S17, 10, seats=2.0,  # type: ignore[arg-type]
                                                      strategy=rules_of_thumb()),
                           AnalysisError, "cannot fill"),
    "simulate Pontoon rules": (lambda: twentyone.simulate(
        twentyone.PontoonRules().table_rules(), 10, strategy=rules_of_thumb()), AnalysisError,
        "casino game"),
}


@pytest.mark.parametrize("name", list(BAD_CALLS))
def test_a_bad_argument_to_the_api_is_refused_in_words(name: str, cache: Path) -> None:
    call, error, says = BAD_CALLS[name]
    with pytest.raises(TwentyOneError) as raised:
        call()
    assert type(raised.value) is error, f"{type(raised.value).__name__}: {raised.value}"
    assert re.search(says, str(raised.value)), str(raised.value)
    assert isinstance(raised.value, ValueError)  # as before: callers catching ValueError still do


CARDS = st.one_of(st.integers(-3, 14), st.booleans(), st.floats(allow_nan=False),
                  st.text(max_size=2), st.none())


@settings(max_examples=200, deadline=None)
@given(hand=st.one_of(st.lists(CARDS, max_size=4), CARDS), up=CARDS)
def test_any_hand_and_up_card_is_answered_or_refused_in_words(hand: object, up: object) -> None:
    """Whatever comes as a hand and an up card: a live hand of values 1-10 against an up card
    1-10, that one pack can hold, is answered (a number for each action); anything else is an
    ``AnalysisError``."""
    def card(x: object) -> bool:
        return type(x) is int and 1 <= x <= 10

    live = (isinstance(hand, list) and len(hand) >= 2 and all(card(c) for c in hand)
            and sum(hand) <= 21 and card(up)
            # one pack holds four of each value, sixteen tens (five aces are no hand)
            and all([*hand, up].count(v) <= (16 if v == 10 else 4) for v in range(1, 11)))
    if live:
        evs = twentyone.ev(twentyone.PRESETS["single-deck"], hand, up)  # type: ignore[arg-type]
        assert evs and all(-4.0 <= v <= 3.0 for v in evs.values())
    else:
        with pytest.raises(AnalysisError):
            twentyone.ev(twentyone.PRESETS["single-deck"], hand, up)  # type: ignore[arg-type]
