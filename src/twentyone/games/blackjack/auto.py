"""Headless play of the chip games through the one protocol: bots choose from their seat's
``seat_view`` among ``legal`` and every move goes through ``CasinoGame.apply``, round after round
(``twentyone play --auto``), for the same report as the engine's own loop (``engine.auto``).

The report is the engine runner's (``engine.auto.AutoResult``), worked out the same way from the
same table, so a seeded run prints the very same JSON by either path; the engine's loop stays
for the simulator's studies and the benchmarks, the protocol's is what the command line runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from twentyone.engine.auto import AutoResult, Books, Stake
from twentyone.engine.ops import Bet, Sit, TableOp
from twentyone.games.chipgame import TableBot
from twentyone.money import Cents
from twentyone.pontoon.auto import pontoon_json
from twentyone.pontoon.table import PontoonTable
from twentyone.protocol import HOUSE

from .game import CasinoGame


@dataclass(frozen=True, slots=True)
class AutoReport:
    """What a headless run did: the engine runner's result, its JSON report (without the
    command line's own members: the rules' name, the seed), and how often the bank changed
    hands (0 where the house banks)."""

    result: AutoResult
    json: dict[str, Any]
    bank_changes: int = 0


def play_auto(game: CasinoGame, bot: TableBot, *, rounds: int, stake: Stake,
              tallies: bool = False) -> AutoResult:
    """``bot`` makes every decision at ``game`` (seats already taken) for ``rounds`` rounds
    through ``legal`` and ``apply``, each seat staking what ``stake`` says where the table
    takes it; stops early when nobody bets. Kept by the engine runner's books
    (``engine.auto.Books``: the same play, the same result), the log forgotten round by round
    (``CasinoGame.forget``)."""
    t = game.table
    books = Books(t, tallies=tallies)
    t.keep_record = False
    for _ in range(rounds):
        if not books.bets(stake, lambda n, amount: game.apply(Bet(n, amount))):
            break
        game.apply(game.legal(HOUSE)[0])
        while (seat := game.acting) is not None:
            seen = game.seat_view(seat)
            op = bot.choose(seen.body, seen.legal)
            assert isinstance(op, TableOp), "a bot chooses among the legal operations"
            game.apply(op)
        books.round_over()
        game.forget()
    return books.close()


def _sit(game: CasinoGame, seats: int, bankroll: Cents) -> None:
    for n in range(1, seats + 1):
        game.apply(Sit(n, bankroll))


def casino_auto(game: CasinoGame, bot: TableBot, level: str, *, seats: int, rounds: int,
                bankroll: Cents) -> AutoReport:
    """Bots in ``seats`` seats bet the table's minimum while they can cover it
    (``strategy.play.play_chart``'s play)."""
    _sit(game, seats, bankroll)
    bet = game.rules.min_bet
    result = play_auto(game, bot, rounds=rounds, stake=lambda table, seat: bet)
    return AutoReport(result, result.to_json())


def pontoon_auto(game: CasinoGame, bot: TableBot, level: str, *, seats: int, rounds: int,
                 bankroll: Cents) -> AutoReport:
    """Every player bets one chip (less if that is all they hold) from the draw for the first
    banker, the bank passing by the rules (``pontoon.auto.play_pontoon``'s play)."""
    t = game.table
    assert isinstance(t, PontoonTable), "Pontoon's runner plays a Pontoon table"
    _sit(game, seats, bankroll)
    game.apply(game.legal(HOUSE)[0])  # the draw for the first banker
    chip = t.pontoon.chip
    result = play_auto(game, bot, rounds=rounds, tallies=True,
                       stake=lambda table, seat: min(chip, table.bankroll(seat)))
    return AutoReport(result, pontoon_json(t, result, level), t.bank_changes)
