"""Bots at a Pontoon table, and headless games for demos, checks and the banker study.

A bot acts through the table's public operations. The banker bot is told only what the banker
may see: the banker's own cards, the cards the standing players show, how much each bet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from .money import Cents, dollars_value
from .pontoon import PontoonRules, PontoonTable
from .pontoon_bots import BANKER_STRATEGIES, BankerStrategy, Standing, player_choice, unseen_values
from .table import Phase


def banker_sees(table: PontoonTable) -> tuple[list[int], list[Standing], dict[int, int]]:
    """The banker's cards, the hands still standing as the banker sees them, and the card
    values the banker has not seen (the pack less everything face up and the banker's own)."""
    own = list(table.dealer.values)
    standing: list[Standing] = []
    seen = list(own)
    for n, s in table.seats.items():
        if n == table.banker:
            continue
        for h in s.hands:
            shown = tuple(c.value for c, up in zip(h.cards, h.face_up, strict=True) if up)
            seen.extend(shown)
            if not h.settled:
                forced = h.doubled or h.split_aces
                standing.append(Standing(shown, len(h.cards) - len(shown), h.bet, forced))
    return own, standing, unseen_values(seen)


def bot_act(table: PontoonTable, banker: BankerStrategy) -> None:
    """Make the one decision the table waits for, whoever's it is."""
    if table.phase is Phase.DEALER:
        own, standing, unseen = banker_sees(table)
        if banker(own, standing, unseen):
            table.dealer_hit()
        else:
            table.dealer_stand()
        return
    to_act = table.to_act
    if to_act is None:
        raise RuntimeError("no decision is pending")
    seat, i = to_act
    hand = table.seats[seat].hands[i]
    choice = player_choice(hand.values, can_split=table.can_split(seat),
                           can_double=table.can_double(seat))
    if choice == "split":
        table.split(seat)
    elif choice == "double":
        table.double(seat)
    elif choice == "hit" and table.can_hit(seat):
        table.hit(seat)
    else:
        table.stand(seat)


@dataclass
class Tally:
    """Sum and sum of squares of a per-hand result, for a mean and its standard error."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, x: int) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Tally) -> Tally:
        return Tally(self.n + other.n, self.total + other.total, self.squares + other.squares)

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.n, "mean": round(self.mean, 5), "stderr": round(self.stderr, 5)}

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def stderr(self) -> float:
        if self.n < 2:
            return 0.0
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(var, 0.0) / self.n)


@dataclass
class SeatResult:
    bankroll_start: Cents
    bankroll_end: Cents = 0
    #: Net result per hand in chips, as a player and as the banker.
    as_player: Tally = field(default_factory=Tally)
    as_banker: Tally = field(default_factory=Tally)


@dataclass
class AutoResult:
    prules: PontoonRules
    banker_strategy: str
    rounds: int = 0
    bank_changes: int = 0
    seats: dict[int, SeatResult] = field(default_factory=dict)

    def pooled(self) -> tuple[Tally, Tally]:
        """Every seat's hands together, as a player and as the banker (the seats are alike)."""
        player, banker = Tally(), Tally()
        for s in self.seats.values():
            player, banker = player.merge(s.as_player), banker.merge(s.as_banker)
        return player, banker

    def to_json(self) -> dict[str, Any]:
        chip = self.prules.chip
        player, banker = self.pooled()
        return {
            "game": "pontoon",
            "players": self.prules.players,
            "banker_strategy": self.banker_strategy,
            "rounds": self.rounds,
            "bank_changes": self.bank_changes,
            "seats": {
                str(n): {
                    "bankroll_start": dollars_value(s.bankroll_start),
                    "bankroll_end": dollars_value(s.bankroll_end),
                    "as_player": s.as_player.to_json(),
                    "as_banker": s.as_banker.to_json(),
                } for n, s in sorted(self.seats.items())
            },
            # Results are in chips per hand; one chip is worth this many dollars.
            "chip": dollars_value(chip),
            "pooled": {"as_player": player.to_json(), "as_banker": banker.to_json()},
        }


def play_auto(prules: PontoonRules, *, rounds: int, seed: int | None = None,
              bankroll: int = 100, bet: int = 1, banker_strategy: str = "reading",
              keep_log: bool = False) -> AutoResult:
    """Bots play ``rounds`` deals of Pontoon from the draw for the first banker: each player
    bets ``bet`` chips (less if that is all they hold), the banker plays ``banker_strategy``,
    the bank passes by the rules and an entitled player always keeps it. Stops early when fewer
    than two players have chips. ``bankroll`` and ``bet`` are in chips."""
    strategy = BANKER_STRATEGIES[banker_strategy]
    t = PontoonTable(prules, seed=seed)
    for n in range(1, prules.players + 1):
        t.sit(n, bankroll * prules.chip)
    result = AutoResult(prules, banker_strategy,
                        seats={n: SeatResult(t.bankroll(n)) for n in t.seats})
    t.draw_for_bank()
    stake = bet * prules.chip
    for _ in range(rounds):
        before = {n: t.bankroll(n) for n in t.seats}
        playing = []
        for n in t.players():
            amount = min(stake, before[n])
            if amount and t.can_bet(n, amount):
                t.bet(n, amount)
                playing.append(n)
        if not playing:
            break
        banker = t.banker
        assert banker is not None
        t.deal()
        while t.phase is not Phase.BETTING:
            bot_act(t, strategy)
        for n in playing:
            result.seats[n].as_player.add((t.bankroll(n) - before[n]) // prules.chip)
        result.seats[banker].as_banker.add((t.bankroll(banker) - before[banker]) // prules.chip)
        result.rounds += 1
        if not keep_log:
            del t.log[:], t.ops[:], t.shoe.history[:]
    for n, s in result.seats.items():
        s.bankroll_end = t.bankroll(n)
    result.bank_changes = t.bank_changes
    return result
