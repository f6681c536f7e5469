"""Bots at a Pontoon table, and headless games for demos, checks and the banker study.

A bot acts through the table's public operations. The banker bot is told only what the banker
may see: the banker's own cards, the cards the standing players show, how much each bet. The
rounds themselves are played by the engine's one headless runner (``engine.auto``).
"""

from __future__ import annotations

from typing import Any

from twentyone.engine.auto import AutoResult, play_auto
from twentyone.engine.table import Phase, Table
from twentyone.money import dollars_value
from twentyone.pontoon.bots import (
    BANKER_STRATEGIES,
    BankerStrategy,
    Standing,
    player_choice,
    unseen_values,
)
from twentyone.pontoon.table import PontoonRules, PontoonTable


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


class PontoonBot:
    """Plays every seat of a Pontoon table: the plain player's choices, and ``banker`` for the
    seat that banks when the banker decides."""

    def __init__(self, banker: BankerStrategy) -> None:
        self.banker = banker

    def play(self, table: PontoonTable) -> None:
        """Make the one decision the table waits for, whoever's it is."""
        to_act = table.to_act
        if to_act is None:
            raise RuntimeError("no decision is pending")
        self.act(table, to_act[0])

    def act(self, table: Table, seat: int) -> None:
        """Make the one decision the table waits for (``seat`` is the one whose it is)."""
        if not isinstance(table, PontoonTable):
            raise TypeError("a Pontoon bot plays at a Pontoon table")
        if table.phase is Phase.DEALER:
            own, standing, unseen = banker_sees(table)
            if self.banker(own, standing, unseen):
                table.dealer_hit()
            else:
                table.dealer_stand()
            return
        to_act = table.to_act
        if to_act is None:
            raise RuntimeError("no decision is pending")
        hand = table.seats[seat].hands[to_act[1]]
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


def play_pontoon(prules: PontoonRules, *, rounds: int, seed: int | None = None,
                 bankroll: int = 100, bet: int = 1, banker_strategy: str = "reading",
                 keep_log: bool = False) -> tuple[PontoonTable, AutoResult]:
    """Bots play ``rounds`` deals of Pontoon from the draw for the first banker: each player
    bets ``bet`` chips (less if that is all they hold), the banker plays ``banker_strategy``,
    the bank passes by the rules and an entitled player always keeps it. Stops early when
    nobody can bet. ``bankroll`` and ``bet`` are in chips. Returns the table (its bank changes)
    and the engine's result."""
    t = PontoonTable(prules, seed=seed)
    for n in range(1, prules.players + 1):
        t.sit(n, bankroll * prules.chip)
    t.draw_for_bank()
    stake = bet * prules.chip

    def stake_of(table: Table, seat: int) -> int:
        return min(stake, table.bankroll(seat))

    result = play_auto(t, PontoonBot(BANKER_STRATEGIES[banker_strategy]), rounds=rounds,
                       stake=stake_of, tallies=True, keep_log=keep_log)
    return t, result


def pontoon_json(table: PontoonTable, result: AutoResult, banker_strategy: str) -> dict[str, Any]:
    """The headless Pontoon report: results per hand in chips, as a player and as the banker."""
    p = table.pontoon
    chip = p.chip
    player, banker = (t.scaled(chip) for t in result.pooled())
    return {
        "game": "pontoon",
        "players": p.players,
        "banker_strategy": banker_strategy,
        "rounds": result.rounds,
        "bank_changes": table.bank_changes,
        "seats": {
            str(n): {
                "bankroll_start": dollars_value(s.bankroll_start),
                "bankroll_end": dollars_value(s.bankroll_end),
                "as_player": s.as_player.scaled(chip).to_json(),
                "as_banker": s.as_banker.scaled(chip).to_json(),
            } for n, s in sorted(result.seats.items())
        },
        # Results are in chips per hand; one chip is worth this many dollars.
        "chip": dollars_value(chip),
        "pooled": {"as_player": player.to_json(), "as_banker": banker.to_json()},
    }
