"""Durak, clause by clause: each test names the docs/games/durak.md section it checks."""

from __future__ import annotations

import pytest
from games_kit import c, cs, durak_game, endgame, unchanged

from twentyone.games.core.errors import (
    GameRulesError,
    IllegalMoveError,
    NotYourTurnError,
    WrongPhaseError,
)
from twentyone.games.core.ops import Deal, Pass, Play, Take
from twentyone.games.core.shuffle import RandomShuffler
from twentyone.games.durak import Durak, DurakRules, Phase

A_HAND = cs("6c 7d 8h 9c 10d Jh")
D_HAND = cs("7c 8d 9h 10c Jd Qh")
THREE = {1: cs("6h 7h 9h 10h Jh Qh"), 2: cs("6c 8c 9c 10c Jc Qc"), 3: cs("7c 8h 8d 9d 10d Jd")}


def test_players_and_cards() -> None:
    """#players-and-cards: two to five players, 36 cards from six to ace."""
    for n in (1, 6):
        with pytest.raises(GameRulesError):
            DurakRules(players=n)
    g = Durak(DurakRules(players=5))
    assert len(g.pack()) == 36 and min(x.rank for x in g.pack() if x.rank != 1) == 6


def test_deal_and_trumps() -> None:
    """#the-deal-and-trumps: six each, the next card turned up is trumps and is the last card
    of the stock."""
    g = Durak(DurakRules(players=3), RandomShuffler.seeded(3))
    g.apply(Deal(1))
    order = g.shuffles[0]
    assert all(len(h) == 6 for h in g.hands.values())
    assert g.hands[2][0] == order[0] and g.hands[3][0] == order[1] and g.hands[1][0] == order[2]
    assert g.trump_card == order[18] and g.stock[-1] == order[18] and len(g.stock) == 18
    assert g.view(2)["trump_card"] == order[18]


def test_lowest_trump_attacks_first() -> None:
    """#the-first-attack: the holder of the lowest trump attacks; the left neighbour
    defends."""
    g = durak_game({1: cs("6c 7c 8c 9c 10c 8s"), 2: cs("6d 7d 8d 9d 10d 7s"),
                    3: cs("6h 7h 8h 9h 10h Js")}, trump=c("As"), players=3)
    assert (g.attacker, g.defender, g.to_act) == (2, 3, 2)
    assert g.phase is Phase.ATTACK


def test_no_trump_held_left_of_dealer_attacks() -> None:
    """#where-the-rules-are-silent: nobody holds a trump, so the dealer's left attacks."""
    g = durak_game({1: D_HAND, 2: A_HAND}, trump=c("Ks"))
    assert g.attacker == 2 and g.defender == 1


def test_attack_with_one_card() -> None:
    """#attacking: any single card opens; two cards, a card not held or a pass are refused."""
    g = durak_game({1: D_HAND, 2: A_HAND}, trump=c("Ks"))
    for bad in (Play(2, cs("6c 7d")), Play(2, cs("As")), Pass(2), Take(2)):
        assert unchanged(g, bad)
    assert unchanged(g, Play(1, cs("7c")))  # not the defender's turn
    g.apply(Play(2, cs("Jh")))
    assert g.phase is Phase.DEFEND and g.to_act == 1


def test_defending_beats() -> None:
    """#defending: a higher card of the suit, or any trump on a plain card; a trump only by a
    higher trump."""
    g = durak_game({1: cs("7c 8d 9h 10c Jd 7s"), 2: cs("6c 7d 8h 9c 10d 8s")}, trump=c("Ks"))
    assert g.attacker == 1  # 7s is the lowest trump
    g.apply(Play(1, cs("7c")))
    with pytest.raises(IllegalMoveError):
        g.verify(Play(2, cs("6c")))       # lower
    with pytest.raises(IllegalMoveError):
        g.verify(Play(2, cs("7d")))       # another plain suit
    assert g.can(Play(2, cs("9c"))) and g.can(Play(2, cs("8s")))
    g.apply(Play(2, cs("8s")))
    assert g.table == [(c("7c"), c("8s"))]
    g.apply(Pass(1))                      # success: defender attacks next
    assert g.attacker == 2
    g.apply(Play(2, cs("6c")))
    assert g.can(Take(1))


