"""The casino table: one state machine of explicit operations, the single authority on the rules.

Every face of twentyone (terminal, bots, simulator checks, trainers) drives this class. Each
player request has three forms: ``verify_x`` raises a typed ``TableError`` and changes nothing,
``can_x`` answers yes or no, and ``x`` applies it and returns a frozen ``Record`` of the events
it appended. Each is also a value (``Hit(1)``, twentyone.engine.ops) for ``apply``, ``verify``
and ``can``. The dealer's part (the deal, the peek, the draw, settlement, the shuffle) has no
choices and runs by itself as soon as the players' decisions allow.

One envelope. Every operation, however it is asked, goes through ``_perform``: ``_steps``
names its refusal (``_refuse_x``, which returns the refusal or None) and its work;
``_perform`` takes the table, refuses in words and changes nothing, or does the work, keeps the
operation in ``ops`` where ``keep_record`` asks, and calls the round off where the shoe runs
dry. The same refusal answers ``verify``, ``can`` and ``legal_actions``, so they cannot
disagree with ``apply``.

The public edge takes ``object``. A method checks its arguments' kinds first and refuses a
wrong one (a float or text for cents, a bool or numpy's integer for a seat) as the operation
they make would (``_wrong``: the operation's own check, the table's typed error). The methods
are typed ``object`` on purpose: compiled by mypyc, a parameter typed ``int`` is checked and
converted before the first line runs (``True`` became seat 1, a float a bare ``TypeError``), so
the source and the compiled build would refuse differently (issue 34 item 11). A method goes to
``_perform`` with its refusal and its work as ``_steps`` names them for ``apply``, making the
operation's value only where ``keep_record`` keeps it.

Hooks for variants. A game that changes the casino table's rules without a second engine
(Pontoon's changing bank) subclasses ``Table`` and overrides only these, each documented where it
is defined: ``operations`` and ``_steps`` (its own operations), ``legal_actions``,
``playing_order`` (who is dealt and plays in what order), ``dealer_seat`` (who plays the dealer's
hand), ``bet_refusal`` (who may bet), ``deal_refusal`` (when the deal may come), ``pay_hand`` and
``lose_hand`` (how one hand is settled), ``turn_hand_cards``, ``end_round`` (what happens
between rounds), ``leave_refusal`` (who may not leave) and ``seat_left``; plus the values
``hand_bonus`` (hands paid at once on the player's turn) and ``cashier.bank`` (what settlement
pays from). A hook never calls an operation: an operation runs one at a time (see "Threads" in
``Table``). Rule options that any game may use (``dealer_decides``, ``ties_to_dealer``,
``dealer_natural_collects``, ``reshuffle``) are in ``Rules``. Hooks are for subclasses; callers
use the operations.

Clause references cite the players' rules reference in ``docs/`` (docs/README.md#citing-a-section).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import ClassVar, NamedTuple, NoReturn, TypeGuard

from mypy_extensions import mypyc_attr

from twentyone.cards import Card
from twentyone.engine.cashier import Cashier
from twentyone.engine.chips import Bank, ChipSet, Counts, Rack, add
from twentyone.engine.events import Event, Kind
from twentyone.engine.hand import DealerHand, Hand
from twentyone.engine.ops import (
    TABLE_OPS,
    Bet,
    Change,
    ColourUp,
    Deal,
    DealerHit,
    DealerStand,
    Decline,
    Double,
    EvenMoney,
    Hit,
    Insure,
    Leave,
    Sit,
    Split,
    Stand,
    Surrender,
    TableOp,
    Void,
    as_op,
    chip_counts,
)
from twentyone.engine.shoe import RandomShuffler, Shoe, Shuffler
from twentyone.errors import (
    BetError,
    ChipError,
    ConcurrentUseError,
    IllegalActionError,
    InsufficientChipsError,
    InsuranceError,
    NotYourTurnError,
    SeatError,
    TableError,
    WrongPhaseError,
    shown,
)
from twentyone.money import Cents, dollars
from twentyone.protocol import HOUSE
from twentyone.rules import DoubleOn, Insurance, PlayerCards, Reshuffle, Rules, SplitBy
from twentyone.rules import Surrender as SurrenderRule


class Phase(StrEnum):
    """Where the round stands between two operations. Dealing, the peek, the dealer's draw and
    settlement happen inside the operation that makes them due, so a caller only ever sees the
    phases that wait for someone's decision: a player's, or a dealer's who decides (Pontoon's
    banker; never the casino dealer, who draws by rule)."""

    BETTING = "betting"
    INSURANCE = "insurance"   # insurance, even money and early surrender, seat by seat
    PLAYERS = "players"       # player turns, seat by seat, hand by hand
    DEALER = "dealer"         # a dealer who decides (``rules.dealer_decides``) hits or stands


class Action(StrEnum):
    SIT = "sit"
    BET = "bet"
    DEAL = "deal"
    INSURE = "insure"
    EVEN_MONEY = "even-money"
    DECLINE = "decline"
    SURRENDER = "surrender"
    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"
    CHANGE = "change"
    COLOUR_UP = "colour-up"
    LEAVE = "leave"
    DEALER_HIT = "dealer-hit"
    DEALER_STAND = "dealer-stand"
    VOID = "void"


def _optional_cents(x: object) -> TypeGuard[Cents | None]:
    """An amount argument of the right kind: whole cents, or None for the default."""
    return x is None or type(x) is int


def _buy_in(x: object) -> TypeGuard[Cents | Mapping[str, int]]:
    """A buy-in of the right kind: whole cents, or chips counted by colour."""
    return type(x) is int or chip_counts(x)


def _wrong(op: type[TableOp], *fields: object) -> NoReturn:
    """Refuse a method's arguments of the wrong kind as the operation they make refuses them
    (``TableOp.of`` raises the field's typed error, in the same words for either way of asking)."""
    op.of(*fields)
    raise AssertionError(f"{op.__name__} took arguments of the wrong kind")


#: The most one buy-in may be worth, in cents: $1,000,000. Far above any table's stakes, and small
#: enough that the chips it makes (two million 50-cent chips at most) stay cheap to count.
MAX_BUY_IN: Cents = 100_000_000

#: Builds an Event (or Record) from a full tuple of its fields, in order, without NamedTuple's
#: Python-level ``__new__``: three to four times faster, and the log takes ~15 events a round.
_new = tuple.__new__


class _ShoeDry(Exception):
    """No card left anywhere to deal: the shoe is empty and so is the discard tray (every card of
    the pack is on the table). Raised deep inside a draw and caught at the boundary of the
    public operation that drew, which then calls the round off
    (docs/casino.md#when-the-dealer-reshuffles). Private: it never leaves the table."""


class Record(NamedTuple):
    """What an operation did: the events it appended to the log. ``action`` is an ``Action``,
    or a variant's own (Pontoon's ``PontoonAction``)."""

    action: StrEnum
    seat: int
    events: tuple[Event, ...]


Refusal = tuple[type[TableError], str] | None

#: What one operation does, as ``Table._steps`` gives it: the record's action and seat, the
#: check that refuses it in words (or lets it through), and the work itself, which returns the
#: operation as it is recorded where that differs from the one asked (a buy-in is recorded as
#: the chips it bought). Both are given the seat.
Steps = tuple[StrEnum, int, Callable[[int], Refusal], Callable[[int], "TableOp | None"]]


class Seat:
    __slots__ = ("chips", "declined", "hands", "insurance", "insurance_chips", "number",
                 "wagered")

    def __init__(self, number: int, chips: Counts) -> None:
        self.number = number
        self.chips = chips
        #: Everything this seat has put at risk since it sat down (bets, doubles, splits,
        #: insurance): the "action" a casino rates a player by.
        self.wagered = 0
        self.hands: list[Hand] = []
        self.insurance = 0
        self.insurance_chips: Counts = []
        #: Has answered the insurance / even-money / early-surrender offer this round.
        self.declined = False

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied as a blank one given this one's state: compiled, Python cannot
        make an empty instance to fill, so the default way fails (issue 34 item 11)."""
        return Seat, (self.number, []), self.__getstate__()


# A variant (Pontoon) extends the table through its hooks, so the compiled build must allow
# interpreted subclasses; measured, this costs the compiled casino game nothing noticeable.
@mypyc_attr(allow_interpreted_subclasses=True)
class Table:
    """A casino blackjack table for ``rules.seats`` players, numbered 1 (the dealer's left, who
    acts first) upwards.

    Threads: a table is not thread-safe, and says so rather than lose chips. An operation
    (``sit``, ``bet``, ``hit``, ``apply`` ...) called while another thread's operation is still
    running is refused with a ``ConcurrentUseError`` and changes nothing; the one running
    finishes whole. A program that shares a table between threads serializes its own calls (a
    lock around each operation and the reads that lead to it); the error is the alarm that it
    did not. Reading the table (``seats``, ``bankroll``, views) is not guarded at all. The check
    costs one atomic list operation per call (a lock's acquire and release cost the compiled
    table about a tenth of its speed)."""

    def __init__(self, rules: Rules, shuffler: Shuffler | None = None, *, seed: int | None = None,
                 rack: Rack | None = None, shuffle_now: bool = True) -> None:
        """``shuffle_now=False`` leaves the shoe in new-pack order, for restoring a snapshot."""
        self.rules = rules
        self.chipset = ChipSet.of(rules.chips)
        self.log: list[Event] = []
        #: Every chip that moves at the table moves through the cashier, which logs it.
        self.cashier = Cashier(self.chipset, rack or Rack.standard_rack(self.chipset), self.log,
                               rules.min_bet, rules.payout_style)
        #: Hand shapes paid at once on the player's turn, as a multiple of the bet (Pontoon's bonus
        #: hands); None for the casino game. A hand so paid cannot lose.
        self.hand_bonus: Callable[[Sequence[int]], int] | None = None
        self.shoe = Shoe(rules, shuffler or RandomShuffler.seeded(seed))
        self.seats: dict[int, Seat] = {}
        self.dealer = DealerHand()
        self.phase = Phase.BETTING
        self.round = 0
        #: Seats in the current round, in playing order (dealer's left first).
        self._order: list[int] = []
        #: Index into ``_order`` and the hand of that seat now to act.
        self._turn = 0
        self._hand = 0
        #: The dealer has looked at the hole card (or has none to look at yet).
        self._peeked = False
        self._bj_ratio = rules.blackjack_ratio
        # What the hot paths ask at every decision, answered once from the rules' own options
        # and predicates (looking an enum member up costs more than the question itself).
        self._doubles = tuple(rules.can_double(total) for total in range(22))
        self._split_by_rank = rules.split_by is SplitBy.RANK
        self._surrender = rules.surrender is not SurrenderRule.NONE
        self._early_surrender = rules.surrender is SurrenderRule.EARLY
        self._first_card_up = rules.player_cards is PlayerCards.UP
        self._draws_face_up = rules.player_cards is not PlayerCards.DOWN
        # docs/casino.md#split_face_down, #naturals_paid_at_once, #late_natural
        self._split_card_up = self._draws_face_up and not rules.split_face_down
        self._pay_natural_at_once = rules.naturals_paid_at_once
        self._late_natural_21 = rules.late_natural_is_21()
        #: What the players call the dealer, in refusals ("banker" at a Pontoon table).
        self.dealer_name = "dealer"
        #: Every operation applied, as values: with the shoe's shuffle records this is all a
        #: hand history needs to deal the same round again.
        self.ops: list[TableOp] = []
        #: Keep ``ops``. A headless run that throws its record away turns this off and spares
        #: itself building a value per operation (about 4% of a round's work).
        self.keep_record = True
        #: One token, taken by an operation while it runs and put back when it ends: an
        #: operation that finds it gone is another thread's, overlapping (see "Threads" in the
        #: class docstring). Taking it is one atomic list operation.
        self._free: list[int] = [1]
        if shuffle_now:
            self._shuffle()

    #: The operations this table performs, by their record name (a variant adds its own).
    operations: ClassVar[dict[str, type[TableOp]]] = TABLE_OPS

    #: The most a player may buy in for, in cents, in money or in chips (``MAX_BUY_IN``).
    max_buy_in: ClassVar[Cents] = MAX_BUY_IN

    @property
    def rack(self) -> Rack:
        """The dealer's chip rack (with the vault behind it)."""
        return self.cashier.rack

    @property
    def bank(self) -> Bank:
        """What settlement pays from and collects into."""
        return self.cashier.bank

    def apply(self, op: TableOp) -> Record:
        """Perform an operation given as a value: the same as calling its method (``Hit(1)`` is
        ``hit(1)``), refused the same way."""
        op = self._resolved(op)
        action, seat, refusal, body = self._steps(op)
        return self._perform(op, action, seat, refusal, body)

    def refusal(self, op: TableOp) -> Refusal:
        """Why ``apply(op)`` would be refused now, or None: the very check ``apply`` makes, so
        asking first can never disagree with doing."""
        _, seat, refusal, _ = self._steps(self._resolved(op))
        return refusal(seat)

    def verify(self, op: TableOp) -> None:
        """Raise what ``apply(op)`` would be refused with; changes nothing."""
        self._raise(self.refusal(op))

    def can(self, op: TableOp) -> bool:
        return self.refusal(op) is None

    def _steps(self, op: TableOp) -> Steps:
        """Hook: an operation's steps (``Steps``). A variant handles its own operations first
        and passes the rest here."""
        match op:
            case Bet(seat, amount):
                return (Action.BET, seat, lambda n: self.bet_refusal(n, amount),
                        lambda n: self._bet(n, amount))
            case Deal():
                return Action.DEAL, HOUSE, lambda _: self.deal_refusal(), lambda _: self._deal()
            case Hit(seat):
                return Action.HIT, seat, self._refuse_hit, self._hit
            case Stand(seat):
                return Action.STAND, seat, self._refuse_turn, self._stand
            case Double(seat, extra):
                return (Action.DOUBLE, seat, lambda n: self._refuse_double(n, extra),
                        lambda n: self._double(n, extra))
            case Split(seat):
                return Action.SPLIT, seat, self._refuse_split, self._split
            case Surrender(seat):
                return Action.SURRENDER, seat, self._refuse_surrender, self._surrender_hand
            case Insure(seat, insured):
                return (Action.INSURE, seat, lambda n: self._refuse_insure(n, insured),
                        lambda n: self._insure(n, insured))
            case EvenMoney(seat):
                return Action.EVEN_MONEY, seat, self._refuse_even_money, self._even_money
            case Decline(seat):
                return Action.DECLINE, seat, self._refuse_offer, self._decline
            case Sit(seat, bankroll):
                return (Action.SIT, seat, lambda n: self._refuse_sit(n, bankroll),
                        lambda n: self._sit(n, bankroll))
            case Leave(seat):
                return Action.LEAVE, seat, self._refuse_leave, self._leave
            case Change(seat, colour):
                return (Action.CHANGE, seat, lambda n: self._refuse_change(n, colour),
                        lambda n: self._change(n, colour))
            case ColourUp(seat):
                return Action.COLOUR_UP, seat, self._refuse_colour_up, self._colour_up
            case DealerHit():
                return (Action.DEALER_HIT, self.dealer_seat,
                        lambda _: self._refuse_dealer_turn(), lambda _: self._dealer_hit())
            case DealerStand():
                return (Action.DEALER_STAND, self.dealer_seat,
                        lambda _: self._refuse_dealer_turn(), lambda _: self._dealer_stand())
            case Void():
                return Action.VOID, HOUSE, lambda _: self._refuse_void(), lambda _: self._void()
        name = as_op(op).name  # anything but an operation is refused as one
        raise IllegalActionError(f"{name or type(op).__name__} is not done at this table")

    def _resolved(self, op: TableOp) -> TableOp:
        """A double or insurance of the default amount (None) as the amount it stands for now,
        which is what the record keeps; any other operation as it is."""
        if isinstance(op, Double) and op.amount is None:
            to_act = self.to_act
            if self.phase is Phase.PLAYERS and to_act is not None and to_act[0] == op.seat:
                return Double(op.seat, self.seats[op.seat].hands[self._hand].bet)
        elif isinstance(op, Insure) and op.amount is None:
            return Insure(op.seat, self._insurance(op.seat, None))
        return op

    def _insurance(self, seat: int, amount: Cents | None) -> Cents | None:
        """An insurance bet's amount: ``None`` is half the seat's bet (None still where it has
        none, to be refused)."""
        if amount is not None:
            return amount
        s = self.seats.get(seat)
        return self.cashier.half(s.hands[0].bet) if s is not None and s.hands else None

    def _perform(self, op: TableOp | None, action: StrEnum, seat: int,
                 refusal: Callable[[int], Refusal],
                 body: Callable[[int], TableOp | None]) -> Record:
        """The one envelope of every operation: take the table (or refuse: another thread's
        operation is running), refuse in words and change nothing, or do the work, keep the
        operation in ``ops`` (where ``keep_record`` asks) and call the round off where the shoe
        runs dry; the record of the events it appended. ``refusal`` and ``body`` are given
        ``seat``; ``op`` is what is recorded (None: nothing is, ``keep_record`` being off)."""
        self._enter()
        try:
            found = refusal(seat)
            if found is not None:
                raise found[0](found[1])
            start = len(self.log)
            try:
                recorded = body(seat)
            except _ShoeDry:
                recorded = None
                self._call_off_dry()
            if self.keep_record:
                made = op if recorded is None else recorded
                assert made is not None, "an operation asked with keep_record on is recorded"
                self.ops.append(made)
            return _new(Record, (action, seat, tuple(self.log[start:])))
        finally:
            self._exit()

    # --- seats and chips -------------------------------------------------------------------

    def sit(self, seat: object, bankroll: object) -> Record:
        """Seat a player with a buy-in (cents, changed into chips) or with named chips."""
        if type(seat) is not int or not _buy_in(bankroll):
            _wrong(Sit, seat, bankroll)
        return self._perform(Sit(seat, bankroll), Action.SIT, seat,
                             lambda n: self._refuse_sit(n, bankroll),
                             lambda n: self._sit(n, bankroll))

    def _refuse_sit(self, seat: int, bankroll: Cents | Mapping[str, int]) -> Refusal:
        refusal = self._refuse_seat_number(seat)
        if refusal:
            return refusal
        if seat in self.seats:
            return SeatError, f"seat {seat} is taken"
        if self.phase is not Phase.BETTING:
            return WrongPhaseError, "players sit down between rounds"
        try:
            chips = self._buy(bankroll)
        except ChipError as exc:
            return ChipError, str(exc)
        return self._refuse_buy_in(self.chipset.value(chips))

    def _buy(self, bankroll: Cents | Mapping[str, int]) -> Counts:
        """The chips a buy-in brings: cents changed into chips, or chips by colour counted."""
        if isinstance(bankroll, int):
            refusal = self._refuse_buy_in(bankroll)
            if refusal:
                raise refusal[0](refusal[1])
            return self.cashier.buy_in(bankroll)
        return self.chipset.counts(bankroll)

    def _sit(self, seat: int, bankroll: Cents | Mapping[str, int]) -> TableOp:
        chips = self._buy(bankroll)
        self.seats[seat] = Seat(seat, chips)
        self.log.append(Event(Kind.SAT, seat, amount=self.chipset.value(chips),
                              chips=tuple(chips)))
        return Sit(seat, self.chipset.by_colour(chips))

    def _enter(self) -> None:
        """Take the table for one operation, or refuse: another thread's operation is running."""
        try:
            self._free.pop()
        except IndexError:
            raise ConcurrentUseError(
                "another thread is in the middle of an operation at this table; a table shared "
                "by threads needs its callers to take turns (nothing was changed)") from None

    def _exit(self) -> None:
        self._free.append(1)

    def _refuse_buy_in(self, amount: Cents) -> Refusal:
        """A buy-in is worth something and at most ``max_buy_in``, however it is given."""
        if amount <= 0:
            return ChipError, "a buy-in must be positive: money or chips worth something"
        if amount > self.max_buy_in:
            return ChipError, (f"a buy-in is at most {dollars(self.max_buy_in)} at this table, "
                               f"not {shown(amount) if amount > 10 ** 30 else dollars(amount)}")
        return None

    def bankroll(self, seat: object) -> Cents:
        """The value of the chips in front of a seat (not counting chips on the layout)."""
        return self.chipset.value(self._seat(seat).chips)

    def change(self, seat: object, colour: object) -> Record:
        """Break one chip into smaller ones (docs/dealing.md#making-change)."""
        if type(seat) is not int or not isinstance(colour, str):
            _wrong(Change, seat, colour)
        return self._perform(Change(seat, colour), Action.CHANGE, seat,
                             lambda n: self._refuse_change(n, colour),
                             lambda n: self._change(n, colour))

    def verify_change(self, seat: object, colour: object) -> None:
        if type(seat) is not int or not isinstance(colour, str):
            _wrong(Change, seat, colour)
        self._raise(self._refuse_change(seat, colour))

    def _refuse_change(self, seat: int, colour: str) -> Refusal:
        refusal = self._refuse_a_seat(seat)
        if refusal:
            return refusal
        if colour not in self.chipset.colours:
            return ChipError, f"no {shown(colour)} chips at this table"
        i = self.chipset.colours.index(colour)
        if self.seats[seat].chips[i] == 0:
            return InsufficientChipsError, f"seat {seat} has no {colour} chip to change"
        if i == 0:
            return ChipError, f"a {colour} chip is the smallest; it cannot be broken"
        return None

    def _change(self, seat: int, colour: str) -> None:
        self.cashier.break_chip(seat, self.seats[seat].chips, self.chipset.colours.index(colour))

    def colour_up(self, seat: object) -> Record:
        """Exchange a seat's chips for the fewest chips of the same value
        (docs/dealing.md#colouring-up), between rounds."""
        if type(seat) is not int:
            _wrong(ColourUp, seat)
        return self._perform(ColourUp(seat) if self.keep_record else None, Action.COLOUR_UP, seat,
                             self._refuse_colour_up, self._colour_up)

    def _refuse_colour_up(self, seat: int) -> Refusal:
        if self.phase is not Phase.BETTING:
            return WrongPhaseError, "colour up between rounds"
        return self._refuse_a_seat(seat)

    def _colour_up(self, seat: int) -> None:
        self.cashier.colour_up(seat, self.seats[seat].chips)

    def leave(self, seat: object) -> Record:
        """A player leaves between rounds, taking their chips (the event's ``chips``)."""
        if type(seat) is not int:
            _wrong(Leave, seat)
        return self._perform(Leave(seat) if self.keep_record else None, Action.LEAVE, seat,
                             self._refuse_leave, self._leave)

    def _refuse_leave(self, seat: int) -> Refusal:
        if self.phase is not Phase.BETTING:
            return WrongPhaseError, "players leave between rounds"
        refusal = self._refuse_a_seat(seat)
        if refusal:
            return refusal
        if self.seats[seat].hands:
            return WrongPhaseError, "take your bet back before leaving"
        return self.leave_refusal(seat)

    def _leave(self, seat: int) -> None:
        s = self.seats.pop(seat)
        self.log.append(Event(Kind.LEFT, seat, amount=self.chipset.value(s.chips),
                              chips=tuple(s.chips)))
        self.seat_left(seat)

    def leave_refusal(self, seat: int) -> Refusal:
        """Hook: why a seated player with no bet out may not leave now, or None."""
        return None

    def seat_left(self, seat: int) -> None:
        """Hook: a player has just left (a variant forgets what the seat held)."""

    # --- betting ---------------------------------------------------------------------------

    def bet(self, seat: object, amount: object) -> Record:
        """Place a wager in chips before the deal (docs/casino.md#betting: between min and max, in
        whole units)."""
        if type(seat) is not int or type(amount) is not int:
            _wrong(Bet, seat, amount)
        return self._perform(Bet(seat, amount) if self.keep_record else None, Action.BET, seat,
                             lambda n: self.bet_refusal(n, amount),
                             lambda n: self._bet(n, amount))

    def _bet(self, seat: int, amount: Cents) -> None:
        s = self.seats[seat]
        chips = self.cashier.take(seat, s.chips, amount)
        s.wagered += amount
        s.hands = [Hand(amount, chips)]
        self.log.append(_new(Event, (Kind.BET, seat, 0, None, True, amount, tuple(chips), (),
                                     "")))

    def verify_bet(self, seat: object, amount: object) -> None:
        if type(seat) is not int or type(amount) is not int:
            _wrong(Bet, seat, amount)
        self._raise(self.bet_refusal(seat, amount))

    def can_bet(self, seat: object, amount: object) -> bool:
        return (type(seat) is int and type(amount) is int
                and self.bet_refusal(seat, amount) is None)

    def bet_refusal(self, seat: int, amount: Cents) -> Refusal:
        """Hook: why ``seat`` may not bet ``amount`` now, or None (answers verify, can and
        legal_actions alike)."""
        r = self.rules
        if seat not in self.seats:
            return self._refuse_seated(seat)
        if self.phase is not Phase.BETTING:
            return WrongPhaseError, "bets are placed before the deal"
        if self.seats[seat].hands:
            return BetError, f"seat {seat} has already bet this round"
        if amount < r.min_bet:
            return BetError, f"the minimum bet is {dollars(r.min_bet)}"
        if amount > r.max_bet:
            return BetError, f"the maximum bet is {dollars(r.max_bet)}"
        if amount % r.bet_unit:
            return BetError, f"bets must be in multiples of {dollars(r.bet_unit)}"
        have = self.chipset.value(self.seats[seat].chips)
        if amount > have:
            return InsufficientChipsError, f"seat {seat} has only {dollars(have)} in chips"
        return None

    def playing_order(self) -> list[int]:
        """Hook: seats with a bet, in the order they are dealt and play (dealer's left first)."""
        return sorted(n for n, s in self.seats.items() if s.hands)

    @property
    def dealer_seat(self) -> int:
        """Who plays the dealer's hand: the house (``HOUSE``), or in a changing-bank game the
        seat that banks."""
        return HOUSE

    def deal(self) -> Record:
        """Deal the round: two cards to each seat that bet and to the dealer
        (docs/casino.md#the-deal: one at a time from the dealer's left), then offer insurance or
        peek as the rules say."""
        return self._perform(Deal() if self.keep_record else None, Action.DEAL, HOUSE,
                             lambda _: self.deal_refusal(), lambda _: self._deal())

    def _deal(self) -> None:
        r = self.rules
        if r.reshuffle is Reshuffle.BELOW and self.shoe.remaining < r.reshuffle_below:
            self._shuffle()  # docs/casino.md#when-the-dealer-reshuffles
        self.round += 1
        self.log.append(_new(Event, (Kind.ROUND_STARTED, 0, 0, None, True, self.round, (), (),
                                     "")))
        self._order = self.playing_order()
        self.dealer = DealerHand()
        self.dealer.up_index = 1 if (r.hole_card_first and r.peek) else 0
        self._peeked = False
        for lap in (0, 1):
            face_up = self._first_card_up if lap == 0 else self._draws_face_up
            for n in self._order:
                self._deal_to(n, 0, face_up)
            if lap == 1 and not r.peek:
                break  # European: the dealer's second card comes after the players
            self._deal_to_dealer(lap == self.dealer.up_index)
        up = self.dealer.up.value
        if up == 1 or (self._early_surrender and self._dealer_bj_checkable_now()):
            self.phase = Phase.INSURANCE
            self._turn = -1
            self._next_offer()
        else:
            self._peek_and_play()

    def verify_deal(self) -> None:
        self._raise(self.deal_refusal())

    def can_deal(self) -> bool:
        return self.deal_refusal() is None

    def deal_refusal(self) -> Refusal:
        """Hook: why the round may not be dealt now, or None."""
        if self.phase is not Phase.BETTING:
            return WrongPhaseError, "the round is already dealt"
        if not any(s.hands for s in self.seats.values()):
            return BetError, "nobody has bet"
        return None

    # --- insurance, even money, early surrender ----------------------------------------------

    def insure(self, seat: object, amount: object = None) -> Record:
        """An insurance side bet against a dealer ace: up to half the bet or exactly half
        (docs/casino.md#insurance-and-even-money); pays 2 to 1 if the hole card makes a blackjack.
        ``None`` means half."""
        if type(seat) is not int or not _optional_cents(amount):
            _wrong(Insure, seat, amount)
        insured = self._insurance(seat, amount)
        return self._perform(Insure(seat, insured) if self.keep_record else None, Action.INSURE,
                             seat, lambda n: self._refuse_insure(n, insured),
                             lambda n: self._insure(n, insured))

    def _insure(self, seat: int, amount: Cents | None) -> None:
        assert amount is not None  # ``_resolved`` made the default amount a number
        s = self.seats[seat]
        s.insurance_chips = self.cashier.take(seat, s.chips, amount)
        s.insurance = amount
        s.wagered += amount
        s.declined = True
        self.log.append(Event(Kind.INSURED, seat, amount=amount, chips=tuple(s.insurance_chips)))
        self._next_offer()

    def verify_insure(self, seat: object, amount: object = None) -> None:
        if type(seat) is not int or not _optional_cents(amount):
            _wrong(Insure, seat, amount)
        self._raise(self._refuse_insure(seat, self._insurance(seat, amount)))

    def can_insure(self, seat: object, amount: object = None) -> bool:
        return (type(seat) is int and _optional_cents(amount)
                and self._refuse_insure(seat, self._insurance(seat, amount)) is None)

    def _refuse_insure(self, seat: int, amount: Cents | None) -> Refusal:
        refusal = self._refuse_offer(seat)
        if refusal:
            return refusal
        r = self.rules
        if not r.offers_insurance or self.dealer.up.value != 1:
            return InsuranceError, "insurance is only offered against a dealer ace"
        bet = self.seats[seat].hands[0].bet
        if amount is None or amount <= 0:
            return InsuranceError, "an insurance bet must be positive"
        if r.insurance is Insurance.EXACTLY_HALF and amount * 2 != bet:
            return InsuranceError, f"insurance here is exactly half the bet: {dollars(bet // 2)}"
        if amount * 2 > bet:
            return InsuranceError, f"insurance is at most half the bet: {dollars(bet // 2)}"
        if amount % self.chipset.values[0]:
            smallest = dollars(self.chipset.values[0])
            return InsuranceError, f"insurance must be made in chips of {smallest}"
        if amount > self.chipset.value(self.seats[seat].chips):
            return InsufficientChipsError, f"seat {seat} has only {dollars(self.bankroll(seat))}"
        return None

    def even_money(self, seat: object) -> Record:
        """A blackjack against a dealer ace paid 1 to 1 at once, before the peek
        (docs/casino.md#insurance-and-even-money)."""
        if type(seat) is not int:
            _wrong(EvenMoney, seat)
        return self._perform(EvenMoney(seat) if self.keep_record else None, Action.EVEN_MONEY, seat,
                             self._refuse_even_money, self._even_money)

    def _even_money(self, seat: int) -> None:
        s = self.seats[seat]
        s.declined = True
        hand = s.hands[0]
        self.log.append(Event(Kind.EVEN_MONEY, seat, amount=hand.bet))
        self.pay_hand(s, 0, hand, hand.bet, "even-money")
        self._next_offer()

    def verify_even_money(self, seat: object) -> None:
        if type(seat) is not int:
            _wrong(EvenMoney, seat)
        self._raise(self._refuse_even_money(seat))

    def can_even_money(self, seat: object) -> bool:
        return type(seat) is int and self._refuse_even_money(seat) is None

    def _refuse_even_money(self, seat: int) -> Refusal:
        refusal = self._refuse_offer(seat)
        if refusal:
            return refusal
        if not self.rules.even_money:
            return InsuranceError, "this table does not pay even money"
        if self.dealer.up.value != 1:
            return InsuranceError, "even money is only offered against a dealer ace"
        if not self.seats[seat].hands[0].natural:
            return InsuranceError, "even money is for a blackjack"
        return None

    def decline(self, seat: object) -> Record:
        """No insurance (or no even money) for this seat."""
        if type(seat) is not int:
            _wrong(Decline, seat)
        return self._perform(Decline(seat) if self.keep_record else None, Action.DECLINE, seat,
                             self._refuse_offer, self._decline)

    def _decline(self, seat: int) -> None:
        self.seats[seat].declined = True
        self.log.append(Event(Kind.DECLINED, seat))
        self._next_offer()

    def _refuse_offer(self, seat: int) -> Refusal:
        if seat not in self.seats:
            return self._refuse_seated(seat)
        if self.phase is not Phase.INSURANCE:
            return WrongPhaseError, "insurance is not on offer now"
        current = self._order[self._turn]
        if seat != current:
            return NotYourTurnError, f"seat {current} answers the insurance offer first"
        return None

    # --- player turns ----------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, int] | None:
        """(seat, hand index) whose decision the table waits for, or None between rounds."""
        phase = self.phase
        if phase is Phase.PLAYERS:  # first: bots ask before every decision
            return self._order[self._turn], self._hand
        if phase is Phase.BETTING:
            return None
        if phase is Phase.DEALER:
            return self.dealer_seat, 0
        return self._order[self._turn], 0

    def hit(self, seat: object) -> Record:
        if type(seat) is not int:
            _wrong(Hit, seat)
        return self._perform(Hit(seat) if self.keep_record else None, Action.HIT, seat,
                             self._refuse_hit, self._hit)

    def _hit(self, seat: int) -> None:
        s = self.seats[seat]
        hand = s.hands[self._hand]
        self.log.append(_new(Event, (Kind.HIT, seat, self._hand, None, True, 0, (), (), "")))
        self._deal_to(seat, self._hand, self._draws_face_up)
        if hand.busted:
            hand.done = True
            # docs/dealing.md#collecting-busts-at-once
            self.lose_hand(s, self._hand, hand, "bust")
        elif hand.total == 21:
            hand.done = True
        self._advance()

    def verify_hit(self, seat: object) -> None:
        if type(seat) is not int:
            _wrong(Hit, seat)
        self._raise(self._refuse_hit(seat))

    def can_hit(self, seat: object) -> bool:
        return type(seat) is int and self._refuse_hit(seat) is None

    def _refuse_hit(self, seat: int) -> Refusal:
        refusal = self._refuse_turn(seat)
        if refusal:
            return refusal
        hand = self.seats[seat].hands[self._hand]
        if hand.split_aces and not self.rules.hit_split_aces:
            return IllegalActionError, "split aces get one card each"
        return None

    def stand(self, seat: object) -> Record:
        if type(seat) is not int:
            _wrong(Stand, seat)
        return self._perform(Stand(seat) if self.keep_record else None, Action.STAND, seat,
                             self._refuse_turn, self._stand)

    def _stand(self, seat: int) -> None:
        self.seats[seat].hands[self._hand].done = True
        self.log.append(_new(Event, (Kind.STOOD, seat, self._hand, None, True, 0, (), (), "")))
        self._advance()

    def verify_stand(self, seat: object) -> None:
        if type(seat) is not int:
            _wrong(Stand, seat)
        self._raise(self._refuse_turn(seat))

    def can_stand(self, seat: object) -> bool:
        return type(seat) is int and self._refuse_turn(seat) is None

    def double(self, seat: object, amount: object = None) -> Record:
        """Double down: one more wager, one more card, no more decisions. ``None`` doubles the
        full bet; a smaller amount is doubling for less where allowed
        (docs/casino.md#doubling-down)."""
        if type(seat) is not int or not _optional_cents(amount):
            _wrong(Double, seat, amount)
        return self._perform(self._resolved(Double(seat, amount)) if self.keep_record else None,
                             Action.DOUBLE, seat, lambda n: self._refuse_double(n, amount),
                             lambda n: self._double(n, amount))

    def _double(self, seat: int, amount: Cents | None) -> None:
        s = self.seats[seat]
        hand = s.hands[self._hand]
        add_amount = hand.bet if amount is None else amount
        add(hand.chips, self.cashier.take(seat, s.chips, add_amount))
        s.wagered += add_amount
        hand.bet += add_amount
        hand.doubled = True
        hand.done = True
        self.log.append(Event(Kind.DOUBLED, seat, self._hand, amount=add_amount))
        face_up = self._draws_face_up and not self.rules.double_face_down
        self._deal_to(seat, self._hand, face_up)
        if hand.busted and face_up:
            self.lose_hand(s, self._hand, hand, "bust")
        self._advance()

    def verify_double(self, seat: object, amount: object = None) -> None:
        if type(seat) is not int or not _optional_cents(amount):
            _wrong(Double, seat, amount)
        self._raise(self._refuse_double(seat, amount))

    def can_double(self, seat: object, amount: object = None) -> bool:
        return (type(seat) is int and _optional_cents(amount)
                and self._refuse_double(seat, amount) is None)

    def _refuse_double(self, seat: int, amount: Cents | None) -> Refusal:
        refusal = self._refuse_turn(seat)
        if refusal:
            return refusal
        r = self.rules
        hand = self.seats[seat].hands[self._hand]
        if len(hand.cards) != 2:
            return IllegalActionError, "you may double only on your first two cards"
        if hand.from_split and not r.double_after_split:
            return IllegalActionError, "no doubling after a split at this table"
        if hand.split_aces and not r.hit_split_aces:
            return IllegalActionError, "split aces get one card each"
        total = hand.total
        if not self._doubles[total]:
            return IllegalActionError, ("you may double only on a total of 9, 10 or 11"
                                        if r.double_on is DoubleOn.NINE_TO_ELEVEN
                                        else "you may double only on a total of 10 or 11")
        if amount is not None and amount != hand.bet:
            if not r.double_for_less:
                return IllegalActionError, (
                    f"a double is a bet equal to the original: {dollars(hand.bet)}")
            if not 0 < amount <= hand.bet:
                return IllegalActionError, f"double for any amount up to {dollars(hand.bet)}"
            if amount % self.chipset.values[0]:
                return IllegalActionError, "a double must be made in chips"
        need = hand.bet if amount is None else amount
        if need > self.chipset.value(self.seats[seat].chips):
            return InsufficientChipsError, f"doubling needs {dollars(need)} more in chips"
        return None

    def split(self, seat: object) -> Record:
        """Split a pair into two hands with equal bets (docs/casino.md#splitting-pairs); the left
        hand is played first."""
        if type(seat) is not int:
            _wrong(Split, seat)
        return self._perform(Split(seat) if self.keep_record else None, Action.SPLIT, seat,
                             self._refuse_split, self._split)

    def _split(self, seat: int) -> None:
        s = self.seats[seat]
        i = self._hand
        hand = s.hands[i]
        chips = self.cashier.take(seat, s.chips, hand.bet)
        s.wagered += hand.bet
        # docs/casino.md#splitting-pairs: a pair with a face-down card (a pitch game's, the
        # casino-party's down card) is turned face up for everyone before it is split.
        self.turn_hand_cards(seat, i, hand)
        moved = hand.remove_last()
        hand.from_split = True
        new = Hand(hand.bet, chips, from_split=True)
        new.add(moved)
        aces = moved.value == 1
        hand.split_aces = new.split_aces = aces
        s.hands.insert(i + 1, new)
        self.log.append(Event(Kind.SPLIT, seat, i + 1, amount=hand.bet))
        self._deal_to(seat, i, self._split_card_up)
        self._after_split_card(s, hand)
        self._advance()

    def verify_split(self, seat: object) -> None:
        if type(seat) is not int:
            _wrong(Split, seat)
        self._raise(self._refuse_split(seat))

    def can_split(self, seat: object) -> bool:
        return type(seat) is int and self._refuse_split(seat) is None

    def _refuse_split(self, seat: int) -> Refusal:
        refusal = self._refuse_turn(seat)
        if refusal:
            return refusal
        r = self.rules
        s = self.seats[seat]
        hand = s.hands[self._hand]
        if len(hand.cards) != 2:
            return IllegalActionError, "you may split only your first two cards"
        a, b = hand.cards
        if a.rank != b.rank and (self._split_by_rank or a.value != b.value):
            return IllegalActionError, (
                "only a pair of the same rank splits" if self._split_by_rank
                else "only two cards of the same value split")
        if len(s.hands) >= r.max_hands:
            return IllegalActionError, (
                "no splitting at this table" if r.max_hands == 1
                else f"at most {r.max_hands} hands from splitting")
        if hand.split_aces and not r.resplit_aces:
            return IllegalActionError, "split aces may not be split again"
        if hand.bet > self.chipset.value(s.chips):
            return InsufficientChipsError, f"splitting needs {dollars(hand.bet)} more in chips"
        return None

    def surrender(self, seat: object) -> Record:
        """Give up half the bet instead of playing: late after the peek, early before it."""
        if type(seat) is not int:
            _wrong(Surrender, seat)
        return self._perform(Surrender(seat) if self.keep_record else None, Action.SURRENDER, seat,
                             self._refuse_surrender, self._surrender_hand)

    def _surrender_hand(self, seat: int) -> None:
        s = self.seats[seat]
        hand = s.hands[0]
        hand.done = True
        back = self.cashier.half(hand.bet)
        self.log.append(Event(Kind.SURRENDERED, seat, amount=back))
        self.cashier.collect(hand.chips)
        paid = self.cashier.pay(back)
        add(s.chips, paid)
        hand.settled = True
        hand.outcome = "surrender"
        self.log.append(Event(Kind.SETTLED, seat, 0, amount=back - hand.bet, chips=tuple(paid),
                              note="surrender"))
        if self.phase is Phase.INSURANCE:
            s.declined = True
            self._next_offer()
        else:
            self._advance()

    def verify_surrender(self, seat: object) -> None:
        if type(seat) is not int:
            _wrong(Surrender, seat)
        self._raise(self._refuse_surrender(seat))

    def can_surrender(self, seat: object) -> bool:
        return type(seat) is int and self._refuse_surrender(seat) is None

    def _refuse_surrender(self, seat: int) -> Refusal:
        if not self._surrender:
            return IllegalActionError, "no surrender at this table"
        if self.phase is Phase.INSURANCE:
            refusal = self._refuse_offer(seat)
            if refusal:
                return refusal
            if not self._early_surrender:
                return IllegalActionError, "surrender comes after the dealer checks for blackjack"
            return None
        refusal = self._refuse_turn(seat)
        if refusal:
            return refusal
        s = self.seats[seat]
        if len(s.hands) != 1 or len(s.hands[0].cards) != 2:
            return IllegalActionError, "surrender is only a first decision on your first two cards"
        return None

    def _refuse_turn(self, seat: int) -> Refusal:
        if self.phase is Phase.PLAYERS and self._order[self._turn] == seat:
            return None
        if seat not in self.seats:
            return self._refuse_seated(seat)
        if self.phase is not Phase.PLAYERS:
            # The real reason, in words: Pontoon has no insurance, and its dealer is the banker.
            return WrongPhaseError, (
                "wait for the deal" if self.phase is Phase.BETTING
                else "insurance is being offered first" if self.phase is Phase.INSURANCE
                else f"every player has played: it is the {self.dealer_name}'s turn")
        current = self._order[self._turn]
        if seat != current:
            return NotYourTurnError, f"it is seat {current}'s turn"
        return None

    def legal_actions(self, seat: object) -> tuple[StrEnum, ...]:
        """What this seat may do now, so no caller needs try/except to find out (nothing, for
        anything that is not a seated player's number)."""
        if type(seat) is not int:
            return ()
        if self.phase is Phase.DEALER:
            if seat != self.dealer_seat:
                return ()
            return (Action.DEALER_STAND, Action.DEALER_HIT)
        if seat not in self.seats:
            return ()
        if self.phase is Phase.BETTING:
            s = self.seats[seat]
            acts: list[StrEnum] = []
            if self.bet_refusal(seat, self.rules.min_bet) is None:
                acts.append(Action.BET)
            if self.can_deal():
                acts.append(Action.DEAL)
            if any(s.chips[1:]):
                acts.append(Action.CHANGE)
            acts.append(Action.COLOUR_UP)
            if not s.hands:
                acts.append(Action.LEAVE)
            return tuple(acts)
        if self.phase is Phase.INSURANCE:
            if self._order[self._turn] != seat:
                return ()
            acts = []
            if self.can_insure(seat):
                acts.append(Action.INSURE)
            if self._refuse_even_money(seat) is None:
                acts.append(Action.EVEN_MONEY)
            if self._refuse_surrender(seat) is None:
                acts.append(Action.SURRENDER)
            acts.append(Action.DECLINE)
            return tuple(acts)
        if self._order[self._turn] != seat:
            return ()
        acts = [Action.STAND]
        if self._refuse_hit(seat) is None:
            acts.append(Action.HIT)
        if self._refuse_double(seat, None) is None:
            acts.append(Action.DOUBLE)
        if self._refuse_split(seat) is None:
            acts.append(Action.SPLIT)
        if self._refuse_surrender(seat) is None:
            acts.append(Action.SURRENDER)
        return tuple(acts)

    # --- a dealer who decides (``rules.dealer_decides``) -------------------------------------

    def dealer_hit(self) -> Record:
        """The dealer takes a card; a bust settles the round at once."""
        return self.apply(DealerHit())

    def _dealer_hit(self) -> None:
        self.log.append(_new(Event, (Kind.HIT, HOUSE, 0, None, True, 0, (), (), "")))
        self._deal_to_dealer(True)
        if self.dealer.busted:
            self._dealer_done()

    def verify_dealer_hit(self) -> None:
        self._raise(self._refuse_dealer_turn())

    def can_dealer_hit(self) -> bool:
        return self._refuse_dealer_turn() is None

    def dealer_stand(self) -> Record:
        """The dealer stands on any total; the round is settled."""
        return self.apply(DealerStand())

    def _dealer_stand(self) -> None:
        self.log.append(_new(Event, (Kind.STOOD, HOUSE, 0, None, True, 0, (), (), "")))
        self._dealer_done()

    def verify_dealer_stand(self) -> None:
        self._raise(self._refuse_dealer_turn())

    def can_dealer_stand(self) -> bool:
        return self._refuse_dealer_turn() is None

    def _dealer_done(self) -> None:
        seats = self._seats_in_order()
        self._settle_round(seats, any(s.insurance for s in seats))

    def _refuse_dealer_turn(self) -> Refusal:
        if self.phase is not Phase.DEALER:
            return WrongPhaseError, "the dealer plays after every player has stood or gone bust"
        return None

    # --- calling a round off -----------------------------------------------------------------

    def void_round(self) -> Record:
        """Call the round off: every bet still on the layout (and any insurance) goes back to
        its owner in the chips it was made with, the cards go to the discards, and the table
        waits for bets again. Hands already settled (a bust collected, a blackjack or a bonus
        paid) stay settled: their chips have already moved. This is what a terminal does when
        its player is interrupted or closes it mid-round, so no chip is ever lost to a quit."""
        return self.apply(Void())

    def _void(self) -> None:
        self._call_off("")
        shoe = self.shoe
        if self.rules.reshuffle == "cut-card" and (shoe.cut_card_out or shoe.refilled):
            self._shuffle()

    def _call_off_dry(self) -> None:
        """No card is left anywhere to deal (docs/casino.md#when-the-dealer-reshuffles): the
        round is called off as ``void_round`` calls it off (docs/casino.md#a-round-called-off),
        the log's ``voided`` saying why ("dry"), and everything is shuffled for the next round.
        No operation of its own is recorded: the operation that drew the last card, replayed
        from a hand history, runs dry again and calls the round off the same way."""
        self._call_off("dry")
        self._shuffle()

    def _call_off(self, why: str) -> None:
        """Return every unsettled bet and standing insurance, clear the layout into the
        discards, wait for bets; ``why`` is the ``voided`` event's note."""
        dealt = self.phase is not Phase.BETTING or why == "dry"
        for n in sorted(self.seats):
            s = self.seats[n]
            for i, h in enumerate(s.hands):
                if not h.settled:
                    add(s.chips, h.chips)
                    h.settled = True
                    h.outcome = "void"
                    self.log.append(Event(Kind.SETTLED, n, i, note="void"))
            if s.insurance_chips:
                add(s.chips, s.insurance_chips)
                self.log.append(Event(Kind.INSURANCE_SETTLED, n, note="void"))
            s.insurance = 0
            s.insurance_chips = []
        self.log.append(Event(Kind.VOIDED, amount=self.round if dealt else 0, note=why))
        discards = self.shoe.discards
        for s in self.seats.values():
            for h in s.hands:
                discards.extend(h.cards)
            s.hands = []
            s.declined = False
        if dealt:
            discards.extend(self.dealer.cards)
            self.log.append(Event(Kind.ROUND_ENDED, amount=self.round))
        self.phase = Phase.BETTING
        self._order = []

    def verify_void_round(self) -> None:
        self._raise(self._refuse_void())

    def can_void_round(self) -> bool:
        return self._refuse_void() is None

    def _refuse_void(self) -> Refusal:
        if self.phase is Phase.BETTING and not any(s.hands for s in self.seats.values()):
            return WrongPhaseError, "there is no round to call off"
        return None

    # --- the dealer's part -----------------------------------------------------------------

    def _next_offer(self) -> None:
        """Move the offer to the next seat with something to decide; peek when none is left."""
        while True:
            self._turn += 1
            if self._turn >= len(self._order):
                self._peek_and_play()
                return
            seat = self._order[self._turn]
            if self._has_offer(seat):
                return

    def _has_offer(self, seat: int) -> bool:
        s = self.seats[seat]
        if s.declined or s.hands[0].settled:
            return False
        r = self.rules
        if self._dealer_bj_checkable_now() and self._early_surrender:
            return True
        if self.dealer.up.value != 1:
            return False
        if r.even_money and s.hands[0].natural:
            return True
        return (r.offers_insurance
                and self._refuse_insure(seat, self._min_insurance(seat)) is None)

    def _min_insurance(self, seat: int) -> Cents:
        bet = self.seats[seat].hands[0].bet
        return (self.cashier.half(bet) if self.rules.insurance is Insurance.EXACTLY_HALF
                else self.chipset.values[0])

    def _dealer_bj_checkable_now(self) -> bool:
        return self.rules.dealer_checks(self.dealer.up.value)

    def _dealer_bj_possible(self) -> bool:
        """Could the dealer still turn out to hold a blackjack? Not after the peek, never under a
        2-9; under an unchecked ace or ten (no hole card, or an ace-only peek:
        docs/casino.md#when-a-natural-is-paid) a player's blackjack waits for the dealer's hand
        before it is paid."""
        return not self._peeked and self.dealer.up.value in (1, 10)

    def _dealer_blackjack(self) -> bool:
        """Does the dealer's hand count as a blackjack at settlement? A natural does, except
        one not checked for before play where it counts as 21 (docs/casino.md#late_natural)."""
        return self.dealer.natural and (self._peeked or not self._late_natural_21)

    def _peek_and_play(self) -> None:
        """The dealer checks for blackjack under an ace or ten
        (docs/casino.md#the-dealers-check-for-blackjack); with one, every bet but a player
        blackjack's is collected (a blackjack pushes) and insurance is paid 2 to 1."""
        self.phase = Phase.PLAYERS
        if self._dealer_bj_checkable_now():
            self._peeked = True
            bj = self.dealer.natural
            self.log.append(_new(Event, (Kind.PEEKED, 0, 0, None, True, 0, (), (),
                                         "blackjack" if bj else "no blackjack")))
            if bj:
                self._finish_round()
                return
            self._settle_insurance(won=False)
        self._turn = 0
        self._hand = 0
        self._advance()

    def _advance(self) -> None:
        """Find the next hand that needs a decision, dealing split hands their second card and
        paying blackjacks on the player's turn; when none is left, the dealer plays."""
        order = self._order
        bonus = self.hand_bonus
        while self._turn < len(order):
            s = self.seats[order[self._turn]]
            while self._hand < len(s.hands):
                hand = s.hands[self._hand]
                if not (hand.done or hand.settled):
                    if len(hand.cards) == 1:
                        self._deal_to(s.number, self._hand, self._split_card_up)
                        if self._after_split_card(s, hand):
                            return
                        continue
                    if hand.natural:
                        hand.done = True
                        if self._pay_natural_at_once or not self._dealer_bj_possible():
                            self._pay_natural(s, self._hand, hand)
                    elif hand.total == 21:
                        hand.done = True
                    else:
                        return
                if bonus is not None and not hand.settled:
                    times = bonus(hand.values)
                    if times:
                        self.turn_hand_cards(s.number, self._hand, hand)
                        self.pay_hand(s, self._hand, hand, times * hand.bet, "bonus")
                self._hand += 1
            self._turn += 1
            self._hand = 0
        self._finish_round()

    def _after_split_card(self, s: Seat, hand: Hand) -> bool:
        """After a split hand's second card: is a decision still needed on it?"""
        r = self.rules
        if hand.split_aces and not r.hit_split_aces:
            can_resplit = (r.resplit_aces and hand.cards[1].value == 1
                           and len(s.hands) < r.max_hands)
            if not can_resplit:
                hand.done = True
            return can_resplit
        if hand.total == 21:
            hand.done = True
            return False
        return True

    def _finish_round(self) -> None:
        """Dealer's turn and settlement, right to left (docs/dealing.md#settling-right-to-left),
        then clear the table."""
        r = self.rules
        d = self.dealer
        seats = self._seats_in_order()
        live = [h for s in seats for h in s.hands if not h.settled]
        insured = any(s.insurance for s in seats)
        if len(d.cards) == 1 and (live or insured):
            self._deal_to_dealer(True)  # European: the second card now
        self._turn_dealer_cards()
        dealer_bj = self._dealer_blackjack()
        if dealer_bj and not self._peeked:
            self.log.append(Event(Kind.PEEKED, note="blackjack"))
        # The dealer draws while any hand stands against it; a face-down double counts, as
        # the dealer cannot know it is bust. "If all players bust, simply reveal"
        # (docs/casino.md#the-dealers-play).
        if not dealer_bj and any(not h.natural for h in live):
            if r.dealer_decides:
                self.phase = Phase.DEALER  # docs/pontoon.md#the-bankers-play
                return
            h17 = r.hit_soft_17
            while True:
                soft = d.has_ace and d.hard <= 11
                total = d.hard + 10 if soft else d.hard
                if total > 17 or (total == 17 and not (soft and h17)):
                    break
                self._deal_to_dealer(True)
        self._settle_round(seats, insured)

    def _settle_round(self, seats: list[Seat], insured: bool) -> None:
        """Settle every hand still on the layout against the dealer's, right to left
        (docs/dealing.md#settling-right-to-left)."""
        d = self.dealer
        dealer_bj = self._dealer_blackjack()
        if not dealer_bj:
            kind = Kind.DEALER_BUSTED if d.hard > 21 else Kind.DEALER_STOOD
            self.log.append(_new(Event, (kind, 0, 0, None, True, d.total, (), (), "")))
        d_total = d.total
        for s in reversed(seats):
            for i in range(len(s.hands) - 1, -1, -1):
                h = s.hands[i]
                if h.settled:
                    continue
                self.turn_hand_cards(s.number, i, h)
                if dealer_bj:
                    # A natural collects ``dealer_natural_collects`` times the bet, a hand that
                    # is a natural too one time less (casino: it pushes).
                    times = self.rules.dealer_natural_collects - h.natural
                    if times == 0:
                        self._push(s, i, h)
                    elif times == 1:
                        self.lose_hand(s, i, h, "dealer blackjack")
                    else:
                        self._lose_more(s, i, h, (times - 1) * h.bet, "dealer blackjack")
                elif h.busted:
                    self.lose_hand(s, i, h, "bust")
                elif h.natural:
                    self._pay_natural(s, i, h)
                elif d_total > 21 or h.total > d_total:
                    self.pay_hand(s, i, h, h.bet, "win")
                elif h.total == d_total:
                    if self.rules.ties_to_dealer:
                        # docs/pontoon.md#settlement: "ties pay the dealer"
                        self.lose_hand(s, i, h, "tie")
                    else:
                        self._push(s, i, h)
                else:
                    self.lose_hand(s, i, h, "lose")
        if insured:
            # Insurance is a bet on the hole card: a ten under the ace wins it, even where that
            # natural counts only as 21 (docs/casino.md#late_natural).
            self._settle_insurance(won=d.natural)
        self.end_round()

    def end_round(self) -> None:
        """Hook: clear the layout into the discards after settlement, and shuffle when due."""
        discards = self.shoe.discards
        for s in self.seats.values():
            for h in s.hands:
                discards.extend(h.cards)
            s.hands = []
            s.declined = False
        discards.extend(self.dealer.cards)
        self.log.append(_new(Event, (Kind.ROUND_ENDED, 0, 0, None, True, self.round, (), (), "")))
        self.phase = Phase.BETTING
        self._order = []
        if (self.rules.reshuffle is Reshuffle.CUT_CARD
                and (self.shoe.cut_card_out or self.shoe.refilled)):
            self._shuffle()  # docs/casino.md#when-the-dealer-reshuffles

    def _turn_dealer_cards(self) -> None:
        d = self.dealer
        for i, up in enumerate(d.face_up):
            if not up:
                d.face_up[i] = True
                self.log.append(_new(Event, (Kind.TURNED, HOUSE, 0, d.cards[i], True, 0, (), (),
                                             "")))

    def turn_hand_cards(self, seat: int, i: int, h: Hand) -> None:
        """Hook: turn a hand's face-down cards up (at settlement, or when a variant shows it)."""
        for j, up in enumerate(h.face_up):
            if not up:
                h.face_up[j] = True
                self.log.append(Event(Kind.TURNED, seat, i, h.cards[j]))

    def _seats_in_order(self) -> list[Seat]:
        return [self.seats[n] for n in self._order]

    # --- money movements -------------------------------------------------------------------

    def _pay_natural(self, s: Seat, i: int, h: Hand) -> None:
        """3:2 (or the table's ratio) paid at once, rounded down to the table's smallest payout."""
        ratio = self._bj_ratio
        won = h.bet * ratio.numerator // ratio.denominator
        won -= won % self.rules.payout_rounding
        self.turn_hand_cards(s.number, i, h)
        self.pay_hand(s, i, h, won, "blackjack")

    def pay_hand(self, s: Seat, i: int, h: Hand, won: Cents, outcome: str) -> None:
        """Hook: a hand wins ``won`` besides its bet back, paid in the table's style
        (docs/dealing.md#paying-a-bet)."""
        paid = self.cashier.pay_for(won, h.chips)
        add(s.chips, paid)
        add(s.chips, h.chips)
        h.settled = True
        h.done = True
        h.outcome = outcome
        self.log.append(_new(Event, (Kind.SETTLED, s.number, i, None, True, won, tuple(paid),
                                     tuple(h.chips), outcome)))

    def _push(self, s: Seat, i: int, h: Hand) -> None:
        add(s.chips, h.chips)
        h.settled = True
        h.outcome = "push"
        self.log.append(_new(Event, (Kind.SETTLED, s.number, i, None, True, 0, (), (), "push")))

    def lose_hand(self, s: Seat, i: int, h: Hand, outcome: str) -> None:
        """Hook: a hand's bet is collected."""
        self.cashier.collect(h.chips)
        h.settled = True
        h.outcome = outcome
        self.log.append(_new(Event, (Kind.SETTLED, s.number, i, None, True, -h.bet, (), (),
                                     outcome)))

    def _lose_more(self, s: Seat, i: int, h: Hand, extra: Cents, outcome: str) -> None:
        """Lose the bet and ``extra`` from the stack besides (docs/pontoon.md#the-bankers-natural: a
        banker's natural collects double). A player who cannot pay it all pays what they hold."""
        extra = min(extra, self.chipset.value(s.chips))
        if extra:
            add(h.chips, self.cashier.take(s.number, s.chips, extra))
        self.cashier.collect(h.chips)
        h.settled = True
        h.outcome = outcome
        self.log.append(Event(Kind.SETTLED, s.number, i, amount=-h.bet - extra, note=outcome))

    def _settle_insurance(self, won: bool) -> None:
        for s in reversed(self._seats_in_order()):
            if not s.insurance:
                continue
            if won:
                paid = self.cashier.pay_for(2 * s.insurance, s.insurance_chips)
                add(s.chips, paid)
                add(s.chips, s.insurance_chips)
                self.log.append(Event(Kind.INSURANCE_SETTLED, s.number, amount=2 * s.insurance,
                                      chips=tuple(paid), chips2=tuple(s.insurance_chips)))
            else:
                self.cashier.collect(s.insurance_chips)
                self.log.append(Event(Kind.INSURANCE_SETTLED, s.number, amount=-s.insurance))
            s.insurance = 0
            s.insurance_chips = []

    # --- cards -----------------------------------------------------------------------------

    def _deal_to(self, seat: int, hand: int, face_up: bool) -> None:
        c = self._draw()
        self.seats[seat].hands[hand].add(c, face_up)
        self.log.append(_new(Event, (Kind.DEALT, seat, hand, c, face_up, 0, (), (), "")))

    def _deal_to_dealer(self, face_up: bool) -> None:
        c = self._draw()
        self.dealer.add(c, face_up)
        self.log.append(_new(Event, (Kind.DEALT, HOUSE, 0, c, face_up, 0, (), (), "")))

    def _draw(self) -> Card:
        shoe = self.shoe
        if shoe.pos >= len(shoe.cards):
            # docs/casino.md#when-the-dealer-reshuffles: ran dry; with the discard tray empty
            # too, no card is left anywhere and the operation calls the round off.
            if not shoe.discards:
                raise _ShoeDry
            shoe.refill()
            self.log.append(Event(Kind.REFILLED, amount=shoe.remaining))
            if self.rules.reshuffle is Reshuffle.BURN_CARD:
                self._log_burned()  # docs/pontoon.md#the-shuffle-the-cut-and-the-burned-card
            if shoe.pos >= len(shoe.cards):
                raise _ShoeDry  # the burn took the only card the tray held
        c = shoe.cards[shoe.pos]
        shoe.pos += 1
        if shoe.pos == shoe.cut_index:
            self.log.append(Event(Kind.CUT_CARD, amount=len(shoe.cards) - shoe.pos))
        return c

    def _shuffle(self) -> None:
        result = self.shoe.shuffle()
        cut = self.shoe.cut_index
        behind = "" if cut is None else str(len(self.shoe.cards) - cut)
        self.log.append(Event(Kind.SHUFFLED, amount=result.cut_at or 0, note=behind))
        self._log_burned()

    def _log_burned(self) -> None:
        """Pontoon (docs/pontoon.md#the-shuffle-the-cut-and-the-burned-card) shows the burned card
        and lays it face up at the bottom; a casino burn card goes to the discards unseen."""
        face_up = self.rules.reshuffle is Reshuffle.BURN_CARD
        for c in self.shoe.burned:
            self.log.append(Event(Kind.BURNED, card=c, face_up=face_up))

    # --- helpers ---------------------------------------------------------------------------

    def _seat(self, seat: object) -> Seat:
        """The seat a request names; ``SeatError`` in words for anything else."""
        if type(seat) is int and seat in self.seats:
            return self.seats[seat]
        refusal = self._refuse_a_seat(seat)
        assert refusal is not None
        raise refusal[0](refusal[1])

    def _refuse_a_seat(self, seat: object) -> Refusal:
        """Not a seat of this table's, or nobody sits there, or None."""
        if type(seat) is int and seat in self.seats:
            return None
        return self._refuse_seat_number(seat) or (SeatError,
                                                  f"nobody is sitting at seat {shown(seat)}")

    def _refuse_seat_number(self, seat: object) -> Refusal:
        """A seat that is not a whole number, or not one of this table's."""
        if type(seat) is not int:
            return SeatError, f"a seat is a whole number, not {shown(seat)}"
        if not 1 <= seat <= self.rules.seats:
            return SeatError, f"this table has seats 1 to {self.rules.seats}, not {shown(seat)}"
        return None

    def _refuse_seated(self, seat: int) -> Refusal:
        """Nobody sits at ``seat``, or None."""
        if seat in self.seats:
            return None
        return SeatError, f"nobody is sitting at seat {shown(seat)}"

    @staticmethod
    def _raise(refusal: Refusal) -> None:
        if refusal is not None:
            cls, message = refusal
            raise cls(message)

    def cards_in_play(self) -> list[Card]:
        """Every card on the layout now (for checks that no card is in two places)."""
        out = list(self.dealer.cards)
        for s in self.seats.values():
            for h in s.hands:
                out.extend(h.cards)
        return out

    def chips_total(self) -> Cents:
        """Players' stacks + bets on the layout + rack - fills + credits: constant forever."""
        cs = self.chipset
        total = self.bank.held
        for s in self.seats.values():
            total += cs.value(s.chips)
            if s.insurance_chips:
                total += cs.value(s.insurance_chips)
            total += sum(cs.value(h.chips) for h in s.hands if not h.settled)
        return total
