"""President, clause by clause: each test names the docs/games/president.md section."""

from __future__ import annotations

import pytest
from games_kit import c, cs, order_for, unchanged

from twentyone.games.auto import make_bots, play_hand
from twentyone.games.core.cards import standard_pack
from twentyone.games.core.errors import GameRulesError
from twentyone.games.core.ops import Deal, Give, Pass, Play
from twentyone.games.core.shuffle import RandomShuffler, StackedShuffler
from twentyone.games.president import Phase, President, PresidentRules, default_titles
from twentyone.games.president.game import climb


def stacked(hands: dict[int, str], players: int = 3) -> President:
    """Seat 1 deals; these cards lead each hand (the rest of the pack follows)."""
    tops = {s: list(cs(h)) for s, h in hands.items()}
    seating = [(1 + k) % players + 1 for k in range(players)]
    deal = [seating[k % players] for k in range(52)]
    order = order_for(tops, deal, standard_pack())
    g = President(PresidentRules(players=players), StackedShuffler(order))
    g.apply(Deal(1))
    return g


def test_players_and_titles() -> None:
    """#players-and-titles: three to seven players, one title each, Asshole last."""
    for n in (2, 8):
        with pytest.raises(GameRulesError):
            PresidentRules(players=n)
    assert default_titles(6) == ("President", "Vice President", "Governor", "Lt. Governor",
                                 "Citizen", "Asshole")
    assert all(len(default_titles(n)) == n for n in range(3, 8))
    with pytest.raises(GameRulesError):
        PresidentRules(players=3, titles=("a", "b"))


def test_deal_whole_pack() -> None:
    """#the-deal: the whole pack, one at a time from the dealer's left; the extra cards go to
    the first players dealt to."""
    g = President(PresidentRules(players=5), RandomShuffler.seeded(1))
    g.apply(Deal(1))
    assert [len(g.hands[s]) for s in (2, 3, 1, 4, 5)] == [11, 11, 10, 10, 10]
    assert g.hands[2][0] == g.shuffles[0][0]


def test_card_ranking() -> None:
    """#card-ranking: 3 low ... K, A, 2 high; suits do not count."""
    ranks = [climb(x) for x in cs("3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As 2s")]
    assert ranks == sorted(ranks) and len(set(ranks)) == 13
    assert climb(c("2c")) == climb(c("2s"))


def test_first_lead_three_of_spades() -> None:
    """#the-first-lead: the holder of the 3♠ leads, and the lead includes it."""
    g = stacked({1: "4c", 2: "5c", 3: "3s 3h 9c"})
    assert g.to_act == 3
    assert unchanged(g, Play(3, cs("9c")))
    assert unchanged(g, Play(3, cs("3h")))
    g.apply(Play(3, cs("3s 3h")))
    assert g.top == cs("3s 3h")


def test_playing_and_beating() -> None:
    """#playing-and-beating: the same number of cards, of a higher rank."""
    g = stacked({1: "4c 4d 7c 7d 5s", 2: "3s 6c 6d 2c", 3: "3h 3d 5c 5h"})
    g.apply(Play(2, cs("3s")))
    assert g.to_act == 3
    assert unchanged(g, Play(3, cs("3h")))        # equal rank does not beat
    assert unchanged(g, Play(3, cs("5c 5h")))     # a pair on a single
    g.apply(Play(3, cs("5c")))
    assert unchanged(g, Play(1, cs("4c")))        # lower
    assert g.can(Play(1, cs("7c"))) and g.can(Play(1, cs("5s"))) is False


def test_passing_then_playing_again() -> None:
    """#passing: a player who passed may play on a later turn of the same trick."""
    g = stacked({1: "4c 8c", 2: "3s 6c 9c", 3: "5c 7c 10c"})
    g.apply(Play(2, cs("3s")))
    g.apply(Pass(3))
    g.apply(Play(1, cs("4c")))
    g.apply(Play(2, cs("6c")))
    assert g.to_act == 3 and g.can(Play(3, cs("7c")))


def test_trick_won_leader_leads_anything() -> None:
    """#winning-a-trick: when all others pass, the last to play leads anything; a leader may
    not pass."""
    g = stacked({1: "4c", 2: "3s 2c 5d 5h", 3: "6c"})
    g.apply(Play(2, cs("3s")))
    g.apply(Play(3, cs("6c")))
    g.apply(Play(1, cs("4c")) if g.can(Play(1, cs("4c"))) else Pass(1))
    g.apply(Play(2, cs("2c")))
    g.apply(Pass(3))
    g.apply(Pass(1))
    assert g.top == () and g.to_act == 2 and g.pile == []
    assert unchanged(g, Pass(2))
    assert g.can(Play(2, cs("5d 5h")))


def test_lead_after_last_player_went_out() -> None:
    """#going-out and #winning-a-trick: if the last to play went out, the next player still
    holding cards leads."""
    g = President(PresidentRules(players=3), RandomShuffler.seeded(4))
    g.apply(Deal(1))
    holder = g.to_act
    assert holder is not None
    # Put seat `holder` down to the 3♠ alone (the rest to the discards: cards are conserved).
    spare = [x for x in g.hands[holder] if x != c("3s")]
    g.hands[holder] = [c("3s")]
    g.discards.extend(spare)
    g.apply(Play(holder, cs("3s")))
    assert holder in g.finished
    nxt = g.to_act
    assert nxt is not None
    g.apply(Pass(nxt))
    third = g.to_act
    assert third is not None
    g.apply(Pass(third))
    assert g.to_act == nxt and g.top == ()


def test_titles_seating_and_exchange() -> None:
    """#titles, #taking-office and #the-exchange: finishing order gives titles, chairs follow
    rank, the Asshole deals and gives their best card to the President, who hands one back and
    leads."""
    g = President(PresidentRules(players=4), RandomShuffler.seeded(11))
    bots = make_bots("president", 4, 11, None)
    play_hand(g, bots)
    outs = [e.seat for e in g.log if e.kind == "out"]
    assert len(outs) == 3
    last = next(s for s in g.seats if s not in outs)
    assert g.results[0] == {outs[0]: "President", outs[1]: "Vice President",
                            outs[2]: "Citizen", last: "Asshole"}
    assert g.order == [*outs, last] and g.dealer == last and g.to_act == last
    g.apply(Deal(last))
    assert g.phase is Phase.EXCHANGE and g.to_act == outs[0]
    surrendered = next(e for e in g.log if e.kind == "surrendered")
    best = surrendered.cards[0]
    assert surrendered.seat == last and surrendered.other == outs[0]
    assert best in g.hands[outs[0]]
    assert all(climb(x) <= climb(best) for x in g.hands[last])
    assert unchanged(g, Play(outs[0], (g.hands[outs[0]][0],)))
    gift = g.hands[outs[0]][0]
    g.apply(Give(outs[0], (gift,)))
    assert gift in g.hands[last] and g.to_act == outs[0] and g.phase.value == "play"
    assert not g.opening
    g.check_invariants()


def test_whole_hands_conserve_cards() -> None:
    """#the-deal: across hands every card stays in exactly one place."""
    g = President(PresidentRules(players=7), RandomShuffler.seeded(2))
    bots = make_bots("president", 7, 2, ["random"] * 7)
    for _ in range(3):
        play_hand(g, bots, check_every_op=True)
    assert len(g.results) == 3
