"""Bot levels (issue 23: a host "fills any empty seat with a bot (the game's best bot, and a weaker
one for beginners)"): every card game has both levels in ``games.levels``, every bot of every
level makes only legal moves from its own seat's view, the runner and ``play --auto`` take the
level names, and each beginner's rule is the weaker one its docstring names. How much stronger
the best bots are is measured by ``benchmarks/bench_games.py``, not asserted here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from games_kit import c, cs, durak_game
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.errors import RulesError
from twentyone.games.auto import make_bots, make_game, play_hand, play_many
from twentyone.games.core.bots import Bot, RandomBot
from twentyone.games.core.ops import CardOp, Pass, Play
from twentyone.games.durak.bots import DurakBeginnerBot, DurakBot
from twentyone.games.levels import LEVELS, bot_names, canonical, make_bot
from twentyone.games.president.bots import PresidentBeginnerBot, PresidentBot
from twentyone.games.registry import GAMES
from twentyone.games.solo_whist.bots import SoloWhistBeginnerBot, SoloWhistBot

#: Each game's table sizes as its rules allow (docs/games/*.md#players-...).
PLAYERS = {"solo-whist": (4, 4), "durak": (2, 5), "president": (3, 7)}
ANY_BOT = ("best", "beginner", "random")

runner = CliRunner()


class Watched:
    """A seat's bot whose every choice is checked: it is shown its own seat's view and answers
    with one of the moves the game offered that seat."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot, self.seat = bot, seat

    def choose(self, view: dict[str, Any], legal: Sequence[CardOp]) -> CardOp:
        assert view["seat"] == self.seat and legal
        op = self.bot.choose(view, legal)
        assert op in legal and op.seat == self.seat, (op, legal)
        return op


