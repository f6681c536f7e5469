"""Dealer mode: the host performs the dealer's steps and the game checks each one
(``DealerGame``, the casino game with the host as its dealer).

The table's rules have ``dealer_decides`` on in this mode, so the engine waits for the dealer's
draw (``dealer_hit`` / ``dealer_stand``) instead of drawing itself; this desk refuses a draw the
house rules do not allow (docs/casino.md#the-dealers-play: hit 16 or less, stand on 17, soft 17
as the rules say). Every winning bet the engine settles is then owed a payment from the host, in
chips, right to left (docs/dealing.md#settling-right-to-left), graded as the payout trainer grades
it (``payouts.accepted_payouts``: the exact amount, in the fewest chips or colour for colour).
The engine has already moved the money; the host's payment is the lesson, and the next round
waits until every bet is paid right. A refused step names the step the dealer should take.

Two steps of the dealer's procedure are the host's too, though the engine does their card work:
after a shuffle, at a table that burns, the dealer **burns** a card before the first deal
(docs/dealing.md#the-burn-card), and when the up card offers insurance the
dealer **offers** it (docs/dealing.md#the-insurance-procedure) before any player may answer. The
desk holds each in its place: the deal waits for the burn, the players' answers for the offer.

The host's steps are operations of the game like the table's (``Pay``, ``Burn``,
``OfferInsurance``, the house's ``Deal`` and the dealer's draw): read by ``operation``, checked
by ``verify``, performed by ``apply``, offered to the house by ``legal(HOUSE)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from twentyone.engine.calls import OPEN
from twentyone.engine.events import Event, Kind
from twentyone.engine.ops import Deal, DealerHit, DealerStand, TableOp, as_op
from twentyone.engine.shoe import ShuffleRecord
from twentyone.engine.table import Phase, Table
from twentyone.engine.views import HandView, settled_round, view
from twentyone.errors import DealerStepError, RequestError, WrongPhaseError
from twentyone.money import dollars
from twentyone.protocol import HOUSE, HandResult, JsonObject, Op, View
from twentyone.rules import Reshuffle, Rules

from .game import CasinoGame
from .hints import HintQuestion
from .payouts import accepted_payouts

#: The ``hand`` of a payout owed on an insurance bet (paid 2 to 1 after the main bets,
#: docs/dealing.md#the-insurance-procedure).
INSURANCE = -1


@dataclass(frozen=True)
class Payout:
    """A winning bet the dealer still has to pay."""

    seat: int
    hand: int
    amount: int
    bet: int
    odds: Fraction
    #: The chips the engine paid the win with, and the bet's own chips it gave back, by colour
    #: of the table's chipset: both already in the seat's stack, and not to be shown there
    #: until the dealer has paid.
    paid: tuple[int, ...] = ()
    stake: tuple[int, ...] = ()

    def named(self) -> str:
        what = "insurance" if self.hand == INSURANCE else f"hand {self.hand + 1}"
        return f"seat {self.seat}'s {what} ({dollars(self.amount)})"

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "hand": self.hand, "amount": self.amount, "bet": self.bet,
                "odds": str(self.odds), "paid": list(self.paid), "stake": list(self.stake)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Payout:
        return cls(int(data["seat"]), int(data["hand"]), int(data["amount"]), int(data["bet"]),
                   Fraction(str(data["odds"])), tuple(int(n) for n in data.get("paid", ())),
                   tuple(int(n) for n in data.get("stake", ())))


@dataclass(frozen=True, slots=True)
class Pay:
    """The host pays a winning bet: seat ``to``'s hand ``hand`` (``INSURANCE``: its insurance
    bet) with ``chips``, counted by colour."""

    name: ClassVar[str] = "pay"
    to: int
    hand: int
    chips: tuple[tuple[str, int], ...]

    def to_json(self) -> dict[str, Any]:
        """In the words of the host's request: ``{"op": "pay", "seat", "hand", "chips"}``, an
        insurance bet's with ``"insurance": true`` for its hand."""
        where: dict[str, Any] = ({"insurance": True} if self.hand == INSURANCE
                                 else {"hand": self.hand})
        return {"op": self.name, "seat": self.to, **where, "chips": dict(self.chips)}


