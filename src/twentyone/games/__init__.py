"""Card games that sit beside the blackjack engine: Solo Whist, Durak and President.

They share one small game-neutral core (``games.core``): validated frozen rules, small frozen
operations, ``verify``/``can``/``apply``, an append-only event log, per-seat views, injected
shuffling and JSON histories that replay. Only ``twentyone.errors``, ``twentyone.money`` and
``twentyone.cards`` are imported from the rest of the package, so the games never depend on the
casino engine and the engine never depends on them.
"""

from __future__ import annotations
