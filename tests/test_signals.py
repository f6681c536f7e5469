"""The hand signals (docs/dealing.md#hand-signals): which game's signals a table uses, and that
every decision has one signal a dealer can tell from every other."""

from __future__ import annotations

import pytest

from twentyone.engine.signals import SIGNALS, Decision, SignalStyle, signal, style_of
from twentyone.rules import PRESETS


@pytest.mark.parametrize(("preset", "game"), [
    ("classic", SignalStyle.CLASSIC), ("six-deck-h17-ls", SignalStyle.SHOE),
    ("european", SignalStyle.SHOE),
    ("casino-party", SignalStyle.SHOE), ("single-deck", SignalStyle.PITCH),
])
def test_the_pitch_game_is_where_players_hold_their_cards(preset: str, game: SignalStyle) -> None:
    """docs/dealing.md#hand-signals: the pitch game's signals where the cards are dealt face
    down into the players' hands (player_cards: down), the shoe game's wherever they lie on the
    felt, the casino-party game's first card down included."""
    assert style_of(PRESETS[preset]) is game


@pytest.mark.parametrize("game", list(SignalStyle))
def test_every_decision_has_a_signal_unlike_the_others(game: SignalStyle) -> None:
    """A dealer reads a decision from the signal alone, so no two decisions share one."""
    gives = [signal(game, d).gives for d in Decision]
    assert len(set(gives)) == len(Decision)
    assert len(SIGNALS) == len(SignalStyle) * len(Decision)


def test_the_manuals_signals_in_the_shoe_game() -> None:
    """docs/dealing.md#hand-signals: the manual's "tapping the table" for a hit, "waving the
    hand, palm down" to stand, one finger for a double, two for a split."""
    assert signal(SignalStyle.SHOE, Decision.HIT).gives == "taps the felt"
    assert signal(SignalStyle.SHOE, Decision.STAND).gives == "waves"
    assert "one finger" in signal(SignalStyle.SHOE, Decision.DOUBLE).gives
    assert "two fingers" in signal(SignalStyle.SHOE, Decision.SPLIT).gives
    assert signal(SignalStyle.PITCH, Decision.HIT).gives == "scratches the cards towards them"


def test_the_classic_rules_hit_is_a_scratch_towards_you_or_a_beckon() -> None:
    """docs/dealing.md#hand-signals, docs/casino.md#hit_signal: at the classic table a player
    "can signal for a card by scratching the table with a finger or two in a motion toward
    himself, or he can wave his hand ... 'Come here!'"; standing is the sideways palm-down
    motion, as in the shoe game. Other shoe tables keep the manual's tap."""
    assert style_of(PRESETS["classic"]) is SignalStyle.CLASSIC
    assert style_of(PRESETS["modern-casino"]) is SignalStyle.SHOE
    assert style_of(PRESETS["single-deck"]) is SignalStyle.PITCH
    assert style_of(PRESETS["modern-casino"].replace(hit_signal="scratch")) is SignalStyle.CLASSIC
    hit = signal(SignalStyle.CLASSIC, Decision.HIT)
    assert hit.gives == "scratches the felt towards them" and hit.motion
    assert "beckon" in hit.told and "finger or two" in hit.told
    assert signal(SignalStyle.CLASSIC, Decision.STAND) == signal(SignalStyle.SHOE, Decision.STAND)
