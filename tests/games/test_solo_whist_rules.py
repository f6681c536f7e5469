"""Solo Whist, clause by clause: each test names the docs/games/solo-whist.md section."""

from __future__ import annotations

import pytest
from games_kit import c, cs, unchanged, whist_order

from twentyone.cards import Card, Suit
from twentyone.games.auto import make_bots
from twentyone.games.core.errors import GameRulesError, IllegalMoveError
from twentyone.games.core.ops import Bid, CardOp, Deal, NameTrump, Pass, Play
from twentyone.games.core.shuffle import RandomShuffler, StackedShuffler
from twentyone.games.solo_whist import LADDER, Phase, SoloWhist, SoloWhistRules

SUITS = {1: "s", 2: "d", 3: "h", 4: "c"}


def suit_hands(dealer_last: str = "s") -> dict[int, list[Card]]:
    """Seat n holds all of one suit (1, the dealer, spades: the A♠ is turned up)."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return {s: list(cs(" ".join(r + SUITS[s] for r in ranks))) for s in SUITS}


def game(hands: dict[int, list[Card]] | None = None, dealer: int = 1) -> SoloWhist:
    order = whist_order(hands or suit_hands(), dealer)
    g = SoloWhist(SoloWhistRules(), StackedShuffler(order, order, order))
    g.dealer = dealer
    g.apply(Deal(dealer))
    return g


def run(g: SoloWhist, *ops: CardOp) -> None:
    for op in ops:
        g.apply(op)


def play_out(g: SoloWhist) -> None:
    """Everyone plays their first legal card to the end of the deal."""
    while g.phase is Phase.PLAY:
        seat = g.to_act
        assert seat is not None
        g.apply(g.legal_ops(seat)[0])


def test_players_and_counters() -> None:
    """#players-and-counters: exactly four players; counters are whole numbers."""
    with pytest.raises(GameRulesError):
        SoloWhistRules(players=3)
    with pytest.raises(GameRulesError):
        SoloWhistRules(counters_per_credit=0)


def test_deal_in_threes_then_one() -> None:
    """#the-deal: three at a time four times round from the dealer's left, then one each; the
    dealer's last card (the pack's last) is turned up for the default suit."""
    g = SoloWhist(SoloWhistRules(), RandomShuffler.seeded(9))
    g.apply(Deal(1))
    order = g.shuffles[0]
    assert g.hands[2][:3] == list(order[0:3]) and g.hands[3][:3] == list(order[3:6])
    assert g.hands[1][:3] == list(order[9:12]) and g.hands[2][3:6] == list(order[12:15])
    assert g.hands[2][12] == order[48] and g.hands[1][12] == order[51]
    assert g.turn_up == order[51] and g.default_suit == order[51].suit
    assert g.view(3)["turn_up"] == order[51] and g.view(None)["hand"] is None


def test_the_ladder() -> None:
    """#the-bids: Prop, Solo, Misère, Abundance, Abundance in Trump, Misère Ouverte, Slam."""
    assert [(b.name, b.credits) for b in LADDER] == [
        ("prop", 1), ("solo", 1), ("misere", 2), ("abundance", 3),
        ("abundance-in-trump", 3), ("misere-ouverte", 4), ("slam", 6)]


def test_bidding_order_and_overcalls() -> None:
    """#bidding: the dealer's left speaks first; a bid must beat the standing bid; a pass is
    final."""
    g = game()
    assert g.to_act == 2
    run(g, Bid(2, "solo"))
    assert unchanged(g, Bid(3, "prop")) and unchanged(g, Bid(3, "solo"))
    assert unchanged(g, Bid(3, "cop"))
    run(g, Pass(3), Bid(4, "misere"), Pass(1))
    assert g.to_act == 2            # seat 3 passed and is skipped from now on
    run(g, Pass(2))
    assert g.contract is not None and g.contract.name == "misere" and g.declarers == (4,)


