"""What a seat has been shown at a card game, for the tests that no observation of a learning
environment holds any other card (the frames property of tests/web, applied to observations:
docs/games/envs.md#what-an-agent-sees)."""

from __future__ import annotations

import re
from typing import Any

from twentyone.games.core.game import CardGame

#: A card's code as a JSON string holds it (``"As"``, ``"10h"``).
CODE = re.compile(r'"((?:10|[2-9AJQK])[cdhs])"')


def seen_by(g: CardGame[Any], seat: int) -> set[str]:
    """The cards ``seat`` has a right to have seen: its own hand, and every card of an event
    shown to all or to it (a deal to its hand, a card handed to it)."""
    out = {c.code for c in g.hand_of(seat)}
    for e in g.log:
        if not e.private or seat in (e.seat, e.other):
            out.update(c.code for c in e.cards)
    return out


def codes_in(text: str) -> set[str]:
    """Every card code a JSON text holds."""
    return set(CODE.findall(text))
