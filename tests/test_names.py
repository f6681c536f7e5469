"""One meaning per name (issue 33, "One house"): a name the protocol gives a thing is not given
to another thing elsewhere in the package, and the names that once meant two things each mean
one now (docs/architecture.md, "One meaning per name").

``Game`` was both the protocol and the card games' base class, ``Op`` the protocol's operation
and two operation base classes, ``Frames`` a protocol in ``web.roomcore`` and the class in
``web.frames``. A reader who meets such a name, or an import of it, had to look up which one it
was; a module that imported both had to rename one (``Op as TableOp``). Every module of
``src/twentyone`` is read with ``ast``, so a name given again anywhere (a class, a function, a
module-level assignment, an import under another name) fails here, with where it was given.

The same issue asks for a typed protocol: the ``Game`` contract takes and gives no ``Any`` and
no bare ``object`` (an operation is an ``Op``, what a game writes a ``JsonObject``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from source_kit import PACKAGE, module_name, modules

import twentyone.protocol

#: Each name of one meaning and the one module that gives it that meaning: every name the
#: protocol exports, and the names that meant two things before issue 33 sorted them out.
OWNERS: dict[str, str] = {
    **{name: "twentyone.protocol.game" for name in twentyone.protocol.__all__},
    "CardGame": "twentyone.games.core.game",   # the card games' base class
    "CardOp": "twentyone.games.core.ops",      # the card games' operations
    "TableOp": "twentyone.engine.ops",         # the casino table's operations
    "Change": "twentyone.engine.ops",          # a chip exchange at the table
    "Transaction": "twentyone.web.store",      # the ledger's transaction
    "GAMES": "twentyone.games.registry",       # the registry of card games
    "CHIP_GAMES": "twentyone.web.spec",        # a room's chip tables, by game
    "Frames": "twentyone.web.frames",          # one broadcast's state frames
    "Broadcast": "twentyone.web.roomcore",     # what the server reads of them
}

#: A constant's name that speaks of seat 0 (the house's seat, a spectator's view, the dealer's
#: place): ``protocol.HOUSE`` is its one name.
SEAT_ZERO_WORDS = re.compile(r"HOUSE|DEALER|SPECTATOR|WATCHER|NOBODY|NO_SEAT")


def _targets(node: ast.stmt) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return node.targets
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        return [node.target]
    return []


def _source(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    """The module a ``from ... import`` reads from, its dots resolved against ``module``."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def given_names(module: str, source: str, is_package: bool = False) -> Iterator[tuple[str, str]]:
    """``(name, how)`` for each name ``module`` gives a meaning of its own: a class (at any
    depth), a module-level function or assignment, and a name it imports something under that
    is not the owner's thing of that name (``import x as Op``; ``from elsewhere import Op``).
    An import of a name from its owner, or from a package above the owner (a re-export such as
    ``twentyone.protocol``), gives it no meaning of its own."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            yield node.name, f"line {node.lineno}: class {node.name}"
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            origin = (_source(module, node, is_package) if isinstance(node, ast.ImportFrom)
                      else None)
            for alias in node.names:
                name = alias.asname or alias.name.split(".")[0]
                owner = OWNERS.get(name)
                if owner is None:
                    continue
                same = (origin is not None and alias.name == name
                        and (owner == origin or owner.startswith(origin + ".")))
                if not same:
                    yield name, f"line {node.lineno}: {ast.unparse(node)}"
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, f"line {node.lineno}: def {node.name}"
        for target in _targets(node):
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Name):
                    yield leaf.id, f"line {node.lineno}: {ast.unparse(node).splitlines()[0]}"


def given_again(mods: dict[str, str]) -> list[str]:
    """Each name of ``OWNERS`` that a module other than its owner gives a meaning of its own
    (``mods``: each module's source by its name, a package's as ``<package>.__init__``)."""
    found = []
    for key, source in mods.items():
        module = key.removesuffix(".__init__")
        found += [f"{module} {how} (the name is {OWNERS[name]}'s)"
                  for name, how in given_names(module, source, key.endswith(".__init__"))
                  if name in OWNERS and module != OWNERS[name]]
    return found


def seat_zero_names(source: str) -> list[str]:
    """Each module-level constant in ``source`` that is another name for seat 0: one set to
    ``HOUSE`` (or ``protocol.HOUSE``), or set to 0 under a name that speaks of the house, a
    dealer or a spectator."""
    found = []
    for node in ast.parse(source).body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if value is None:
            continue
        names = [leaf.id for t in _targets(node) for leaf in ast.walk(t)
                 if isinstance(leaf, ast.Name)]
        is_house = ((isinstance(value, ast.Name) and value.id == "HOUSE")
                    or (isinstance(value, ast.Attribute) and value.attr == "HOUSE"))
        is_zero = (isinstance(value, ast.Constant) and type(value.value) is int
                   and value.value == 0)
        found += [f"line {node.lineno}: {n}" for n in names
                  if n != "HOUSE" and (is_house or (is_zero and SEAT_ZERO_WORDS.search(n)))]
    return found


def sources() -> dict[str, str]:
    """Each module's source, under a name that says whether it is a package's ``__init__``."""
    return {module_name(p) + (".__init__" if p.name == "__init__.py" else ""):
            p.read_text(encoding="utf-8") for p in modules().values()}


def _plain(mods: dict[str, str]) -> dict[str, str]:
    return {m.removesuffix(".__init__"): s for m, s in mods.items()}


def test_every_owner_gives_its_name() -> None:
    """Each name's owner exists and gives it (so a rename is followed here, not left behind)."""
    mods = _plain(sources())
    missing = [f"{name}: {owner}" for name, owner in OWNERS.items()
               if owner not in mods
               or name not in {n for n, _ in given_names(owner, mods[owner])}]
    assert not missing, missing


