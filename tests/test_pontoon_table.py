"""Pontoon on the table engine, one test (or a few) per rule of docs/pontoon.md#pontoon. Shoes are
stacked: the draw for the bank gives seat 1 a random card and seat 2 the jack of spades, so seat 2
banks and play goes 3, 1 from the banker's left; the play shuffle burns a random card and deals the
named cards next."""

from __future__ import annotations

import pytest

from twentyone.cards import Rank, Suit
from twentyone.engine.events import Event, Kind
from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.engine.table import Action, Phase
from twentyone.errors import BetError, RulesError, SeatError, TableError, WrongPhaseError
from twentyone.pontoon.auto import banker_sees, play_pontoon, pontoon_json
from twentyone.pontoon.bots import stand_on_17
from twentyone.pontoon.table import PontoonAction, PontoonKind, PontoonRules, PontoonTable
from twentyone.protocol import HOUSE

C = 100  # one chip, in cents
BANKER = 2


def table(*play: str, players: int = 3, chips: int = 50,
          later: tuple[list[str], ...] = ()) -> PontoonTable:
    t = PontoonTable(PontoonRules(players=players), StackedShuffler(
        [["Js"], list(play), *later], then=RandomShuffler.seeded(0)))
    for n in range(1, players + 1):
        t.sit(n, chips * C)
    t.draw_for_bank()
    assert t.banker == BANKER
    return t


def dealt(t: PontoonTable, s3: int = 1, s1: int = 1) -> None:
    """Seat 3 bets ``s3`` chips, seat 1 ``s1``; deal."""
    t.bet(3, s3 * C)
    t.bet(1, s1 * C)
    t.deal()


def settled(events: tuple[Event, ...] | list[Event], seat: int) -> list[int]:
    return [e.amount for e in events if e.kind is Kind.SETTLED and e.seat == seat]


# --- number of players, the pack --------------------------------------------------------------

def test_two_to_fourteen_players() -> None:
    """docs/pontoon.md#players-and-the-pack: two to 14 people can play."""
    for bad in (1, 15):
        with pytest.raises(RulesError):
            PontoonRules(players=bad)
    t = PontoonTable(PontoonRules(players=14), seed=1)
    for n in range(1, 15):
        t.sit(n, 10 * C)
    with pytest.raises(SeatError):
        t.sit(15, 10 * C)
    t.draw_for_bank()
    assert t.banker in range(1, 15)
    lonely = PontoonTable(PontoonRules(players=2), seed=1)
    lonely.sit(1, 10 * C)
    with pytest.raises(SeatError):
        lonely.draw_for_bank()  # one player cannot play


def test_one_52_card_pack_always() -> None:
    """docs/pontoon.md#players-and-the-pack: a single standard pack is always used."""
    t = table()
    assert t.rules.decks == 1
    shoe = t.shoe
    assert len(shoe.cards) == 52 and len({c.id for c in shoe.cards}) == 52


def test_ace_counts_1_or_11_and_court_cards_10() -> None:
    """docs/pontoon.md#players-and-the-pack: an ace is worth 1 or 11 at the holder's option, a face
    card 10."""
    t = table("Ah", "Jc", "10d", "5h", "Qd", "9d", "Kc")
    dealt(t)
    t.hit(3)  # A-5-K: the ace counts 1, 16, not bust
    hand = t.seats[3].hands[0]
    assert hand.total == 16 and not hand.busted
    t.stand(3)
    t.stand(1)  # J-Q: 20
    assert t.phase is Phase.DEALER
    r = t.dealer_stand()  # 10-9: 19
    assert settled(r.events, 1) == [C] and settled(r.events, 3) == [-C]


# --- first banker, shuffle, cut and burn ------------------------------------------------------