@dataclass(frozen=True, slots=True)
class Burn:
    """The host burns a card before the first deal of a fresh shoe."""

    name: ClassVar[str] = "burn"

    def to_json(self) -> dict[str, Any]:
        return {"op": self.name}


@dataclass(frozen=True, slots=True)
class OfferInsurance:
    """The host offers insurance on an ace up, before any player may answer."""

    name: ClassVar[str] = "offer_insurance"

    def to_json(self) -> dict[str, Any]:
        return {"op": self.name}


#: The host's own steps, beside the table's operations (the deal and the dealer's draw).
HostStep = Pay | Burn | OfferInsurance
STEP_NAMES = frozenset((Pay.name, Burn.name, OfferInsurance.name))
#: The most of one colour a payment may count (a bound where a request enters).
MOST_CHIPS = 10_000
#: The most a seat or hand number may be, either side of 0.
MOST_NUMBER = 1_000


def _number(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    if type(value) is not int or not -MOST_NUMBER <= value <= MOST_NUMBER:
        raise RequestError(f"{name} is a whole number from {-MOST_NUMBER} to {MOST_NUMBER}")
    return value


def read_pay(data: Mapping[str, Any]) -> Pay:
    """A payment as the host asks for it: ``{"seat", "hand", "chips"}``, an insurance bet's as
    ``{"seat", "insurance": true, "chips"}``; each detail bounded, or a ``RequestError``."""
    to = _number(data, "seat")
    hand = INSURANCE if data.get("insurance") is True else _number(data, "hand")
    chips = data.get("chips")
    if not (isinstance(chips, dict) and all(
            isinstance(k, str) and type(n) is int and 0 <= n <= MOST_CHIPS
            for k, n in chips.items())):
        raise RequestError('chips are chips by colour, e.g. {"red": 2, "white": 1}')
    return Pay(to, hand, tuple(chips.items()))


class DealerDesk:
    """The dealer's steps still owed, and the check of each step the host takes."""

    def __init__(self) -> None:
        self.due: list[Payout] = []
        #: The shoe was shuffled since the last deal; the host has burned for it.
        self.shuffled = False
        self.burned = False
        #: The host has offered insurance in the round under way.
        self.offered = False

    def to_json(self) -> dict[str, Any]:
        """What a restart must restore (the room's own state, docs/web.md)."""
        return {"owed": [d.to_json() for d in self.due], "shuffled": self.shuffled,
                "burned": self.burned, "offered": self.offered}

    def restore(self, state: dict[str, Any]) -> None:
        self.due = [Payout.from_json(d) for d in state.get("owed", [])]
        self.shuffled = bool(state.get("shuffled", False))
        self.burned = bool(state.get("burned", False))
        self.offered = bool(state.get("offered", False))

    def burn_due(self, table: Table) -> bool:
        """A burn is the next step before a deal: the shoe was shuffled since the last deal,
        or will be at this one (a shoe reshuffled below a number of cards), at a table that
        burns, and the host has not burned yet."""
        r = table.rules
        if r.burn == 0 or self.burned:
            return False
        return self.shuffled or (r.reshuffle is Reshuffle.BELOW
                                 and table.shoe.remaining < r.reshuffle_below)

    def offer_due(self, table: Table) -> bool:
        """The up card offers insurance and the host has not yet offered it."""
        return table.phase is Phase.INSURANCE and not self.offered

    def after(self, table: Table, events: Sequence[Event]) -> None:
        """Note the payments owed for the bets the engine has just paid, and a shuffle the
        next deal must be burned for (a deal since then has had its burn)."""
        for e in events:
            if e.kind is Kind.SHUFFLED:
                self.shuffled = True
            elif e.kind is Kind.ROUND_STARTED:
                self.shuffled = self.burned = self.offered = False
        won = [e for e in events if e.amount > 0
               and e.kind in (Kind.SETTLED, Kind.INSURANCE_SETTLED)]
        if not won:
            return
        shown = settled_round(table) or view(table)
        for e in won:
            if e.kind is Kind.INSURANCE_SETTLED:
                self.due.append(Payout(e.seat, INSURANCE, e.amount, e.amount // 2, Fraction(2),
                                       e.chips, e.chips2))
                continue
            hand = _hand(shown.seats, e.seat, e.hand)
            bet = hand.bet if hand is not None else e.amount
            odds = table.rules.blackjack_ratio if e.note == "blackjack" else Fraction(1)
            self.due.append(Payout(e.seat, e.hand, e.amount, bet, odds, e.chips, e.chips2))

    def owes(self, seat: int) -> bool:
        """A payment to ``seat`` is still to be made."""
        return any(d.seat == seat for d in self.due)

    def next_step(self, table: Table) -> str:
        """The dealer's next step, as the refusal of a wrong one names it."""
        if self.due:
            return f"pay {self.due[0].named()}"
        if table.phase is Phase.DEALER:
            return "hit" if self._must_hit(table) else "stand"
        if self.offer_due(table):
            return "offer insurance"
        if table.phase is Phase.BETTING:
            if not table.can_deal():
                return "wait for the bets"
            return "burn a card" if self.burn_due(table) else "deal"
        to_act = table.to_act
        return f"wait for seat {to_act[0]} to play" if to_act else "wait"

    def steps(self, table: Table) -> list[str]:
        """The steps the host is offered now, by name: both draws when the dealer draws, since
        which one is right is the host's lesson (the wrong one is refused in words)."""
        if self.due:
            return ["pay"]
        if table.phase is Phase.DEALER:
            return ["dealer_hit", "dealer_stand"]
        if self.offer_due(table):
            return ["offer_insurance"]
        if not table.can_deal():
            return []
        return ["burn"] if self.burn_due(table) else ["deal"]

    def check(self, table: Table, step: str) -> None:
        """Refuse a step out of its place, naming the right one; changes nothing."""
        right = self.next_step(table)
        if step == "pay":
            if not self.due:
                raise DealerStepError(f"no bet is waiting to be paid: {right}")
            return
        if self.due:
            raise DealerStepError(f"first {right}")
        if step == "deal" and not table.can_deal():
            raise DealerStepError(f"not time to deal: {right}")
        if step == "deal" and self.burn_due(table):
            raise DealerStepError("burn a card before the first deal of a fresh shoe")
        if step == "burn" and not (table.can_deal() and self.burn_due(table)):
            raise DealerStepError(f"no card to burn now: {right}")
        if step == "offer_insurance" and not self.offer_due(table):
            raise DealerStepError(f"insurance is not to be offered now: {right}")
        if step in ("dealer_hit", "dealer_stand"):
            if table.phase is not Phase.DEALER:
                raise DealerStepError(f"the dealer draws after every player has played: {right}")
            if (step == "dealer_hit") != self._must_hit(table):
                d = table.dealer
                total = f"{'soft' if d.soft else 'hard'} {d.total}"
                raise DealerStepError(f"the dealer must {right} on {total}")

    def check_pay(self, table: Table, pay: Pay) -> None:
        """Refuse a payment that is not the next one owed, paid right: right seat, right hand,
        right chips."""
        owed = self.due[0]
        if (pay.to, pay.hand) != (owed.seat, owed.hand):
            raise DealerStepError(f"pay right to left: {owed.named()} comes next")
        cs = table.chipset
        given = cs.counts(dict(pay.chips))
        accepted = self.accepted(table, owed)
        if given not in accepted:
            value = cs.value(given)
            how = ("the right amount in the wrong chips" if value == owed.amount
                   else f"{dollars(value)}")
            raise DealerStepError(f"that pays {how}: pay {owed.named()} with "
                                  f"{cs.describe(accepted[0])}")

    @staticmethod
    def accepted(table: Table, owed: Payout) -> list[list[int]]:
        """The chip answers a payment of ``owed`` may be, fewest chips first."""
        cs = table.chipset
        fewest = cs.fewest(owed.bet)
        if fewest is None:
            raise RequestError("the bet cannot be made in this table's chips")
        return accepted_payouts(cs, fewest, owed.odds, owed.amount)

    @staticmethod
    def _must_hit(table: Table) -> bool:
        """docs/casino.md#the-dealers-play: the dealer draws to 17, and on soft 17 where the
        rules say so."""
        d = table.dealer
        total = d.total
        return total < 17 or (total == 17 and d.soft and table.rules.hit_soft_17)


def _hand(seats: Sequence[Any], seat: int, hand: int) -> HandView | None:
    for s in seats:
        if s.number == seat and hand < len(s.hands):
            h: HandView = s.hands[hand]
            return h
    return None


#: A seat's answers at the table itself, which wait for the dealer's offer of insurance when
#: the up card calls for one.
PLAYS = frozenset(("insure", "even_money", "decline", "surrender", "hit", "stand", "double",
                   "split"))


class DealerGame:
    """The casino game with the host as its dealer: a game over ``CasinoGame`` whose views
    and events show what the dealer has not yet paid as owed, and whose seats wait for the
    dealer's steps. What a seat may see at such a table is decided here, once, as the
    wrapped game decides it for a table the house deals: the room sends what this game says.

    The engine pays a winning bet the moment it settles it; working the payout out is the
    host's lesson, so until the host has paid it no view tells what it wins, only that it is
    owed: the seat's stack and balance leave out the win and the bet's chips (the bet is still
    on the layout until paid), the hand and its events lose their net and the chips paid. The
    engine burns as it shuffles; here the burn is the host's step, so until the host takes it
    the card is shown still in the shoe.

    Its operations are the table's, checked first against the dealer's desk, and the host's
    own steps (``HostStep``), the desk's. While insurance waits to be offered the house is the
    one to act (``acting``), so no player's clock runs. The desk's state is the room's to keep
    (``to_json``, restored from the ledger: a replay of the table's operations goes through
    the wrapped game, and the desk is then restored as it was written)."""

    def __init__(self, game: CasinoGame, state: dict[str, Any] | None = None) -> None:
        self.game = game
        self.table = game.table
        self.name = game.name
        self.desk = DealerDesk()
        if state is not None:
            self.desk.restore(state)
        else:  # a new table: the shoe's first shuffle is to be burned for
            self.desk.after(self.table, self.table.log)
        #: Counts every change of the desk: a body is worked out once per body of the wrapped
        #: game and state of the desk (``body``).
        self._steps = 0
        self._body: tuple[Mapping[str, Any] | None, int, dict[str, Any]] = (None, -1, {})
        #: What the host's steps called that no event of the table's log says (the offer of
        #: insurance), until a broadcast says it (``new_calls``).
        self._said: list[str] = []

    # --- the wrapped game, as it is -----------------------------------------------------

    @property
    def seat_numbers(self) -> range:
        return self.game.seat_numbers

    @property
    def acting(self) -> int | None:
        """The house while insurance waits for the host's offer, else the wrapped game's."""
        return HOUSE if self.desk.offer_due(self.table) else self.game.acting

    @property
    def between_hands(self) -> bool:
        return self.game.between_hands

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def operations(self) -> frozenset[str]:
        return self.game.operations

    @property
    def ops(self) -> Sequence[TableOp]:
        return self.game.ops

    @property
    def shuffles(self) -> Sequence[ShuffleRecord]:
        return self.game.shuffles

    @property
    def round(self) -> int:
        return self.game.round

    @property
    def seated(self) -> frozenset[int]:
        return self.game.seated

    @property
    def banker(self) -> int | None:
        return self.game.banker

    @property
    def bank_offer(self) -> tuple[int, int, int] | None:
        return self.game.bank_offer

    def fields(self, name: str) -> list[str]:
        return self.game.fields(name)

    def passive(self, seat: int) -> TableOp:
        return self.game.passive(seat)

    def top_up(self, seat: int, amount: int, most: int) -> tuple[TableOp, TableOp]:
        refusal = self.waits(seat)
        if refusal is not None:
            raise refusal
        return self.game.top_up(seat, amount, most)

    def can_top_up(self, seat: int) -> bool:
        return self.waits(seat) is None and self.game.can_top_up(seat)

    def mark(self) -> int:
        return self.game.mark()

    def private_seats(self, since: int | None) -> frozenset[int]:
        return self.game.private_seats(since)

    def balances(self) -> dict[int, int]:
        return self.game.balances()

    def hand_results(self, since: int = 0) -> list[HandResult]:
        return self.game.hand_results(since)

    def history(self) -> JsonObject:
        return self.game.history()

    def hint_question(self, seat: int) -> HintQuestion:
        return self.game.hint_question(seat)

    # --- operations ---------------------------------------------------------------------

    def operation(self, data: object) -> TableOp | HostStep:
        """An operation read from JSON: the host's own steps by their names, the table's by
        the wrapped game's reader."""
        name = data.get("op") if isinstance(data, Mapping) else None
        if name == Pay.name and isinstance(data, Mapping):
            return read_pay(data)
        if name == Burn.name:
            return Burn()
        if name == OfferInsurance.name:
            return OfferInsurance()
        return self.game.operation(data)

    def host_operation(self, name: str, args: Mapping[str, Any]) -> TableOp | HostStep:
        """The house's operation a host's request names: a step out of its place is refused
        first, naming the right one, before its details are read."""
        if name not in self.game.operations and name not in STEP_NAMES:
            self.desk.check(self.table, name)  # a step out of its place, first
            return self.game.host_operation(name, args)
        self.desk.check(self.table, name)
        if name == Pay.name:
            return read_pay(args)
        return self.operation({"op": name})

    def closing_refusal(self) -> DealerStepError | None:
        """The room closes once every bet is paid: everyone cashes out then, and a seat owed a
        payment waits for it."""
        if self.desk.due:
            return DealerStepError(f"first pay {self.desk.due[0].named()}: the room closes "
                                   "once every bet is paid")
        return None

    def waits(self, seat: int) -> WrongPhaseError | None:
        """Why ``seat`` may do nothing now, if it may not: a payment to it is still owed."""
        if self.desk.owes(seat):
            return WrongPhaseError("wait for the dealer to pay you first")
        return None

    def verify(self, op: Op) -> None:
        """The refusal ``apply`` would meet; changes nothing. A host's step, the deal and the
        dealer's draw are checked against the desk (their place, a payment's chips); a seat's
        operation waits while a payment to it is owed, and its answer to insurance until the
        host offers it; anything but an operation is refused as the table refuses it."""
        self._checked(op)

    def _checked(self, op: Op) -> TableOp | HostStep:
        """``op`` as an operation of this game, accepted now; else ``verify``'s refusal."""
        if not isinstance(op, Pay | Burn | OfferInsurance):
            op = as_op(op)
        t = self.table
        if isinstance(op, Pay):
            self.desk.check(t, op.name)
            self.desk.check_pay(t, op)
            return op
        if isinstance(op, Burn | OfferInsurance) or type(op) in (Deal, DealerHit, DealerStand):
            self.desk.check(t, op.name)
            if isinstance(op, Burn | OfferInsurance):
                return op
        seat = getattr(op, "seat", HOUSE)
        refusal = self.waits(seat) if seat else None
        if refusal is not None:
            raise refusal
        if op.name in PLAYS and self.desk.offer_due(t):
            raise WrongPhaseError("wait for the dealer to offer insurance")
        self.game.verify(op)
        return op

    def apply(self, op: Op) -> None:
        """Any operation, verified first: a host's step changes the desk (a payment made, the
        burn taken, insurance offered); a table's operation goes to the wrapped game, and the
        payments it makes are owed by the host."""
        op = self._checked(op)
        t = self.table
        self._steps += 1
        if isinstance(op, Pay):
            self.desk.due.pop(0)
            return
        if isinstance(op, Burn):
            self.desk.burned = True
            return
        if isinstance(op, OfferInsurance):
            self.desk.offered = True
            self._said.append(OPEN)
            return
        begin = len(t.log)
        self.game.apply(op)
        self.desk.after(t, t.log[begin:])

    def legal(self, seat: int) -> list[TableOp | HostStep]:
        """A seat's: the wrapped game's, less what waits for the dealer (everything, for a
        seat owed a payment; the answers to insurance until it is offered). The house's: the
        dealer's next step, the one ``apply`` accepts (a payment in the fewest chips, the draw
        the rules call for)."""
        t = self.table
        if seat == HOUSE:
            step = self.desk.steps(t)[:1]
            if step == ["pay"]:
                owed = self.desk.due[0]
                chips = t.chipset.by_colour(self.desk.accepted(t, owed)[0])
                return [Pay(owed.seat, owed.hand, tuple(chips.items()))]
            if step == ["dealer_hit"]:
                return [DealerHit() if self.desk.next_step(t) == "hit" else DealerStand()]
            return [self.operation({"op": name}) for name in step]
        if self.desk.owes(seat):
            return []
        ops: list[TableOp | HostStep] = list(self.game.legal(seat))
        if self.desk.offer_due(t):
            ops = [op for op in ops if op.name not in PLAYS]
        return ops

    def host_steps(self) -> list[str]:
        """The dealer's steps the host is offered now, by name (``DealerDesk.steps``)."""
        return self.desk.steps(self.table)

    def calls_since(self, since: int) -> list[str]:
        """The wrapped game's calls, but for the opening of insurance: here it opens when the
        host offers it (``new_calls``), not when the ace shows."""
        return [c for c in self.game.calls_since(since) if c != OPEN]

    def new_calls(self) -> list[str]:
        """What the host's steps called since this was last asked (the offer of insurance)."""
        said, self._said = self._said, []
        return said

    # --- what each seat sees ------------------------------------------------------------

    def seat_view(self, seat: int) -> View:
        v = self.game.seat_view(seat)
        ctx = v.ctx if v.ctx.to_act == self.acting else v.ctx._replace(to_act=self.acting)
        return View(ctx, tuple(self.legal(seat)), self.body(seat, v.body))

    def body(self, seat: int, body: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The wrapped game's body for ``seat`` (or ``body``, one it gave), with the burn
        still in the shoe and every payment owed shown as owed: a copy, the wrapped game's
        being shared. The same for every seat the wrapped game gives the same body, so it is
        worked out once for all of them; read only."""
        inner = self.game.body(seat) if body is None else body
        kept, steps, out = self._body
        if kept is not inner or steps != self._steps:
            out = self._owed(inner)
            self._body = (inner, self._steps, out)
        return out

    def _owed(self, body: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(body)
        t = self.table
        if self.desk.shuffled and self.desk.burn_due(t):
            burned = min(t.rules.burn, out["discards"])
            out["shoe_remaining"] += burned
            out["discards"] -= burned
        due = self.desk.due
        if due:
            owed = {(d.seat, d.hand) for d in due}
            out["seats"] = [self._owed_seat(s, [d for d in due if d.seat == s["number"]], owed)
                            if any(d.seat == s["number"] for d in due) else s
                            for s in out["seats"]]
        return out

    @staticmethod
    def _owed_seat(seat: Mapping[str, Any], due: Sequence[Payout],
                   owed: set[tuple[int, int]]) -> dict[str, Any]:
        chips = list(seat["chips"])
        bankroll = seat["bankroll"]
        for d in due:
            bankroll -= d.amount + d.bet
            for i, (paid, stake) in enumerate(zip(d.paid or [0] * len(chips),
                                                  d.stake or [0] * len(chips), strict=True)):
                chips[i] = max(0, chips[i] - paid - stake)
        hands = [{**h, "paid": [0] * len(h["paid"]), "net": 0, "owed": True}
                 if (seat["number"], i) in owed else h for i, h in enumerate(seat["hands"])]
        return {**seat, "chips": chips, "bankroll": bankroll, "hands": hands}

    def events(self, seat: int, since: int) -> list[JsonObject]:
        """The wrapped game's events, a payment still owed without its amount and chips."""
        events = self.game.events(seat, since)
        owed = {(d.seat, d.hand) for d in self.desk.due}
        if not owed:
            return events
        return [{k: v for k, v in e.items() if k not in ("amount", "chips", "chips2")}
                if (e["kind"] == "settled" and (e.get("seat", 0), e.get("hand", 0)) in owed)
                or (e["kind"] == "insurance-settled" and (e.get("seat", 0), INSURANCE) in owed)
                else e for e in events]

    def state(self) -> dict[str, Any]:
        """The desk, as a restart must restore it (``__init__``'s ``state``)."""
        return self.desk.to_json()
