"""The shoe, clause by clause (issue 2 "Shoe"): injected shuffling (secure, seeded, stacked), a
player's cut, the cut card where the preset puts it, the burn card, the discard tray, the reshuffle
after the round in which the cut card came out (docs/casino.md#when-the-dealer-reshuffles), and the
casino-party shoe (docs/casino-party.md#the-cards): reshuffle before a game below about 25 cards,
and shuffle the used cards to finish a game."""

from __future__ import annotations

import secrets
from collections import Counter

import pytest
from engine_kit import D, dealt_to, kinds, stacked

from twentyone.cards import Card, fresh_shoe
from twentyone.engine.events import Event, Kind
from twentyone.engine.shoe import RandomShuffler
from twentyone.engine.table import Phase, Table
from twentyone.engine.views import visible_events
from twentyone.rules import PRESETS, Rules


def play_to_17(t: Table) -> None:
    """Finish the round: decline every offer, hit below 17, stand on 17 or more."""
    while t.phase is not Phase.BETTING:
        to_act = t.to_act
        assert to_act is not None
        seat, hand = to_act
        if t.phase is Phase.INSURANCE:
            t.decline(seat)
        elif t.seats[seat].hands[hand].total < 17:
            t.hit(seat)
        else:
            t.stand(seat)


def one_round(t: Table, seats: int, bet: int) -> list[Event]:
    start = len(t.log)
    for n in range(1, seats + 1):
        t.bet(n, bet)
    t.deal()
    play_to_17(t)
    return t.log[start:]


# --- shuffling, injected ----------------------------------------------------------------------

def test_issue2_live_play_shuffles_with_a_cryptographically_secure_source() -> None:
    """Issue 2: "cryptographically secure by default for play"."""
    t = Table(PRESETS["classic"])
    shuffler = t.shoe.shuffler
    assert isinstance(shuffler, RandomShuffler)
    assert isinstance(shuffler.rng, secrets.SystemRandom)


def test_issue2_a_seed_gives_a_reproducible_shoe() -> None:
    """Issue 2: "a seed for reproducible games"; each shoe holds every physical card once."""
    rules = PRESETS["six-deck-s17"]
    a, b, c = (Table(rules, seed=s).shoe.cards for s in (11, 11, 12))
    assert a == b and a != c
    assert sorted(x.id for x in a) == list(range(6 * 52))


def test_issue2_an_explicit_card_order_for_tests() -> None:
    """Issue 2: "an explicit card order for tests": a stacked shoe deals the named cards."""
    t = stacked("classic", ["8s", "Kd", "8h", "7c"])
    t.sit(1, 100 * D)
    t.bet(1, 5 * D)
    rec = t.deal()
    assert dealt_to(rec.events) == [(1, "8s", True), (0, "Kd", True), (1, "8h", True),
                                    (0, "7c", False)]


class _NoShuffle:
    """A random source that leaves the pack in order and has the player cut at ``cut``."""

    def __init__(self, cut: int) -> None:
        self.cut = cut
        self.asked: list[tuple[int, int]] = []

    def shuffle(self, x: list[Card]) -> None:
        pass

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        return self.cut if len(self.asked) == 1 else b


def test_a_player_cuts_the_shuffled_pack() -> None:
    """docs/casino.md#the-shuffle-and-the-cut: "He designates one of the players to cut"; "Complete
    the cut by sliding the bottom part of the deck behind the cut card away and putting it on the
    top": the pack is rotated at the player's cut, which is never at the very ends."""
    rules = PRESETS["classic"].replace(decks=1, cut_behind=None, penetration=0.75)
    source = _NoShuffle(cut=20)
    result = RandomShuffler(source).shuffle(fresh_shoe(1), rules)
    new_pack = fresh_shoe(1)
    assert result.cut_at == 20
    assert result.order == new_pack[20:] + new_pack[:20]
    lo, hi = source.asked[0]
    assert lo > 0 and hi < 52
    t = Table(rules, RandomShuffler(_NoShuffle(cut=33)))
    shuffled = [e for e in t.log if e.kind is Kind.SHUFFLED]
    assert [e.amount for e in shuffled] == [33]
    assert t.shoe.cards[0] == new_pack[33]


# --- the cut card -----------------------------------------------------------------------------

def behind_cut_card(t: Table) -> int:
    assert t.shoe.cut_index is not None
    return len(t.shoe.cards) - t.shoe.cut_index


