"""Spaced repetition with FSRS (the ``fsrs`` package), not a hand-written interval rule.

Each skill cell a user has answered (a strategy cell, a payout kind, a seed exercise) is one
FSRS card. A miss rates it Again, so the cell comes back within minutes (FSRS's learning and
relearning steps) and its stability drops; a right answer rates it Good, or Hard when it took
longer than the drill's audition time allows, so that slow-but-right still comes back sooner
than fluent. Fuzzing is off: a profile's schedule is the same every time its answers are
replayed, which the tests rely on.
"""

from __future__ import annotations

from datetime import datetime

from fsrs import Card, Rating, Scheduler

_SCHEDULER = Scheduler(enable_fuzzing=False)


def new_card() -> Card:
    """A cell never reviewed (FSRS's learning state, due at once)."""
    return Card()


def rating(correct: bool, seconds: float | None, slow_after: float | None) -> Rating:
    """How an answer rates: Again for a miss, Hard for a slow right answer, else Good."""
    if not correct:
        return Rating.Again
    if seconds is not None and slow_after is not None and seconds > slow_after:
        return Rating.Hard
    return Rating.Good


def review(card: Card, correct: bool, seconds: float | None, slow_after: float | None,
           when: datetime) -> Card:
    """The card after this answer (a new value; FSRS returns its review log too, unused: the
    store keeps its own answer history)."""
    updated, _log = _SCHEDULER.review_card(card, rating(correct, seconds, slow_after), when)
    return updated


def card_from_json(text: str) -> Card:
    return Card.from_json(text)


def card_to_json(card: Card) -> str:
    return card.to_json()


def due_at(card: Card) -> datetime:
    return card.due
