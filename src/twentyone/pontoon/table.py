"""Pontoon, blackjack with a changing bank (docs/pontoon.md): the casino ``Table`` carrying a
variant, not a second engine.

The round itself (bets, the deal, the check for a banker's natural, player turns, splits and
doubles, the dealer's draw, settlement, the event log) is the casino table's code. Pontoon
reaches it through seams the engine offers any game:

- ``Rules`` options: one pack, a burned card face up at the bottom and a reshuffle when it is
  reached (``reshuffle="burn-card"``), a dealer who decides (``dealer_decides``, played through
  ``dealer_hit``/``dealer_stand``), ties to the dealer, a dealer's natural collecting double,
  naturals paid 2 to 1, up to 14 seats (``changing_bank``).
- the table's ``bank``: here the banker's own stack (``SeatBank``), so every payment moves chips
  between two players and nothing is created or destroyed;
- ``hand_bonus``: bonus hands paid at once on the player's turn (``bonus_multiple``);
- ``_playing_order`` and ``dealer_seat``: play goes round from the banker's left, and the banker
  is a seat that plays the dealer's hand.

What is Pontoon's alone lives here: choosing the first banker, passing the bank after a natural,
giving or selling the bank (an offer the other player accepts or declines), a bank that cannot
pay more than it holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from twentyone.cards import fresh_shoe
from twentyone.engine.chips import ChipSet, Counts, Rack, add, take
from twentyone.engine.events import Event, Kind
from twentyone.engine.hand import Hand
from twentyone.engine.ops import TABLE_OPS, SeatOp, TableOp, registry
from twentyone.engine.shoe import Shuffler, ShuffleRecord
from twentyone.engine.table import Action, Phase, Record, Refusal, Seat, Steps, Table
from twentyone.errors import BetError, ChipError, RulesError, SeatError, TableError, WrongPhaseError
from twentyone.money import Cents, dollars
from twentyone.pontoon.rules import (
    DEFAULT_LIMIT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    bonus_multiple,
    first_banker,
    left_of,
    next_banker,
)
from twentyone.protocol import HOUSE
from twentyone.rules import (
    DoubleOn,
    Insurance,
    PlayerCards,
    Reshuffle,
    Rules,
    SplitBy,
    Surrender,
)


class PontoonAction(StrEnum):
    """What only a Pontoon table offers, beside the casino table's ``Action``s."""

    DRAW_FOR_BANK = "draw-for-bank"
    OFFER_BANK = "offer-bank"
    ACCEPT_BANK = "accept-bank"
    DECLINE_BANK = "decline-bank"
    WITHDRAW_BANK = "withdraw-bank"


class PontoonKind(StrEnum):
    """What only a Pontoon table logs, beside the casino table's ``Kind``s."""

    BANK_CHANGED = "bank-changed"      # seat = the new banker; amount = price paid; note = why
    BANK_OFFERED = "bank-offered"      # seat = to whom; amount = the price; note = by whom
    BANK_REFUSED = "bank-refused"      # seat = to whom; note = "declined" or "withdrawn"


@dataclass(frozen=True, slots=True)
class DrawForBank(TableOp):
    """Deal round the table for the first banker."""

    name: ClassVar[str] = "draw_for_bank"


@dataclass(frozen=True, slots=True)
class OfferBank(SeatOp):
    """The banker offers the bank to seat ``to`` for ``price`` (0: as a gift)."""

    name: ClassVar[str] = "offer_bank"
    to: int
    price: Cents


@dataclass(frozen=True, slots=True)
class AcceptBank(SeatOp):
    """The seat the bank is offered to takes it (and pays its price)."""

    name: ClassVar[str] = "accept_bank"


@dataclass(frozen=True, slots=True)
class DeclineBank(SeatOp):
    """The seat the bank is offered to turns the offer down."""

    name: ClassVar[str] = "decline_bank"


@dataclass(frozen=True, slots=True)
class WithdrawBank(SeatOp):
    """The banker takes the offer back."""

    name: ClassVar[str] = "withdraw_bank"