def test_classic_cut_card_leaves_the_last_60_to_75_cards() -> None:
    """docs/casino.md#the-cut-card: "the plastic insert card is placed so that the last 60 to 75
    cards or so will not be used"; the shuffle event says how many lie behind it."""
    seen = set()
    for seed in range(40):
        t = Table(PRESETS["classic"], seed=seed)
        behind = behind_cut_card(t)
        assert 60 <= behind <= 75
        assert [e.note for e in t.log if e.kind is Kind.SHUFFLED] == [str(behind)]
        seen.add(behind)
    assert len(seen) > 5  # placed by hand, not always at the same card


def test_modern_casino_cut_card_about_one_deck_from_the_end() -> None:
    """docs/casino.md#the-cut-card: on six decks the cut card "is normally placed about one deck
    from the end"."""
    for seed in range(20):
        assert 48 <= behind_cut_card(Table(PRESETS["modern-casino"], seed=seed)) <= 56


@pytest.mark.parametrize(("preset", "behind"), [("six-deck-s17", 78), ("single-deck", 21),
                                                ("european", 78)])
def test_issue2_cut_card_by_penetration(preset: str, behind: int) -> None:
    """Issue 2 ``penetration``: the share of the shoe dealt before the cut card (75% of 312
    cards leaves 78 behind it; 60% of 52 leaves 21)."""
    assert behind_cut_card(Table(PRESETS[preset], seed=5)) == behind


# --- burn and discards ------------------------------------------------------------------------

def test_one_card_is_burned_after_the_shuffle() -> None:
    """docs/casino.md#burn-cards: "Before dealing any player hands from the newly-shuffled deck,
    discard one card." The burned card goes face down to the discards and is not named to the
    players."""
    t = Table(PRESETS["modern-casino"], seed=8)
    burned = t.shoe.cards[0]
    assert kinds(t.log) == [Kind.SHUFFLED, Kind.BURNED]
    assert t.log[1].card == burned and t.log[1].face_up is False
    assert t.shoe.discards == [burned] and t.shoe.pos == 1
    assert visible_events(t, 1)[1].card is None
    t.sit(1, 100 * D)
    t.bet(1, 5 * D)
    rec = t.deal()
    assert dealt_to(rec.events)[0][1] == t.shoe.cards[1].code


def test_issue2_no_burn_in_the_classic_game() -> None:
    t = Table(PRESETS["classic"], seed=8)
    assert kinds(t.log) == [Kind.SHUFFLED] and t.shoe.pos == 0 and t.shoe.discards == []


def test_cards_go_to_the_discard_tray_after_the_round() -> None:
    """docs/casino.md#when-the-dealer-reshuffles: the dealer gathers each player's cards and places
    them at the side against the L-shaped shield; the next round deals on from the shoe."""
    t = Table(PRESETS["modern-casino"], seed=9)
    for n in (1, 2, 3):
        t.sit(n, 100 * D)
    events = one_round(t, 3, 5 * D)
    dealt = [e.card for e in events if e.kind is Kind.DEALT]
    assert Counter(t.shoe.discards) == Counter([*t.shoe.burned, *dealt])
    assert t.shoe.remaining == 312 - 1 - len(dealt)
    assert t.shoe.cards[t.shoe.pos - len(dealt):t.shoe.pos] == dealt
    assert Kind.SHUFFLED not in kinds(events)


# --- reshuffling at the cut card (docs/casino.md#when-the-dealer-reshuffles) ------------------

def test_the_round_in_which_the_cut_card_comes_out_is_finished_then_shuffled() -> None:
    """docs/casino.md#when-the-dealer-reshuffles: "If the cut card is reached mid-hand, use the
    remaining cards behind it to finish out the hand. Then, shuffle the cards"; "Once that round of
    play is over, the dealer shuffles all the cards". The cut card lies behind the third card: it
    comes out during the deal, the hole card, a hit and the dealer's draw come from behind it, and
    the shuffle follows the end of the round."""
    rules = PRESETS["classic"].replace(decks=1, cut_behind=None)
    t = stacked(rules, ["10h", "7c", "6d", "9s", "5h", "Kd"], cut_behind=49)
    assert t.shoe.cut_index == 3
    t.sit(1, 100 * D)
    t.bet(1, 5 * D)
    t.deal()
    t.hit(1)  # 16 + 5 = 21; the dealer's 16 draws the king
    log = t.log
    ks = kinds(log)
    start, cut, end = (ks.index(k) for k in (Kind.ROUND_STARTED, Kind.CUT_CARD, Kind.ROUND_ENDED))
    assert start < cut < end
    assert log[cut].amount == 49  # cards left behind the cut card when it came out
    round_cards = [e.card.code for e in log[start:end] if e.kind is Kind.DEALT and e.card]
    assert round_cards[:3] == ["10h", "7c", "6d"]  # in front of the cut card
    assert round_cards[3:] == ["9s", "5h", "Kd"]  # behind it: hole card, hit, dealer's draw
    assert Kind.SHUFFLED not in ks[start:end]
    assert ks[end + 1] is Kind.SHUFFLED
    assert t.shoe.pos == 0 and t.shoe.discards == [] and len(t.shoe.cards) == 52


