"""The chip games on the one protocol as the terminal and ``play --auto`` drive them
(docs/architecture.md, "The terminal"): their bots choose from their seat's ``seat_view`` among
``legal`` and play exactly as the engine's bots do on the table; events read back from the
protocol's JSON are the log's; the headless run through ``legal`` + ``apply`` reports, to the
cent, what the engine's own loop reports for the same seed."""

from __future__ import annotations

import pytest

from twentyone.engine.bots import ChartBot
from twentyone.engine.events import event_from_json
from twentyone.engine.ops import TableOp
from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase, Table
from twentyone.engine.views import visible_events
from twentyone.errors import ReplayError
from twentyone.games.blackjack import CasinoGame
from twentyone.games.registry import TABLES
from twentyone.pontoon.auto import PontoonBot, play_pontoon, pontoon_json
from twentyone.pontoon.bots import BANKER_STRATEGIES
from twentyone.pontoon.table import PontoonRules, PontoonTable
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS
from twentyone.strategy.play import CHARTS, play_chart


def _through_the_protocol(game: CasinoGame, level: str) -> None:
    """Every decision of the round in play made by the registry's bot of ``level``."""
    bot = TABLES[game.name].levels[level](game.rules)
    while (seat := game.acting) is not None:
        seen = game.seat_view(seat)
        op = bot.choose(seen.body, seen.legal)
        assert isinstance(op, TableOp)
        game.apply(op)


@pytest.mark.parametrize("preset", ["classic", "six-deck-h17-ls", "single-deck", "european"])
def test_the_chart_level_plays_as_the_engines_chart_bot(preset: str) -> None:
    rules = PRESETS[preset]
    bot = ChartBot(CHARTS["basic"](rules))
    direct, seated = Table(rules, seed=11), Table(rules, seed=11)
    for t in (direct, seated):
        for n in (1, 2, 3):
            t.sit(n, 10_000_000)
    game = CasinoGame(seated)
    for _ in range(120):
        for n in (1, 2, 3):
            direct.bet(n, rules.min_bet)
            game.apply(game.legal(n)[0])
        direct.deal()
        game.apply(game.legal(HOUSE)[0])
        while direct.phase is not Phase.BETTING:
            to_act = direct.to_act
            assert to_act is not None
            bot.act(direct, to_act[0])
        _through_the_protocol(game, "basic")
    assert seated.log == direct.log


@pytest.mark.parametrize("strategy", sorted(BANKER_STRATEGIES))
def test_the_pontoon_levels_play_as_the_engines_pontoon_bot(strategy: str) -> None:
    prules = PontoonRules(players=5)
    direct, seated = PontoonTable(prules, seed=4), PontoonTable(prules, seed=4)
    for t in (direct, seated):
        for n in range(1, 6):
            t.sit(n, 60 * prules.chip)
        t.draw_for_bank()
    bot = PontoonBot(BANKER_STRATEGIES[strategy])
    game = CasinoGame(seated, "pontoon")
    for _ in range(150):
        for n in direct.players():
            if direct.can_bet(n, prules.chip):
                direct.bet(n, prules.chip)
                seated.bet(n, prules.chip)
        if not direct.can_deal():
            break
        direct.deal()
        game.apply(game.legal(HOUSE)[0])
        while direct.phase is not Phase.BETTING:
            bot.play(direct)
        _through_the_protocol(game, strategy)
    assert seated.log == direct.log
    assert any(e.kind.value == "bank-changed" for e in seated.log)


def test_events_read_back_from_the_protocol_are_the_log() -> None:
    """A front end narrating ``events`` reads back the very events the table shows that seat,
    Pontoon's own kinds among them."""
    prules = PontoonRules(players=4)
    t = PontoonTable(prules, seed=2)
    for n in range(1, 5):
        t.sit(n, 40 * prules.chip)
    t.draw_for_bank()
    game = CasinoGame(t, "pontoon")
    for _ in range(30):
        for n in t.players():
            game.apply(game.operation({"op": "bet", "seat": n, "amount": prules.chip}))
        game.apply(game.legal(HOUSE)[0])
        _through_the_protocol(game, "reading")
    for seat in (HOUSE, 1, 2):
        back = [event_from_json(e, game.event_kinds) for e in game.events(seat, 0)]
        assert back == list(visible_events(t, seat)), seat
    assert any(e.kind.value == "bank-changed" for e in t.log)
    changed = next(e for e in t.log if e.kind.value == "bank-changed")
    with pytest.raises(ReplayError, match="bank-changed"):
        event_from_json(changed.to_json())  # the casino table's kinds alone lack Pontoon's


@pytest.mark.parametrize("strategy", sorted(CHARTS))
@pytest.mark.parametrize("preset", ["classic", "six-deck-h17-ls"])
def test_the_casino_auto_run_through_the_protocol_reports_what_the_engine_does(
        preset: str, strategy: str) -> None:
    rules = PRESETS[preset]
    entry = TABLES["casino"]
    game = entry.game("casino", rules.to_mapping(), RandomShuffler.seeded(5))
    report = entry.auto(game, entry.levels[strategy](rules), strategy, seats=3, rounds=400,
                        bankroll=20_000)
    assert report.json == play_chart(rules, seats=3, rounds=400, seed=5, strategy=strategy,
                                     bankroll=20_000).to_json()
    assert report.result.rounds == 400


@pytest.mark.parametrize("strategy", sorted(BANKER_STRATEGIES))
def test_the_pontoon_auto_run_through_the_protocol_reports_what_the_engine_does(
        strategy: str) -> None:
    entry = TABLES["pontoon"]
    game = entry.game("pontoon", {"players": 5}, RandomShuffler.seeded(8))
    report = entry.auto(game, entry.levels[strategy](game.rules), strategy, seats=5,
                        rounds=400, bankroll=30 * game.rules.min_bet)
    table, result = play_pontoon(PontoonRules(players=5), rounds=400, seed=8, bankroll=30,
                                 banker_strategy=strategy)
    assert report.json == pontoon_json(table, result, strategy)
    assert report.bank_changes == table.bank_changes > 0