def test_first_banker_is_dealt_the_jack_of_spades_or_clubs() -> None:
    """docs/pontoon.md#choosing-the-first-banker: deal face up in rotation until a black jack
    falls."""
    t = table()
    draw = [e for e in t.log if e.note == "draw for the bank"]
    assert [e.seat for e in draw] == [1, 2] and all(e.face_up for e in draw)
    last = draw[-1].card
    assert last is not None and last.rank is Rank.JACK and last.suit is Suit.SPADES
    changed = [e for e in t.log if e.kind is PontoonKind.BANK_CHANGED]
    assert [(e.seat, e.note) for e in changed] == [(2, "first banker")]
    assert t.bank_changes == 0  # choosing the first banker is not a change of bank


def test_the_burned_card_is_shown_and_lies_at_the_bottom_with_the_discards_under_it() -> None:
    """docs/pontoon.md#the-shuffle-the-cut-and-the-burned-card: the top card is shown and placed
    face up at the bottom; the discards go face up under it after each hand."""
    t = table("10h", "9h", "8h", "7d", "8d", "10d")
    burned = [e for e in t.log if e.kind is Kind.BURNED]
    assert len(burned) == 1 and burned[0].face_up
    card = burned[0].card
    assert t.shoe.discards == [card]
    dealt(t)
    t.stand(3)
    t.stand(1)
    t.dealer_stand()
    assert t.shoe.discards[0] == card and len(t.shoe.discards) == 7
    assert card not in t.shoe.cards[t.shoe.pos:]  # never dealt: the deal stops at it


def test_reaching_the_burned_card_mid_deal_shuffles_and_cuts_again() -> None:
    """docs/pontoon.md#the-shuffle-the-cut-and-the-burned-card: "When the burned card is reached
    during a deal, there is a new shuffle and cut before the game continues" — only the cards off
    the table go into the new pack."""
    t = PontoonTable(PontoonRules(players=6), seed=7)
    for n in range(1, 7):
        t.sit(n, 100 * C)
    t.draw_for_bank()
    from twentyone.pontoon.auto import PontoonBot

    seen_mid_deal = 0
    for _ in range(60):
        for n in t.players():
            t.bet(n, C)
        start = len(t.log)
        t.deal()
        while t.phase is not Phase.BETTING:
            on_table = t.cards_in_play()
            assert len({c.id for c in on_table}) == len(on_table)
            refills = len([e for e in t.log if e.kind is Kind.REFILLED])
            PontoonBot(stand_on_17).play(t)
            if len([e for e in t.log if e.kind is Kind.REFILLED]) > refills:
                assert not set(on_table) & set(t.shoe.cards)  # cards in play stay out
        events = t.log[start:]
        kinds = [e.kind for e in events]
        for i, k in enumerate(kinds):
            if k is Kind.REFILLED:
                seen_mid_deal += 1
                assert Kind.ROUND_ENDED not in kinds[:i]
                assert kinds[i + 1] is Kind.BURNED and events[i + 1].face_up
        assert Kind.SHUFFLED not in kinds  # no shuffle between hands: only at the burned card
    assert seen_mid_deal >= 3


# --- bets and the deal --------------------------------------------------------------------