def test_no_shuffle_before_the_cut_card_comes_out() -> None:
    """docs/casino.md#when-the-dealer-reshuffles: "The dealer continues to deal from the shoe until
    he comes to the plastic insert card"; every round before it deals on from the same shoe."""
    t = Table(PRESETS["classic"], seed=4)
    t.sit(1, 1000 * D)
    first_cards = list(t.shoe.cards)
    rounds = 0
    while t.shoe.cut_index is not None and t.shoe.pos < t.shoe.cut_index:
        events = one_round(t, 1, 5 * D)
        rounds += 1
        if Kind.CUT_CARD in kinds(events):
            assert kinds(events)[-1] is Kind.BURNED or kinds(events)[-1] is Kind.SHUFFLED
            break
        assert Kind.SHUFFLED not in kinds(events)
        assert t.shoe.cards == first_cards
    assert rounds > 20  # 237-252 cards at a handful a round
    assert t.shoe.cards != first_cards and t.shoe.pos == 0


# --- the casino-party shoe (docs/casino-party.md#the-cards) -----------------------------------

def test_reshuffle_before_a_game_when_fewer_than_about_25_cards_remain() -> None:
    """docs/casino-party.md#the-cards: "If there are less than about 25 cards (a quarter of the
    combined deck) at the start of the game, reshuffle the decks. Otherwise, you can deal from the
    cards unused in previous games." There is no cut card."""
    t = Table(PRESETS["casino-party"], seed=21)
    assert t.shoe.cut_index is None
    t.sit(1, 1000 * D)
    t.sit(2, 1000 * D)
    shuffled_at: list[int] = []
    kept_at: list[int] = []
    for _ in range(80):
        left = t.shoe.remaining
        events = one_round(t, 2, 10 * D)
        shuffled = Kind.SHUFFLED in kinds(events)
        if shuffled:
            # before the game is dealt, not during it
            assert kinds(events).index(Kind.SHUFFLED) < kinds(events).index(Kind.ROUND_STARTED)
            shuffled_at.append(left)
        else:
            kept_at.append(left)
        assert shuffled == (left < 25)
        assert Kind.CUT_CARD not in kinds(events)
    assert len(shuffled_at) >= 3
    assert min(kept_at) < 35  # games were dealt from a low shoe without a shuffle


def test_run_out_mid_game_reshuffle_the_used_cards_and_continue() -> None:
    """docs/casino-party.md#the-cards: "If you run out of cards in the middle of a game, reshuffle
    the used cards and continue to deal." With seven seats and no reshuffle before a game the shoe
    runs dry mid-round: the discards (never a card on the table) are shuffled and the round
    finishes."""
    rules = PRESETS["casino-party"].replace(reshuffle_below=0)
    t = Table(rules, seed=3)
    for n in range(1, 8):
        t.sit(n, 1000 * D)
    for _ in range(30):
        events = one_round(t, 7, 10 * D)
        ks = kinds(events)
        if Kind.REFILLED not in ks:
            continue
        refill = ks.index(Kind.REFILLED)
        before = [e.card for e in events[:refill] if e.kind is Kind.DEALT]
        after = [e.card for e in events[refill:] if e.kind is Kind.DEALT]
        assert after and not set(before) & set(after)
        assert ks[-1] is Kind.ROUND_ENDED
        # The refill shuffled exactly the used cards: the whole pack but what was on the table.
        refill_record = t.shoe.history[-1]
        assert refill_record.behind is None
        assert len(refill_record.order) == 104 - len(before)
        assert Counter(refill_record.order) + Counter(before) == Counter(fresh_shoe(2))
        assert events[refill].amount == len(refill_record.order)
        return
    pytest.fail("the shoe never ran out mid-round")


def test_a_cut_card_shoe_that_runs_dry_is_refilled_then_shuffled_after_the_round() -> None:
    """A shoe dealt past its cut card to the last card still finishes the round from the
    shuffled discards, and the full shuffle follows the round."""
    rules: Rules = PRESETS["classic"].replace(decks=1, cut_behind=None)
    t = stacked(rules, [], cut_behind=1)
    for n in range(1, 8):
        t.sit(n, 1000 * D)
    for _ in range(10):
        events = one_round(t, 7, 5 * D)
        if Kind.REFILLED in kinds(events):
            assert kinds(events)[-2:] == [Kind.ROUND_ENDED, Kind.SHUFFLED]
            assert len(t.shoe.cards) == 52 and t.shoe.pos == 0
            return
    pytest.fail("the shoe never ran dry")
