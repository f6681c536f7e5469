"""Chips (docs/casino.md#chip-colours-and-values): the standard colours, payouts in the fewest chips
from the dealer's rack, fills and credits, making change, colouring up, and the chip-counting
exercises (docs/dealing.md#counting-chips).
Every amount is integer cents."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_kit import RACK_START, STACK, STACK_VALUE, D, dealt, stack_for, stacked

from twentyone.engine.chips import ChipSet, Rack, break_down, count_chips
from twentyone.engine.events import Kind
from twentyone.engine.table import Table
from twentyone.errors import ChipError, RulesError
from twentyone.rules import PRESETS, STANDARD_CHIPS, load_rules

STANDARD = ChipSet.of(STANDARD_CHIPS)


def counts(**by_colour: int) -> list[int]:
    return STANDARD.counts(by_colour)


def test_standard_colours() -> None:
    """docs/casino.md#chip-colours-and-values: yellow 50¢, white $1, red $5, green $25, black $100,
    purple $500."""
    assert dict(STANDARD_CHIPS) == {"yellow": 50, "white": 100, "red": 500, "green": 2500,
                                    "black": 10000, "purple": 50000}
    t = Table(PRESETS["classic"], seed=1)
    assert t.chipset == STANDARD


# --- the chip-counting exercises (docs/dealing.md#counting-chips) -------------------------------

#: "Chip counting exercises": the five answers, as counts by colour and the total in cents.
FIRST_EXERCISES = [
    ({"black": 8, "green": 8, "red": 6, "white": 3}, 1033_00),
    ({"purple": 2, "black": 6, "green": 1, "red": 4}, 1645_00),
    ({"black": 3, "red": 2, "white": 2, "yellow": 3}, 313_50),
    ({"green": 5, "red": 3, "white": 9}, 149_00),
    ({"black": 13, "green": 5, "red": 4, "white": 1}, 1446_00),
]

#: "More chip counting exercises" (with a rack of full tubes of 20): the five answers.
RACK_EXERCISES = [
    ({"purple": 6, "black": 11, "green": 16, "red": 60, "white": 25, "yellow": 3}, 4826_50),
    ({"purple": 2, "black": 28, "green": 26, "red": 84, "white": 32, "yellow": 9}, 4906_50),
    ({"purple": 3, "black": 11, "green": 20, "red": 19, "white": 21}, 3216_00),
    ({"black": 4, "green": 3, "red": 16, "yellow": 2}, 556_00),
    ({"purple": 5, "black": 12, "green": 15, "red": 46, "white": 17, "yellow": 7}, 4325_50),
]


@pytest.mark.parametrize(("pile", "total"), FIRST_EXERCISES,
                         ids=[f"exercise-{i}" for i in range(1, 6)])
def test_chip_counting_exercises(pile: dict[str, int], total: int) -> None:
    """docs/dealing.md#counting-chips: each pile's total as the answers give it."""
    assert count_chips(STANDARD, pile) == total


@pytest.mark.parametrize(("pile", "total"), RACK_EXERCISES,
                         ids=[f"rack-exercise-{i}" for i in range(1, 6)])
def test_more_chip_counting_exercises_with_a_rack(pile: dict[str, int], total: int) -> None:
    """docs/dealing.md#counting-chips (more exercises): each pile's total; a player sitting down
    with it has exactly that bankroll."""
    assert count_chips(STANDARD, pile) == total
    t = Table(PRESETS["classic"], seed=1)
    t.sit(1, pile)
    assert t.bankroll(1) == total
    assert t.seats[1].chips == STANDARD.counts(pile)


def test_an_unknown_colour_is_a_chip_error() -> None:
    with pytest.raises(ChipError, match="blue"):
        count_chips(STANDARD, {"blue": 1})
    with pytest.raises(ChipError):
        count_chips(STANDARD, {"red": -1})


# --- payouts in the fewest chips ----------------------------------------------------------------

@pytest.mark.parametrize(("amount", "chips"), [
    (7_50, counts(red=1, white=2, yellow=1)),          # 3:2 on one red chip
    (15_00, counts(red=3)),                            # $15 on a $10 blackjack
    (37_50, counts(green=1, red=2, white=2, yellow=1)),
    (20_00, counts(red=4)),
    (612_50, counts(purple=1, black=1, red=2, white=2, yellow=1)),
    (1_00, counts(white=1)),
    (50, counts(yellow=1)),
])
def test_payouts_are_made_in_the_fewest_chips(amount: int, chips: list[int]) -> None:
    """docs/dealing.md#paying-a-blackjack: the dealer pays from the rack; a $7.50 blackjack payout
    is "one red, two white, and one yellow chip"."""
    assert STANDARD.fewest(amount) == chips
    rack = Rack.standard_rack(STANDARD)
    paid, fill = rack.pay(amount)
    assert (paid, fill) == (chips, None)
    assert rack.counts == [100 - n for n in chips]


