"""``twentyone play --auto`` for the chip games goes through the one protocol
(docs/architecture.md, "The terminal"): every move through ``CasinoGame.apply``, and the JSON the
engine's own loop prints for the same seed, to the cent."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.games.blackjack import CasinoGame
from twentyone.pontoon.auto import play_pontoon, pontoon_json
from twentyone.pontoon.table import PontoonRules
from twentyone.protocol import Op
from twentyone.rules import PRESETS
from twentyone.strategy.play import play_chart


@pytest.mark.parametrize(("args", "engine"), [
    (["--rules", "classic", "--seats", "2", "--auto", "basic"],
     lambda: {"rules": "classic", "seed": 3, "strategy": "basic",
              **play_chart(PRESETS["classic"], seats=2, rounds=60, seed=3,
                           bankroll=100_000).to_json()}),
    (["--game", "pontoon", "--players", "4", "--auto", "basic"],
     lambda: {"seed": 3, **pontoon_json(*play_pontoon(PontoonRules(players=4), rounds=60,
                                                       seed=3, bankroll=1000), "reading")})])
def test_play_auto_goes_through_the_protocol_with_the_engines_report(
        monkeypatch: pytest.MonkeyPatch, args: list[str], engine: object) -> None:
    """``twentyone play --auto`` moves through ``CasinoGame.apply`` (the engine's loop never
    did) and prints the JSON the engine's loop prints for the same seed."""
    applied: list[Op] = []
    real = CasinoGame.apply

    def counted(self: CasinoGame, op: Op) -> None:
        applied.append(op)
        real(self, op)

    monkeypatch.setattr(CasinoGame, "apply", counted)
    res = CliRunner().invoke(app, ["play", *args, "--rounds", "60", "--seed", "3", "--json"])
    assert res.exit_code == 0, res.output
    assert len(applied) > 60
    assert callable(engine)
    assert json.loads(res.output) == engine()
