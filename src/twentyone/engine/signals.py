"""The hand signals a player gives for each decision (docs/dealing.md#hand-signals).

A casino takes a decision from the player's hands, not their words, so that the cameras over the
table see it. Which signal is meant depends on the game: where the cards lie face up on the felt
(the shoe game) a player never touches them, and hits by tapping the felt and stands by waving a
flat hand; where the player holds the cards face down (the pitch game, ``player_cards: down``)
the cards themselves give the signal: scratched on the felt towards the player for a card,
slid under the chips to stand. Doubling and splitting are shown with chips placed beside the
bet: with one finger held up for a double and two for a split in the shoe game, with the cards
turned face up in the pitch game. A line drawn on the felt behind the bet surrenders.

The terminal's narrator, the browser's dealer calls and the signal drill all read this one table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from twentyone.engine.events import Event, Kind
from twentyone.protocol import HOUSE
from twentyone.rules import HitSignal, PlayerCards, Rules


class SignalStyle(StrEnum):
    """Which set of signals a table uses: the cards on the felt (a hit tapped, or scratched
    towards the player as the classic rules have it), or held."""

    SHOE = "shoe"
    CLASSIC = "classic"
    PITCH = "pitch"


class Decision(StrEnum):
    """A player's decision, named as the table's actions are."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"


@dataclass(frozen=True)
class Signal:
    """One decision's signal in one game.

    ``gives`` is how the dealer calls it ("waves"), ``told`` tells a player how to give it, and
    ``motion`` says whether the signal is a movement (a drawing of it must move) or a pose."""

    game: SignalStyle
    decision: Decision
    gives: str
    told: str
    motion: bool


#: The decision as the dealer's call ends ("… waves: stands").
DOES = {Decision.HIT: "hits", Decision.STAND: "stands", Decision.DOUBLE: "doubles",
        Decision.SPLIT: "splits", Decision.SURRENDER: "surrenders"}

_LINE = ("draws a line behind the bet",
         "Draw a line across the felt with a finger, just behind your bet")

#: Every signal, by game and decision.
SIGNALS: dict[tuple[SignalStyle, Decision], Signal] = {
    (s.game, s.decision): s for s in (
        Signal(SignalStyle.SHOE, Decision.HIT, "taps the felt",
               "Tap the felt behind your cards with a finger", True),
        Signal(SignalStyle.CLASSIC, Decision.HIT, "scratches the felt towards them",
               "Scratch the felt towards you with a finger or two, or beckon the card as you "
               "would beckon someone over", True),
        Signal(SignalStyle.SHOE, Decision.STAND, "waves",
               "Wave your hand flat, palm down, sideways just above your cards", True),
        Signal(SignalStyle.SHOE, Decision.DOUBLE, "places chips beside the bet, one finger",
               "Place chips beside your bet, not on it, and hold up one finger", False),
        Signal(SignalStyle.SHOE, Decision.SPLIT, "places chips beside the bet, two fingers",
               "Place chips beside your bet, not on it, and hold up two fingers", False),
        Signal(SignalStyle.SHOE, Decision.SURRENDER, *_LINE, True),
        Signal(SignalStyle.PITCH, Decision.HIT, "scratches the cards towards them",
               "Scratch the edge of your cards on the felt, towards you", True),
        Signal(SignalStyle.PITCH, Decision.STAND, "slides the cards under the chips",
               "Slide your cards face down under the chips of your bet", True),
        Signal(SignalStyle.PITCH, Decision.DOUBLE,
               "lays the cards face up and places chips beside the bet",
               "Turn your cards face up together and place chips beside your bet", False),
        Signal(SignalStyle.PITCH, Decision.SPLIT,
               "lays the pair face up apart and places chips beside the bet",
               "Turn the pair face up side by side, apart, and place chips beside your bet",
               False),
        Signal(SignalStyle.PITCH, Decision.SURRENDER, *_LINE, True),
    )
}
# The classic rules' table is the shoe game's but for the hit: "moving his hand sideways, palm
# down" stands, and chips beside the bet double and split as the manual has it.
for _decision in Decision:
    SIGNALS.setdefault((SignalStyle.CLASSIC, _decision), SIGNALS[SignalStyle.SHOE, _decision])

#: The table's events that record a decision, and the decision each records.
DECIDED: dict[StrEnum, Decision] = {
    Kind.HIT: Decision.HIT, Kind.STOOD: Decision.STAND, Kind.DOUBLED: Decision.DOUBLE,
    Kind.SPLIT: Decision.SPLIT, Kind.SURRENDERED: Decision.SURRENDER,
}


def style_of(rules: Rules) -> SignalStyle:
    """The pitch game's signals where the players hold their cards face down; where the cards
    lie on the felt (face up, or the casino-party game's first card down) the shoe game's, with
    the hit the rules name (``hit_signal``: the classic rules' scratch or beckon)."""
    if rules.player_cards is PlayerCards.DOWN:
        return SignalStyle.PITCH
    return SignalStyle.CLASSIC if rules.hit_signal is HitSignal.SCRATCH else SignalStyle.SHOE


def signal(game: SignalStyle, decision: Decision) -> Signal:
    """The signal for ``decision`` in ``game``."""
    return SIGNALS[game, decision]


def signal_of(game: SignalStyle, e: Event) -> Signal | None:
    """The signal the decision ``e`` records was given with; None for any other event, and for
    a dealer's own draw or stand (a dealing host's, a Pontoon banker's: seat ``HOUSE``), which
    no one signals to the dealer."""
    decision = DECIDED.get(e.kind)
    return None if decision is None or e.seat == HOUSE else SIGNALS[game, decision]


def called(who: str, s: Signal) -> str:
    """The dealer's call of a signal read: "Seat 2 waves: stands"."""
    return f"{who} {s.gives}: {DOES[s.decision]}"
