"""Learning environments on the full casino rules: Gymnasium and PettingZoo.

Importing this package registers ``twentyone/Blackjack-v0`` with Gymnasium, so that
``gymnasium.make("twentyone/Blackjack-v0", rules="six-deck-s17")`` builds the single-table
environment (``blackjack.BlackjackEnv``) and ``gymnasium.make_vec("twentyone/Blackjack-v0",
num_envs=N, vectorization_mode="vector_entry_point")`` the compiled vector of tables
(``vector.BlackjackVectorEnv``). ``table.BlackjackTableEnv`` is the PettingZoo table of up to
seven learning seats, and ``card_game_env(game, players)`` the PettingZoo environment of Solo
Whist, Durak or President (``cardgame``; the casino table for blackjack, ``pontoon.PontoonEnv``
for Pontoon). Gymnasium 1.x no longer
loads environments from package entry points, so the import is what registers them.
``twentyone.envs.openspiel`` registers the card games with OpenSpiel.

Needs the ``envs`` extra: ``pip install 'twentyone[envs]'``; without it the import fails saying
so (an ``ImportError`` naming the extra, not a bare missing module).
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as exc:
    raise ImportError(f"twentyone.envs needs the 'envs' extra ({exc.name} is missing): "
                      "pip install 'twentyone[envs]'") from exc

from twentyone.envs.blackjack import BlackjackEnv
from twentyone.envs.cardgame import CardGameEnv, card_game_env
from twentyone.envs.common import (
    ACTION_NAMES,
    DECLINE,
    DOUBLE,
    HIT,
    INSURE,
    N_ACTIONS,
    SPLIT,
    STAND,
    SURRENDER,
    InvalidActionError,
    ResetNeededError,
)

ENV_ID = "twentyone/Blackjack-v0"

if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="twentyone.envs.blackjack:BlackjackEnv",
        vector_entry_point="twentyone.envs.vector:BlackjackVectorEnv",
    )

__all__ = ["ACTION_NAMES", "DECLINE", "DOUBLE", "ENV_ID", "HIT", "INSURE", "N_ACTIONS", "SPLIT",
           "STAND", "SURRENDER", "BlackjackEnv", "CardGameEnv", "InvalidActionError",
           "ResetNeededError", "card_game_env"]
