"""Operations as values: one small frozen dataclass per thing a player or the dealer can do.

``table.apply(op)`` performs one (beside the ``verify_x`` / ``can_x`` / ``x`` methods, which read
well in code); the table keeps every operation it applied in ``table.ops``, so the record of a
round is a list of values that can be compared, stored and sent over a wire. Histories write
them as ``{"op": name, **fields}`` and read them back by type through a registry, never by
looking a method up by name: a record can only ever name an operation that exists.

A variant adds its own operations (Pontoon's draw for the bank, selling the bank) with
``registry``, and handles them in its table's ``apply``.

An operation is checked where it is made: each field of the wrong kind (a float or text for
cents, a bool or numpy's integer for a seat) is refused with the table's own typed error, the
one the table's method of the same name raises. So ``apply`` never meets such a value, and the
compiled engine (which would take ``True`` for 1, or fail with a bare ``TypeError`` on a float)
behaves as its source does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from twentyone.errors import (
    BetError,
    ChipError,
    IllegalActionError,
    InsuranceError,
    ReplayError,
    SeatError,
    TableError,
    shown,
)
from twentyone.money import Cents


def whole(x: object) -> bool:
    """Whether ``x`` is a whole number the table takes for a seat or cents: an ``int``, not a
    bool, a float, numpy's integer, a ``Decimal`` or text (money stays exact integer cents)."""
    return type(x) is int


def chip_counts(x: object) -> bool:
    """Whether ``x`` is chips counted by colour: a mapping of colour names to whole counts."""
    return isinstance(x, Mapping) and all(
        isinstance(k, str) and type(n) is int for k, n in x.items())


#: What each field holds, in words, and the error a value of another kind meets: the table's
#: own for that argument (a bet's amount is a ``BetError``, a double's an
#: ``IllegalActionError``). ``amount`` is each operation's own (``TableOp.amount_is``).
_KINDS: dict[str, tuple[type[TableError], str]] = {
    "seat": (SeatError, "a seat is a whole number"),
    "to": (SeatError, "an offer names a seat by its number"),
    "price": (BetError, "a price is a whole number of cents"),
    "colour": (ChipError, "a chip is named by its colour"),
    "bankroll": (ChipError, "a buy-in is a whole number of cents or chips by colour"),
}


@dataclass(frozen=True, slots=True)
class TableOp:
    """A casino table's operation: what was asked, by whom, with what. ``name`` is its word in
    records. (``protocol.Op`` is what every game's operations meet; this is the tables' own.)"""

    name: ClassVar[str] = ""
    #: The error an ``amount`` of the wrong kind meets, and what it is in words.
    amount_is: ClassVar[tuple[type[TableError], str]] = (BetError, "an amount is a whole number "
                                                                   "of cents")

    def __post_init__(self) -> None:
        """Refuse a field of the wrong kind with the table's typed error (see the module)."""
        checks = _CHECKS.get(type(self))
        if checks is None:
            checks = _checks(type(self))
        for name, fits in checks:
            value = getattr(self, name)
            if not fits(value):
                error, words = self.amount_is if name == "amount" else _KINDS[name]
                raise error(f"{words}, not {shown(value)}")

    @classmethod
    def of(cls, *fields: object) -> Self:
        """The operation made from a caller's values, not yet known to be of its fields' kinds
        (a table method's arguments): each is checked as it is made."""
        return cls(*fields)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"op": self.name}
        for name in _fields(type(self)):  # read once per class: the ledger writes every op
            out[name] = getattr(self, name)
        return out


@dataclass(frozen=True, slots=True)
class SeatOp(TableOp):
    """An operation made by one seat."""

    seat: int


@dataclass(frozen=True, slots=True)
class Sit(SeatOp):
    """Take a seat with a buy-in in cents, or with chips counted by colour."""

    name: ClassVar[str] = "sit"
    bankroll: Cents | Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        bankroll = self.bankroll if isinstance(self.bankroll, int) else dict(self.bankroll)
        return {"op": self.name, "seat": self.seat, "bankroll": bankroll}


@dataclass(frozen=True, slots=True)
class Leave(SeatOp):
    name: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Change(SeatOp):
    """Break one chip of ``colour`` into smaller ones."""

    name: ClassVar[str] = "change"
    colour: str


@dataclass(frozen=True, slots=True)
class ColourUp(SeatOp):
    name: ClassVar[str] = "colour_up"


@dataclass(frozen=True, slots=True)
class Bet(SeatOp):
    name: ClassVar[str] = "bet"
    amount_is: ClassVar[tuple[type[TableError], str]] = (BetError,
                                                         "a bet is a whole number of cents")
    amount: Cents


@dataclass(frozen=True, slots=True)
class Deal(TableOp):
    name: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Insure(SeatOp):
    """Insurance of ``amount`` (None: half the bet, rounded down to the smallest chip)."""

    name: ClassVar[str] = "insure"
    amount_is: ClassVar[tuple[type[TableError], str]] = (
        InsuranceError, "an insurance bet is a whole number of cents")
    amount: Cents | None = None


