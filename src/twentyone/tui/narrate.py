"""The table log in words, and the round as it last looked.

A ``Narrator`` reads a viewer's events (the game's ``events`` for that seat, read back as events)
and says what a dealer would call out ("Seat 2 taps the felt: hits 7♦ — 18", "Dealer turns 10♠
— 20", "Seat 1 paid 3:2 in 1 red, 2 white, 1 yellow"). It keeps the cards it has been told of
only to say totals in its lines; the table on screen is drawn from the game's ``seat_view``
(``tui.felt``), never from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from twentyone.cards import Card, hand_total, rank_plural
from twentyone.engine.calls import CLOSED, DealerCalls, payout_method
from twentyone.engine.chips import ChipSet
from twentyone.engine.events import Event, Kind
from twentyone.engine.signals import Decision, signal, style_of
from twentyone.money import dollars
from twentyone.protocol import HOUSE
from twentyone.rules import PayoutStyle, PlayerCards, Rules

#: The whole pack is on the table and a card is wanted (docs/casino.md#when-the-dealer-reshuffles).
NO_CARDS_LEFT = ("No cards are left to deal: the round is called off and every bet on the "
                 "layout goes back")


@dataclass
class SeenHand:
    """One hand as the viewer saw it (None for a face-down card)."""

    cards: list[Card | None]
    bet: int
    doubled: bool = False
    from_split: bool = False
    outcome: str = ""
    #: What settling it did: the net in cents, and the chips paid (empty unless it won).
    net: int = 0
    paid: tuple[int, ...] = ()

    def total(self) -> tuple[int | None, bool]:
        return shown_total(self.cards)


@dataclass
class _Round:
    dealer: list[Card | None] = field(default_factory=list)
    hands: dict[int, list[SeenHand]] = field(default_factory=dict)
    insurance: dict[int, int] = field(default_factory=dict)


def shown_total(cards: Sequence[Card | None]) -> tuple[int | None, bool]:
    """Total and softness of the cards, or (None, False) while any is face down."""
    if any(c is None for c in cards):
        return None, False
    return hand_total([c.value for c in cards if c is not None])


def card_text(c: Card | None) -> str:
    return "a card face down" if c is None else str(c)


def cards_text(cards: Sequence[Card | None]) -> str:
    return " ".join("▒▒" if c is None else str(c) for c in cards)


class Narrator:
    """Feeds on visible events, returns lines for the log, remembers the round's hands."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.chipset = ChipSet.of(rules.chips)
        self.round = _Round()
        #: The dealer's calls (insurance open and closed, a push, cheque change, the last round
        #: before the shuffle), each a line of its own in quotes after what made it.
        self.calls = DealerCalls(rules)
        #: Each decision is called with the hand signal it was given by
        #: (docs/dealing.md#hand-signals): the shoe game's or the pitch game's.
        self._game = style_of(rules)
        #: How each payout was made is said only where the table sizes into bets.
        self._say_method = rules.payout_style is not PayoutStyle.FEWEST
        #: The dealer's cards in a complete deal: no second card in the European game.
        self._dealer_deal = 2 if rules.peek else 1
        self._dealing = False
        self._deferred: list[str] = []
        self._pending: tuple[StrEnum, int, int, int] | None = None
        self._ended = False
        self._round_no = 0
        #: The hand whose cards are being turned up now, and the cards turned so far.
        self._turning: tuple[tuple[int, int], list[Card | None]] | tuple[()] = ()
        #: Hands bet and not yet settled: none left means the dealer has nobody to play.
        self._in_play = 0

    # --- names and totals ------------------------------------------------------------------

    def _who(self, seat: int, hand: int) -> str:
        hands = self.round.hands.get(seat, [])
        return f"Seat {seat} hand {hand + 1}" if len(hands) > 1 else f"Seat {seat}"

    def _signed(self, seat: int, hand: int, decision: Decision) -> str:
        """"Seat 2 waves:": who gave which signal, before the decision it gave."""
        return f"{self._who(seat, hand)} {signal(self._game, decision).gives}:"

    def _hand(self, seat: int, hand: int) -> SeenHand:
        hands = self.round.hands.setdefault(seat, [])
        while len(hands) <= hand:
            hands.append(SeenHand([], 0))
        return hands[hand]

    def _describe(self, chips: Sequence[int]) -> str:
        """A dealer's call of chips ("1 red, 2 white"); an event without chips has none."""
        return self.chipset.describe(chips) if chips else "no chips"

    @staticmethod
    def _total_text(cards: Sequence[Card | None], natural: bool = False) -> str:
        """``natural``: two cards making 21 are a blackjack (the dealer's, or an unsplit hand)."""
        total, soft = shown_total(cards)
        if total is None:
            return "?"
        if natural and total == 21 and len(cards) == 2:
            return "blackjack"
        if total > 21:
            return f"bust ({total})"
        return f"soft {total}" if soft else str(total)

    def _deal_summary(self) -> str:
        parts = []
        for seat in sorted(self.round.hands):
            h = self.round.hands[seat][0]
            total, _ = shown_total(h.cards)
            natural = f" ({self._total_text(h.cards, True)})"
            shown = natural if total is not None else ""
            parts.append(f"Seat {seat} {cards_text(h.cards)}{shown}")
        parts.append(f"Dealer {cards_text(self.round.dealer)}")
        return "Dealt: " + " · ".join(parts)

    # --- feeding ---------------------------------------------------------------------------

    def feed(self, events: Iterable[Event]) -> list[str]:
        """Lines for these events (in order); the round's hands are updated as they go."""
        out: list[str] = []
        for e in events:
            if self._turning and not (e.kind is Kind.TURNED and e.seat != HOUSE
                                      and (e.seat, e.hand) == self._turning[0]):
                out.append(self._turned_line())
            if self._dealing and not self._continues_deal(e):
                self._dealing = False
                out.append(self._deal_summary())
                out.extend(self._deferred)
                self._deferred.clear()
            line = self._line(e)
            call = self.calls.call(e)
            lines = [] if line is None else line.split("\n")
            if call is not None:
                said = f"Dealer: “{call[0].upper()}{call[1:]}”"
                lines.insert(0 if call == CLOSED else len(lines), said)
            (self._deferred if self._dealing else out).extend(lines)
        return out

    def flush(self) -> list[str]:
        """End of a batch: a deal that stopped waiting for a player is summed up now."""
        if self._turning:
            return [self._turned_line(), *self.flush()]
        if not self._dealing:
            return []
        self._dealing = False
        out = [self._deal_summary(), *self._deferred]
        self._deferred.clear()
        return out

    def _turned_line(self) -> str:
        """"Seat 2 turns 8♥ 2♥ 6♥ — 16": the cards a hand turned up for the table."""
        assert self._turning
        (seat, hand), turned = self._turning
        self._turning = ()
        h = self._hand(seat, hand)
        return (f"{self._who(seat, hand)} turns {cards_text(turned)} — "
                f"{self._total_text(h.cards, not h.from_split)}")

    def _continues_deal(self, e: Event) -> bool:
        if e.kind in (Kind.CUT_CARD, Kind.REFILLED):
            return True
        if e.kind is not Kind.DEALT:
            return False
        if e.seat == HOUSE:
            return len(self.round.dealer) < self._dealer_deal
        return len(self._hand(e.seat, e.hand).cards) < 2

    def _line(self, e: Event) -> str | None:
        k = e.kind
        r = self.round
        if k is Kind.BET:
            first = ""
            if self._ended or not r.hands:
                self.round = r = _Round()
                self._ended = False
                first = f"── round {self._round_no + 1} ──\n"
            r.hands[e.seat] = [SeenHand([], e.amount)]
            self._in_play += 1
            return f"{first}Seat {e.seat} bets {dollars(e.amount)}"
        if k is Kind.ROUND_STARTED:
            self._round_no = e.amount
            self._dealing = True
            r.dealer = []
            return None
        if k is Kind.DEALT:
            return self._dealt(e)
        if k in (Kind.HIT, Kind.DOUBLED):
            if k is Kind.DOUBLED:
                h = self._hand(e.seat, e.hand)
                h.bet += e.amount
                h.doubled = True
            self._pending = (k, e.seat, e.hand, e.amount)
            return None
        if k is Kind.SPLIT:
            hands = r.hands.setdefault(e.seat, [])
            signed = self._signed(e.seat, e.hand - 1, Decision.SPLIT)
            old = self._hand(e.seat, e.hand - 1)
            moved = old.cards.pop() if old.cards else None
            old.from_split = True
            hands.insert(e.hand, SeenHand([moved], e.amount, from_split=True))
            self._in_play += 1
            pair = "pair" if moved is None else rank_plural(moved.rank)
            return f"{signed} splits the {pair} ({dollars(e.amount)} more)"
        if k is Kind.STOOD:
            h = self._hand(e.seat, e.hand)
            on = "" if None in h.cards else f" on {self._total_text(h.cards)}"
            return f"{self._signed(e.seat, e.hand, Decision.STAND)} stands{on}"
        if k is Kind.TURNED:
            cards = r.dealer if e.seat == HOUSE else self._hand(e.seat, e.hand).cards
            # A card this viewer already saw (its own pitch card) is turned for everyone
            # else: it takes no face-down card's place.
            if e.card not in cards and None in cards:
                cards[cards.index(None)] = e.card
            if e.seat == HOUSE:
                return f"Dealer turns {card_text(e.card)} — {self._total_text(cards, True)}"
            # A hand's cards turned together are called together, once all are up.
            if not self._turning:
                self._turning = ((e.seat, e.hand), [])
            self._turning[1].append(e.card)
            return None
        if k is Kind.PEEKED:
            if e.note == "blackjack":
                return "Dealer has blackjack!"
            return "Dealer checks the hole card: no blackjack"
        if k is Kind.INSURED:
            r.insurance[e.seat] = e.amount
            return f"Seat {e.seat} takes insurance: {dollars(e.amount)}"
        if k is Kind.EVEN_MONEY:
            return f"Seat {e.seat} takes even money"
        if k is Kind.DECLINED:
            return f"Seat {e.seat} declines"
        if k is Kind.SURRENDERED:
            return (f"{self._signed(e.seat, e.hand, Decision.SURRENDER)} surrenders, half back "
                    f"({dollars(e.amount)})")
        if k in (Kind.DEALER_STOOD, Kind.DEALER_BUSTED) and self._in_play == 0:
            return f"Every hand is settled: the dealer turns the hole card ({e.amount}) and " \
                   "the round is over"
        # The card that ended the dealer's hand was called with its total ("Dealer turns Q♣ —
        # 17", "Dealer draws 10♠ — bust (22)"): the stand is called without saying it again,
        # and the bust was called already.
        if k is Kind.DEALER_STOOD:
            return "Dealer stands"
        if k is Kind.DEALER_BUSTED:
            return None
        if k is Kind.SETTLED:
            return self._settled(e)
        if k is Kind.INSURANCE_SETTLED:
            if e.note == "void":
                return f"Seat {e.seat}'s insurance goes back"
            if e.amount > 0:
                how = (", " + payout_method(self.chipset, self.rules.payout_style, e.amount,
                                            e.chips, e.chips2)) if self._say_method else ""
                return (f"Seat {e.seat}'s insurance pays 2:1: {dollars(e.amount)} in "
                        f"{self._describe(e.chips)}{how}")
            return f"Seat {e.seat} loses the {dollars(-e.amount)} insurance"
        if k is Kind.ROUND_ENDED:
            self._ended = True
            self._in_play = 0
            return None
        if k is Kind.VOIDED:
            self._ended = True
            self._in_play = 0
            if e.note == "dry":  # docs/casino.md#when-the-dealer-reshuffles
                return NO_CARDS_LEFT
            return "The round is called off"
        return self._housekeeping(e)

    def _housekeeping(self, e: Event) -> str | None:
        """Shuffles, the cut card, chips changing hands between rounds."""
        k = e.kind
        if k is Kind.SHUFFLED:
            where = f"; the cut card goes {e.note} cards from the end" if e.note else ""
            return f"Dealer shuffles{where}"
        if k is Kind.BURNED:
            return "Dealer burns a card"
        if k is Kind.CUT_CARD:
            return "The cut card is out"
        if k is Kind.REFILLED:
            where = "deck" if self.rules.player_cards is PlayerCards.DOWN else "shoe"
            return f"The {where} ran dry: the discards are shuffled to finish the round"
        if k is Kind.CHANGE:
            return (f"Seat {e.seat}: change for {self._describe(e.chips)}: "
                    f"{self._describe(e.chips2)}")
        if k is Kind.COLOURED_UP:
            return (f"Seat {e.seat} colours up {self._describe(e.chips)} → "
                    f"{self._describe(e.chips2)} ({dollars(e.amount)})")
        if k is Kind.SAT:
            return f"Seat {e.seat} sits down with {dollars(e.amount)}"
        if k is Kind.LEFT:
            return f"Seat {e.seat} leaves with {dollars(e.amount)} in {self._describe(e.chips)}"
        if k is Kind.FILL:
            return f"Fill from the vault: {self._describe(e.chips)}"
        if k is Kind.CREDIT:
            return f"Credit to the vault: {self._describe(e.chips)}"
        return None

    def _dealt(self, e: Event) -> str | None:
        if e.seat == HOUSE:
            self.round.dealer.append(e.card)
            if self._dealing:
                return None
            return f"Dealer draws {card_text(e.card)} — {self._total_text(self.round.dealer)}"
        h = self._hand(e.seat, e.hand)
        h.cards.append(e.card)
        if self._dealing:
            return None
        who = self._who(e.seat, e.hand)
        pending, self._pending = self._pending, None
        if pending is not None and pending[1:3] == (e.seat, e.hand):
            if pending[0] is Kind.HIT:
                signed = self._signed(e.seat, e.hand, Decision.HIT)
                return f"{signed} hits {card_text(e.card)} — {self._total_text(h.cards)}"
            total = "" if e.card is None else f" — {self._total_text(h.cards)}"
            signed = self._signed(e.seat, e.hand, Decision.DOUBLE)
            return f"{signed} doubles for {dollars(pending[3])}: {card_text(e.card)}{total}"
        return f"{who} takes {card_text(e.card)} — {self._total_text(h.cards)}"

    def _settled(self, e: Event) -> str:
        self._in_play -= 1
        h = self._hand(e.seat, e.hand)
        h.outcome, h.net, h.paid = e.note, e.amount, e.chips
        who = self._who(e.seat, e.hand)
        paid = self._describe(e.chips)
        if self._say_method and e.chips:
            paid += ", " + payout_method(self.chipset, self.rules.payout_style, e.amount, e.chips,
                                         e.chips2)
        if e.note == "blackjack":
            return f"{who} paid {self.rules.blackjack_pays} in {paid} ({dollars(e.amount)})"
        if e.note == "even-money":
            return f"{who} paid even money: {dollars(e.amount)} in {paid}"
        if e.note == "win":
            return f"{who} wins: paid {dollars(e.amount)} in {paid}"
        if e.note == "push":
            return f"{who} pushes"
        if e.note == "void":
            return f"{who}: the bet goes back"
        if e.note == "surrender":
            return f"{who} loses {dollars(-e.amount)} by surrendering"
        reason = {"bust": " (bust)", "dealer blackjack": " to the dealer's blackjack"}
        return f"{who} loses {dollars(-e.amount)}{reason.get(e.note, '')}"
