"""Typed errors a player (or a program) can act on.

Every refusal raised by the engine is a ``TableError`` subclass whose message is written for the
person at the table. A refused request never changes the table: the ``verify_*`` methods raise
before any state is touched.
"""

from __future__ import annotations


class TwentyOneError(Exception):
    """Base of every error this package raises on purpose."""


class RulesError(TwentyOneError, ValueError):
    """A rule set that is not self-consistent, or an option that does not exist."""


class TableError(TwentyOneError):
    """A request the table refuses; the table is left exactly as it was."""


class WrongPhaseError(TableError):
    """The request is not possible at this point of the round (e.g. hitting during betting)."""


class NotYourTurnError(TableError):
    """Another seat (or another hand) is to act."""


class SeatError(TableError):
    """No such seat, or the seat is empty or already occupied."""


class BetError(TableError):
    """A bet outside the table's limits, off the betting unit, or beyond the player's chips."""


class InsufficientChipsError(BetError):
    """The player does not hold enough chips for the wager."""


class IllegalActionError(TableError):
    """The action is not allowed for this hand under these rules (e.g. double after a hit)."""


class InsuranceError(TableError):
    """An insurance or even-money request the rules do not allow."""


class ChipError(TwentyOneError):
    """Chips that do not exist in the set, or an amount chips cannot make."""


class ReplayError(TwentyOneError):
    """A hand history that does not replay into the same round."""
