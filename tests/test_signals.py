"""The hand signals (docs/dealing.md#hand-signals): which game's signals a table uses, and that
every decision has one signal a dealer can tell from every other."""

from __future__ import annotations

import pytest

from twentyone.engine.signals import SIGNALS, Decision, Game, game_of, signal
from twentyone.rules import PRESETS


@pytest.mark.parametrize(("preset", "game"), [
    ("classic", Game.SHOE), ("six-deck-h17-ls", Game.SHOE), ("european", Game.SHOE),
    ("casino-party", Game.SHOE), ("single-deck", Game.PITCH),
])
def test_the_pitch_game_is_where_players_hold_their_cards(preset: str, game: Game) -> None:
    """docs/dealing.md#hand-signals: the pitch game's signals where the cards are dealt face
    down into the players' hands (player_cards: down), the shoe game's wherever they lie on the
    felt, the casino-party game's first card down included."""
    assert game_of(PRESETS[preset]) is game


@pytest.mark.parametrize("game", list(Game))
def test_every_decision_has_a_signal_unlike_the_others(game: Game) -> None:
    """A dealer reads a decision from the signal alone, so no two decisions share one."""
    gives = [signal(game, d).gives for d in Decision]
    assert len(set(gives)) == len(Decision)
    assert len(SIGNALS) == len(Game) * len(Decision)


def test_the_manuals_signals_in_the_shoe_game() -> None:
    """docs/dealing.md#hand-signals: the manual's "tapping the table" for a hit, "waving the
    hand, palm down" to stand, one finger for a double, two for a split."""
    assert signal(Game.SHOE, Decision.HIT).gives == "taps the felt"
    assert signal(Game.SHOE, Decision.STAND).gives == "waves"
    assert "one finger" in signal(Game.SHOE, Decision.DOUBLE).gives
    assert "two fingers" in signal(Game.SHOE, Decision.SPLIT).gives
    assert signal(Game.PITCH, Decision.HIT).gives == "scratches the cards towards them"
