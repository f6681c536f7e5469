"""Learning environments on the full casino rules: Gymnasium and PettingZoo.

Importing this package registers ``twentyone/Blackjack-v0`` with Gymnasium, so that
``gymnasium.make("twentyone/Blackjack-v0", rules="six-deck-s17")`` builds the single-table
environment (``blackjack.BlackjackEnv``) and ``gymnasium.make_vec("twentyone/Blackjack-v0",
num_envs=N, vectorization_mode="vector_entry_point")`` the compiled vector of tables
(``vector.BlackjackVectorEnv``). ``table.BlackjackTableEnv`` is the PettingZoo table of up to
seven learning seats. Gymnasium 1.x no longer loads environments from package entry points, so
the import is what registers them.

Needs the ``envs`` extra: ``pip install 'twentyone[envs]'``.
"""

from __future__ import annotations

import gymnasium

from twentyone.envs.blackjack import BlackjackEnv
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
           "STAND", "SURRENDER", "BlackjackEnv", "InvalidActionError", "ResetNeededError"]
