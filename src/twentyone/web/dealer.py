"""Dealer mode: the host performs the dealer's steps and the game checks each one
(``DealerGame``, the casino game with the host as its dealer).

The table's rules have ``dealer_decides`` on in this mode, so the engine waits for the dealer's
draw (``dealer_hit`` / ``dealer_stand``) instead of drawing itself; this desk refuses a draw the
house rules do not allow (docs/casino.md#the-dealers-play: hit 16 or less, stand on 17, soft 17
as the rules say). Every winning bet the engine settles is then owed a payment from the host, in
chips, right to left (docs/dealing.md#settling-right-to-left), graded as the payout trainer grades
it (``train.chips.accepted_payouts``: the exact amount, in the fewest chips or colour for colour).
The engine has already moved the money; the host's payment is the lesson, and the next round
waits until every bet is paid right. A refused step names the step the dealer should take.

Two steps of the dealer's procedure are the host's too, though the engine does their card work:
after a shuffle, at a table that burns, the dealer **burns** a card before the first deal
(docs/dealing.md#the-burn-card), and when the up card offers insurance the
dealer **offers** it (docs/dealing.md#the-insurance-procedure) before any player may answer. The
desk holds each in its place: the deal waits for the burn, the players' answers for the offer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from twentyone.engine.calls import OPEN
from twentyone.engine.events import Event, Kind
from twentyone.engine.ops import Op
from twentyone.engine.table import Phase, Table
from twentyone.engine.views import HandView, settled_round, view
from twentyone.errors import DealerStepError, RequestError, WrongPhaseError
from twentyone.games.blackjack import CasinoGame
from twentyone.money import dollars
from twentyone.protocol import HOUSE, HandResult, View
from twentyone.rules import Reshuffle
from twentyone.train.chips import accepted_payouts
from twentyone.web import protocol

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

    def legal(self, table: Table) -> list[str]:
        if self.due:
            return ["pay"]
        if table.phase is Phase.DEALER:
            return ["dealer_hit", "dealer_stand"]
        if self.offer_due(table):
            return ["offer_insurance"]
        if not table.can_deal():
            return []
        return ["burn"] if self.burn_due(table) else ["deal"]

    def check(self, table: Table, step: str, args: dict[str, Any]) -> None:
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

    def pay(self, table: Table, args: dict[str, Any]) -> None:
        """The host pays the next winning bet: right seat, right hand, right chips."""
        seat = protocol.whole(args, "seat")
        # An insurance bet is paid as {"seat", "insurance": true, "chips"}.
        hand = INSURANCE if args.get("insurance") is True else protocol.whole(args, "hand")
        chips = protocol.chips_arg(args, "chips")
        owed = self.due[0]
        if (seat, hand) != (owed.seat, owed.hand):
            raise DealerStepError(f"pay right to left: {owed.named()} comes next")
        cs = table.chipset
        given = cs.counts(chips)
        fewest = cs.fewest(owed.bet)
        if fewest is None:
            raise RequestError("the bet cannot be made in this table's chips")
        accepted = accepted_payouts(cs, fewest, owed.odds, owed.amount)
        if given not in accepted:
            value = cs.value(given)
            how = ("the right amount in the wrong chips" if value == owed.amount
                   else f"{dollars(value)}")
            raise DealerStepError(f"that pays {how}: pay {owed.named()} with "
                                  f"{cs.describe(accepted[0])}")
        self.due.pop(0)

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

    Its operations are the table's, checked first against the dealer's desk; the host's own
    steps (``host_step``) are the desk's. The desk's state is the room's to keep (``to_json``,
    restored from the ledger: a replay of the table's operations goes through the wrapped
    game, and the desk is then restored as it was written)."""

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

    # --- the wrapped game, as it is -----------------------------------------------------

    @property
    def seat_numbers(self) -> range:
        return self.game.seat_numbers

    @property
    def acting(self) -> int | None:
        return self.game.acting

    @property
    def between_hands(self) -> bool:
        return self.game.between_hands

    def operation(self, data: object) -> Op:
        return self.game.operation(data)

    def mark(self) -> int:
        return self.game.mark()

    def private_seats(self, since: int | None) -> frozenset[int]:
        return self.game.private_seats(since)

    def balances(self) -> dict[int, int]:
        return self.game.balances()

    def hand_results(self, since: int = 0) -> list[HandResult]:
        return self.game.hand_results(since)

    def history(self) -> dict[str, Any]:
        return self.game.history()

    # --- operations ---------------------------------------------------------------------

    def waits(self, seat: int) -> WrongPhaseError | None:
        """Why ``seat`` may do nothing now, if it may not: a payment to it is still owed."""
        if self.desk.owes(seat):
            return WrongPhaseError("wait for the dealer to pay you first")
        return None

    def verify(self, op: Op) -> None:
        seat = getattr(op, "seat", HOUSE)
        refusal = self.waits(seat) if seat else None
        if refusal is not None:
            raise refusal
        if op.name in PLAYS and self.desk.offer_due(self.table):
            raise WrongPhaseError("wait for the dealer to offer insurance")
        self.game.verify(op)

    def apply(self, op: Op) -> object:
        """The table's operation, refused while the seat waits for the dealer; the payments
        it makes owed to the host."""
        self.verify(op)
        t = self.table
        begin = len(t.log)
        record = self.game.apply(op)
        self.desk.after(t, t.log[begin:])
        self._steps += 1
        return record

    def legal(self, seat: int) -> list[Op]:
        """The wrapped game's, less what waits for the dealer (everything, for a seat owed a
        payment; the answers to insurance until it is offered)."""
        if seat and self.desk.owes(seat):
            return []
        ops = self.game.legal(seat)
        if self.desk.offer_due(self.table):
            ops = [op for op in ops if op.name not in PLAYS]
        return ops

    def host_steps(self) -> list[str]:
        """The dealer's next steps, as the host may take them now."""
        return self.desk.legal(self.table)

    def check_step(self, step: str, args: dict[str, Any]) -> None:
        """Refuse a step of the host's out of its place, naming the right one."""
        self.desk.check(self.table, step, args)

    def host_step(self, step: str, args: dict[str, Any]) -> list[str]:
        """The host takes one of the dealer's steps (refused, naming the right one, out of its
        place): pays, burns, offers insurance, or deals and draws through the table. Returns
        the calls the step makes that leave no event in the table's log."""
        t = self.table
        self.check_step(step, args)
        self._steps += 1
        if step == "pay":
            self.desk.pay(t, args)
            return []
        if step == "burn":
            self.desk.burned = True
            return []
        if step == "offer_insurance":
            self.desk.offered = True
            return [OPEN]
        self.apply(self.game.operation({"op": step}))
        return []

    # --- what each seat sees ------------------------------------------------------------

    def seat_view(self, seat: int) -> View:
        v = self.game.seat_view(seat)
        return View(v.ctx, tuple(self.legal(seat)), self.body(seat, v.body))

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

    def events(self, seat: int, since: int) -> list[dict[str, Any]]:
        """The wrapped game's events, a payment still owed without its amount and chips."""
        events = self.game.events(seat, since)
        owed = {(d.seat, d.hand) for d in self.desk.due}
        if not owed:
            return events
        return [{k: v for k, v in e.items() if k not in ("amount", "chips", "chips2")}
                if (e["kind"] == "settled" and (e.get("seat", 0), e.get("hand", 0)) in owed)
                or (e["kind"] == "insurance-settled" and (e.get("seat", 0), INSURANCE) in owed)
                else e for e in events]

    def to_json(self) -> dict[str, Any]:
        return self.desk.to_json()