def test_trump_beaten_only_by_higher_trump() -> None:
    """#defending: a trump attack card needs a higher trump."""
    g = durak_game({1: cs("7c 8d 9h 10c Jd 9s"), 2: cs("6c 7d 8h 9c 10d 6s")}, trump=c("Ks"))
    g.apply(Play(2, cs("6s")))
    assert not g.can(Play(1, cs("10c")))
    assert g.can(Play(1, cs("9s")))


def test_throwing_in_by_rank_on_table() -> None:
    """#throwing-in: only a rank already on the table; the attacker is asked first, then to
    the left, skipping the defender."""
    g = durak_game(THREE, trump=c("Ks"), players=3)
    assert (g.attacker, g.defender) == (2, 3)
    g.apply(Play(2, cs("6c")))
    g.apply(Play(3, cs("7c")))
    assert g.phase is Phase.PILE_ON and g.to_act == 2
    assert unchanged(g, Play(2, cs("8c")))
    g.apply(Pass(2))
    assert g.to_act == 1
    g.apply(Play(1, cs("7h")))
    assert g.to_act == 3 and g.helpers == [1]


def test_bout_limit_six() -> None:
    """#the-bout-limit: after six attack cards are beaten the bout is over."""
    g = durak_game({1: D_HAND, 2: A_HAND}, trump=c("Ks"))
    for a, d in zip(A_HAND, D_HAND, strict=True):
        assert g.to_act == 2
        g.apply(Play(2, (a,)))
        g.apply(Play(1, (d,)))
    kinds = [e.kind for e in g.log]
    assert "discarded" in kinds and g.phase is Phase.ATTACK and g.attacker == 1


def test_bout_limit_defender_hand() -> None:
    """#the-bout-limit: never more attack cards than the defender held at the bout's start."""
    g = durak_game({1: D_HAND, 2: A_HAND}, trump=c("Ks"))
    endgame(g, {1: cs("7c 8d"), 2: cs("6c 6d 6h 9c")}, attacker=2)
    assert g.limit == 2
    g.apply(Play(2, cs("6c")))
    g.apply(Take(1))
    g.apply(Play(2, cs("6d")))     # gives a second card: the limit is reached
    assert g.phase is Phase.ATTACK and sorted(g.hands[1]) == sorted(cs("7c 8d 6c 6d"))


def test_taking_the_cards() -> None:
    """#taking-the-cards: others may hand over more cards of ranks on the table, then the
    defender picks up everything and the player to the defender's left attacks."""
    g = durak_game(THREE, trump=c("Ks"), players=3)
    g.apply(Play(2, cs("6c")))
    g.apply(Take(3))
    assert g.phase is Phase.GIVE and g.to_act == 2
    assert unchanged(g, Play(2, cs("7c")))
    g.apply(Pass(2))
    g.apply(Play(1, cs("6h")))
    g.apply(Pass(2))               # a card was added: everyone is asked again
    g.apply(Pass(1))
    assert c("6c") in g.hands[3] and c("6h") in g.hands[3]
    assert g.attacker == 1 and g.defender == 2


def test_successful_defence_discards() -> None:
    """#a-successful-defence: everything beaten and nobody throws in: discard; the defender
    attacks next."""
    g = durak_game({1: D_HAND, 2: A_HAND}, trump=c("Ks"))
    g.apply(Play(2, cs("Jh")))
    g.apply(Play(1, cs("Qh")))
    g.apply(Pass(2))
    assert g.discards == list(cs("Jh Qh")) and g.attacker == 1 and g.defender == 2


