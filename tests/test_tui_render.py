"""The terminal table's drawing: what a seat's screen shows, and what it must never show."""

from __future__ import annotations

from twentyone.cards import parse_card
from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.engine.table import Table
from twentyone.engine.views import view
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS
from twentyone.tui.render import TableView, chip_label, chip_style, plain


def pitch_table() -> Table:
    """Single-deck pitch game (cards held face down): seat 1 holds 2♣ 3♣, seat 2 holds 4♦ 5♦,
    the dealer shows 9♠ over a K♥ in the hole. No rank repeats, so a leak cannot hide."""
    t = Table(PRESETS["single-deck"],
              StackedShuffler([["2c", "4d", "9s", "3c", "5d", "Kh"]],
                  then=RandomShuffler.seeded(0)))
    t.sit(1, 10_000)
    t.sit(2, 10_000)
    t.bet(1, 500)
    t.bet(2, 500)
    t.deal()
    return t


def test_a_seat_sees_its_own_pitch_cards_but_not_its_neighbours_nor_the_hole_card() -> None:
    t = pitch_table()
    tv = TableView(t.rules)
    seat1 = plain(tv.screen(view(t, 1)))
    assert "2♣" in seat1 and "3♣" in seat1 and "9♠" in seat1
    for hidden in ("4♦", "5♦", "K♥"):
        assert hidden not in seat1
    seat2 = plain(tv.screen(view(t, 2)))
    assert "4♦" in seat2 and "5♦" in seat2
    for hidden in ("2♣", "3♣", "K♥"):
        assert hidden not in seat2


def test_a_spectator_sees_card_backs_for_every_face_down_card() -> None:
    t = pitch_table()
    text = plain(TableView(t.rules).screen(view(t, HOUSE)))
    for hidden in ("2♣", "3♣", "4♦", "5♦", "K♥"):
        assert hidden not in text
    # Two backs for each seat and one for the hole card.
    assert text.count("░░░") == 5
    assert "shows 9" in text


def test_totals_say_soft_or_hard_and_name_a_blackjack() -> None:
    t = Table(PRESETS["classic"], StackedShuffler([["Ah", "9c", "6d", "7s"]],
        then=RandomShuffler.seeded(0)))
    t.sit(1, 10_000)
    t.bet(1, 1000)
    t.deal()
    text = plain(TableView(t.rules).screen(view(t, 1)))
    assert "soft 17" in text
    assert "shows 9" in text
    assert "7♠" not in text  # the hole card

    t2 = Table(PRESETS["classic"], StackedShuffler([["10h", "9c", "6d", "7s"]],
        then=RandomShuffler.seeded(0)))
    t2.sit(1, 10_000)
    t2.bet(1, 1000)
    t2.deal()
    assert "hard 16" in plain(TableView(t2.rules).screen(view(t2, 1)))


def test_chips_are_tokens_largest_first_with_counts_and_a_total() -> None:
    tv = TableView(PRESETS["classic"])
    # yellow, white, red, green, black, purple
    text = tv.stack([3, 2, 1, 0, 4, 0]).plain
    assert text.index("4×$100") < text.index("1×$5") < text.index("2×$1") < text.index("3×50¢")
    assert text.endswith("$408.50")
    assert tv.chips([0] * 6).plain == "no chips"


def test_chip_tokens_are_drawn_in_their_colours() -> None:
    tv = TableView(PRESETS["classic"])
    spans = tv.chips([0, 0, 1, 0, 0, 1]).spans
    styles = {str(s.style) for s in spans}
    assert "bold white on red" in styles and "bold white on purple" in styles
    assert chip_style("mauve-ish") == "reverse"
    assert chip_style("orange1") == "bold white on orange1"
    assert chip_label(50) == "50¢" and chip_label(2500) == "$25"


def test_red_suits_are_red_and_a_hidden_card_is_a_back() -> None:
    tv = TableView(PRESETS["classic"])
    assert "red" in str(tv.card(parse_card("Qh")).style)
    assert "black" in str(tv.card(parse_card("Qs")).style)
    assert tv.card(None).plain.strip() == "░░░"


def test_the_shoe_shows_cards_left_and_the_cut_card() -> None:
    t = Table(PRESETS["classic"], seed=1)
    tv = TableView(t.rules)
    text = tv.shoe(view(t)).plain
    assert "312 cards" in text and "cut card in the shoe" in text
    t.shoe.pos = t.shoe.cut_index or 0
    assert "CUT CARD OUT" in tv.shoe(view(t)).plain


def test_the_prompt_names_the_hand_being_played() -> None:
    t = Table(PRESETS["classic"], StackedShuffler([["8s", "10c", "8h", "7d", "3c"]],
        then=RandomShuffler.seeded(0)))
    t.sit(1, 10_000)
    t.bet(1, 1000)
    t.deal()
    t.split(1)
    tv = TableView(t.rules)
    assert "hand 1 hard 11" in tv.prompt(view(t, 1), "h hit")


def test_a_shoe_without_a_cut_card_says_when_it_is_reshuffled() -> None:
    # docs/casino-party.md#the-cards: reshuffle when about 25 cards are left; there is no cut card
    # to show.
    t = Table(PRESETS["casino-party"], seed=1)
    text = TableView(t.rules).shoe(view(t)).plain
    assert "reshuffle below 25 cards" in text and "cut card" not in text


def test_an_insurance_prompt_says_why_it_is_asked() -> None:
    t = Table(PRESETS["classic"], StackedShuffler([["10s", "Ac", "9h", "Kd"]],
        then=RandomShuffler.seeded(0)))
    t.sit(1, 10_000)
    t.bet(1, 1000)
    t.deal()
    assert "hard 19 · the dealer shows an ace" in TableView(t.rules).prompt(view(t, 1), "n no")


def test_a_payout_shows_the_net_and_the_chips_paid() -> None:
    tv = TableView(PRESETS["classic"])
    # docs/dealing.md#paying-a-blackjack: a blackjack on $5 is paid $7.50 in one red, two white and
    # one yellow chip.
    assert tv.payout(750, [1, 2, 1, 0, 0, 0]).plain == " +$7.50  1×$5   2×$1   1×50¢ "
    assert tv.payout(-1000, []).plain == " -$10"
    assert tv.payout(0, []).plain == ""


def test_a_large_stack_counts_its_chips_with_thousands_separated() -> None:
    """A Pontoon stack of a thousand $1 chips reads "1,000×$1", not "1000×$1"."""
    tv = TableView(PRESETS["classic"])
    text = tv.chips([0, 1000, 0, 0, 0, 0]).plain
    assert "1,000×$1" in text


def test_pontoon_header_fits_80_columns() -> None:
    """The issue: Pontoon's header was cut at 100 columns. With a $1,000 chip and deal 999 it
    still fits 80."""
    from twentyone.engine.views import view as seat_view
    from twentyone.pontoon.table import PontoonRules, PontoonTable

    t = PontoonTable(PontoonRules(chip=100_000), seed=1)
    v = seat_view(t, HOUSE)._replace(round=999)
    header = TableView(t.rules).header(v)
    assert header.startswith("Pontoon") and "deal 999" in header
    assert len(header) <= 80, header
