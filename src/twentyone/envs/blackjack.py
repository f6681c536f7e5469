"""``twentyone/Blackjack-v0``: one seat at the engine's table as a Gymnasium environment.

An episode is one round for one seat. The ``Table`` persists from episode to episode, so the shoe,
its cut card and the discards carry over and reshuffles happen when the rules say (a counting
agent can learn from the cards gone); ``fresh_shoe=True`` shuffles before every round instead.
The environment drives the table through its public operations only, and the reward is the
change in the seat's chips over the round divided by the unit bet, so doubles, splits,
insurance, even money and surrender are all paid by the engine, never recomputed here.

Gymnasium's ``Blackjack-v1`` (an infinite deck, hit or stand, a natural against a dealer's
three-card 21 scored a push: Gymnasium #1011) is matched where tutorials depend on it: action 0 is
stand and 1 hit, and ``observation="tuple"`` gives its ``(player sum, dealer card, usable ace)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, SupportsInt

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from twentyone.engine.shoe import RandomShuffler, Shuffler
from twentyone.engine.table import Action, Phase, Table
from twentyone.envs.common import (
    ACTION_NAMES,
    ACTION_SETS,
    COUNTS,
    DECLINE,
    DOUBLE,
    HIT,
    ILLEGAL,
    INSURE,
    N_ACTIONS,
    OBSERVATIONS,
    PH_BETTING,
    PH_OVER,
    SPLIT,
    STAND,
    SURRENDER,
    InvalidActionError,
    ResetNeededError,
    action_op,
    check_choice,
    feature_bounds,
    n_features,
    resolve_rules,
)
from twentyone.envs.seat import SeatPicture, seat_phase
from twentyone.errors import BetError
from twentyone.money import Cents, dollars
from twentyone.rules import Rules

SEAT = 1
#: Chips a seat buys in for; it buys in again when it holds less than ``REFILL_BELOW`` bets.
BUY_IN_BETS = 10_000
REFILL_BELOW = 64

#: The table's actions by the environment's action number.
_TABLE_ACTIONS: dict[StrEnum, int] = {
    Action.STAND: STAND, Action.HIT: HIT, Action.DOUBLE: DOUBLE, Action.SPLIT: SPLIT,
    Action.SURRENDER: SURRENDER, Action.INSURE: INSURE, Action.EVEN_MONEY: INSURE,
    Action.DECLINE: DECLINE,
}

Obs = Any


class BlackjackEnv(gym.Env[Obs, np.int64]):
    """Casino blackjack by any ``Rules``, one round an episode, for one learning seat.

    ``rules``: a preset name, a TOML rules file or a ``Rules``; other keyword arguments override
    single rule options (``decks=2``, ``surrender="late"``). ``observation``: ``"vector"`` (a
    float vector: phase, hand total, softness, cards, pair value, up card, hand index, hands, the
    action mask, then the count features) or ``"tuple"`` (``Blackjack-v1``'s). ``actions``:
    ``"full"`` (stand, hit, double, split, surrender, insure, decline) or ``"hit-stand"``
    (insurance offers are declined for the agent). ``count``: ``"none"``, ``"hilo"`` (running
    count, true count, cards unseen) or ``"composition"`` (unseen cards by value, then their
    number), from the cards this seat has seen since the shuffle. ``bet``: the flat bet in cents
    (the table minimum by default). ``bets``: bet sizes in cents for a betting step that begins
    each episode (actions ``N + k`` bet ``bets[k]``, ``N`` the playing actions), the reward then
    counted in units of ``bets[0]``. The legal actions are in ``info["action_mask"]`` (and in
    the vector observation). ``illegal``: what an action the mask forbids does: ``"raise"`` an
    ``InvalidActionError``, or ``"substitute"`` (the default, so that agents and checkers that
    sample the whole action space run) the safe legal action (stand, decline the offer, the
    smallest bet), flagged ``info["illegal_action"]``. An action outside the action space always
    raises. ``shuffler`` deals a given shoe order (tests, replays).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(self, rules: str | Rules = "six-deck-s17", *, observation: str = "vector",
                 actions: str = "full", count: str = "none", bet: Cents | None = None,
                 bets: Sequence[Cents] | None = None, fresh_shoe: bool = False,
                 illegal: str = "substitute", render_mode: str | None = None,
                 shuffler: Shuffler | None = None,
                 rule_options: Mapping[str, Any] | None = None, **overrides: Any) -> None:
        self.rules: Rules = resolve_rules(rules, {**(rule_options or {}), **overrides},
                                          fresh_shoe=fresh_shoe)
        self.observation_mode = check_choice("observation", observation, OBSERVATIONS)
        self.action_set = check_choice("actions", actions, ACTION_SETS)
        self.count = check_choice("count", count, COUNTS)
        self.illegal = check_choice("illegal", illegal, ILLEGAL)
        if render_mode is not None:
            check_choice("render_mode", render_mode, self.metadata["render_modes"])
        self.render_mode = render_mode
        self.bets: tuple[Cents, ...] = tuple(bets) if bets else ()
        if self.bets and bet is not None:
            raise BetError("give either a flat bet or the bet sizes of a betting step")
        self.bet: Cents = self.bets[0] if self.bets else (
            self.rules.min_bet if bet is None else bet)
        for amount in self.bets or (self.bet,):
            _check_bet(self.rules, amount)
        if self.observation_mode == "tuple" and (self.bets or self.count != "none"):
            raise ValueError("the tuple observation has no room for a betting step or a count; "
                             "use observation='vector'")
        self.n_play = N_ACTIONS if self.action_set == "full" else 2
        self.action_space = spaces.Discrete(self.n_play + len(self.bets))
        n = self.n_play + len(self.bets)
        if self.observation_mode == "tuple":
            self.observation_space: spaces.Space[Any] = spaces.Tuple(
                (spaces.Discrete(32), spaces.Discrete(11), spaces.Discrete(2)))
        else:
            lo, hi = feature_bounds(n, self.count, self.rules.decks)
            self.observation_space = spaces.Box(lo, hi, shape=(n_features(n, self.count),),
                                                dtype=np.float32)
        self._shuffler = shuffler
        self.table: Table | None = None
        self._picture = SeatPicture(SEAT, self.rules.decks)
        self._before: Cents = 0
        self._stake: Cents = self.bet
        self._phase = PH_BETTING
        self._hand = 0
        self._done = True
        self._substituted = False
        #: The action mask for the state now, built once a step (``_mask``).
        self._mask_now: npt.NDArray[np.int8] | None = None

    # --- the Gymnasium API -------------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Start a round. A ``seed`` builds a new table whose shoe that seed shuffles (the same
        seed deals the same cards); without one the table, shoe and cut card carry on. A round
        still unfinished is first played out by standing."""
        super().reset(seed=seed)
        self._mask_now = None
        if self.table is None or seed is not None:
            self._new_table(seed)
        table = self.table
        assert table is not None
        # Gymnasium may reset at any time: a round left unfinished is played out by standing
        # (and declining any offer), as a player who walks away would, its result unreported.
        start = len(table.log)
        while table.phase is not Phase.BETTING:
            if table.phase is Phase.INSURANCE:
                table.decline(SEAT)
            else:
                table.stand(SEAT)
        if len(table.log) > start:  # what the seat saw of it counts (a reshuffle too)
            self._picture.read(table, start)
        del table.log[:], table.ops[:], table.shoe.history[:]
        if table.bankroll(SEAT) < REFILL_BELOW * max(self.bets or (self.bet,)):
            table.leave(SEAT)
            table.sit(SEAT, BUY_IN_BETS * max(self.bets or (self.bet,)))
            del table.log[:], table.ops[:]
        self._done = False
        self._before = table.bankroll(SEAT)
        if self.bets:
            self._phase = PH_BETTING
            self._hand = 0
        else:
            self._start(self.bet)
        return self._observe(), self._info()

    def step(self, action: SupportsInt) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Make the seat's decision; the episode ends when the round is settled."""
        a, substituted = self._check_action(action)
        self._substituted = substituted
        self._mask_now = None  # the step changes the state: the mask is built again
        table = self.table
        assert table is not None
        if self._phase == PH_BETTING:
            self._start(self.bets[a - self.n_play])
            return self._observe(), 0.0, False, False, self._info()
        if self._phase == PH_OVER:
            return self._finish()
        start = len(table.log)
        table.apply(action_op(table, SEAT, a))
        self._after(start)
        if table.phase is Phase.BETTING:
            return self._finish()
        return self._observe(), 0.0, False, False, self._info()

    def render(self) -> str | None:
        """The seat's hand and the dealer's cards as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        p = self._picture
        hands = " | ".join(" ".join("?" if c is None else str(c) for c in h) for h in p.hands)
        dealer = " ".join("?" if c is None else str(c) for c in p.dealer)
        return f"dealer: {dealer}   you: {hands}   legal: {', '.join(self.legal_names())}"

    # --- what the seat sees ------------------------------------------------------------------

    def action_mask(self) -> npt.NDArray[np.int8]:
        """1 for each action that is legal now (all 0 once the episode is over)."""
        return self._mask().copy()

    def _mask(self) -> npt.NDArray[np.int8]:
        """The action mask, built once for each state the environment reaches (the observation,
        the info and the next step's check all read it); not to be changed by the caller."""
        if self._mask_now is None:
            self._mask_now = self._build_mask()
        return self._mask_now

    def _build_mask(self) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.n_play + len(self.bets), dtype=np.int8)
        if self._done:
            return mask
        if self._phase == PH_BETTING:
            mask[self.n_play:] = 1
            return mask
        if self._phase == PH_OVER:
            mask[STAND] = 1
            if self.action_set == "hit-stand":
                mask[HIT] = 1
            return mask
        assert self.table is not None
        for act in self.table.legal_actions(SEAT):
            i = _TABLE_ACTIONS.get(act)
            if i is not None and i < self.n_play:
                mask[i] = 1
        return mask

    def legal_names(self) -> list[str]:
        mask = self.action_mask()
        names = [*ACTION_NAMES[: self.n_play], *(f"bet {dollars(b)}" for b in self.bets)]
        return [names[i] for i in np.flatnonzero(mask)]

    def _observe(self) -> Obs:
        if self.observation_mode == "tuple":
            return self._picture.short(self._hand)
        vec = self._picture.features(self._phase, self._hand, self._mask().tolist(), self.count)
        return np.array(vec, dtype=np.float32)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_mask()}
        if self._substituted:
            info["illegal_action"] = True
            self._substituted = False
        return info

    # --- the round ---------------------------------------------------------------------------

    def _new_table(self, seed: int | None) -> None:
        if seed is None and self._shuffler is None:
            seed = int(self.np_random.integers(2**63))
        shuffler = self._shuffler if seed is None else RandomShuffler.seeded(seed)
        self.table = Table(self.rules, shuffler)
        self.table.sit(SEAT, BUY_IN_BETS * max(self.bets or (self.bet,)))
        self._picture = SeatPicture(SEAT, self.rules.decks)
        self._picture.read(self.table, 0)

    def _start(self, amount: Cents) -> None:
        """Bet and deal; decline for a hit/stand agent; see whether a decision is due."""
        table = self.table
        assert table is not None
        self._stake = amount
        self._hand = 0
        start = len(table.log)
        table.bet(SEAT, amount)
        table.deal()
        self._after(start)
        if table.phase is Phase.BETTING:
            self._phase = PH_OVER

    def _after(self, start: int) -> None:
        """Decline offers a hit/stand agent cannot answer, then read what the seat saw."""
        table = self.table
        assert table is not None
        if self.action_set == "hit-stand":
            while table.phase is Phase.INSURANCE and table.to_act == (SEAT, 0):
                table.decline(SEAT)
        self._picture.read(table, start)
        self._phase = seat_phase(table)
        to_act = table.to_act
        if table.phase is Phase.PLAYERS and to_act is not None:
            self._hand = to_act[1]

    def _finish(self) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        table = self.table
        assert table is not None
        unit = self.bets[0] if self.bets else self.bet
        result = table.bankroll(SEAT) - self._before
        self._done = True
        self._phase = PH_OVER  # the last observation shows the settled round
        info = self._info()
        info["result_cents"] = result
        info["bet_cents"] = self._stake
        return self._observe(), result / unit, True, False, info

    def _check_action(self, action: SupportsInt) -> tuple[int, bool]:
        """The action number to play, and whether it replaced a forbidden one."""
        if self._done:
            raise ResetNeededError("the episode is over; call reset()")
        try:
            a = int(action)
        except (TypeError, ValueError):
            raise InvalidActionError(f"an action is an integer, not {action!r}") from None
        n = self.n_play + len(self.bets)
        if not 0 <= a < n:
            raise InvalidActionError(f"actions are 0 to {n - 1}, not {a}")
        mask = self._mask()
        if mask[a]:
            return a, False
        if self.illegal == "raise":
            names = [*ACTION_NAMES[: self.n_play], *(f"bet {dollars(b)}" for b in self.bets)]
            raise InvalidActionError(f"{names[a]} is not allowed now; legal: "
                                     f"{', '.join(self.legal_names())}")
        for safe in (STAND, DECLINE, self.n_play):
            if safe < len(mask) and mask[safe]:
                return safe, True
        return int(np.flatnonzero(mask)[0]), True


def _check_bet(rules: Rules, amount: Cents) -> None:
    """Refuse a bet the table would refuse, before any episode (the table's own messages)."""
    probe = Table(rules, seed=0)
    probe.sit(SEAT, BUY_IN_BETS * max(amount, 1))
    probe.verify_bet(SEAT, amount)


__all__ = ["SEAT", "BlackjackEnv"]
