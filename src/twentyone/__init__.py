"""twentyone: a rules-exact casino blackjack system.

``import twentyone`` is the public API: the table, the rules and their presets, the errors, the
exact solver's answers and the simulator, under short names. The packages below it
(``twentyone.engine``, ``strategy``, ``sim``, ``pontoon``) hold the rest.

Importing is cheap: the table, Pontoon, the solver and the simulator (NumPy, numba) are
imported on first use of their names, and numba compiles the solver and the simulator on their
first call (once; then they load from its disk cache).

Rules: a ``Rules`` is one immutable rule set; ``PRESETS`` holds the named ones and
``load_rules`` reads a preset or a TOML file, with overrides.

>>> import twentyone
>>> list(twentyone.PRESETS)
['classic', 'casino-party', 'modern-casino', 'six-deck-s17', 'six-deck-h17-ls', 'single-deck', \
'european']
>>> rules = twentyone.load_rules("six-deck-s17", {"surrender": "late"})
>>> rules.decks, rules.hit_soft_17, rules.surrender
(6, False, <Surrender.LATE: 'late'>)
>>> twentyone.Rules(decks=2).replace(decks=1).decks
1

The table: a ``Table`` is one state machine of explicit operations, seeded for a repeatable
shoe. Money is in cents.

>>> table = twentyone.Table(twentyone.PRESETS["classic"], seed=7)
>>> _ = table.sit(1, 100_00)
>>> _ = table.bet(1, 10_00)
>>> _ = table.deal()
>>> [str(card) for card in table.seats[1].hands[0].cards], str(table.dealer.up)
(['2♦', '6♠'], 'J♠')
>>> table.legal_actions(1)
(<Action.STAND: 'stand'>, <Action.HIT: 'hit'>)
>>> _ = table.hit(1)
>>> table.seats[1].hands[0].total
18
>>> record = table.stand(1)
>>> [e.note for e in record.events if e.kind == "settled"], table.bankroll(1)
(['win'], 11000)

Errors: every refusal is a ``TableError`` subclass (all under ``TwentyOneError``), raised
before the table changes, with a message for the player.

>>> try:
...     table.hit(1)
... except twentyone.WrongPhaseError as refusal:
...     print(refusal)
wait for the deal
>>> try:
...     table.bet(1, 1_000_00)
... except twentyone.BetError as refusal:
...     print(type(refusal).__name__, "-", refusal)
BetError - the maximum bet is $500
>>> try:
...     table.bet(1, 200_00)
... except twentyone.InsufficientChipsError as refusal:
...     print(refusal)
seat 1 has only $110 in chips
>>> try:
...     table.sit(9, 100_00)
... except twentyone.SeatError as refusal:
...     print(refusal)
this table has seats 1 to 7, not 9
>>> all(issubclass(e, twentyone.TableError) for e in (twentyone.WrongPhaseError,
...     twentyone.SeatError, twentyone.BetError, twentyone.IllegalActionError,
...     twentyone.InsuranceError))
True
>>> issubclass(twentyone.NotYourTurnError, twentyone.TableError)
True
>>> issubclass(twentyone.IllegalActionError, twentyone.TwentyOneError)
True
>>> issubclass(twentyone.InsuranceError, twentyone.TableError)
True
>>> try:
...     table.change(1, "blue")
... except twentyone.ChipError as refusal:
...     print(refusal)
no 'blue' chips at this table
>>> try:
...     twentyone.load_rules("no-such-game")
... except twentyone.RulesError as refusal:
...     print(str(refusal)[:31])
no preset or rules file named '
>>> issubclass(twentyone.ReplayError, twentyone.TwentyOneError)
True
>>> issubclass(twentyone.ChipError, twentyone.TableError)  # so is ``ShoeError``: out of cards
True
>>> issubclass(twentyone.ShoeError, twentyone.TableError)
True
>>> try:
...     table.bet(1, 500.0)  # money is whole cents: a float is refused, nothing changes
... except twentyone.BetError as refusal:
...     print(refusal)
a bet is a whole number of cents, not 500.0
>>> try:
...     twentyone.money.parse_dollars("1e9")
... except twentyone.MoneyError as refusal:  # also a ValueError
...     print(refusal)
not a dollar amount: '1e9' (give digits, e.g. 7.50 or 1,000)

A ``ReplayError`` says a hand history does not deal the same round again:

>>> from twentyone.engine.history import Recorder, replay
>>> table = twentyone.Table(twentyone.PRESETS["classic"], seed=7)
>>> recorder = Recorder(table)
>>> for step in (lambda: table.sit(1, 100_00), lambda: table.bet(1, 10_00), table.deal,
...              lambda: table.stand(1)):
...     _ = step()
>>> history = recorder.history()
>>> history["operations"][-1] = {"op": "hit", "seat": 1}
>>> replay(history)
Traceback (most recent call last):
...
twentyone.errors.ReplayError: event ... differs: recorded {'kind': 'stood', ...}, \
replayed {'kind': 'hit', ...}

Pontoon, blackjack with a changing bank, is the same table carrying a variant:

>>> pontoon = twentyone.PontoonTable(twentyone.PontoonRules(players=3), seed=1)
>>> for seat in (1, 2, 3):
...     _ = pontoon.sit(seat, 20_00)
>>> _ = pontoon.draw_for_bank()
>>> pontoon.banker in (1, 2, 3), pontoon.rules.decks
(True, 1)

The exact solver (``chart``, ``house_edge``, ``ev``) and the simulator (``simulate``) are
functions of a rule set (or a preset's name); see each one's own examples. A question they do not
answer, or an argument of the wrong kind, is an ``AnalysisError`` (also a ``ValueError``).

Threads: a ``Table`` is not thread-safe, and says so rather than lose a chip. An operation called
while another thread's operation at the same table is running is refused with a
``ConcurrentUseError`` (a ``TableError``) and changes nothing; threads sharing a table take turns
with a lock of their own.

>>> issubclass(twentyone.ConcurrentUseError, twentyone.TableError)
True

A buy-in is at most ``Table.max_buy_in`` cents ($1,000,000), in money or in chips:

>>> try:
...     table.sit(2, 2_000_000_00)
... except twentyone.ChipError as refusal:
...     print(refusal)
a buy-in is at most $1,000,000 at this table, not $2,000,000
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

# First: an engine compiled from older sources must not load in place of the sources (native).
from twentyone.engine import native as _native  # noqa: F401
from twentyone.errors import (
    AnalysisError,
    BetError,
    ChipError,
    ConcurrentUseError,
    IllegalActionError,
    InsufficientChipsError,
    InsuranceError,
    MoneyError,
    NotYourTurnError,
    ReplayError,
    RulesError,
    SeatError,
    ShoeError,
    TableError,
    TwentyOneError,
    WrongPhaseError,
)
from twentyone.rules import PRESETS, Rules, load_rules

if TYPE_CHECKING:
    from twentyone.engine.table import Table
    from twentyone.pontoon.table import PontoonRules, PontoonTable
    from twentyone.sim.stats import SimResult
    from twentyone.strategy import Chart, HouseEdge

    __version__: str

__all__ = [
    "PRESETS",
    "AnalysisError",
    "BetError",
    "ChipError",
    "ConcurrentUseError",
    "IllegalActionError",
    "InsufficientChipsError",
    "InsuranceError",
    "MoneyError",
    "NotYourTurnError",
    "PontoonRules",
    "PontoonTable",
    "ReplayError",
    "Rules",
    "RulesError",
    "SeatError",
    "ShoeError",
    "Table",
    "TableError",
    "TwentyOneError",
    "WrongPhaseError",
    "chart",
    "ev",
    "house_edge",
    "load_rules",
    "simulate",
]

#: Names imported on first use (each costs NumPy or more), and the module holding each.
_LAZY = {"Table": "twentyone.engine.table", "PontoonTable": "twentyone.pontoon.table",
         "PontoonRules": "twentyone.pontoon.table"}

if not TYPE_CHECKING:  # mypy sees the imports above, and no catch-all attribute

    def __getattr__(name: str) -> object:
        if name in _LAZY:
            import importlib

            value = getattr(importlib.import_module(_LAZY[name]), name)
        elif name == "__version__":
            from importlib.metadata import version

            value = version("twentyone")
        else:
            raise AttributeError(f"module 'twentyone' has no attribute {name!r}")
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, "__version__"})


def _rules(rules: Rules | str, infinite: object = False) -> Rules:
    """The rules asked about (a ``Rules`` or a preset's or file's name); anything else, or an
    ``infinite`` that is not True or False, is an ``AnalysisError``."""
    if type(infinite) is not bool:
        raise AnalysisError(f"infinite is True or False, not {infinite!r:.40}")
    if isinstance(rules, str):
        return load_rules(rules)
    if not isinstance(rules, Rules):
        raise AnalysisError(f"rules are a Rules or a preset's name, not {rules!r:.40}")
    return rules


def chart(rules: Rules | str, *, infinite: bool = False) -> Chart:
    """The exact basic strategy chart for ``rules`` (a ``Rules`` or a preset's name): the best
    total-dependent play for every hand against every up card, from a full shoe of
    ``rules.decks`` packs (or an infinite deck). Solved once, then cached in memory and on disk
    (``twentyone.strategy.basic_chart``).

    >>> import twentyone
    >>> basic = twentyone.chart("six-deck-s17")
    >>> basic.name
    'basic strategy (6D S17 peek DA2 DAS SPL4 3:2)'
    >>> rules = dict(can_double=True, can_split=True, can_surrender=False)
    >>> basic.decide([10, 6], 10, **rules), basic.decide([8, 8], 10, **rules)
    ('hit', 'split')
    >>> basic.decide([1, 7], 3, **rules), basic.decide([1, 7], 9, **rules)
    ('double', 'hit')
    """
    from twentyone.strategy import basic_chart

    return basic_chart(_rules(rules, infinite), infinite)


def house_edge(rules: Rules | str, *, infinite: bool = False) -> HouseEdge:
    """The exact house edge for ``rules`` (a ``Rules`` or a preset's name) per initial bet,
    playing basic strategy and playing composition-dependent strategy, from a full shoe (no
    cut-card effect) or an infinite deck (``twentyone.strategy.house_edge``).

    >>> import twentyone
    >>> edge = twentyone.house_edge("six-deck-s17")
    >>> round(edge.basic_strategy_percent, 3), round(edge.composition_dependent_percent, 3)
    (0.406, 0.403)
    """
    from twentyone.strategy import house_edge as exact_edge

    return exact_edge(_rules(rules, infinite), infinite)


def ev(rules: Rules | str, hand: Sequence[int], up: int, shoe: Sequence[int] | None = None, *,
       infinite: bool = False) -> dict[str, float]:
    """Each legal action's exact EV for ``hand`` (card values, ace = 1, ten-cards 10) against
    the dealer's ``up`` card, as a fraction of the initial bet, conditioned on no dealer
    blackjack where the dealer peeks. ``shoe`` is the cards left, hand and up card included, as
    ten counts (aces first, ten-cards last); None is a full shoe (``infinite``: an infinite
    deck). See ``twentyone.strategy.action_evs`` for splits and surrender.

    Hard 16 against a ten, six decks: hitting loses a little less than standing.

    >>> import twentyone
    >>> evs = twentyone.ev("six-deck-s17", [10, 6], 10)
    >>> {action: round(value, 4) for action, value in evs.items()}
    {'stand': -0.541, 'hit': -0.5347, 'double': -1.0694}
    >>> max(evs, key=evs.__getitem__)
    'hit'

    A question with no answer (a bust, a hand of one card, an up card that is no card) is an
    ``AnalysisError``, as is any argument of the wrong kind:

    >>> try:
    ...     twentyone.ev("six-deck-s17", [10, 10, 5], 10)
    ... except twentyone.AnalysisError as refusal:
    ...     print(refusal)
    the hand [10, 10, 5] is bust (25): nothing is left to decide
    """
    from twentyone.strategy import action_evs

    return action_evs(_rules(rules, infinite), hand, up, shoe, infinite=infinite)


def simulate(rules: Rules | str, rounds: int = 1_000_000, *, seed: int = 0,
             strategy: Chart | None = None, seats: int = 1, workers: int = 0,
             progress: Callable[[int], None] | None = None) -> SimResult:
    """Deal ``rounds`` rounds of ``rules`` (a ``Rules`` or a preset's name) in the compiled
    simulator, the player in seat 1 playing ``strategy`` (None: the exact basic strategy,
    ``chart(rules)``) with flat bets, and the other ``seats`` - 1 occupied seats the same
    chart. The same seed gives the same result on any number of ``workers`` threads (0: one per
    core); ``progress`` is told the rounds of each chunk as it finishes. Counting, index plays
    and bet ramps: build a ``twentyone.sim.SimSpec`` for ``twentyone.sim.simulate``, as
    ``twentyone sim`` does.

    >>> import twentyone
    >>> result = twentyone.simulate("six-deck-s17", rounds=20_000, seed=1)
    >>> result.rounds, result.setup["strategy"]
    (20000, 'basic strategy (6D S17 peek DA2 DAS SPL4 3:2)')
    >>> -0.05 < result.ev_per_round < 0.05 and 0 < result.standard_error < 0.02
    True
    >>> twentyone.simulate("six-deck-s17", rounds=20_000, seed=1, workers=1).ev_per_round \\
    ...     == result.ev_per_round
    True
    """
    from twentyone.sim import Player, SimSpec
    from twentyone.sim import simulate as run
    from twentyone.sim.runner import check_run

    table_rules = _rules(rules)
    check_run(rounds, seed, workers or 1, progress)  # workers 0: one per core
    player = Player(strategy if strategy is not None else chart(table_rules))
    spec = SimSpec(table_rules, player, seats=seats)
    return run(spec, rounds, seed=seed, workers=workers or os.cpu_count() or 1,
               progress=progress)