@dataclass(frozen=True, slots=True)
class EvenMoney(SeatOp):
    name: ClassVar[str] = "even_money"


@dataclass(frozen=True, slots=True)
class Decline(SeatOp):
    name: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Hit(SeatOp):
    name: ClassVar[str] = "hit"


@dataclass(frozen=True, slots=True)
class Stand(SeatOp):
    name: ClassVar[str] = "stand"


@dataclass(frozen=True, slots=True)
class Double(SeatOp):
    """Double down for ``amount`` (None: the full bet)."""

    name: ClassVar[str] = "double"
    amount_is: ClassVar[tuple[type[TableError], str]] = (IllegalActionError,
                                                         "a double is a whole number of cents")
    amount: Cents | None = None


@dataclass(frozen=True, slots=True)
class Split(SeatOp):
    name: ClassVar[str] = "split"


@dataclass(frozen=True, slots=True)
class Surrender(SeatOp):
    name: ClassVar[str] = "surrender"


@dataclass(frozen=True, slots=True)
class DealerHit(TableOp):
    """A dealer who decides (``rules.dealer_decides``) takes a card."""

    name: ClassVar[str] = "dealer_hit"


@dataclass(frozen=True, slots=True)
class DealerStand(TableOp):
    name: ClassVar[str] = "dealer_stand"


@dataclass(frozen=True, slots=True)
class Void(TableOp):
    """Call the round off (a player interrupted, the terminal closed): every bet still on the
    layout, insurance included, goes back to its owner; hands already settled stay settled."""

    name: ClassVar[str] = "void"


def as_op(value: object) -> TableOp:
    """``value`` as a table's operation: anything else (None, a dict, a name) is refused in
    words, as the table refuses it, since the protocol's games take whatever a caller sends."""
    if isinstance(value, TableOp):
        return value
    raise IllegalActionError(f"an operation is a value such as Hit(1) from "
                             f"twentyone.engine.ops, not {shown(value)}")


def registry(ops: Iterable[type[TableOp]]) -> dict[str, type[TableOp]]:
    """Operations by their record name."""
    return {op.name: op for op in ops}


#: The casino table's operations.
TABLE_OPS = registry((Sit, Leave, Change, ColourUp, Bet, Deal, Insure, EvenMoney, Decline, Hit,
                      Stand, Double, Split, Surrender, DealerHit, DealerStand, Void))


def op_from_json(data: object, ops: Mapping[str, type[TableOp]]) -> TableOp:
    """The operation a record names, its fields checked against their types: anything else (an
    unknown name, a missing or extra field, a string for a number) is a ``ReplayError``."""
    if not isinstance(data, dict):
        raise ReplayError(f"{shown(data)} is not an operation")
    name = data.get("op")
    cls = ops.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ReplayError(f"{shown(data)} is not a table operation")
    fields = _fields(cls)
    args = {k: v for k, v in data.items() if k != "op"}
    if not args.keys() <= fields.keys():
        raise ReplayError(f"{shown(data)} has fields a {cls.name} does not")
    for name, (annotation, required) in fields.items():
        if name not in args:
            if required:
                raise ReplayError(f"{shown(data)} lacks {name!r}")
            continue
        if not _fits(args[name], annotation, json=True):
            raise ReplayError(f"{shown(data)}: {name} is not a {annotation}")
    return cls(**args)


#: Each operation class's fields and the check of each, as its ``__post_init__`` runs them.
_CHECKS: dict[type[TableOp], tuple[tuple[str, Callable[[object], bool]], ...]] = {}


def _checks(cls: type[TableOp]) -> tuple[tuple[str, Callable[[object], bool]], ...]:
    found = _CHECKS[cls] = tuple((name, _FITS[annotation])
                                 for name, (annotation, _) in _fields(cls).items())
    return found


#: Each operation class's fields, as ``_fields`` reads them.
_FIELDS: dict[type[TableOp], dict[str, tuple[str, bool]]] = {}


def _fields(cls: type[TableOp]) -> dict[str, tuple[str, bool]]:
    """An operation's fields: each one's annotation and whether a record must give it (read
    once per class: a server reads every request with ``op_from_json``)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = {f.name: (str(f.type), f.default is dataclasses.MISSING)
                                for f in dataclasses.fields(cls)}
    return found


def _cents_or_none(value: object) -> bool:
    return value is None or type(value) is int


def _text(value: object) -> bool:
    return isinstance(value, str)


def _buy_in(value: object) -> bool:
    return type(value) is int or chip_counts(value)


#: What fits a field, by its annotation: an int (cents, a seat), an optional one, a string, or a
#: buy-in (cents or chips by colour).
_FITS: dict[str, Callable[[object], bool]] = {
    "int": whole, "Cents": whole, "Cents | None": _cents_or_none, "str": _text,
    "Cents | Mapping[str, int]": _buy_in}


def _fits(value: object, annotation: str, json: bool) -> bool:
    """Does a value fit a field of ``annotation`` (in JSON, chips by colour are an object)?"""
    if json and annotation == "Cents | Mapping[str, int]" and type(value) is not int:
        return isinstance(value, dict) and chip_counts(value)
    return _FITS[annotation](value)
