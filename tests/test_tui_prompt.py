"""Typed input: only the legal actions are offered or accepted."""

from __future__ import annotations

import pytest

from twentyone.engine.table import Action, Phase
from twentyone.tui.prompt import Command, Extra, InputError, menu, parse

PLAYING = (Action.STAND, Action.HIT, Action.DOUBLE)
BETTING = (Action.BET, Action.DEAL, Action.CHANGE, Action.COLOUR_UP, Action.LEAVE)
OFFER = (Action.INSURE, Action.EVEN_MONEY, Action.DECLINE)


def test_the_menu_lists_only_legal_actions_with_their_letters() -> None:
    text = menu(Phase.PLAYERS, PLAYING)
    assert "[bold]h[/] hit" in text and "[bold]d[/] double" in text
    assert "split" not in text and "surrender" not in text
    offer = menu(Phase.INSURANCE, OFFER, insurance=500)
    assert "insurance $5" in offer and "even money" in offer and "no (Enter)" in offer
    assert "deal" not in menu(Phase.BETTING, BETTING, last_bet=1000)


def test_letters_and_words_become_actions() -> None:
    assert parse("h", Phase.PLAYERS, PLAYING) == Command(Action.HIT)
    assert parse(" Stand ", Phase.PLAYERS, PLAYING) == Command(Action.STAND)
    assert parse("d 5", Phase.PLAYERS, PLAYING) == Command(Action.DOUBLE, 500)
    assert parse("?", Phase.PLAYERS, PLAYING) == Command(Extra.HINT)
    assert parse("??", Phase.PLAYERS, PLAYING) == Command(Extra.SHOE_HINT)
    assert parse("e", Phase.INSURANCE, OFFER) == Command(Action.EVEN_MONEY)
    assert parse("i 2.50", Phase.INSURANCE, OFFER) == Command(Action.INSURE, 250)


def test_enter_repeats_the_last_bet_and_declines_insurance() -> None:
    assert parse("", Phase.BETTING, BETTING, last_bet=1500) == Command(Action.BET, 1500)
    assert parse("b", Phase.BETTING, BETTING, last_bet=1500) == Command(Action.BET, 1500)
    assert parse("25", Phase.BETTING, BETTING, last_bet=1500) == Command(Action.BET, 2500)
    assert parse("b $7.50", Phase.BETTING, BETTING) == Command(Action.BET, 750)
    assert parse("", Phase.INSURANCE, OFFER) == Command(Action.DECLINE)
    assert parse("x", Phase.BETTING, BETTING) == Command(Extra.SIT_OUT)


@pytest.mark.parametrize(("text", "phase", "legal", "message"), [
    ("p", Phase.PLAYERS, PLAYING, "split is not a choice now; choose one of: h, s, d, ?"),
    ("zz", Phase.PLAYERS, PLAYING, "'zz' is not a choice now"),
    ("", Phase.PLAYERS, PLAYING, "choose one of: h, s, d, ?"),
    ("q", Phase.PLAYERS, PLAYING, "you can leave between rounds"),
    ("h 5", Phase.PLAYERS, PLAYING, "hit takes no arguments"),
    ("b ten", Phase.BETTING, BETTING, "not a dollar amount"),
    ("b 1.005", Phase.BETTING, BETTING, "not a whole number of cents"),
    ("b", Phase.BETTING, BETTING, "how much?"),
    ("s", Phase.BETTING, BETTING, "stand is not a choice now; choose one of: b, c, q, x"),
])
def test_bad_input_says_what_would_be_accepted(text: str, phase: Phase,
                                               legal: tuple[Action, ...], message: str) -> None:
    with pytest.raises(InputError, match=None) as info:
        parse(text, phase, legal)
    assert message in str(info.value)
