"""The table log in words (the dealer's calls, docs/dealing.md#paying-a-bet) and the finished
round kept for the screen."""

from __future__ import annotations

from dataclasses import replace

from engine_kit import dealt

from twentyone.engine.shoe import RandomShuffler, StackedShuffler
from twentyone.engine.table import Table
from twentyone.engine.views import settled_round, view, visible_events
from twentyone.protocol import HOUSE
from twentyone.rules import PRESETS, PayoutStyle, Rules
from twentyone.tui.narrate import Narrator

#: The calls of a double with its signal, in the shoe game and the pitch game
#: (docs/dealing.md#hand-signals).
SHOE_DOUBLE = ("Seat 1 places chips beside the bet, one finger: doubles for $10: a card face "
               "down")
PITCH_DOUBLE = ("Seat 1 lays the cards face up and places chips beside the bet: doubles for $10: "
                "a card face down")


def played(rules: Rules, stack: list[str], viewer: int, moves: list[str],
           bet: int = 1000) -> tuple[Table, Narrator, list[str]]:
    t = Table(rules, StackedShuffler([stack], then=RandomShuffler.seeded(0)))
    t.sit(1, 100_000)
    t.bet(1, bet)
    t.deal()
    for move in moves:
        getattr(t, move)(1)
    n = Narrator(rules)
    lines = n.feed(visible_events(t, viewer)) + n.flush()
    return t, n, lines


def test_hits_and_the_dealers_draw_are_called_with_totals() -> None:
    _, _, lines = played(PRESETS["classic"], ["10h", "6c", "2d", "10s", "7d", "5s"], 1,
                         ["hit", "stand"])
    assert "Dealt: Seat 1 10♥ 2♦ (12) · Dealer 6♣ ▒▒" in lines
    assert "Seat 1 scratches the felt towards them: hits 7♦ — 19" in lines
    assert "Seat 1 waves: stands on 19" in lines
    assert "Dealer turns 10♠ — 16" in lines
    assert "Dealer draws 5♠ — 21" in lines
    assert "Seat 1 loses $10" in lines
    # The total is said once, with the card that made it.
    assert lines[lines.index("Dealer draws 5♠ — 21") + 1] == "Dealer stands"


def test_a_dealer_bust_is_called_once() -> None:
    _, _, lines = played(PRESETS["classic"], ["10h", "6c", "9d", "10s", "Kd"], 1, ["stand"])
    assert "Dealer draws K♦ — bust (26)" in lines
    assert not any("busts with" in line for line in lines)


def test_a_blackjack_is_paid_3_to_2_in_chips_named_largest_first() -> None:
    # docs/dealing.md#paying-a-blackjack: "a blackjack payout on $5 is $7.50: one red, two white
    # and one yellow chip".
    _, _, lines = played(PRESETS["classic"], ["Ah", "9c", "Kd", "7s"], 1, [], bet=500)
    assert "Seat 1 paid 3:2 in 1 red, 2 white, 1 yellow ($7.50)" in lines


def test_a_split_is_narrated_per_hand_and_the_finished_round_is_kept() -> None:
    t, _, lines = played(PRESETS["classic"], ["8s", "10c", "8h", "7d", "3c", "Ks", "2d"], 1,
                         ["split", "hit", "stand"])
    assert "Seat 1 places chips beside the bet, two fingers: splits the eights ($10 more)" in lines
    assert "Seat 1 hand 1 scratches the felt towards them: hits K♠ — 21" in lines
    assert "Seat 1 hand 2 takes 2♦ — 10" in lines
    assert "Seat 1 hand 1 wins: paid $10 in 2 red" in lines
    assert "Seat 1 hand 2 loses $10" in lines
    # The engine has cleared the layout; the engine's settled_round still shows how the round
    # ended (the screen draws that, never the narrator's notes).
    v = view(t, 1)
    assert v.seats[0].hands == ()
    last = settled_round(t, 1)
    assert last is not None
    hands = last.seats[0].hands
    assert [h.outcome for h in hands] == ["win", "lose"]
    assert [h.total for h in hands] == [21, 10]
    assert last.dealer_total == 17


def test_insurance_paid_2_to_1_against_a_dealer_blackjack() -> None:
    t = Table(PRESETS["classic"], StackedShuffler([["10s", "Ac", "9h", "Kd"]],
        then=RandomShuffler.seeded(0)))
    t.sit(1, 100_000)
    t.bet(1, 1000)
    t.deal()
    t.insure(1)
    lines = Narrator(t.rules).feed(visible_events(t, 1))
    assert "Seat 1 takes insurance: $5" in lines
    assert "Dealer has blackjack!" in lines
    assert "Dealer turns K♦ — blackjack" in lines
    start = lines.index("── round 1 ──")
    assert lines[start + 1] == "Seat 1 bets $10"
    assert "Seat 1's insurance pays 2:1: $10 in 2 red" in lines
    assert "Seat 1 loses $10 to the dealer's blackjack" in lines


