"""Typed refusals for the card games.

Every refusal is a ``twentyone.errors.TableError`` (so a front end that already shows blackjack
refusals shows these too) with a message written for the player. A refused operation never
changes a game: ``verify`` raises before any state is touched.
"""

from __future__ import annotations

from twentyone import errors


class GameError(errors.TableError):
    """A request a card game refuses; the game is left exactly as it was."""


class NotYourTurnError(GameError, errors.NotYourTurnError):
    """Another player is to act."""


class WrongPhaseError(GameError, errors.WrongPhaseError):
    """The request does not fit this point of the hand (e.g. playing a card during bidding)."""


class NoSuchSeatError(GameError, errors.SeatError):
    """There is no player with that seat number at this table."""


class IllegalMoveError(GameError, errors.IllegalActionError):
    """The rules of the game do not allow this move now (e.g. not following suit)."""


class GameRulesError(errors.RulesError):
    """A game's rule set that is not self-consistent (e.g. eight players at Solo Whist)."""


class GameReplayError(errors.ReplayError):
    """A game history that does not replay into the same game."""
