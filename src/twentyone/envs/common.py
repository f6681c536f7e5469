"""What every learning environment here shares: the action numbers, the observation vector's
layout, the rules an environment accepts, the errors it raises and the card counting it offers.

One layout for all of them (the single table, the compiled vector of tables, the PettingZoo
table) so that a policy trained on one runs on another, and so that a test can hold the compiled
tables to the engine's feature by feature.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from twentyone.engine.ops import (
    Decline,
    Double,
    EvenMoney,
    Hit,
    Insure,
    Split,
    Stand,
    Surrender,
    TableOp,
)
from twentyone.engine.table import Table
from twentyone.errors import IllegalActionError, RulesError, WrongPhaseError
from twentyone.rules import PRESETS, Rules, load_rules

# --- actions ------------------------------------------------------------------------------
#: Stand (Sutton and Barto's "stick"): 0, hit: 1, as in Gymnasium's ``Blackjack-v1``, so that a
#: tutorial's hit/stand agent needs no change.
STAND = 0
HIT = 1
DOUBLE = 2
SPLIT = 3
SURRENDER = 4
#: Take insurance against a dealer ace (half the bet), or even money on a blackjack where the
#: table offers it: the same wager with the same payoff, so one action serves both.
INSURE = 5
#: Decline the insurance (or even-money, or early-surrender) offer.
DECLINE = 6
N_ACTIONS = 7
ACTION_NAMES = ("stand", "hit", "double", "split", "surrender", "insure", "decline")



def action_op(table: Table, seat: int, action: int) -> TableOp:
    """The table operation an action number stands for (``INSURE`` is even money where the
    table offers it on this hand), so every environment acts through ``table.apply``."""
    if action == INSURE:
        return EvenMoney(seat) if table.can_even_money(seat) else Insure(seat)
    return _SEAT_OPS[action](seat)


#: The operations that take only the seat, by action number.
_SEAT_OPS: dict[int, type[Stand | Hit | Double | Split | Surrender | Decline]] = {
    STAND: Stand, HIT: Hit, DOUBLE: Double, SPLIT: Split, SURRENDER: Surrender,
    DECLINE: Decline}


#: Action sets: every casino decision, or Sutton and Barto's two (insurance then always declined).
ACTION_SETS = ("full", "hit-stand")

# --- the observation vector ---------------------------------------------------------------
#: Where the round stands for the observing seat (feature ``F_PHASE``).
PH_BETTING = 0
PH_INSURANCE = 1
PH_PLAYING = 2
#: The round was settled with no decision to make (a natural, a dealer blackjack): one step,
#: any legal action, collects the result (as ``Blackjack-v1`` asks an action of a natural too).
PH_OVER = 3

F_PHASE = 0
F_TOTAL = 1
F_SOFT = 2
F_CARDS = 3
F_PAIR = 4          # the value of a pair's cards (ace 1), 0 when the hand is not a pair
F_UP = 5            # the dealer's up card's value, ace 1
F_HAND = 6          # which of the seat's hands is to act (0 before any split)
F_HANDS = 7         # how many hands the seat holds
N_BASE = 8
#: After the base features: the action mask, then the count features if asked for.
COUNTS = ("none", "hilo", "composition")
#: Hi-Lo tags by value (index 0 unused, ace 1).
HILO = (0, -1, 1, 1, 1, 1, 1, 0, 0, 0, -1)

OBSERVATIONS = ("tuple", "vector")
#: What an action the mask forbids does: raise, or play the safe legal action instead.
ILLEGAL = ("substitute", "raise")


class InvalidActionError(IllegalActionError, ValueError):
    """An action outside the action space, or one the table does not allow now (see the
    observation's action mask). The table is left exactly as it was."""


class ResetNeededError(WrongPhaseError):
    """A step after the episode ended: call ``reset()`` first."""


def resolve_rules(rules: str | Rules, overrides: Mapping[str, Any] | None = None, *,
                  fresh_shoe: bool = False) -> Rules:
    """Rules from a preset name, a TOML file or a ``Rules``, with ``--set``-style overrides.

    ``fresh_shoe`` shuffles before every round (the rules' "below" reshuffle with every card of
    the shoe as the threshold): every round is then dealt from a full shoe, the game the exact
    solver's figures describe, instead of the cut-card game whose value differs slightly.
    """
    if isinstance(rules, Rules):
        base = Rules.from_mapping(dict(overrides), rules) if overrides else rules
    elif isinstance(rules, str):
        base = load_rules(rules, dict(overrides) if overrides else None)
    else:
        raise RulesError(f"rules must be a preset name ({', '.join(PRESETS)}), a rules file or "
                         f"a Rules, not {type(rules).__name__}")
    casino = [*base.pontoon_options(),
              *(["reshuffle=burn-card"] if base.reshuffle == "burn-card" else [])]
    if casino:
        raise RulesError(f"the learning environments deal the casino game; not {', '.join(casino)}")
    if fresh_shoe:
        base = base.replace(reshuffle="below", reshuffle_below=base.shoe_size - 1,
                            cut_behind=None)
    return base


def check_choice(name: str, value: str, choices: Sequence[str]) -> str:
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}; not {value!r}")
    return value


def n_features(n_actions: int, count: str) -> int:
    """Length of the observation vector for an action space of ``n_actions`` and a count."""
    return N_BASE + n_actions + {"none": 0, "hilo": 3, "composition": 11}[count]


def feature_bounds(n_actions: int, count: str, decks: int) -> tuple[npt.NDArray[np.float32],
                                                                        npt.NDArray[np.float32]]:
    """Lower and upper bounds of every feature (a ``Box``'s limits)."""
    shoe = 52 * decks
    lo = [0, 0, 0, 0, 0, 0, 0, 0] + [0] * n_actions
    hi = [3, 31, 1, 21, 10, 10, 7, 8] + [1] * n_actions
    if count == "hilo":
        lo += [-shoe, -shoe, 0]
        hi += [shoe, shoe, shoe]
    elif count == "composition":
        lo += [0] * 11
        hi += [4 * decks] * 9 + [16 * decks, shoe]
    return np.array(lo, dtype=np.float32), np.array(hi, dtype=np.float32)


def count_features(seen: Sequence[int], decks: int, count: str) -> list[float]:
    """The count features from the cards seen since the shuffle, by value (index 1 ace .. 10):
    Hi-Lo's running count, its true count (per 52 unseen cards) and the unseen cards; or the
    unseen cards of each value, then their number."""
    if count == "none":
        return []
    unseen = [(16 if v == 10 else 4) * decks - seen[v] for v in range(1, 11)]
    left = sum(unseen)
    if count == "hilo":
        rc = sum(HILO[v] * seen[v] for v in range(1, 11))
        return [float(rc), rc * 52.0 / max(left, 13), float(left)]
    return [float(u) for u in unseen] + [float(left)]