@pytest.mark.parametrize("level", ["best", "beginner"])
@pytest.mark.parametrize("game", sorted(PLAYERS))
@settings(max_examples=25, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_every_level_makes_only_legal_moves(game: str, level: str, data: st.DataObject,
                                            seed: int) -> None:
    """Over any seed and any table the rules allow, with the level in at least one seat and any
    levels (or random play) in the others, every move is one the game offered, and every hand
    ends with every card accounted for (``play_hand`` checks after each move)."""
    lo, hi = PLAYERS[game]
    players = data.draw(st.integers(lo, hi), label="players")
    others = data.draw(st.lists(st.sampled_from(ANY_BOT), min_size=players - 1,
                                max_size=players - 1), label="others")
    where = data.draw(st.integers(0, players - 1), label="seat of the level")
    names = [*others[:where], level, *others[where:]]
    g = make_game(game, players, seed)
    table: dict[int, Bot] = {s: Watched(bot, s)
                             for s, bot in make_bots(game, players, seed, names).items()}
    for _ in range(2):
        play_hand(g, table, check_every_op=True)


def test_every_card_game_has_a_strong_a_best_and_a_beginner_bot() -> None:
    assert set(LEVELS) == set(GAMES)
    for game, levels in LEVELS.items():
        assert list(levels) == ["strong", "best", "beginner"]
        assert bot_names(game) == ["strong", "best", "beginner", "random"]
        for name in levels:
            assert callable(make_bot(game, name, random.Random(1)).choose)
    expected = {"durak": (DurakBot, DurakBeginnerBot),
                "president": (PresidentBot, PresidentBeginnerBot),
                "solo-whist": (SoloWhistBot, SoloWhistBeginnerBot)}
    for game, (best, beginner) in expected.items():
        assert isinstance(make_bot(game, "best", random.Random(1)), best)
        assert isinstance(make_bot(game, "heuristic", random.Random(1)), best)
        assert isinstance(make_bot(game, "beginner", random.Random(1)), beginner)
        assert isinstance(make_bot(game, "random", random.Random(1)), RandomBot)


@pytest.mark.parametrize(("game", "name", "words"), [
    ("durak", "clever",
     "no bot called 'clever' for durak; choose one of strong, best, beginner, random"),
    ("president", "Best", "choose one of strong, best, beginner, random"),
    ("poker", "best", "no game called 'poker'"),
])
def test_an_unknown_bot_or_game_is_refused_in_words(game: str, name: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        canonical(game, name)
    with pytest.raises(RulesError, match=words):
        make_bot(game, name, random.Random(1))


def test_the_runner_reports_the_levels_it_seated() -> None:
    out = play_many("durak", 3, 2, 5, ["heuristic", "beginner", "random"])
    assert out["bots"] == ["best", "beginner", "random"]
    assert play_many("president", 3, 1, 5)["bots"] == ["best"] * 3
    with pytest.raises(RulesError, match="no bot called 'clever' for durak"):
        play_many("durak", 2, 1, 1, ["best", "clever"])


# -- the command line ------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(PLAYERS))
@pytest.mark.parametrize(("given_name", "level"), [
    ("best", "best"), ("beginner", "beginner"), ("random", "random"), ("heuristic", "best"),
    ("basic", "best"),
])
def test_play_auto_takes_the_level_names(game: str, given_name: str, level: str) -> None:
    result = runner.invoke(app, ["play", "--game", game, "--players", "4", "--auto", given_name,
                                 "--rounds", "2", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["bots"] == [level] * 4 and data["games"] == 2


def test_play_auto_strong_seats_the_strong_bots() -> None:
    """``play --game durak --auto strong``: the strong level at the terminal, headless."""
    result = runner.invoke(app, ["play", "--game", "durak", "--players", "2", "--auto", "strong",
                                 "--rounds", "1", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["bots"] == ["strong", "strong"] and data["games"] == 1


def test_play_auto_alone_seats_the_best_bots() -> None:
    result = runner.invoke(app, ["play", "--game", "durak", "--players", "2", "--auto",
                                 "--rounds", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["bots"] == ["best", "best"]


def test_play_auto_refuses_an_unknown_level_in_words() -> None:
    result = runner.invoke(app, ["play", "--game", "president", "--auto", "expert",
                                 "--rounds", "1"], env={"COLUMNS": "200"})
    assert result.exit_code != 0
    assert ("--auto for president names the bots' level: strong, best, beginner, random"
            in result.output)
    assert "Traceback" not in result.output


# -- what each level does (docs in each bot's docstring) ----------------------------------------


def test_durak_beginner_spends_trumps_by_rank_where_the_best_keeps_them() -> None:
    """Spades are trumps. The attacker holds the six of trumps and a plain seven: the best bot
    leads the seven, the beginner the six. Against the seven of hearts the defender holds a
    trump seven and a plain king: the best bot beats with the king, the beginner the trump.
    When only the king of trumps could be thrown in, the best bot stops and the beginner
    throws it."""
    g = durak_game({1: cs("6s 7h 8c 9c 10c Ks"), 2: cs("7s Kh 6d 8d 9d Jd")}, trump=c("As"))
    assert g.to_act == 1
    view, legal = g.view(1), g.legal_ops(1)
    assert DurakBot(random.Random(1)).choose(view, legal) == Play(1, cs("7h"))
    assert DurakBeginnerBot(random.Random(1)).choose(view, legal) == Play(1, cs("6s"))
    g.apply(Play(1, cs("7h")))
    view, legal = g.view(2), g.legal_ops(2)
    assert DurakBot(random.Random(1)).choose(view, legal) == Play(2, cs("Kh"))
    assert DurakBeginnerBot(random.Random(1)).choose(view, legal) == Play(2, cs("7s"))
    g.apply(Play(2, cs("Kh")))
    view, legal = g.view(1), g.legal_ops(1)
    assert set(legal) == {Pass(1), Play(1, cs("Ks"))}
    assert DurakBot(random.Random(1)).choose(view, legal) == Pass(1)
    assert DurakBeginnerBot(random.Random(1)).choose(view, legal) == Play(1, cs("Ks"))


def test_president_best_leads_whole_sets_and_keeps_pairs_the_beginner_breaks() -> None:
    """Leading, the best bot plays all its threes, the beginner one; following a single six,
    the best bot plays its nine rather than split its sevens, the beginner a seven."""
    lead = {"hand": cs("3s 3h 9c"), "top": ()}
    legal: list[CardOp] = [Play(1, cs("3s")), Play(1, cs("3s 3h"))]
    assert PresidentBot(random.Random(1)).choose(lead, legal) == Play(1, cs("3s 3h"))
    assert PresidentBeginnerBot(random.Random(1)).choose(lead, legal) == Play(1, cs("3s"))
    follow = {"hand": cs("7c 7d 9h"), "top": cs("6s")}
    legal = [Pass(1), Play(1, cs("7c")), Play(1, cs("7d")), Play(1, cs("9h"))]
    assert PresidentBot(random.Random(1)).choose(follow, legal) == Play(1, cs("9h"))
    assert PresidentBeginnerBot(random.Random(1)).choose(follow, legal) in legal[1:3]


def test_solo_whist_beginner_plays_over_its_partner() -> None:
    """In a Prop with hearts trumps, the partner's king of spades is winning the trick: the best
    bot plays low under it, the beginner takes the trick from its partner with the ace."""
    view = {"seat": 3, "trump": c("2h").suit, "declarers": (1, 3), "contract": "prop",
            "trick": ((1, c("Ks")), (2, c("5s"))), "hand": cs("As 3s 4d"), "played": ()}
    legal: list[CardOp] = [Play(3, cs("As")), Play(3, cs("3s"))]
    assert SoloWhistBot(random.Random(1)).choose(view, legal) == Play(3, cs("3s"))
    assert SoloWhistBeginnerBot(random.Random(1)).choose(view, legal) == Play(3, cs("As"))