@dataclass(frozen=True, slots=True)
class BankOffer:
    """The bank offered by ``seller`` to ``to`` for ``price``; ``at`` is the length of the log
    just after the offer, so the offer lapses as soon as anything else happens at the table."""

    seller: int
    to: int
    price: Cents
    at: int


@dataclass(frozen=True, slots=True)
class PontoonRules:
    """The few choices a Pontoon table makes; everything else is fixed
    (docs/pontoon.md#the-game-at-a-glance)."""

    #: Players at the table, the banker included (docs/pontoon.md#players-and-the-pack: two to 14).
    players: int = 4
    #: The betting limit in chips (docs/pontoon.md#betting: "usually five chips at most").
    limit: int = DEFAULT_LIMIT
    #: What one chip is worth, in cents (a home game's chips are all alike).
    chip: Cents = 100
    colour: str = "white"

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(f"Pontoon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                             f"not {self.players}")
        if self.limit < 1:
            raise RulesError("the betting limit is at least one chip")
        if self.chip <= 0:
            raise RulesError("a chip must be worth something")

    def table_rules(self) -> Rules:
        """The engine's rules for this game.

        Fixed by the game (docs/pontoon.md#the-game-at-a-glance): one 52-card pack, always; the
        burned card shown and put face up at the bottom; bets of one chip up to the limit; one
        card face down to every player and the banker, then one face up; a banker's natural
        collects double, a player's natural is paid double; the banker draws freely; ties pay the
        banker. "As in the casino game" a player may split a pair and double down: the classic
        casino rules (double on 9, 10 or 11 for the original bet, one card to split aces, no
        resplit of aces). A double's card is drawn face up like every Pontoon draw, so a bust is
        paid at once (docs/pontoon.md#your-turn).
        """
        return Rules(
            decks=1, peek=True, peek_tens=True, blackjack_pays="2:1",
            double_on=DoubleOn.NINE_TO_ELEVEN, double_for_less=False, double_after_split=False,
            split_by=SplitBy.RANK, max_hands=4, resplit_aces=False, hit_split_aces=False,
            surrender=Surrender.NONE, insurance=Insurance.NONE, even_money=False,
            reshuffle=Reshuffle.BURN_CARD, burn=1, min_bet=self.chip,
            max_bet=self.limit * self.chip, bet_unit=self.chip, payout_rounding=self.chip,
            seats=self.players, player_cards=PlayerCards.DOWN_UP, hole_card_first=True,
            double_face_down=False, chips=((self.colour, self.chip),), dealer_decides=True,
            ties_to_dealer=True, dealer_natural_collects=2, changing_bank=True)


class SeatBank:
    """The banker's own stack as the table's bank: the banker pays and collects with their own chips
    (docs/pontoon.md#a-bank-pays-only-what-it-holds). It holds nothing the seats do not already
    count, so ``held`` is zero and the table's chip total is just the players' chips and the bets on
    the layout."""

    __slots__ = ("chipset", "seat")

    def __init__(self, chipset: ChipSet, seat: Seat) -> None:
        self.chipset = chipset
        self.seat = seat

    @property
    def value(self) -> Cents:
        return self.chipset.value(self.seat.chips)

    @property
    def held(self) -> Cents:
        return 0

    def pay(self, amount: Cents) -> tuple[Counts, Counts | None]:
        chips = self.chipset.fewest(amount, self.seat.chips)
        if chips is None:
            raise ChipError(f"the banker cannot make {dollars(amount)} from their chips")
        take(self.seat.chips, chips)
        return chips, None

    def collect(self, chips: Sequence[int]) -> Counts | None:
        add(self.seat.chips, chips)
        return None


class PontoonTable(Table):
    """A Pontoon table: seats 1 to ``players`` clockwise, one of whom banks."""

    def __init__(self, prules: PontoonRules, shuffler: Shuffler | None = None, *,
                 seed: int | None = None) -> None:
        # The pack is shuffled for play only after the draw for the first banker. A home game
        # has no house rack: until a banker is chosen the bank is an empty one.
        rules = prules.table_rules()
        chipset = ChipSet.of(rules.chips)
        super().__init__(rules, shuffler, seed=seed, shuffle_now=False,
                         rack=Rack(chipset, chipset.zero(), capacity=0, standard=0))
        self.pontoon = prules
        self.dealer_name = "banker"
        self.hand_bonus = bonus_multiple
        #: The seat that banks; None before the draw for the first banker.
        self.banker: int | None = None
        #: Times the bank has changed hands (the first draw is not a change).
        self.bank_changes = 0
        #: The banker came to the bank by right (the draw or a natural) and has not dealt yet,
        #: so may still give or sell it (docs/pontoon.md#giving-or-selling-the-bank).
        self.entitled = False
        self._offer: BankOffer | None = None

    def __getstate__(self) -> object:
        """The casino table's state and Pontoon's own: compiled, the table's ``__getstate__``
        holds only its own attributes, and a copied or pickled Pontoon table lost its bank."""
        return super().__getstate__(), dict(vars(self))

    def __setstate__(self, state: tuple[object, dict[str, object]]) -> None:
        table, own = state
        restore = getattr(super(), "__setstate__", None)
        if restore is not None:
            restore(table)  # compiled
        vars(self).update(own)

    operations: ClassVar[dict[str, type[TableOp]]] = {**TABLE_OPS, **registry((
        DrawForBank, OfferBank, AcceptBank, DeclineBank, WithdrawBank))}

    def _steps(self, op: TableOp) -> Steps:
        """The casino table's operations, and the bank's own."""
        match op:
            case DrawForBank():
                return (PontoonAction.DRAW_FOR_BANK, HOUSE,
                        lambda _: self._refuse_draw_for_bank(), lambda _: self._draw_for_bank())
            case OfferBank(seat, to, price):
                return (PontoonAction.OFFER_BANK, seat,
                        lambda n: self._refuse_offer_bank(n, to, price),
                        lambda n: self._offer_bank(n, to, price))
            case AcceptBank(seat):
                return PontoonAction.ACCEPT_BANK, seat, self._refuse_answer, self._accept_bank
            case DeclineBank(seat):
                return (PontoonAction.DECLINE_BANK, seat, self._refuse_decline,
                        lambda _: self._end_offer("declined"))
            case WithdrawBank(seat):
                return (PontoonAction.WITHDRAW_BANK, seat, self._refuse_withdraw,
                        lambda _: self._end_offer("withdrawn"))
        return super()._steps(op)

    # --- the bank --------------------------------------------------------------------------

    @property
    def dealer_seat(self) -> int:
        return HOUSE if self.banker is None else self.banker

    def draw_for_bank(self) -> Record:
        """docs/pontoon.md#choosing-the-first-banker: deal a shuffled pack face up round the table,
        from seat 1, until the jack of spades or clubs falls; that player banks. Then the pack is
        shuffled, cut and burned for play."""
        return self.apply(DrawForBank())

    def _draw_for_bank(self) -> None:
        pack = self.shoe.shuffler.shuffle(fresh_shoe(1), self.rules)
        self.shoe.history.append(ShuffleRecord(list(pack.order), pack.cut_at, None))
        order = sorted(self.seats)
        seat, dealt = first_banker(pack.order, order)
        for i, c in enumerate(pack.order[:dealt]):
            self.log.append(Event(Kind.DEALT, order[i % len(order)], card=c,
                                  note="draw for the bank"))
        self._set_banker(seat, "first banker", 0)
        self.entitled = True
        self._shuffle()

    def verify_draw_for_bank(self) -> None:
        self._raise(self._refuse_draw_for_bank())

    def can_draw_for_bank(self) -> bool:
        return self._refuse_draw_for_bank() is None

    def _refuse_draw_for_bank(self) -> Refusal:
        if self.banker is not None:
            return WrongPhaseError, f"seat {self.banker} already holds the bank"
        if len(self.seats) < MIN_PLAYERS:
            return SeatError, f"Pontoon needs at least {MIN_PLAYERS} players"
        return None

    # --- giving or selling the bank: an offer the other player accepts or declines ----------

    @property
    def offer(self) -> BankOffer | None:
        """The offer of the bank standing now: None once it is accepted, declined or withdrawn,
        and as soon as anything else happens at the table (a bet, a seat taken or left, chips
        changed), so nobody accepts a bargain made about a table that has moved on."""
        o = self._offer
        return o if o is not None and o.at == len(self.log) else None

    def offer_bank(self, seat: object, to: object, price: object = 0) -> Record:
        """docs/pontoon.md#giving-or-selling-the-bank: the banker entitled to deal offers the
        bank to another player, as a gift (``price`` 0) or for a price in whole chips that the
        player holds. Nothing moves until that player accepts; a new offer replaces the last."""
        return self.apply(OfferBank.of(seat, to, price))

    def _offer_bank(self, seat: int, to: int, price: Cents) -> None:
        self.log.append(Event(PontoonKind.BANK_OFFERED, to, amount=price,
                              note=f"offered by seat {seat}"))
        self._offer = BankOffer(seat, to, price, len(self.log))

    def can_offer_bank(self, seat: object, to: object, price: object = 0) -> bool:
        return (type(seat) is int and type(to) is int and type(price) is int
                and self._refuse_offer_bank(seat, to, price) is None)

    def _refuse_offer_bank(self, seat: int, to: int, price: Cents) -> Refusal:
        if seat != self.banker:
            return SeatError, f"seat {seat} does not hold the bank"
        if not self.entitled:
            return WrongPhaseError, "the bank may be given or sold only before its first deal"
        if self.phase is not Phase.BETTING or any(s.hands for s in self.seats.values()):
            return WrongPhaseError, "the bank changes hands before any bet is placed"
        if to == seat or to not in self.seats:
            return SeatError, f"there is no other player at seat {to}"
        if price < 0 or price % self.rules.bet_unit:
            return BetError, "a price is a whole number of chips"
        if price > self.bankroll(to):
            return BetError, f"seat {to} has only {dollars(self.bankroll(to))}"
        return None

    def accept_bank(self, seat: object) -> Record:
        """The player offered the bank takes it, paying the price to the banker."""
        return self.apply(AcceptBank.of(seat))

    def _accept_bank(self, seat: int) -> None:
        offer = self.offer
        assert offer is not None
        if offer.price:
            buyer, seller = self.seats[seat], self.seats[offer.seller]
            chips = self.cashier.take(seat, buyer.chips, offer.price)
            add(seller.chips, chips)
        self._offer = None
        self._set_banker(seat, f"{'sold' if offer.price else 'given'} by seat {offer.seller}",
                         offer.price)
        self.bank_changes += 1
        self.entitled = False

    def decline_bank(self, seat: object) -> Record:
        """The player offered the bank turns it down; the banker keeps it."""
        return self.apply(DeclineBank.of(seat))

    def withdraw_bank(self, seat: object) -> Record:
        """The banker takes the offer back before it is answered."""
        return self.apply(WithdrawBank.of(seat))

    def _refuse_decline(self, seat: int) -> Refusal:
        offer = self.offer
        if offer is None or offer.to != seat:
            return WrongPhaseError, f"nobody is offering seat {seat} the bank"
        return None

    def _refuse_withdraw(self, seat: int) -> Refusal:
        offer = self.offer
        if offer is None or offer.seller != seat:
            return WrongPhaseError, f"seat {seat} has no offer of the bank to withdraw"
        return None

    def _end_offer(self, why: str) -> None:
        offer = self.offer
        assert offer is not None
        self._offer = None
        self.log.append(Event(PontoonKind.BANK_REFUSED, offer.to, note=why))

    def _refuse_answer(self, seat: int) -> Refusal:
        """Accepting or declining: only the player offered the bank, while the offer stands
        and the bank may still change hands (checked again: the price must still be paid)."""
        offer = self.offer
        if offer is None or offer.to != seat:
            return WrongPhaseError, f"nobody is offering seat {seat} the bank"
        return self._refuse_offer_bank(offer.seller, offer.to, offer.price)

    def _set_banker(self, seat: int, why: str, price: Cents) -> None:
        self.banker = seat
        self.cashier.bank = SeatBank(self.chipset, self.seats[seat])
        self.log.append(Event(PontoonKind.BANK_CHANGED, seat, amount=price, note=why))

    # --- seams of the round ----------------------------------------------------------------

    def playing_order(self) -> list[int]:
        """docs/pontoon.md#the-banker: the banker deals and serves from the player on the left, and
        takes no bet."""
        assert self.banker is not None
        return [n for n in left_of(self.banker, list(self.seats)) if self.seats[n].hands]

    def bet_refusal(self, seat: int, amount: Cents) -> Refusal:
        if seat == self.banker:
            return BetError, "the banker does not bet; the bank covers the table"
        if self.banker is None and seat in self.seats:
            return WrongPhaseError, "draw for the first banker before betting"
        return super().bet_refusal(seat, amount)

    def deal_refusal(self) -> Refusal:
        if self.banker is None:
            return WrongPhaseError, "draw for the first banker before the deal"
        return super().deal_refusal()

    def pay_hand(self, s: Seat, i: int, h: Hand, won: Cents, outcome: str) -> None:
        """A bank pays what it holds and no more: chips are never created
        (docs/pontoon.md#a-bank-pays-only-what-it-holds: "nothing is created"); a short payment is
        marked in the outcome."""
        assert isinstance(self.bank, SeatBank)
        have = self.bank.value
        if won > have:
            won, outcome = have, f"{outcome} (bank short)"
        super().pay_hand(s, i, h, won, outcome)

    def lose_hand(self, s: Seat, i: int, h: Hand, outcome: str) -> None:
        """docs/pontoon.md#your-turn: a player who goes bust "turns up the hole card"; every lost
        hand is shown."""
        self.turn_hand_cards(s.number, i, h)
        super().lose_hand(s, i, h, outcome)

    def end_round(self) -> None:
        """After every bet is settled (docs/pontoon.md#changing-the-bank): a player's natural
        against a banker without one takes the bank, the nearest to the banker's left first. A
        banker left with no chips cannot bank; the rules are silent, so the bank goes to the next
        player on the left who has chips."""
        banker = self.banker
        assert banker is not None
        naturals = [] if self.dealer.natural else [
            n for n, s in self.seats.items() if any(h.natural for h in s.hands)]
        super().end_round()
        self.entitled = False
        seats = list(self.seats)
        heir = next_banker(banker, naturals, seats)
        if heir is not None:
            self._set_banker(heir, "natural", 0)
            self.bank_changes += 1
            self.entitled = True
        elif self.bankroll(banker) == 0:
            funded = [n for n in left_of(banker, seats) if self.bankroll(n) > 0]
            if funded:
                self._set_banker(funded[0], f"seat {banker} went broke", 0)
                self.bank_changes += 1

    def legal_actions(self, seat: object) -> tuple[StrEnum, ...]:
        """The engine's answer, with the bank's own moves: the draw for the first banker, and
        giving or selling the bank while that is allowed; the banker may not leave."""
        acts = super().legal_actions(seat)
        if type(seat) is not int or seat not in self.seats or self.phase is not Phase.BETTING:
            return acts
        if self.can_draw_for_bank():
            return (PontoonAction.DRAW_FOR_BANK, *acts)
        offer = self.offer
        if seat == self.banker:
            others = [n for n in self.seats if n != seat]
            sell = any(self.can_offer_bank(seat, n) for n in others)
            return tuple(a for a in acts if a is not Action.LEAVE) + (
                (PontoonAction.OFFER_BANK,) if sell else ()) + (
                (PontoonAction.WITHDRAW_BANK,) if offer is not None else ())
        if offer is not None and offer.to == seat:
            answers = ((PontoonAction.ACCEPT_BANK,) if self._refuse_answer(seat) is None
                       else ())
            return (*acts, *answers, PontoonAction.DECLINE_BANK)
        return acts

    def seat_left(self, seat: int) -> None:
        """The last player at the table may leave holding the bank (``leave_refusal``), and the
        next game draws for its first banker again."""
        if seat == self.banker:
            self.banker = None
            self.entitled = False

    def leave_refusal(self, seat: int) -> Refusal:
        """The banker may not leave while anyone else sits: the bank covers them."""
        if seat == self.banker and len(self.seats) > 1:
            return TableError, "the banker cannot leave holding the bank; give or sell it first"
        return None

    def players(self) -> list[int]:
        """Seats that play against the bank this round, in playing order."""
        if self.banker is None:
            return sorted(self.seats)
        return left_of(self.banker, list(self.seats))