def test_prop_and_cop() -> None:
    """#bidding: a Prop and a Cop stand when the others pass; the two are partners."""
    g = game()
    run(g, Bid(2, "prop"), Bid(3, "cop"), Pass(4), Pass(1))
    assert g.contract is not None and g.contract.name == "prop" and g.declarers == (2, 3)
    assert g.trump == g.default_suit and g.phase is Phase.PLAY


def test_cop_after_passing() -> None:
    """#cop-after-passing: the dealer's left passes, the next props, the others pass: the
    dealer's left may still cop."""
    g = game()
    run(g, Pass(2), Bid(3, "prop"), Pass(4), Pass(1))
    assert g.phase is Phase.LATE_COP and g.to_act == 2
    assert unchanged(g, Bid(2, "solo"))
    run(g, Bid(2, "cop"))
    assert g.declarers == (2, 3) and g.phase.value == "play"


def test_no_late_cop_otherwise() -> None:
    """#cop-after-passing: the exception is only that sequence; otherwise the lone proposer
    decides."""
    g = game()
    run(g, Pass(2), Pass(3), Bid(4, "prop"), Pass(1))
    assert g.phase is Phase.PROP_OPTION and g.to_act == 4


def test_all_pass_abandons() -> None:
    """#when-nobody-bids: four passes abandon the deal; the same dealer deals again."""
    g = game()
    run(g, Pass(2), Pass(3), Pass(4), Pass(1))
    assert g.phase is Phase.DEAL and g.to_act == 1 and g.results[-1]["contract"] is None
    g.check_invariants()
    g.apply(Deal(1))


def test_lone_prop_raise_or_abandon() -> None:
    """#a-prop-nobody-accepts: the proposer may raise to any higher bid, or the deal is
    abandoned."""
    g = game()
    run(g, Bid(2, "prop"), Pass(3), Pass(4), Pass(1))
    assert g.phase is Phase.PROP_OPTION and g.to_act == 2
    assert unchanged(g, Bid(2, "prop")) and unchanged(g, Bid(2, "cop"))
    run(g, Bid(2, "abundance-in-trump"))
    assert g.contract is not None and g.contract.name == "abundance-in-trump"
    g2 = game()
    run(g2, Bid(2, "prop"), Pass(3), Pass(4), Pass(1), Pass(2))
    assert g2.phase is Phase.DEAL and g2.dealer == 1 and any(
        e.kind == "abandoned" for e in g2.log)


def test_trumps_by_contract() -> None:
    """#trumps: default suit for Prop/Solo/Abundance in Trump, none for misères and Slam, the
    declarer's choice for Abundance."""
    g = game()
    run(g, Bid(2, "abundance"), Pass(3), Pass(4), Pass(1))
    assert g.phase is Phase.TRUMP and g.to_act == 2
    assert unchanged(g, Play(2, cs("2d")))
    run(g, NameTrump(2, Suit.HEARTS))
    assert g.trump == Suit.HEARTS and g.to_act == 2   # dealer's left leads
    g = game()
    run(g, Bid(2, "misere"), Pass(3), Pass(4), Pass(1))
    assert g.trump is None
    g = game()
    run(g, Bid(2, "solo"), Pass(3), Pass(4), Pass(1))
    assert g.trump == Suit.SPADES


def test_following_suit_and_trick_winner() -> None:
    """#the-play: follow suit if you can; highest trump wins, else highest of the suit
    led; the winner leads next."""
    hands = {1: list(cs("2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc 2s")),
             2: list(cs("Ac 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd")),
             3: list(cs("Ad 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh")),
             4: list(cs("Ah 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As"))}
    g = game(hands)
    assert g.turn_up == c("2s")
    run(g, Bid(2, "solo"), Pass(3), Pass(4), Pass(1))
    run(g, Play(2, cs("Ac")))
    run(g, Play(3, cs("2h")), Play(4, cs("3s")))
    assert unchanged(g, Play(1, cs("2s")))           # holds clubs: must follow
    run(g, Play(1, cs("Kc")))
    assert g.tricks[4] == 1 and g.to_act == 4         # the trump won
    run(g, Play(4, cs("Ah")), Play(1, cs("2c")), Play(2, cs("2d")), Play(3, cs("Kh")))
    assert g.tricks[4] == 2                           # no trump: highest of the suit led


