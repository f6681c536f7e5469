"""Issue 2 "Bad input": every illegal request raises its own typed error with a message a player
understands, and leaves cards, chips and the log exactly as they were. ``verify_x`` raises the
same error and ``can_x`` says no, and neither changes anything either."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from engine_kit import STACK, D, dealt, fingerprint, stacked

from twentyone.engine.history import snapshot
from twentyone.engine.table import MAX_BUY_IN, Action, Phase, Table
from twentyone.errors import (
    BetError,
    ChipError,
    IllegalActionError,
    InsufficientChipsError,
    InsuranceError,
    NotYourTurnError,
    SeatError,
    TableError,
    TwentyOneError,
    WrongPhaseError,
)
from twentyone.rules import PRESETS

S17 = PRESETS["six-deck-s17"]


# --- tables in the states the requests are refused in -------------------------------------------

def betting() -> Table:
    """Between rounds: seat 1 holds $300, seat 2 $10; seat 3 is empty."""
    t = stacked("classic", [])
    t.sit(1, STACK)
    t.sit(2, {"red": 2})
    return t


def bet_placed() -> Table:
    t = betting()
    t.bet(1, 10 * D)
    return t


def in_play() -> Table:
    """Seat 1 (16) to act, seat 2 holds a pair of nines; the dealer shows a six."""
    return dealt("classic", [("10c", "6c"), ("9h", "9d")], up="6s", hole="10s",
                 draws=["2c", "Kd"])


def after_hit() -> Table:
    t = in_play()
    t.hit(1)  # 18, still seat 1's turn
    return t


def after_bust() -> Table:
    t = in_play()
    t.hit(1)
    t.hit(1)  # 16 + 2 + K: bust, seat 2 to act
    return t


def after_round() -> Table:
    t = dealt("classic", [("10c", "9c")], up="6s", hole="10s", draws=["Kd"])
    t.stand(1)
    return t


def eleven() -> Table:
    return dealt("classic", [("6c", "5c")], up="6s", hole="10s")


def insurance_offer() -> Table:
    """The dealer shows an ace; seat 1 (19) answers first, seat 2 holds a blackjack."""
    return dealt("classic", [("10c", "9c"), ("As", "Kd")], up="Ah", hole="9d")


def short_of_chips(*cards: str, up: str = "6s", preset: str = "classic") -> Table:
    """Seat 1 holds $12 and bets $10 of it."""
    return dealt(preset, [(cards[0], cards[1])], up=up, hole="9d",
                 chips={"red": 2, "white": 2})


def split_eights(preset: str) -> Table:
    t = dealt(preset, [("8c", "8d")], up="6s", hole="10s", draws=["8h", "2c"])
    t.split(1)
    return t


def split_aces(preset: str) -> Table:
    """Aces split and a third ace dealt to the first hand, which still has a decision."""
    rules = PRESETS[preset] if preset in PRESETS else S17.replace(hit_split_aces=True)
    t = dealt(rules, [("Ac", "Ad")], up="6s", hole="10s", draws=["Ah", "5c", "2c"])
    t.split(1)
    assert t.to_act == (1, 0)
    return t


def split_eights_late() -> Table:
    t = dealt(S17.replace(surrender="late"), [("8c", "8d")], up="6s", hole="10s",
              draws=["3h", "2c"])
    t.split(1)
    return t


def late_surrender_after_a_hit() -> Table:
    t = dealt(S17.replace(surrender="late"), [("10c", "2c")], up="6s", hole="10s",
              draws=["3d"])
    t.hit(1)
    return t


@dataclass(frozen=True)
class Case:
    table: Callable[[], Table]
    request: Callable[[Table], object]
    error: type[TwentyOneError]
    #: What the message must say (a regular expression).
    says: str
    verify: Callable[[Table], object] | None = None
    can: Callable[[Table], bool] | None = None


CASES: dict[str, Case] = {
    # Betting (docs/casino.md#betting): "between the maximum and minimum bets ... whole unit
    # amounts"; "in chips".
    "bet below the minimum": Case(
        betting, lambda t: t.bet(1, 1 * D), BetError, r"minimum bet is \$2",
        lambda t: t.verify_bet(1, 1 * D), lambda t: t.can_bet(1, 1 * D)),
    "bet of nothing": Case(
        betting, lambda t: t.bet(1, 0), BetError, r"minimum bet is \$2",
        lambda t: t.verify_bet(1, 0), lambda t: t.can_bet(1, 0)),
    "bet above the maximum": Case(
        betting, lambda t: t.bet(1, 501 * D), BetError, r"maximum bet is \$500",
        lambda t: t.verify_bet(1, 501 * D), lambda t: t.can_bet(1, 501 * D)),
    "bet off the unit": Case(
        betting, lambda t: t.bet(1, 2_50), BetError, r"multiples of \$1",
        lambda t: t.verify_bet(1, 2_50), lambda t: t.can_bet(1, 2_50)),
    "bet more than held": Case(
        betting, lambda t: t.bet(2, 11 * D), InsufficientChipsError, r"only \$10",
        lambda t: t.verify_bet(2, 11 * D), lambda t: t.can_bet(2, 11 * D)),
    "bet twice": Case(
        bet_placed, lambda t: t.bet(1, 5 * D), BetError, "already bet",
        lambda t: t.verify_bet(1, 5 * D), lambda t: t.can_bet(1, 5 * D)),
    "bet from an empty seat": Case(
        betting, lambda t: t.bet(3, 5 * D), SeatError, "nobody is sitting at seat 3",
        lambda t: t.verify_bet(3, 5 * D), lambda t: t.can_bet(3, 5 * D)),
    "bet after the deal": Case(
        in_play, lambda t: t.bet(1, 5 * D), WrongPhaseError, "before the deal",
        lambda t: t.verify_bet(1, 5 * D), lambda t: t.can_bet(1, 5 * D)),
    "deal with no bets": Case(
        betting, lambda t: t.deal(), BetError, "nobody has bet",
        lambda t: t.verify_deal(), lambda t: t.can_deal()),
    "deal twice": Case(
        in_play, lambda t: t.deal(), WrongPhaseError, "already dealt",
        lambda t: t.verify_deal(), lambda t: t.can_deal()),
    # Acting out of turn or after settlement (docs/casino.md#playing-your-hand: "The player to the
    # left goes first").
    "hit out of turn": Case(
        in_play, lambda t: t.hit(2), NotYourTurnError, "seat 1's turn",
        lambda t: t.verify_hit(2), lambda t: t.can_hit(2)),
    "stand out of turn": Case(
        in_play, lambda t: t.stand(2), NotYourTurnError, "seat 1's turn",
        lambda t: t.verify_stand(2), lambda t: t.can_stand(2)),
    "split out of turn": Case(
        in_play, lambda t: t.split(2), NotYourTurnError, "seat 1's turn",
        lambda t: t.verify_split(2), lambda t: t.can_split(2)),
    "double out of turn": Case(
        in_play, lambda t: t.double(2), NotYourTurnError, "seat 1's turn",
        lambda t: t.verify_double(2), lambda t: t.can_double(2)),
    "hit from an empty seat": Case(
        in_play, lambda t: t.hit(5), SeatError, "nobody is sitting at seat 5",
        lambda t: t.verify_hit(5), lambda t: t.can_hit(5)),
    "hit before the deal": Case(
        bet_placed, lambda t: t.hit(1), WrongPhaseError, "wait for the deal",
        lambda t: t.verify_hit(1), lambda t: t.can_hit(1)),
    "hit after a bust": Case(
        after_bust, lambda t: t.hit(1), NotYourTurnError, "seat 2's turn",
        lambda t: t.verify_hit(1), lambda t: t.can_hit(1)),
    "hit after settlement": Case(
        after_round, lambda t: t.hit(1), WrongPhaseError, "wait for the deal",
        lambda t: t.verify_hit(1), lambda t: t.can_hit(1)),
    "stand after settlement": Case(
        after_round, lambda t: t.stand(1), WrongPhaseError, "wait for the deal",
        lambda t: t.verify_stand(1), lambda t: t.can_stand(1)),
    "hit while insurance is offered": Case(
        insurance_offer, lambda t: t.hit(1), WrongPhaseError, "insurance is being offered",
        lambda t: t.verify_hit(1), lambda t: t.can_hit(1)),
    # Doubling (docs/casino.md#doubling-down: "Only available on the first action"; classic: on 9,
    # 10 or 11).
    "double after a hit": Case(
        after_hit, lambda t: t.double(1), IllegalActionError, "first two cards",
        lambda t: t.verify_double(1), lambda t: t.can_double(1)),
    "double on 16 where only 9-11 double": Case(
        in_play, lambda t: t.double(1), IllegalActionError, "total of 9, 10 or 11",
        lambda t: t.verify_double(1), lambda t: t.can_double(1)),
    "double for less where not allowed": Case(
        eleven, lambda t: t.double(1, 5 * D), IllegalActionError, r"equal to the original",
        lambda t: t.verify_double(1, 5 * D), lambda t: t.can_double(1, 5 * D)),
    "double for more than the bet": Case(
        lambda: dealt("modern-casino", [("6c", "5c")], up="6s", hole="10s"),
        lambda t: t.double(1, 15 * D), IllegalActionError, r"up to \$10",
        lambda t: t.verify_double(1, 15 * D), lambda t: t.can_double(1, 15 * D)),
    "double for 25 cents": Case(
        lambda: dealt("modern-casino", [("6c", "5c")], up="6s", hole="10s"),
        lambda t: t.double(1, 25), IllegalActionError, "in chips",
        lambda t: t.verify_double(1, 25), lambda t: t.can_double(1, 25)),
    "double without the chips": Case(
        lambda: short_of_chips("6c", "5c"), lambda t: t.double(1), InsufficientChipsError,
        r"needs \$10 more", lambda t: t.verify_double(1), lambda t: t.can_double(1)),
    "double after a split where not allowed": Case(
        lambda: split_eights("classic"), lambda t: t.double(1), IllegalActionError,
        "no doubling after a split", lambda t: t.verify_double(1), lambda t: t.can_double(1)),
    # Splitting (docs/casino.md#splitting-pairs: "of the same denomination").
    "split a non-pair": Case(
        in_play, lambda t: t.split(1), IllegalActionError, "pair of the same rank",
        lambda t: t.verify_split(1), lambda t: t.can_split(1)),
    "split tens of different rank by rank": Case(
        lambda: dealt("classic", [("Jc", "Qd")], up="6s", hole="10s"),
        lambda t: t.split(1), IllegalActionError, "same rank",
        lambda t: t.verify_split(1), lambda t: t.can_split(1)),
    "split after a hit": Case(
        after_hit, lambda t: t.split(1), IllegalActionError, "first two cards",
        lambda t: t.verify_split(1), lambda t: t.can_split(1)),
    "split without the chips": Case(
        lambda: short_of_chips("8c", "8d"), lambda t: t.split(1), InsufficientChipsError,
        r"needs \$10 more", lambda t: t.verify_split(1), lambda t: t.can_split(1)),
    "resplit where split hands may not split (casino-party)": Case(
        lambda: split_eights("casino-party"), lambda t: t.split(1), IllegalActionError,
        "at most 2 hands", lambda t: t.verify_split(1), lambda t: t.can_split(1)),
    "resplit aces where not allowed": Case(
        lambda: split_aces("hit-split-aces"), lambda t: t.split(1), IllegalActionError,
        "may not be split again", lambda t: t.verify_split(1), lambda t: t.can_split(1)),
    "hit a split ace": Case(
        lambda: split_aces("modern-casino"), lambda t: t.hit(1), IllegalActionError,
        "one card each", lambda t: t.verify_hit(1), lambda t: t.can_hit(1)),
    "double a split ace": Case(
        lambda: split_aces("modern-casino"), lambda t: t.double(1), IllegalActionError,
        "one card each", lambda t: t.verify_double(1), lambda t: t.can_double(1)),
    # Insurance (docs/casino.md#insurance-and-even-money: "up to half the original bet";
    # docs/casino-party.md#insurance: exactly half).
    "insurance over half": Case(
        insurance_offer, lambda t: t.insure(1, 6 * D), InsuranceError,
        r"at most half the bet: \$5", lambda t: t.verify_insure(1, 6 * D),
        lambda t: t.can_insure(1, 6 * D)),
    "insurance not exactly half (casino-party)": Case(
        lambda: dealt("casino-party", [("10c", "9c")], up="Ah", hole="9d"),
        lambda t: t.insure(1, 2 * D), InsuranceError, r"exactly half the bet: \$5",
        lambda t: t.verify_insure(1, 2 * D), lambda t: t.can_insure(1, 2 * D)),
    "insurance of nothing": Case(
        insurance_offer, lambda t: t.insure(1, 0), InsuranceError, "must be positive",
        lambda t: t.verify_insure(1, 0), lambda t: t.can_insure(1, 0)),
    "insurance of 25 cents": Case(
        insurance_offer, lambda t: t.insure(1, 25), InsuranceError, "in chips",
        lambda t: t.verify_insure(1, 25), lambda t: t.can_insure(1, 25)),
    "insurance out of turn": Case(
        insurance_offer, lambda t: t.insure(2, 5 * D), NotYourTurnError,
        "seat 1 answers the insurance offer first", lambda t: t.verify_insure(2, 5 * D),
        lambda t: t.can_insure(2, 5 * D)),
    "insurance without the chips": Case(
        lambda: short_of_chips("10c", "9c", up="Ah"), lambda t: t.insure(1, 5 * D),
        InsufficientChipsError, r"only \$2", lambda t: t.verify_insure(1, 5 * D),
        lambda t: t.can_insure(1, 5 * D)),
    "insurance against a six": Case(
        in_play, lambda t: t.insure(1, 5 * D), WrongPhaseError, "not on offer",
        lambda t: t.verify_insure(1, 5 * D), lambda t: t.can_insure(1, 5 * D)),
    "even money without a blackjack": Case(
        insurance_offer, lambda t: t.even_money(1), InsuranceError, "for a blackjack",
        lambda t: t.verify_even_money(1), lambda t: t.can_even_money(1)),
    "even money where none is paid (casino-party)": Case(
        lambda: dealt("casino-party", [("As", "Kd")], up="Ah", hole="9d"),
        lambda t: t.even_money(1), InsuranceError, "does not pay even money",
        lambda t: t.verify_even_money(1), lambda t: t.can_even_money(1)),
    "decline out of turn": Case(
        insurance_offer, lambda t: t.decline(2), NotYourTurnError, "seat 1 answers",
        None, None),
    # Surrender.
    "surrender where there is none": Case(
        in_play, lambda t: t.surrender(1), IllegalActionError, "no surrender",
        lambda t: t.verify_surrender(1), lambda t: t.can_surrender(1)),
    "late surrender after a hit": Case(
        late_surrender_after_a_hit, lambda t: t.surrender(1), IllegalActionError,
        "first decision", lambda t: t.verify_surrender(1), lambda t: t.can_surrender(1)),
    "late surrender after a split": Case(
        split_eights_late, lambda t: t.surrender(1), IllegalActionError,
        "first decision", lambda t: t.verify_surrender(1), lambda t: t.can_surrender(1)),
    "late surrender before the peek": Case(
        lambda: dealt(S17.replace(surrender="late"), [("10c", "6c")], up="Ah", hole="9d"),
        lambda t: t.surrender(1), IllegalActionError, "after the dealer checks",
        lambda t: t.verify_surrender(1), lambda t: t.can_surrender(1)),
    # Seats, change and the dealer's own operations.
    "sit in a taken seat": Case(
        betting, lambda t: t.sit(1, 100 * D), SeatError, "seat 1 is taken"),
    "sit at a seat the table does not have": Case(
        betting, lambda t: t.sit(8, 100 * D), SeatError, "seats 1 to 7"),
    "sit down mid-round": Case(
        in_play, lambda t: t.sit(3, 100 * D), WrongPhaseError, "between rounds"),
    "buy in for 25 cents": Case(
        betting, lambda t: t.sit(3, 25), ChipError, "cannot be made"),
    "buy in for nothing": Case(
        betting, lambda t: t.sit(3, 0), ChipError, "must be positive"),
    # Issue 22: a buy-in in chips is refused as one in money is; every buy-in is bounded.
    "buy in for no chips": Case(
        betting, lambda t: t.sit(3, {}), ChipError, "must be positive"),
    "buy in for zero chips of a colour": Case(
        betting, lambda t: t.sit(3, {"red": 0}), ChipError, "must be positive"),
    "buy in for more than the most": Case(
        betting, lambda t: t.sit(3, MAX_BUY_IN + 100), ChipError, r"at most \$1,000,000"),
    "buy in with chips worth more than the most": Case(
        betting, lambda t: t.sit(3, {"purple": 2001}), ChipError, r"at most \$1,000,000"),
    "buy in for a googol of chips": Case(
        betting, lambda t: t.sit(3, {"yellow": 10**100}), ChipError, "at most"),
    "an operation given as its name": Case(
        in_play, lambda t: t.apply("hit"),  # type: ignore[arg-type]
        IllegalActionError, "Hit\\(1\\)"),
    "an operation given as nothing": Case(
        betting, lambda t: t.apply(None),  # type: ignore[arg-type]
        IllegalActionError, "not None"),
    "leave mid-round": Case(
        in_play, lambda t: t.leave(1), WrongPhaseError, "between rounds"),
    "leave with a bet out": Case(
        bet_placed, lambda t: t.leave(1), WrongPhaseError, "take your bet back"),
    "colour up mid-round": Case(
        in_play, lambda t: t.colour_up(1), WrongPhaseError, "between rounds"),
    "change a chip not held": Case(
        betting, lambda t: t.change(2, "black"), InsufficientChipsError, "no black chip",
        lambda t: t.verify_change(2, "black")),
    "change the smallest chip": Case(
        betting, lambda t: t.change(1, "yellow"), ChipError, "smallest",
        lambda t: t.verify_change(1, "yellow")),
    "change a colour the table does not have": Case(
        betting, lambda t: t.change(1, "blue"), ChipError, "no 'blue' chips",
        lambda t: t.verify_change(1, "blue")),
    "the casino dealer does not decide": Case(
        in_play, lambda t: t.dealer_hit(), WrongPhaseError, "after every player",
        lambda t: t.verify_dealer_hit(), lambda t: t.can_dealer_hit()),
}


@pytest.mark.parametrize("name", list(CASES))
def test_issue2_bad_input_is_refused_with_a_typed_error_and_changes_nothing(name: str) -> None:
    """Issue 2 "Bad input": "raises a typed error with a message a player understands, and
    leaves cards, chips and the log exactly as they were"."""
    case = CASES[name]
    t = case.table()
    before = fingerprint(t)
    between_rounds = t.phase is Phase.BETTING and not any(s.hands for s in t.seats.values())
    saved = snapshot(t) if between_rounds else None
    with pytest.raises(TwentyOneError) as raised:
        case.request(t)
    assert type(raised.value) is case.error, f"{type(raised.value).__name__}: {raised.value}"
    message = str(raised.value)
    assert re.search(case.says, message), message
    assert "<" not in message and "Traceback" not in message and len(message) >= 10
    assert fingerprint(t) == before
    if saved is not None:
        assert snapshot(t) == saved
    if case.verify is not None:
        with pytest.raises(case.error) as again:
            case.verify(t)
        assert str(again.value) == message
    if case.can is not None:
        assert case.can(t) is False
    assert fingerprint(t) == before