def test_3_to_2_on_a_5_dollar_bet_is_one_red_two_white_one_yellow() -> None:
    """docs/dealing.md#paying-a-blackjack: "a simple bet of one red chip, or $5—a blackjack payout
    on this bet is $7.50, one red, two white, and one yellow chip!" — at the table, from the
    rack."""
    t = dealt("classic", [("As", "Kd")], up="7c", hole="10h", bets=[5 * D])
    settle = [e for e in t.log if e.kind is Kind.SETTLED]
    assert [(e.amount, e.note) for e in settle] == [(7_50, "blackjack")]
    assert STANDARD.by_colour(settle[0].chips) == {"red": 1, "white": 2, "yellow": 1}
    assert t.bankroll(1) == STACK_VALUE + 7_50
    assert t.rack.counts == [99, 98, 99, 100, 100, 100]


def test_the_rack_pays_in_the_fewest_chips_it_holds() -> None:
    """A rack out of red pays $7.50 in whites and a yellow rather than stopping the game."""
    rack = Rack(STANDARD, counts(yellow=10, white=10, green=10), capacity=300, standard=100)
    paid, fill = rack.pay(7_50)
    assert (paid, fill) == (counts(white=7, yellow=1), None)


def test_a_rack_that_runs_short_calls_a_fill() -> None:
    """docs/dealing.md#fills-and-credits: a table that runs out of chips needs more "brought from
    the vault (this is called a fill)". The player is paid exactly the same chips."""
    rack = Rack(STANDARD, STANDARD.zero(), capacity=300, standard=100)
    paid, fill = rack.pay(7_50)
    assert paid == counts(red=1, white=2, yellow=1)
    assert fill == counts(red=100, white=100, yellow=100)
    assert rack.fills == 100 * (500 + 100 + 50)
    assert rack.counts == counts(red=99, white=98, yellow=99)
    assert rack.held == -7_50  # what the rack paid out, net of the vault


def test_a_rack_that_runs_over_sends_a_credit() -> None:
    """docs/dealing.md#fills-and-credits: a table with too many chips sends some back to the vault
    (a credit)."""
    rack = Rack.standard_rack(STANDARD)  # 100 of each, holds up to 300
    assert rack.collect(counts(red=150)) is None
    credit = rack.collect(counts(red=60))
    assert credit == counts(red=210)  # back down to the standard 100
    assert rack.counts[2] == 100 and rack.credits == 210 * 500
    assert rack.held == 100 * sum(STANDARD.values) + 210 * 500


def test_issue34_a_colour_at_exactly_its_capacity_stays_in_the_rack() -> None:
    """docs/dealing.md#fills-and-credits: a colour piled *above* 300 chips goes back to the
    vault; at exactly 300 it stays (the planted fault ``>=`` for ``>`` credited it). By
    ``collect`` and by an exchange alike."""
    rack = Rack.standard_rack(STANDARD)
    assert rack.collect(counts(red=200)) is None
    assert rack.counts[2] == 300 and rack.credits == 0
    assert rack.collect(counts(red=1)) == counts(red=201)
    assert rack.counts[2] == 100
    exchanged = Rack.standard_rack(STANDARD)
    exchanged.collect(counts(red=195))
    _, _, credit = exchanged.exchange(counts(red=5), counts(white=25))
    assert credit is None and exchanged.counts[2] == 300 and exchanged.credits == 0


def test_fills_and_credits_at_the_table_keep_every_chip_accounted_for() -> None:
    """A table whose rack has no yellow chips calls a fill to pay a $7.50 blackjack; a rack
    already full of red sends the lost bets' reds back as a credit. Players + rack + layout
    minus fills plus credits stays what it was."""
    t = stacked("classic", stack_for("classic", [("As", "Kd"), ("10c", "7d")], up="9c",
                                     hole="10h"),
                rack=Rack(STANDARD, counts(white=100, red=100, green=100), capacity=100,
                          standard=100))
    for n in (1, 2):
        t.sit(n, STACK)
    total = t.chips_total()
    t.bet(1, 5 * D)
    t.bet(2, 10 * D)
    t.deal()  # seat 1's blackjack is paid at once: a fill of yellows
    fills = [e for e in t.log if e.kind is Kind.FILL]
    assert [STANDARD.by_colour(e.chips) for e in fills] == [{"yellow": 100}]
    assert t.chips_total() == total
    t.stand(2)  # 17 against the dealer's 19: two reds into a full rack (99 after paying seat
    # 1) leave it one over, and that one goes to the vault
    credits = [e for e in t.log if e.kind is Kind.CREDIT]
    assert [STANDARD.by_colour(e.chips) for e in credits] == [{"red": 1}]
    assert t.rack.counts[2] == 100
    assert t.chips_total() == total
    assert t.bankroll(1) == STACK_VALUE + 7_50 and t.bankroll(2) == STACK_VALUE - 10 * D


# --- making change and colouring up -------------------------------------------------------------

@pytest.mark.parametrize(("colour", "into"), [
    ("white", {"yellow": 2}),
    ("red", {"white": 5}),
    ("green", {"red": 5}),
    ("black", {"green": 4}),
    ("purple", {"black": 5}),
])
def test_cheque_change_breaks_a_chip_into_the_next_colours(colour: str,
                                                               into: dict[str, int]) -> None:
    """docs/dealing.md#making-change: the dealer breaks a large chip into smaller ones."""
    i = STANDARD.colours.index(colour)
    assert STANDARD.by_colour(break_down(STANDARD, i)) == into
    with pytest.raises(ChipError):
        break_down(STANDARD, 0)  # a yellow is the smallest chip


