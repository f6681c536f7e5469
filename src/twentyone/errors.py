"""Typed errors a player (or a program) can act on.

Every refusal raised by the engine is a ``TableError`` subclass whose message is written for the
person at the table (chips that cannot be made, a shoe with no cards left, a seat or an amount
that is not a whole number included). A refused request never changes the table: the
``verify_*`` methods raise before any state is touched.

The other families are separate on purpose: ``RulesError`` is a rule set (a preset, a TOML file,
a ``--set`` option) that is refused before any table exists, ``MoneyError`` a dollar amount that
cannot be read, ``ReplayError`` a hand history or house record that does not replay. Both
``RulesError`` and ``MoneyError`` are also ``ValueError``s. Everything raised on purpose is a
``TwentyOneError``; the command line shows any of them as one line, never a traceback.
``shown`` writes a refused value into a message: a line at most, whatever it was given, and
``did_you_mean`` suggests the nearest of the names that would have been taken.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class TwentyOneError(Exception):
    """Base of every error this package raises on purpose."""


def shown(x: object) -> str:
    """A refused argument as a player would read it, never longer than a line (an int too long
    for Python to print is described, not printed)."""
    if isinstance(x, int) and x.bit_length() > 128:
        return f"a number of about {int(x.bit_length() * 0.30103)} digits"
    if type(x) in (bool, float, int):
        text = str(x)
    else:
        try:
            text = repr(x)
        except (ValueError, RecursionError):  # a number too long to print, or nested deep
            text = "..."
        if not isinstance(x, str):
            text = f"{text:.40} (a {type(x).__name__})"
    return text if len(text) <= 40 else text[:40] + "..."


def nearest(name: str, names: Iterable[str]) -> str | None:
    """The name most like ``name`` (a prefix, a part, or a close spelling), or None."""
    known = list(names)
    typed = name.lower()
    for candidate in known:
        parts = [p for p in candidate.split("-") if len(p) >= 3]
        if candidate.startswith(typed) or any(
                p.startswith(typed) or typed.startswith(p) for p in parts):
            return candidate
    close = difflib.get_close_matches(typed, known, n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(name: object, names: Iterable[str]) -> str:
    """"; did you mean 'single-deck'?" for a refused name like one of ``names``, else ""."""
    guess = nearest(name.strip(), names) if isinstance(name, str) and name.strip() else None
    return f"; did you mean {guess!r}?" if guess else ""


class RulesError(TwentyOneError, ValueError):
    """A rule set that is not self-consistent, or an option that does not exist."""


class MoneyError(TwentyOneError, ValueError):
    """Text that is not a dollar amount the package takes (see ``money.parse_dollars``)."""


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


class ChipError(TableError):
    """Chips that do not exist in the set, or an amount chips cannot make."""


class ConcurrentUseError(TableError):
    """An operation called while another thread's operation at the same table is still running:
    a table is not thread-safe, and refuses rather than lose or make chips. Nothing is changed;
    callers sharing a table between threads take turns with a lock of their own."""


class ShoeError(TableError):
    """No cards left anywhere to deal: the shoe, the discards and the table are all empty of
    cards that may be dealt."""


class ReplayError(TwentyOneError):
    """A hand history that does not replay into the same round."""


class TrainingError(TwentyOneError):
    """A trainer request from the browser that cannot be served: an unknown drill or rules, a
    profile name that is not one, an answer not of the drill's shape. Nothing is stored."""


class ProfileError(TrainingError, ValueError):
    """A trainer's profile that cannot be used: a name that cannot be one, no profile of that
    name where one must exist already, or a file that is not a trainer's profile (which is left
    as it was)."""


class DrillOptionError(TrainingError):
    """A drill setting the drill does not take, or a value outside what it allows: the terminal's
    ``--opt`` and the site's ``options`` are read by the same list, so both refuse it alike."""


class TrainingSessionGone(TrainingError):
    """A trainer session the server does not hold: never started, finished, or left idle too
    long and let go."""


class TrainersBusy(TrainingError):
    """The server already holds as many trainer sessions as it keeps at once."""


class CoachError(TrainingError):
    """A request to the coach at a browser table that cannot be served: no coach at this seat,
    a room whose game it does not coach, a count check answered when none is asked, an answer
    that is not a count. Nothing changes."""


class RequestError(TwentyOneError):
    """A request to a party table in the browser that cannot be read: not JSON, too large, an
    unknown operation, a field missing or of the wrong kind. Nothing is changed."""


class FrameTooLargeError(RequestError):
    """A message longer than the party table reads (a client gone wrong, or a flood)."""


class UnknownOperationError(RequestError):
    """An operation the party table does not have, or not for this person."""


class NotAllowedError(TwentyOneError):
    """A token that does not act for this seat or room, or an operation only the host makes."""


class RoomError(TwentyOneError):
    """No such room, a room closed or paused, a setting a room does not take."""


class LedgerError(TwentyOneError):
    """The party table's ledger file cannot be opened or is not a ledger."""


class DealerStepError(TwentyOneError):
    """In dealer mode, the host's step out of its place in the dealer's procedure (the room's
    check, not the table's); the message names the right one."""


class LimitError(TwentyOneError):
    """One client asked more of the server than it gives one client: too many connections at
    once, rooms or downloads too fast (docs/web.md#what-one-server-withstands)."""


class AnalysisError(TwentyOneError, ValueError):
    """A question the solver or the simulator does not answer: a hand that is not a live hand
    (fewer than two cards, a card that is not a value 1 to 10, a bust), an up card that is not a
    card, a shoe that does not hold them, a run that is not a whole number of rounds. Also a
    ``ValueError``, as ``RulesError`` is."""
