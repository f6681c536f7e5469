"""Issue 34 item 11: the engine's public edge refuses an argument of the wrong kind with the same
typed error whichever build runs it. The README's set-up compiles the engine with mypyc, whose
functions check (and convert) their arguments' declared types before any line of them runs: a
float given for cents was a bare ``TypeError``, ``True`` took seat 1 and ``{"red": True}`` was
a chip. CI runs this file on both builds (.ci/run), so it holds the compiled one to the source.

Every public request (each ``x``, ``verify_x``, ``can_x``, the queries that take a seat, the
operations' constructors) is given each wrong kind in each argument, in a state where the right
kind is accepted: the refusal is the argument's own error (``twentyone.errors``), ``can_x`` says
no, and nothing at the table changes."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from engine_kit import STACK, D, dealt, fingerprint, stacked

from twentyone.engine import ops
from twentyone.engine.table import Table
from twentyone.errors import (
    BetError,
    ChipError,
    IllegalActionError,
    InsuranceError,
    ReplayError,
    SeatError,
    TableError,
)
from twentyone.pontoon.table import AcceptBank, OfferBank, PontoonRules, PontoonTable

#: One of each kind a caller may pass by mistake: text, a float (one equal to a whole number
#: too), nothing, a bool (an int to Python, and to compiled code), numpy's integer, an int too
#: long to print, containers, and chips counted in the wrong kinds.
WRONG: tuple[object, ...] = (
    "1", "", 1.0, 500.0, float("nan"), None, True, False, np.int64(1), [1], (1,),
    {"red": True}, {"red": 1.0}, {5: 1}, object())

#: An int too long to print (Python refuses to turn more than 4,300 digits into text): a right
#: kind, but its refusal must still be written in words.
HUGE = 10 ** 5000


def betting() -> Table:
    """Between rounds: seats 1 and 2 hold chips, seat 3 is free."""
    t = stacked("six-deck-h17-ls", [])
    t.sit(1, STACK)
    t.sit(2, STACK)
    return t


def eleven() -> Table:
    """Seat 1 holds 6-5 against a six: it may hit, stand, double or surrender."""
    return dealt("six-deck-h17-ls", [("6c", "5c")], up="6s", hole="10s", draws=["2c", "Kd"])


def pair() -> Table:
    """Seat 1 holds a pair of nines against a six: it may split."""
    return dealt("six-deck-h17-ls", [("9h", "9d")], up="6s", hole="10s", draws=["2c", "Kd"])


def ace_up() -> Table:
    """The dealer shows an ace: seat 1 (a blackjack) is offered even money and insurance."""
    return dealt("classic", [("As", "Kc")], up="Ah", hole="9s", draws=["2c", "Kd"])


def pontoon() -> PontoonTable:
    """Three players, a banker drawn, nobody has bet: the banker may offer the bank."""
    t = PontoonTable(PontoonRules(players=3), seed=3)
    for n in (1, 2, 3):
        t.sit(n, 2000)
    t.draw_for_bank()
    return t


def pontoon_offered() -> PontoonTable:
    """The banker has offered the bank to the next seat as a gift."""
    t = pontoon()
    assert t.banker is not None
    t.offer_bank(t.banker, _other(t), 0)
    return t


def _other(t: PontoonTable) -> int:
    return next(n for n in sorted(t.seats) if n != t.banker)


@dataclass(frozen=True)
class Request:
    """A public request: the state it is made in, the method, its right arguments, and per
    argument the error a wrong kind there meets. ``query``: a question (``can_x``,
    ``legal_actions``) that answers rather than raises."""

    state: Callable[[], Table]
    method: str
    args: Callable[[Table], tuple[Any, ...]]
    errors: tuple[type[TableError], ...]
    optional: tuple[bool, ...] = ()


def _seat1(t: Table) -> tuple[Any, ...]:
    return (1,)


def _banker(t: Table) -> tuple[Any, ...]:
    assert isinstance(t, PontoonTable)
    return (t.banker,)


def _offered(t: Table) -> tuple[Any, ...]:
    assert isinstance(t, PontoonTable) and t.offer is not None
    return (t.offer.to,)


def _offer(t: Table) -> tuple[Any, ...]:
    assert isinstance(t, PontoonTable)
    return (t.banker, _other(t), 0)


def _family(state: Callable[[], Table], name: str, args: Callable[[Table], tuple[Any, ...]],
            errors: tuple[type[TableError], ...], optional: tuple[bool, ...] = (),
            checks: bool = True) -> list[Request]:
    """``x`` with its ``verify_x`` and ``can_x`` where the table has them."""
    found = [Request(state, name, args, errors, optional)]
    if checks:
        found += [Request(state, f"verify_{name}", args, errors, optional),
                  Request(state, f"can_{name}", args, errors, optional)]
    return found


REQUESTS: list[Request] = [
    *_family(betting, "sit", lambda t: (3, 100 * D), (SeatError, ChipError), checks=False),
    *_family(betting, "sit", lambda t: (3, {"red": 4}), (SeatError, ChipError), checks=False),
    *_family(betting, "bet", lambda t: (1, 10 * D), (SeatError, BetError)),
    *_family(betting, "change", lambda t: (1, "red"), (SeatError, ChipError), checks=False),
    Request(betting, "verify_change", lambda t: (1, "red"), (SeatError, ChipError)),
    *_family(betting, "colour_up", _seat1, (SeatError,), checks=False),
    *_family(betting, "leave", _seat1, (SeatError,), checks=False),
    Request(betting, "bankroll", _seat1, (SeatError,)),
    *_family(eleven, "hit", _seat1, (SeatError,)),
    *_family(eleven, "stand", _seat1, (SeatError,)),
    *_family(eleven, "double", lambda t: (1, 10 * D), (SeatError, IllegalActionError),
             (False, True)),
    *_family(eleven, "surrender", _seat1, (SeatError,)),
    *_family(pair, "split", _seat1, (SeatError,)),
    *_family(ace_up, "insure", lambda t: (1, 5 * D), (SeatError, InsuranceError),
             (False, True)),
    *_family(ace_up, "even_money", _seat1, (SeatError,)),
    *_family(ace_up, "decline", _seat1, (SeatError,), checks=False),
    *_family(pontoon, "offer_bank", _offer, (SeatError, SeatError, BetError), checks=False),
    Request(pontoon, "can_offer_bank", _offer, (SeatError, SeatError, BetError)),
    *_family(pontoon_offered, "accept_bank", _offered, (SeatError,), checks=False),
    *_family(pontoon_offered, "decline_bank", _offered, (SeatError,), checks=False),
    *_family(pontoon_offered, "withdraw_bank", _banker, (SeatError,), checks=False),
]


def _cases() -> list[Any]:
    out = []
    for r in REQUESTS:
        state = r.state()
        right = r.args(state)
        for i in range(len(right)):
            for wrong in WRONG:
                if r.optional[i:i + 1] == (True,) and wrong is None:
                    continue  # None is this argument's default, a right kind
                out.append(pytest.param(r, i, wrong, id=f"{r.method}-{i}-{wrong!r:.20}"))
    return out


@pytest.mark.parametrize(("request_", "position", "wrong"), _cases())
def test_issue34_a_wrong_kind_is_refused_in_words_and_changes_nothing(
        request_: Request, position: int, wrong: object) -> None:
    r = request_
    t = r.state()
    right = r.args(t)
    method = getattr(t, r.method)
    # The right kinds are accepted here, so a refusal below is the argument's own.
    if r.method.startswith("can_"):
        assert method(*right) is True
    else:
        probe = copy.deepcopy(t)
        getattr(probe, r.method)(*right)
    args = list(right)
    args[position] = wrong
    before = fingerprint(t)
    if r.method.startswith("can_"):
        assert method(*args) is False
    else:
        with pytest.raises(TableError) as caught:
            method(*args)
        assert type(caught.value) is r.errors[position], caught.value
        assert 0 < len(str(caught.value)) <= 200
    assert fingerprint(t) == before


@pytest.mark.parametrize("method", ["sit", "bet", "bankroll", "hit", "change", "verify_bet"])
def test_issue34_an_int_too_long_to_print_is_refused_in_words(method: str) -> None:
    """A seat or an amount of 5,000 digits is the right kind, refused for its size: the refusal
    must not try to print it whole (Python refuses to, with a ``ValueError``)."""
    t = betting()
    before = fingerprint(t)
    calls: dict[str, Callable[[], object]] = {
        "sit": lambda: t.sit(HUGE, 100), "bet": lambda: t.bet(1, HUGE),
        "bankroll": lambda: t.bankroll(HUGE), "hit": lambda: t.hit(HUGE),
        "change": lambda: t.change(HUGE, "red"), "verify_bet": lambda: t.verify_bet(HUGE, 100)}
    with pytest.raises(TableError) as caught:
        calls[method]()
    assert len(str(caught.value)) <= 200
    assert fingerprint(t) == before
    with pytest.raises(ChipError):
        t.sit(3, {"red": HUGE})
    with pytest.raises(ChipError):
        t.sit(3, HUGE)


def test_issue34_a_bool_is_no_seat_and_no_chip_count() -> None:
    """The issue's two cases: compiled, ``sit(True, ...)`` took seat 1 and ``{"red": True}``
    was a chip."""
    t = betting()
    t.leave(1)
    with pytest.raises(SeatError):
        t.sit(True, 100 * D)
    with pytest.raises(ChipError):
        t.sit(1, {"red": True})
    assert 1 not in t.seats
    assert t.legal_actions(True) == ()
    assert t.legal_actions("2") == ()


OPS: list[tuple[type[ops.TableOp], dict[str, object], dict[str, type[TableError]]]] = [
    (ops.Sit, {"seat": 1, "bankroll": 1000}, {"seat": SeatError, "bankroll": ChipError}),
    (ops.Bet, {"seat": 1, "amount": 1000}, {"seat": SeatError, "amount": BetError}),
    (ops.Double, {"seat": 1, "amount": 1000}, {"seat": SeatError, "amount": IllegalActionError}),
    (ops.Insure, {"seat": 1, "amount": 500}, {"seat": SeatError, "amount": InsuranceError}),
    (ops.Change, {"seat": 1, "colour": "red"}, {"seat": SeatError, "colour": ChipError}),
    (ops.Hit, {"seat": 1}, {"seat": SeatError}),
    (ops.Leave, {"seat": 1}, {"seat": SeatError}),
    (OfferBank, {"seat": 1, "to": 2, "price": 0},
     {"seat": SeatError, "to": SeatError, "price": BetError}),
    (AcceptBank, {"seat": 1}, {"seat": SeatError}),
]


@pytest.mark.parametrize(("op", "right", "errors"), OPS, ids=[o[0].__name__ for o in OPS])
def test_issue34_an_operation_of_the_wrong_kinds_cannot_be_made(
        op: type[ops.TableOp], right: dict[str, object],
        errors: dict[str, type[TableError]]) -> None:
    """An operation is checked where it is made, so ``apply`` and a history never meet one
    holding a float, a bool or text; a record of one is a ``ReplayError``."""
    op(**right)
    ops.op_from_json({"op": op.name, **right}, PontoonTable.operations)
    for field, error in errors.items():
        for wrong in WRONG:
            if (wrong is None and field == "amount") or (isinstance(wrong, str)
                                                         and field == "colour"):
                continue  # a default amount; text names a colour (none such: the table's)
            with pytest.raises(error):
                op(**{**right, field: wrong})
            with pytest.raises(ReplayError):
                ops.op_from_json({"op": op.name, **right, field: wrong}, PontoonTable.operations)


@pytest.mark.parametrize("make", [betting, eleven, ace_up, pontoon_offered])
def test_issue34_a_table_pickles_and_copies(make: Callable[[], Table]) -> None:
    """Compiled, ``pickle`` and ``copy.deepcopy`` failed on the chip set (``FrozenInstanceError``
    on ``colours``): a table copied either way plays on exactly as the original."""
    t = make()
    for twin in (pickle.loads(pickle.dumps(t)), copy.deepcopy(t)):
        assert fingerprint(twin) == fingerprint(t)
        assert type(twin) is type(t)
        seat, _ = t.to_act or (next(iter(sorted(t.seats))), 0)
        assert twin.legal_actions(seat) == t.legal_actions(seat)


def test_issue34_apply_refuses_what_is_not_an_operation() -> None:
    t = betting()
    for wrong in WRONG:
        with pytest.raises(IllegalActionError):
            t.apply(wrong)  # type: ignore[arg-type]