def test_issue2_table_errors_are_one_family() -> None:
    """Every refusal of a play is a ``TableError``, so a front end catches one type."""
    for error in (WrongPhaseError, NotYourTurnError, SeatError, BetError,
                  InsufficientChipsError, IllegalActionError, InsuranceError):
        assert issubclass(error, TableError)
    assert issubclass(InsufficientChipsError, BetError)


def test_issue2_the_table_plays_on_after_a_refusal() -> None:
    """A refused request is as if it never happened: the same round then plays out exactly as
    an identical table's that never saw it."""
    a, b = in_play(), in_play()
    refused: list[Callable[[Table], object]] = [
        lambda t: t.hit(2), lambda t: t.split(1), lambda t: t.bet(1, 5 * D),
        lambda t: t.insure(1, 5 * D), lambda t: t.double(1)]
    for bad in refused:
        with pytest.raises(TableError):
            bad(a)
    for t in (a, b):
        t.hit(1)
        t.stand(1)
        t.split(2)
        while t.phase is not Phase.BETTING:
            t.stand(2)
    assert a.log == b.log and [a.bankroll(n) for n in (1, 2)] == [b.bankroll(n) for n in (1, 2)]


def test_issue2_legal_actions_agree_with_can() -> None:
    """``legal_actions(seat)`` lists what is allowed now, so no caller needs try/except: each
    listed action's ``can_`` says yes, and the seats not to act are offered nothing."""
    t = in_play()
    assert t.legal_actions(2) == () and t.legal_actions(3) == ()
    assert set(t.legal_actions(1)) == {Action.STAND, Action.HIT}
    t.stand(1)
    assert set(t.legal_actions(2)) == {Action.STAND, Action.HIT, Action.SPLIT}
    offer = insurance_offer()
    assert offer.legal_actions(1) == (Action.INSURE, Action.DECLINE)
    assert offer.legal_actions(2) == ()
