"""A PettingZoo AEC environment of Pontoon: ``players`` learning seats, ``seat_1`` ..
``seat_N``, one of whom holds the bank (docs/pontoon.md).

The casino table's environment (``table.BlackjackTableEnv``) cannot serve Pontoon: there the
house deals and every seat bets the minimum, while at Pontoon a player banks, plays the
banker's hand as it chooses, and each player chooses a stake. So here an episode is one round
at a Pontoon table that persists across episodes (its pack, its burned card, and its bank,
which passes on a player's natural as the rules say):

- each player but the banker, from the banker's left, chooses a stake of 1 to ``limit`` chips
  (``BET_1`` ..); a stake the table refuses (a seat short of chips) is masked out;
- the cards are dealt, and the players act in the table's order (stand, hit, double, split, as
  ``legal_actions`` allows), then the banker draws (``HIT``) or stands (``STAND``) on the bank's
  hand;
- every seat is rewarded its change in chips over the round, the banker included, so the
  rewards sum to nothing (chips are never created: docs/pontoon.md#a-bank-pays-only-what-it-holds).

The bank's own offers (giving or selling it) are not agents' moves: an entitled banker keeps the
bank, as the headless bots do (``pontoon.auto``). A seat that runs short of chips for the next
round (below ``REBUY`` stakes) ends the evening: the next episode starts a fresh table, which
draws for its first banker again.

Each agent observes ``{"observation": vector, "action_mask": mask}``, the vector built from its
seat's view of the table only (``engine.views.view``: a face-down card of another seat, the
banker's hidden cards to a player, are never in it) and the cards its seat has seen since the
pack was last shuffled (``visible_events``); ``FEATURES`` names the vector's parts.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from twentyone.cards import Card
from twentyone.engine.events import Kind
from twentyone.engine.ops import DealerHit, DealerStand, Double, Hit, Split, Stand, TableOp
from twentyone.engine.table import Action, Phase
from twentyone.engine.views import view, visible_events
from twentyone.envs.aec import SeatsEnv
from twentyone.envs.common import InvalidActionError
from twentyone.errors import RulesError
from twentyone.pontoon.rules import DEFAULT_LIMIT, MAX_PLAYERS, MIN_PLAYERS
from twentyone.pontoon.table import PontoonRules, PontoonTable

#: The moves of a hand: the players' own, and the banker's on the bank's hand (hit and stand).
STAND, HIT, DOUBLE, SPLIT = 0, 1, 2, 3
#: ``BET_1 + k - 1`` stakes ``k`` chips.
BET_1 = 4

#: A fresh table's stack per seat, in chips.
BANKROLL = 1000
#: A seat holding fewer than this many of the largest stakes ends the table (a split hand
#: doubled four times over is the most one round can ask of a player).
REBUY = 8

#: The vector's parts, in order, each with its length (card parts: one slot a rank, ace to king,
#: the number of such cards over four).
FEATURES = (
    ("phase", 4),          # stakes being chosen, players' turns, the banker's turn, round over
    ("banker", 1),         # this seat holds the bank
    ("stake", 1),          # the bet on the hand in play, over twice the limit
    ("total", 1),          # the hand in play's total as this seat sees it, over 31
    ("soft", 1),           # that total counts an ace as 11
    ("cards", 1),          # cards in that hand, over 5
    ("hands", 1),          # this seat's hands this round, over 4
    ("hand", 13),          # the hand in play (the bank's hand, for the banker)
    ("bank", 13),          # the bank's cards this seat may see
    ("bank_hidden", 1),    # the bank's cards it may not, over 5
    ("others", 13),        # the other players' cards this seat may see
    ("seen", 13),          # every card this seat has seen since the shuffle
    ("pack", 1),           # cards left in the pack, over 52
)
N_FEATURES = sum(n for _, n in FEATURES)
#: Where each part starts.
OFFSETS = {name: sum(n for _, n in FEATURES[:i]) for i, (name, _) in enumerate(FEATURES)}

_HAND_OPS: dict[int, type[Stand | Hit | Double | Split]] = {
    STAND: Stand, HIT: Hit, DOUBLE: Double, SPLIT: Split}
_HAND_ACTIONS: dict[StrEnum, int] = {
    Action.STAND: STAND, Action.HIT: HIT, Action.DOUBLE: DOUBLE, Action.SPLIT: SPLIT,
    Action.DEALER_STAND: STAND, Action.DEALER_HIT: HIT}


class PontoonEnv(SeatsEnv):
    """``players`` learning seats (2 to 14, the banker among them) at one Pontoon table, one
    round an episode, stakes of 1 to ``limit`` chips (module docstring)."""

    metadata: dict[str, Any] = {"name": "twentyone_pontoon_v0",  # noqa: RUF012
                                "render_modes": [], "is_parallelizable": False}

    def __init__(self, players: int = 4, *, limit: int = DEFAULT_LIMIT) -> None:
        super().__init__()
        for name, value, low, high in (("players", players, MIN_PLAYERS, MAX_PLAYERS),
                                       ("limit", limit, 1, 100)):
            if type(value) is not int or not low <= value <= high:
                raise RulesError(f"Pontoon's {name} is a whole number from {low} to {high}, "
                                 f"not {value!r}")
        self.prules = PontoonRules(players=players, limit=limit)
        self.n_actions = BET_1 + limit
        self._name_seats(players, spaces.Box(0.0, 1.0, shape=(N_FEATURES,), dtype=np.float32),
                         self.n_actions)
        self.table: PontoonTable | None = None
        self._rng = np.random.default_rng()
        #: Seats still to choose their stake this round, in order.
        self._betting: list[int] = []
        self._before: dict[int, int] = {}
        #: The cards each seat has seen since the pack was last shuffled.
        self._seen: dict[int, set[Card]] = {}
        self._mask_now = np.zeros(self.n_actions, dtype=np.int8)

    # -- the episode ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A round at the table (a fresh one with a ``seed``, or when a seat ran short); a
        ``seed`` makes the table's shuffles reproducible."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        chip = self.prules.chip
        short = self.table is not None and min(
            self.table.bankroll(n) for n in self.table.seats) < REBUY * self.prules.limit * chip
        if self.table is None or seed is not None or short:
            t = self.table = PontoonTable(self.prules, seed=int(self._rng.integers(1 << 62)))
            for n in range(1, self.prules.players + 1):
                t.sit(n, BANKROLL * chip)
            t.draw_for_bank()
            self._seen = {n: set() for n in t.seats}
            self._read(0)
        t = self.table
        # The log has been read into every seat's picture: a table that plays all evening keeps
        # none of it (the bank's offers, which read its length, are never made here).
        del t.log[:], t.ops[:], t.shoe.history[:]
        self._new_episode()
        self._before = {n: t.bankroll(n) for n in t.seats}
        self._betting = list(t.players())
        self._select()

    def _read(self, start: int) -> None:
        """Take in what each seat was shown from ``start`` in the log."""
        assert self.table is not None
        for n, seen in self._seen.items():
            for e in visible_events(self.table, n, start):
                if e.kind in (Kind.SHUFFLED, Kind.REFILLED):
                    seen.clear()
                elif e.card is not None and e.kind in (Kind.DEALT, Kind.TURNED, Kind.BURNED):
                    seen.add(e.card)

    def _seat_to_act(self) -> int | None:
        """The seat whose move it is: the next to choose a stake, else the table's."""
        assert self.table is not None
        if self._betting:
            return self._betting[0]
        to_act = self.table.to_act
        return None if to_act is None else to_act[0]

    def _select(self) -> None:
        """Select the seat the table waits for; at the end of the round, pay everyone."""
        t = self.table
        assert t is not None
        seat = self._seat_to_act()
        if seat is None:
            for agent in self.agents:
                n = self._seat(agent)
                self.rewards[agent] = (t.bankroll(n) - self._before[n]) / self.prules.chip
                self.terminations[agent] = True
                self.infos[agent] = {"action_mask": np.zeros(self.n_actions, dtype=np.int8)}
            self._accumulate_rewards()
            return
        self.agent_selection = f"seat_{seat}"
        self._mask_now = self._legal(seat)
        for a in self.agents:
            self.infos[a] = {"action_mask": self._mask(a)}

    def _legal(self, seat: int) -> npt.NDArray[np.int8]:
        t = self.table
        assert t is not None
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if self._betting:
            for k in range(1, self.prules.limit + 1):
                if t.bet_refusal(seat, k * self.prules.chip) is None:
                    mask[BET_1 + k - 1] = 1
            return mask
        for act in t.legal_actions(seat):
            i = _HAND_ACTIONS.get(act)
            if i is not None:
                mask[i] = 1
        return mask

    def _mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The acting agent's legal actions (worked out once a move); nobody else's."""
        if agent != self.agent_selection or self.terminations[agent]:
            return np.zeros(self.n_actions, dtype=np.int8)
        return self._mask_now.copy()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        t = self.table
        assert t is not None
        if (not isinstance(action, (int, np.integer)) or isinstance(action, bool)
                or not 0 <= int(action) < self.n_actions or not self._mask_now[int(action)]):
            raise InvalidActionError(f"action {action!r} is not legal for {agent} now")
        seat, a = self._seat(agent), int(action)
        start = len(t.log)
        if self._betting:
            t.bet(seat, (a - BET_1 + 1) * self.prules.chip)
            self._betting.pop(0)
            if not self._betting:
                t.deal()
        else:
            t.apply(self._op(seat, a))
        self._read(start)
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        self._select()

    def _op(self, seat: int, action: int) -> TableOp:
        assert self.table is not None
        if self.table.phase is Phase.DEALER:
            return DealerHit() if action == HIT else DealerStand()
        return _HAND_OPS[action](seat)

    # -- what a seat sees -------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, Any]:
        t = self.table
        assert t is not None
        seat = self._seat(agent)
        return {"observation": self._features(seat), "action_mask": self._mask(agent)}

    def _features(self, seat: int) -> npt.NDArray[np.float32]:
        t = self.table
        assert t is not None
        v = view(t, seat)
        out = np.zeros(N_FEATURES, dtype=np.float32)
        at = OFFSETS
        phase = (0 if self._betting else 1 if t.phase is Phase.PLAYERS
                 else 2 if t.phase is Phase.DEALER else 3)
        out[at["phase"] + phase] = 1.0
        banker = seat == t.banker
        out[at["banker"]] = float(banker)
        mine = next(s for s in v.seats if s.number == seat)
        # While stakes are chosen the table still shows the last round's bank hand: not this
        # round's cards, so none are given.
        bank_cards = [] if self._betting else list(v.dealer)
        if banker:
            cards, total, soft, bet = bank_cards, v.dealer_total, False, 0
        elif mine.hands:
            in_play = v.to_act[1] if v.to_act is not None and v.to_act[0] == seat else 0
            h = mine.hands[min(in_play, len(mine.hands) - 1)]
            cards, total, soft, bet = list(h.cards), h.total, h.soft, h.bet
        else:
            cards, total, soft, bet = [], None, False, 0
        out[at["stake"]] = bet / (2 * self.prules.limit * self.prules.chip)
        out[at["total"]] = min(total or 0, 31) / 31
        out[at["soft"]] = float(soft)
        out[at["cards"]] = min(len(cards), 5) / 5
        out[at["hands"]] = len(mine.hands) / 4
        others = [c for s in v.seats if s.number != seat for h in s.hands for c in h.cards]
        for name, shown in (("hand", cards), ("bank", bank_cards), ("others", others),
                            ("seen", list(self._seen[seat]))):
            for c in shown:
                if c is not None:
                    out[at[name] + int(c.rank) - 1] += 0.25
        out[at["bank_hidden"]] = min(sum(c is None for c in bank_cards), 5) / 5
        out[at["pack"]] = t.shoe.remaining / 52
        np.clip(out, 0.0, 1.0, out=out)
        return out


def env(**kwargs: Any) -> PontoonEnv:
    """PettingZoo's conventional constructor."""
    return PontoonEnv(**kwargs)