def test_no_name_of_one_meaning_is_given_another() -> None:
    """No module gives a protocol name (``Game``, ``Op``, ``View``, ``Ctx``, ``HOUSE``, ...),
    or a name that meant two things before (``CardGame``, ``CardOp``, ``TableOp``, ``Change``,
    ``GAMES``, ``Frames``, ...), a meaning other than its owner's."""
    wrong = given_again(sources())
    assert not wrong, "\n".join(wrong)


def test_seat_zero_has_one_name() -> None:
    """Seat 0 is ``protocol.HOUSE`` and nothing else: no module keeps a constant of its own
    for the house's seat, a spectator's view or the dealer's place (an enum member of another
    meaning, ``Phase.DEALER`` or ``Role.SPECTATOR``, is not a seat)."""
    wrong = {m: found for m, s in _plain(sources()).items() if (found := seat_zero_names(s))}
    assert not wrong, wrong


def test_the_checks_catch_planted_faults() -> None:
    """The checks are not vacuous: each way of giving a name a second meaning is reported."""
    planted = {
        "twentyone.games.core.game": "class Game:\n    pass\n",
        "twentyone.engine.ops": "class Op:\n    pass\n",
        "twentyone.games.blackjack.auto": "from twentyone.engine.ops import TableOp as Op\n",
        "twentyone.web.roomcore": "from typing import Protocol\nclass Frames(Protocol): ...\n",
        "twentyone.web.spec": "GAMES: dict[str, int] = {}\n",
        "twentyone.web.store": "def Change() -> None: ...\n",
        "twentyone.tui.seat": "from twentyone.games.core.ops import CardOp as TableOp\n",
        "twentyone.games.durak.game": "from .ops import View\n",
    }
    assert [line.split(" (")[0] for line in given_again(planted)] == [
        "twentyone.games.core.game line 1: class Game",
        "twentyone.engine.ops line 1: class Op",
        "twentyone.games.blackjack.auto line 1: from twentyone.engine.ops import TableOp as Op",
        "twentyone.web.roomcore line 2: class Frames",
        "twentyone.web.spec line 1: GAMES: dict[str, int] = {}",
        "twentyone.web.store line 1: def Change",
        "twentyone.tui.seat line 1: from twentyone.games.core.ops import CardOp as TableOp",
        "twentyone.games.durak.game line 1: from .ops import View",
    ]
    # Importing a name from its owner, or from the package that re-exports it, is no fault.
    fine = {"twentyone.web.room": "from twentyone.protocol import HOUSE, Game, Op\n"
                                  "from twentyone.protocol.game import View\n"
                                  "from twentyone.games.core import CardGame\n"
                                  "from twentyone.engine.ops import TableOp\n",
            "twentyone.protocol.__init__": "from .game import HOUSE, Game\n"}
    assert given_again(fine) == []
    assert seat_zero_names("DEALER_SEAT = 0\nSPECTATOR: int = HOUSE\nWATCH = protocol.HOUSE\n"
                           "HOUSE = 0\nSTAND = 0\nP_SEAT = 0\n") == [
        "line 1: DEALER_SEAT", "line 2: SPECTATOR", "line 3: WATCH"]


def loose_annotations(source: str, cls: str) -> list[str]:
    """Each parameter or result of a method of class ``cls`` in ``source`` that is typed
    ``object``, or with ``Any`` anywhere in its type: what would let any value through."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.ClassDef) and node.name == cls):
            continue
        for f in node.body:
            if not isinstance(f, ast.FunctionDef):
                continue
            args = [*f.args.posonlyargs, *f.args.args, *f.args.kwonlyargs]
            typed = [(a.arg, a.annotation) for a in args] + [("result", f.returns)]
            for name, annotation in typed:
                if annotation is None:
                    continue
                words = {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)}
                if (isinstance(annotation, ast.Name) and annotation.id == "object") or (
                        "Any" in words):
                    found.append(f"{f.name}: {name}: {ast.unparse(annotation)}")
    return found


def test_the_protocol_s_edge_is_typed() -> None:
    """Issue 33, "typed protocol": every method of ``protocol.Game`` takes and gives named
    types (``verify``/``apply`` an ``Op``, ``operation`` a JSON object, ``events`` and
    ``history`` ``JsonObject``), no ``object`` and no ``Any``."""
    source = (PACKAGE / "protocol" / "game.py").read_text(encoding="utf-8")
    assert loose_annotations(source, "Game") == []
    planted = ("class Game:\n    def verify(self, op: object) -> None: ...\n"
               "    def events(self) -> list[dict[str, Any]]: ...\n"
               "    def apply(self, op: Op) -> None: ...\n")
    assert loose_annotations(planted, "Game") == [
        "verify: op: object", "events: result: list[dict[str, Any]]"]