def test_a_face_down_double_is_not_named_until_it_is_turned() -> None:
    # Classic (docs/casino.md#doubling-down): the double-down card is dealt face down and shown at
    # settlement.
    _, _, lines = played(PRESETS["classic"], ["6h", "9c", "4d", "8s", "Qd"], HOUSE,
                         ["double"])
    assert SHOE_DOUBLE in lines
    turned = [line for line in lines if line.startswith("Seat 1 turns Q♦")]
    assert turned == ["Seat 1 turns Q♦ — 20"]
    assert lines.index(SHOE_DOUBLE) < lines.index(turned[0])


def test_other_seats_pitch_cards_stay_unnamed_in_the_log() -> None:
    t = Table(PRESETS["single-deck"], StackedShuffler([["2c", "4d", "9s", "3c", "5d", "Kh"]],
        then=RandomShuffler.seeded(0)))
    for seat in (1, 2):
        t.sit(seat, 10_000)
        t.bet(seat, 500)
    t.deal()
    n = Narrator(t.rules)
    lines = n.feed(visible_events(t, 1)) + n.flush()
    text = "\n".join(lines)
    assert "2♣ 3♣" in text
    for hidden in ("4♦", "5♦", "K♥"):
        assert hidden not in text


def test_a_pitch_double_turned_at_settlement_is_named_once_with_the_true_total() -> None:
    """The issue's single-deck round: 8♥ 2♥ doubled face down draws 6♥. At settlement the
    hand's cards are turned for the table; the player's own 8♥ must not stand in for the
    double card (it once read "8♥ 2♥ 8♥ hard 18")."""
    _, _, lines = played(PRESETS["single-deck"], ["8h", "9c", "2h", "8c", "6h"], 1, ["double"])
    assert PITCH_DOUBLE in lines
    # The hand is turned for the table in one call, with its true total.
    assert [line for line in lines if line.startswith("Seat 1 turns")] == [
        "Seat 1 turns 8♥ 2♥ 6♥ — 16"]


def test_when_every_hand_is_bust_the_dealer_just_turns_the_hole_card() -> None:
    """docs/casino.md#the-dealers-play: "If all players bust, simply reveal": no "Dealer
    stands on 16"."""
    _, _, lines = played(PRESETS["classic"], ["10h", "6c", "6d", "10s", "Kd"], 1, ["hit"])
    assert "Seat 1 loses $10 (bust)" in lines
    assert not any(line.startswith("Dealer stands") for line in lines)
    assert "Every hand is settled: the dealer turns the hole card (16) and the round is over" \
        in lines


def test_the_narration_names_the_dealers_calls_in_order() -> None:
    """docs/dealing.md#the-insurance-procedure: insurance is called open after the deal and
    closed before the check; docs/dealing.md#making-change: "cheque change"; a tie is called a
    push; a colour-for-colour table says how each payout was made (docs/dealing.md#paying-a-bet)."""
    r = replace(PRESETS["classic"], payout_style=PayoutStyle.COLOUR_FOR_COLOUR)
    t = dealt(r, [("10h", "9c"), ("10d", "8s")], up="As", hole="7d",
              chips={"white": 20, "red": 4})
    t.decline(1)
    t.decline(2)
    t.stand(1)
    t.stand(2)
    t.change(1, "red")
    n = Narrator(r)
    lines = n.feed(visible_events(t)) + n.flush()
    said = [line for line in lines if line.startswith("Dealer: “")]
    assert said == ["Dealer: “Insurance is open”", "Dealer: “Insurance is closed”",
                    "Dealer: “Push”", "Dealer: “Cheque change: five”"]
    assert lines.index("Dealer: “Insurance is closed”") + 1 == lines.index(
        "Dealer checks the hole card: no blackjack")
    assert any(line.startswith("Seat 1 wins: paid $10 in") and line.endswith("colour for colour")
               for line in lines)


def test_a_pitch_games_decisions_are_called_with_the_held_cards_signals() -> None:
    """docs/dealing.md#hand-signals: at a pitch table (cards held face down) a player scratches
    the cards towards them for a card and slides them under the chips to stand."""
    _, _, lines = played(PRESETS["single-deck"], ["2h", "9c", "3h", "8c", "4d"], 1,
                         ["hit", "stand"])
    assert "Seat 1 scratches the cards towards them: hits 4♦ — 9" in lines
    assert "Seat 1 slides the cards under the chips: stands on 9" in lines