def test_making_change_at_the_table() -> None:
    """docs/dealing.md#making-change: "the player needs to break a large chip into smaller chips";
    the dealer announces the change (an event with chips in and out), the incoming chip goes to the
    rack and the outgoing chips to the player; the player's money is unchanged."""
    t = Table(PRESETS["classic"], seed=3)
    t.sit(1, {"black": 1})
    rec = t.change(1, "black")
    assert [(e.kind, e.amount) for e in rec.events] == [(Kind.CHANGE, 100 * D)]
    assert STANDARD.by_colour(rec.events[0].chips) == {"black": 1}
    assert STANDARD.by_colour(rec.events[0].chips2) == {"green": 4}
    assert t.seats[1].chips == counts(green=4) and t.bankroll(1) == 100 * D
    assert t.rack.counts == [100, 100, 100, 96, 101, 100]


def test_a_bet_is_made_in_chips_the_dealer_changing_a_big_one() -> None:
    """docs/dealing.md#making-change, docs/casino.md#betting: bets are chips; a player with only a
    green chip who bets $10 gets change and puts two reds in the circle."""
    t = Table(PRESETS["classic"], seed=3)
    t.sit(1, {"green": 1})
    rec = t.bet(1, 10 * D)
    assert [e.kind for e in rec.events] == [Kind.CHANGE, Kind.BET]
    bet = rec.events[1]
    assert STANDARD.by_colour(bet.chips) == {"red": 2} and bet.amount == 10 * D
    assert t.seats[1].chips == counts(red=3)
    assert t.seats[1].hands[0].chips == counts(red=2)


def test_colour_up_gives_the_fewest_chips_of_the_same_value() -> None:
    """docs/dealing.md#colouring-up: low chips exchanged for higher ones of the same value. $92 in 4
    yellow, 40 white and 10 red becomes 3 green, 3 red and 2 white."""
    t = Table(PRESETS["classic"], seed=3)
    t.sit(1, {"yellow": 4, "white": 40, "red": 10})
    total = t.chips_total()
    rec = t.colour_up(1)
    assert [e.kind for e in rec.events] == [Kind.COLOURED_UP]
    assert t.seats[1].chips == counts(green=3, red=3, white=2)
    assert t.bankroll(1) == 92 * D
    assert t.rack.counts == [104, 138, 107, 97, 100, 100]
    assert t.chips_total() == total


def test_a_rules_file_may_name_its_own_chips(tmp_path: Path) -> None:
    """Issue 2: the standard set "or one a rules file names": a house with $2.50 pink chips
    pays 3:2 on $5 as one red and one pink."""
    path = tmp_path / "pink.toml"
    path.write_text('preset = "classic"\n'
                    'chips = { yellow = "0.50", white = "1", pink = "2.50", red = "5" }\n',
                    encoding="utf-8")
    rules = load_rules(str(path))
    assert rules.chips == (("yellow", 50), ("white", 100), ("pink", 250), ("red", 500))
    t = stacked(rules, stack_for(rules, [("Ah", "Qs")], up="8c", hole="9d"))
    t.sit(1, {"red": 4})
    t.bet(1, 5 * D)
    t.deal()
    paid = [e for e in t.log if e.kind is Kind.SETTLED]
    assert t.chipset.by_colour(paid[0].chips) == {"red": 1, "pink": 1}
    assert t.bankroll(1) == 27_50


def test_odd_payouts_are_rounded_to_what_the_chips_can_pay() -> None:
    """docs/casino.md#payout_rounding: bets in whole units, "otherwise, paying a blackjack will be
    impossible". A house whose smallest chip is $1 cannot round 3:2 payouts to 50 cents: such rules
    are refused when loaded, not mid-round with the cards out; rounded to $1, 3:2 on $3 pays $4."""
    dollar_chips = (("white", 100), ("red", 500), ("green", 2500))
    with pytest.raises(RulesError, match="payout_rounding"):
        PRESETS["classic"].replace(chips=dollar_chips)
    rules = PRESETS["classic"].replace(chips=dollar_chips, payout_rounding=100)
    t = stacked(rules, stack_for(rules, [("Ah", "Qs")], up="8c", hole="9d"))
    t.sit(1, {"red": 4})
    t.bet(1, 3 * D)
    t.deal()
    assert [e.amount for e in t.log if e.kind is Kind.SETTLED] == [4 * D]
    assert t.bankroll(1) == 24 * D


def test_the_buy_in_is_chips_worth_exactly_the_money() -> None:
    """A bankroll is chips: a $1,000 buy-in is chips worth $1,000, starting from the table
    minimum's colour."""
    t = Table(PRESETS["classic"], seed=3)
    t.sit(1, 1000 * D)
    assert t.bankroll(1) == 1000 * D
    assert t.seats[1].chips[0] == 0  # no 50¢ chips at a $2 table
    assert t.rack.counts == RACK_START
