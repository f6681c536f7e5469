"""Pontoon's own policy as pure functions (docs/pontoon.md#pontoon)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from twentyone.cards import Card, Rank, Suit, card, fresh_shoe, hand_total
from twentyone.pontoon.bots import (
    Standing,
    player_choice,
    reading_banker,
    stand_on_17,
    unseen_values,
)
from twentyone.pontoon.rules import bonus_multiple, first_banker, left_of, next_banker


def test_first_banker_is_whoever_the_jack_of_spades_or_clubs_falls_to() -> None:
    """docs/pontoon.md#choosing-the-first-banker: deal face up in rotation until a black jack
    falls."""
    pack = [card(Rank.TWO), card(Rank.JACK, Suit.HEARTS), card(Rank.JACK, Suit.DIAMONDS),
            card(Rank.FIVE), card(Rank.JACK, Suit.CLUBS), card(Rank.JACK, Suit.SPADES)]
    assert first_banker(pack, [3, 4, 1, 2]) == (3, 5)  # fifth card, back round to seat 3
    pack2 = [card(Rank.JACK, Suit.SPADES), *pack]
    assert first_banker(pack2, [2, 1]) == (2, 1)


def test_red_jacks_do_not_make_a_banker() -> None:
    pack = [card(Rank.JACK, Suit.HEARTS), card(Rank.JACK, Suit.DIAMONDS)]
    with pytest.raises(ValueError):
        first_banker(pack, [1, 2])


@given(st.permutations(fresh_shoe(1)), st.integers(2, 14))
def test_the_draw_for_the_bank_always_ends_on_a_black_jack(pack: list[Card], n: int) -> None:
    seat, dealt = first_banker(pack, list(range(1, n + 1)))
    c = pack[dealt - 1]
    assert c.rank is Rank.JACK and c.suit in (Suit.SPADES, Suit.CLUBS)
    assert not any(x.rank is Rank.JACK and x.suit in (Suit.SPADES, Suit.CLUBS)
                   for x in pack[:dealt - 1])
    assert seat == (dealt - 1) % n + 1


@pytest.mark.parametrize(("values", "multiple"), [
    ([2, 3, 4, 2, 5], 2),          # five cards, 16: "Five-Card Charlie" pays double
    ([2, 3, 4, 2, 10], 2),         # five cards making exactly 21
    ([1, 2, 2, 3, 2, 1], 4),       # six cards pay four times
    ([1, 1, 2, 2, 3, 2, 1], 8),    # seven cards: doubling for each card more
    ([7, 7, 7], 3),                # three sevens making 21 pay triple
    ([8, 6, 7], 2),                # 8-7-6 pays double, in any order
    ([2, 3, 4, 5, 10], 0),         # five cards over 21: bust, no bonus
    ([10, 1], 0),                  # a natural is paid as a natural, not as a bonus
    ([7, 7, 6], 0),                # 20 in three cards is no bonus
    ([2, 2, 3, 4], 0),             # four cards are not enough
])
def test_bonus_payment_by_hand_shape(values: list[int], multiple: int) -> None:
    """docs/pontoon.md#bonus-hands: five or more cards at 21 or under, three sevens, 8-7-6."""
    assert bonus_multiple(values) == multiple


def test_the_bank_passes_to_the_nearest_natural_on_the_bankers_left() -> None:
    """docs/pontoon.md#a-natural-takes-the-bank: of several naturals, the nearest to the dealer's
    left."""
    seats = [1, 2, 3, 4, 5]
    assert next_banker(3, [5, 1], seats) == 5
    assert next_banker(3, [2, 1], seats) == 1     # round the table: 4, 5, 1, 2
    assert next_banker(3, [], seats) is None
    assert left_of(5, seats) == [1, 2, 3, 4]


def test_stand_on_17_banker_draws_like_a_casino_dealer() -> None:
    assert stand_on_17([10, 6], [], {}) is True
    assert stand_on_17([10, 7], [], {}) is False
    assert stand_on_17([1, 6], [], {}) is False   # soft 17 stands


def test_reading_banker_draws_to_17_against_hands_showing_18() -> None:
    """docs/pontoon.md#the-bankers-play: the banker "may draw cards until he wishes to stand". Two
    stood hands show 10-8 over a hidden card that cannot bust them (so 19 to 21): standing on 17
    surely loses, so the reading banker draws where the stand-on-17 banker would not."""
    shown = [Standing((10, 8), 1, 5), Standing((8, 10), 1, 5)]
    unseen = unseen_values([10, 7, 10, 8, 8, 10])
    assert reading_banker([10, 7], shown, unseen) is True
    assert stand_on_17([10, 7], shown, unseen) is False


def test_reading_banker_stands_on_a_low_total_against_weak_showing_hands() -> None:
    """Ties pay the banker: 15 against two stood hands showing 2-3 and 2-2 over one hidden card
    (at most 15 and 14) wins both by standing, so the reading banker does not risk a bust."""
    shown = [Standing((2, 3), 1, 1), Standing((2, 2), 1, 1)]
    unseen = unseen_values([10, 5, 2, 3, 2, 2])
    assert reading_banker([10, 5], shown, unseen) is False
    assert stand_on_17([10, 5], shown, unseen) is True


def test_reading_banker_never_draws_to_21() -> None:
    shown = [Standing((10,), 1, 5)]
    assert reading_banker([10, 1], shown, unseen_values([10, 1, 10])) is False


@given(st.lists(st.integers(1, 10), min_size=2, max_size=6))
def test_player_bot_never_stands_below_12_nor_draws_to_a_hard_21(values: list[int]) -> None:
    total, _ = hand_total(values)
    choice = player_choice(values, can_split=False, can_double=False)
    if total <= 11:
        assert choice == "hit"
    if total == 21:
        assert choice == "stand"