def test_drawing_up_order() -> None:
    """#drawing-up: the attacker draws first, then those who threw in, the defender last."""
    g = durak_game(THREE, trump=c("Ks"), players=3)
    g.apply(Play(2, cs("6c")))
    g.apply(Play(3, cs("7c")))
    g.apply(Pass(2))
    g.apply(Play(1, cs("7h")))
    g.apply(Play(3, cs("8h")))
    g.apply(Pass(2))
    g.apply(Pass(1))
    draws = [e.seat for e in g.log if e.kind == "drew"]
    assert draws == [2, 1, 3]
    assert all(len(h) == 6 for h in g.hands.values())


def test_stock_runs_out() -> None:
    """#drawing-up: when the stock is empty players play on short."""
    g = durak_game({1: D_HAND, 2: A_HAND}, trump=c("Ks"))
    endgame(g, {1: cs("7c 8d 9h"), 2: cs("6c 7d 8h")}, attacker=2)
    g.apply(Play(2, cs("6c")))
    g.apply(Play(1, cs("7c")))
    g.apply(Play(2, cs("7d")))
    g.apply(Play(1, cs("8d")))
    g.apply(Pass(2))
    assert len(g.hands[1]) == 1 and len(g.hands[2]) == 1 and not g.stock


def test_going_out_and_durak() -> None:
    """#going-out and #the-durak: with the stock empty a player without cards is out; the
    last player holding cards is the durak, who deals the next game (#the-next-game)."""
    g = durak_game({1: D_HAND, 2: A_HAND}, trump=c("Ks"))
    endgame(g, {1: cs("7c 8c"), 2: cs("6c")}, attacker=2)
    g.apply(Play(2, cs("6c")))
    g.apply(Play(1, cs("7c")))
    assert g.results == [1] and g.durak == 1 and g.phase is Phase.DEAL
    assert [e.kind for e in g.log][-2:] == ["out", "durak"]
    assert g.to_act == 1
    with pytest.raises(NotYourTurnError):
        g.verify(Deal(2))
    g.check_invariants()


def test_next_game_left_of_durak_attacks() -> None:
    """#the-next-game: the player to the durak's left attacks first."""
    g = durak_game({1: cs("7c 8d 9h 10c Jd 6s"), 2: A_HAND}, trump=c("Ks"))
    endgame(g, {1: cs("7c 8c"), 2: cs("6c")}, attacker=2)
    g.apply(Play(2, cs("6c")))
    g.apply(Play(1, cs("7c")))
    g.shuffler = RandomShuffler.seeded(5)
    g.apply(Deal(1))
    assert g.attacker == 2


def test_three_players_one_goes_out() -> None:
    """#going-out: play passes over a player who is out."""
    g = durak_game(THREE, trump=c("Ks"), players=3)
    endgame(g, {1: cs("9h 10h"), 2: cs("6c"), 3: cs("7c 8d")}, attacker=2)
    g.apply(Play(2, cs("6c")))
    g.apply(Play(3, cs("7c")))
    g.apply(Pass(1))
    assert 2 in g.out_order and g.attacker == 3 and g.defender == 1


def test_drawn_game_keeps_previous_durak() -> None:
    """#a-drawn-game: the last cards go together: a draw, and the previous durak keeps the
    title and deals."""
    g = durak_game({1: D_HAND, 2: A_HAND}, trump=c("Ks"))
    g.durak = 2
    endgame(g, {1: cs("7c"), 2: cs("6c")}, attacker=2)
    g.apply(Play(2, cs("6c")))
    g.apply(Play(1, cs("7c")))
    assert g.results == [None] and g.durak == 2 and g.dealer == 2
    assert any(e.kind == "draw-game" for e in g.log)


def test_refusals_change_nothing() -> None:
    """Refused moves leave the game exactly as it was (every phase)."""
    g = durak_game({1: D_HAND, 2: A_HAND}, trump=c("Ks"))
    assert unchanged(g, Deal(1))
    assert unchanged(g, Play(7, cs("6c")))
    g.apply(Play(2, cs("6c")))
    assert unchanged(g, Pass(1))
    with pytest.raises(WrongPhaseError):
        g.verify(Deal(1))
