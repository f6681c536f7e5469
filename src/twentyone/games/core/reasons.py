"""Why a card in a player's hand cannot be played just now, in the game's own words.

A page (or a terminal) shows every card of a hand but lets only the legal ones be picked; beside a
card that may not be played it says why ("you must follow suit: play a heart"). The reason is not
written twice: it is the refusal ``verify`` gives for the operations that card could take part in,
so what the screen says and what the game would answer can never disagree.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from twentyone.cards import Card
from twentyone.errors import TableError

from .errors import WrongPhaseError
from .game import Game
from .ops import Give, Play


def blocked(game: Game[Any], seat: int) -> dict[Card, str]:
    """Each card in ``seat``'s hand that takes part in no legal operation now, with the reason the
    game refuses it. Empty when it is not ``seat``'s move (nothing of theirs is playable then,
    and the page says whose move it is instead); a card refused only because no card is played
    at this moment (a bid is due) is left out too.

    A card can take part in several refused operations (a President player's seven, alone or
    with the other seven); the reason given is the refusal most of them meet, the largest
    set's on a tie, which is the one a player reaching for that card most likely hears."""
    if game.to_act != seat:
        return {}
    legal = game.legal_ops(seat)
    usable = {c for op in legal if isinstance(op, (Play, Give)) for c in op.cards}
    card_ops = [op for op in game._candidates(seat) if isinstance(op, (Play, Give))]
    out: dict[Card, str] = {}
    hand: list[Card] = list(game.view(seat)["hand"] or ())
    for c in hand:
        if c in usable:
            continue
        refusals: Counter[str] = Counter()
        largest: dict[str, int] = {}
        for op in card_ops:
            if c not in op.cards:
                continue
            try:
                game.verify(op)
            except WrongPhaseError:
                continue   # no card is played at this moment (a bid is due): nothing to explain
            except TableError as exc:
                refusals[str(exc)] += 1
                largest[str(exc)] = max(largest.get(str(exc), 0), len(op.cards))
        if refusals:
            out[c] = max(refusals, key=lambda m: (refusals[m], largest[m]))
    return out


def blocked_json(game: Game[Any], seat: int) -> dict[str, str]:
    """``blocked`` with the cards as codes, as a frame carries it."""
    return {c.code: why for c, why in blocked(game, seat).items()}
