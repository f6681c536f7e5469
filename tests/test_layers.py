"""The package's architecture as a test (docs/architecture.md, "The layers"): layers only look
down, no module imports itself round a cycle, lazily or not, and every package is named in the
architecture document.

Every ``import`` and ``from ... import`` in ``src/twentyone`` is read with ``ast`` (imports inside
functions too: a cycle that is only broken by importing late is still a cycle in the design).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from source_kit import PACKAGE, SRC, module_name, modules

#: Each layer may import its own layer's modules and every layer below it. Packages beside each
#: other in docs/architecture.md share a rank only where one really builds on the other: the
#: simulator plays the solver's charts, so it sits just above ``strategy``; the browser table
#: offers the trainers on its site, so ``web`` sits just above ``train``. ``protocol`` (the one
#: game protocol) is ground, so the engine and the card games can both meet it; ``games`` sits
#: above ``pontoon`` because its registry lists all five games, blackjack and Pontoon through
#: adapters.
RANKS: dict[str, int] = {
    # ground: every layer may use these
    "cards": 0, "money": 0, "errors": 0, "rules": 0, "compiled": 0, "data": 0, "safeload": 0,
    "protocol": 0,
    "engine": 1,
    "pontoon": 2, "strategy": 2,
    "sim": 3, "games": 3,
    "train": 4, "envs": 4, "tui": 4,
    "web": 5,
    "cli": 6,
    # the public API (``import twentyone``) and ``python -m twentyone`` sit on top
    "__init__": 7, "__main__": 7,
}

#: Not more than this many modules at the package root (the issue's "at most 8").
MAX_ROOT_MODULES = 8


def imports_of(name: str, path: Path, known: set[str]) -> Iterator[str]:
    """The package modules ``name`` imports: ``from pkg import sub`` counts as importing the
    submodule ``pkg.sub`` when there is one, else ``pkg`` itself."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "twentyone":
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target.split(".")[0] != "twentyone":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                yield sub if sub in known else target


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {m: {t for t in imports_of(m, p, known) if t in known and t != m}
            for m, p in mods.items()}


def violations(g: dict[str, set[str]]) -> list[str]:
    """Imports that look up, or sideways into a peer package of the same rank."""
    out = []
    for m, targets in g.items():
        for t in sorted(targets):
            up = RANKS[layer(t)] > RANKS[layer(m)]
            sideways = (RANKS[layer(t)] == RANKS[layer(m)] and layer(t) != layer(m)
                        and RANKS[layer(m)] > 0)
            if up or sideways:
                out.append(f"{m} (layer {layer(m)}) imports {t} (layer {layer(t)})")
    return out


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle a depth-first walk of the import graph closes."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the stack, 2 done

    def visit(m: str, stack: list[str]) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(g.get(m, ())):
            if state.get(t) == 1:
                found.append([*stack[stack.index(t):], t])
            elif t not in state:
                visit(t, stack)
        stack.pop()
        state[m] = 2

    for m in sorted(g):
        if m not in state:
            visit(m, [])
    return found


def test_every_module_has_a_layer() -> None:
    unplaced = sorted({layer(m) for m in modules()} - set(RANKS))
    assert not unplaced, f"give these a layer in RANKS: {unplaced}"


def test_layers_only_look_down() -> None:
    wrong = violations(graph())
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle() -> None:
    found = cycles(graph())
    assert not found, "\n".join(" -> ".join(c) for c in found)


def test_the_package_root_stays_small() -> None:
    root = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(root) <= MAX_ROOT_MODULES, root


def test_nothing_imports_the_command_line() -> None:
    users = sorted(m for m, targets in graph().items() if layer(m) not in ("cli", "__main__")
                   and any(layer(t) == "cli" for t in targets))
    assert not users, users


def test_the_checks_catch_planted_faults() -> None:
    """The checks are not vacuous: an upward import, a sideways one and a cycle are reported."""
    g = graph()
    before = set(violations(g))
    g["twentyone.engine.table"] = {*g["twentyone.engine.table"], "twentyone.strategy"}
    g["twentyone.pontoon.table"] = {*g["twentyone.pontoon.table"], "twentyone.strategy"}
    assert len(set(violations(g)) - before) == 2
    g["twentyone.rules"] = {*g["twentyone.rules"], "twentyone.engine.table"}
    assert any("twentyone.rules" in c for c in cycles(g))