def test_misere_ouverte_exposed_after_first_trick() -> None:
    """#misere-ouverte: the declarer's hand is shown to all after the first trick, not
    before."""
    g = game()
    run(g, Bid(2, "misere-ouverte"), Pass(3), Pass(4), Pass(1))
    assert g.view(3)["exposed"] == {}
    for _ in range(4):
        seat = g.to_act
        assert seat is not None
        g.apply(g.legal_ops(seat)[0])
    assert g.view(3)["exposed"] == {2: tuple(g.hands[2])}
    assert g.view(None)["exposed"] == {2: tuple(g.hands[2])}
    assert any(e.kind == "exposed" and e.seat == 2 for e in g.log)


def test_slam_declarer_leads() -> None:
    """#slam: the declarer leads to the first trick, with no trumps."""
    g = game()
    run(g, Pass(2), Bid(3, "slam"), Pass(4), Pass(1))
    assert g.to_act == 3 and g.trump is None


def test_payment_solo_made() -> None:
    """#payment: a made Solo is paid by each defender; counters sum to zero."""
    g = game()                          # seat 1 holds every spade; spades are trumps
    run(g, Pass(2), Pass(3), Pass(4), Bid(1, "solo"))
    play_out(g)
    assert g.counters == {1: 3, 2: -1, 3: -1, 4: -1}
    assert g.dealer == 2                # the deal passes to the left


def test_payment_prop_broken_and_made() -> None:
    """#payment: a Prop pays each partner from each defender, or each partner pays each
    defender when broken."""
    g = game()
    run(g, Bid(2, "prop"), Bid(3, "cop"), Pass(4), Pass(1))
    play_out(g)                         # seat 1's thirteen trumps take every trick
    assert g.counters == {1: 2, 2: -2, 3: -2, 4: 2}
    g = game()
    run(g, Pass(2), Pass(3), Bid(4, "prop"), Bid(1, "cop"))
    play_out(g)
    assert g.counters == {1: 2, 2: -2, 3: -2, 4: 2}


def test_payment_matches_contract_in_bot_games() -> None:
    """#payment: over many bot deals each result pays exactly credits × defenders."""
    g = SoloWhist(SoloWhistRules(), RandomShuffler.seeded(21))
    bots = make_bots("solo-whist", 4, 21, ["heuristic", "random", "heuristic", "random"])
    for _ in range(25):
        before = dict(g.counters)
        dealer = g.to_act
        assert dealer is not None
        g.apply(Deal(dealer))
        while g.phase is not Phase.DEAL:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].choose(g.view(seat), g.legal_ops(seat)))
        r = g.results[-1]
        assert sum(g.counters.values()) == 0
        if r["contract"] is None:
            assert g.counters == before
            continue
        credits = next(b.credits for b in LADDER if b.name == r["contract"])
        for s in g.seats:
            delta = g.counters[s] - before[s]
            sign = 1 if (s in r["declarers"]) == r["made"] else -1
            per = (4 - len(r["declarers"])) if s in r["declarers"] else len(r["declarers"])
            assert delta == sign * credits * per
        g.check_invariants()


def test_refusals() -> None:
    """Refusals are typed, written for the player, and change nothing."""
    g = game()
    with pytest.raises(IllegalMoveError, match="higher"):
        run(g, Bid(2, "solo"), Bid(3, "prop"))
    assert unchanged(g, Bid(3, "grand"))
    assert unchanged(g, Play(3, cs("2h")))
    assert unchanged(g, Deal(1))
    assert unchanged(g, NameTrump(3, Suit.CLUBS))