def test_bets_are_one_chip_up_to_the_limit_and_the_banker_does_not_bet() -> None:
    """docs/pontoon.md#betting: not less than one chip nor more than the limit, usually five
    chips."""
    t = table()
    assert t.can_bet(1, C) and t.can_bet(1, 5 * C)
    assert not t.can_bet(1, 6 * C) and not t.can_bet(1, C // 2) and not t.can_bet(1, 0)
    with pytest.raises(BetError):
        t.bet(BANKER, C)
    assert Action.BET not in t.legal_actions(BANKER)
    assert Action.BET in t.legal_actions(1)
    seven = PontoonTable(PontoonRules(players=3, limit=7), seed=1)
    seven.sit(1, 50 * C)
    seven.sit(2, 50 * C)
    seven.draw_for_bank()
    player = 1 if seven.banker == 2 else 2
    assert seven.can_bet(player, 7 * C) and not seven.can_bet(player, 8 * C)


def test_one_card_face_down_to_everyone_then_one_face_up() -> None:
    """docs/pontoon.md#the-deal: one card face down to each player in rotation, the dealer included,
    then a second round face up in the same order."""
    t = table("10h", "9h", "8h", "7d", "6d", "10d")
    dealt(t)
    deal = [e for e in t.log if e.kind is Kind.DEALT and e.note == ""]
    assert [(e.seat, e.face_up) for e in deal] == [
        (3, False), (1, False), (HOUSE, False), (3, True), (1, True), (HOUSE, True)]


# --- naturals -----------------------------------------------------------------------------

def test_a_bankers_natural_collects_double_but_only_the_bet_from_a_natural() -> None:
    """docs/pontoon.md#the-bankers-natural: every player pays the dealer's natural double the bet; a
    player with a natural too pays just the amount of the bet."""
    t = table("10h", "Ac", "Ah", "7d", "Kc", "Kd")
    before = t.bankroll(BANKER)
    dealt(t, s3=2, s1=3)
    assert t.phase is Phase.BETTING  # settled at once
    assert settled(t.log, 3) == [-4 * C] and settled(t.log, 1) == [-3 * C]
    assert t.bankroll(BANKER) == before + 7 * C


def test_the_help_page_says_what_the_engine_does_with_two_naturals() -> None:
    """The F1 page once said a player's natural "just pushes" against the banker's; by
    docs/pontoon.md#the-bankers-natural (and the test above) it pays the bet."""
    from twentyone.games.registry import TABLES
    from twentyone.tui.pages import help_page

    page = str(help_page(TABLES["pontoon"].help))
    assert "push" not in page
    assert "a player who has one too pays just the bet" in page


def test_a_players_natural_against_a_banker_without_one_is_paid_double() -> None:
    """docs/pontoon.md#naturals: when a player has a natural and the dealer does not, the dealer
    pays double the bet."""
    t = table("Ah", "9c", "10h", "Kd", "9d", "9s")
    dealt(t, s3=3)
    assert settled(t.log, 3) == [6 * C]  # paid at once, on the player's turn
    assert t.to_act == (1, 0)


# --- drawing, busting, splitting, doubling ------------------------------------------------

def test_a_bust_pays_at_once_and_shows_the_hole_card() -> None:
    """docs/pontoon.md#your-turn: a player who goes bust declares so and turns up the hole card; the
    dealer collects the bet."""
    t = table("10h", "9c", "10d", "6d", "9d", "7s", "Kc")
    dealt(t, s3=2)
    before = t.bankroll(BANKER)
    r = t.hit(3)
    kinds = [e.kind for e in r.events]
    assert Kind.TURNED in kinds and kinds.index(Kind.TURNED) < kinds.index(Kind.SETTLED)
    turned = [e.card for e in r.events if e.kind is Kind.TURNED]
    assert turned == [t.seats[3].hands[0].cards[0]]
    assert settled(r.events, 3) == [-2 * C] and t.bankroll(BANKER) == before + 2 * C
    assert t.to_act == (1, 0)


def test_players_draw_as_long_as_they_like_until_they_stand() -> None:
    t = table("2h", "9c", "10d", "2d", "9d", "7s", "2c", "3c", "Ac")
    dealt(t)
    for _ in range(3):
        assert t.can_hit(3)
        t.hit(3)
    assert len(t.seats[3].hands[0].cards) == 5  # 2-2-2-3-A: 10 or 20, still drawing allowed
    assert t.to_act == (3, 0)


def test_players_may_split_and_double_the_banker_may_not() -> None:
    """docs/pontoon.md#your-turn: "a player against the dealer may split a pair or double down, and
    the dealer does not have this option"."""
    t = table("8h", "5c", "10d", "8d", "6d", "7s", "2c", "3c", "10c")
    dealt(t)
    assert t.can_split(3)
    t.split(3)
    assert len(t.seats[3].hands) == 2
    t.stand(3)
    t.stand(3)
    assert t.can_double(1)  # 5-6: eleven
    t.double(1)
    assert t.phase is Phase.DEALER
    assert t.legal_actions(BANKER) == (Action.DEALER_STAND, Action.DEALER_HIT)
    assert not t.can_split(BANKER) and not t.can_double(BANKER)


# --- the banker's play and settlement -----------------------------------------------------

def test_the_banker_is_not_bound_to_any_total() -> None:
    """docs/pontoon.md#the-bankers-play: "The dealer is not bound by the rules to stand on or draw
    to any total": a banker may stand on 12 and draw to 19; the table waits for the banker's
    decision."""
    t = table("10h", "9c", "10d", "8d", "8s", "2s", "2c", "Kc", *[])
    dealt(t)
    t.stand(3)
    t.stand(1)
    assert t.phase is Phase.DEALER and t.to_act == (BANKER, 0)
    with pytest.raises(TableError):
        t.hit(BANKER)
    # A player's request now gets the real reason: Pontoon offers no insurance.
    with pytest.raises(TableError, match="every player has played: it is the banker's turn"):
        t.stand(1)
    t.dealer_hit()  # 12, drawing the 2c: 14
    assert t.phase is Phase.DEALER
    r = t.dealer_stand()  # stands on 14
    assert settled(r.events, 3) == [C] and settled(r.events, 1) == [C]
    t2 = table("10h", "9c", "10d", "8d", "Kd", "9s", "2c")
    dealt(t2)
    t2.stand(3)
    t2.stand(1)
    assert t2.can_dealer_hit()  # 19 may still draw
    t2.dealer_hit()
    assert t2.phase is Phase.DEALER and t2.dealer.total == 21
    with pytest.raises(WrongPhaseError):
        t.dealer_hit()  # round over


def test_a_banker_bust_pays_everyone_still_standing() -> None:
    """docs/pontoon.md#settlement: "If the dealer goes over 21, he pays all players who have stood"
    — a player who went bust has already paid."""
    t = table("10h", "9c", "10d", "6d", "5d", "6s", "Kc", "Qs")
    dealt(t, s3=2, s1=3)
    t.hit(3)  # 16 + K: bust, paid to the banker at once
    t.stand(1)  # 14
    r = t.dealer_hit()  # 16 + Q: bust
    assert settled(t.log, 3) == [-2 * C] and settled(r.events, 1) == [3 * C]


def test_ties_pay_the_dealer_and_higher_totals_are_paid() -> None:
    """docs/pontoon.md#settlement: the dealer pays all who stood with a higher total and collects
    from all who stood with a lower total or the same total, "ties pay the dealer"."""
    t = table("10h", "9c", "10d", "9d", "9s", "8s")
    dealt(t, s3=2, s1=3)
    t.stand(3)  # 19
    t.stand(1)  # 18
    r = t.dealer_stand()  # 18
    assert settled(r.events, 3) == [2 * C]
    assert [(e.amount, e.note) for e in r.events if e.kind is Kind.SETTLED and e.seat == 1] == [
        (-3 * C, "tie")]


# --- bonuses ------------------------------------------------------------------------------

def test_five_card_hand_is_paid_double_at_once_and_never_lost() -> None:
    """docs/pontoon.md#bonus-hands: five cards totalling 21 or under collect double the bet at once,
    and cannot later lose, even if the dealer has a higher total."""
    t = table("2h", "9c", "10d", "3d", "9d", "5s", "2c", "4c", "5c", "6s")
    dealt(t, s3=2)
    t.hit(3)
    t.hit(3)
    r = t.hit(3)  # 2-3-2-4-5: sixteen in five cards
    assert not settled(r.events, 3)  # may still draw for six cards
    r = t.stand(3)
    assert settled(r.events, 3) == [4 * C]  # double the two-chip bet, paid at once
    t.stand(1)
    t.dealer_hit()  # 15 + 6 = 21 beats 16, but the bonus hand is no longer in play
    assert settled(t.log, 3) == [4 * C]


def test_six_cards_pay_four_times() -> None:
    t = table("2h", "9c", "10d", "2d", "9d", "5s", "Ac", "3c", "2s", "Ad")
    dealt(t)
    for _ in range(3):
        t.hit(3)
    assert not settled(t.log, 3)
    r = t.hit(3)  # 2-2-A-3-2-A: a sixth card making 21 ends the hand and is paid at once
    assert settled(r.events, 3) == [4 * C]


def test_three_sevens_pay_triple_and_8_7_6_pays_double() -> None:
    t = table("7h", "8c", "10d", "7d", "7c", "5s", "7s", "6c")
    dealt(t, s3=2, s1=1)
    r = t.hit(3)  # 7-7-7: twenty-one, paid at once
    assert settled(r.events, 3) == [6 * C]
    r = t.hit(1)  # 8-7-6
    assert settled(r.events, 1) == [2 * C]
    assert t.phase is Phase.BETTING  # nothing stands against the banker: no banker play


def test_the_banker_collects_no_more_than_the_bet_for_a_bonus_shape() -> None:
    """docs/pontoon.md#bonus-hands: the dealer does not collect more than the bets for making any of
    these."""
    t = table("10h", "Kc", "2d", "10s", "Qc", "3d", "2c", "4c", "Kd")
    dealt(t, s3=2, s1=3)
    t.stand(3)
    t.stand(1)
    for _ in range(3):
        t.dealer_hit()  # 2-3-2-4-K: five cards, 21
    r = t.dealer_stand()
    assert settled(r.events, 3) == [-2 * C] and settled(r.events, 1) == [-3 * C]


# --- the bank changes hands ---------------------------------------------------------------

def test_a_players_natural_against_none_takes_the_bank() -> None:
    """docs/pontoon.md#a-natural-takes-the-bank: the player with the natural becomes the next
    dealer, after all bets in the deal have been settled."""
    t = table("10h", "Ac", "10d", "7d", "Kc", "9d")
    dealt(t)
    t.stand(3)
    t.dealer_stand()
    assert t.banker == 1 and t.bank_changes == 1
    kinds = [e.kind for e in t.log]
    assert kinds.index(PontoonKind.BANK_CHANGED, kinds.index(Kind.ROUND_ENDED)) > kinds.index(
        Kind.ROUND_ENDED)
    assert t.players() == [2, 3]  # play now goes from seat 1's left


def test_of_several_naturals_the_nearest_the_bankers_left_takes_the_bank() -> None:
    t = table("Ad", "Ac", "10d", "Kd", "Kc", "9d")
    dealt(t)
    assert t.banker == 3 and t.bank_changes == 1


def test_the_bank_stays_when_the_banker_has_a_natural_too() -> None:
    t = table("10h", "Ac", "Ad", "7d", "Kc", "Kd")
    dealt(t)
    assert t.banker == BANKER and t.bank_changes == 0


def test_the_entitled_player_may_give_or_sell_the_bank() -> None:
    """docs/pontoon.md#giving-or-selling-the-bank: "A player entitled to deal may, if he wishes,
    give or sell the privilege to another player" — for an agreed number of chips, before
    dealing: the banker offers, and the other player accepts."""
    t = table("10h", "Ac", "10d", "7d", "Kc", "9d")
    dealt(t)
    t.stand(3)
    t.dealer_stand()
    assert t.banker == 1
    with pytest.raises(SeatError):
        t.offer_bank(3, 2, 0)  # only the banker can
    before = {n: t.bankroll(n) for n in t.seats}
    t.offer_bank(1, 3, 4 * C)
    assert t.banker == 1 and {n: t.bankroll(n) for n in t.seats} == before  # nothing moves yet
    t.accept_bank(3)
    assert t.banker == 3 and t.bank_changes == 2
    assert t.bankroll(3) == before[3] - 4 * C and t.bankroll(1) == before[1] + 4 * C
    with pytest.raises(TableError):
        t.offer_bank(3, 2, 0)  # bought, not entitled by a natural: no further passing
    with pytest.raises(BetError):
        table().offer_bank(BANKER, 1, 51 * C)  # the buyer must hold the price


def _entitled() -> PontoonTable:
    """Seat 1 has just taken the bank by a natural (docs/pontoon.md#a-natural-takes-the-bank)."""
    t = table("10h", "Ac", "10d", "7d", "Kc", "9d")
    dealt(t)
    t.stand(3)
    t.dealer_stand()
    assert t.banker == 1 and t.entitled
    return t


def test_a_sale_of_the_bank_is_an_offer_the_buyer_may_decline() -> None:
    """Issue 22: a banker sold the bank for another player's stack without asking. Nothing moves
    until the player offered the bank accepts; declining leaves every chip and the bank where
    they were, and only that player may answer."""
    t = _entitled()
    before = {n: t.bankroll(n) for n in t.seats}
    t.offer_bank(1, 3, before[3])  # the whole stack
    assert t.offer is not None and t.offer.to == 3
    assert PontoonAction.ACCEPT_BANK in t.legal_actions(3)
    assert PontoonAction.ACCEPT_BANK not in t.legal_actions(2)
    for seat in (1, 2):
        with pytest.raises(WrongPhaseError):
            t.accept_bank(seat)
    with pytest.raises(WrongPhaseError):
        t.decline_bank(2)
    t.decline_bank(3)
    assert t.offer is None and t.banker == 1 and t.entitled
    assert {n: t.bankroll(n) for n in t.seats} == before
    with pytest.raises(WrongPhaseError):
        t.accept_bank(3)  # declined: nothing left to accept


def test_an_offer_of_the_bank_is_withdrawn_or_lapses_when_the_table_moves_on() -> None:
    """The banker may take an offer back; and an offer stands only while nothing else happens
    at the table: after a bet (or a seat changing hands) it cannot be accepted."""
    t = _entitled()
    t.offer_bank(1, 3, 2 * C)
    with pytest.raises(WrongPhaseError):
        t.withdraw_bank(3)  # only the banker who offered
    t.withdraw_bank(1)
    assert t.offer is None
    with pytest.raises(WrongPhaseError):
        t.accept_bank(3)
    t.offer_bank(1, 3, 2 * C)
    t.bet(2, C)
    assert t.offer is None and PontoonAction.ACCEPT_BANK not in t.legal_actions(3)
    with pytest.raises(WrongPhaseError):
        t.accept_bank(3)
    t = _entitled()
    t.offer_bank(1, 3, 2 * C)
    t.leave(3)
    t.sit(3, 100 * C)  # someone else in seat 3 never saw that offer
    with pytest.raises(WrongPhaseError):
        t.accept_bank(3)
    assert t.banker == 1


def test_the_price_of_the_bank_is_whole_chips_the_buyer_holds() -> None:
    t = _entitled()
    for price in (-C, C // 2, t.bankroll(3) + C, "100", 1.5):
        with pytest.raises(BetError):
            t.offer_bank(1, 3, price)
    assert t.offer is None and not t.ops[-1].name.endswith("bank")


def test_the_banker_pays_with_their_own_chips() -> None:
    """docs/pontoon.md#a-bank-pays-only-what-it-holds, via the issue: chips move between players;
    nothing is created or destroyed."""
    t = table("Ah", "9c", "10h", "Kd", "9d", "9s")
    total = sum(t.bankroll(n) for n in t.seats)
    banker = t.bankroll(BANKER)
    dealt(t, s3=3)
    assert t.bankroll(BANKER) == banker - 6 * C
    t.stand(1)
    t.dealer_stand()
    assert sum(t.bankroll(n) for n in t.seats) == total
    assert t.chips_total() == total


def test_banker_bot_sees_only_shown_cards() -> None:
    t = table("10h", "9c", "10d", "8d", "8s", "2s")
    dealt(t)
    t.stand(3)
    t.stand(1)
    own, standing, _ = banker_sees(t)
    assert own == [10, 2]
    assert sorted(s.shown for s in standing) == [(8,), (8,)]
    assert all(s.hidden == 1 for s in standing)


def test_auto_game_keeps_every_chip_and_counts_bank_changes() -> None:
    table, result = play_pontoon(PontoonRules(players=5), rounds=300, seed=3)
    data = pontoon_json(table, result, "reading")
    assert data["rounds"] == 300
    start = sum(s["bankroll_start"] for s in data["seats"].values())
    end = sum(s["bankroll_end"] for s in data["seats"].values())
    assert start == end
    changes = data["bank_changes"]
    assert isinstance(changes, int) and changes > 0


def test_the_banker_sees_their_own_hole_card_and_nobody_else_does() -> None:
    """The banker deals themself one card face down (docs/pontoon.md#the-deal): theirs to know,
    hidden from the players and spectators until it is turned up."""
    from twentyone.engine.views import view, visible_events
    from twentyone.protocol import HOUSE

    t = table("10h", "9c", "Qd", "8d", "8s", "2s")
    dealt(t)
    assert view(t, BANKER).dealer[0] is not None and view(t, BANKER).dealer_total == 12
    for viewer in (HOUSE, 1, 3):
        assert view(t, viewer).dealer[0] is None
    hole = [e for e in visible_events(t, 1) if e.kind is Kind.DEALT and e.seat == HOUSE]
    assert hole[0].card is None
    own = [e for e in visible_events(t, BANKER) if e.kind is Kind.DEALT and e.seat == HOUSE]
    assert own[0].card is not None


def test_a_player_short_of_the_double_pays_a_bankers_natural_what_they_hold() -> None:
    """docs/pontoon.md#the-bankers-natural: the banker's natural collects double; a player who bet
    everything but one chip pays the bet and the chip they have left, and no chip is created."""
    t = table("10h", "9c", "Ah", "7d", "8d", "Kd", chips=6)
    total = t.chips_total()
    dealt(t, s3=5, s1=1)
    assert settled(t.log, 3) == [-6 * C] and t.bankroll(3) == 0
    assert settled(t.log, 1) == [-2 * C]
    assert t.chips_total() == total


def test_every_shuffle_is_cut() -> None:
    """docs/pontoon.md#the-shuffle-the-cut-and-the-burned-card: the dealer shuffles and any other
    player may cut, at the start and each time the burned card is reached."""
    t = PontoonTable(PontoonRules(players=7), seed=5)
    for n in range(1, 8):
        t.sit(n, 100 * C)
    t.draw_for_bank()
    from twentyone.pontoon.auto import PontoonBot

    for _ in range(15):
        for n in t.players():
            t.bet(n, C)
        t.deal()
        while t.phase is not Phase.BETTING:
            PontoonBot(stand_on_17).play(t)
    plays = t.shoe.history[1:]  # the first shuffle is the pack for the draw
    assert len(plays) >= 3 and all(r.cut_at for r in plays)


def test_legal_actions_offer_the_draw_then_the_bank_moves_and_never_a_banker_bet() -> None:
    t = PontoonTable(PontoonRules(players=2), seed=3)
    t.sit(1, 10 * C)
    assert not t.can_draw_for_bank()  # one player is no game
    t.sit(2, 10 * C)
    acts = t.legal_actions(1)
    assert PontoonAction.DRAW_FOR_BANK in acts and Action.BET not in acts
    t.draw_for_bank()
    assert not t.can_draw_for_bank()
    with pytest.raises(WrongPhaseError):
        t.verify_draw_for_bank()
    banker = t.banker
    assert banker is not None
    acts = t.legal_actions(banker)
    assert PontoonAction.OFFER_BANK in acts and Action.BET not in acts and Action.LEAVE not in acts
    with pytest.raises(TableError):
        t.leave(banker)


@pytest.mark.parametrize(("to", "price", "error"), [
    (1, 2.0 * C, BetError), (1, True, BetError), (1, "200", BetError), (1, None, BetError),
    ("1", 2 * C, SeatError), ([1], 2 * C, SeatError), (1.0, 2 * C, SeatError)])
def test_an_offer_of_the_bank_for_no_price_or_to_no_seat_is_refused_and_moves_nothing(
        to: object, price: object, error: type[TableError]) -> None:
    """Issue 22: a price is whole cents, as a bet is; a buyer is a seat number. Refused with a
    typed error, the bank and every chip where they were."""
    t = table()
    before = ({n: t.bankroll(n) for n in t.seats}, t.banker, len(t.log))
    with pytest.raises(error):
        t.offer_bank(BANKER, to, price)
    assert ({n: t.bankroll(n) for n in t.seats}, t.banker, len(t.log)) == before