#: Game classes a front end must not test for (it asks the registry and the protocol).
GAME_CLASSES = {"Table", "PontoonTable", "CasinoGame", "SoloWhist", "Durak", "President"}
#: Room classes the server must not test for: every room answers the same calls
#: (``web.roomcore.RoomCore``), whatever its game.
ROOM_CLASSES = {"Room", "CardRoom", "RoomCore"}


def game_branches(source: str) -> list[str]:
    """``== "<game>"`` comparisons and ``isinstance(x, <game class>)`` tests in ``source``."""
    from twentyone.games.registry import ROOM_GAMES
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for c in [node.left, *node.comparators]:
                if isinstance(c, ast.Constant) and c.value in ROOM_GAMES:
                    found.append(f"line {node.lineno}: compares with {c.value!r}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "isinstance" and len(node.args) == 2):
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            names = {k.id for k in kinds if isinstance(k, ast.Name)}
            found += [f"line {node.lineno}: isinstance(..., {n})"
                      for n in names & (GAME_CLASSES | ROOM_CLASSES)]
        elif isinstance(node, ast.Name) and node.id == "AnyRoom":
            found.append(f"line {node.lineno}: a union of room classes (AnyRoom)")
    return found


def test_the_browser_room_asks_no_game_its_name_or_class() -> None:
    """ISSUE23, "one game core": web/ reaches every game through the registry and the
    protocol; no ``if game == ...`` and no test of a game's class."""
    wrong = {p.name: game_branches(p.read_text(encoding="utf-8"))
             for p in sorted((PACKAGE / "web").glob("*.py"))}
    wrong = {k: v for k, v in wrong.items() if v}
    assert not wrong, wrong
    assert game_branches('if game == "pontoon" or isinstance(t, PontoonTable): pass')
    planted = "def f(r: AnyRoom) -> None:\n    assert isinstance(r, CardRoom)"
    assert sorted(game_branches(planted)) == [
        "line 1: a union of room classes (AnyRoom)", "line 2: isinstance(..., CardRoom)"]


def game_names(source: str) -> list[str]:
    """Each string in Python ``source`` that is a game's name (the registry's own words for
    its games): a module that holds one has a per-game table or branch of its own."""
    from twentyone.games.registry import ROOM_GAMES
    return [f"line {n.lineno}: {n.value!r}" for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in ROOM_GAMES]


def js_game_names(source: str) -> list[str]:
    """Each quoted game name in JavaScript ``source``."""
    from twentyone.games.registry import ROOM_GAMES
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        for name in ROOM_GAMES:
            if re.search(rf"""["'`]{re.escape(name)}["'`]""", line):
                found.append(f"line {number}: {name!r}")
    return found


def test_the_web_server_and_pages_name_no_game() -> None:
    """Issue 33, "the registry is the only per-game table": no module of web/ and no page
    script names a game; what differs by game comes from its registry entry (its kind, its
    settings in its words, its page component). The page components a registry entry names
    (``static/games/<page>.js``) are the games' own drawings."""
    from twentyone.games.registry import ROOM_GAMES
    own = {f"games/{e.page}.js" for e in ROOM_GAMES.values() if e.page}
    static = PACKAGE / "web" / "static"
    wrong = {p.name: game_names(p.read_text(encoding="utf-8"))
             for p in sorted((PACKAGE / "web").glob("*.py"))}
    wrong |= {str(p.relative_to(static)): js_game_names(p.read_text(encoding="utf-8"))
              for p in sorted(static.rglob("*.js")) if str(p.relative_to(static)) not in own}
    wrong = {k: v for k, v in wrong.items() if v}
    assert not wrong, wrong
    assert game_names('GAME = "casino"\nif g == "durak": pass') == [
        "line 1: 'casino'", "line 2: 'durak'"]
    assert js_game_names('const PAGES = { "solo-whist": soloWhist };') == [
        "line 1: 'solo-whist'"]


#: The per-game modules: a game's own package or engine, or its class.
GAME_MODULES = ("twentyone.games.blackjack", "twentyone.games.durak",
                "twentyone.games.president", "twentyone.games.solo_whist",
                "twentyone.pontoon", "twentyone.engine.table")


def test_the_web_server_imports_no_game() -> None:
    """Issue 33: web/ imports no game's module or class; it reaches every game through the
    registry (``games.registry``: its entries, and ``ChipGame``, what a room asks of a chip
    game) and the protocol. Dealer mode is the game's (``games.blackjack.dealer``), the hint
    is asked of the game, a download's table is the registry entry's."""
    known = set(modules())
    wrong = {module_name(p): sorted(m for m in imports_of(module_name(p), p, known)
                                    if m.startswith(GAME_MODULES))
             for p in sorted((PACKAGE / "web").glob("*.py"))}
    wrong = {k: v for k, v in wrong.items() if v}
    assert not wrong, wrong


def table_reads(source: str) -> list[str]:
    """Each ``x.table`` read in ``source`` that is not a call of a method so named (a drawing's
    ``table(view, ...)``): a front end reaching under a game for its engine's table."""
    tree = ast.parse(source)
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return [f"line {n.lineno}: {ast.unparse(n)}" for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and n.attr == "table" and id(n) not in called]


def test_the_rooms_read_the_flow_of_play_from_the_game_not_its_table() -> None:
    """Issue 33, "one room": a room reads whose turn it is, what a seat may do and what a seat
    that does not act is made to do from its game (the protocol's ``acting`` and ``legal``, the
    registry's ``ChipRoomGame`` hooks), never from the engine's ``Table`` under it: no module of
    web/ reads a ``.table``."""
    wrong = {p.name: table_reads(p.read_text(encoding="utf-8"))
             for p in sorted((PACKAGE / "web").glob("*.py"))}
    wrong = {k: v for k, v in wrong.items() if v}
    assert not wrong, wrong
    assert table_reads("t = self.table\nself.game.table.phase\nself.game.acting") == [
        "line 1: self.table", "line 2: self.game.table"]


def table_changes(source: str) -> list[str]:
    """Each place a module changes a game other than through its room's ``self.game``: an
    ``apply`` (or the engine's ``void_round``) called on anything else."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in ("apply", "void_round"):
            continue
        receiver = node.func.value
        through_game = (isinstance(receiver, ast.Attribute) and receiver.attr == "game"
                        and isinstance(receiver.value, ast.Name) and receiver.value.id == "self")
        if not through_game or node.func.attr == "void_round":
            found.append(f"line {node.lineno}: {ast.unparse(node.func)}")
    return found


def test_every_room_is_one_core_driving_its_game_through_the_protocol() -> None:
    """ISSUE23, "one game core": every room is built on one room core (seats, request ids,
    the ledger's discipline, the clock), and changes its game only through the protocol's
    ``apply`` on its ``game``, never its engine table directly."""
    from twentyone.web.room import Room
    from twentyone.web.roomcore import RoomCore

    assert issubclass(Room, RoomCore)
    wrong = {p.name: table_changes(p.read_text(encoding="utf-8"))
             for p in sorted((PACKAGE / "web").glob("*room*.py"))}
    wrong = {k: v for k, v in wrong.items() if v}
    assert not wrong, wrong
    assert table_changes("t = self.table\nt.apply(Stand(1))\nself.game.apply(Hit(1))") == [
        "line 2: t.apply"]


def room_classes(sources: dict[str, str]) -> list[str]:
    """The room classes among ``sources`` (a module's name and its text): every class built
    on the room core (``RoomCore``, directly or through another room class of these sources),
    each as ``module.Class``."""
    bases: dict[str, tuple[str, set[str]]] = {}
    for module, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                names = {b.id if isinstance(b, ast.Name) else
                         b.attr if isinstance(b, ast.Attribute) else "" for b in node.bases}
                bases[node.name] = (module, names)
    rooms = {"RoomCore"}
    grew = True
    while grew:
        more = {c for c, (_, names) in bases.items() if names & rooms} - rooms
        rooms |= more
        grew = bool(more)
    return sorted(f"{bases[c][0]}.{c}" for c in rooms - {"RoomCore"} if c in bases)


def test_the_web_has_one_room_class_for_every_game() -> None:
    """Issue 33, "one room" (docs/architecture.md, "The rooms"): web/ holds exactly one room
    class, ``web.room.Room``, for every game; what differs by game is the registry entry's and
    the room parts it calls for (money seating, bot seats, a score sheet), never a room class
    of a kind of game."""
    sources = {p.stem: p.read_text(encoding="utf-8")
               for p in sorted((PACKAGE / "web").glob("*.py"))}
    assert room_classes(sources) == ["room.Room"]
    planted = {"room": "class Room(RoomCore): pass",
               "cardroom": "class CardRoom(RoomCore): pass\nclass Felt(Room): pass",
               "parts": "class Purse: pass\nclass StoredRoom: pass"}
    assert room_classes(planted) == ["cardroom.CardRoom", "cardroom.Felt", "room.Room"]


def test_the_command_line_and_the_terminal_ask_no_game_its_name_or_class() -> None:
    """ISSUE23, "one game core": ``twentyone play`` and ``verify`` find a game's front end,
    runner and history in the registry by its kind, and the terminal plays any game through its
    session and the drawing its registry entry names; no ``if game == ...`` and no test of a
    game's class in ``cli/`` or ``tui/``."""
    files = {f"{d}/{p.name}": p for d in ("cli", "tui")
             for p in sorted((PACKAGE / d).glob("*.py"))}
    wrong = {name: found for name, p in files.items()
             for found in [game_branches(p.read_text(encoding="utf-8"))] if found}
    assert not wrong, wrong


#: The packages that are one game's own (its class, rules, bots, drawing): a front end reaches
#: them only through the registry. ``games.core`` and the engine's views and events are shared.
GAME_PACKAGES = ("twentyone.games.blackjack", "twentyone.games.durak",
                 "twentyone.games.president", "twentyone.games.solo_whist", "twentyone.pontoon")


def game_imports(name: str, path: Path, known: set[str]) -> list[str]:
    """Each import in ``path`` of a game's own package or of a game class by name."""
    found = [t for t in imports_of(name, path, known)
             if any(t == g or t.startswith(g + ".") for g in GAME_PACKAGES)]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("twentyone"):
            found += [f"{node.module}.{a.name}" for a in node.names if a.name in GAME_CLASSES]
    return sorted(set(found))


def test_the_terminal_imports_no_game() -> None:
    """Issue 33, "one terminal seat session" (docs/architecture.md, "The terminal"): the
    terminal reaches every game through the registry and the protocol (``tui.seat.SeatSession``;
    the chip games' manners through ``tui.session.ChipSeats`` on it), each game drawn by what
    its registry entry names; no module of ``tui/`` imports a game's own package or a game
    class. The trainers (``tui/trainer*.py``) are drills on the engine, not a seat at a game."""
    mods = modules()
    known = set(mods)
    wrong = {m: found for m, p in mods.items() if layer(m) == "tui"
             and not p.name.startswith("trainer")
             for found in [game_imports(m, p, known)] if found}
    assert not wrong, wrong


def test_the_command_line_imports_no_game() -> None:
    """Issue 33: ``twentyone play`` seats people at any game through the registry's entry and
    the terminal's session, and runs ``--auto`` through the entry's runner; no module of
    ``cli/`` imports a game's own package or class."""
    mods = modules()
    known = set(mods)
    wrong = {m: found for m, p in mods.items() if layer(m) == "cli"
             for found in [game_imports(m, p, known)] if found}
    assert not wrong, wrong


#: The command line's ``play``: the kinds' front ends and what seats people (``verify`` reads
#: the engine's records checker, a record's table, not a game's).
PLAY_MODULES = ("play", "seating", "casino", "pontoon", "cardgames")


def test_the_terminal_and_the_command_line_reach_no_engine_table() -> None:
    """Issue 33: the chip games' sessions, their launch and ``twentyone play`` hold a game and
    read it through the protocol and ``games.chipgame.ChipGame``, never the engine's ``Table``
    under ``CasinoGame`` (``game.table``). The trainers are drills on the engine."""
    files = {f"tui/{p.name}": p for p in sorted((PACKAGE / "tui").glob("*.py"))
             if not p.name.startswith("trainer")}
    files |= {f"cli/{n}.py": PACKAGE / "cli" / f"{n}.py" for n in PLAY_MODULES}
    wrong = {name: found for name, p in files.items()
             for found in [table_reads(p.read_text(encoding="utf-8"))] if found}
    assert not wrong, wrong
    assert table_reads("t = self.game.table\nself.drawing.table(v, 1, 80)") == [
        "line 1: self.game.table"]


def test_the_game_import_check_catches_a_planted_import(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("from twentyone.engine.table import Phase, Table\n"
                       "from twentyone.games.durak.picture import DurakDrawing\n"
                       "from twentyone.games.core.picture import GameDrawing\n")
    known = set(modules())
    assert game_imports("twentyone.tui.planted", planted, known) == [
        "twentyone.engine.table.Table", "twentyone.games.durak.picture"]


def test_the_architecture_document_names_every_package() -> None:
    """docs/architecture.md, "The layers": every package and root module of ``src/twentyone``
    is named there (as `name`), and every layer of ``RANKS`` is a package that exists, so the
    document and the layer ranks cannot drift from the code."""
    doc = (SRC.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+)`", doc))
    present = {p.stem if p.is_file() else p.name for p in PACKAGE.iterdir()
               if (p.is_dir() and (p / "__init__.py").exists())
               or (p.suffix == ".py" and p.stem not in ("__init__", "__main__"))}
    assert present - named == set(), present - named
    assert set(RANKS) - {"__init__", "__main__"} <= present


#: What runs the flow of play at the terminal: applying an operation to a game (``apply``, the
#: old sessions' ``play``), a bot's move taken out of the session (``move_bot``), and a loop of
#: play to the next decision (``advance``, ``_advance``, ``step``).
FLOW_CALLS = {"apply", "play", "move_bot"}
FLOW_DEFS = {"advance", "_advance", "step"}


def flow_of_play(source: str) -> list[str]:
    """Each place in ``source`` that applies an operation or defines a loop of play."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in FLOW_CALLS):
            found.append(f"line {node.lineno}: .{node.func.attr}()")
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in FLOW_DEFS:
            found.append(f"line {node.lineno}: def {node.name}")
    return sorted(found)


def test_one_terminal_session_runs_the_flow_of_play_for_every_game() -> None:
    """Issue 33, "one terminal seat session" (docs/architecture.md, "The terminal"): only the
    one session (``tui/seat.py``'s ``SeatSession``) applies an operation to a game or runs a
    loop of play; the casino's, Pontoon's and the card games' parts (their manners) hand it
    moves, and the two Textual apps only draw it and pace it. The trainers are drills on the
    engine, not a seat at a game."""
    files = {p.name: p for p in sorted((PACKAGE / "tui").glob("*.py"))
             if not p.name.startswith("trainer")}
    runs = {name: found for name, p in files.items()
            for found in [flow_of_play(p.read_text(encoding="utf-8"))] if found}
    assert list(runs) == ["seat.py"], runs
    assert flow_of_play("def _advance(self):\n    self.seat.play(op)\n") == [
        "line 1: def _advance", "line 2: .play()"]


def manners_made(source: str) -> list[str]:
    """Each manners object made in ``source`` by its class's name (``CasinoManners(...)``)."""
    return sorted(f"line {node.lineno}: {node.func.id}" for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id.endswith("Manners"))


def test_each_game_s_manners_are_found_through_its_registry_entry() -> None:
    """Issue 33: a game's own part of the terminal session is found by its registry entry's
    kind (``tui.manners``: one for each of ``games.registry.KINDS``), never by its name or
    class: no module of ``tui/`` or ``cli/`` makes a manners object by its class's name, so a
    new game of a kind already here (the tests' high-card game) plays with its entry alone."""
    from twentyone.games.registry import KINDS, ROOM_GAMES
    from twentyone.tui import manners

    kinds = [*manners.CHIP_MANNERS, *manners.CARD_MANNERS]
    assert sorted(kinds) == sorted(KINDS)
    assert {e.kind for e in ROOM_GAMES.values()} <= set(kinds)
    files = {f"{d}/{p.name}": p for d in ("cli", "tui")
             for p in sorted((PACKAGE / d).glob("*.py"))}
    wrong = {name: found for name, p in files.items()
             for found in [manners_made(p.read_text(encoding="utf-8"))] if found}
    assert not wrong, wrong
    assert manners_made("m = PontoonManners(seating)\nn = chip_manners(seating)") == [
        "line 1: PontoonManners"]
